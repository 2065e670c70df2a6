"""The rulesets' ids, in their one order: the one place they are written.

The registry (``onenight_core.rulesets.RULESETS``, which builds every ruleset and with it the engine)
and the catalog (``catalog.loader``: the ``rulesets`` a role of ``roles.toml`` belongs to) both read
this tuple, and the registry checks that it builds exactly these. Front ends that only need the names
(the command line's ``--ruleset`` choices) read them here, without building any ruleset."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

RULESET_IDS = ("onuw", "dalbula", "classic")

#: The ruleset a game is played with when none is named.
DEFAULT_RULESET = "onuw"

#: The rulesets whose players bring their cards (Dalbula's own set-up, from their collections), each with the
#: option that deals the official table instead. Light data, read by the set-up screen before the engine loads.
BRINGS_CARDS_UNLESS = {"dalbula": "official_setup"}

#: The rulesets whose players keep card collections (the ones that bring their cards).
COLLECTION_RULESETS = tuple(BRINGS_CARDS_UNLESS)


#: The field of ``roles.toml`` whose wake codes a ruleset's night reads, where it is not ``wake`` (Dalbula's
#: own order, S0's table). Light data, read by the catalog (below the rulesets) and the narrator's set-up.
WAKE_FIELDS = {"dalbula": "dalbula_wake"}


#: The weight column of ``draws.toml`` a ruleset's random tables read, where it is not the app's (Dalbula's:
#: S0's). Light data, read by the draws module, which the registry's rulesets import (so it cannot ask them).
DRAW_COLUMNS = {"dalbula": "s0"}


def draw_column(ruleset: str) -> str:
    """The ``draws.toml`` weight column of ``ruleset``'s random tables (``Ruleset.draw_column``)."""
    return DRAW_COLUMNS.get(ruleset, "app")


def wake_field(ruleset: str) -> str:
    """The ``roles.toml`` field of ``ruleset``'s wake codes (``Ruleset.wake_field``)."""
    return WAKE_FIELDS.get(ruleset, "wake")


def keeps_collections(ruleset: str) -> bool:
    """Whether the players of ``ruleset`` keep card collections to bring their cards from (Dalbula's)."""
    return ruleset in BRINGS_CARDS_UNLESS


def brings_cards(ruleset: str, options: Mapping[str, object] | Iterable[tuple[str, object]]) -> bool:
    """Whether the players of ``ruleset`` bring their cards with these options (pairs or a mapping)."""
    unless = BRINGS_CARDS_UNLESS.get(ruleset)
    return unless is not None and not dict(options).get(unless, False)
