"""Card positions: ``p0..pN-1`` in front of the players, ``c0, c1, c2`` (and ``c3..`` extras) in the center.

Internally a position is an index into the table: players first, then the center."""

from __future__ import annotations

from functools import lru_cache

from ..errors import IllegalAction


@lru_cache(maxsize=4096)
def pos_name(index: int, players: int) -> str:
    return f"p{index}" if index < players else f"c{index - players}"


@lru_cache(maxsize=4096)
def pos_index(name: str, players: int, table: int) -> int:
    """The table index of position ``name``; raises IllegalAction for a position not on this table."""
    if len(name) >= 2 and name[0] in "pc" and name[1:].isdigit():
        n = int(name[1:])
        index = n if name[0] == "p" else players + n
        if (name[0] == "p" and n < players) or (name[0] == "c" and index < table):
            return index
    raise IllegalAction(f"no position {name!r} on this table")


def left(seat: int, players: int) -> int:
    """The LEFT neighbour of ``seat``: (seat + 1) mod N (docs/rules.md §0.2)."""
    return (seat + 1) % players


def right(seat: int, players: int) -> int:
    """The RIGHT neighbour of ``seat``: (seat - 1) mod N."""
    return (seat - 1) % players
