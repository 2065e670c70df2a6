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

from ..plain_text import one_line, printable

DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu",
                 "Max", "Ned", "Oz", "Pam", "Quin", "Rex", "Sue", "Tom")
MAX_PLAYERS = 100
MAX_GAMES = 100_000_000


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "simulate", help="seeded games with bots: one story, or win rates over many games",
        description="Play seeded games with bots. One game prints its story; --games K prints win "
                    "rates per team.")
    # SUPPRESS: the top-level parser has --players/--roles/--seed too; don't overwrite its values.
    p.add_argument("--players", default=argparse.SUPPRESS,
                   help="number of players, or their names separated by commas")
    p.add_argument("--roles", default=argparse.SUPPRESS,
                   help="the deck: werewolf*2,seer,... or a preset such as base-5 "
                        "(default: the base preset for the player count)")
    p.add_argument("--seed", default=argparse.SUPPRESS, help="seed of the game or batch (default 0)")
    from ..ruleset_args import add_ruleset_arguments  # noqa: PLC0415

    add_ruleset_arguments(p, subcommand=True)
    p.add_argument("--games", default="1", help="number of games (default 1: print its story)")
    p.add_argument("--json", action="store_true", help="print machine-readable results")
    p.add_argument("--bot", choices=("informed", "random"), default="informed",
                   help="which bots play (default informed)")
    p.add_argument("--lang", choices=("en", "ko", "zh", "fr"), default=argparse.SUPPRESS,
                   help="language of role names in the story (default en)")


def _whole(text, what: str, low: int, high: int) -> int:
    from onenight_tui.usage import UsageError  # noqa: PLC0415

    try:
        value = int(str(text).strip())
    except ValueError:
        raise UsageError(f"simulate: {what} must be a whole number, got {text!r}") from None
    if not low <= value <= high:
        raise UsageError(f"simulate: {what} must be between {low:,} and {high:,}, got {value:,}")
    return value


def players_from(text) -> tuple[str, ...]:
    """``--players``: a count (default names) or comma-separated names."""
    from onenight_tui.usage import UsageError  # noqa: PLC0415

    if text is None:
        raise UsageError("simulate: --players is required (a number, or names separated by commas)")
    text = str(text).strip()
    if text.isdigit() or (text.startswith("-") and text[1:].isdigit()):
        n = int(text)
        if n < 3:
            raise UsageError(f"simulate: at least 3 players are needed, got {n}")
        n = _whole(n, "--players", 3, MAX_PLAYERS)
        return tuple(DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Player {i + 1}" for i in range(n))
    names = tuple(one_line(part) for part in text.split(","))  # no escapes or line breaks in the story
    if any(not name for name in names):
        raise UsageError("simulate: --players has an empty name")
    if len(names) < 3:
        raise UsageError(f"simulate: at least 3 players are needed, got {len(names)}")
    return names


def setup_from(args: argparse.Namespace):
    from onenight_core.catalog.presets import default_preset  # noqa: PLC0415
    from onenight_core.errors import SetupError  # noqa: PLC0415
    from onenight_core.model.values import Setup  # noqa: PLC0415
    from onenight_tui.deck_args import deck_argument  # noqa: PLC0415

    players = players_from(getattr(args, "players", None))
    deck = deck_argument(getattr(args, "roles", None))
    if deck is None:
        preset = default_preset(len(players))
        if preset is None:
            raise SetupError(f"no default deck for {len(players)} players: give --roles")
        deck = preset.roles
    from ..ruleset_args import chosen_options, require_playable  # noqa: PLC0415

    require_playable(args, "simulate: ")
    ruleset, options = chosen_options(args)
    setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options)
    from onenight_core.engine.protocol import validate_setup  # noqa: PLC0415

    validate_setup(setup)
    return setup


def run(args: argparse.Namespace) -> int:
    if getattr(args, "ruleset", None) == "classic":  # its own engine and story (rulesets/classic)
        from .classic_simulate import run as run_classic  # noqa: PLC0415

        return run_classic(args, players_from(getattr(args, "players", None)), _whole, MAX_GAMES)
    setup = setup_from(args)
    seed_text = getattr(args, "seed", None)
    seed = 0 if seed_text is None else _whole(seed_text, "--seed", -(2**63), 2**63 - 1)
    games = _whole(args.games, "--games", 1, MAX_GAMES)
    lang = getattr(args, "lang", None) or "en"
    if games == 1:
        return _one(setup, seed, args.bot, args.json, lang)
    return _many(setup, seed, games, args.bot, args.json)


def _one(setup, seed: int, bot: str, as_json: bool, lang: str) -> int:
    from onenight_core.play.bots import play_game  # noqa: PLC0415
    from onenight_core.play.simulate import game_to_json  # noqa: PLC0415

    from ..text.story import tell  # noqa: PLC0415

    state = play_game(setup, seed, bot)
    if as_json:
        record = game_to_json(state)
        record["story"] = tell(state, lang=lang)
        record["bot"] = bot
        json.dump(record, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        print(f"Seed {seed}, {len(setup.players)} players, {bot} bots.")
        for line in tell(state, lang=lang):
            print(printable(line))
    return 0


def _many(setup, seed: int, games: int, bot: str, as_json: bool) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from onenight_core.play.simulate import simulate  # noqa: PLC0415
    from onenight_tui.console import CommandConsole  # noqa: PLC0415

    err = CommandConsole(stderr=True)
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    started = time.perf_counter()
    with Progress(*columns, console=err, transient=not err.is_terminal) as progress:
        task = progress.add_task("games", total=games)
        stats = simulate(setup, games, seed, bot,
                         progress=lambda done: progress.update(task, completed=done),
                         every=max(1, min(500, games // 100)))
    elapsed = time.perf_counter() - started
    if as_json:
        json.dump(stats.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    _print_stats(stats, elapsed)
    return 0


def _print_stats(stats, elapsed: float) -> None:
    from rich.table import Table  # noqa: PLC0415

    from onenight_tui.console import CommandConsole  # noqa: PLC0415

    from onenight_core.catalog.loader import default_catalog  # noqa: PLC0415
    from onenight_core.catalog.deck import format_deck  # noqa: PLC0415

    out = CommandConsole()
    out.print(f"{stats.games:,} games, seed {stats.seed}, {len(stats.players)} players, {stats.bot} bots, "
              f"deck {format_deck(stats.deck)}", highlight=False, markup=False)
    teams = Table(title="Wins per team", title_justify="left")
    teams.add_column("Team")
    teams.add_column("Wins", justify="right")
    teams.add_column("Win rate", justify="right")
    teams.add_column("Games present", justify="right")
    teams.add_column("Win rate when present", justify="right")
    for t in stats.teams:
        teams.add_row(t.key, f"{t.wins:,}", f"{t.win_rate:.1%}", f"{t.present:,}",
                      f"{t.win_rate_when_present:.1%}")
    out.print(teams)
    catalog = default_catalog()
    deaths = Table(title="Deaths per role (role held at the vote)", title_justify="left")
    deaths.add_column("Role")
    deaths.add_column("Held", justify="right")
    deaths.add_column("Died", justify="right")
    deaths.add_column("Death rate", justify="right")
    died = dict(stats.deaths_by_role)
    for role, held in stats.held_by_role:
        deaths.add_row(catalog[role].name() if role in catalog else role, f"{held:,}",
                       f"{died.get(role, 0):,}", f"{stats.death_rate(role):.1%}")
    out.print(deaths)
    out.print(f"Average deaths per game: {stats.average_deaths:.2f}; nobody died in {stats.no_deaths:,} "
              f"games ({stats.no_deaths / stats.games:.1%}); nobody won in {stats.no_winners:,}.",
              highlight=False, markup=False)
    rate = stats.games / elapsed if elapsed > 0 else float("inf")
    out.print(f"{elapsed:.2f} s, {rate:,.0f} games/s", style="dim", highlight=False)
