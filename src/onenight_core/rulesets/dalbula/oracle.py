"""Dalbula's Oracle (docs/rules.md #1, §D.1, E-15(d)): onuw's, plus the question only S0 asks,
``alien_exchange`` (에일리언 교체, S0 weight 5; eligible with an alien-class card in the roster).

* "yes": the next alien instruction is replaced by a pass, left or right, 50/50 (table ``oracle_pass``,
  stream ``oracle.alien_exchange``, pin ``oracle_pass``; the Doppelganger's own question: ``#dg`` and
  ``dg_oracle_pass``). The aliens' step announces it (``aliens.DalbulaAliens``); the Oracle is not told
  more than the table.
* "no": with ``ORACLE_GRANT_P`` (stream ``oracle.outcome``, pin ``oracle_grant``) the Oracle **player**
  takes the alien team's win condition without being an alien (E-15(d), S0; ``RoleFacts.alien_recruited``,
  like the aliens' recruit); she is told so (``learned`` as ``alien_goal``).
* A ghost Oracle answers at random (A.4): "yes" still forces the pass; "no" has no player to give a goal.
"""

from __future__ import annotations

from ...model.state import GameState
from ...model.values import Step, Turn
from ..draws import draw
from ..onuw.roles.aliens import last_drawn
from ..onuw.roles.common import learn, show, with_seat
from ..onuw.roles.oracle import QUESTION_STREAM, Oracle, Outcome, dg_pin, dg_stream
from .behaviours import BEHAVIOURS

ALIEN_EXCHANGE = "alien_exchange"
ALIEN_GOAL = "alien_goal"
"""The ``learned`` label of the granted "no": the Oracle now wins with the aliens."""


PASS = "pass"
"""``Outcome.kind`` of the "yes": the pass the aliens will make (value ``pass_left`` / ``pass_right``)."""


def force_pass(g: GameState, dg: bool) -> tuple[GameState, str]:
    """Draw the pass the alien step will carry out instead of its own instruction."""
    return draw(g, "oracle_pass", stream=dg_stream("oracle.alien_exchange", dg), pin=dg_pin("oracle_pass", dg))


@BEHAVIOURS.register("oracle")
class DalbulaOracle(Oracle):
    """The Oracle with S0's alien_exchange question (module docstring)."""

    def resolve(self, g: GameState, question: str, answer: str, *, dg: bool = False,
                seat: int | None = None) -> tuple[GameState, Outcome]:
        if question != ALIEN_EXCHANGE:
            return super().resolve(g, question, answer, dg=dg, seat=seat)
        if answer == "yes":
            g, forced = force_pass(g, dg)  # the draw is the effect: the next alien step reads it
            return g, Outcome(PASS, forced)
        g, granted = draw(g, "oracle_grant", stream=dg_stream("oracle.outcome", dg), pin=dg_pin("oracle_grant", dg))
        return g, Outcome(ALIEN_GOAL) if granted == "true" else Outcome()

    def carry_out(self, g: GameState, turn: Turn, outcome: Outcome) -> tuple[GameState, Turn | None]:
        if outcome.kind != ALIEN_GOAL:
            return super().carry_out(g, turn, outcome)
        g = g.with_facts(alien_recruited=with_seat(g.facts.alien_recruited, turn.seat))
        g, told = learn(g, turn.seat, [], ALIEN_GOAL, turn.step)
        return g, show(turn, (told,))

    def ghost(self, g: GameState, step: Step) -> GameState:
        g = super().ghost(g, step)
        if step.kind == "role" and last_drawn(g, QUESTION_STREAM) == ALIEN_EXCHANGE:
            said = last_drawn(g, "ghost.oracle")
            if said == "yes":
                g, _pass = force_pass(g, False)
        return g


__all__ = ["ALIEN_GOAL", "PASS", "DalbulaOracle", "force_pass"]
