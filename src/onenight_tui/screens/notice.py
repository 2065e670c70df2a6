"""A short public notice ("nothing to do now"), closed by any key or after a few seconds."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from ..text.app_words import app_words


class NoticeScreen(ModalScreen[None]):
    CSS_PATH = "notice.tcss"

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

    def on_mount(self) -> None:
        self.set_timer(self.seconds, self._close)

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
