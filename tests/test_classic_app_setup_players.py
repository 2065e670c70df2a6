"""The set-up screen takes as many players as the chosen ruleset allows: ten for One Night, eighteen for
classic (as ``play --ruleset classic``), at 80×24."""

from __future__ import annotations

from textual.widgets import Input

from onenight_core.rulesets import RULESETS
from onenight_tui.app import OneNightApp
from onenight_tui.widgets.picker import Picker

from app_pilot import SIZE, flat, quiet_settings, screen_name, until

NAMES = [f"P{i}" for i in range(1, 20)]


def test_the_screen_and_the_command_line_agree_on_classic_s_largest_village():
    # both read the ruleset's own limit (commands/play.py reads Ruleset.most_players)
    assert RULESETS["classic"].most_players == 18
    assert RULESETS["onuw"].most_players == 10


async def test_eighteen_players_are_too_many_for_one_night_but_not_for_classic():
    app = OneNightApp(quiet_settings())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: getattr(app.screen, "filled", False), "the set-up")
        screen = app.screen
        screen.query_one("#setup-players", Input).value = ",".join(NAMES[:18])
        await until(pilot, lambda: "At most 10 players (18 entered)" in flat(app), "the One Night limit")
        assert "Players (3–10)" in flat(app)
        screen.query_one("#setup-ruleset", Picker).value = "classic"
        await until(pilot, lambda: screen.problem is None, "eighteen villagers")
        assert "Players (3–18)" in flat(app) and "18 players" in flat(app)
        screen.query_one("#setup-players", Input).value = ",".join(NAMES)
        await until(pilot, lambda: "At most 18 players (19 entered)" in flat(app), "the classic limit")
        screen.query_one("#setup-players", Input).value = ",".join(NAMES[:18])
        await until(pilot, lambda: screen.problem is None, "eighteen again")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the classic deal")
        assert len(app.state.setup.players) == 18 and len(app.state.setup.deck) == 18
