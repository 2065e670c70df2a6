"""The Mayor (시장, roles.md #81, E-53; Dalbula only): once by day, the player dealt the Mayor may turn his
current card face up for everyone, without having looked at it first.

The engine asks it after the night's last step (the ``mayor`` engine step, after Z3, declared ``turns = "day"``
in rules.toml): its prompt stays pending through the day, and the hot-seat app's day screen offers it
(``onenight_tui.day_prompts``), the vote answering ``pass`` if he never flipped. It is asked of the seat
whose night identity is the Mayor: the ability stays with the player, not the card (a swapped-away Mayor
card grants nothing). He does not see the card privately: it is public, like any face-up card. A shielded
card cannot be flipped (roles.md §1.1), nor one already face up; then he is offered nothing but to keep it
down."""

from __future__ import annotations

from attrs import evolve

from ...model.messages import say
from ...model.state import GameState
from ...model.values import Action, Prompt, Step, Turn
from ..behaviours import Behaviour
from ..onuw.roles.common import PASS, choice, log
from .behaviours import BEHAVIOURS

register = BEHAVIOURS.register


@register("mayor", playable_roles=("mayor",))
class Mayor(Behaviour):
    """The day's reveal: ``flip`` his own current card face up, or ``pass`` (keep it down)."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return [Turn(s, "mayor", step.id, copier=g.copiers[s]) for s in range(g.players)
                if g.night_roles[s] == "mayor"]

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


__all__ = ["Mayor"]
