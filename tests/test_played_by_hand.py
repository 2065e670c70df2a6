"""What a hand-played game at 80×24 showed (issues 21 and 23, "Done when" play-through)."""

from __future__ import annotations

from app_pilot import NAMES, SIZE, FakeClock, handled, quiet_settings, screen_name, until

from onenight_core import Setup, pending
from onenight_core.play.saves import SavedGame
from onenight_tui.app import OneNightApp

BASE = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")


async def test_dawn_does_not_tell_everyone_to_keep_their_eyes_closed():
    """At dawn the eyes-closed screen said "Everyone, wake up!" above "Everyone else: keep your eyes
    closed." The hint is for the steps; dawn shows only its call."""
    app = OneNightApp(quiet_settings(), start=SavedGame(Setup(NAMES[:3], BASE), 1).with_meta(stage="night", step=-1))
    app.clock = clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        night = app.screen
        assert night.query_one("#night-hint").display  # night falls: whoever is called takes the laptop
        while night.index < len(night.steps):
            while night._waiting():
                app.table.answer(pending(app.state).options[0])
            clock.advance(5)
            index = night.index
            night.fast_forward()
            await until(pilot, lambda: night.index != index, "the next step")
        assert night.index == len(night.steps)
        assert "Everyone, wake up!" in str(night.query_one("#night-call").render())
        assert not night.query_one("#night-hint").display


async def test_a_double_enter_opens_a_collection_and_leaves_it_open():
    """Korean Dalbula set-up, F3: Enter Enter on a name opened the collection and hid it again at once,
    so the player saw nothing. The second press of the double press is ignored; a later Enter hides it."""
    app = OneNightApp(quiet_settings(ruleset="dalbula", players=NAMES[:3]), lang="ko", seed=3)
    app.KEY_GUARD_SECONDS = 0.4
    app.clock = clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("f3")
        await until(pilot, lambda: screen_name(app) == "CollectionScreen", "the collection")
        screen = app.screen
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen.open, "Mina's collection")
        clock.advance(0.1)
        await pilot.press("enter")  # the double press's second Enter
        await handled(pilot, "the second Enter")
        assert screen.open, "the second Enter of a double press hid the collection at once"
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: not screen.open, "hidden on purpose")


def _find(table: dict, key: str):
    for k, v in table.items():
        if k == key:
            return v
        if isinstance(v, dict) and (found := _find(v, key)) is not None:
            return found
    return None


def test_the_days_more_hint_fits_its_panel_border_in_every_language():
    """At 80×24 in Korean the roles panel's lower border read "▼ 더 보기 (Tab…": the hint that says how
    to see the rest was itself cut. The panel is 21 cells wide at 80 columns (day.tcss min-width): its
    border leaves 15 cells for the hint."""
    import tomllib
    from pathlib import Path

    from rich.cells import cell_len

    import onenight_tui

    folder = Path(onenight_tui.__file__).parent / "text" / "app"
    for lang in ("en", "ko", "zh", "fr"):
        text = _find(tomllib.loads((folder / f"{lang}.toml").read_text(encoding="utf-8")), "day_more")
        assert text and cell_len(text) <= 15, (lang, text, cell_len(text))


def test_the_narrators_ready_screen_states_the_night_it_will_read():
    """`onenight narrate --roles base-5` (voice off, no audio device): the ready screen said "about 1:14
    of night" (the waits alone); the night on screen lasted two minutes, as `--print` says (2:01). The
    screen's estimate counts each line's reading too, and lands near the spoken length."""
    from onenight_core.catalog.presets import PRESETS
    from onenight_core.engine.narration import Timing, narrate
    from onenight_tui.screens.narrator.narrator import night_estimate
    from onenight_tui.sound.export import night_length
    from onenight_tui.speech import Speaker

    night, timing = narrate(PRESETS["base-5"].roles), Timing(action=10)
    spoken = night_length(night, timing, Speaker())
    estimate = night_estimate(night, timing)
    assert night.duration(timing) == 74  # the waits alone: what the screen said
    assert abs(estimate - spoken) <= 0.1 * spoken, (estimate, spoken)
