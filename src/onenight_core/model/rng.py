"""Seeded randomness, one independent stream per purpose.

Every draw in a game comes from ``stream(seed, purpose)``: the deal, each role's random instruction, each
bot. A new purpose never shifts the draws of another, so adding a role does not reshuffle unrelated
results. ``random.Random`` seeded with a string hashes it with SHA-512, which is stable across runs and
independent of ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import random


def stream(seed: int, purpose: str) -> random.Random:
    """The random stream for ``purpose`` in the game seeded with ``seed``."""
    return random.Random(f"onenight/{seed}/{purpose}")
