"""Who sits where around a classic table: the one rule for going round it (seed 004 steps 8 and 9, the
Bear Tamer's and the Rusty Knight's neighbours). A fact of the seating, not of any card, so the app's
table view (``onenight_tui.tables.classic.heard``) reads it here as the engine's board does."""

from __future__ import annotations


def clockwise_after(players: int, living: tuple[int, ...], after: int | None) -> tuple[int, ...]:
    """``living`` clockwise (the left neighbour of seat i is seat i+1), starting with the first living
    seat to the left of ``after``; from seat 0 when ``after`` is None."""
    start = 0 if after is None else after + 1
    return tuple(sorted(living, key=lambda s: (s - start) % players))


__all__ = ["clockwise_after"]
