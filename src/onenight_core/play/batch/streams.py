"""The bots' seeded draws without a stream object: draw ``k`` of seat ``s`` in the game seeded ``seed``
is ``rng.draws(seed, f"bot:{s}")``'s draw ``k`` — a BLAKE2b digest of ``onenight/<seed>/bot:<s>/<k>``
(``rng.Draws.below``), so the kernel's bots draw exactly what the engine's bots draw, in the same order."""

from __future__ import annotations

from hashlib import blake2b

_EMPTY = blake2b(digest_size=16)
_from_bytes = int.from_bytes
SEAT_KEYS = tuple(b"%d/" % seat for seat in range(128))


class Streams:
    """Every bot's stream of one game: the key's constant part per seat and the draws made so far."""

    __slots__ = ("prefix", "count")

    def __init__(self, seed: int, players: int) -> None:
        stem = b"onenight/%d/bot:" % seed
        self.prefix = [stem + SEAT_KEYS[s] if s < 128 else stem + b"%d/" % s for s in range(players)]
        self.count = [0] * players

    def below(self, seat: int, n: int) -> int:
        """Seat ``seat``'s next draw: a uniform integer in ``range(n)`` (``Draws.below``)."""
        count = self.count
        k = count[seat]
        count[seat] = k + 1
        hasher = _EMPTY.copy()
        hasher.update(self.prefix[seat] + b"%d" % k)
        return _from_bytes(hasher.digest(), "big") % n

    def choice(self, seat: int, informed: bool, count: int) -> int:
        """``seat``'s answer to a prompt of a pass and ``count`` acts, as the engine's bots give it: the
        act's index, or -1 for the pass. An informed bot always acts; a random bot draws among the pass
        (first, in the engine's order) and the acts; a pass alone is forced and draws nothing."""
        if count == 0:
            return -1
        if informed:
            return self.below(seat, count)
        return self.below(seat, count + 1) - 1

    def below_without(self, seat: int, n: int, skip: set[int]) -> int:
        """``bots._choose_without``: the draw among ``range(n)`` but ``skip`` (-1, drawing nothing, when
        none are left), as the index into ``range(n)``."""
        left = n - len(skip)
        if left <= 0:
            return -1
        k = self.below(seat, left)
        for i in sorted(skip):
            if i <= k:
                k += 1
        return k


__all__ = ["Streams"]
