"""Steps the table plays by day (``Step.turns == "day"``: Dalbula's Mayor's reveal, docs/rules.md #81, E-53).

The engine asks them after the night's last step, like any step, and its prompt then stays pending
through the day: the eyes-closed screen never calls them (so the night sounds and lasts the same
whoever holds the Mayor), the day screen offers them to whoever claims them, and the vote answers
``pass`` for every one still open (``close_the_day``). The engine's protocol does not change: a save
is still the set-up, the seed and the answers, so a flip by day is one more answer.

Games are values, so the day's end can be taken back: when the table goes back from the vote to the day
before any ballot is in, the table returns to the game as it was before those ``pass`` answers
(``reopen_the_day``) and the day steps are open again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import evolve

from onenight_core.engine.views import DAY, day_prompt, day_step_ids, public_view
from onenight_core.errors import SaveError
from onenight_core.model.state import GameState
from onenight_core.model.values import Action
from onenight_core.play.saves import SavedGame, replay

if TYPE_CHECKING:
    from .tables.one_night import OneNightTable

def close_the_day(table: OneNightTable) -> None:
    """The day is over: answer ``pass`` for every day prompt still open (a Mayor who never flipped
    keeps his card down), through the table so each answer is saved."""
    while (p := day_prompt(table.game)) is not None:
        table.answer(next(a for a in p.options if a.verb == "pass"))


#: The save's note of how many answers the game had when the day ended (before its ``pass`` answers).
DAY_ANSWERS = "day_answers"


def reopen_the_day(now: GameState, saved: SavedGame, kept: GameState | None = None
                   ) -> tuple[GameState, SavedGame] | None:
    """The game and its save as they were before the day ended (``saved``'s note ``day_answers``), when
    the table goes back from the vote before any ballot is in: the day steps the day's end answered
    ``pass`` are open again, so the Mayor may still flip. ``kept`` is that game when the app still holds
    it; a resumed app replays the save's answers up to the day's end instead. None when there is
    nothing to reopen (no day step was open when the day ended, or a ballot is in)."""
    count = saved.get(DAY_ANSWERS, None, int)
    if count is None or not 0 <= count < len(saved.answers) or now.phase != "vote" or public_view(now).votes_in:
        return None
    earlier = evolve(saved, answers=saved.answers[:count])
    if kept is None:
        try:
            kept = replay(earlier)
        except SaveError:
            return None
    return (kept, earlier) if day_prompt(kept) is not None else None


def flip_for(g: GameState, seat: int) -> Action | None:
    """The pending day prompt's ``flip`` of ``seat``'s own card, when that seat is the one asked and may
    flip now; else None. Private: only the claimant's screen reads it."""
    p = day_prompt(g)
    if p is None or p.seat != seat:
        return None
    return next((a for a in p.options if a.verb == "flip"), None)


__all__ = ["DAY", "DAY_ANSWERS", "close_the_day", "day_prompt", "day_step_ids", "flip_for", "reopen_the_day"]
