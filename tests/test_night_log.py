"""The night as the table sees it and as the story tells it afterwards: only what happened (issue 23,
"Logs only what happened"; issue 21, "The story credits players with what they never saw")."""

from __future__ import annotations

from types import SimpleNamespace

from onenight_core import Setup, default_catalog, new_game
from onenight_core.engine.views import public_view
from onenight_tui.screens.mark_check import banner_parts
from onenight_tui.screens.night import night_step_count


def test_the_mark_check_counts_the_nights_steps_as_the_eyes_closed_screen_does():
    """A Dalbula night with a mark check and the Mayor (a step played by day): the counter read
    "step 4 of 7" on the eyes-closed screen, "step 5 of 8" at the mark check, then "step 6 of 7"."""
    g = new_game(Setup(("A", "B", "C", "D", "E"), ("vampire", "mayor", "seer", "robber", "villager"),
                       ruleset="dalbula"), 1)
    script = public_view(g).script
    app = SimpleNamespace(state=g, lang="ko", catalog=default_catalog())
    marks = next(i for i, step in enumerate(script) if step.id == "mark_check")
    assert any(step.turns == "day" for step in script)
    counts = {night_step_count(app, i) for i in range(len(script))}
    assert counts == {len(script) - 1}
    assert banner_parts(app, marks)["count"] == len(script) - 1
