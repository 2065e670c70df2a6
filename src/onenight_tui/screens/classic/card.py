"""One player's classic card (private): its name, its side, what it does, and everything the seat has
learned so far (its lover, the pack, the seer's looks...). Opened at the deal after the named player's
key press, by the lovers and the charmed when they are called, and by day to check one's own card;
closing it (or resizing the window) removes every widget that showed it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Label, Static


from ...host import classic
from ...classic_words import name_keys
from ..common.private_reveal import PrivateReveal


class ClassicCardScreen(PrivateReveal):
    """True once seen and hidden, False when a resize closed it first."""

    CSS_PATH = "card.tcss"
    BODY_ID = "classic-card-body"
    BINDINGS = [Binding("enter,space,escape", "hide", "Hide", id="classic-card-hide")]

    def compose(self) -> ComposeResult:
        w = classic(self).words
        view = classic(self).view_for(self.seat)
        known = w.knowledge(view.known, classic(self).view().dead)
        with Vertical(id="classic-card-body"):
            yield Label(w.text("classic_card_title", player=w.name(self.seat)), id="classic-card-who", markup=False)
            yield Label(w.card(view.role), id="classic-card-role", markup=False)
            yield Label(w.text("classic_card_side", side_name=w.side(w.catalog.side(view.role))),
                        id="classic-card-side", markup=False)
            yield Static(w.role_text(view.role), id="classic-card-text", markup=False)
            if known:
                yield Static("\n".join([w.text("classic_known"), *(f"• {k}" for k in known)]),
                             id="classic-card-known", markup=False)
            yield Label(w.text("classic_hide_hint"), id="classic-card-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        name_keys(self, {"classic-card-hide": classic(self).words.text("classic_key_hide")})

    def action_hide(self) -> None:
        if self.let_through():
            self.close_private(True)
