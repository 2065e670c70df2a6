"""The app at the table (issue 10): night steps that last exactly their time, a secret ballot that ends
on a hand-over, no crash when the terminal shrinks over a secret, names that are text, double presses
that choose nothing, a day that asks before it ends and ends with a sound, and an interrupted game that
is offered and never overwritten silently.

Pilot tests on conditions, never on sleeps: time is a ``FakeClock`` the test moves, and the screens'
ticks are run by hand after each move."""

from __future__ import annotations

import random

import pytest
from app_pilot import (
    NAMES,
    SIZE,
    FakeClock,
    choose,
    deal,
    fast_forward_until,
    flat,
    handled,
    play_game,
    quiet_settings,
    screen_name,
    to_turn,
    until,
)

from onenight_core import Setup, apply, new_game, pending
from onenight_core.engine.timeout import TIMED_OUT
from onenight_core.play.saves import SavedGame, read_save, write_save
from onenight_tui.text.story import tell
from onenight_tui.app import NewGame, OneNightApp

BASE5 = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")
STEP_SECONDS = 20


def played_to_the_vote() -> SavedGame:
    """A BASE5 game for five, every night prompt answered with its first option, saved at the vote."""
    setup = Setup(NAMES[:5], BASE5)
    g, saved = new_game(setup, 3), SavedGame(setup, 3)
    while (p := pending(g)).kind != "vote":
        g, saved = apply(g, p.options[0]), saved.with_answer(p.options[0])
    return saved


def slow_game_seed() -> int:
    """A base-5 deal with the Seer at the table and the Robber in the center."""
    setup = Setup(NAMES[:5], BASE5)
    return next(s for s in range(200)
                if "seer" in new_game(setup, s).dealt and "robber" not in new_game(setup, s).dealt)


async def run_out(pilot, clock: FakeClock, screen, seconds: float = 1.0, limit: int = 200) -> float:
    """Move the clock in steps of ``seconds`` until the eyes-closed screen leaves its step; returns how
    long the step lasted on the clock."""
    index, start = screen.index, clock.now
    for _ in range(limit):
        clock.advance(seconds)
        screen._tick()
        await handled(pilot, "the tick")  # its effect in before the clock moves on
        if screen.index != index or pilot.app.screen is not screen and screen_name(pilot.app) != "PromptScreen":
            return clock.now - start
    raise AssertionError(f"step {index} never ended")


async def test_every_night_step_lasts_exactly_its_time_even_for_a_slow_player():
    """A slow Seer (she opens her prompt and never answers) and the Robber's card in the center give
    the same step length: exactly the step time. The prompt shows the time left, is cleared and closed
    when it runs out, and the engine answers for her — recorded as a time-out the story tells."""
    seed = slow_game_seed()
    app = OneNightApp(quiet_settings(action_seconds=STEP_SECONDS), start=NewGame(Setup(NAMES[:5], BASE5), seed))
    clock = app.clock = FakeClock()
    lengths: dict[str, float] = {}
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        night = app.screen
        await run_out(pilot, clock, night)  # night falls
        script = [s.id for s in app.state.script]
        while screen_name(app) in ("NightScreen", "PromptScreen") and night.index < len(script):
            step = script[night.index]
            prompt, begun = None, clock.now
            if night._waiting():  # somebody acts here: they open the prompt and never answer
                await pilot.press("enter")
                await until(pilot, lambda: screen_name(app) == "PromptScreen", "the private prompt")
                prompt, asked = app.screen, pending(app.state)
                shown_at_close: list[int] = []
                dismiss = prompt.dismiss

                def spy(result=None, prompt=prompt, dismiss=dismiss, shown_at_close=shown_at_close):
                    shown_at_close.append(len(prompt.query_one("#prompt-body").children))
                    return dismiss(result)

                prompt.dismiss = spy
                assert f"0:{STEP_SECONDS} left" in flat(app)
                clock.advance(5)
                night._tick()
                prompt.show_time()
                await until(pilot, lambda: f"0:{STEP_SECONDS - 5} left" in flat(app), "the time left shown")
                assert f"0:{STEP_SECONDS - 5} left" in flat(app)
            answered = len(app.state.events)
            await run_out(pilot, clock, night)
            lengths[step] = clock.now - begun
            if prompt is not None:
                await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
                assert shown_at_close == [0], "the prompt closed without clearing what it showed"
                timed_out = [e for e in app.state.events[answered:] if e.kind == TIMED_OUT]
                if len(asked.options) > 1:  # a choice not made (something to see needs no line)
                    assert timed_out and timed_out[0].step == step
    assert lengths["seer"] == lengths["robber"] == STEP_SECONDS
    assert set(lengths.values()) == {STEP_SECONDS}, lengths
    assert any("chose nothing in time" in line for line in tell(app.state))


async def test_the_last_secret_ballot_goes_to_a_hand_over_before_the_result():
    app = OneNightApp(quiet_settings(vote_mode="private"), start=NewGame(Setup(NAMES[:5], BASE5), 3))
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, random.Random(3))  # passes the hand-over (checked in private_vote)
        assert screen_name(app) == "EndScreen"
    saved = app.saved
    # A game stopped right after the last ballot resumes on the hand-over, not on the result.
    again = OneNightApp(quiet_settings(vote_mode="private"), start=saved.with_meta(stage="vote"))
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(again) == "TallyScreen", "the hand-over to the table")
        assert "Enter shows everyone the result" in flat(again)


@pytest.mark.parametrize("secret", ["card", "prompt", "ballot"])
async def test_shrinking_the_terminal_over_a_secret_never_crashes(secret):
    """Below 80×24 with a secret open, then back: the secret is closed (the same player opens it
    again), the game goes on — no "internal error (InvalidStateError)"."""
    setup = Setup(NAMES[:5], BASE5)
    start = NewGame(setup, 3)
    if secret == "ballot":
        start = played_to_the_vote().with_meta(stage="vote")
    app = OneNightApp(quiet_settings(vote_mode="private"), start=start)
    async with app.run_test(size=SIZE) as pilot:
        if secret == "prompt":
            await deal(pilot)
            await fast_forward_until(pilot, lambda: app.screen._waiting(), "a step someone acts in")
        public = screen_name(app)
        await pilot.press("enter")
        opened = {"card": "CardScreen", "prompt": "PromptScreen", "ballot": "PromptScreen"}[secret]
        await until(pilot, lambda: screen_name(app) == opened, "the secret")
        for size in ((60, 20), (80, 24), (70, 30), SIZE):
            await pilot.resize_terminal(*size)
            await handled(pilot, "the new size")
        await until(pilot, lambda: screen_name(app) == public, "the public screen again")
        assert app.is_running and app.return_code is None
        await pilot.press("enter")  # the same player opens it again
        await until(pilot, lambda: screen_name(app) == opened, "the secret again")


ODD_NAMES = ("[/]", "Cy[/]", "Eve[/bold]", "[Bo]", "[b]x")


@pytest.mark.parametrize("vote_mode", ["public", "private"])
async def test_names_are_text_everywhere(vote_mode, tmp_path):
    """Names that look like markup show literally on every screen and never crash the app, in a
    resumed game and on the set-up screen that remembers them."""
    setup = Setup(ODD_NAMES, BASE5)
    save = tmp_path / "game.json"
    app = OneNightApp(quiet_settings(vote_mode=vote_mode), start=NewGame(setup, 5), save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        assert "[/]: look at the screen alone" in flat(app)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
        assert "[/], your card is" in flat(app)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.seat == 1, "next")
        assert "Cy[/]" in flat(app)
    resumed = read_save(save)
    app = OneNightApp(quiet_settings(vote_mode=vote_mode), start=resumed, save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the resumed hand-over")
        app.screen.seat = 0
        await play_game(pilot, random.Random(5))
        text = flat(app)
        assert "Eve[/bold]" in text and "[Bo]" in text
    assert app.return_code in (None, 0)  # no error ended it
    app = OneNightApp(quiet_settings(players=ODD_NAMES, deck=BASE5))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await until(pilot, lambda: "[/], Cy[/], Eve[/bold], [Bo]" in flat(app), "the names shown")
    assert app.return_code in (None, 0)  # no error ended it


async def test_a_double_press_after_a_hand_over_chooses_nothing():
    """The key that hid a card, or opened a prompt, pressed twice: the second press neither opens the
    next player's card nor answers the prompt."""
    seed = slow_game_seed()
    app = OneNightApp(quiet_settings(), start=NewGame(Setup(NAMES[:5], BASE5), seed))
    app.KEY_GUARD_SECONDS = 0.4
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
        await pilot.press("enter")  # the open key pressed twice: the card stays
        await handled(pilot, "the second press")
        assert screen_name(app) == "CardScreen", "the second press hid the card before it was seen"
        clock.advance(1)
        await pilot.press("enter", "enter")  # hide the card — and a second press right after
        await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.seat == 1, "the next hand-over")
        await handled(pilot, "the second press")
        assert screen_name(app) == "DealScreen", "the second press opened the next player's card"
        while not app.screen.done:  # the rest of the deal, each press after the guard
            seat = app.screen.seat
            clock.advance(1)
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "CardScreen", "the card, on purpose")
            clock.advance(1)
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.seat == seat + 1, "next")
        await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.done, "everyone has seen")
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        night = app.screen
        await fast_forward_until(pilot, night._waiting, "a step someone acts in", screen=night)
        clock.advance(1)
        answers = len(app.saved.answers)
        await pilot.press("enter", "enter")  # open the prompt — and a second press right after
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
        await handled(pilot, "the second press")
        assert len(app.saved.answers) == answers, "the second press answered the prompt"
        # Issue 23: the first answer is highlighted from the start, and a deliberate Enter chooses it.
        assert app.screen.query_one("#prompt-options").highlighted == 0
        p = pending(app.state)
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: len(app.saved.answers) == answers + 1, "the first Enter chose")
        assert app.saved.answers[-1] == p.options[0]


async def test_the_day_asks_before_the_vote_and_the_vote_goes_back_to_the_day():
    saved = played_to_the_vote()
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="day", day_left=200.0))
    app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        await pilot.press("v")
        await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the question")
        await until(pilot, lambda: "End the day and vote now?" in flat(app), "the question's words")
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day again")
        await pilot.press("v", "y")
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        # the footer lays out the vote screen's keys after the screen is up: wait for them to be drawn
        await until(pilot, lambda: "Back to the day" in flat(app), "the vote screen's way back to the day")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "DayScreen", "back to the day")
        assert app.screen.countdown.remaining == pytest.approx(200.0)


class CueSpeaker:
    available = True

    def __init__(self) -> None:
        self.cues: list[str] = []

    def say(self, text: str) -> bool:
        return True

    def stop(self) -> None:
        pass

    def cue(self, name: str) -> bool:
        self.cues.append(name)
        return True


async def test_the_day_ends_with_a_sound_and_a_visible_countdown():
    saved = played_to_the_vote()
    speaker = CueSpeaker()
    app = OneNightApp(quiet_settings(speech=True), start=saved.with_meta(stage="day", day_left=5.0),
                      speaker=speaker)
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        day = app.screen
        clock.advance(6)
        day.countdown._tick()
        await until(pilot, lambda: speaker.cues == ["day_end"], "the day's end sound")
        await until(pilot, lambda: "the vote starts in 3" in flat(app), "the countdown to the vote")
        assert screen_name(app) == "DayScreen"
        clock.advance(2)
        day._last_call()
        await until(pilot, lambda: "the vote starts in 1" in flat(app), "1")
        clock.advance(1)
        day._last_call()
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")


def interrupted_save(path, seed: int = 3) -> SavedGame:
    setup = Setup(NAMES[:5], BASE5)
    g, saved = new_game(setup, seed), SavedGame(setup, seed)
    for _ in range(2):
        p = pending(g)
        g, saved = apply(g, p.options[0]), saved.with_answer(p.options[0])
    saved = saved.with_meta(stage="night", step=2)
    write_save(path, saved)
    return saved


async def test_a_plain_start_offers_the_interrupted_game(tmp_path):
    save = tmp_path / "game.json"
    saved = interrupted_save(save)
    app = OneNightApp(quiet_settings(), save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Resume it" in flat(app), "the offer")
        assert "Mina, Oskar, Pia, Quentin, Rhea — stopped during the" in flat(app)
        # Issue 21: the keys are the answers' own ("Resume it" was n, "New game" y).
        assert "Resume it (r)" in flat(app) and "New game (n)" in flat(app)
        assert "`" not in flat(app)
        await pilot.press("r")  # resume it
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the resumed night")
        assert app.saved.answers == saved.answers


async def test_a_new_game_never_overwrites_an_interrupted_one_silently(tmp_path):
    save = tmp_path / "game.json"
    saved = interrupted_save(save)
    # Started with names on the command line: asked first; "no" resumes the interrupted game.
    app = OneNightApp(quiet_settings(), start=NewGame(Setup(NAMES[:5], BASE5), 9), save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the question")
        assert read_save(save).answers == saved.answers
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the interrupted game")
    assert read_save(save).seed == saved.seed
    # From the set-up (Ctrl+S): asked at start; a new game, then Ctrl+S starts it over the old one.
    app = OneNightApp(quiet_settings(players=NAMES[:5], deck=BASE5), save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the offer")
        await pilot.press("y")  # not an answer here: nothing happens
        await handled(pilot, "the key")
        assert screen_name(app) == "ConfirmScreen"
        await pilot.press("n")  # a new game
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        assert read_save(save).answers == saved.answers  # not yet
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the new deal")
    assert read_save(save).answers == ()


async def test_f1_on_a_night_prompt_explains_the_role():
    seed = slow_game_seed()
    app = OneNightApp(quiet_settings(), start=NewGame(Setup(NAMES[:5], BASE5), seed))
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await to_turn(pilot, "seer")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the Seer's prompt")
        help_panel = app.screen.query_one("#prompt-role-help")
        assert not help_panel.display
        await pilot.press("f1")
        await until(pilot, lambda: help_panel.display, "the role's explanation")
        assert screen_name(app) == "PromptScreen"
        assert "Seer" in flat(app) and "You win if" in flat(app)
        await pilot.press("f1")
        await until(pilot, lambda: not help_panel.display, "the explanation hidden")


async def test_back_from_the_vote_with_no_time_left_the_day_waits():
    """Coming back to a day whose time is up does not throw the table straight back to the vote: it
    extends (e) or votes (v, nothing to confirm)."""
    saved = played_to_the_vote()
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="vote", day_left=0.0))
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        day = app.screen
        clock.advance(1)
        day.countdown._tick()
        await until(pilot, lambda: "e: one more minute" in flat(app), "the choice")
        clock.advance(10)
        day._last_call()
        await handled(pilot, "the last call")
        assert screen_name(app) == "DayScreen"
        await pilot.press("e")
        await until(pilot, lambda: day.countdown.remaining > 40, "one more minute")
        await pilot.press("v", "y")
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")


async def test_the_minute_given_after_the_vote_ends_as_any_day_does():
    """Back from the vote with no time left, ``e`` gives one more minute; when it runs out the table hears
    the day's end and the last call counts down to the vote (it showed the time-is-up line again, silently)."""
    saved = played_to_the_vote()
    speaker = CueSpeaker()
    app = OneNightApp(quiet_settings(speech=True), start=saved.with_meta(stage="vote", day_left=0.0),
                      speaker=speaker)
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        day = app.screen
        clock.advance(1)
        day.countdown._tick()
        await until(pilot, lambda: "e: one more minute" in flat(app), "the choice")
        assert speaker.cues == []  # the day opened over: no sound for it
        await pilot.press("e")
        await until(pilot, lambda: day.countdown.remaining > 40, "one more minute")
        clock.advance(61)
        day.countdown._tick()
        await until(pilot, lambda: speaker.cues == ["day_end"], "the day's end sound")
        await until(pilot, lambda: "the vote starts in 3" in flat(app), "the last call")
        clock.advance(3)
        day._last_call()
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")


async def test_the_night_tick_sounds_the_last_seconds_of_every_step_alike():
    speaker = CueSpeaker()
    app = OneNightApp(quiet_settings(speech=True, action_seconds=STEP_SECONDS, night_tick=True),
                      start=NewGame(Setup(NAMES[:5], BASE5), slow_game_seed()), speaker=speaker)
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        night = app.screen
        await run_out(pilot, clock, night)  # night falls
        ticks = []
        for _ in range(len(app.state.script)):
            before = len(speaker.cues)
            await run_out(pilot, clock, night)
            ticks.append(speaker.cues[before:])
    assert ticks == [["tick"] * 3] * len(ticks)


async def test_a_hidden_result_never_holds_the_step_at_zero():
    """The Seer looks, hides her result with Escape and never comes back: the step still ends on time
    (it used to sit at 0:00 with no hint), and her result is closed for her."""
    seed = slow_game_seed()
    app = OneNightApp(quiet_settings(action_seconds=STEP_SECONDS), start=NewGame(Setup(NAMES[:5], BASE5), seed))
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await to_turn(pilot, "seer")
        night = app.screen
        begun = clock.now
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the Seer's prompt")
        options = pending(app.state).options
        look = next(i for i, a in enumerate(options) if a.verb == "look")
        await choose(pilot, look, len(options))
        await until(pilot, lambda: pending(app.state).kind == "info", "her result")
        assert "Hide (Enter opens it again)" in flat(app)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
        await run_out(pilot, clock, night)
        assert clock.now - begun == STEP_SECONDS
        assert pending(app.state) is None or pending(app.state).step != "seer"
