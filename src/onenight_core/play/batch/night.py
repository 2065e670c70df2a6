"""The night on one mutable table per game, the bots answering inline (``play_night``).

It plays the engine's night (``rulesets/onuw/roles/base.py``) step by step in the script's order, and
each bot answers as ``bots.InformedBot``/``bots.RandomBot`` answers the engine's prompt: a draw from
its own stream among the same options in the same order (an informed bot never passes when it can
act; a random bot's option 0 is the pass), and nothing drawn for a forced answer. An informed bot's
beliefs (position -> role) change as the engine's observations would change them when the bot next
folds them in (``InformedBot._absorb``/``_remember``): what it saw and what it did, in order. The
table holds card ids per position, each card's printed and effective role (a Doppelganger's copy is
card-bound), the night roles, the Doppelganger who copied, and the beliefs. Positions are table indices
(seats, then the center)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .ghosts import empath_group
from .plan import (DG_EMPATH, DG_INSOMNIAC, DOPPELGANGER, DRUNK, EMPATH, INSOMNIAC, MASONS, MINION, ROBBER, SEER,
                   TROUBLEMAKER, WEREWOLVES, WOLF_ROLES, Plan)
from .streams import Streams


class Table:
    """One game's mutable table."""

    __slots__ = ("at", "printed", "eff", "night", "dg", "beliefs", "streams", "informed", "seed")

    def __init__(self, cards: list[str], players: int, seed: int, informed: bool) -> None:
        self.at = list(range(len(cards)))  # the card id at each position (ids: dealt positions)
        self.printed = cards  # each card's printed role (what a look sees)
        self.eff = list(cards)  # each card's role at the vote (a copier card: its copy)
        self.night = cards[:players]  # night roles
        self.dg = -1  # the seat whose Doppelganger copied
        self.beliefs: list[dict[int, str | None]] = (
            [{s: cards[s]} for s in range(players)] if informed else [])
        self.streams = Streams(seed, players)
        self.informed = informed
        self.seed = seed


def learn(b: dict[int, str | None], sides: Mapping[str | None, str], who: Iterable[int], as_: str) -> None:
    """``Learned(who, as_)`` folded into a bot's beliefs ``b``: each position not already believed on
    ``as_``'s side (``sides``: a role's side, ``bots._sides``). Both kernels' tables (this one and
    ``mixed``'s) keep their beliefs this way."""
    side = sides[as_]
    for pos in who:
        if sides.get(b.get(pos)) != side:
            b[pos] = as_


def _seer(t: Table, plan: Plan, seat: int) -> None:
    looks = plan.seer[seat]
    k = t.streams.choice(seat, t.informed, len(looks))
    if k < 0:
        return  # pass
    if t.informed:
        target = looks[k]
        b, at, printed = t.beliefs[seat], t.at, t.printed
        if isinstance(target, int):
            b[target] = printed[at[target]]
        else:
            x, y = target
            b[x] = printed[at[x]]
            b[y] = printed[at[y]]


def _robber(t: Table, plan: Plan, seat: int) -> None:
    others = plan.others[seat]
    k = t.streams.choice(seat, t.informed, len(others))
    if k < 0:
        return
    other = others[k]
    at = t.at
    at[seat], at[other] = at[other], at[seat]
    if t.informed:
        b = t.beliefs[seat]
        b[seat], b[other] = b.get(other), b.get(seat)  # (``_remember``'s swap)
        b[seat] = t.printed[at[seat]]  # the new card, viewed


def _troublemaker(t: Table, plan: Plan, seat: int) -> None:
    pairs = plan.pairs[seat]
    k = t.streams.choice(seat, t.informed, len(pairs))
    if k < 0:
        return
    x, y = pairs[k]
    at = t.at
    at[x], at[y] = at[y], at[x]
    if t.informed:
        b = t.beliefs[seat]
        b[x], b[y] = b.get(y), b.get(x)


def _drunk(t: Table, plan: Plan, seat: int) -> None:
    center = plan.center
    c = center[t.streams.below(seat, len(center))] if len(center) > 1 else center[0]
    at = t.at
    at[seat], at[c] = at[c], at[seat]
    if t.informed:
        b = t.beliefs[seat]
        b[seat], b[c] = b.get(c), b.get(seat)


def _minion(t: Table, plan: Plan, seat: int) -> None:
    if t.informed:
        night = t.night
        wolves = [s for s in range(plan.players) if night[s] in WOLF_ROLES and s != seat]
        learn(t.beliefs[seat], plan.sides, wolves, "werewolf")


def _werewolves(t: Table, plan: Plan) -> None:
    night = t.night
    awake = [s for s in range(plan.players) if night[s] in WOLF_ROLES]
    if len(awake) == 1:  # a lone wolf may view one center card
        seat = awake[0]
        center = plan.center
        k = t.streams.choice(seat, t.informed, len(center))
        if t.informed and k >= 0:
            c = center[k]
            t.beliefs[seat][c] = t.printed[t.at[c]]
    elif t.informed:
        for seat in awake:
            learn(t.beliefs[seat], plan.sides, [s for s in awake if s != seat], "werewolf")


def _masons(t: Table, plan: Plan) -> None:
    if t.informed:
        night = t.night
        masons = [s for s in range(plan.players) if night[s] == "mason"]
        for seat in masons:
            learn(t.beliefs[seat], plan.sides, [s for s in masons if s != seat], "mason")


def _insomniac(t: Table, seat: int) -> None:
    if t.informed:
        t.beliefs[seat][seat] = t.printed[t.at[seat]]


_AT_ONCE = {"seer": _seer, "robber": _robber, "troublemaker": _troublemaker, "drunk": _drunk, "minion": _minion}


def _doppelganger(t: Table, plan: Plan, seat: int) -> None:
    others = plan.others[seat]
    target = others[t.streams.below(seat, len(others))]
    copied = t.printed[t.at[target]]
    t.eff[t.at[seat]] = copied  # the copy is card-bound (its card is still its own: the first step)
    t.night[seat] = copied
    t.dg = seat
    if t.informed:
        b = t.beliefs[seat]
        b[seat] = copied  # the copy, folded in first (``_absorb``), then the view of the copied card
        b[target] = copied
    act = _AT_ONCE.get(copied)
    if act is not None:
        act(t, plan, seat)


def _pointing(t: Table, plan: Plan, dg: bool) -> None:
    """A center Empath's step (ghosts.py): each player of the group she names points at another player, a
    draw from his own stream among the others (no pass); nobody watches, nothing moves."""
    n = plan.players
    below = t.streams.below
    for seat in empath_group(plan.ruleset, n, t.seed, dg):
        below(seat, n - 1)


_ROLE_STEPS = {SEER: ("seer", _seer), ROBBER: ("robber", _robber), TROUBLEMAKER: ("troublemaker", _troublemaker),
               DRUNK: ("drunk", _drunk), MINION: ("minion", _minion)}


def play_night(t: Table, plan: Plan) -> None:
    """Every step of the script, in order; a step nobody holds is a ghost (nothing happens)."""
    night, dg = t.night, t.dg
    for step in plan.steps:
        if step == WEREWOLVES:
            _werewolves(t, plan)
        elif step == MASONS:
            _masons(t, plan)
        elif step == INSOMNIAC:
            dg = t.dg
            for seat in range(plan.players):
                if night[seat] == "insomniac" and seat != dg:
                    _insomniac(t, seat)
        elif step == DG_INSOMNIAC:
            if t.dg >= 0 and night[t.dg] == "insomniac":
                _insomniac(t, t.dg)
        elif step == EMPATH or step == DG_EMPATH:
            _pointing(t, plan, step == DG_EMPATH)
        elif step == DOPPELGANGER:
            for seat in range(plan.players):
                if night[seat] == "doppelganger":
                    _doppelganger(t, plan, seat)
                    break
        else:
            role, act = _ROLE_STEPS[step]
            if role in night:
                dg = t.dg
                for seat in range(plan.players):
                    if night[seat] == role and seat != dg:
                        act(t, plan, seat)


__all__ = ["Table", "play_night"]
