"""Dalbula's ripple (docs/rules.md §D.8, Z2): onuw's, plus the two entries only S0's column draws.

* ``multi_vote``: the group it designates (ID-G, drawn publicly when the step is called) casts exactly two
  ballots each by day (``engine.protocol._vote_prompt``); every ballot counts (docs/resolution.md DV0).
* ``repeat_role`` (직업 반복): one of the roster's *repeatable* roles (``REPEATABLE``: the role or group
  steps of the night before the ripple), drawn uniformly (stream ``ripple.role``, pin ``ripple_role``) and
  announced by name, acts again right after the ripple: its step (and the Doppelganger's extra step for
  it, when the night has one) is called once more on the current state, with its fixed step time, and
  performed by its night-identity holders, as the first time (``night_script.role_repeated_script``:
  the engine, the narrator and the eyes-closed screen walk the same steps). A ghost step does nothing.
  The draw reads the script only, never who holds what; with no repeatable step nothing happens (no
  re-draw, D.10)."""

from __future__ import annotations

from ...model.state import GameState
from ...model.values import Step
from ..draws import draw_uniform
from ..night_script import REPEAT_FROM_STEP, REPEATED_ROLE_DRAW, role_repeated_script
from ..onuw.identifiers import designate
from ..onuw.roles.ripple import Ripple
from .behaviours import BEHAVIOURS

MULTI_VOTE = "multi_vote"
REPEAT_ROLE = "repeat_role"
REPEATABLE = frozenset({
    "aliens", "alpha_wolf", "apprentice_seer", "body_snatcher", "diseased", "drunk", "exposer", "gremlin",
    "insomniac", "marksman", "masons", "mystic_wolf", "nostradamus", "paranormal_investigator", "pickpocket",
    "psychic", "revealer", "robber", "rascal", "seer", "thing", "troublemaker", "village_idiot", "werewolves",
    "witch", "detector", "role_retriever", "switcheroo", "annoying_lad", "self_awareness_girl", "flipper"})
"""The steps ``repeat_role`` may call again (docs/rules.md D.8's list; the groups by their step id)."""


def repeatable_steps(script: tuple[Step, ...]) -> tuple[str, ...]:
    """The repeatable steps of the night before the ripple, in night order, once each."""
    out: list[str] = []
    for step in script:
        if step.id == REPEAT_FROM_STEP:
            break
        if step.kind in ("role", "group") and step.id in REPEATABLE and step.id not in out:
            out.append(step.id)
    return tuple(out)


@BEHAVIOURS.register("ripple", playable_roles=())
class DalbulaRipple(Ripple):
    """The ripple with the multi vote's group (ID-G) and the repeated role (module docstring)."""

    def announce(self, g: GameState, step: Step) -> GameState:
        drawn_before = g.facts.ripple is not None
        g = super().announce(g, step)
        if drawn_before:
            return g
        if g.facts.ripple == MULTI_VOTE:
            g, _key, group = designate(g, "id_g", None, stream="ripple.id", pin="ripple_id", public=True)
            g = g.with_facts(ripple_set=group)
        elif g.facts.ripple == REPEAT_ROLE:
            candidates = repeatable_steps(g.script)
            if candidates:
                g, again = draw_uniform(g, "ripple.role", candidates, pin=REPEATED_ROLE_DRAW, public=True)
                # the story tells the repeated step apart from the first call, as for repeat_night
                g = g.replace(script=role_repeated_script(g.script, again)).with_facts(
                    night_repeated_at=(len(g.events), len(g.observations)))
        return g


__all__ = ["REPEATABLE", "DalbulaRipple", "repeatable_steps"]
