"""Covers everything while the terminal is smaller than 80×24 (and hides private content with it)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from ...text.app_words import app_words
from .. import MIN_HEIGHT, MIN_WIDTH


class TooSmallScreen(ModalScreen[None]):
    CSS_PATH = "too_small.tcss"

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small-text")

    def _message(self) -> str:
        w, h = self.app.size
        return app_words(self)("too_small", width=w, height=h, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)

    def refresh_size(self) -> None:
        if self.is_mounted:
            self.query_one("#too-small-text", Static).update(self._message())
