"""The end of a game, for every family (public: the game is over, everything may be seen): the one end
screen, rendering the ``ending.Ending`` the table driver builds (``TableDriver.ending``: One Night's in
``tables/one_night_ending.py``, classic's in ``tables/classic/ending.py``) — a headline (said aloud when
it opens), its sections in order (a heading, then lines or one table, each section in its tone), an
optional hint, and the footer's keys: N plays again, S changes the set-up (labelled in the table's words
when the ending names them, else in the app's), Q quits (not shown: Ctrl+Q is). The scroll has the focus,
so the arrows and Page Up/Down read the whole story."""

from __future__ import annotations


from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from ...ending import Ending
from ...host import host
from ...text.app_words import SpeaksBindings, name_bindings


class EndScreen(SpeaksBindings, Screen[None]):
    CSS_PATH = "end.tcss"
    BINDINGS = [
        Binding("n", "again", "Play again", id="end-again"),
        Binding("s", "setup", "Change players/deck", id="end-setup"),
        Binding("q", "app.quit", "Quit", id="end-quit", show=False),
    ]

    def __init__(self, ending: Ending) -> None:
        super().__init__()  # the footer's labels in the app's words (``SpeaksBindings``) ...
        self.ending = ending
        name_bindings(self, {f"end-{action}": label for action, label in ending.keys.items()})  # ... or the table's

    def compose(self) -> ComposeResult:
        ending = self.ending
        with VerticalScroll(id="end-scroll"):
            yield Label(ending.headline, id="end-title", markup=False)
            for section in ending.sections:
                if section.heading is not None:
                    yield Label(section.heading, classes="end-heading", markup=False)
                if section.table is not None:
                    yield Static(section.table, classes="end-table")
                for line in section.lines:
                    yield Static(line, classes=f"end-line -{section.tone}", markup=False)
        if ending.hint is not None:
            yield Label(ending.hint, id="end-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        host(self).say(self.ending.headline)
        self.query_one("#end-scroll").focus()

    def action_again(self) -> None:
        host(self).play_again()

    def action_setup(self) -> None:
        host(self).change_setup()
