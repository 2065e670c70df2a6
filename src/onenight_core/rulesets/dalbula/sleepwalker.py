"""The Sleepwalker (몽유병 환자, docs/rules.md #5, E-52; Dalbula only).

At -7X he exchanges his own card with a center card of his choice, without looking (action A). At Z1,
after every role step and before the ripple, the card now in front of him and the card now in that center
slot are exchanged again (action B): whatever sits in the slot comes back, even if a Drunk or a Witch
changed it. B is mechanical (nobody chooses, nobody looks), so it is the ghost of an engine step: it is
blocked by a shield on his current card and by the Mark of Fear. Copies (Doppelganger, Copycat, Mirror
Man) act after the original at -7X and return after him at Z1, in the order they took."""

from __future__ import annotations

from ...model.messages import say
from ...model.state import GameState
from ...model.values import Action, Event, Prompt, Step, Turn
from ..behaviours import Behaviour
from ..onuw.roles.common import PASS, center_positions, choice, each, index_of, log, swap_cards
from .behaviours import BEHAVIOURS

register = BEHAVIOURS.register

RETURN_STEP = "sleepwalker_return"
"""The engine step Z1 (rules.toml ``[[engine_step]]``)."""


@register("sleepwalker")
class Sleepwalker(Behaviour):
    """Action A: take a center card without looking; the slot is remembered for Z1."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.seat in g.shields:  # a DG-Sentinel's shield (-7) already sits on his card
            return choice(g, turn, [PASS])
        return choice(g, turn, each("take", center_positions(g)))

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action, detail=say("blocked_by_shield")), None
        slot = index_of(g, action.targets[0])
        g, moves = swap_cards(g, turn.seat, slot)
        g = g.with_facts(sleepwalker_slots=g.facts.sleepwalker_slots + ((turn.seat, slot),))
        return log(g, turn, action, moves), None


@register(RETURN_STEP, playable_roles=())
class SleepwalkerReturn(Behaviour):
    """Action B (Z1): each Sleepwalker's current card and his slot's current card change places again."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return []

    def ghost(self, g: GameState, step: Step) -> GameState:
        for seat, slot in g.facts.sleepwalker_slots:
            if seat in g.shields or seat in g.feared:
                continue
            g, moves = swap_cards(g, seat, slot)
            back = Action("take", (g.pos(slot),))  # told like action A: his card and the slot's, unseen
            g = g.replace(events=g.events + (Event(step.id, "act", seat, "sleepwalker", back, moves),))
        return g


__all__ = ["RETURN_STEP", "Sleepwalker", "SleepwalkerReturn"]
