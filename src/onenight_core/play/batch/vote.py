"""The bots' ballots (``cast_votes``): ``InformedBot._vote``/``RandomBot`` on the kernel's table.

Seat ``s``'s vote options are the other seats in seat order (the engine's ``_vote_options``), so option
``k`` is ``plan.others[s][k]``; each ballot is the seat voted for."""

from __future__ import annotations

from .night import Table
from .plan import EVIL, Plan


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
        if not hits:
            k = below(s, n - 1)
        else:
            hits.sort()
            if mine == "village":
                evil = [i for i, side in hits if side in EVIL]
                if evil:
                    k = evil[below(s, len(evil))]
                else:
                    k = without(s, n - 1, {i for i, _ in hits})
                    if k < 0:
                        villagers = [i for i, side in hits if side == "village"]
                        k = villagers[below(s, len(villagers))] if villagers else below(s, n - 1)
            elif mine in EVIL:  # never a teammate, and never a special team (a Tanner)
                mates = {i for i, side in hits if side == mine}
                unsafe = mates | {i for i, side in hits if side != "village" and side not in EVIL}
                k = without(s, n - 1, unsafe)
                if k < 0:
                    k = without(s, n - 1, mates)
                    if k < 0:
                        k = below(s, n - 1)
            else:
                k = below(s, n - 1)
        ballots.append(others[s][k])
    return ballots


__all__ = ["cast_votes"]
