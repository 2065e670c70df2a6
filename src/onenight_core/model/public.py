"""What the whole table hears, recorded in the game as ``PublicEvent``s (ids and parameters, no prose).

The engine records each phase that begins and each night step that is called (ghost steps too). A role
whose instruction is drawn at random and announced to everyone (an app that picks a random instruction,
a ripple, a public Oracle answer) draws it with ``rulesets.draws`` and ``public=True``: the draw comes
from the game's seed, so a replay hears the same thing, and it is recorded, so the narrator and the
eyes-closed screen read it from the game instead of from a script fixed by the roster."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from .kinds import PublicKind
from .state import GameState
from .values import PublicEvent, Step

def heard(g: GameState, kind: PublicKind | None = None) -> tuple[PublicEvent, ...]:
    """The public events of the game so far, all or of one kind, in the order the table heard them."""
    return g.public if kind is None else tuple(e for e in g.public if e.kind == kind)


def announced(events: Sequence[PublicEvent], index: int) -> tuple[PublicEvent, ...]:
    """The draws the table heard while step ``index`` of the night script was being called: the
    ``DRAW`` events after the ``index``-th ``STEP`` event (counting from 0) and before the next step or
    phase. Empty until the game has called that step.

    During the night the engine walks ghost steps at once, so ``events`` can run ahead of the table:
    a driver reads only the step it is calling (which the game has always reached), never the tail."""
    steps = -1
    out: list[PublicEvent] = []
    for event in events:
        if event.kind == PublicKind.STEP:
            steps += 1
            if steps > index:
                break
        elif event.kind == PublicKind.PHASE:
            if steps >= index:
                break
        elif steps == index and event.kind == PublicKind.DRAW:
            out.append(event)
    return tuple(out)


def heard_through(events: Sequence[PublicEvent], index: int) -> tuple[PublicEvent, ...]:
    """The events the table has heard once step ``index`` of the night script has been called (its
    draws included), and nothing of the steps after it, which the engine may already have walked."""
    steps = -1
    for at, event in enumerate(events):
        if event.kind == PublicKind.STEP:
            steps += 1
            if steps > index:
                return tuple(events[:at])
        elif event.kind == PublicKind.PHASE and steps >= index:
            return tuple(events[:at])
    return tuple(events)


def table_night(g: GameState, announcers: Mapping[str, object],
                answers: Mapping[int, str | None] | None = None) -> tuple[PublicEvent, ...]:
    """What the table hears through the night of ``g``'s script when nobody's cards are known (a table
    with physical cards): each step called and its announcement, exactly as the engine records them in a
    game of the same set-up and seed (announcements never read who holds what). ``announcers`` maps a
    step's behaviour key (group/engine step id, else role id) to its behaviour.

    ``answers`` are the answers given on the laptop by script step index (the Oracle's; ``None``: nobody
    answered): each is handed to its step's behaviour (``table_answer``), whose public part later steps
    hear (a forced pass, a forced ripple, a parity). A step not in ``answers`` is heard as planned."""
    return table_state(g, announcers, answers).public


def announcer_for(announcers: Mapping[str, object], step: Step) -> object | None:
    """The behaviour of ``step`` in ``announcers``, keyed by a group/engine step's id, else its role's."""
    return announcers.get(step.id if step.kind in ("group", "engine") else step.role or step.id)


def table_state(g: GameState, announcers: Mapping[str, object], answers: Mapping[int, str | None] | None = None,
                until: int | None = None) -> GameState:
    """The state behind ``table_night``: after the whole night, or (``until``) right after step ``until``
    was called and announced, before its own answer (for what the laptop tells the one who answers)."""
    answers = answers or {}
    index = 0
    while index < len(g.script):  # an announcement may lengthen the night (the ripple repeat_night)
        step = g.script[index]
        g = g.replace(public=g.public + (PublicEvent(PublicKind.STEP, step.id),))
        behaviour = announcer_for(announcers, step)
        if behaviour is not None and hasattr(behaviour, "announce"):
            g = behaviour.announce(g, step)
        if behaviour is not None and hasattr(behaviour, "aloud"):
            # what the app tells one player privately in the hot-seat game, said aloud at a table with
            # physical cards (the Psychic's, Rascal's, Exposer's, Mortician's instructions)
            g = behaviour.aloud(g, step)
        if index == until:
            return g
        if index in answers and behaviour is not None and hasattr(behaviour, "table_answer"):
            g, _told = behaviour.table_answer(g, step, answers[index])
        index += 1
    return g
