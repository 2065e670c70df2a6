"""The bots' ballots (``cast_votes``): ``InformedBot._vote``/``RandomBot`` on the kernel's table.

Seat ``s``'s vote options are the other seats in seat order (the engine's ``_vote_options``), so option
``k`` is ``plan.others[s][k]``; each ballot is the seat voted for."""

from __future__ import annotations

from collections.abc import Callable

from .night import Table
from .plan import EVIL, Plan


def informed_ballot(s: int, m: int, mine: str, hits: list[tuple[int, str]], below: Callable[[int, int], int],
                    without: Callable[[int, int, set[int]], int]) -> int:
    """The option (of ``m``) seat ``s``'s informed bot votes for (``InformedBot._vote``): ``mine`` is the side
    it believes it is on, ``hits`` the options whose side it believes it knows, as ``(option, side)``. A
    village bot votes for an evil side it knows, else for someone it knows nothing of, else a villager;
    an evil bot never for a teammate nor a special team (a Tanner). Both kernels' votes
    (``cast_votes``, ``mixed``'s) are this choice on their own tables."""
    if not hits:
        return below(s, m)
    hits.sort()
    if mine == "village":
        evil = [i for i, side in hits if side in EVIL]
        if evil:
            return evil[below(s, len(evil))]
        k = without(s, m, {i for i, _ in hits})
        if k < 0:
            villagers = [i for i, side in hits if side == "village"]
            k = villagers[below(s, len(villagers))] if villagers else below(s, m)
        return k
    if mine in EVIL:  # never a teammate, and never a special team (a Tanner)
        mates = {i for i, side in hits if side == mine}
        unsafe = mates | {i for i, side in hits if side != "village" and side not in EVIL}
        k = without(s, m, unsafe)
        if k < 0:
            k = without(s, m, mates)
            if k < 0:
                k = below(s, m)
        return k
    return below(s, m)


def cast_votes(t: Table, plan: Plan) -> list[int]:
    n = plan.players
    below = t.streams.below
    others = plan.others
    if not t.informed:
        return [others[s][below(s, n - 1)] for s in range(n)]
    ballots = []
    sides, night, beliefs, vote_index = plan.sides, t.night, t.beliefs, plan.vote_index
    without = t.streams.below_without
    for s in range(n):
        b = beliefs[s]
        mine = sides.get(b.get(s))  # the side of the card it believes it holds
        if mine is None:
            mine = sides.get(night[s]) or "village"
        at = vote_index[s]
        hits = []
        for pos, role in b.items():
            side = sides.get(role)  # (None: no side)
            if side is not None and pos < n:
                i = at[pos]
                if i >= 0:
                    hits.append((i, side))
        k = informed_ballot(s, n - 1, mine, hits, below, without)
        ballots.append(others[s][k])
    return ballots


__all__ = ["cast_votes", "informed_ballot"]
