"""The private card: one player's dealt role, its team and what it does.

Opened from the hand-over screen by the named player's key press; closing it (or resizing the window)
removes every widget that showed the card before the laptop moves on."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Label, Static

from onenight_core.engine.views import view_for

from ...host import host, one_night
from ...text.app_words import app_words
from ...text.words import Wording
from ..common.private_reveal import PrivateReveal


class CardScreen(PrivateReveal):
    """The dealt card (a ``PrivateReveal``: True once seen and hidden, False if a resize closed it)."""

    CSS_PATH = "card.tcss"
    BODY_ID = "card-body"
    BINDINGS = [Binding("enter,space", "hide", "Hide my card", id="card-hide")]

    def compose(self) -> ComposeResult:
        view = view_for(one_night(self).game, self.seat)
        words = Wording(view.public.players, host(self).catalog, host(self).lang, me=self.seat)
        info = host(self).catalog[view.dealt]
        say = app_words(self)
        with Vertical(id="card-body"):
            yield Label(say("card_who", name=view.name), id="card-who", markup=False)
            yield Label(words.role(view.dealt), id="card-role", markup=False)
            yield Label(words.team(view.dealt), id="card-team", markup=False)
            yield Static(info.ability(host(self).lang), id="card-text", markup=False)
            yield Static(words.goal(view.dealt, view.public.roster, view.public.ruleset), id="card-goal", markup=False)
            yield Label(say("private_hide_hint"), id="card-hint")
        yield Footer()

    def action_hide(self) -> None:
        if self.let_through():
            self.close_private(True)
