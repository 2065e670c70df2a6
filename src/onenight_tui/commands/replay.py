"""``onenight replay FILE [--check] [--json]``: play the cases of a scenario file (docs/scenarios.md).

Without flags it tells what happened in each case, for a bug report or a rule discussion. ``--check``
prints one line per case and exits 1 on any difference, so the same files are the test suite.
``--json`` prints the machine-readable array of docs/scenarios.md. A file that is not a scenario file gets one
line and exit status 2 (``ScenarioError`` is handled by ``cli.main``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence

from onenight_core.play.scenario import CaseResult, DawnSeat, play_case, load_scenarios
from onenight_core.play.scenario.case import VoteEntry

from ..cli_text import cli_text
from ..plain_text import one_line, printable
from ..text.words import Wording


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str = "en") -> None:
    parser = subparsers.add_parser("replay", help=cli_text(lang, "help_replay_command"),
                                   description=cli_text(lang, "help_replay_about"))
    parser.add_argument("file", metavar=cli_text(lang, "metavar_file"), help=cli_text(lang, "help_replay_file"))
    parser.add_argument("--check", action="store_true", help=cli_text(lang, "help_replay_check"))
    parser.add_argument("--json", action="store_true", help=cli_text(lang, "help_replay_json"))


def run(args: argparse.Namespace) -> int:
    """One command for every scenario format: a file of classic cases (nights and days, docs/scenarios.md)
    is played by classic's scenario player, any other by the One Night one; ``--check``, ``--json`` and the
    told cases read the same in both."""
    from onenight_core.rulesets.classic.scenario import is_classic_file

    if is_classic_file(args.file):  # the classic format has its own player and verbs
        return _run_nights(args)
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
        return 0 if all(passed(r) for r in results) else 1
    return 0


def passed(r: CaseResult) -> bool:
    """A case passes when it played without a difference, or when it needs what is not playable yet."""
    return r.status == "skipped" or (r.status == "played" and not r.differences())


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
    """A readable account of one case: the table, the night as the engine ran it, the day."""
    case = r.case
    lines = [f"== {case.id}" + (f" — {one_line(case.rule)}" if case.rule else "")]
    if case.starts_at_dawn:
        lines.append("  dawn:   " + _table([_dawn_seat(s) for s in case.dawn], []))
    else:
        lines.append("  deal:   " + _table(list(case.deal), list(case.center)))
    if r.status == "skipped":
        lines.append(f"  skipped: {r.reason}")
        return "\n".join(lines)
    if not case.starts_at_dawn and r.transcript:
        lines.append("  night:")
    lines.extend(r.transcript)
    if r.status == "error":
        lines.append(f"  error: {r.reason}")
        return "\n".join(lines)
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
    return "\n".join(lines)


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


def _run_nights(args: argparse.Namespace) -> int:
    """Classic cases: ``--check`` one line per case (exit 1 on a difference), ``--json`` every expect key
    and ``refused`` per case, without flags each case told round by round (``text.classic_story``)."""
    from onenight_core.rulesets.classic.scenario import load_classic, play_classic_case
    from onenight_core.rulesets.classic.story import story as classic_story

    from ..text.classic_story import render, round_title

    results = [play_classic_case(case) for case in load_classic(args.file)]
    out = sys.stdout
    if args.json:
        json.dump([r.to_json() for r in results], out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif args.check:
        failed = errors = 0
        for r in results:
            diffs = r.differences()
            if r.status == "error":
                errors += 1
                out.write(f"error    {r.case.id}: {r.reason}\n")
            elif diffs:
                failed += 1
                out.write(f"FAIL     {r.case.id}: {diffs[0]}\n")
                out.writelines(f"         {r.case.id}: {d}\n" for d in diffs[1:])
            else:
                out.write(f"ok       {r.case.id}\n")
        out.write(f"replay: {len(results) - failed - errors} ok, {failed} failed, {errors} errors, 0 skipped\n")
        return 0 if not failed and not errors else 1
    else:
        for r in results:
            out.write(f"== {r.case.id}" + (f" — {r.case.rule}" if r.case.rule else "") + "\n")
            names = [f"p{i}" for i in range(len(r.case.deal))]
            if r.game is not None and r.game.board is not None:
                current = None
                for line in classic_story(r.game.board):
                    if line.round != current:
                        current = line.round
                        out.write(f"  -- {round_title(current)}\n")
                    out.write("    " + render(line, names) + "\n")
            if r.status == "error":
                out.write(f"  error: {r.reason}\n")
            if r.refused:
                out.write(f"  refused steps: {', '.join(map(str, sorted(r.refused)))}\n")
    return 0
