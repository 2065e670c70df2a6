"""Seeded randomness, one independent stream per purpose.

Every draw in a game comes from ``stream(seed, purpose)``: the deal, each role's random instruction, each
bot. A new purpose never shifts the draws of another, so adding a role does not reshuffle unrelated
results. ``random.Random`` seeded with a string hashes it with SHA-512, which is stable across runs and
independent of ``PYTHONHASHSEED``. Bots draw from the lighter ``draws(seed, purpose)`` (see ``Draws``).
"""

from __future__ import annotations

import random
from _random import Random as _MersenneTwister
from hashlib import blake2b as _blake2b, sha512 as _sha512
from typing import Iterable, Iterator, Sequence, TypeVar

T = TypeVar("T")


def stream(seed: int, purpose: str) -> random.Random:
    """The random stream for ``purpose`` in the game seeded with ``seed``."""
    return random.Random(f"onenight/{seed}/{purpose}")


def game_seeds(seed: int, games: int) -> Iterator[int]:
    """The seed of each game of a ``simulate`` batch, in order (32-bit, easy to paste into ``--seed``):
    game ``i`` of any ruleset's batch is played with the ``i``-th, wherever it is played."""
    draw = stream(seed, "simulate")
    for _ in range(games):
        yield draw.getrandbits(32)


def shuffled(seed: int, purpose: str, items: Iterable[T]) -> list[T]:
    """``items`` shuffled as ``stream(seed, purpose).shuffle`` shuffles them, draw for draw.

    Every simulated game deals once, and building the ``random.Random`` (its Python-level seeding) and
    its Python-level ``shuffle`` cost as much as a few night steps. This is the same algorithm with
    the same Mersenne Twister: the seed is the one ``Random.seed`` makes of a string (version 2: the
    bytes and their SHA-512, as one integer), and each swap draws ``_randbelow`` (``getrandbits``
    of the bound's bit length until below it). tests/test_rng.py checks it against ``stream``."""
    key = f"onenight/{seed}/{purpose}".encode()
    getrandbits = _MersenneTwister(int.from_bytes(key + _sha512(key).digest(), "big")).getrandbits
    x = list(items)
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
    return x


class Draws:
    """A light stream of uniform draws for ``purpose``, for drivers that only pick from short lists
    (the bots: one or two picks per game).

    ``stream`` seeds a Mersenne Twister, whose 624-word state costs about as much to seed as a bot's
    whole game; a bot of a simulated game draws once or twice, so ten such streams were an eighth of
    ``simulate``. Draw ``n`` of a ``Draws`` is read from a BLAKE2b digest of (seed, purpose, n): as
    reproducible and independent per purpose as ``stream``, stable across runs and platforms, and it
    costs nothing until it is used. (128-bit digests: the modulo bias over a list of k items is below
    k / 2**128.)"""

    __slots__ = ("_seed", "_purpose", "_count", "_prefix")

    def __init__(self, seed: int, purpose: str) -> None:
        self._seed, self._purpose, self._count = seed, purpose, 0
        self._prefix = b""  # the key's constant part, encoded at the first draw (most streams draw once or never)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("nothing to draw from")
        prefix = self._prefix
        if not prefix:
            prefix = self._prefix = f"onenight/{self._seed}/{self._purpose}/".encode()
        key = prefix + b"%d" % self._count  # f"onenight/{seed}/{purpose}/{count}".encode()
        self._count += 1
        hasher = _BLAKE2B_16.copy()  # ``_blake2b(key, digest_size=16)``, without its keyword argument
        hasher.update(key)
        return int.from_bytes(hasher.digest(), "big") % n

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of ``seq`` (IndexError when it is empty, like ``random.choice``):
        ``seq[self.below(len(seq))]``, written out (a bot's every random answer comes through here)."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        prefix = self._prefix
        if not prefix:
            prefix = self._prefix = f"onenight/{self._seed}/{self._purpose}/".encode()
        key = prefix + b"%d" % self._count
        self._count += 1
        hasher = _BLAKE2B_16.copy()
        hasher.update(key)
        return seq[int.from_bytes(hasher.digest(), "big") % len(seq)]


# An empty 128-bit BLAKE2b hasher: a copy of it hashes exactly as ``_blake2b(key, digest_size=16)`` does,
# and copying costs less than a call with a keyword argument (~200 ns against ~290 ns per draw).
_BLAKE2B_16 = _blake2b(digest_size=16)


def draws(seed: int, purpose: str) -> Draws:
    """The light draw stream for ``purpose`` in the game seeded with ``seed`` (see ``Draws``)."""
    return Draws(seed, purpose)
