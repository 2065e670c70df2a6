"""Dalbula's aliens (docs/rules.md #16, L4 of §1.3, E-18, E-19, E-66): onuw's group step with the two S0
instructions the app never draws, and the Oracle's forced pass.

* ``convert`` (에일리언 전환) and ``recruit`` (에일리언 매수) are drawn with S0's weights (5 each). The group
  **must** pick one player who is not an awake alien (the first awake alien in seat order enters the
  group's choice, E-66, as for ``view_together``); the pick is the scenario verb ``point``. It is a
  player-level effect, not a card's: a shield (which sits on a card) does not stop it, and it stays with
  the player whatever card he ends up holding. ``convert`` makes him an Alien (rep and team) above token,
  mark and card (``RoleFacts.alien_converted``; the Dalbula resolution's layer L5); ``recruit`` gives him
  the alien team's win condition as a member, not a representative (``RoleFacts.alien_recruited``, L6).
  The chosen player is not told: like a card moved in the night, he learns it at the reveal. With every
  player an awake alien, or no awake alien (a ghost step), nothing happens.
* The Oracle's ``alien_exchange`` answered yes replaces the next alien instruction by the pass she drew
  (stream ``oracle.alien_exchange``, pin ``oracle_pass``): the step announces that pass instead of
  drawing one. The table hears the pass like any instruction (docs/rules.md E-16: the outcome line is public);
  it tells the Oracle's answer, never who holds what."""

from __future__ import annotations

from ...model.kinds import PublicKind
from ...model.messages import say
from ...model.state import GameState
from ...model.values import Action, Learned, Prompt, PublicEvent, Step, Turn
from ..onuw.roles.aliens import ALIEN_STREAM, Aliens, alien_instruction, loop_stream
from ..onuw.roles.common import choice, index_of, learn, log, with_seat
from .behaviours import BEHAVIOURS

CONVERT = "convert"
RECRUIT = "recruit"
PLAYER_LEVEL = (CONVERT, RECRUIT)
POINTED = {CONVERT: "alien_convert", RECRUIT: "alien_recruit"}
"""The ``learned`` label of the group's pick, seen by the awake aliens who did not enter it."""
ORACLE_PASS_STREAMS = ("oracle.alien_exchange", "oracle#dg.alien_exchange")
"""Where the Oracle (or the Doppelganger's own Oracle question) draws the pass her "yes" forces."""


def forced_pass(g: GameState) -> str | None:
    """The pass an Oracle's alien_exchange "yes" forces on the next alien step: the last one drawn since
    the aliens' last instruction (a repeated night asks the Oracle again)."""
    forced: str | None = None
    for name, value in g.drawn:
        if name.split("#loop")[0] in ORACLE_PASS_STREAMS:
            forced = str(value)
        elif name.split("#loop")[0] == ALIEN_STREAM:
            forced = None
    return forced


@BEHAVIOURS.register("aliens", playable_roles=("alien", "synthetic_alien"))
class DalbulaAliens(Aliens):
    """onuw's alien step with ``convert``, ``recruit`` and the Oracle's forced pass (module docstring)."""

    def announce(self, g: GameState, step: Step) -> GameState:
        forced = forced_pass(g)
        if forced is None:
            return super().announce(g, step)
        stream = loop_stream(g, step.id, ALIEN_STREAM)
        # recorded as the night's instruction (the aliens carry it out) and heard like a drawn one
        return g.replace(drawn=g.drawn + ((stream, forced),),
                         public=g.public + (PublicEvent(PublicKind.DRAW, "alien", (("value", forced),)),))

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        instruction = alien_instruction(g)
        if instruction not in PLAYER_LEVEL:
            return super().begin(g, turn)
        g, begun = super().begin(g, turn)  # they meet (not one of onuw's instructions: a "meet" turn)
        if begun is None:
            return g, None
        if begun.seat == begun.group[0] and _targets(g, begun):
            return g, begun.at(instruction, info=begun.info)
        # the others chose with him: each sees whom the group pointed at
        told = tuple(o for o in g.observations if isinstance(o, Learned) and o.seat == begun.seat
                     and o.step == begun.step and o.as_ in POINTED.values())
        return g, begun.at("meet", info=(*begun.info, *told))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage in PLAYER_LEVEL:
            return choice(g, turn, tuple(Action("point", (p,)) for p in _targets(g, turn)))
        return super().prompt(g, turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage not in PLAYER_LEVEL:
            return super().act(g, turn, action)
        seat = index_of(g, action.targets[0])
        for other in turn.group[1:]:  # every awake alien knows whom the group chose (E-66)
            g, _obs = learn(g, other, [seat], POINTED[turn.stage], turn.step)
        if turn.stage == CONVERT:
            g = g.with_facts(alien_converted=with_seat(g.facts.alien_converted, seat))
            return log(g, turn, action, detail=say("converted_to_alien")), None
        g = g.with_facts(alien_recruited=with_seat(g.facts.alien_recruited, seat))
        return log(g, turn, action, detail=say("recruited_by_aliens")), None


def _targets(g: GameState, turn: Turn) -> tuple[str, ...]:
    """convert / recruit: any player who is not an awake alien (shields do not matter: not a card)."""
    return tuple(g.pos(s) for s in range(g.players) if s not in turn.group)


__all__ = ["CONVERT", "RECRUIT", "DalbulaAliens", "forced_pass"]
