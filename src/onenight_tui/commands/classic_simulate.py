"""``onenight simulate --ruleset classic``: one classic bot game told round by round, or win rates per
side over many games. The core gives the story as message ids (``rulesets.classic.story``); the words
are the catalogs' (``cli_classic_story_<key>``), in the ``--lang`` language."""

from __future__ import annotations

import argparse
import json
import sys

from ..cli_text import args_language, cli_text

#: Parameters that hold positions (``p3``, several separated by spaces): worded as the players' names.
_POSITIONS = ("target", "targets", "lovers", "winners", "choice")


def _seat(value: object, names, lang: str) -> str:
    """A seat as the player's name: the engine's seat ids (``p3``) are never shown (issue 23)."""
    if isinstance(value, int) and 0 <= value < len(names):
        return str(names[value])
    return str(value)


def _positions(text: str, names, lang: str) -> str:
    """``p4 p6`` as ``Eve, Gus``; no position (``-``, ``pass``, nothing) as nobody."""
    seats = [int(p[1:]) for p in str(text).split() if p.startswith("p") and p[1:].isdigit()]
    if not seats:
        return cli_text(lang, "classic_nobody")
    return cli_text(lang, "item_separator").join(_seat(s, names, lang) for s in seats)


def _role(role: object, lang: str) -> str:
    from onenight_core.rulesets.classic.catalog import classic_catalog  # noqa: PLC0415

    catalog = classic_catalog()
    return catalog.role(str(role)).name(lang) if role in catalog else str(role)


def render(line, names, lang: str = "en") -> str:
    """One line of the classic story (``rulesets.classic.story``) in ``lang``: seats as names, roles,
    sides, causes and reasons as words."""
    params: dict[str, str] = {}
    for key, value in line.params:
        if key == "seat":
            params[key] = _seat(value, names, lang)
        elif key in _POSITIONS:
            params[key] = _positions(str(value), names, lang)
        elif key == "cards":
            params[key] = cli_text(lang, "item_separator").join(_role(r, lang) for r in str(value).split(",") if r)
        elif key == "role":
            params[key] = _role(value, lang)
        elif key == "card" and str(value)[:1] == "c" and str(value)[1:].isdigit():  # the Thief's middle card
            params[key] = cli_text(lang, "classic_middle_card", number=int(str(value)[1:]) + 1)
        elif key == "event":
            from ..classic_words import ClassicWords  # noqa: PLC0415

            params[key] = ClassicWords(names, lang).event_name(str(value))
        elif key in ("side", "cause", "reason") and value:
            params[key] = cli_text(lang, f"cli_classic_{key}_{value}")
        else:
            params[key] = str(value)
    return cli_text(lang, f"cli_classic_story_{line.key}", **params)


def round_title(label: str, lang: str = "en") -> str:
    """``night2`` as ``Night 2``, ``day1`` as ``Day 1``, ``end`` as ``End``."""
    for kind, msg_id in (("night", "classic_round_night"), ("day", "classic_round_day")):
        if label.startswith(kind) and label[len(kind):].isdigit():
            return cli_text(lang, msg_id, number=int(label[len(kind):]))
    return cli_text(lang, "classic_round_end") if label == "end" else label


def setup_from(args: argparse.Namespace, players: tuple[str, ...]):
    from onenight_core.model.values import Setup
    from onenight_core.rulesets.classic.simulate import default_classic_deck, parse_classic_deck

    from ..ruleset_args import chosen_options

    roles = getattr(args, "roles", None)
    deck = parse_classic_deck(roles) if roles else default_classic_deck(len(players))
    ruleset, options = chosen_options(args)
    setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options)
    from onenight_core.rulesets.classic.protocol import check_setup

    check_setup(setup)
    return setup


def run(args: argparse.Namespace, players: tuple[str, ...], whole, max_games: int, parallel=None) -> int:
    """``players`` as ``simulate`` read them; ``whole(text, what, low, high, lang)`` reads a whole number or
    says why not in one line, ``parallel(args, lang)`` reads ``--jobs`` and ``--cluster`` (simulate's own
    readers, passed in so the two modules do not import each other)."""
    from onenight_core.rulesets.classic.bots import play_bot_game
    from onenight_core.rulesets.classic.simulate import simulate_classic
    from onenight_core.rulesets.classic.story import story
    from rich.cells import cell_len

    setup = setup_from(args, players)
    lang = args_language(args)
    seed_text = getattr(args, "seed", None)
    seed = 0 if seed_text is None else whole(seed_text, "--seed", -(2**63), 2**63 - 1, lang)
    games = whole(args.games, "--games", 1, max_games, lang)
    bots = cli_text(lang, f"simulate_bots_{args.bot}")
    if games == 1:
        board = play_bot_game(setup, seed, args.bot)
        lines = story(board)
        if args.json:
            json.dump({"ruleset": "classic", "seed": seed, "bot": args.bot, "players": list(setup.players),
                       "winners": list(board.winners), "side": board.winning_side, "reason": board.reason,
                       "ended_after": board.ended_after,
                       "deaths": [{"round": r, "seats": list(s)} for r, s in board.deaths],
                       "story": [{"round": ln.round, "key": ln.key, **dict(ln.params)} for ln in lines]},
                      sys.stdout, ensure_ascii=False, indent=2)
            sys.stdout.write("\n")
            return 0
        print(cli_text(lang, "classic_one", seed=seed, count=len(setup.players), bots=bots))
        current = None
        for ln in lines:
            if ln.round != current:
                current = ln.round
                print(f"-- {round_title(current, lang)}")
            print("  " + render(ln, setup.players, lang))
        return 0
    jobs, cluster = parallel(args, lang) if parallel is not None else (1, None)
    stats = simulate_classic(setup, games, seed, args.bot, jobs=jobs, cluster=cluster)
    if args.json:
        json.dump(stats.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    from ..text.numbers import number  # noqa: PLC0415
    from .classic_narrate import format_deck  # noqa: PLC0415

    print(cli_text(lang, "classic_many", games=number(games, ",", lang), seed=seed, count=len(setup.players), bots=bots,
                   deck=format_deck(setup.deck, lang)))
    sides = ("villagers", "werewolves", "piper", "lovers", "none")
    shown = [s for s in sides if dict(stats.wins).get(s, 0) or s in ("villagers", "werewolves")]
    labels = {s: cli_text(lang, f"cli_classic_side_{s}") for s in shown}
    width = max(cell_len(label) for label in labels.values())
    for side in shown:
        label = labels[side] + " " * (width - cell_len(labels[side]))
        wins, rate = dict(stats.wins).get(side, 0), stats.win_rate(side)
        print(f"  {label} {number(wins, '>8,', lang)}  {number(rate, '6.1%', lang)}")
    reasons = cli_text(lang, "item_separator").join(
        f"{cli_text(lang, f'cli_classic_reason_{k}')} {number(v, ',', lang)}" for k, v in stats.reasons)
    print("  " + cli_text(lang, "classic_why", reasons=reasons))
    print("  " + cli_text(lang, "classic_averages", nights=number(stats.average_rounds, ".2f", lang),
                          deaths=number(stats.average_deaths, ".2f", lang)))
    return 0
