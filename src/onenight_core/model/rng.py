"""Seeded randomness, one independent stream per purpose.

Every draw in a game comes from ``stream(seed, purpose)``: the deal, each role's random instruction, each
bot. A new purpose never shifts the draws of another, so adding a role does not reshuffle unrelated
results. ``random.Random`` seeded with a string hashes it with SHA-512, which is stable across runs and
independent of ``PYTHONHASHSEED``. Bots draw from the lighter ``draws(seed, purpose)`` (see ``Draws``).
"""

from __future__ import annotations

import random
from hashlib import blake2b as _blake2b
from typing import Sequence, TypeVar

T = TypeVar("T")


def stream(seed: int, purpose: str) -> random.Random:
    """The random stream for ``purpose`` in the game seeded with ``seed``."""
    return random.Random(f"onenight/{seed}/{purpose}")


class Draws:
    """A light stream of uniform draws for ``purpose``, for drivers that only pick from short lists
    (the bots: one or two picks per game).

    ``stream`` seeds a Mersenne Twister, whose 624-word state costs about as much to seed as a bot's
    whole game; a bot of a simulated game draws once or twice, so ten such streams were an eighth of
    ``simulate``. Draw ``n`` of a ``Draws`` is read from a BLAKE2b digest of (seed, purpose, n): as
    reproducible and independent per purpose as ``stream``, stable across runs and platforms, and it
    costs nothing until it is used. (128-bit digests: the modulo bias over a list of k items is below
    k / 2**128.)"""

    __slots__ = ("_seed", "_purpose", "_count")

    def __init__(self, seed: int, purpose: str) -> None:
        self._seed, self._purpose, self._count = seed, purpose, 0

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("nothing to draw from")
        key = f"onenight/{self._seed}/{self._purpose}/{self._count}".encode()
        self._count += 1
        return int.from_bytes(_blake2b(key, digest_size=16).digest(), "big") % n

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of ``seq`` (IndexError when it is empty, like ``random.choice``)."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]


def draws(seed: int, purpose: str) -> Draws:
    """The light draw stream for ``purpose`` in the game seeded with ``seed`` (see ``Draws``)."""
    return Draws(seed, purpose)
