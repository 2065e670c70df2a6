"""The hot-seat night heard through the real voice: the game's own speaker is the bundled espeak-ng,
playing into a recording audio output, so the test checks what the table hears, in order, in English and
in Korean, with no program and no sound card."""

from __future__ import annotations

import random
import subprocess

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.play.saves import SavedGame
from onenight_core.engine.narration import narrate
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.sound.output import RecordingOutput
from onenight_tui.speech import Speaker

from app_pilot import NAMES, SIZE, FakeClock, deal, night, quiet_settings, screen_name, until
from onenight_tui.speech import countdown

ROLES = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_the_night_is_spoken_by_the_bundled_voice_in_order(lang, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a child process was started")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    setup = Setup(NAMES[:3], ROLES)
    out = RecordingOutput()
    speaker = Speaker(output=out, lang=lang)
    app = OneNightApp(quiet_settings(speech=True, lang=lang), start=NewGame(setup, 5), speaker=speaker)
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await night(pilot, random.Random(5))
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
    voice = [p for p in out.played if p.channel == "voice"]
    expected = " ".join(line.text for line in narrate(ROLES, lang).lines)
    heard = " ".join(p.label for p in voice)
    assert heard.startswith(expected)
    assert all(p.seconds > 0.3 for p in voice)  # each call was really synthesised, not just logged


async def test_the_days_end_is_a_gong_and_the_countdown_in_the_tables_language():
    setup = Setup(NAMES[:3], ROLES)
    g, saved = new_game(setup, 3), SavedGame(setup, 3)
    while (p := pending(g)).kind != "vote":
        g, saved = apply(g, p.options[0]), saved.with_answer(p.options[0])
    out = RecordingOutput()
    app = OneNightApp(quiet_settings(speech=True, lang="ko"), start=saved.with_meta(stage="day", day_left=5.0),
                      speaker=Speaker(output=out, lang="ko"))
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        clock.advance(6)
        app.screen.countdown._tick()
        await until(pilot, lambda: ("voice", f"gong + {countdown('ko')}") in out.labels, "the day's end")
    played = next(p for p in out.played if p.label == f"gong + {countdown('ko')}")
    assert played.seconds > 2.0 and played.clip.peak() > 3000
