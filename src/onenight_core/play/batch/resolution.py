"""Who died and who won (``resolve``): the engine's ``rulesets/onuw/resolution.resolve`` for the roles
the kernel covers, without the explanations (causes, reasons) that only a story reads.

V4 the tally, V5 the vote (the most votes, at least two; every tie dies), V7 the Hunter's shot (in
order of death), W1–W3 the main teams (one evil kind at most: never an epic battle), W5 the Tanner's
veto, W6 the Tanner's and the lone Minion's own conditions; the team lines after the vetoes. For these
roles Dalbula's ``rulesets/dalbula/resolution.resolve`` differs in one point: the Tanner's death does
not sink the lone Minion (DW6a; ``plan.vetoes``)."""

from __future__ import annotations

from typing import Protocol

from ...rulesets.onuw.identity import EVIL_KINDS
from .night import Table
from .plan import Plan

MAIN_TEAMS = ("village",) + EVIL_KINDS


class Result(Protocol):
    """What ``simulate``'s tally reads of a game: the engine's ``Outcome`` and the kernel's
    ``GameResult`` both have it."""

    @property
    def mode(self) -> str: ...

    @property
    def dead(self) -> frozenset[int]: ...

    @property
    def winners(self) -> frozenset[int]: ...

    @property
    def roles(self) -> tuple[str, ...]: ...

    @property
    def keys(self) -> tuple[str, ...]: ...


class GameResult:
    """What a tally reads of a game (the fields of ``Outcome`` that ``simulate`` counts)."""

    __slots__ = ("mode", "dead", "winners", "roles", "keys", "teams")

    def __init__(self, dead: frozenset[int], winners: frozenset[int], roles: tuple[str, ...],
                 keys: tuple[str, ...], teams: tuple[tuple[str, bool], ...]) -> None:
        self.mode = "normal"
        self.dead, self.winners, self.roles, self.keys, self.teams = dead, winners, roles, keys, teams


def resolve(t: Table, plan: Plan, ballots: list[int]) -> GameResult:
    n = plan.players
    eff, at = t.eff, t.at
    roles = tuple([eff[at[s]] for s in range(n)])
    kind = plan.kind
    wolves = any(kind[r] == "werewolf" for r in roles)
    key_of = plan.key_with if wolves else plan.key_without
    keys = tuple([key_of[r] for r in roles])
    tally = [0] * n
    for target in ballots:
        tally[target] += 1
    most = max(tally)
    dead: set[int] = set()
    if most >= 2:
        order = [s for s in range(n) if tally[s] == most]
        dead.update(order)
        if "hunter" in roles:
            for p in order:  # (grows as the Hunters shoot: in order of death)
                if roles[p] == "hunter":
                    shot = ballots[p]
                    if shot not in dead:
                        dead.add(shot)
                        order.append(shot)
    if wolves:
        died = any(kind[roles[s]] == "werewolf" for s in dead)
        won = {"village": died, "werewolf": not died}
    else:
        won = {"village": not dead}
    vetoed = "tanner" in roles and any(roles[s] == "tanner" for s in dead)
    vetoes = plan.vetoes
    winners = []
    for s in range(n):
        key = keys[s]
        if vetoed and key in vetoes:
            continue
        if key == "tanner":
            ok = s in dead
        elif key == "minion_solo":
            ok = s not in dead and any(d != s for d in dead)
        else:
            ok = won.get(key, False)
        if ok:
            winners.append(s)
    teams = []
    if "village" in keys:
        teams.append(("village", won["village"]))
    if wolves:
        teams.append(("werewolf", won["werewolf"] and not vetoed))
    return GameResult(frozenset(dead), frozenset(winners), roles, keys, tuple(teams))


__all__ = ["GameResult", "MAIN_TEAMS", "Result", "resolve"]
