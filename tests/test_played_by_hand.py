"""What a hand-played game at 80×24 showed (issues 21 and 23, "Done when" play-through)."""

from __future__ import annotations

from app_pilot import NAMES, SIZE, FakeClock, quiet_settings, screen_name, until

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
        while night.index < len(night.script):
            while night._waiting():
                app.answer(pending(app.state).options[0])
            clock.advance(5)
            night.fast_forward()
            await pilot.pause()
        assert night.index == len(night.script)
        assert "Everyone, wake up!" in str(night.query_one("#night-call").render())
        assert not night.query_one("#night-hint").display
