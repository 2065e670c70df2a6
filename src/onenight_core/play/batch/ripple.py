"""The ripple a game draws (``ripple_kind``), without playing the night: the engine's draw of
``rulesets/onuw/roles/ripple.Ripple.announce`` — table ``ripple`` of draws.toml, stream ``ripple.kind``,
the game's first draw of it (no Oracle at a covered table forces one) — so the kernel knows before the
night whether a game's ripple leaves the players alone (``quiet_ripple``)."""

from __future__ import annotations

from ...rulesets.draws import _weighted, draw_table, stream_random

QUIET_RIPPLES = frozenset({"none", "silence"})
"""Ripples the players do nothing for: nothing, or a group silenced by day (the bots do not chat)."""


def ripple_kind(ruleset: str, seed: int) -> str:
    items = [(key, weight) for key, weight in draw_table("ripple").weights(ruleset) if weight > 0]
    return _weighted(items, stream_random(seed, "ripple.kind", 0))


def quiet_ripple(ruleset: str, seed: int) -> bool:
    return ripple_kind(ruleset, seed) in QUIET_RIPPLES


__all__ = ["QUIET_RIPPLES", "quiet_ripple", "ripple_kind"]
