"""Back from the vote to the day, the Mayor's reveal is offered again: the day's end answered ``pass`` for
the Mayor who never flipped, and going back before any ballot is in returns the app to the game as it was
before (``day_prompts.reopen_the_day``), in the running app and in one resumed at the vote."""

from __future__ import annotations

import random

from test_dalbula_mayor_day import claim, korean_app, to_the_day

from app_pilot import SIZE, FakeClock, deal, night, quiet_settings, screen_name, until
from onenight_core.model.values import Action
from onenight_core.play.saves import replay
from onenight_tui.app import OneNightApp
from onenight_tui.day_prompts import DAY_ANSWERS, close_the_day, day_prompt, reopen_the_day


async def to_the_vote(pilot) -> int:
    """From the day screen to the vote ("vote now", yes); the number of answers before the day ended."""
    app = pilot.app
    answers = len(app.saved.answers)
    await pilot.press("v", "y")
    await until(pilot, lambda: screen_name(app) in ("VoteScreen", "BallotScreen"), "the vote")
    assert app.saved.answers[answers:] == (Action("pass"),) and day_prompt(app.state) is None
    return answers


async def test_back_to_the_day_the_mayor_may_still_flip():
    app = korean_app(1)  # Oskar (seat 1) holds the Mayor
    app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await night(pilot, random.Random(1))
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        answers = await to_the_vote(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day again")
        assert len(app.saved.answers) == answers and day_prompt(app.state) is not None
        assert replay(app.saved) == app.state
        role = app.state.cards[1].role
        seen = await claim(pilot, 1, "f")
        assert "당신은 시장입니다" in seen["private"]
        assert app.state.cards[1].face_up and app.state.cards[1].role == role
        assert app.saved.answers[answers:] == (Action("flip", ("p1",)),)
        await pilot.press("v", "y")
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        assert len(app.saved.answers) == answers + 1 and replay(app.saved) == app.state


async def test_back_from_the_secret_ballot_and_from_a_resumed_vote():
    g, saved = to_the_day(1)
    table = _Table(g, saved)
    close_the_day(table)
    at_the_vote = table.saved.with_meta(stage="vote", vote_mode="private", day_left=90.0,
                                        **{DAY_ANSWERS: len(saved.answers)})
    app = OneNightApp(quiet_settings(lang="ko", vote_mode="private"), start=at_the_vote)
    app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "BallotScreen", "the secret ballot")
        assert day_prompt(app.state) is None
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day again")
        assert app.saved.answers == saved.answers and day_prompt(app.state).seat == 1
        seen = await claim(pilot, 1, "n")  # not now: still his to decide later today
        assert "당신은 시장입니다" in seen["private"] and day_prompt(app.state) is not None


def test_nothing_is_reopened_once_a_ballot_is_in_or_without_an_open_day_step():
    g, saved = to_the_day(1)
    table = _Table(g, saved)
    close_the_day(table)
    noted = table.saved.with_meta(**{DAY_ANSWERS: len(saved.answers)})
    reopened = reopen_the_day(table.state, noted)
    assert reopened is not None and reopened[0] == g and reopened[1].answers == saved.answers
    kept = reopen_the_day(table.state, noted, kept=g)
    assert kept is not None and kept[0] is g  # the game the app kept, not a replay
    voted = _Table(table.state, noted)
    voted.answer(voted.state.prompt.options[0])  # one ballot in
    assert reopen_the_day(voted.state, voted.saved) is None
    nobody, plain = to_the_day(4)  # the Mayor lies in the center: the day's end answered nothing
    assert reopen_the_day(nobody, plain.with_meta(**{DAY_ANSWERS: len(plain.answers)})) is None
    assert reopen_the_day(table.state, table.saved) is None  # no note of the day's end


class _Table:
    """Stands in for the app: ``close_the_day`` answers through ``app.answer``; the save follows."""

    def __init__(self, state, saved) -> None:
        self.state, self.saved = state, saved

    @property
    def game(self):  # what the app's screens and ``close_the_day`` read (host.Host)
        return self.state

    def answer(self, action):
        from onenight_core import apply

        self.state, self.saved = apply(self.state, action), self.saved.with_answer(action)
        return self.state
