"""The key bar of the set-up's dialogs (widgets/footer.py): rebuilt when the keys it shows change, kept
when they do not. A screen of its own, whose one key's check (``check_action``) the test turns."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Label

from onenight_tui.widgets.footer import Footer

from app_pilot import SIZE, handled, until


class _Keyed(Screen[None]):
    BINDINGS = [Binding("ctrl+s", "go", "Go"), Binding("f3", "other", "Other")]
    ready = False

    def compose(self):
        yield Label("keys")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.ready if action == "go" else True


def _keys(app: App) -> list:
    return list(app.screen.query_one(Footer).query("FooterKey"))


async def test_the_footer_keeps_its_keys_until_what_it_shows_changes():
    app = App()
    async with app.run_test(size=SIZE) as pilot:
        screen = _Keyed()
        await app.push_screen(screen)
        await until(pilot, lambda: "Other" in [key.description for key in _keys(app)], "the footer's keys")
        before = _keys(app)
        assert "Go" not in [key.description for key in before]  # its check says no: not shown

        screen.refresh_bindings()  # nothing the footer shows has changed
        await handled(pilot, "the bindings' refresh")
        assert _keys(app) == before  # the same widgets: not rebuilt

        screen.ready = True  # now it can
        screen.refresh_bindings()
        await until(pilot, lambda: "Go" in [key.description for key in _keys(app)], "the Go key")
        assert _keys(app) != before
