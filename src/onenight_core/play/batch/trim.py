"""Flat memory over a long batch (issue 25): the engine's value caches emptied every ``TRIM_EVERY``
games (``trim_caches``).

The engine shares values between games through caches keyed by value or by identity (prompts, turns,
observations, events, option tuples, scripts, set-ups...). Each is bounded, but a deck with per-game
observations (mixed-all-10) or a roster per game (Dalbula's drawn centers) fills them for tens of
thousands of games before they reach their bound: the peak memory of 100,000 games was 1.2x that of
1,000. Emptied every ``TRIM_EVERY`` games, they never hold more than those games' worth, which a batch
reaches in its first thousand games. Every cache checks what it holds (by value, or by identity with the
object kept in the entry), so emptying one between two games changes no result, only what is built again.
The catalogs, the rule tables and the bots' sides are not in the list: they are loaded once."""

from __future__ import annotations

from importlib import import_module
from typing import Any

TRIM_EVERY = 1_000
"""Games between two trims: the batch's first checkpoint (``benchmarks/memory.py``)."""

TRIMMED: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("onenight_core.model.values", ("_OPTIONS_BY_VALUE", "_OPTIONS_BY_ID", "_TURNS_AT")),
    ("onenight_core.model.messages", ("_SAID",)),
    ("onenight_core.rulesets.behaviours", ("fresh_turn",)),
    ("onenight_core.rulesets.night_script", ("_SCRIPTS",)),
    ("onenight_core.rulesets.onuw.identity", ("_IDENTITIES",)),
    ("onenight_core.rulesets.onuw.roles.common", ("_ACT_EVENTS", "_CHOICES", "_JOINED", "card_view", "learned",
                                                 "move", "each", "pairs", "with_copy", "_viewable_positions",
                                                 "_center_positions")),
    ("onenight_core.engine.protocol", ("_VALID_SETUPS", "_BLANK_GAMES", "_set_up_hooks", "_DEALT_CARDS",
                                       "_OPTION_IDS", "_VOTE_RECORDS", "_DEATHS", "_VOTE_PROMPTS",
                                       "_STEP_TABLES")),
    ("onenight_core.play.bots", ("_TARGETS", "_ACTING")),
    ("onenight_core.play.batch.plan", ("_PLANS",)),
)


def caches() -> list[Any]:
    """The caches ``trim_caches`` empties (a renamed cache fails here: tests/test_batch_equals_engine.py)."""
    found = []
    for module, names in TRIMMED:
        values = vars(import_module(module))
        for name in names:
            found.append(values[name])
    return found


_CACHES: list[Any] = []


def trim_caches() -> None:
    """Empty every cache of ``TRIMMED`` (between two games)."""
    if not _CACHES:
        _CACHES.extend(caches())
    for cache in _CACHES:
        clear = getattr(cache, "cache_clear", None)
        if clear is not None:
            clear()
        else:
            cache.clear()


__all__ = ["TRIMMED", "TRIM_EVERY", "caches", "trim_caches"]
