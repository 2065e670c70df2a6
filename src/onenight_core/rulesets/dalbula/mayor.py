"""The Mayor (시장, docs/rules.md #81, E-53; Dalbula only): once by day, the player dealt the Mayor may turn his
current card face up for everyone, without having looked at it first.

The engine asks it after the night's last step (the ``mayor`` engine step, after Z3, declared ``turns = "day"``
in rules.toml): its prompt stays pending through the day, and the hot-seat app's day screen offers it
(``onenight_tui.day_prompts``), the vote answering ``pass`` if he never flipped. It is asked of the seat
whose night identity is the Mayor: the ability stays with the player, not the card (a swapped-away Mayor
card grants nothing). He does not see the card privately: it is public, like any face-up card. A shielded
card cannot be flipped (docs/rules.md §1.1), nor one already face up; then he is offered nothing but to keep it
down.

Who may do what when a player claims the reveal by day is the engine's answer too (``mayor_claim``): the
claimant's private screen words it and never reads the state itself."""

from __future__ import annotations

from enum import StrEnum

from attrs import evolve

from ...model.messages import say
from ...model.state import GameState
from ...model.values import Action, Prompt, Step, Turn
from ..behaviours import Behaviour
from ..onuw.roles.common import PASS, choice, log
from .behaviours import BEHAVIOURS

register = BEHAVIOURS.register

#: The engine step of the Mayor's reveal (rules.toml, ``turns = "day"``).
MAYOR_STEP = "mayor"


def is_mayor(g: GameState, seat: int) -> bool:
    """Does ``seat`` hold the Mayor's day ability? His night identity is the Mayor (dealt it, or a
    Doppelgänger who copied it): the ability stays with the player, a Mayor card swapped to him grants
    nothing. Private: only the engine and the claimant's own screen ask it."""
    return g.night_roles[seat] == "mayor"


class MayorClaim(StrEnum):
    """What a player who claims the Mayor's reveal may do now (private: his own screen words it)."""

    FLIP = "flip"            # he is the one asked now and may turn his card face up (or not now)
    NOT_MAYOR = "not_mayor"  # his night identity is not the Mayor
    WAIT = "wait"            # another Mayor (a Doppelgänger's copy) decides first: he may claim again later
    KEEP_DOWN = "keep_down"  # he is asked now, but his card is shielded or face up: only "keep it down"
    DECIDED = "decided"      # he has flipped or passed already (or the day is over)


def mayor_claim(g: GameState, seat: int) -> MayorClaim:
    """The engine's answer to ``seat`` claiming the reveal, read from the pending Mayor prompt and the
    Mayors queued behind it. A non-Mayor and a Mayor who then chooses "not now" leave the table the same;
    telling them apart is the claimant's private screen's business only."""
    if not is_mayor(g, seat):
        return MayorClaim.NOT_MAYOR
    p = g.prompt
    if p is None or p.step != MAYOR_STEP:
        return MayorClaim.DECIDED
    if p.seat == seat:
        return MayorClaim.FLIP if any(a.verb == "flip" for a in p.options) else MayorClaim.KEEP_DOWN
    if any(t.seat == seat and t.step == MAYOR_STEP for t in g.queue):
        return MayorClaim.WAIT
    return MayorClaim.DECIDED


@register(MAYOR_STEP, playable_roles=("mayor",))
class Mayor(Behaviour):
    """The day's reveal: ``flip`` his own current card face up, or ``pass`` (keep it down)."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return [Turn(s, "mayor", step.id, copier=g.copiers[s]) for s in range(g.players) if is_mayor(g, s)]

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        seat = turn.seat
        if seat in g.shields or g.cards[seat].face_up:
            return choice(g, turn, [PASS])
        return choice(g, turn, [PASS, Action("flip", (g.pos(seat),))])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        cards = list(g.cards)
        cards[turn.seat] = evolve(cards[turn.seat], face_up=True)
        return log(g.replace(cards=tuple(cards)), turn, action, detail=say("stays_face_up")), None


__all__ = ["MAYOR_STEP", "Mayor", "MayorClaim", "is_mayor", "mayor_claim"]
