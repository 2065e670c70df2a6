"""The classic family's batch statistics (``onenight simulate --ruleset classic --games K``): what one
game's result adds to a batch's counters (``ClassicTally``), where the results come from (the fast path of
``play.batch.classic`` where it covers the set-up, else the engine) and the figures a batch reports
(``ClassicStats``). The batch itself — in this process, in ``--jobs`` worker
processes or on a ``--cluster``, seeded by ``game_seeds`` — is ``play.simulate.batch``'s one loop, for
every family (``play.policies.Statistics``).

It lives in ``play/`` (not beside the classic rules) because it drives games: rulesets never import
``play`` (tests/test_layers.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from attrs import frozen

from ..model.values import Setup
from ..rulesets.classic.board import SIDES
from .batch.classic import ClassicResult, player



@frozen
class ClassicStats:
    """The figures of a batch of classic bot games (``simulate --ruleset classic --games K``)."""

    setup: Setup
    seed: int
    games: int
    bot: str
    wins: tuple[tuple[str, int], ...]
    reasons: tuple[tuple[str, int], ...]
    rounds: int          # nights played, summed over the batch
    deaths: int          # deaths, summed
    deaths_by_role: tuple[tuple[str, int], ...]
    held_by_role: tuple[tuple[str, int], ...]

    def win_rate(self, side: str) -> float:
        return dict(self.wins).get(side, 0) / self.games if self.games else 0.0

    @property
    def average_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    @property
    def average_deaths(self) -> float:
        return self.deaths / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.setup.ruleset, "players": list(self.setup.players), "deck": list(self.setup.deck),
            "options": dict(self.setup.options), "seed": self.seed, "games": self.games, "bot": self.bot,
            "wins": {side: dict(self.wins).get(side, 0) for side in SIDES},
            "win_rates": {side: round(self.win_rate(side), 4) for side in SIDES},
            "reasons": dict(self.reasons), "average_nights": round(self.average_rounds, 3),
            "average_deaths": round(self.average_deaths, 3),
            "deaths_by_role": dict(self.deaths_by_role), "held_by_role": dict(self.held_by_role),
        }


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


def results(setup: Setup, bot: str, seeds: Iterable[int], bring: bool = False) -> Iterator[ClassicResult]:
    """The result of each seeded game, in order: the batch fast path's where it covers the set-up, else
    the engine's (``play.batch.classic.player``). ``bring`` is One Night's (Dalbula's brought cards)."""
    play = player(setup, bot)
    return (play(game_seed) for game_seed in seeds)


def statistics(tally: ClassicTally, setup: Setup, seed: int, games: int, bot: str) -> ClassicStats:
    """A batch's figures from its tally: wins per side, why games ended, nights and deaths."""
    return ClassicStats(setup, seed, games, bot, tuple(sorted(tally.wins.items())),
                        tuple(sorted(tally.reasons.items())), tally.rounds, tally.deaths,
                        tuple(sorted(tally.died.items())), tuple(sorted(tally.held.items())))


__all__ = ["SIDES", "ClassicStats", "ClassicTally", "results", "statistics"]
