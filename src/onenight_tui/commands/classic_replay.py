"""``onenight replay FILE`` for classic scenario files (docs/scenarios.md): ``--check`` prints one line
per case and exits 1 on a difference, ``--json`` prints every expect key and ``refused`` per case, and
without flags each case is told round by round (``classic_simulate``'s words)."""

from __future__ import annotations

import argparse
import json
import sys


def run(args: argparse.Namespace) -> int:
    from onenight_core.rulesets.classic.scenario import load_classic, play_classic_case
    from onenight_core.rulesets.classic.story import story

    from .classic_simulate import render, round_title

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
                for line in story(r.game.board):
                    if line.round != current:
                        current = line.round
                        out.write(f"  -- {round_title(current)}\n")
                    out.write("    " + render(line, names) + "\n")
            if r.status == "error":
                out.write(f"  error: {r.reason}\n")
            if r.refused:
                out.write(f"  refused steps: {', '.join(map(str, sorted(r.refused)))}\n")
    return 0
