"""A One Night night step resumed from a save goes on with the time it had left (issue 21: 0:15 left came
back as 0:20), as classic's does (``test_classic_app_resume_time.py``): ``step_left`` in the save's notes."""

from __future__ import annotations

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.saves import SavedGame, read_save, write_save
from onenight_tui.app import OneNightApp

from app_pilot import NAMES, SIZE, FakeClock, quiet_settings, screen_name, until


def _at_night_step(path) -> tuple[SavedGame, int]:
    """A game saved in the night, at the first step after the first whose answer is still to come."""
    setup = Setup(NAMES[:5], PRESETS["base-5"].roles)
    g, saved = new_game(setup, 3), SavedGame(setup, 3)
    ids = [s.id for s in g.script]
    while ids.index((p := pending(g)).step) < 1:
        g, saved = apply(g, p.options[0]), saved.with_answer(p.options[0])
    step = ids.index(p.step)
    saved = saved.with_meta(stage="night", step=step)
    write_save(path, saved)
    return saved, step


async def test_a_resumed_night_step_has_the_time_it_had_left(tmp_path):
    save = tmp_path / "game.json"
    saved, step = _at_night_step(save)
    app = OneNightApp(quiet_settings(action_seconds=20), start=saved, save_file=save)
    app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        night = app.screen
        assert night.index == step and night.time_left() == 20
        app.clock.advance(5.0)
        await until(pilot, lambda: read_save(save).get("step_left", None, float) == 15.0, "the time left noted")
        night.action_pause()
        app.clock.advance(100.0)  # paused: no time passes for the step
        await pilot.pause(0.3)
    saved = read_save(save)
    assert saved.get("stage") == "night" and saved.get("step") == step
    again = OneNightApp(quiet_settings(action_seconds=20), start=saved, save_file=save)
    again.clock = FakeClock()
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(again) == "NightScreen", "the step it stopped in")
        screen = again.screen
        assert screen.index == step
        assert abs(screen.time_left() - 15.0) < 0.5
        screen.fast_forward()  # the next step has its full time again
        await until(pilot, lambda: screen.index == step + 1, "the next step")
        assert screen.time_left() == 20
        assert read_save(save).get("step_left", None, float) == 20.0
