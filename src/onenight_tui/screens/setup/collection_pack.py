"""A pack just bought: its 10 cards, one a line, until the player closes it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from ...host import host
from ...text import Wording
from ...widgets.footer import Footer
from ...text.app_words import SpeaksBindings


class PackScreen(SpeaksBindings, ModalScreen[None]):
    CSS_PATH = "collection_pack.tcss"
    BINDINGS = [Binding("enter,escape,space", "close", "Close", id="collection-close")]

    def __init__(self, name: str, cards: tuple[str, ...]) -> None:
        super().__init__()
        self.owner = name
        self.cards = cards

    def compose(self) -> ComposeResult:
        words = Wording((), host(self).catalog, host(self).lang)
        with Vertical(id="pack-box"):
            yield Label(words.text("collection_pack_title", name=self.owner), id="pack-title", markup=False)
            for role in self.cards:
                yield Label(words.role(role), classes="pack-card", markup=False)
            yield Label(words.text("collection_pack_hint", name=self.owner), id="pack-hint", markup=False)
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
