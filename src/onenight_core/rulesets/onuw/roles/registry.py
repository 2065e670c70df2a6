"""The onuw behaviour registry the roles register in, and the set-up helpers that read it (extra center
cards). The behaviour interface itself is ``rulesets.behaviours.Behaviour``."""

from __future__ import annotations

from collections.abc import Sequence

from ....catalog.loader import default_catalog
from ...behaviours import Behaviour, BehaviourRegistry, Passive

__all__ = ["BEHAVIOURS", "PLAYABLE", "Behaviour", "Passive", "behaviour_for", "extra_slots", "playable",
           "register", "set_aside"]

# The onuw behaviour registry: every module of this package registers its roles here (``@register``).
BEHAVIOURS = BehaviourRegistry("onuw")
PLAYABLE = BEHAVIOURS.playable
register = BEHAVIOURS.register


def _by_table_order(deck: Sequence[str]) -> list[str]:
    """The roles of ``deck`` that add extra center cards, in roster order (docs/rules.md §2.1, S0 table)."""
    catalog = default_catalog()
    extra = {r for r in deck if r in BEHAVIOURS and BEHAVIOURS[r].extra_center}
    return sorted(extra, key=lambda r: (catalog[r].number if r in catalog else 0, r))


def set_aside(deck: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split ``deck`` into the cards that are shuffled and dealt, and the extra center cards that roles
    lay beside the center (slots c3, c4, ... in that order). Decks without such roles are unchanged."""
    cards = list(deck)
    aside: list[str] = []
    for role in _by_table_order(deck):
        for _ in range(list(deck).count(role) * BEHAVIOURS[role].extra_center):
            card = BEHAVIOURS[role].extra_card(cards)
            cards.remove(card)
            aside.append(card)
    return cards, aside


def extra_slots(deck: Sequence[str], players: int, base_center: int = 3) -> dict[str, tuple[int, ...]]:
    """The table indices of the extra center slots each role adds (the layout ``set_aside`` deals)."""
    out: dict[str, tuple[int, ...]] = {}
    index = players + base_center
    for role in _by_table_order(deck):
        count = list(deck).count(role) * BEHAVIOURS[role].extra_center
        out[role] = tuple(range(index, index + count))
        index += count
    return out


def behaviour_for(key: str) -> Behaviour:
    return BEHAVIOURS.behaviour(key)


def playable(role_id: str) -> bool:
    return role_id in PLAYABLE
