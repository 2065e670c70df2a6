"""Dalbula's ripple (roles.md §D.8, Z2): onuw's, plus the entry only S0's column draws, ``multi_vote``:
the group it designates (ID-G, drawn publicly when the step is called) casts exactly two ballots each by
day (``engine.protocol._vote_prompt``); every ballot counts (resolution.md DV0). ``repeat_role`` is drawn
and announced but does nothing yet."""

from __future__ import annotations

from ...model.state import GameState
from ...model.values import Step
from ..onuw.identifiers import designate
from ..onuw.roles.ripple import Ripple
from .behaviours import BEHAVIOURS

MULTI_VOTE = "multi_vote"


@BEHAVIOURS.register("ripple", playable_roles=())
class DalbulaRipple(Ripple):
    """The ripple with the multi vote's group designated (ID-G, like the insomniac and silence ripples)."""

    def announce(self, g: GameState, step: Step) -> GameState:
        drawn_before = g.facts.ripple is not None
        g = super().announce(g, step)
        if not drawn_before and g.facts.ripple == MULTI_VOTE:
            g, _key, group = designate(g, "id_g", None, stream="ripple.id", pin="ripple_id", public=True)
            g = g.with_facts(ripple_set=group)
        return g


__all__ = ["DalbulaRipple"]
