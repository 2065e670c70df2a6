"""A classic night step resumed from a save goes on with the time it had left (``step_left`` in the save's
notes, as the day keeps ``day_left``), not with a fresh action time."""

from __future__ import annotations

from onenight_core.play.saves import read_save
from onenight_tui.app import OneNightApp

from app_pilot import SIZE, FakeClock, quiet_settings, screen_name, until
from test_classic_app import make, step


async def _into_a_night_step(pilot, app) -> None:
    """From the start of the game, past the deal, to a night step after the first (index >= 1)."""
    await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
    for _ in range(200):
        if screen_name(app) == "NightScreen" and app.screen.index >= 1:
            return
        await step(pilot)
    raise AssertionError("no night step")


async def test_a_resumed_night_step_has_the_time_it_had_left(tmp_path):
    save = tmp_path / "game.json"
    app = make(9, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await _into_a_night_step(pilot, app)
        night = app.screen
        index = night.index
        assert night.duration == 30
        app.clock.advance(12.0)
        await until(pilot, lambda: abs(night.time_left() - 18.0) < 0.01, "12 s gone")
        await until(pilot, lambda: read_save(save).get("step_left", None, float) == 18.0, "the time left noted")
        night.action_pause()
        app.clock.advance(100.0)  # paused: no time passes for the step
        await pilot.pause(0.3)
    saved = read_save(save)
    assert saved.get("stage") == "night" and saved.get("step") == index
    assert saved.get("step_left", None, float) == 18.0
    again = OneNightApp(quiet_settings(), start=saved, save_file=save)
    again.clock = FakeClock()
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(again) == "NightScreen", "the night step it stopped in")
        screen = again.screen
        assert screen.index == index
        assert abs(screen.time_left() - 18.0) < 0.5
        # the next step has its full time again
        screen.fast_forward()
        await until(pilot, lambda: screen.index == index + 1, "the next step")
        assert screen.time_left() == 30


async def test_a_step_entered_notes_its_full_time(tmp_path):
    save = tmp_path / "game.json"
    app = make(9, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await _into_a_night_step(pilot, app)
        index = app.screen.index

        def noted() -> bool:
            return save.exists() and read_save(save).get("step") == index

        await until(pilot, noted, "the step noted in the save")
    saved = read_save(save)
    assert saved.get("step") == index and saved.get("step_left", None, float) == 30.0


async def test_a_game_killed_on_the_seers_result_shows_it_again_when_resumed(tmp_path):
    """Issue 23: the Seer's result was on screen when the game was killed; resumed, the Seer's key in
    the same step shows it again (not "Nothing to do now")."""
    from onenight_core.rulesets.classic.protocol import pending

    from test_classic_app import choose, press

    save = tmp_path / "game.json"
    app = make(9, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        for _ in range(200):
            night = screen_name(app) == "NightScreen" and app.screen.index >= 0
            if night and app.screen.steps[app.screen.index] == "seer" and app.screen._waiting():
                break
            if night and app.screen.steps[app.screen.index] != "seer":
                screen, at = app.screen, app.screen.index
                screen.fast_forward()
                await until(pilot, lambda: app.screen is not screen or screen.index != at, "the next step")
                continue
            await step(pilot)
        index = app.screen.index
        target = pending(app.state).options[0].targets[0]
        await press(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the seer's prompt")
        await choose(pilot, 0)
        await until(pilot, lambda: app.screen.learned, "the seer's result")
        shown = str(app.screen.query_one("#prompt-task").render())
    saved = read_save(save)  # the game is killed here
    assert saved.get("step") == index
    again = OneNightApp(quiet_settings(), start=saved, save_file=save)
    again.clock = FakeClock()
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(again) == "NightScreen", "the seer's step")
        again.clock.advance(1.0)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(again) == "PromptScreen", "the result again")
        assert str(again.screen.query_one("#prompt-task").render()) == shown
        assert again.table.words.who(target) in shown
        # and Enter hides it, as its hint says (the resumed screen once left the focus on its hidden list)
        result = again.screen
        await until(pilot, lambda: result.learned and again.focused is None, "the result without a focused list")
        again.clock.advance(1.0)
        await pilot.press("enter")
        await until(pilot, lambda: result.closing, "the result hidden by Enter")
        assert read_save(save).get("learned_seat") == -1  # not shown a third time
