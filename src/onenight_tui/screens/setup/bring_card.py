"""Before a Dalbula deal, the hand-over in which each player picks the card they bring (docs/rules.md §2.1:
each player submits one card they own; the 3 center cards are drawn from the whole catalogue).

Public, like the deal's hand-over: it names only whose turn it is, the same whatever anyone picks. The
pick itself is on the private ``BringCardPickScreen``, opened by the named player's key press. When
everyone has picked, the app deals (``collections.deal_brought``) and the usual deal shows each player their
card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, ProgressBar

from ...host import host
from ...text import Wording
from ...widgets.footer import Footer
from ...text.app_words import SpeaksBindings
from ..common.hand_over import KeyGuard, TurnKeys, show_labels

if TYPE_CHECKING:
    from ...help_roster import HelpRoster


class BringCardScreen(TurnKeys, SpeaksBindings, KeyGuard, Screen[None]):
    LAST_ACTION = "deal"

    CSS_PATH = "bring_card.tcss"
    BINDINGS = [
        Binding("enter,space", "open", "Choose my card", id="collection-open"),
        Binding("enter,space", "deal", "Deal", id="collection-deal"),
    ]

    #: Help lists every role of the ruleset (a collection is private), not the previous game's cards.
    help_title = "help_title_collections"

    def help_topic(self) -> HelpRoster:
        """Every role of the table's ruleset, in the words of its family (``help_roster.py``)."""
        from ...help_roster import help_roster
        from ...widgets.brought_cards import collection_roles

        saved = host(self).saved
        if saved is None:
            return help_roster((), None)
        return help_roster(collection_roles(host(self).catalog, saved.setup.ruleset), saved.setup.ruleset)

    def __init__(self, players: tuple[str, ...], options: tuple[tuple[str, bool | int | str], ...] = (),
                 brought: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.players = players
        self.options = options
        self.brought: list[str] = list(brought)  # the picks of a resumed table

    @property
    def seat(self) -> int:
        return len(self.brought)

    @property
    def done(self) -> bool:
        return self.seat >= len(self.players)

    def compose(self) -> ComposeResult:
        with Vertical(id="bring-box"):
            yield Label("", id="bring-title", markup=False)
            yield Label("", id="bring-name", markup=False)
            yield Label("", id="bring-hint", markup=False)
            yield ProgressBar(show_eta=False, show_percentage=False, id="bring-progress")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        t = Wording((), host(self).catalog, host(self).lang).text
        self.query_one("#bring-progress", ProgressBar).update(total=len(self.players), progress=self.seat)
        if self.done:
            title, name, hint = (t("collection_bring_done_title"), t("collection_bring_done_name"),
                                 t("collection_bring_done_hint"))
        else:
            name = self.players[self.seat]
            title = t("collection_bring_title")
            hint = t("collection_bring_hint", name=name, number=self.seat + 1, total=len(self.players))
        show_labels(self, "bring", title, name, hint)
        self.refresh_bindings()

    def action_open(self) -> None:
        if not self.let_through() or self.done:
            return  # a double press: the key that hid the last pick must not open the next
        from .bring_card_pick import BringCardPickScreen

        name = self.players[self.seat]
        collection = host(self).collections.collection(name)
        self.app.push_screen(BringCardPickScreen(self.seat, name, collection), self._picked)

    def _picked(self, role: str | None) -> None:
        if role is not None and not self.done:
            self.brought.append(role)
            host(self).collections.note_picks(tuple(self.brought))
        self._show()

    def action_deal(self) -> None:
        if not self.let_through() or not self.done:
            return
        host(self).collections.deal_brought(self.players, tuple(self.brought), self.options)
