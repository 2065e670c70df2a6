"""The Bonus roles' night: Apprentice Tanner, The Thing, Aura Seer, Squire, Beholder; and the Prince and
the Cursed, whose rules act only at the vote (docs/rules.md §5 #31, #36, #51, #58, #59, #72, #73).

Thumbs are answered by night identity (docs/rules.md §1.2, E-30): the players who started as (or copied) the
role stick out a thumb, feared or not. Views honour the Sentinel's shield.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import combinations

from attrs import evolve

from ....model.values import Action, CardView, Learned, MarkView, Prompt, Turn, PASS
from ....model.positions import left, right
from ....model.state import GameState
from .base import group_roles
from .common import choice, index_of, info_prompt, learn, log, look_and_show, show, view
from .registry import Behaviour, Passive, register

MARK_VERBS = frozenset({"mark", "swap_marks"})  # actions that move a mark (OFF Aura Seer with marks)


def night_seats(g: GameState, roles: Collection[str], seat: int) -> list[int]:
    """Every other seat whose night identity is one of ``roles`` (the players who stick out a thumb)."""
    return [s for s in range(g.players) if s != seat and g.night_roles[s] in roles]


def viewed_or_moved(g: GameState, marks: bool = True) -> set[int]:
    """Seats that have, so far this night, viewed or moved a card or a mark (docs/rules.md #51).

    A view is any card observation made in a night step (the deal-time look is never recorded) and any
    mark observation except the everyone-looks mark check; flips show the card, so they count. A move is
    an action that moved cards (swap, exchange, rotation) or a mark. ``onuw`` counts marks: the official
    Vampire-era Aura Seer says "a card or a mark" (E-32); ``dalbula`` counts cards only (S0 7C, ``marks``
    False). Declined actions and waking never count."""
    seats = set()
    for obs in g.observations:
        if isinstance(obs, CardView) or (marks and isinstance(obs, MarkView) and obs.step != "mark_check"):
            seats.add(obs.seat)
    for ev in g.events:
        if ev.kind == "act" and ev.seat is not None and (
                ev.moves or (marks and ev.action is not None and ev.action.verb in MARK_VERBS)):
            seats.add(ev.seat)
    return seats


class Thumbs(Behaviour):
    """A role that wakes and sees the thumbs of the players whose night identity is in ``thumbs``."""

    thumbs: frozenset[str] = frozenset()
    as_: str = ""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g, obs = learn(g, turn.seat, night_seats(g, self.thumbs, turn.seat), self.as_, turn.step)
        return g, evolve(turn, stage="thumbs", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


class ThumbsThenLook(Thumbs):
    """Sees the thumbs, then may view the current cards of those players (unshielded ones): any of them,
    or none. ``onuw`` takes the official "may" (E-39); ``dalbula`` views them all at once (S0 "그 카드까지
    열람합니다", ``views_optional = False``)."""

    views_optional = True

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g, turn = super().begin(g, turn)
        thumbs = turn.info[0]  # Thumbs.begin shows what the seat learned
        who = thumbs.who if isinstance(thumbs, Learned) else ()
        viewable = [p for p in who if index_of(g, p) not in g.shields]
        if not self.views_optional:  # the cards are shown with the thumbs; nothing to choose
            seen: list[Learned | CardView] = [thumbs] if isinstance(thumbs, Learned) else []
            for pos in viewable:
                g, obs = view(g, turn.seat, index_of(g, pos), turn.step)
                seen.append(obs)
            return g, evolve(turn, stage="thumbs", info=tuple(seen))
        return g, evolve(turn, stage="look" if viewable else "thumbs", memo=tuple(viewable))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage != "look":
            return info_prompt(turn)
        options = [PASS]
        for size in range(len(turn.memo), 0, -1):
            options += [Action("look", group) for group in combinations(turn.memo, size)]
        return choice(g, turn, options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "done":  # nothing to view: the thumbs were all there was
            return g, None
        if action.verb == "pass":
            return log(g, turn, action), None
        g, shown = look_and_show(g, turn, action)
        return g, show(turn, (*turn.info, *shown.info))


@register("apprentice_tanner")
class ApprenticeTanner(Thumbs):
    """Sees the thumbs of the Tanners (docs/rules.md #31); wins if a Tanner dies, or, with no Tanner at the
    end, by dying himself (resolution S-apprentice_tanner)."""

    thumbs = frozenset({"tanner"})
    as_ = "tanner"


@register("aura_seer")
class AuraSeer(Thumbs):
    """Sees the thumbs of every player who has viewed or moved a card or mark so far this night; the
    Doppelganger-Aura Seer at 7-Ca sees them recomputed then (docs/rules.md #51)."""

    as_ = "viewed_or_moved"
    counts_marks = True
    """Whether a mark viewed or moved counts (``onuw``: yes, E-32 OFF; ``dalbula``: cards only, S0 7C)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        seats = viewed_or_moved(g, self.counts_marks) - {turn.seat}
        g, obs = learn(g, turn.seat, sorted(seats), self.as_, turn.step)
        return g, evolve(turn, stage="thumbs", info=(obs,))


@register("squire")
class Squire(ThumbsThenLook):
    """Sees the werewolves' thumbs (the Dream Wolf's included) and may view their current cards
    (docs/rules.md #58). At the vote he is on the werewolf team like the Minion."""

    as_ = "werewolf"

    @property
    def thumbs(self) -> frozenset[str]:  # type: ignore[override]  # a property over Thumbs' class attribute:
        # the catalog's werewolf group (werewolf, alpha, mystic and dream wolf), read when first needed
        return group_roles("werewolves")


@register("beholder")
class Beholder(ThumbsThenLook):
    """Sees the thumbs of the Seer and the Apprentice Seer and may view their current cards (docs/rules.md
    #59). Both thumb at once, so the Beholder does not learn which is which."""

    thumbs = frozenset({"seer", "apprentice_seer"})
    as_ = "seer"


@register("thing")
class Thing(Behaviour):
    """May tap the player on his left or right (``onuw``: the official "may", E-34). The tapped player
    learns that this neighbour is the Thing; the Thing learns nothing (docs/rules.md #36)."""

    may_pass = True
    """Whether the tap is optional (``onuw``: the official "may", E-34; ``dalbula``: S0 4B/4C, he taps)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        sides = sorted({left(turn.seat, g.players), right(turn.seat, g.players)})
        return choice(g, turn, [PASS] * self.may_pass + [Action("tap", (g.pos(s),)) for s in sides])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        tapped = index_of(g, action.targets[0])
        obs = Learned(tapped, (g.pos(turn.seat),), "thing", turn.step)
        g = g.replace(observations=g.observations + (obs,))
        return log(g, turn, action), Turn(tapped, turn.role, turn.step, "show", (), None, (obs,))


@register("prince")
class Prince(Passive):
    """No night action: votes on the Prince count for nothing (resolution V3a)."""


@register("cursed")
class Cursed(Passive):
    """No night action: a werewolf's (or, under ``onuw``, a vampire's) vote makes him one (resolution V2a)."""


__all__ = ["ApprenticeTanner", "AuraSeer", "Beholder", "Cursed", "Prince", "Squire", "Thing", "Thumbs",
           "ThumbsThenLook", "night_seats", "viewed_or_moved"]
