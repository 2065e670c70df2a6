"""Benchmark: the classic protocol one answer at a time (as the app plays it), incremental ``apply``
against replaying every input at each answer (the old way, still what a branch does).

    python3 benchmarks/classic_apply.py             # 200 games of 12 players, random bots
    python3 benchmarks/classic_apply.py --games 50

Prints answers per second both ways and the ratio. The incremental way resumes the suspended game, so
its cost per answer does not grow with the game's length; replaying costs O(n) per answer (O(n²) per
game). Target (issue 14): incremental at least 5× faster on these games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from onenight_core.model.values import Setup  # noqa: E402
from onenight_core.rulesets.classic.bots import random_answers  # noqa: E402
from onenight_core.rulesets.classic.protocol import apply, new_game, pending  # noqa: E402

DECK = ("werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl", "defender",
        "elder", "villager", "villager")
TARGET_RATIO = 5.0


def play(seed: int, replaying: bool) -> int:
    setup = Setup(tuple(f"P{i}" for i in range(len(DECK))), DECK, "classic")
    game = new_game(setup, seed)
    bot = random_answers(seed)
    answers = 0
    while (prompt := pending(game)) is not None:
        if replaying:
            game = attrs.evolve(game, live=None)  # no continuation: apply replays every input
        game = apply(game, bot(game.board, prompt))
        answers += 1
    return answers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    rates = {}
    for way in ("incremental", "replaying"):
        start, answers = time.perf_counter(), 0
        for seed in range(args.games):
            answers += play(seed, way == "replaying")
        seconds = time.perf_counter() - start
        rates[way] = answers / seconds
        print(f"{way:12} {answers} answers in {seconds:.2f} s: {rates[way]:,.0f} answers/s")
    ratio = rates["incremental"] / rates["replaying"]
    print(f"incremental / replaying: {ratio:.1f}× (target ≥ {TARGET_RATIO:g}×)")
    return 0 if ratio >= TARGET_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
