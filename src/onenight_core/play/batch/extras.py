"""The cards a game's set-up lays beside its table (``with_extras``): one villain card per Temptress
card (``rulesets/onuw/roles/villains.add_extra_villains``, the engine's set-up hook), drawn as the engine
draws them — table ``temptress_extra`` of draws.toml, stream ``setup.extra_villain``, draw ``k`` for the
``k``-th Temptress card — and laid after the center, so a Seer's or lone wolf's look sees them too."""

from __future__ import annotations

from .draws import drawn
from ...rulesets.onuw.roles.villains import EXTRA_PIN, EXTRA_STREAM, TEMPTRESS

EXTRA_CARD_ROLES = frozenset({TEMPTRESS})
"""Roles whose set-up hook ``with_extras`` plays (coverage.py lets their cards sit in a covered table)."""


def with_extras(ruleset: str, seed: int, cards: list[str]) -> list[str]:
    """``cards`` (the dealt table) with the extra cards its set-up lays after it."""
    count = cards.count(TEMPTRESS)
    if not count:
        return cards
    return cards + [drawn(ruleset, seed, EXTRA_PIN, EXTRA_STREAM, k) for k in range(count)]


__all__ = ["EXTRA_CARD_ROLES", "with_extras"]
