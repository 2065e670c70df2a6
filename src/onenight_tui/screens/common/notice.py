"""A short public notice ("nothing to do now"), closed by any key or after a few seconds.

It has its own footer (Enter closes it; any other key does too): without one, the footer of the screen
behind showed through, offering keys that do nothing while the notice is up."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from ...text.app_words import SpeaksBindings, app_words
from ...widgets.footer import Footer


class NoticeScreen(SpeaksBindings, ModalScreen[None]):
    CSS_PATH = "notice.tcss"
    BINDINGS = [Binding("enter", "close", "Close", id="notice-close")]

    def __init__(self, message: str, *, seconds: float = 3.0) -> None:
        super().__init__()
        self.message = message
        self.seconds = seconds
        self._leaving = False
        self._gone = False

    def compose(self) -> ComposeResult:
        with Vertical(id="notice-box"):
            yield Label(self.message, id="notice-text", markup=False)
            yield Label(app_words(self)("notice_hint"), id="notice-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.set_timer(self.seconds, self._close)

    def action_close(self) -> None:
        self._close()

    def _close(self) -> None:
        self._leaving = True
        if self.app.screen is self and not self._gone:  # not under the too-small notice
            self._gone = True
            self.dismiss(None)

    def on_screen_resume(self) -> None:
        if self._leaving:
            self.call_later(self._close)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self._close()

    def on_click(self) -> None:
        self._close()
