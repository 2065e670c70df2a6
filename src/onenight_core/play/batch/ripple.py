"""The ripple a game draws (``ripple_kind``), without playing the night: the engine's draw of
``rulesets/onuw/roles/ripple.Ripple.announce`` — table ``ripple`` of draws.toml, stream ``ripple.kind``,
the game's first draw of it (a covered table's ghost Oracle never forces one: ``ghosts.quiet_oracle``) — so
the kernel knows before the night whether a game's ripple leaves the players alone (``quiet_ripple``) or
is one it plays itself (``PLAYED_RIPPLES``, ``play_ripple``: one actor's swap, take or look among the
players the ripple designates, two actors' shared look or swap-shuffle, or a
group each viewing their own card).

The ripple is the night's last step (Z2), so the kernel plays it after the rest of the night: its
announcement (actors, designated seats) is drawn from the seats alone (``designated``), the actor's
answer is a draw from his own stream among the engine's options in their order (``Ripple.prompt``: a
pass first; an informed bot never passes when it can act), and the informed bots' beliefs follow what
they did and saw, as ``InformedBot._remember``/``_absorb`` would."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from . import draws
from .draws import below, drawn, mt

if TYPE_CHECKING:
    from .night import Table
    from .plan import Plan

QUIET_RIPPLES = frozenset({"none", "silence"})
"""Ripples the players do nothing for: nothing, or a group silenced by day (the bots do not chat)."""
PLAYED_RIPPLES = frozenset({"insomniac", "view_one", "view_two", "robber", "troublemaker", "drunk", "pair_view",
                            "swap_shuffle"})
"""Ripples the kernel plays (``play_ripple``): no face-up card, no change to the night script or the vote, and
no center card into a player's hand (the Witch's swap: a center card may be of any role)."""
# the identifier table of each played ripple (``rulesets/onuw/roles/ripple.ID_TABLE``)
_ID_TABLE = {"insomniac": "id_g", "troublemaker": "id_2", "robber": "id_1", "view_one": "id_3",
             "view_two": "id_2", "drunk": "id_3", "pair_view": "id_4"}


def ripple_kind(ruleset: str, seed: int) -> str:
    return drawn(ruleset, seed, "ripple", "ripple.kind")


def quiet_ripple(ruleset: str, seed: int) -> bool:
    return ripple_kind(ruleset, seed) in QUIET_RIPPLES


designated = draws.designated
"""``identifiers.designate(g, table, actor, stream=stream, exclude=exclude)`` on the stream's first draw
(``draws.designated``)."""


def play_ripple(t: Table, plan: Plan, kind: str) -> None:
    """Ripple ``kind`` (one of ``PLAYED_RIPPLES``) played on the table at the end of the night."""
    n, seed = plan.players, t.seed
    table = _ID_TABLE.get(kind, "")
    if kind == "insomniac":
        if t.informed:
            at, printed = t.at, t.printed
            for seat in designated(plan.ruleset, n, seed, table, None, "ripple.id"):
                t.beliefs[seat][seat] = printed[at[seat]]
        return
    actor = below(mt(seed, "ripple.actor1").getrandbits, n)
    at, printed, informed = t.at, t.printed, t.informed
    b = t.beliefs[actor] if informed else {}
    if kind == "swap_shuffle" or kind == "pair_view":
        rest = [s for s in range(n) if s != actor]
        second = rest[below(mt(seed, "ripple.actor2").getrandbits, len(rest))]
        if kind == "swap_shuffle":
            _swap_shuffle(t, plan, actor, second)
        else:
            _pair_view(t, plan, actor, second)
        return
    others = [s for s in designated(plan.ruleset, n, seed, table, actor, "ripple.id") if s != actor]
    if kind == "drunk":  # a take among the others, no pass
        if not others:
            return
        if len(others) == 1:  # forced: the bot is not asked (``bot_answers``), so it remembers no take
            c = others[0]
            at[actor], at[c] = at[c], at[actor]
            return
        c = others[t.streams.below(actor, len(others))]
        at[actor], at[c] = at[c], at[actor]
        if informed:
            b[actor], b[c] = b.get(c), b.get(actor)
        return
    if kind in ("view_two", "troublemaker"):
        pairs = tuple(combinations(others, 2))
        k = t.streams.choice(actor, t.informed, len(pairs))
        if k < 0:
            return
        x, y = pairs[k]
        if kind == "troublemaker":
            at[x], at[y] = at[y], at[x]
            if informed:
                b[x], b[y] = b.get(y), b.get(x)
        elif informed:
            b[x] = printed[at[x]]
            b[y] = printed[at[y]]
        return
    k = t.streams.choice(actor, t.informed, len(others))
    if k < 0:
        return
    other = others[k]
    if kind == "robber":
        at[actor], at[other] = at[other], at[actor]
        if informed:
            b[actor], b[other] = b.get(other), b.get(actor)
            b[actor] = printed[at[actor]]
    elif informed:  # view_one
        b[other] = printed[at[other]]


def _swap_shuffle(t: Table, plan: Plan, a: int, b: int) -> None:
    """Actors ``a`` and ``b`` see each other's card, then the two cards are exchanged or not (table
    ``swap_shuffle``, its stream's first draw), neither knowing which: nobody draws."""
    at, printed = t.at, t.printed
    if t.informed:
        t.beliefs[a][b] = printed[at[b]]
        t.beliefs[b][a] = printed[at[a]]
    if drawn(plan.ruleset, t.seed, "swap_shuffle", "swap_shuffle") == "true":
        at[a], at[b] = at[b], at[a]


def _pair_view(t: Table, plan: Plan, a: int, b: int) -> None:
    """Actor ``a`` picks a card of the set designated for him (ID-4, both actors left out); both see it."""
    others = designated(plan.ruleset, plan.players, t.seed, "id_4", a, "ripple.id", exclude=(a, b))
    k = t.streams.choice(a, t.informed, len(others))
    if k >= 0 and t.informed:
        pos = others[k]
        role = t.printed[t.at[pos]]
        t.beliefs[a][pos] = role
        t.beliefs[b][pos] = role


__all__ = ["PLAYED_RIPPLES", "QUIET_RIPPLES", "designated", "play_ripple", "quiet_ripple", "ripple_kind"]
