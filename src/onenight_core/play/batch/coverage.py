"""Which set-ups the batch kernel plays: the ``onuw`` base roles with the engine's bots.

A set-up is covered when every card of the table is one of ``COVERED_ROLES``, it has at most one
Doppelganger (so a copy is never of a copier), no scenario pins its draws, and its night script has only
the steps the kernel knows (``plan.STEP_CODES``). Anything else is played by the engine, game by game
(a Dalbula game brings its own cards and draws its center: each game is decided on its own table)."""

from __future__ import annotations

from ...model.values import Setup

COVERED_RULESETS = frozenset({"onuw"})
COVERED_ROLES = frozenset({"doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker",
                           "drunk", "insomniac", "hunter", "tanner", "villager"})
COVERED_BOTS = frozenset({"informed", "random"})


def covers_table(ruleset: str, table: tuple[str, ...]) -> bool:
    """Whether the kernel plays a game of ``ruleset`` whose table (every card in play) is ``table``."""
    return (ruleset in COVERED_RULESETS and COVERED_ROLES.issuperset(table)
            and table.count("doppelganger") <= 1)


def covers(setup: Setup, bot: str) -> bool:
    """Whether every game of ``setup`` played by ``bot`` bots is the kernel's."""
    return bot in COVERED_BOTS and not setup.draws and covers_table(setup.ruleset, setup.deck)


__all__ = ["COVERED_BOTS", "COVERED_ROLES", "COVERED_RULESETS", "covers", "covers_table"]
