"""The classic deck: as dealt (a set-up fact shared by the game, its drivers and the batch fast path), the
default deck for a number of players, and a deck written on the command line."""

from __future__ import annotations

from collections.abc import Sequence

from ...errors import SetupError
from ...model.messages import say
from ...model.values import Setup
from .catalog import ClassicCatalog, classic_catalog


def full_deck(setup: Setup) -> tuple[str, ...]:
    """The deck dealt: the set-up's cards, plus two villagers when a thief is in them (4.1.2)."""
    deck = tuple(setup.deck)
    if "thief" in deck and len(deck) == len(setup.players):
        deck += ("villager", "villager")
    return deck


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


def default_table_deck(players: int) -> tuple[str, ...]:
    """The default deck a table of ``players`` is offered (``Ruleset.default_deck``): the default composition,
    for at least the three players a classic game needs (a set-up screen still being filled in asks too)."""
    return default_classic_deck(max(players, 3))


def parse_classic_deck(text: str) -> tuple[str, ...]:
    """``werewolf*2,seer,witch,villager*3``; roles are checked by the set-up."""
    deck: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        name, star, count = part.partition("*")
        name = name.strip().lower().replace(" ", "_").replace("-", "_")
        if not name:
            raise SetupError(said=say("error_deck_empty_name"))
        try:
            n = int(count) if star else 1
        except ValueError:
            raise SetupError(said=say("error_deck_count", given=repr(part))) from None
        if not 1 <= n <= 100:
            raise SetupError(said=say("error_deck_count_range", given=repr(part), low=1, high=100))
        deck += [name] * n
    return tuple(deck)


def check_deck(deck: Sequence[str], catalog: ClassicCatalog | None = None) -> tuple[str, ...]:
    """The deck's role ids, each known to the classic catalog, with at least one werewolf; SetupError
    (one line) otherwise."""
    catalog = catalog or classic_catalog()
    if not deck:
        raise SetupError(said=say("error_classic_empty"))
    for role in deck:
        if role not in catalog:
            raise SetupError(said=say("error_classic_unknown_role_see", given=repr(role)))
    if "werewolf" not in deck:
        raise SetupError(said=say("error_classic_werewolf"))
    return tuple(deck)


__all__ = ["DEFAULT_SHAPES", "SPECIALS", "check_deck", "default_classic_deck", "default_table_deck", "full_deck",
           "parse_classic_deck"]
