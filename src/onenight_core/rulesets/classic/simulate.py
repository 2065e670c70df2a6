"""Batches of classic bot games (``onenight simulate --ruleset classic --games K``): win rates per side,
why games end, how long they last. Game ``i`` is played with the ``i``-th seed of ``play.simulate``'s
``game_seeds``, so any game of a batch can be played again alone with ``--seed``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from attrs import frozen

from ...model.values import Setup
from ...play.batch.classic import ClassicResult, player
from ...play.parallel import frozen_gc, run_parts
from ...play.simulate import game_seeds
from .board import side_of
from .bots import check_bot

SIDES = ("villagers", "werewolves", "piper", "lovers", "none")


@frozen
class ClassicStats:
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
            "ruleset": "classic", "players": list(self.setup.players), "deck": list(self.setup.deck),
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
    is played, and the counters are sums)."""
    check_bot(bot)
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


#: The default deck for each player count: (werewolves, specials), the specials taken in this order and the
#: rest villagers. Chosen so that each side wins between 40 % and 60 % of the games between informed bots
#: (docs/decisions.md, "Default classic decks", has the table measured with ``simulate``); no New Moon role,
#: so the default deck plays without event cards.
SPECIALS = ("seer", "witch", "hunter", "cupid", "little_girl")
DEFAULT_SHAPES = {3: (1, 1), 4: (1, 1), 5: (1, 2), 6: (1, 1), 7: (1, 1), 8: (2, 5), 9: (2, 5), 10: (2, 5),
                  11: (2, 4), 12: (2, 5), 13: (2, 5), 14: (2, 5), 15: (2, 4), 16: (2, 3), 17: (2, 5),
                  18: (2, 4), 19: (2, 2), 20: (2, 2)}


def default_classic_deck(players: int) -> tuple[str, ...]:
    """The default composition for ``players`` ([S004]: werewolves, a seer, villagers; other roles
    replacing villagers): ``DEFAULT_SHAPES`` up to 20 players, then one more werewolf per six players."""
    wolves, k = DEFAULT_SHAPES.get(players, (2 + max(0, players - 20) // 6, 2))
    specials = list(SPECIALS[:max(0, min(k, players - wolves))])
    return tuple(["werewolf"] * wolves + specials + ["villager"] * (players - wolves - len(specials)))


def parse_classic_deck(text: str) -> tuple[str, ...]:
    """``werewolf*2,seer,witch,villager*3``; roles are checked by the set-up."""
    from ...errors import SetupError
    from ...model.messages import say

    deck: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        name, star, count = part.partition("*")
        name = name.strip().lower().replace(" ", "_").replace("-", "_")
        if not name:
            raise SetupError("the deck has an empty role name", said=say("error_deck_empty_name"))
        try:
            n = int(count) if star else 1
        except ValueError:
            raise SetupError(f"write a repeated role as role*N, got {part!r}",
                             said=say("error_deck_count", given=repr(part))) from None
        if not 1 <= n <= 100:
            raise SetupError(f"a role count must be between 1 and 100, got {part!r}",
                             said=say("error_deck_count_range", given=repr(part), low=1, high=100))
        deck += [name] * n
    return tuple(deck)


__all__ = ["ClassicStats", "ClassicTally", "default_classic_deck", "parse_classic_deck", "play_classic_chunk",
           "side_of", "simulate_classic"]
