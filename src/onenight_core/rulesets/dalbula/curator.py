"""Dalbula's Curator and tokens (docs/rules.md #64, §C, E-33; S0 step 11 and table 4).

The Curator **must** give one face-down token, drawn at random (stream ``curator.pool``, pin ``curator``)
from the pool of the twelve S0 tokens (one of each, without replacement: a second Curator draws among
those left), to a player whose card is not shielded and who holds no token yet, himself allowed. The token
is player-bound and sits in the seat's artifact slot (``GameState.artifacts``), so the resolution reads a
role-granting token like an artifact (rules.toml ``[[curator_token]]`` ``role``: tokens > mark > card) and
the Z3 step (``artifacts``) shows each holder his token. The Betrayal token is the traitor (the Dalbula
resolution reads it), the Silence token mutes its holder for the day (``RoleFacts.silenced``), the Void
token does nothing. With no legal holder or no token left he can only pass."""

from __future__ import annotations

from ...catalog.rules import default_rules
from ...model.messages import say
from ...model.state import GameState
from ...model.values import Action, Prompt, Turn
from ..behaviours import Behaviour
from ..draws import draw_uniform
from ..onuw.roles.common import PASS, choice, index_of, log, with_seat
from .behaviours import BEHAVIOURS

TOKENS: tuple[str, ...] = tuple(t.id for t in default_rules().curator_tokens)
"""The S0 token pool, in rules.toml's order (docs/rules.md §C.2, §C.4)."""
POOL_STREAM = "curator.pool"
SILENCE = "silence"


def tokens_left(g: GameState) -> tuple[str, ...]:
    given = set(g.artifacts)
    return tuple(t for t in TOKENS if t not in given)


@BEHAVIOURS.register("curator")
class DalbulaCurator(Behaviour):
    """Gives the drawn token, unseen, to an unshielded player without one (E-33a: he must)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options: list[Action] = []
        if tokens_left(g):
            options = [Action("token", (g.pos(s),)) for s in range(g.players)
                       if s not in g.shields and g.artifacts[s] is None]
        return choice(g, turn, options or [PASS])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        seat = index_of(g, action.targets[0])
        given = sum(1 for a in g.artifacts if a is not None)
        g, token = draw_uniform(g, POOL_STREAM, tokens_left(g), pin="curator", pin_index=given)
        artifacts = list(g.artifacts)
        artifacts[seat] = token
        g = g.replace(artifacts=tuple(artifacts)).with_facts(artifacts_drawn=g.facts.artifacts_drawn + 1)
        if token == SILENCE:
            g = g.with_facts(silenced=with_seat(g.facts.silenced, seat))
        return log(g, turn, action, detail=say("gave_token_drawn", artifact=token)), None


__all__ = ["TOKENS", "DalbulaCurator", "tokens_left"]
