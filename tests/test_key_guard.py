"""No private screen opens on a key pressed before what it opens has been shown for a moment (issue 21,
"No key guard when a new step starts"; issue 23, "A key pressed as a step times out opens the next role's
private prompt").

The eyes-closed screen armed its key guard only when it came back on top: a step that began under it
(the last one's time running out) let the next key through at once, so Enter pressed just after "Step 4
of 4" appeared opened "Mina — you are the Troublemaker", and a key pressed as a classic step timed out
opened the next role's prompt. Every step (and every call of a step) now arms the guard, and a key
pressed too soon starts the moment again, so a burst of presses after a werewolf's Done never reaches
the second werewolf's prompt. The timing is ``key_guard.KeyTimer``, a plain object on any clock."""

from __future__ import annotations

from app_pilot import NAMES, SIZE, FakeClock, handled, quiet_settings, screen_name, until

from onenight_core import Setup, pending
from onenight_core.play.saves import SavedGame
from onenight_tui.app import OneNightApp
from onenight_tui.key_guard import KeyTimer, key_wait

GUARD = 0.4
BASE = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")


def test_a_key_goes_through_only_after_the_screen_was_shown_for_the_moment():
    timer = KeyTimer()
    assert not timer.ready(100.0, GUARD)  # never shown: nothing goes through
    timer.arm(100.0)
    assert not timer.ready(100.3, GUARD) and timer.ready(100.4, GUARD)
    assert timer.press(100.5, GUARD)  # a deliberate key, after the moment


def test_a_key_pressed_too_soon_starts_the_moment_again():
    timer = KeyTimer()
    timer.arm(0.0)
    # a burst: each press comes within the moment of the one before, so none goes through
    assert [timer.press(t, GUARD) for t in (0.1, 0.35, 0.6, 0.9)] == [False] * 4
    assert not timer.ready(1.2, GUARD)
    assert timer.press(1.3, GUARD)  # the first key after a pause of the whole moment
    timer.arm(5.0)  # the screen changed (a new step): the moment starts from there
    assert not timer.press(5.1, GUARD)


def test_a_key_counts_from_when_it_was_read_not_from_when_a_busy_app_got_to_it():
    assert key_wait(100.0, 100.5) == 0.5  # read at once, handled 0.5 s later
    assert key_wait(100.0, 99.0) == 0.0 and key_wait(0.0, 1e6) == 0.0  # not one clock: no correction
    timer = KeyTimer()
    timer.arm(200.0)  # the step is painted
    handled = 200.55  # a key pressed 0.1 s after the paint, handled 0.45 s later
    assert timer.ready(handled, GUARD)
    assert not timer.press(handled - key_wait(1000.1, 1000.55), GUARD)


async def settle(pilot) -> None:
    """Until the keys pressed have been handled: what a check that a key did nothing waits for."""
    await handled(pilot, "the key")


def night_app(seed: int) -> tuple[OneNightApp, FakeClock]:
    setup = Setup(NAMES[:3], BASE)
    app = OneNightApp(quiet_settings(), start=SavedGame(setup, seed).with_meta(stage="night", step=-1))
    app.KEY_GUARD_SECONDS = GUARD
    clock = app.clock = FakeClock()
    return app, clock


async def test_enter_pressed_as_a_new_step_appears_opens_nothing():
    """Seed 1: Mina holds the Troublemaker, the last of four steps. The Robber's step times out with
    the eyes-closed screen up; Enter pressed at once, and again a little later, opens nothing; Enter
    pressed once the step has been shown for a moment opens her prompt."""
    app, clock = night_app(1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        night = app.screen
        last = len(night.steps) - 1
        assert night.night.script[last].role == "troublemaker"
        while night.index < last:
            while night._waiting():  # whoever acts before her answers (not what this test is about)
                app.table.answer(pending(app.state).options[0])
            clock.advance(5)  # the step runs a while: the guard of its start is long open
            index = night.index
            night.fast_forward()
            await until(pilot, lambda: night.index != index, "the next step")
        assert night._waiting() and pending(app.state).role == "troublemaker"
        await pilot.press("enter")  # right as "Step 4 of 4" appears
        await settle(pilot)
        assert screen_name(app) == "NightScreen", "a key pressed as the step began opened its prompt"
        clock.advance(0.3)
        await pilot.press("enter")  # the second press of a double press
        await settle(pilot)
        assert screen_name(app) == "NightScreen"
        clock.advance(GUARD + 0.1)
        await pilot.press("enter")  # on purpose, once the step has been shown for a moment
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "her prompt")
        assert app.screen.seat == 0


async def test_a_burst_of_keys_after_a_werewolf_is_done_never_opens_the_other_werewolfs_prompt():
    """Seed 3: Mina and Pia are the werewolves. Mina presses Done, then Enter again and again, each
    press within the moment of the one before: Pia's prompt stays closed until a key after a pause."""
    app, clock = night_app(3)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        night = app.screen
        clock.advance(5)
        night.fast_forward()  # night falls → the werewolves
        await until(pilot, lambda: night.index == 0 and night._waiting(), "the werewolves' step")
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the first werewolf's prompt")
        first = app.screen.seat
        clock.advance(1)  # she reads her prompt (an Enter at once is the double press's: ignored)
        await pilot.press("enter")  # Done, highlighted as the prompt opens
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen again")
        for _ in range(4):
            await pilot.press("enter")
            await settle(pilot)
            assert screen_name(app) == "NightScreen", "a key of the burst opened the other werewolf's prompt"
            clock.advance(0.3)
        clock.advance(GUARD + 0.1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the second werewolf's prompt, on purpose")
        assert app.screen.seat != first


async def test_a_key_pressed_as_a_classic_step_times_out_opens_nothing():
    """Classic: a step's time runs out just after a player hid what they saw (the guard of the screen's
    return nearly over); the key pressed then neither opens the next step's prompt nor asks who holds
    the laptop."""
    from test_classic_app import make
    from test_classic_app_resume_time import _into_a_night_step

    app = make(21)
    async with app.run_test(size=SIZE) as pilot:
        await _into_a_night_step(pilot, app)
        app.KEY_GUARD_SECONDS = GUARD
        night = app.screen
        night.arm()  # the screen came back on top (a card hidden)...
        clock = app.clock
        clock.advance(0.3)
        index = night.index
        night.fast_forward()  # ...and the step timed out right after
        await until(pilot, lambda: night.index == index + 1, "the next step")
        clock.advance(0.15)
        await pilot.press("enter")
        await settle(pilot)
        assert screen_name(app) == "NightScreen", "the key pressed as the step timed out went through"
        clock.advance(GUARD + 0.1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) != "NightScreen", "a screen, on purpose")


async def test_a_double_enter_on_an_answer_answers_once_and_never_answers_the_next_prompt():
    """Played by hand: the Seer highlighted "Look at center cards 1 and 2" and pressed Enter twice
    quickly. Both presses selected (the first selection was not handled yet), and the second one's
    stale index was then applied to the Seer's next answers: IndexError, the app stopped. The press
    after an answer is the double press's, and a selection from answers no longer shown is dropped."""
    app, clock = night_app(4)  # Pia holds the Seer
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        night = app.screen
        while not (night._waiting() and pending(app.state).role == "seer"):
            while night._waiting() and pending(app.state).role != "seer":
                app.table.answer(pending(app.state).options[0])
            clock.advance(5)
            if not night._waiting():
                index = night.index
                night.fast_forward()
                await until(pilot, lambda: night.index != index, "the next step")
        clock.advance(5)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the Seer's prompt")
        prompt = app.screen
        center = [i for i, a in enumerate(prompt.model.options) if len(a.targets) == 2]
        choices = prompt.query_one("#prompt-options")
        choices.highlighted = center[-1]
        clock.advance(1)
        choices.action_choose()
        choices.action_choose()  # the double press: handled before the first selection was
        await settle(pilot)
        assert screen_name(app) == "PromptScreen" and app.screen.seat == 2  # the Seer reads her result
        assert pending(app.state).stage == "show", "the second press answered the Seer's result"
