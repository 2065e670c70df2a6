"""``onenight replay FILE [--check] [--json]``: play the cases of a scenario file (docs/scenarios.md).

Without flags it tells what happened in each case, for a bug report or a rule discussion. ``--check``
prints one line per case and exits 1 on any difference, so the same files are the test suite.
``--json`` prints the machine-readable array of docs/scenarios.md. A file that is not a scenario file gets one
line and exit status 2 (``ScenarioError`` is handled by ``cli.main``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from onenight_core.play.scenario import CaseResult, DawnSeat, ScenarioCase, play_case, load_scenarios
from onenight_core.play.scenario.case import VoteEntry

from ..cli_text import cli_text
from ..families import NIGHTS_AND_DAYS, ONE_NIGHT, by_family
from ..plain_text import one_line, printable
from ..text.words import Wording


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str = "en") -> None:
    parser = subparsers.add_parser("replay", help=cli_text(lang, "help_replay_command"),
                                   description=cli_text(lang, "help_replay_about"))
    parser.add_argument("file", metavar=cli_text(lang, "metavar_file"), help=cli_text(lang, "help_replay_file"))
    parser.add_argument("--check", action="store_true", help=cli_text(lang, "help_replay_check"))
    parser.add_argument("--json", action="store_true", help=cli_text(lang, "help_replay_json"))


def run(args: argparse.Namespace) -> int:
    """One command for every ruleset: each case is played by the one scenario player (its family's verbs,
    ``play.scenario``); ``--check``, ``--json`` and the summary read the same for every case, and so
    does its story (``story``: its family gives only its account, ``ACCOUNTS``)."""
    cases = load_scenarios(args.file)  # ScenarioError: one line, exit 2 (cli.main)
    results = [play_case(case) for case in cases]
    out = sys.stdout
    if args.json:
        json.dump([r.to_json() for r in results], out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif args.check:
        for r in results:
            out.write(printable(check_lines(r)))
        out.write(summary(results) + "\n")
    else:
        for r in results:
            out.write(printable(story(r)) + "\n")
    if args.check:
        return 0 if all(r.passed() for r in results) else 1
    return 0


def check_lines(r: CaseResult) -> str:
    if r.status == "skipped":
        return f"skipped  {r.id}: {r.reason}\n"
    if r.status == "error":
        return f"error    {r.id}: {r.reason}\n"
    diffs = r.differences()
    if not diffs:
        return f"ok       {r.id}\n"
    return f"FAIL     {r.id}: {diffs[0]}\n" + "".join(f"         {r.id}: {d}\n" for d in diffs[1:])


def summary(results: list[CaseResult]) -> str:
    count = {k: 0 for k in ("ok", "failed", "errors", "skipped")}
    for r in results:
        key = ("skipped" if r.status == "skipped" else "errors" if r.status == "error"
               else "ok" if not r.differences() else "failed")
        count[key] += 1
    return "replay: " + ", ".join(f"{v} {k}" for k, v in count.items())


def story(r: CaseResult) -> str:
    """A readable account of one case of any family: its id and rule, then its family's account."""
    lines = [f"== {r.case.id}" + (f" — {one_line(r.case.rule)}" if r.case.rule else "")]
    return "\n".join(lines + by_family(r.case.ruleset, ACCOUNTS)(r))


def _table_account(r: CaseResult) -> list[str]:
    """A One Night case as the scenario player ran it: the table, the night's transcript, the day."""
    case = cast(ScenarioCase, r.case)  # the One Night family's case
    lines: list[str] = []
    if case.starts_at_dawn:
        lines.append("  dawn:   " + _table([_dawn_seat(s) for s in case.dawn], []))
    else:
        lines.append("  deal:   " + _table(list(case.deal), list(case.center)))
    if r.status == "skipped":
        lines.append(f"  skipped: {r.reason}")
        return lines
    if not case.starts_at_dawn and r.transcript:
        lines.append("  night:")
    lines.extend(r.transcript)
    if r.status == "error":
        lines.append(f"  error: {r.reason}")
        return lines
    if not case.starts_at_dawn:
        lines.append("  dawn:   " + _table(r.fact("final"), r.fact("final_center")))
    extras = [f"{k} {_short(r.fact(k))}" for k in ("effective", "marks", "shields", "face_up") if r.fact(k)]
    if extras:
        lines.append("          " + " · ".join(extras))
    if case.votes is not None:
        lines.append("  votes:  " + " · ".join(f"p{s}→{_ballot(v)}" for s, v in enumerate(case.votes)))
    g = r.state
    if g is not None and g.outcome is not None:
        result, words = g.outcome, Wording(g.setup.players)
        deaths = ", ".join(f"p{s} ({words.phrase(cause)})" for s, cause in result.deaths) or "nobody"
        lines.append(f"  dead:   {deaths}   [{result.mode} vote]")
        for seat, why in enumerate(result.reasons):
            mark = "won" if seat in result.winners else "lost"
            lines.append(f"    p{seat} {result.roles[seat]}: {mark} — {words.phrase(why)}")
        winners = ", ".join(f"p{s}" for s in sorted(result.winners)) or "nobody"
        lines.append(f"  winners: {winners}")
    if r.refused:
        lines.append(f"  refused steps: {', '.join(map(str, r.refused))}")
    return lines


def _table(seats: Sequence[str], center: Sequence[str]) -> str:
    text = " · ".join(f"p{i} {one_line(role)}" for i, role in enumerate(seats))
    if center:
        text += " | " + " · ".join(f"c{i} {one_line(role)}" for i, role in enumerate(center))
    return text


def _dawn_seat(seat: DawnSeat) -> str:
    text = one_line(seat.card) + (f"({one_line(seat.copied)})" if seat.copied else "")
    if seat.mark != "mark_of_clarity":
        text += f"+{seat.mark}" + (f"#{seat.couple}" if seat.couple is not None else "")
    if seat.artifact:
        text += f"+{seat.artifact}"
    return text


def _short(value: Mapping[str, object] | Iterable[object]) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    return ", ".join(map(str, value))


def _ballot(vote: VoteEntry) -> str:
    items = vote if isinstance(vote, tuple) else (vote,)
    return "+".join(f"p{v}" if isinstance(v, int) else str(v) for v in items)


def _told_account(r: CaseResult) -> list[str]:
    """A classic case: its game's story as every game's is told (``text.story.tell``, seats as ``p0``..),
    its error and its refused steps."""
    from ..text.story import tell

    lines: list[str] = []
    case: Any = r.case  # the classic family's case (rulesets.classic.scenario.ClassicCase)
    game = r.state
    if game is not None and game.board is not None:
        lines += tell(game, names=[f"p{i}" for i in range(len(case.deal))], indent="  ")
    if r.status == "error":
        lines.append(f"  error: {r.reason}")
    if r.refused:
        lines.append(f"  refused steps: {', '.join(map(str, sorted(r.refused)))}")
    return lines


#: What a case's story tells after its id and rule, by its game family (``families.by_family``): the One
#: Night scenario player's transcript of the table, or a classic game's story.
ACCOUNTS: dict[str, Callable[[CaseResult], list[str]]] = {ONE_NIGHT: _table_account, NIGHTS_AND_DAYS: _told_account}
