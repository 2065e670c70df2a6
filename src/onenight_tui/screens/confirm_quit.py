"""Asks before quitting mid-game: a stray key never ends the game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label


class ConfirmQuitScreen(ModalScreen[bool]):
    CSS_PATH = "confirm_quit.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Quit", id="quit-yes"),
        Binding("n,escape", "answer(False)", "Keep playing", id="quit-no"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-quit-box"):
            yield Label("Quit the game?", id="confirm-quit-title")
            yield Label("The game is saved: `onenight --resume` continues it where it stopped.",
                        id="confirm-quit-text")
            with Horizontal(id="confirm-quit-buttons"):
                yield Button("Keep playing (n)", id="confirm-quit-no", variant="primary")
                yield Button("Quit (y)", id="confirm-quit-yes", variant="error")

    def action_answer(self, quit_now: bool) -> None:
        self.dismiss(quit_now)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-quit-yes")
