"""``onenight balance``: how a deck is likely to go per team, and swaps toward balance (issue 26).

``onenight balance --players 6 --roles 'werewolf*2,seer,...'`` plays N seeded games of bots
(``onenight_core.play.balance``; informed bots, or ``--bot claiming``: the bots that claim by
day, as a table with bot seats plays them), prints each team's win rate with its 95 % interval and up to
three one-card swaps that bring the village closer to even; ``--json`` prints the same machine-readably.
``--ruleset classic`` weighs a classic deck (``--roles`` in classic's names, else its default deck for
the table). Without ``--games`` a deck plays up to ``DEFAULT_GAMES`` games, fewer when its games are slow
(``balance.games_within``: a classic deck of roles its fast path does not play, the claiming bots), the
swaps' search is sized to about ``SEARCH_MS``, and all in this process unless ``--jobs`` is given (about
two seconds in all on the project's two-core machine); with ``--games`` every count is the one asked.
``onenight balance --presets`` sweeps every preset at its player count (presets.toml's, and the decks a
ruleset proposes of its own: classic's default deck per player count) and writes a table (``--format md``
or ``csv``) with the intervals, no swaps. ``--jobs`` plays in worker processes and ``--cluster`` on a
Dask cluster, in the batches of ``simulate --jobs``; the figures are the same either way.

How a set-up is read from the flags and how teams, roles and decks are named are the game family's
(``_words``, keyed by ``GameRules.family``), never a ruleset's id."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple


from onenight_core.languages import LANGUAGES

from ..cli_text import args_language, cli_text, whole_number

if TYPE_CHECKING:
    from rich.progress import Progress

    from onenight_core.model.values import Setup
    from onenight_core.play.balance import Advice, Suggestion

DEFAULT_GAMES = 2000
#: Without ``--games``: the deck's own games fit in about ``ESTIMATE_MS`` (at least ``LEAST_GAMES``), the
#: swaps' search in about ``SEARCH_MS`` (``balance.games_within``, ``balance.suggest``).
ESTIMATE_MS, LEAST_GAMES, SEARCH_MS = 700, 300, 1500
MAX_GAMES = 1_000_000
BAR = 20  # cells of a team's bar


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str = "en") -> None:
    def say(msg_id: str) -> str:
        return cli_text(lang, msg_id)

    p = subparsers.add_parser("balance", help=say("help_balance_command"), description=say("help_balance_about"))
    # SUPPRESS: the top-level parser has --players/--roles/--seed too; don't overwrite its values.
    p.add_argument("--players", default=argparse.SUPPRESS, metavar=say("metavar_players"),
                   help=say("help_simulate_players"))
    p.add_argument("--roles", default=argparse.SUPPRESS, metavar=say("metavar_deck"), help=say("help_simulate_deck"))
    p.add_argument("--seed", default=argparse.SUPPRESS, metavar=say("metavar_seed"), help=say("help_balance_seed"))
    from ..ruleset_args import add_ruleset_arguments

    add_ruleset_arguments(p, subcommand=True, lang=lang)
    p.add_argument("--games", default=None, metavar=say("metavar_games"), help=say("help_balance_games"))
    p.add_argument("--bot", "--bots", dest="bot", choices=("informed", "random", "claiming"), default="informed",
                   help=say("help_balance_bot"))
    p.add_argument("--jobs", default=None, metavar="N", help=say("help_simulate_jobs"))
    p.add_argument("--cluster", default=None, metavar=say("metavar_address"), help=say("help_simulate_cluster"))
    p.add_argument("--json", action="store_true", help=say("help_simulate_json"))
    p.add_argument("--presets", action="store_true", help=say("help_balance_presets"))
    p.add_argument("--format", choices=("md", "csv"), default="md", help=say("help_balance_format"))
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=say("help_lang"))


def _whole(text: str | int, flag: str, low: int, high: int, lang: str = "en") -> int:
    return whole_number(text, "balance", flag, low, high, lang)


def run(args: argparse.Namespace) -> int:
    from ..usage import UsageError

    lang = args_language(args)
    chosen = getattr(args, "ruleset", None)
    asked = None if args.games is None else _whole(args.games, "--games", 1, MAX_GAMES, lang)
    seed_text = getattr(args, "seed", None)
    seed = 0 if seed_text is None else _whole(seed_text, "--seed", -(2**63), 2**63 - 1, lang)
    bot = str(args.bot)
    if args.presets:
        if getattr(args, "players", None) is not None or getattr(args, "roles", None) is not None:
            raise UsageError(cli_text(lang, "balance_presets_alone"))
        games = asked or DEFAULT_GAMES
        return _presets(games, seed, _jobs(args, games * 50, lang), args.format, lang, _cluster(args), bot)
    if getattr(args, "players", None) is None:
        raise UsageError(cli_text(lang, "balance_players_required"))
    from .simulate import brings_starters, setup_from  # (a family's set-up from the flags: simulate's)

    if getattr(args, "roles", None) is None and chosen is not None:
        from ..ruleset_args import chosen_options

        if brings_starters(*chosen_options(args)):  # each player brings a card: no deck to advise on
            raise UsageError(cli_text(lang, "balance_needs_deck"))

    try:
        setup = setup_from(args)
    except UsageError as exc:  # simulate's words for --players name their command first: this one's
        said = str(exc)
        raise UsageError("balance" + said[len("simulate"):] if said.startswith("simulate") else said) from None
    from onenight_core.play.balance import check_bot, games_within

    check_bot(setup, bot)  # one line for a bot kind the family does not have
    games = asked or games_within(setup, bot, ESTIMATE_MS, LEAST_GAMES, DEFAULT_GAMES)
    # A batch sized to about a second (no --games) plays in this process unless --jobs says otherwise:
    # worker processes cost more to start than they save on it.
    jobs = _jobs(args, games * 30, lang) if asked or args.jobs is not None else 1
    return _one(setup, games, seed, jobs, args.json, lang, _cluster(args), bot, None if asked else SEARCH_MS)


def _cluster(args: argparse.Namespace) -> str | None:
    """``--cluster``: a Dask scheduler's address, as ``simulate --cluster`` takes it."""
    cluster = getattr(args, "cluster", None)
    return (cluster.strip() or None) if cluster is not None else None


def _jobs(args: argparse.Namespace, games: int, lang: str) -> int:
    """``--jobs``, by default the cores for a batch big enough to be worth worker processes."""
    from onenight_core.play.parallel import default_jobs

    from .simulate import SMALL_BATCH

    if args.jobs is None:
        return default_jobs() if games >= 4 * SMALL_BATCH else 1
    return _whole(args.jobs, "--jobs", 1, 1024, lang)


def _progress(lang: str) -> Progress:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from ..console import CommandConsole

    err = CommandConsole(stderr=True)
    columns = (TextColumn(cli_text(lang, "simulate_progress")), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    return Progress(*columns, console=err, transient=True)


def _one(setup: Setup, games: int, seed: int, jobs: int, as_json: bool, lang: str, cluster: str | None = None,
         bot: str = "informed", budget_ms: float | None = None) -> int:
    from onenight_core.play.balance import advise

    with _progress(lang) as progress:
        task = progress.add_task("games", total=None)

        def told(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        advice = advise(setup, games, seed, jobs, progress=told, cluster=cluster, bot=bot, budget_ms=budget_ms)
    if as_json:
        json.dump(advice.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    from ..console import print_wrapped

    for line in advice_lines(advice, lang):
        print_wrapped(line)
    return 0


def percent(share: float, lang: str) -> str:
    from ..text.numbers import number

    return cli_text(lang, "balance_percent", value=number(share * 100, ".1f", lang))


def bar(share: float, width: int = BAR) -> str:
    full = round(share * width)
    return "█" * full + "░" * (width - full)


class Words(NamedTuple):
    """How a game family names its teams, roles and decks in ``lang``."""

    team: Callable[[str], str]
    role: Callable[[str], str]
    deck: Callable[[tuple[str, ...]], str]


def words_for(ruleset: str, lang: str) -> Words:
    """The names of ``ruleset``'s family: One Night's teams (rules.toml) and roles (roles.toml), or
    classic's sides and its own cards."""
    from ..families import NIGHTS_AND_DAYS, ONE_NIGHT, by_family

    def one_night() -> Words:
        from onenight_core.catalog.loader import default_catalog

        from ..text.words import Wording
        from .simulate import format_deck

        catalog = default_catalog()
        wording = Wording(("P1", "P2", "P3"), lang=lang)
        return Words(wording.team_name, lambda role: catalog[role].name(lang) if role in catalog else role,
                     lambda deck: format_deck(deck, lang))

    def nights_and_days() -> Words:
        from ..text.classic_script import format_deck as classic_deck, role_name

        return Words(lambda side: cli_text(lang, f"cli_classic_side_{side}"), lambda role: role_name(role, lang),
                     lambda deck: classic_deck(deck, lang))

    return by_family(ruleset, {ONE_NIGHT: one_night, NIGHTS_AND_DAYS: nights_and_days})()


def bots_name(bot: str, lang: str) -> str:
    """"informed bots", "claiming bots" in ``lang`` (simulate's words)."""
    return cli_text(lang, f"simulate_bots_{bot}")


def advice_lines(advice: Advice, lang: str) -> list[str]:
    """The text of ``onenight balance``: the deck, a line per team, the swaps and what they mean."""
    from rich.cells import cell_len

    from ..text.numbers import number

    now = advice.estimate
    words = words_for(now.ruleset, lang)
    bots = bots_name(now.bot, lang)
    lines = [cli_text(lang, "balance_header", count=now.players, deck=words.deck(now.deck),
                      games=number(now.games, ",", lang), seed=now.seed, bots=bots),
             cli_text(lang, "balance_teams_title")]
    names = {t.key: words.team(t.key) for t in now.teams}
    width = max((cell_len(n) for n in names.values()), default=0)
    for team in now.teams:
        low, high = team.interval
        name = names[team.key] + " " * (width - cell_len(names[team.key]))
        lines.append("  " + cli_text(lang, "balance_team_line", team=name,
                                     rate=percent(team.rate, lang).rjust(7), bar=bar(team.rate),
                                     low=percent(low, lang), high=percent(high, lang)))
    if now.village is not None:
        lines.append(cli_text(lang, "balance_swaps_title"))
        for s in advice.suggestions:
            lines.append("  " + swap_text(s, lang, words))
        if not advice.suggestions:
            lines.append("  " + cli_text(lang, "balance_no_swap"))
    lines.append(cli_text(lang, "balance_note", bots=bots))
    return lines


def swap_text(suggestion: Suggestion, lang: str, words: Words | None = None) -> str:
    """"Villager → Seer: the village 38.0 % → 47.0 %"."""
    role = (words or words_for(suggestion.after.ruleset, lang)).role
    return cli_text(lang, "balance_swap", old=role(suggestion.remove), new=role(suggestion.add),
                    before=percent(suggestion.before, lang), after=percent(suggestion.village_after, lang))


def sweep(bot: str) -> list[tuple[str, str, int, tuple[str, ...]]]:
    """The decks of ``--presets``: ``(name, ruleset, players, deck)`` for every preset of presets.toml and
    every deck a ruleset proposes of its own (classic's default decks), those ``bot`` bots can play."""
    from onenight_core.catalog.presets import PRESETS
    from onenight_core.engine.game import rules_for
    from onenight_core.play.balance import own_decks
    from onenight_core.play.policies import policies_for
    from onenight_core.ruleset_ids import RULESET_IDS

    decks = [(p.id, p.ruleset, p.players, tuple(p.roles)) for p in PRESETS.values()]
    decks += [(name, ruleset, n, deck) for ruleset in RULESET_IDS for name, n, deck in own_decks(ruleset)]
    return [d for d in decks if bot in policies_for(rules_for(d[1])).kinds]


def _presets(games: int, seed: int, jobs: int, form: str, lang: str, cluster: str | None = None,
             bot: str = "informed") -> int:
    from onenight_core.play.balance import play_decks, table_setup

    decks = sweep(bot)  # (every bot kind plays the One Night presets)
    setups = [table_setup(n, deck, ruleset) for _, ruleset, n, deck in decks]
    with _progress(lang) as progress:
        task = progress.add_task("games", total=None)

        def told(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        found = play_decks(setups, games, seed, jobs, told, cluster=cluster, bot=bot)
    rows = [(d, t) for d, e in zip(decks, found) for t in e.teams]
    if form == "csv":
        import csv

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["preset", "ruleset", "players", "bots", "team", "games", "wins", "win_rate", "low_95",
                      "high_95"])
        for (name, ruleset, n, _), t in rows:
            low, high = t.interval
            out.writerow([name, ruleset, n, bot, t.key, t.games, t.wins, f"{t.rate:.4f}", f"{low:.4f}",
                          f"{high:.4f}"])
        return 0
    names = {ruleset: words_for(ruleset, lang) for ruleset in {d[1] for d in decks}}
    heads = [cli_text(lang, c) for c in ("balance_column_preset", "balance_column_players", "balance_column_team",
                                         "balance_column_win_rate", "balance_column_interval")]
    bots = bots_name(bot, lang)
    print(cli_text(lang, "balance_presets_header", games=games, seed=seed, bots=bots))
    print()
    print("| " + " | ".join(heads) + " |")
    print("| --- | ---: | --- | ---: | ---: |")
    for (name, ruleset, n, _), t in rows:
        low, high = t.interval
        interval = cli_text(lang, "balance_interval", low=percent(low, lang), high=percent(high, lang))
        print(f"| {name} | {n} | {names[ruleset].team(t.key)} | {percent(t.rate, lang)} | {interval} |")
    print()
    print(cli_text(lang, "balance_note", bots=bots))
    return 0
