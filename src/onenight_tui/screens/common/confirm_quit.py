"""Asks before something that cannot be undone: quitting mid-game, ending the day early, starting a new
game over an interrupted one. A stray key never does any of them (``y`` does, ``n``/Escape does not).
A question whose answers are not a yes and a no gives them their own keys (the interrupted game:
``n`` a new game, ``r`` resume it).

The dialog has its own footer: without one, the footer of the screen behind it showed through, offering
that screen's keys, which do nothing while the dialog is open."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from ...text.app_words import SpeaksBindings, app_words
from ...widgets.footer import Footer

if TYPE_CHECKING:
    from textual.dom import DOMNode


class ConfirmScreen(SpeaksBindings, ModalScreen[bool]):
    """A yes/no question; dismisses with True for yes."""

    CSS_PATH = "confirm_quit.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm-no"),
    ]

    def __init__(self, title: str, text: str, *, yes: str, no: str, keys: tuple[str, str] = ("y", "n")) -> None:
        super().__init__()
        self.title_text, self.text, self.yes, self.no = title, text, yes, no
        self.keys = keys
        if keys != ("y", "n"):  # the answers' own keys, described by the answers themselves
            table = self._bindings.key_to_bindings
            yes_binding, no_binding = table.pop("y")[0], table.pop("n")[0]
            escape = table.pop("escape")  # after the answer's own key: the footer shows the first
            table[keys[0]] = [dataclasses.replace(yes_binding, key=keys[0], description=yes)]
            table[keys[1]] = [dataclasses.replace(no_binding, key=keys[1], description=no)]
            table["escape"] = [dataclasses.replace(b, description=no) for b in escape]

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Label(self.title_text, id="confirm-title", markup=False)
            yield Label(self.text, id="confirm-text", markup=False)
            with Horizontal(id="confirm-buttons"):
                say = app_words(self)
                yield Button(say("confirm_no_button", label=self.no, key=self.keys[1]), id="confirm-no",
                             variant="primary")
                yield Button(say("confirm_yes_button", label=self.yes, key=self.keys[0]), id="confirm-yes",
                             variant="error")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")


class ConfirmQuitScreen(ConfirmScreen):
    """Quit mid-game? It says the game is saved only when the app's last write of the save succeeded;
    otherwise why it is not, and that quitting loses it."""

    def __init__(self) -> None:
        say = app_words(self)
        super().__init__(say("quit_title"), quit_text(self), yes=say("quit_yes"), no=say("quit_no"))


def quit_text(node: DOMNode) -> str:
    """The quit dialog's sentence: saved (``quit_text``), or not saved and why (``quit_text_unsaved``)."""
    from ...settings import said_notice

    say = app_words(node)
    try:
        app = node.app
    except Exception:  # noqa: BLE001 — no running app: nothing is known about the save
        return say("quit_text")
    if getattr(app, "saved_ok", True):
        return say("quit_text")
    problem = getattr(app, "save_problem", None)
    if problem is None:  # no save file at all
        return say("quit_text_not_saved")
    return say("quit_text_unsaved", reason=said_notice(problem, say))
