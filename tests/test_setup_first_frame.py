"""The set-up's first frame (docs/tui.md, "Start-up time"): for a returning table the key bar shows
Start from the first frame, so the fill does not rebuild the bar's keys; a fresh form's bar shows no
Start until it passes."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from app_pilot import SIZE, quiet_settings, screen_name, until
from onenight_tui.app import OneNightApp
from onenight_tui.screens.setup.setup import SetupScreen


async def test_a_returning_tables_key_bar_is_not_rebuilt_by_the_fill(tmp_path, monkeypatch):
    before: list[list[object]] = []
    fill = SetupScreen._fill

    async def noting_fill(self: SetupScreen) -> None:
        before.append(list(self.query(FooterKey)))
        await fill(self)

    monkeypatch.setattr(SetupScreen, "_fill", noting_fill)
    app = OneNightApp(quiet_settings(players=("Ana", "Ben", "Cleo", "Dev", "Eli")),
                      settings_file=tmp_path / "settings.toml")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the filled set-up")
        screen = app.screen
        await until(pilot, lambda: screen.problem is None, "a valid set-up")
        keys = list(screen.query(FooterKey))
        assert [key.description for key in before[0]][:1] == ["Start"]  # shown in the first frame
        assert keys == before[0]  # the same key widgets: no rebuild
