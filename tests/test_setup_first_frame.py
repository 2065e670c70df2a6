"""The set-up's first frame (docs/tui.md, "Start-up time"): for a returning table the key bar shows
Start from the first frame (``_start_shown_early``), so the fill changes nothing in it."""

from __future__ import annotations

from app_pilot import SIZE, quiet_settings, screen_name, until
from onenight_tui.app import OneNightApp
from onenight_tui.screens.setup.setup import SetupScreen
from onenight_tui.widgets.key_bar import KeyBar


async def test_a_returning_tables_key_bar_shows_start_from_the_first_frame(tmp_path, monkeypatch):
    before: list[list[str]] = []
    fill = SetupScreen._fill

    async def noting_fill(self: SetupScreen) -> None:
        before.append([key.description for key in self.query_one(KeyBar).keys])
        await fill(self)

    monkeypatch.setattr(SetupScreen, "_fill", noting_fill)
    app = OneNightApp(quiet_settings(players=("Ana", "Ben", "Cleo", "Dev", "Eli")),
                      settings_file=tmp_path / "settings.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the filled set-up")
        screen = app.screen
        await until(pilot, lambda: screen.problem is None, "a valid set-up")
        assert before[0][:1] == ["Start"]  # shown in the first frame
        assert [key.description for key in screen.query_one(KeyBar).keys] == before[0]  # unchanged by the fill
