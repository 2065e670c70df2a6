"""The live narrator lets the Oracle answer on the laptop (Pilot): ↑ ↓ choose, Enter answers, in a private
panel shown only during her action time; what the table hears next follows her answer (the aliens' forced
pass after "yes"), and the public part of the screen — everything but that panel — and the step's time
are the same whether she answered yes, no, nothing, or holds no card at all (her card in the center).

Time is a fake clock the test advances by whole seconds (the screen reads ``time.monotonic``), so "the
same step time" is counted exactly, never measured."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from textual.widgets import Static

from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import draw_text, table_answer, table_heard
from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import PublicEvent
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.screens.narrator import narrator as narrator_module
from onenight_tui.text.app_words import AppWords

from app_pilot import handled, screen_text, settled_text
from test_narrator_app import RecordingSpeaker, narrator, wait_for

CAT = default_catalog()
ROSTER = ("alien", "alien", "cow", "oracle", "leader", "seer", "robber", "troublemaker")
AE, AE_GRANTED = 1, 64  # Dalbula seeds asking alien_exchange (test_narration_oracle_answer checks them)
ACTION = 5.0


def alien_line(value: str, lang: str = "en") -> str:
    return draw_text(CAT, PublicEvent(PublicKind.DRAW, "alien", (("value", value),)), lang)


def app_for(seed: int, lang: str = "en", action: float = 0.3, gap: float = 0.0):
    from onenight_core.engine.narration import Timing

    speaker = RecordingSpeaker(lang=lang)
    app = NarratorApp(roster=ROSTER, lang=lang, timing=Timing(action=action, gap=gap, day=0.2), speaker=speaker,
                      reading_pace=0.0, tick=0.02, seed=seed, ruleset="dalbula")
    return app, speaker


def panel(screen) -> Static:
    return screen.query_one("#narrator-answer", Static)


def fake_clock(monkeypatch) -> list[float]:
    """The screen's clock (``time.monotonic``) stands still until the test moves it (``seconds_until``):
    the Oracle's action time cannot run out while a loaded machine handles her keys."""
    clock = [1000.0]
    monkeypatch.setattr(narrator_module, "time", SimpleNamespace(monotonic=lambda: clock[0],
                                                                 time_ns=time.time_ns))
    return clock


async def seconds_until(pilot, screen, clock: list[float], condition, most: int = 60) -> None:
    """Move the fake clock a second at a time, each second ticked by the screen, until ``condition``."""
    for _ in range(most):
        if condition():
            return
        ticks = screen.ticks
        clock[0] += 1.0
        await wait_for(pilot, lambda: screen.ticks > ticks + 1)
    assert condition(), f"not reached in {most} seconds of the narrator's clock"


@pytest.mark.parametrize("answer", ["yes", "no"])
async def test_the_oracle_answers_on_the_laptop_and_the_aliens_step_follows(monkeypatch, answer):
    planned = next(str(dict(e.params)["value"]) for e in table_heard(ROSTER, AE, ruleset="dalbula")
                   if e.id == "alien")
    forced = table_answer(ROSTER, AE, None, "dalbula", {}, 0, "yes").value
    clock = fake_clock(monkeypatch)
    app, speaker = app_for(AE, action=2.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await seconds_until(pilot, screen, clock, lambda: screen.asking)
        assert panel(screen).display and "Yes" in str(panel(screen).content)
        if answer == "no":
            await pilot.press("down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.answered == answer
                       and str(panel(screen).content).startswith("Answer taken."))
        await pilot.press("up", "enter")  # the answer is taken once: no second thoughts
        await handled(pilot)
        assert screen.answered == answer
        await seconds_until(pilot, screen, clock, lambda: screen.cue.step == "aliens")
        assert not panel(screen).display and str(panel(screen).content) == ""
        assert screen.answers == {0: answer}
        await seconds_until(pilot, screen, clock, lambda: screen.cue.step == "cow")
        await pilot.press("escape")
    aliens = speaker.said[speaker.said.index(CAT["alien"].line("wake")) + 1]
    assert aliens == alien_line(forced if answer == "yes" else planned)
    assert alien_line(planned) != alien_line(forced)
    assert not any("Answer taken" in line for line in speaker.said)  # the panel is never spoken


async def test_a_granted_no_tells_the_oracle_her_alien_goal_in_korean(monkeypatch):
    clock = fake_clock(monkeypatch)
    app, speaker = app_for(AE_GRANTED, "ko", action=2.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await seconds_until(pilot, screen, clock, lambda: screen.asking)
        assert "아니요" in str(panel(screen).content)
        await pilot.press("down", "enter")
        words = AppWords("ko")
        told = f"{words('narrator_answer_taken')} {words('narrator_told_alien_goal')}"
        await wait_for(pilot, lambda: str(panel(screen).content) == told)  # the clock stands: her time is not over
        await seconds_until(pilot, screen, clock, lambda: screen.cue.step == "aliens")
        await pilot.press("escape")
    assert not any(words("narrator_told_alien_goal") in line for line in speaker.said)


def public_text(app, screen, *, with_panel: bool = False) -> str:
    """The screen as drawn, the Oracle's private panel blanked out (unless ``with_panel``)."""
    rows = screen_text(app).split("\n")
    box = panel(screen).region
    if not with_panel and panel(screen).display:
        for y in range(box.y, box.y + box.height):
            rows[y] = rows[y][:box.x] + " " * box.width + rows[y][box.x + box.width:]
    return "\n".join(rows)


@pytest.mark.parametrize("seed", [AE, AE_GRANTED])
async def test_the_public_screen_and_the_step_time_are_the_same_whatever_the_answer(monkeypatch, seed):
    """yes, no, browsing without answering, and nobody at all (the Oracle card in the center: the laptop
    cannot know it, nobody touches it): the same public screen during her step and after it, the same
    number of seconds before the narrator goes on."""
    clock = [1000.0]
    monkeypatch.setattr(narrator_module, "time", SimpleNamespace(monotonic=lambda: clock[0],
                                                                 time_ns=time.time_ns))
    keys = {"yes": ["enter"], "no": ["down", "enter"], "none": ["down"], "center": []}
    seen: dict[str, tuple[str, str, int]] = {}
    for case, pressed in keys.items():
        app, _speaker = app_for(seed, action=ACTION, gap=1.0)  # a gap: the closing line waits for the clock
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await narrator(pilot)

            async def second() -> None:
                ticks = screen.ticks
                clock[0] += 1.0
                await wait_for(pilot, lambda: screen.ticks > ticks + 1)

            await pilot.press("enter")
            while not (screen.asking and screen.stage == "wait"):  # past night fall's gap
                await second()
            question_line = (screen.cue_index, screen.line_index)
            assert screen.left == ACTION
            await second()
            if pressed:
                await pilot.press(*pressed)
            during = await settled_text(pilot, lambda: public_text(app, screen))  # the keys handled, drawn whole
            seconds = 1
            while (screen.cue_index, screen.line_index) == question_line:
                await second()
                seconds += 1
                assert seconds <= ACTION + 2, "the Oracle's step does not end"
            await wait_for(pilot, lambda: screen.stage == "wait")  # "Oracle, close your eyes." and its gap
            after = await settled_text(pilot, lambda: public_text(app, screen, with_panel=True))
            assert screen.line.text == CAT["oracle"].line("sleep")
            assert not panel(screen).display
            await pilot.press("escape")
        seen[case] = (during, after, seconds)
    assert seen["yes"] == seen["no"] == seen["none"] == seen["center"]
    assert seen["yes"][2] == ACTION  # the step lasts its action time, no more, no less
    assert "Answer taken" not in seen["yes"][0] and "Oracle" in seen["yes"][0]


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_every_answer_and_outcome_has_its_words(lang):
    from onenight_core.engine.narration import Question
    from onenight_core.rulesets.dalbula.oracle import ALIEN_GOAL
    from onenight_core.rulesets.onuw.roles.oracle import CENTER, EXCHANGE, TEAM, VIEW, Outcome
    from onenight_tui.table_answer import asking, told

    words = AppWords(lang)
    outcomes = [(Outcome(TEAM, team), "yes") for team in ("werewolf", "vampire", "alien")] + [
        (Outcome(ALIEN_GOAL), "no"), (Outcome(EXCHANGE), "yes"), (Outcome(CENTER, "1"), "yes"),
        (Outcome(CENTER, "3"), "yes"), (Outcome(VIEW, "p2"), "p2"), (Outcome(VIEW, "p4"), "p2"), (Outcome(), "no")]
    texts = [told(words, outcome, answer) for outcome, answer in outcomes]
    assert not any("narrator_" in text for text in texts) and len(set(texts)) == len(texts)
    assert "3" in texts[-3] and "5" in texts[-2]  # players by number, from 1
    for key, answers in [("ripple", ("yes", "no")), ("parity", ("even", "odd")), ("view_player", ("p0", "p1"))]:
        shown = asking(words, Question(0, key, answers), 1).plain
        assert "narrator_" not in shown and "↑" in shown
    assert "2" in asking(words, Question(0, "view_player", ("p0", "p1")), 0).plain
