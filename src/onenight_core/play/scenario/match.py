"""Which prompt a step answers (docs/scenarios.md, "Which prompt a step answers").

Scenario files are written by people who know the rules, not the engine's prompt names, so a step is
matched generously:

* a **group step** (werewolves, vampires, masons, ... — the step id is the catalog's group name) is
  answered by a step whose ``role`` is any role of that group (``werewolf`` for an Alpha Wolf, or the
  card's own role) and whose ``seat`` is any awake member of the group, whichever member the engine
  asks; that covers the lone wolf's look written as ``werewolf`` for every wolf card;
* a **forced part of a turn** (the Priest's Clarity on himself, Renfield's Bat) may be written or left
  out: a written verb equal to what the engine logged by itself for that seat in that step is accepted;
* a role with a group step and an own step (Alpha Wolf, Mystic Wolf, the Count) answers the group step
  first: a verb that is not legal at the group prompt, written with the card's role, is kept for the
  role's own step (``keeps_for_own_step``).

Generosity is for the step a seat really answers, never for judging a step marked ``illegal``: such a
step is tried only at its **own prompt** (``own_prompt``): that seat asked for that role (and copier);
for a role with an own step that step, never the group's meeting before it. A step refused at another
seat's or another step's prompt would be refused for being out of turn, which proves nothing.

The rules stay in the engine and the catalog: this module reads only prompts, the catalog's groups and
the event log."""

from __future__ import annotations

from functools import cache

from ...catalog.loader import default_catalog
from ...model.values import Action, Prompt
from ...model.state import GameState
from .case import ScenarioStep


@cache
def group_roles(step_id: str) -> frozenset[str]:
    """The roles of the catalog group ``step_id`` names (empty when the step is not a group step)."""
    return frozenset(r.id for r in default_catalog().roles if r.group == step_id)


def answers(step: ScenarioStep, p: Prompt) -> bool:
    """Whether ``p`` is the turn ``step`` answers: its own seat and role (and copier), or a group step
    that the step names by a role of the group from any awake member."""
    if p.kind == "vote":
        return False
    if p.seat == step.seat and p.role == step.role and p.copier == step.copier:
        return True
    roles = group_roles(p.step)
    if not roles or step.role not in roles | {p.role}:
        return False
    return step.seat in (p.group or (p.seat,))


def group_label(step_id: str, g: GameState) -> str | None:
    """The role a group step is named by (``werewolf`` for the werewolves' step), or None."""
    return next((s.role for s in g.script if s.id == step_id and s.kind == "group"), None)


def own_prompt(step: ScenarioStep, p: Prompt, g: GameState) -> bool:
    """Whether ``p`` is the engine asking for ``step``'s own turn: the one prompt at which a step marked
    ``illegal`` is judged. Outside a group step that is the step's seat asked for its role (and copier),
    nobody else. A group step is the turn of every awake member: a shared choice (the aliens' look, the
    vampires' mark) whichever member the engine asks, a meeting (the pack's eyes) at the member's own
    prompt. It is the step's own prompt when the step names the group (``werewolf``, ``alien``) or a
    member's role that has no step of its own later in the night.
    The Alpha Wolf's, Mystic Wolf's or Count's own choice belongs to its own step, never to the meeting
    before it."""
    if p.kind == "vote":
        return False
    if not group_roles(p.step):
        return p.seat == step.seat and p.role == step.role and p.copier == step.copier
    if step.seat != p.seat and (p.kind == "info" or step.seat not in p.group):
        return False  # a meeting shows each member its own prompt; a shared choice is asked of one
    if step.role == group_label(p.step, g):
        return True
    return step.role in group_roles(p.step) | {p.role} and not has_own_step(step.role, g)


def at_meeting(step: ScenarioStep, p: Prompt, g: GameState) -> bool:
    """Whether ``p`` asks ``step``'s seat under ``step``'s role (and copier) at a step that is not the
    role's own, while the role has a step of its own later: a meeting (the lone Alpha Wolf's center
    look, the Count choosing the vampires' mark) or a copier's step. An illegal step asked there must be
    refused there and at its own step too (play.py)."""
    return (p.kind != "vote" and p.seat == step.seat and p.role == step.role and p.copier == step.copier
            and (bool(group_roles(p.step)) or p.step != step.role) and has_own_step(step.role, g))


def same_turn(a: Prompt, b: Prompt) -> bool:
    """Whether two prompts are parts of one turn: the same seat, step, role and copier."""
    return (a.seat, a.step, a.role, a.copier) == (b.seat, b.step, b.role, b.copier)


def by_group(step: ScenarioStep, p: Prompt) -> bool:
    """Whether ``step`` answers ``p`` only through the generous group rule (not its own seat and role)."""
    return answers(step, p) and not (p.seat == step.seat and p.role == step.role and p.copier == step.copier
                                     and not group_roles(p.step))


def has_own_step(role: str, g: GameState) -> bool:
    """Whether the night script still has a step of ``role``'s own after the current one
    (``step_index`` is already the index of the next step)."""
    return any(s.id == role or (s.kind == "role" and s.role == role) for s in g.script[g.step_index:])


def keeps_for_own_step(step: ScenarioStep, action: Action, p: Prompt, g: GameState, legal: bool) -> bool:
    """A verb written with the card's role that is not legal at its group prompt, when the role has an
    own step later in the night: the group prompt is not this verb's turn (the Mystic Wolf's look at a
    player belongs to her own step, not to the lone wolf's center look)."""
    return not legal and bool(group_roles(p.step)) and p.step != step.role and has_own_step(step.role, g)


def done_by_engine(action: Action, seat: int, step_id: str, g: GameState, before: int) -> bool:
    """Whether ``action`` is what the engine did by itself for ``seat`` in night step ``step_id`` (a
    forced part of the turn, logged as the seat's action) among the first ``before`` events: those
    logged before the seat was first asked anything in that step, so a choice of its own never counts."""
    for event in g.events[:before]:
        if event.seat == seat and event.step == step_id and event.action is not None:
            done = event.action
            if (done.verb == action.verb and done.value == action.value
                    and sorted(done.targets) == sorted(action.targets)):
                return True
    return False
