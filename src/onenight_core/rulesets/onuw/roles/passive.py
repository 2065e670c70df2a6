"""Roles with no night action whose passives the resolution already implements."""

from __future__ import annotations

from .registry import Passive, register

register("villager", "hunter", "tanner", "dream_wolf")(type("NoNightAction", (Passive,), {}))
