"""The deal's hand-over screen (public), for every game family: it names only the next player.

"Pass the laptop to Mina" — the card itself appears only on the private card screen (``card.py``, its
face worked out by the driver: ``table.card_face``), after Mina presses a key, and is hidden again before
the next hand-over. What differs by family comes from the table's driver (``table.deal()``, a ``Deal``):
the players, the seats that look without the laptop (bots), the words and the move once everyone has
seen their card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar

from ...host import host
from ...text.app_words import SpeaksBindings
from .hand_over import KeyGuard, TurnKeys, show_labels

if TYPE_CHECKING:
    from ...table_move import TableMove


class Deal(Protocol):
    """The deal of the game on the table, as its driver tells it (``TableDriver.deal``)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    def looks_alone(self, seat: int) -> bool:
        """``seat`` sees its card without the laptop (a bot): the hand-over skips it."""

    def turn(self, seat: int) -> tuple[str, str, str]:
        """The hand-over's title, name and hint for ``seat``'s turn."""

    def all_seen(self) -> tuple[str, str, str]:
        """The title, name and hint once everyone has seen their card."""

    def key_names(self) -> dict[str, str]:
        """The footer's keys in the table's words, by binding id (empty: the app's words)."""

    def then(self) -> TableMove:
        """The move once everyone has seen their card: night falls."""


class DealScreen(TurnKeys, SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "deal.tcss"
    BINDINGS = [
        Binding("enter,space", "open", "Show my card", id="deal-open"),
        Binding("enter,space", "night", "Start the night", id="deal-night"),
    ]

    def __init__(self, seat: int = 0) -> None:
        super().__init__()
        self.seat = seat

    @property
    def deal(self) -> Deal:
        table = host(self).table
        assert table is not None, "a deal needs a game on the table"
        return table.deal()

    def compose(self) -> ComposeResult:
        with Vertical(id="deal-box"):
            yield Label("", id="deal-title")
            yield Label("", id="deal-name", markup=False)
            yield Label("", id="deal-hint", markup=False)
            yield ProgressBar(show_eta=False, show_percentage=False, id="deal-progress")
        yield Footer()

    def on_mount(self) -> None:
        names = self.deal.key_names()
        if names:
            from ...text.app_words import name_bindings

            name_bindings(self, names)
        self._show()

    @property
    def players(self) -> tuple[str, ...]:
        return self.deal.players

    @property
    def done(self) -> bool:
        return self.seat >= len(self.players)

    def _show(self) -> None:
        deal = self.deal
        players = deal.players
        while self.seat < len(players) and deal.looks_alone(self.seat):  # a bot looks without the laptop
            self.seat += 1
        bar = self.query_one("#deal-progress", ProgressBar)
        bar.update(total=len(players), progress=min(self.seat, len(players)))
        show_labels(self, "deal", *(deal.all_seen() if self.done else deal.turn(self.seat)))
        self.refresh_bindings()

    def action_night(self) -> None:
        if not self.let_through():
            return  # a double press: the key that hid the last secret must not open the next
        self.post_message(self.deal.then())

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
