"""Which game family a ruleset is played by, for the parts of the app and the commands that differ per
family (a table driver: ``tables.table_for``; a story's words, a narrator's script, a roles table):
``GameRules.family`` of the rules ``engine.game.rules_for`` gives — ``one_night`` (onuw, dalbula: one
night, one vote) or
``nights_and_days`` (classic) — never a ruleset's id. A new ruleset played by the One Night engine needs
nothing here; a ruleset with its own game adds its family's entries where it has its own parts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")

ONE_NIGHT = "one_night"
NIGHTS_AND_DAYS = "nights_and_days"
#: The families whose games seat bots at the table (bots/: one interface, ``SeatBots``; One Night's claiming
#: bots: bots/one_night.py; classic's: bots/classic.py).
BOT_FAMILIES = frozenset({ONE_NIGHT, NIGHTS_AND_DAYS})


def family_of(ruleset: str | None) -> str:
    """The family of ``ruleset`` (None: the default ruleset)."""
    from onenight_core.engine.game import rules_for
    from onenight_core.ruleset_ids import DEFAULT_RULESET

    return rules_for(ruleset or DEFAULT_RULESET).family


def by_family(ruleset: str | None, parts: Mapping[str, T]) -> T:
    """``parts[family_of(ruleset)]``: the part of the family ``ruleset`` is played by."""
    return parts[family_of(ruleset)]

