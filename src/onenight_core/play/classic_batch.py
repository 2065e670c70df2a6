"""Batches of classic bot games (``onenight simulate --ruleset classic --games K``): the games of a batch
played on the fast path where it covers the set-up (``play.batch.classic``), else on the engine, in this
process, in ``--jobs`` worker processes or on a ``--cluster``, with the same figures wherever they are
played. Game ``i`` is played with the ``i``-th seed of ``model.rng``'s ``game_seeds``, so any game of a
batch can be played again alone with ``--seed``.

It lives in ``play/`` (not beside the classic rules) because it drives games: rulesets never import
``play`` (tests/test_layers.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..model.rng import game_seeds
from ..model.values import Setup
from ..rulesets.classic.simulate import ClassicStats
from .batch.classic import ClassicResult, player
from .parallel import frozen_gc, run_parts


class ClassicTally:
    """The counters of a batch (or of one part of it, played anywhere): sums, so parts merge in any
    order into the same figures."""

    def __init__(self) -> None:
        self.wins: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.died: Counter[str] = Counter()
        self.held: Counter[str] = Counter()
        self.rounds = self.deaths = 0

    def add(self, b: ClassicResult) -> None:
        self.wins[b.winning_side or "none"] += 1
        self.reasons[b.reason] += 1
        self.rounds += b.round
        for role, alive in zip(b.roles, b.alive):
            self.held[role] += 1
            if not alive:
                self.died[role] += 1
                self.deaths += 1

    def merge(self, other: ClassicTally) -> None:
        self.wins += other.wins
        self.reasons += other.reasons
        self.died += other.died
        self.held += other.held
        self.rounds += other.rounds
        self.deaths += other.deaths


def play_classic_chunk(setup: Setup, bot: str, seeds: tuple[int, ...]) -> ClassicTally:
    """The games of ``seeds`` (a slice of ``game_seeds``), tallied: one part of a batch, played here, in
    a worker process (``--jobs``) or on a Dask worker (``--cluster``)."""
    tally = ClassicTally()
    play = player(setup, bot)  # the batch fast path when it covers the set-up, else the engine
    with frozen_gc():
        for game_seed in seeds:
            tally.add(play(game_seed))
    return tally


def simulate_classic(setup: Setup, games: int, seed: int = 0, bot: str = "random",
                     progress: Callable[[int], None] | None = None, every: int = 100,
                     jobs: int = 1, cluster: str | None = None) -> ClassicStats:
    """``games`` seeded bot games of ``setup``; ``jobs`` > 1 plays them in that many processes,
    ``cluster`` on a Dask cluster, with the same figures (game ``i`` has the ``i``-th seed wherever it
    is played, and the counters are sums). ``bot``: one of classic's kinds (``play.simulate.batch`` has
    checked it through ``policies.answers_for``)."""
    if cluster is not None or jobs > 1:
        tally = ClassicTally()
        for part in run_parts(play_classic_chunk, (setup, bot), game_seeds(seed, games), games, jobs, cluster,
                              progress):
            tally.merge(part)
    else:
        tally = ClassicTally()
        play = player(setup, bot)
        with frozen_gc():
            for i, game_seed in enumerate(game_seeds(seed, games), 1):
                tally.add(play(game_seed))
                if progress is not None and (i % every == 0 or i == games):
                    progress(i)
    return ClassicStats(setup, seed, games, bot, tuple(sorted(tally.wins.items())),
                        tuple(sorted(tally.reasons.items())), tally.rounds, tally.deaths,
                        tuple(sorted(tally.died.items())), tuple(sorted(tally.held.items())))


__all__ = ["ClassicTally", "play_classic_chunk", "simulate_classic"]
