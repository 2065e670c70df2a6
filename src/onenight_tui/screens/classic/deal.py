"""The classic deal's hand-over screen (public): it names only the next player; the card appears on
the private ``ClassicCardScreen`` after that player's key press, and is hidden before the next one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar

from ...host import classic, host
from ...tables import TableMove
from ...classic_words import name_keys
from ..common.hand_over import KeyGuard, TurnKeys, show_labels
from ...text.app_words import SpeaksBindings


class ClassicDealScreen(TurnKeys, SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "deal.tcss"
    BINDINGS = [
        Binding("enter,space", "open", "See my card", id="classic-deal-open"),
        Binding("enter,space", "night", "Night falls", id="classic-deal-night"),
    ]

    def __init__(self, seat: int = 0) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="classic-deal-box"):
            yield Label("", id="classic-deal-title")
            yield Label("", id="classic-deal-name", markup=False)
            yield Label("", id="classic-deal-hint", markup=False)
            yield ProgressBar(show_eta=False, show_percentage=False, id="classic-deal-progress")
        yield Footer()

    def on_mount(self) -> None:
        w = classic(self).words
        name_keys(self, {"classic-deal-open": w.text("classic_key_open"),
                         "classic-deal-night": w.text("classic_key_night")})
        self.arm()
        self._show()

    @property
    def players(self) -> tuple[str, ...]:
        return classic(self).words.players

    @property
    def done(self) -> bool:
        return self.seat >= len(self.players)

    def _show(self) -> None:
        w, players = classic(self).words, self.players
        self.query_one("#classic-deal-progress", ProgressBar).update(total=len(players),
                                                                   progress=min(self.seat, len(players)))
        if self.done:
            show_labels(self, "classic-deal", "", w.text("classic_key_night"), w.text("classic_deal_done"))
        else:
            show_labels(self, "classic-deal", w.text("classic_pass_to"), players[self.seat],
                        w.text("classic_deal_hint", player=players[self.seat], number=self.seat + 1,
                               total=len(players)))
        self.refresh_bindings()

    def action_night(self) -> None:
        if self.let_through():
            self.post_message(TableMove("night", step=-1, round=1))

    def action_open(self) -> None:
        if not self.let_through():
            return  # a double press: the key that hid the last card must not open the next
        from .card import ClassicCardScreen

        self.app.push_screen(ClassicCardScreen(self.seat), self._after_card)

    def _after_card(self, seen: bool | None) -> None:
        if seen:
            self.seat += 1
            host(self).note(stage="deal", deal=self.seat)
        self._show()
