"""Batches of classic bot games (``onenight simulate --ruleset classic --games K``): win rates per side,
why games end, how long they last. Game ``i`` is played with the ``i``-th seed of ``model.rng``'s
``game_seeds``, so any game of a batch can be played again alone with ``--seed``."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...model.values import Setup
from .board import side_of

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


__all__ = ["SIDES", "ClassicStats", "default_classic_deck", "parse_classic_deck", "side_of"]
