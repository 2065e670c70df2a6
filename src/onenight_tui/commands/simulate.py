"""``onenight simulate``: seeded headless games with bots.

One game prints its story (the deal, each night step, the votes, deaths, winners and why); many games
print win rates per team, with a progress bar on stderr. ``--json`` prints the same machine-readably.
Game ``i`` of a batch is played with the ``i``-th of ``game_seeds(seed)``, so a batch is reproducible
and so is any game in it."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from onenight_core.ruleset_ids import brings_cards

from onenight_core.languages import LANGUAGES

from ..cli_text import args_language, cli_text, whole_number
from ..plain_text import one_line, printable, split_names

if TYPE_CHECKING:
    from onenight_core.model.values import Setup
    from onenight_core.play.simulate import SimulationStats

DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu",
                 "Max", "Ned", "Oz", "Pam", "Quin", "Rex", "Sue", "Tom")
MAX_PLAYERS = 100


def default_names(lang: str) -> tuple[str, ...]:
    """``--players 5``'s names in the language ("가영, 나래…" in Korean; DEFAULT_NAMES in English): a
    Korean story of Ann and Bo read as a translation."""
    return tuple(cli_text(lang, "simulate_default_names").split(","))
MAX_GAMES = 100_000_000
SMALL_BATCH = 5_000  # fewer games than this play in this process unless --jobs says otherwise


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str = "en") -> None:
    def say(msg_id: str) -> str:
        return cli_text(lang, msg_id)

    p = subparsers.add_parser("simulate", help=say("help_simulate_command"),
                              description=say("help_simulate_about"))
    # SUPPRESS: the top-level parser has --players/--roles/--seed too; don't overwrite its values.
    p.add_argument("--players", default=argparse.SUPPRESS, metavar=say("metavar_players"),
                   help=say("help_simulate_players"))
    p.add_argument("--roles", default=argparse.SUPPRESS, metavar=say("metavar_deck"), help=say("help_simulate_deck"))
    p.add_argument("--seed", default=argparse.SUPPRESS, metavar=say("metavar_seed"), help=say("help_simulate_seed"))
    from ..ruleset_args import add_ruleset_arguments

    add_ruleset_arguments(p, subcommand=True, lang=lang)
    p.add_argument("--games", default="1", metavar=say("metavar_games"), help=say("help_simulate_games"))
    p.add_argument("--json", action="store_true", help=say("help_simulate_json"))
    p.add_argument("--bot", "--bots", dest="bot", choices=("informed", "random", "claiming"), default="informed",
                   help=say("help_simulate_bot"))
    p.add_argument("--jobs", default=None, metavar="N", help=say("help_simulate_jobs"))
    p.add_argument("--cluster", default=None, metavar=say("metavar_address"), help=say("help_simulate_cluster"))
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=say("help_lang"))


def _whole(text: str | int, flag: str, low: int, high: int, lang: str = "en") -> int:
    return whole_number(text, "simulate", flag, low, high, lang)


def players_from(text: str | int | None, lang: str = "en") -> tuple[str, ...]:
    """``--players``: a count (default names) or comma-separated names."""
    from onenight_tui.usage import UsageError

    if text is None:
        raise UsageError(cli_text(lang, "cli_players_required"))
    text = str(text).strip()
    if text.isdigit() or (text.startswith("-") and text[1:].isdigit()):
        n = int(text)
        if n < 3:
            raise UsageError(cli_text(lang, "cli_too_few_players", count=n))
        n = _whole(n, "--players", 3, MAX_PLAYERS, lang)
        defaults = default_names(lang)
        return tuple(defaults[i] if i < len(defaults) else cli_text(lang, "player_number", count=i + 1)
                     for i in range(n))
    names = tuple(one_line(part) for part in split_names(text))  # no escapes or line breaks in the story
    if any(not name for name in names):
        raise UsageError(cli_text(lang, "cli_empty_name"))
    if len(names) < 3:
        raise UsageError(cli_text(lang, "cli_too_few_players", count=len(names)))
    return names


def setup_from(args: argparse.Namespace) -> Setup:
    from onenight_core.catalog.presets import default_preset
    from onenight_core.errors import SetupError
    from onenight_core.model.values import Setup
    from onenight_tui.deck_args import deck_argument

    lang = args_language(args)
    players = players_from(getattr(args, "players", None), lang)
    deck = deck_argument(getattr(args, "roles", None), lang=lang)
    from ..ruleset_args import chosen_options, require_playable

    require_playable(args, "simulate: ")
    ruleset, options = chosen_options(args)
    if deck is None and brings_starters(ruleset, options):
        from onenight_core.play.simulate import starter_brought

        deck = starter_brought(len(players), 0)  # each game brings its own (with_brought): checked once here
    if deck is None:
        preset = default_preset(len(players))
        if preset is None:
            raise SetupError(cli_text(lang, "cli_no_default_deck", count=len(players)))
        deck = preset.roles
    setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options)
    from onenight_core.engine.protocol import validate_setup

    validate_setup(setup)
    return setup


def brings_starters(ruleset: str, options: Mapping[str, object] | Iterable[tuple[str, object]]) -> bool:
    """``simulate --ruleset dalbula`` without ``--roles``: S0's set-up (seed 000), each player brings a
    card of the starter collection and the center is drawn from every role; ``--option
    official_setup=true`` deals the base preset's whole table instead."""
    return brings_cards(ruleset, options)


def run(args: argparse.Namespace) -> int:
    """One command for every ruleset: the set-up, the seed and the number of games are read the same way;
    how a set-up is read from the flags and how a game or a batch is told are its game family's
    (``_FAMILIES``, keyed by ``GameRules.family``: the rules the ruleset is played by)."""
    family = _family(args)
    lang = args_language(args)
    setup = family.setup(args)
    seed_text = getattr(args, "seed", None)
    seed = 0 if seed_text is None else _whole(seed_text, "--seed", -(2**63), 2**63 - 1, lang)
    games = _whole(args.games, "--games", 1, MAX_GAMES, lang)
    if games == 1:
        return family.one(args, setup, seed, lang)
    return family.many(args, setup, seed, games, lang)


class _Family(NamedTuple):
    """What ``simulate`` does its own way for one game family: read the set-up, tell one game, report a
    batch."""

    setup: Callable[[argparse.Namespace], Setup]
    one: Callable[[argparse.Namespace, Setup, int, str], int]
    many: Callable[[argparse.Namespace, Setup, int, int, str], int]


def _family(args: argparse.Namespace) -> _Family:
    from onenight_core.engine.game import ONE_NIGHT, rules_for
    from onenight_core.ruleset_ids import DEFAULT_RULESET
    from onenight_core.rulesets.classic.rules import CLASSIC_RULES

    families = {ONE_NIGHT.family: _Family(setup_from, _one_night_one, _one_night_many),
                CLASSIC_RULES.family: _Family(_nights_setup, _nights_one, _nights_many)}
    return families[rules_for(getattr(args, "ruleset", None) or DEFAULT_RULESET).family]


def _one_night_one(args: argparse.Namespace, setup: Setup, seed: int, lang: str) -> int:
    if getattr(args, "roles", None) is None and brings_starters(setup.ruleset, setup.options):
        from onenight_core.play.simulate import with_brought

        setup = with_brought(setup, seed)
    return _one(setup, seed, args.bot, args.json, lang)


def _one_night_many(args: argparse.Namespace, setup: Setup, seed: int, games: int, lang: str) -> int:
    bring = getattr(args, "roles", None) is None and brings_starters(setup.ruleset, setup.options)
    return _many(setup, seed, games, args.bot, args.json, lang, bring, *_parallel(args, lang))


def _parallel(args: argparse.Namespace, lang: str) -> tuple[int, str | None]:
    """``--jobs`` (default: the cores) and ``--cluster``."""
    from onenight_core.play.parallel import default_jobs

    jobs_text = getattr(args, "jobs", None)
    if jobs_text is None:  # a small batch is over before worker processes would have started
        jobs = default_jobs() if _whole(args.games, "--games", 1, MAX_GAMES, lang) >= SMALL_BATCH else 1
    else:
        jobs = _whole(jobs_text, "--jobs", 1, 1024, lang)
    cluster = getattr(args, "cluster", None)
    return jobs, (cluster.strip() or None) if cluster is not None else None


def _one(setup: Setup, seed: int, bot: str, as_json: bool, lang: str) -> int:
    from onenight_core.play.bots import play_game
    from onenight_core.play.claims import Claim, check_claims, play_claiming_game
    from onenight_core.play.simulate import game_to_json

    from ..text.claims import check_text, claim_text
    from ..text.story import tell

    claims: tuple[Claim, ...] = ()
    if bot == "claiming":  # the claims said by day, and the reveal's verdict on each
        state, claims = play_claiming_game(setup, seed)
    else:
        state = play_game(setup, seed, bot)
    said = [claim_text(c, setup.players, lang) + " — " + check_text(k, setup.players, lang)
            for c, k in zip(claims, check_claims(state, claims))]
    if as_json:
        record = game_to_json(state)
        record["story"] = tell(state, lang=lang)
        record["bot"] = bot
        if claims:
            record["claims"] = [{"seat": c.seat, "role": c.role,
                                 "action": None if c.action is None else {"verb": c.action.verb,
                                                                          "targets": list(c.action.targets)},
                                 "seen": [list(pair) for pair in c.seen], "verdict": k.verdict, "said": line}
                                for c, k, line in zip(claims, check_claims(state, claims), said)]
        json.dump(record, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        from onenight_tui.console import print_wrapped  # (Rich only when printing)

        print_wrapped(cli_text(lang, "simulate_one", seed=seed, count=len(setup.players),
                               bots=cli_text(lang, f"simulate_bots_{bot}")))
        for line in tell(state, lang=lang):
            print_wrapped(printable(line))
        if said:
            print_wrapped(cli_text(lang, "simulate_claims_title"))
            for line in said:
                print_wrapped(printable(line))
    return 0


def _many(setup: Setup, seed: int, games: int, bot: str, as_json: bool, lang: str, bring: bool = False, jobs: int = 1,
          cluster: str | None = None) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from onenight_core.play.simulate import simulate
    from onenight_tui.console import CommandConsole

    err = CommandConsole(stderr=True)
    columns = (TextColumn(cli_text(lang, "simulate_progress")), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    started = time.perf_counter()
    with Progress(*columns, console=err, transient=not err.is_terminal) as progress:
        task = progress.add_task("games", total=games)
        stats = simulate(setup, games, seed, bot,
                         progress=lambda done: progress.update(task, completed=done),
                         every=max(1, min(500, games // 100)), bring=bring, jobs=jobs, cluster=cluster)
    elapsed = time.perf_counter() - started
    if as_json:
        data = stats.to_json()
        if bring:  # each game's players brought their own cards: no one deck to report
            data["deck"], data["brought"] = None, "starter"
        json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    _print_stats(stats, elapsed, lang, bring)
    return 0


def format_deck(deck: Iterable[str], lang: str) -> str:
    """``Werewolf ×2, Seer, …`` with the roles' names in ``lang``, in first-appearance order."""
    from collections import Counter

    from onenight_core.catalog.loader import default_catalog

    catalog = default_catalog()

    def name(role: str) -> str:
        return catalog[role].name(lang) if role in catalog else role

    return cli_text(lang, "narrate_deck_separator").join(
        name(r) if n == 1 else cli_text(lang, "narrate_many", role=name(r), count=n) for r, n in Counter(deck).items())


def _print_stats(stats: SimulationStats, elapsed: float, lang: str = "en", bring: bool = False) -> None:
    from rich.table import Table

    from onenight_tui.console import CommandConsole

    from onenight_core.catalog.loader import default_catalog

    from ..text.numbers import number
    from ..text.words import Wording

    def say(msg_id: str, **params: object) -> str:
        return cli_text(lang, msg_id, **params)

    words = Wording(stats.players, lang=lang)
    out = CommandConsole()
    out.print(say("simulate_many", games=number(stats.games, ",", lang), seed=stats.seed, count=len(stats.players),
                  bots=say(f"simulate_bots_{stats.bot}"),
                  deck=say("simulate_deck_brought") if bring else format_deck(stats.deck, lang)),
              highlight=False, markup=False)
    teams = Table(title=say("simulate_wins_title"), title_justify="left")
    teams.add_column(say("simulate_column_team"))
    teams.add_column(say("simulate_column_wins"), justify="right")
    teams.add_column(say("simulate_column_win_rate"), justify="right")
    teams.add_column(say("simulate_column_present"), justify="right")
    teams.add_column(say("simulate_column_rate_present"), justify="right")
    for t in stats.teams:
        teams.add_row(words.team_name(t.key), number(t.wins, ",", lang), number(t.win_rate, ".1%", lang),
                      number(t.present, ",", lang),
                      number(t.win_rate_when_present, ".1%", lang))
    out.print(teams)
    catalog = default_catalog()
    deaths = Table(title=say("simulate_deaths_title"), title_justify="left")
    deaths.add_column(say("simulate_column_role"))
    deaths.add_column(say("simulate_column_held"), justify="right")
    deaths.add_column(say("simulate_column_died"), justify="right")
    deaths.add_column(say("simulate_column_death_rate"), justify="right")
    died = dict(stats.deaths_by_role)
    for role, held in stats.held_by_role:
        deaths.add_row(catalog[role].name(lang) if role in catalog else role, number(held, ",", lang),
                       number(died.get(role, 0), ",", lang), number(stats.death_rate(role), ".1%", lang))
    out.print(deaths)
    quiet = say("simulate_quiet_games", count=stats.no_deaths, share=number(stats.no_deaths / stats.games, ".1%", lang))
    lost = say("simulate_games_without_winner", count=stats.no_winners)
    out.print(say("simulate_averages", average=number(stats.average_deaths, ".2f", lang), quiet=quiet, lost=lost),
              highlight=False, markup=False)
    rate = stats.games / elapsed if elapsed > 0 else float("inf")
    out.print(say("simulate_speed", seconds=number(elapsed, ".2f", lang), rate=number(rate, ",.0f", lang)),
              style="dim", highlight=False)


# -- the classic family (nights and days): its set-up from the flags, its story, its sides ---------------

def _nights_setup(args: argparse.Namespace) -> Setup:
    """``--roles`` as classic role names (``werewolf*2,seer,...``), else the default deck for the table."""
    from onenight_core.engine.protocol import validate_setup
    from onenight_core.model.values import Setup
    from onenight_core.rulesets.classic.deck import default_classic_deck, parse_classic_deck

    from ..ruleset_args import chosen_options

    players = players_from(getattr(args, "players", None), args_language(args))
    roles = getattr(args, "roles", None)
    deck = parse_classic_deck(roles) if roles else default_classic_deck(len(players))
    ruleset, options = chosen_options(args)
    setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options)
    validate_setup(setup)  # one clear line for a deck the ruleset cannot play
    return setup


def _nights_one(args: argparse.Namespace, setup: Setup, seed: int, lang: str) -> int:
    """One classic bot game told round by round (``--json``: its outcome and story lines as ids)."""
    from onenight_core.play.simulate import play_bot_game
    from onenight_core.play.story import story_of

    from ..text.classic_story import render, round_title

    game = play_bot_game(setup, seed, args.bot)
    board = game.board
    sections = story_of(game)
    if args.json:
        json.dump({"ruleset": setup.ruleset, "seed": seed, "bot": args.bot, "players": list(setup.players),
                   "winners": list(board.winners), "side": board.winning_side, "reason": board.reason,
                   "ended_after": board.ended_after,
                   "deaths": [{"round": r, "seats": list(s)} for r, s in board.deaths],
                   "story": [{"round": section.title, "key": line.id, **dict(line.params)}
                             for section in sections for line in section.lines]},
                  sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    print(cli_text(lang, "classic_one", seed=seed, count=len(setup.players),
                   bots=cli_text(lang, f"simulate_bots_{args.bot}")))
    for section in sections:
        print(f"-- {round_title(section.title, lang)}")
        for line in section.lines:
            print("  " + render(line, setup.players, lang))
    return 0


def _nights_many(args: argparse.Namespace, setup: Setup, seed: int, games: int, lang: str) -> int:
    """Win rates per side over ``games`` classic bot games, why they ended, how long they lasted."""
    from rich.cells import cell_len

    from onenight_core.play.simulate import batch
    from onenight_core.play.classic_batch import SIDES, ClassicStats

    from ..text.classic_script import format_deck as classic_deck
    from ..text.numbers import number

    jobs, cluster = _parallel(args, lang)
    stats = batch(setup, games, seed, args.bot, jobs=jobs, cluster=cluster)
    if not isinstance(stats, ClassicStats):  # the classic family keeps its own statistics (play.classic_batch)
        raise TypeError(f"simulate: {setup.ruleset} games gave no classic statistics")
    if args.json:
        json.dump(stats.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    print(cli_text(lang, "classic_many", games=number(games, ",", lang), seed=seed, count=len(setup.players),
                   bots=cli_text(lang, f"simulate_bots_{args.bot}"), deck=classic_deck(setup.deck, lang)))
    wins = dict(stats.wins)
    shown = [s for s in SIDES if wins.get(s, 0) or s in SIDES[:2]]  # the villagers and werewolves always
    labels = {s: cli_text(lang, f"cli_classic_side_{s}") for s in shown}
    width = max(cell_len(label) for label in labels.values())
    for side in shown:
        label = labels[side] + " " * (width - cell_len(labels[side]))
        print(f"  {label} {number(wins.get(side, 0), '>8,', lang)}  {number(stats.win_rate(side), '6.1%', lang)}")
    reasons = cli_text(lang, "item_separator").join(
        f"{cli_text(lang, f'cli_classic_reason_{k}')} {number(v, ',', lang)}" for k, v in stats.reasons)
    print("  " + cli_text(lang, "classic_why", reasons=reasons))
    print("  " + cli_text(lang, "classic_averages", nights=number(stats.average_rounds, ".2f", lang),
                          deaths=number(stats.average_deaths, ".2f", lang)))
    return 0
