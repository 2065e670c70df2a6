"""The classic deck as dealt: a set-up fact shared by the game, its drivers and the batch fast path."""

from __future__ import annotations

from ...model.values import Setup


def full_deck(setup: Setup) -> tuple[str, ...]:
    """The deck dealt: the set-up's cards, plus two villagers when a thief is in them (4.1.2)."""
    deck = tuple(setup.deck)
    if "thief" in deck and len(deck) == len(setup.players):
        deck += ("villager", "villager")
    return deck


__all__ = ["full_deck"]
