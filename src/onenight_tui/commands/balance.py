"""``onenight balance``: how a deck is likely to go per team, and swaps toward balance (issue 26).

``onenight balance --players 6 --roles 'werewolf*2,seer,...'`` plays N seeded games of informed bots
(``onenight_core.play.balance``), prints each team's win rate with its 95 % interval and up to three
one-card swaps that bring the village closer to even; ``--json`` prints the same machine-readably.
``onenight balance --presets`` sweeps every preset at its player count and writes a table (``--format
md`` or ``csv``) with the intervals, no swaps. ``--jobs`` plays in worker processes and ``--cluster`` on a
Dask cluster, in the batches of ``simulate --jobs``; the figures are the same either way."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from onenight_core.languages import LANGUAGES

from ..cli_text import args_language, cli_text, whole_number

if TYPE_CHECKING:
    from rich.progress import Progress

    from onenight_core.model.values import Setup
    from onenight_core.play.balance import Advice, Suggestion

DEFAULT_GAMES = 2000
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
    p.add_argument("--games", default=str(DEFAULT_GAMES), metavar=say("metavar_games"),
                   help=say("help_balance_games"))
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
    if chosen is not None:
        from onenight_core.rulesets import ruleset_for

        if ruleset_for(chosen).own_cards:  # classic's cards, engine and bots are its own: no advisor yet
            raise UsageError(cli_text(lang, "balance_no_classic"))
    games = _whole(args.games, "--games", 1, MAX_GAMES, lang)
    seed_text = getattr(args, "seed", None)
    seed = 0 if seed_text is None else _whole(seed_text, "--seed", -(2**63), 2**63 - 1, lang)
    if args.presets:
        if getattr(args, "players", None) is not None or getattr(args, "roles", None) is not None:
            raise UsageError(cli_text(lang, "balance_presets_alone"))
        return _presets(games, seed, _jobs(args, games * 50, lang), args.format, lang, _cluster(args))
    if getattr(args, "players", None) is None:
        raise UsageError(cli_text(lang, "balance_players_required"))
    from .simulate import brings_starters, setup_from  # (players, deck, ruleset, options)

    if getattr(args, "roles", None) is None and chosen is not None:
        from ..ruleset_args import chosen_options

        if brings_starters(*chosen_options(args)):  # each player brings a card: no deck to advise on
            raise UsageError(cli_text(lang, "balance_needs_deck"))

    try:
        setup = setup_from(args)
    except UsageError as exc:  # simulate's words for --players name their command first: this one's
        said = str(exc)
        raise UsageError("balance" + said[len("simulate"):] if said.startswith("simulate") else said) from None
    return _one(setup, games, seed, _jobs(args, games * 30, lang), args.json, lang, _cluster(args))


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


def _one(setup: Setup, games: int, seed: int, jobs: int, as_json: bool, lang: str, cluster: str | None = None) -> int:
    from onenight_core.play.balance import advise

    with _progress(lang) as progress:
        task = progress.add_task("games", total=None)

        def told(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        advice = advise(setup, games, seed, jobs, progress=told, cluster=cluster)
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


def advice_lines(advice: Advice, lang: str) -> list[str]:
    """The text of ``onenight balance``: the deck, a line per team, the swaps and what they mean."""
    from ..text.numbers import number
    from ..text.words import Wording
    from .simulate import format_deck

    now = advice.estimate
    words = Wording(tuple(f"P{i + 1}" for i in range(now.players)), lang=lang)
    lines = [cli_text(lang, "balance_header", count=now.players, deck=format_deck(now.deck, lang),
                      games=number(now.games, ",", lang), seed=now.seed), cli_text(lang, "balance_teams_title")]
    names = {t.key: words.team_name(t.key) for t in now.teams}
    width = max((len(n) for n in names.values()), default=0)
    for team in now.teams:
        low, high = team.interval
        lines.append("  " + cli_text(lang, "balance_team_line", team=names[team.key].ljust(width),
                                     rate=percent(team.rate, lang).rjust(7), bar=bar(team.rate),
                                     low=percent(low, lang), high=percent(high, lang)))
    if now.village is not None:
        lines.append(cli_text(lang, "balance_swaps_title"))
        for s in advice.suggestions:
            lines.append("  " + swap_text(s, lang))
        if not advice.suggestions:
            lines.append("  " + cli_text(lang, "balance_no_swap"))
    lines.append(cli_text(lang, "balance_note"))
    return lines


def swap_text(suggestion: Suggestion, lang: str) -> str:
    """"Villager → Seer: the village 38.0 % → 47.0 %"."""
    from onenight_core.catalog.loader import default_catalog

    catalog = default_catalog()

    def name(role: str) -> str:
        return catalog[role].name(lang) if role in catalog else role

    return cli_text(lang, "balance_swap", old=name(suggestion.remove), new=name(suggestion.add),
                    before=percent(suggestion.before, lang), after=percent(suggestion.village_after, lang))


def _presets(games: int, seed: int, jobs: int, form: str, lang: str, cluster: str | None = None) -> int:
    from onenight_core.catalog.presets import PRESETS
    from onenight_core.play.balance import play_decks, table_setup

    from ..text.words import Wording

    presets = list(PRESETS.values())
    setups = [table_setup(p.players, p.roles, p.ruleset) for p in presets]
    with _progress(lang) as progress:
        task = progress.add_task("games", total=None)

        def told(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        found = play_decks(setups, games, seed, jobs, told, cluster=cluster)
    rows = [(p, t) for p, e in zip(presets, found) for t in e.teams]
    if form == "csv":
        import csv

        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(["preset", "ruleset", "players", "team", "games", "wins", "win_rate", "low_95", "high_95"])
        for p, t in rows:
            low, high = t.interval
            out.writerow([p.id, p.ruleset, p.players, t.key, t.games, t.wins, f"{t.rate:.4f}", f"{low:.4f}",
                          f"{high:.4f}"])
        return 0
    words = Wording(("P1", "P2", "P3"), lang=lang)
    heads = [cli_text(lang, c) for c in ("balance_column_preset", "balance_column_players", "balance_column_team",
                                         "balance_column_win_rate", "balance_column_interval")]
    print(cli_text(lang, "balance_presets_header", games=games, seed=seed))
    print()
    print("| " + " | ".join(heads) + " |")
    print("| --- | ---: | --- | ---: | ---: |")
    for p, t in rows:
        low, high = t.interval
        interval = cli_text(lang, "balance_interval", low=percent(low, lang), high=percent(high, lang))
        print(f"| {p.id} | {p.players} | {words.team_name(t.key)} | {percent(t.rate, lang)} | {interval} |")
    print()
    print(cli_text(lang, "balance_note"))
    return 0
