"""The set-up's key bar (widgets/key_bar.py): one widget drawing the footer's line of keys. It shows the
keys the screen's checks allow (``check_action``), follows them, and a click on a key runs it. Its look
is pinned by the set-up's snapshots (test_app_snapshots.py, test_app_languages_snapshots.py)."""

from __future__ import annotations

from app_pilot import SIZE, quiet_settings, screen_name, screen_text, until
from onenight_tui.app import OneNightApp
from onenight_tui.widgets.key_bar import KeyBar


async def test_the_key_bar_follows_the_screens_checks_and_runs_a_clicked_key():
    app = OneNightApp(quiet_settings(players=("Ann", "Bo")))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        bar = app.screen.query_one(KeyBar)
        await until(pilot, lambda: "Help" in [key.description for key in bar.keys], "the keys")
        assert "Start" not in [key.description for key in bar.keys]  # two players: the check hides it
        assert "^s Start" not in screen_text(app).splitlines()[-1]

        app.screen.query_one("#setup-players").value = "Ann, Bo, Cy"  # now the game can start
        await until(pilot, lambda: [key.description for key in bar.keys][:1] == ["Start"], "the Start key")
        await until(pilot, lambda: screen_text(app).splitlines()[-1].startswith(" ^s Start "), "Start drawn")

        line = screen_text(app).splitlines()[-1]
        theme = app.theme
        await pilot.click(KeyBar, offset=(line.index("Light/dark"), 0))  # the footer's keys are clickable
        await until(pilot, lambda: app.theme != theme, "the theme toggled by a click")
