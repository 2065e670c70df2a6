"""The hot-seat night heard through the real voice: the game's own speaker is the bundled espeak-ng,
playing into a recording audio output, so the test checks what the table hears, in order, in English and
in Korean, with no program and no sound card."""

from __future__ import annotations

import random
import subprocess

import pytest

from onenight_core import Setup
from onenight_core.engine.narration import narrate
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.sound.output import RecordingOutput
from onenight_tui.speech import Speaker

from app_pilot import NAMES, SIZE, deal, night, quiet_settings, screen_name, until

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
