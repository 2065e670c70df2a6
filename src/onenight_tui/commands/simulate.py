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
from typing import TYPE_CHECKING, Any, NamedTuple

from onenight_core.ruleset_ids import brings_cards

from onenight_core.languages import LANGUAGES

from ..cli_text import args_language, cli_text, whole_number
from ..plain_text import one_line, printable, split_names
from ..text.script import format_deck as format_deck  # (balance reads it here)

if TYPE_CHECKING:
    from onenight_core.model.values import Setup
    from onenight_core.play.classic_batch import ClassicStats
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
    """The set-up of any ruleset from the flags (``balance`` reads it here too): the players, ``--roles``
    read by its family (``_Family.deck``), else the family's default deck for the table
    (``_Family.default_deck``), the ruleset and its options, checked."""
    from onenight_core.engine.protocol import validate_setup
    from onenight_core.model.values import Setup

    from ..ruleset_args import chosen_options, require_playable

    lang = args_language(args)
    family = _family(args)
    players = players_from(getattr(args, "players", None), lang)
    deck = family.deck(getattr(args, "roles", None), lang)
    require_playable(args, "simulate: ")
    ruleset, options = chosen_options(args)
    if deck is None:
        deck = family.default_deck(len(players), ruleset, options, lang)
    setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options)
    validate_setup(setup)  # one clear line for a deck the ruleset cannot play
    return setup


def _engine_deck(text: str | None, lang: str) -> tuple[str, ...] | None:
    from onenight_tui.deck_args import deck_argument

    return deck_argument(text, lang=lang)


def _engine_default_deck(players: int, ruleset: str, options: Mapping[str, object], lang: str) -> tuple[str, ...]:
    """Dalbula's S0 set-up brings starter cards (each game its own, ``with_brought``: checked once here),
    else the base preset for the table."""
    from onenight_core.catalog.presets import default_preset
    from onenight_core.errors import SetupError

    if brings_starters(ruleset, options):
        from onenight_core.play.simulate import starter_brought

        return starter_brought(players, 0)
    preset = default_preset(players)
    if preset is None:
        raise SetupError(cli_text(lang, "cli_no_default_deck", count=players))
    return preset.roles


def brings_starters(ruleset: str, options: Mapping[str, object] | Iterable[tuple[str, object]]) -> bool:
    """``simulate --ruleset dalbula`` without ``--roles``: S0's set-up (seed 000), each player brings a
    card of the starter collection and the center is drawn from every role; ``--option
    official_setup=true`` deals the base preset's whole table instead."""
    return brings_cards(ruleset, options)


def run(args: argparse.Namespace) -> int:
    """One command for every ruleset: the set-up, the seed and the number of games are read the same way;
    how a set-up is read from the flags and how a game or a batch is told are its game family's
    (``_family``, by ``families.by_family``: the rules the ruleset is played by)."""
    family = _family(args)
    lang = args_language(args)
    setup = setup_from(args)
    seed_text = getattr(args, "seed", None)
    seed = 0 if seed_text is None else _whole(seed_text, "--seed", -(2**63), 2**63 - 1, lang)
    games = _whole(args.games, "--games", 1, MAX_GAMES, lang)
    if games == 1:
        return _one(args, family, setup, seed, lang)
    return _many(args, family, setup, seed, games, lang)


class _Family(NamedTuple):
    """What ``simulate`` reads its own way for one game family: ``--roles`` and the default deck, a game's
    record for ``--json`` and the line above its story (``_one`` tells a game of any family), a batch's
    report."""

    deck: Callable[[str | None, str], tuple[str, ...] | None]
    default_deck: Callable[[int, str, Mapping[str, object], str], tuple[str, ...]]
    record: Callable[[Any, int, str, str], dict[str, Any]]
    header: str
    report: Callable[[Any, float, str, bool], None]
    claiming: Callable[[Setup, int, str], tuple[Any, list[str], list[dict[str, Any]]]]


def _family(args: argparse.Namespace) -> _Family:
    from ..families import NIGHTS_AND_DAYS, ONE_NIGHT, by_family

    return by_family(getattr(args, "ruleset", None), {
        ONE_NIGHT: _Family(_engine_deck, _engine_default_deck, _engine_record, "simulate_one", _print_stats,
                             _engine_claiming),
        NIGHTS_AND_DAYS: _Family(_nights_deck, _nights_default_deck, _nights_record, "classic_one", _print_sides,
                                     _nights_claiming)})


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


def _one(args: argparse.Namespace, family: _Family, setup: Setup, seed: int, lang: str) -> int:
    """One bot game of any family, its story told (``text.story``): ``--json`` its family's record with
    the story; claiming bots also their claims and the reveal's verdict on each (``family.claiming``)."""
    from onenight_core.play.policies import answers_for
    from onenight_core.play.simulate import play_bot_game, with_brought

    from ..text.story import tell

    bot, as_json = args.bot, args.json
    if getattr(args, "roles", None) is None and brings_starters(setup.ruleset, setup.options):
        setup = with_brought(setup, seed)
    answers_for(setup, seed, bot)  # one clear line for a bot kind the family does not have
    said: list[str] = []
    records: list[dict[str, Any]] = []
    if bot == "claiming":  # the claims said by day, and the reveal's verdict on each
        game, said, records = family.claiming(setup, seed, lang)
    else:
        game = play_bot_game(setup, seed, bot)
    if as_json:
        record = family.record(game, seed, bot, lang)
        if records:
            record["claims"] = records
        json.dump(record, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    from onenight_tui.console import print_wrapped  # (Rich only when printing)

    print_wrapped(cli_text(lang, family.header, seed=seed, count=len(setup.players),
                           bots=cli_text(lang, f"simulate_bots_{bot}")))
    for line in tell(game, lang=lang):
        print_wrapped(printable(line))
    if said:
        print_wrapped(cli_text(lang, "simulate_claims_title"))
        for line in said:
            print_wrapped(printable(line))
    return 0


def _engine_claiming(setup: Setup, seed: int, lang: str) -> tuple[Any, list[str], list[dict[str, Any]]]:
    """A One Night game of claiming bots: the game, each claim with the reveal's verdict in words, and
    the same for ``--json``."""
    from onenight_core.play.claims import check_claims, play_claiming_game

    from ..text.claims import check_text, claim_text

    game, claims = play_claiming_game(setup, seed)
    verdicts = check_claims(game, claims) if claims else []
    said = [claim_text(c, setup.players, lang, setup.deck) + " — " + check_text(k, setup.players, lang)
            for c, k in zip(claims, verdicts)]
    records = [{"seat": c.seat, "role": c.role,
                "action": None if c.action is None else {"verb": c.action.verb, "targets": list(c.action.targets)},
                "seen": [list(pair) for pair in c.seen], "verdict": k.verdict, "said": line}
               for c, k, line in zip(claims, verdicts, said)]
    return game, said, records


def _nights_claiming(setup: Setup, seed: int, lang: str) -> tuple[Any, list[str], list[dict[str, Any]]]:
    """A classic game of claiming bots: every claim of every day in words, then per seat whether its
    claims were true (the end screen's lines); ``--json`` each claim with its day and its seat's verdict."""
    from onenight_core.play.classic_claims import play_claiming_game

    from ..text.classic_words import ClassicWords
    from ..text.classic_claims import claim_text, verdict_lines

    game, claims, checks = play_claiming_game(setup, seed)
    w = ClassicWords(setup.players, lang)
    lied = {k.seat: k.lied for k in checks}
    lines = [claim_text(c, w) for c in claims]  # the table's words for a claim, with its deeds
    said = [w.text("classic_sim_claim_day", day=c.round, line=line) for c, line in zip(claims, lines)]
    said += verdict_lines(checks, w)
    records = [{"seat": c.seat, "day": c.round, "role": c.role, "looks": [list(pair) for pair in c.looks],
                "deeds": [list(d) for d in c.deeds], "verdict": "lie" if lied.get(c.seat) else "true",
                "said": line} for c, line in zip(claims, lines)]
    return game, said, records


def _engine_record(state: Any, seed: int, bot: str, lang: str) -> dict[str, Any]:
    """A One Night game for ``--json``: the engine's record (``game_to_json``) and its story in words."""
    from onenight_core.play.simulate import game_to_json

    from ..text.story import tell

    record = game_to_json(state)
    record["story"] = tell(state, lang=lang)
    record["bot"] = bot
    return record


def _many(args: argparse.Namespace, family: _Family, setup: Setup, seed: int, games: int, lang: str) -> int:
    """A batch of bot games of any family (``play.simulate.batch``, a progress bar on stderr): ``--json``
    its statistics, else its family's report of them."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from onenight_core.play.simulate import batch
    from onenight_tui.console import CommandConsole

    bring = getattr(args, "roles", None) is None and brings_starters(setup.ruleset, setup.options)
    jobs, cluster = _parallel(args, lang)
    err = CommandConsole(stderr=True)
    columns = (TextColumn(cli_text(lang, "simulate_progress")), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    started = time.perf_counter()
    with Progress(*columns, console=err, transient=not err.is_terminal) as progress:
        task = progress.add_task("games", total=games)
        stats = batch(setup, games, seed, args.bot,
                      progress=lambda done: progress.update(task, completed=done),
                      every=max(1, min(500, games // 100)), bring=bring, jobs=jobs, cluster=cluster)
    elapsed = time.perf_counter() - started
    if args.json:
        data = stats.to_json()
        if bring:  # each game's players brought their own cards: no one deck to report
            data["deck"], data["brought"] = None, "starter"
        json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    family.report(stats, elapsed, lang, bring)
    return 0


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

def _nights_deck(text: str | None, lang: str) -> tuple[str, ...] | None:
    """``--roles`` as classic role names (``werewolf*2,seer,...``); none given (or empty): the default."""
    from onenight_core.rulesets.classic.deck import parse_classic_deck

    return parse_classic_deck(text) if text else None


def _nights_default_deck(players: int, ruleset: str, options: Mapping[str, object], lang: str) -> tuple[str, ...]:
    from onenight_core.rulesets.classic.deck import default_classic_deck

    return default_classic_deck(players)


def _nights_record(game: Any, seed: int, bot: str, lang: str) -> dict[str, Any]:
    """A classic game for ``--json``: its outcome and its story lines as ids and parameters, round by round."""
    from onenight_core.play.story import story_of

    board, setup = game.board, game.setup
    return {"ruleset": setup.ruleset, "seed": seed, "bot": bot, "players": list(setup.players),
            "winners": list(board.winners), "side": board.winning_side, "reason": board.reason,
            "ended_after": board.ended_after,
            "deaths": [{"round": r, "seats": list(s)} for r, s in board.deaths],
            "story": [{"round": section.title, "key": line.id, **dict(line.params)}
                      for section in story_of(game) for line in section.lines]}


def _print_sides(stats: ClassicStats, elapsed: float, lang: str = "en", bring: bool = False) -> None:
    """Win rates per side over a batch of classic games, why they ended, how long they lasted."""
    from rich.cells import cell_len

    from onenight_core.play.classic_batch import SIDES

    from ..text.classic_script import format_deck as classic_deck
    from ..text.numbers import number

    setup = stats.setup
    print(cli_text(lang, "classic_many", games=number(stats.games, ",", lang), seed=stats.seed,
                   count=len(setup.players), bots=cli_text(lang, f"simulate_bots_{stats.bot}"),
                   deck=classic_deck(setup.deck, lang)))
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
