"""The public pick of who claims the Mayor's reveal (Dalbula, docs/rules.md #81, E-53), from the day screen.

Anyone may claim it, out loud, in front of the table: the pick is public, and the list is the same
players in every deal. What the claimant may do is only said on his private screen (``MayorRevealScreen``),
so claiming tells the table nothing by itself."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from ...text.app_words import SpeaksBindings, app_words


class ClaimList(SpeaksBindings, OptionList):
    """The players; Enter picks the highlighted one (in the footer: an OptionList's Enter is not)."""

    BINDINGS = [Binding("enter", "select", "Pass them the laptop", id="mayor-claim-pick")]


class MayorClaimScreen(SpeaksBindings, ModalScreen[int | None]):
    """Dismissed with the seat of the claimant, or None (cancelled)."""

    CSS_PATH = "mayor_claim.tcss"
    AUTO_FOCUS = "#mayor-claim-list"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="mayor-claim-cancel")]

    def __init__(self, players: tuple[str, ...]) -> None:
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        say = app_words(self)
        with Vertical(id="mayor-claim-box"):
            yield Label(say("mayor_claim_title"), id="mayor-claim-title", markup=False)
            yield Label(say("mayor_claim_hint"), id="mayor-claim-hint", markup=False)
            yield ClaimList(*(Option(name, id=f"p{seat}") for seat, name in enumerate(self.players)),
                            id="mayor-claim-list")
        yield Footer()

    @on(OptionList.OptionSelected, "#mayor-claim-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(str(event.option.id)[1:]))

    def action_cancel(self) -> None:
        self.dismiss(None)
