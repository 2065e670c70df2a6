"""One player's private pick of the card they bring to a Dalbula table, from the cards they own.

Opened from the public ``BringCardScreen`` by the named player; closing it (a pick, or Escape or a resize,
after which the same player picks again) removes the list before the laptop moves on."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from onenight_core.play.collection import Collection

from ...host import host
from ...text import Wording
from ...text.app_words import SpeaksBindings
from ...widgets.footer import Footer
from ..common.private_reveal import PrivateScreen


class PickList(SpeaksBindings, OptionList):
    """The cards owned; Enter brings the highlighted one, and the footer says so (an OptionList's own
    Enter is not shown in the footer)."""

    BINDINGS = [Binding("enter", "select", "Bring this card", id="collection-pick")]


class BringCardPickScreen(PrivateScreen[str | None]):
    """Dismissed with the role picked, or None when Escape or a resize closed it first."""

    CSS_PATH = "bring_card_pick.tcss"
    BODY_ID = "pick-body"
    AUTO_FOCUS = "#pick-list"
    # Like every private screen (docs/tui.md), Escape hides it; the same player opens it again.
    BINDINGS = [Binding("escape", "hide", "Hide (Enter opens it again)", id="prompt-hide")]

    def __init__(self, seat: int, name: str, collection: Collection) -> None:
        super().__init__(seat)
        self.owner = name
        self.collection = collection

    def compose(self) -> ComposeResult:
        words = Wording((), host(self).catalog, host(self).lang)
        order = {info.id: i for i, info in enumerate(host(self).catalog.roles)}
        owned = sorted((r for r in self.collection.roles if r in order), key=order.__getitem__)
        with Vertical(id="pick-body"):
            yield Label(words.text("collection_pick_title", name=self.owner), id="pick-title", markup=False)
            yield Label(words.text("collection_pick_hint"), id="pick-hint", markup=False)
            yield PickList(*(Option(words.text("collection_pick_owned", role=r, n=self.collection.owned(r)),
                                      id=r) for r in owned), id="pick-list")
        yield Footer()

    def action_hide(self) -> None:
        self.close_private(None)

    @on(OptionList.OptionSelected, "#pick-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        """A card is brought by an Enter pressed once the list was on screen: the second key of a double
        press at the hand-over (issue 23, played at 80×24) must not bring the first card unseen."""
        event.stop()
        if not self.settled:
            return
        self.close_private(event.option.id)
