"""The key bar (widgets/footer.py): rebuilt when the keys it shows change, kept when they do not."""

from __future__ import annotations


from onenight_tui.app import OneNightApp
from onenight_tui.widgets.footer import Footer

from app_pilot import SIZE, handled, quiet_settings, screen_name, screen_text, settled_text, until


def _keys(app: OneNightApp) -> list:
    return list(app.screen.query_one(Footer).query("FooterKey"))


async def test_the_footer_keeps_its_keys_until_what_it_shows_changes():
    app = OneNightApp(quiet_settings(players=("Ann", "Bo")))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await settled_text(pilot, lambda: screen_text(app))  # the footer's keys composed
        before = _keys(app)
        assert "Start" not in [key.description for key in before]  # two players: no Start key

        app.screen.refresh_bindings()  # nothing the footer shows has changed
        await handled(pilot, "the bindings' refresh")
        assert _keys(app) == before  # the same widgets: not rebuilt

        app.screen.query_one("#setup-players").value = "Ann, Bo, Cy"  # now the game can start
        await until(pilot, lambda: "Start" in [key.description for key in _keys(app)], "the Start key")
        assert _keys(app) != before
