"""The deal's hand-over screen (public): it names only the next player.

"Pass the laptop to Mina" — the card itself appears only on the private card screen, after Mina
presses a key, and is hidden again before the next hand-over."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar

from onenight_core.engine.views import public_view

from ...tables import TableMove
from ...host import host, one_night
from ...table_bots import bot_seats
from ...text.app_words import app_words
from ..common.hand_over import HandOver


class DealScreen(HandOver, Screen[None]):
    PREFIX, TURN_HINT = "deal", "deal_turn_hint"
    CSS_PATH = "deal.tcss"
    BINDINGS = [
        Binding("enter,space", "open", "Show my card", id="deal-open"),
        Binding("enter,space", "night", "Start the night", id="deal-night"),
    ]

    def __init__(self, seat: int = 0) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="deal-box"):
            yield Label("", id="deal-title")
            yield Label("", id="deal-name", markup=False)
            yield Label("", id="deal-hint", markup=False)
            yield ProgressBar(show_eta=False, show_percentage=False, id="deal-progress")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    @property
    def players(self) -> tuple[str, ...]:
        return public_view(one_night(self).game).players

    @property
    def done(self) -> bool:
        return self.seat >= len(self.players)

    def _show(self) -> None:
        players = self.players
        bots = bot_seats(one_night(self))
        while self.seat < len(players) and self.seat in bots:  # a bot looks at its card without the laptop
            self.seat += 1
        bar = self.query_one("#deal-progress", ProgressBar)
        bar.update(total=len(players), progress=min(self.seat, len(players)))
        if self.done:
            words = app_words(self)
            self.query_one("#deal-title", Label).update(words("deal_done_title"))
            self.query_one("#deal-name", Label).update(words("deal_done_name"))
            self.query_one("#deal-hint", Label).update(words("deal_done_hint"))
        else:
            self.show_turn(players, self.seat)
        self.refresh_bindings()

    def action_night(self) -> None:
        if not self.let_through():
            return  # a double press: the key that hid the last secret must not open the next
        self.post_message(TableMove("night", step=-1))

    def action_open(self) -> None:
        if not self.let_through():
            return  # a double press: the key that hid the last secret must not open the next
        from .card import CardScreen

        self.app.push_screen(CardScreen(self.seat), self._after_card)

    def _after_card(self, seen: bool | None) -> None:
        if seen:
            self.seat += 1
            host(self).note(stage="deal", deal=self.seat)
        self._show()
