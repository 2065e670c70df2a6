"""Benchmark: how bots that claim by day change the teams' win rates, against the claim-less informed bots.

    python3 benchmarks/claims.py                        # 2,000 games per preset and bot kind
    python3 benchmarks/claims.py --games 500 --presets base-5,base-10 --classic 9,12
    python3 benchmarks/claims.py --classic ''          # One Night only

For each preset, the same seeded batch (same game seeds, so the same deals and nights) is played with the
informed bots (they act at night and vote on what they saw, and say nothing) and with the claiming bots
(the same night, then a claim each in seat order: the village tells the truth, the others lie, and the
votes weigh the claims). Figures are bots against bots, not people (docs/bots.md); the ± is a 95 % interval.

Classic (``--classic``: player counts, each with classic's default deck for the table, ``classic-N``) is
measured the same way beside them: its informed bots (no claims; the batch fast path) against its claiming
bots (``play.classic_claims``: each day every living bot claims, the village truly, the werewolves a kept
lie; suspicions and ballots weigh the claims), per side (villagers, werewolves, lovers, piper; "none": no
side won within the round limit).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from onenight_core.catalog.presets import PRESETS  # noqa: E402
from onenight_core.model.values import Setup  # noqa: E402
from onenight_core.play.simulate import batch, simulate  # noqa: E402
from onenight_core.rulesets.classic.board import SIDES  # noqa: E402
from onenight_core.rulesets.classic.deck import default_classic_deck  # noqa: E402

DEFAULT_PRESETS = ("base-5", "base-10", "daybreak-8")
DEFAULT_CLASSIC = "9"


def interval(rate: float, games: int) -> float:
    """Half the width of the normal 95 % interval of a win rate over ``games`` games."""
    return 1.96 * math.sqrt(rate * (1 - rate) / games) if games else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--presets", default=",".join(DEFAULT_PRESETS))
    parser.add_argument("--classic", default=DEFAULT_CLASSIC,
                        help="classic player counts, each with its default deck (empty: none)")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.presets.split(",") if n.strip()]
    unknown = [n for n in names if n not in PRESETS]
    if unknown:
        print(f"unknown preset {unknown[0]!r}", file=sys.stderr)
        return 2
    counts_text = [n.strip() for n in args.classic.split(",") if n.strip()]
    if not all(n.isdigit() and 5 <= int(n) <= 18 for n in counts_text):
        print(f"--classic takes player counts from 5 to 18, not {args.classic!r}", file=sys.stderr)
        return 2
    print(f"{args.games} games per preset and bot kind, seed {args.seed} (bots, not people; ± = 95 % interval)")
    print(f"{'preset':<12} {'team':<12} {'informed':>16} {'claiming':>16} {'change':>8}")
    for name in names:
        preset = PRESETS[name]
        setup = Setup(players=tuple(f"P{i}" for i in range(preset.players)), deck=preset.roles)
        timings = {}
        stats = {}
        for bot in ("informed", "claiming"):
            start = time.perf_counter()
            stats[bot] = simulate(setup, args.games, args.seed, bot)
            timings[bot] = time.perf_counter() - start
        keys = [t.key for t in stats["informed"].teams]
        keys += [t.key for t in stats["claiming"].teams if t.key not in keys]
        for key in keys:
            a, b = stats["informed"].win_rate(key), stats["claiming"].win_rate(key)
            print(f"{name:<12} {key:<12} {a:>8.1%} ±{interval(a, args.games):>5.1%} "
                  f"{b:>8.1%} ±{interval(b, args.games):>5.1%} {b - a:>+8.1%}")
        print(f"{'':<12} (games/s: informed {args.games / timings['informed']:,.0f}, "
              f"claiming {args.games / timings['claiming']:,.0f})")
    for count in (int(n) for n in counts_text):
        classic(count, args.games, args.seed)
    return 0


def classic(players: int, games: int, seed: int) -> None:
    """The classic lines: ``classic-N`` (its default deck), each side's win rate with either bot kind."""
    setup = Setup(players=tuple(f"P{i}" for i in range(players)), deck=default_classic_deck(players),
                  ruleset="classic")
    name = f"classic-{players}"
    timings = {}
    stats = {}
    for bot in ("informed", "claiming"):
        start = time.perf_counter()
        stats[bot] = batch(setup, games, seed, bot)
        timings[bot] = time.perf_counter() - start
    for side in SIDES:
        a, b = (dict(stats[bot].wins).get(side, 0) / games for bot in ("informed", "claiming"))
        if a or b:
            print(f"{name:<12} {side:<12} {a:>8.1%} ±{interval(a, games):>5.1%} "
                  f"{b:>8.1%} ±{interval(b, games):>5.1%} {b - a:>+8.1%}")
    print(f"{'':<12} (games/s: informed {games / timings['informed']:,.0f}, "
          f"claiming {games / timings['claiming']:,.0f})")


if __name__ == "__main__":
    raise SystemExit(main())
