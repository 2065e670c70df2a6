"""Steps the table plays by day (``Step.turns == "day"``: Dalbula's Mayor's reveal, roles.md #81, E-53).

The engine asks them after the night's last step, like any step, and its prompt then stays pending
through the day: the eyes-closed screen never calls them (so the night sounds and lasts the same
whoever holds the Mayor), the day screen offers them to whoever claims them, and the vote answers
``pass`` for every one still open (``close_the_day``). The engine's protocol does not change: a save
is still the set-up, the seed and the answers, so a flip by day is one more answer."""

from __future__ import annotations

from typing import Any, Iterable

from onenight_core.engine.protocol import pending
from onenight_core.model.state import GameState
from onenight_core.model.values import Action, Prompt, Step

DAY = "day"  # Step.turns of a step played by day


def day_step_ids(script: Iterable[Step]) -> frozenset[str]:
    """The ids of the script's steps played by day (public: the script is)."""
    return frozenset(step.id for step in script if step.turns == DAY)


def day_prompt(g: GameState) -> Prompt | None:
    """The pending prompt when it is a day step's (the engine waits on it through the day), else None."""
    p = pending(g)
    if p is None or g.phase != "night" or p.step not in day_step_ids(g.script):
        return None
    return p


def waiting_later(g: GameState, seat: int) -> bool:
    """Does ``seat`` have a day turn queued behind the pending one (a second Mayor)? Private: read
    only on that seat's own screen."""
    p = day_prompt(g)
    return p is not None and any(t.seat == seat and t.step == p.step for t in g.queue)


def close_the_day(app: Any) -> None:
    """The day is over: answer ``pass`` for every day prompt still open (a Mayor who never flipped
    keeps his card down), through the app so each answer is saved."""
    while (p := day_prompt(app.state)) is not None:
        app.answer(next(a for a in p.options if a.verb == "pass"))


def flip_for(g: GameState, seat: int) -> Action | None:
    """The pending day prompt's ``flip`` of ``seat``'s own card, when that seat is the one asked and may
    flip now; else None. Private: only the claimant's screen reads it."""
    p = day_prompt(g)
    if p is None or p.seat != seat:
        return None
    return next((a for a in p.options if a.verb == "flip"), None)


__all__ = ["DAY", "close_the_day", "day_prompt", "day_step_ids", "flip_for", "waiting_later"]
