"""The narrator's small gaps (narr-polish): its language is remembered like the set-up's, and the Mad
Scientist's message is read aloud at a table with physical cards.

Pilot tests wait for conditions, never for a fixed time; the settings file is the test's own
(tests/conftest.py points the config folder at tmp_path)."""

from __future__ import annotations

import asyncio

from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.narration import Timing
from onenight_tui import settings as stored
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.screens.narrator import NarratorScreen
from onenight_tui.sound.output import RecordingOutput
from onenight_tui.speech import Speaker

BASE_5 = PRESETS["base-5"].roles


def quiet_app(lang: str = "en") -> NarratorApp:
    speaker = Speaker(output=RecordingOutput(), enabled=False)
    return NarratorApp(roster=BASE_5, lang=lang, timing=Timing(action=60, gap=60, day=60), speaker=speaker,
                       sound="none", tick_cue=False, reading_pace=0.0, tick=0.02)


async def wait_for(pilot, condition, timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.01)


# -- the language switch is remembered --------------------------------------------------------------

async def test_the_language_switch_is_remembered_for_the_next_app():
    app = quiet_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        await pilot.press("l")
        assert screen.choice.lang == "ko"
        assert stored.load_settings()[0].lang == "ko"
        await pilot.press("l")
        assert screen.choice.lang == "zh"
        assert stored.load_settings()[0].lang == "zh"
    # what `onenight narrate` (no --lang) opens in next time
    from onenight_tui.commands.narrate import app_language

    class NoLang:
        pass

    assert app_language(NoLang(), stored.load_settings()[0]) == "zh"


async def test_the_switch_keeps_the_other_remembered_settings(tmp_path):
    path = stored.settings_path()
    assert stored.store_settings(stored.Settings(players=("Ann", "Bo", "Cy"), voice_rate=200, lang="fr"), path) is None
    app = quiet_app("fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        await pilot.press("l")  # fr -> en (the cycle is en, ko, zh, fr)
        assert app.screen.choice.lang == "en"
    settings, notice = stored.load_settings()
    assert notice is None
    assert (settings.lang, settings.players, settings.voice_rate) == ("en", ("Ann", "Bo", "Cy"), 200)


async def test_a_refusing_disk_is_one_notice_in_the_new_language(tmp_path):
    path = stored.settings_path()
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.write_text("a file where the settings folder should be")  # the write must fail
    app = quiet_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        await pilot.press("l")
        assert screen.choice.lang == "ko"  # the switch itself works
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1 and messages[0].startswith("설정을 저장하지 못했습니다")
        assert screen.phase == "ready"


async def test_from_the_game_the_set_up_follows_the_narrators_language():
    from app_pilot import NAMES, quiet_settings, screen_name, until

    from onenight_tui.app import OneNightApp

    path = stored.settings_path()
    app = OneNightApp(quiet_settings(players=NAMES[:5]), settings_file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        await pilot.press("l")
        assert app.settings.lang == "ko" and stored.load_settings(path)[0].lang == "ko"
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up again")
        assert app.lang == "ko"
        assert list(app.screen.names)[:5] == list(NAMES[:5])  # the form is kept


async def test_leaving_the_narrator_without_a_switch_keeps_the_games_language():
    """`onenight --lang fr` over a remembered English: the narrator changes nothing unless asked."""
    from app_pilot import NAMES, quiet_settings, screen_name, until

    from onenight_tui.app import OneNightApp

    app = OneNightApp(quiet_settings(players=NAMES[:5], lang="en"), lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        setup = app.screen
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is setup, "the same set-up")
        assert app.lang == "fr" and app.settings.lang == "en"
