"""After the secret ballot (public): the last voter puts the laptop in the middle before the result
shows, so the reveal never opens in front of one player (issue 10). Enter (not the key that cast the
last vote: see ``KeyGuard``) posts ``TableMove("over")`` and the table's router opens the reveal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label

from ...table_move import TableMove
from ...text.app_words import SpeaksBindings, app_words
from ..common.hand_over import KeyGuard


class TallyScreen(SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "tally.tcss"
    BINDINGS = [Binding("enter,space", "show", "Show the result", id="tally-show")]

    def compose(self) -> ComposeResult:
        say = app_words(self)
        with Vertical(id="tally-box"):
            yield Label(say("tally_title"), id="tally-title")
            yield Label(say("tally_name"), id="tally-name")
            yield Label(say("tally_hint"), id="tally-hint")
        yield Footer()

    def action_show(self) -> None:
        if not self.let_through():
            return  # a double press: the key that cast the last vote must not show the result
        self.post_message(TableMove("over"))
