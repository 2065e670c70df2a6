"""The private card, for every game family: one player's dealt card, its side, what it does and what
the seat knows. Opened from the deal's hand-over by the named player's key press, and in classic by the
lovers and the charmed when they are called and by anyone checking their card (by day, or the
Executioner's look). Closing it (or resizing the window) removes every widget that showed the card
before the laptop moves on.

What the card says is the driver's (``table.card_face(seat)``: ``card_face.CardFace``, built from the
seat's view alone); this screen only lays it out."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Label, Static

from ...card_face import CardFace
from ...text.app_words import name_bindings
from ...host import host
from .private_reveal import PrivateReveal


class CardScreen(PrivateReveal):
    """The dealt card (a ``PrivateReveal``: True once seen and hidden, False if a resize closed it)."""

    CSS_PATH = "card.tcss"
    BODY_ID = "card-body"
    BINDINGS = [Binding("enter,space,escape", "hide", "Hide my card", id="card-hide")]  # the footer shows ⏎

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        table = host(self).table
        assert table is not None, "a card needs a game on the table"
        self.face: CardFace = table.card_face(seat)
        name_bindings(self, {"card-hide": self.face.hide_key})  # before any footer shows it

    def compose(self) -> ComposeResult:
        face = self.face
        with Vertical(id="card-body"):
            yield Label(face.who, id="card-who", markup=False)
            yield Label(face.role, id="card-role", markup=False)
            yield Label(face.side, id="card-team", markup=False)
            yield Static(face.text, id="card-text", markup=False)
            if face.goal:
                yield Static(face.goal, id="card-goal", markup=False)
            if face.known:
                yield Static("\n".join(face.known), id="card-known", markup=False)
            yield Label(face.hint, id="card-hint", markup=False)
        yield Footer()

    def action_hide(self) -> None:
        if self.let_through():
            self.close_private(True)
