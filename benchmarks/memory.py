"""Benchmark: peak memory of a simulated batch at 1,000 games and at the end, for every deck.

    python3 benchmarks/memory.py                       # 100,000 games of each deck (slow: minutes)
    python3 benchmarks/memory.py --games 20000 --deck mixed-all-10

Each deck runs in a fresh process (``simulate`` as the command plays it, one process, the GC's long-lived
objects frozen), which reads its peak resident set size (``ru_maxrss``) after 1,000 games and at the
end. Issue 25's goal: the end within 1.1x of the figure at 1,000 games for every deck.

Decks: ``base-10``, ``mixed-all-10`` (presets), ``dalbula-7`` (Dalbula, 7 players bringing starter
cards: S0), ``classic-9`` (classic Werewolf's default 9-player deck, informed bots).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKS = ("base-10", "mixed-all-10", "dalbula-7", "classic-9")
CHECKPOINT = 1_000
TARGET = 1.1


def peak_rss_mib() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def one_deck(deck: str, games: int) -> dict:
    """Played in the child process: the batch, with the peak RSS at the checkpoint and the end."""
    sys.path.insert(0, str(ROOT / "src"))
    from onenight_core.catalog.presets import PRESETS
    from onenight_core.model.values import Setup

    figures: dict = {"deck": deck, "games": games}

    def progress(done: int) -> None:
        if done == CHECKPOINT:
            figures["rss_at_1000"] = peak_rss_mib()

    from onenight_core.play.simulate import batch, simulate, starter_brought
    from onenight_core.rulesets.classic.deck import default_classic_deck

    start = time.perf_counter()  # (the imports before: the rate is the games')
    if deck == "classic-9":
        setup = Setup(players=tuple(f"P{i}" for i in range(9)), deck=default_classic_deck(9), ruleset="classic")
        batch(setup, games, 0, "informed", progress=progress, every=CHECKPOINT)
    else:
        if deck == "dalbula-7":
            setup = Setup(players=tuple(f"P{i}" for i in range(7)), deck=starter_brought(7, 0), ruleset="dalbula")
            bring = True
        else:
            p = PRESETS[deck]
            setup = Setup(players=tuple(f"P{i}" for i in range(p.players)), deck=p.roles, ruleset=p.ruleset)
            bring = False
        simulate(setup, games, 0, "informed", progress=progress, every=CHECKPOINT, bring=bring)
    figures.update(seconds=time.perf_counter() - start, rss_end=peak_rss_mib())
    return figures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games per deck (default 100,000)")
    ap.add_argument("--deck", action="append", choices=DECKS, help="only this deck (repeatable)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(one_deck(args.child, args.games)))
        return 0
    if args.games <= CHECKPOINT:
        ap.error(f"--games must be more than {CHECKPOINT:,}")
    print(f"peak RSS after {CHECKPOINT:,} games and after {args.games:,}, one process per deck "
          f"(load average {os.getloadavg()[0]:.1f})")
    for deck in args.deck or DECKS:
        out = subprocess.run([sys.executable, __file__, "--child", deck, "--games", str(args.games)],
                             capture_output=True, text=True, check=True)
        f = json.loads(out.stdout.strip().splitlines()[-1])
        ratio = f["rss_end"] / f["rss_at_1000"]
        print(f"  {deck:<13} {f['rss_at_1000']:6.1f} MiB -> {f['rss_end']:6.1f} MiB  {ratio:.2f}x "
              f"(target {TARGET}x -> {'met' if ratio <= TARGET else 'NOT met'}; "
              f"{f['games'] / f['seconds']:,.0f} games/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
