"""Who is holding the laptop? A list of the players' names (nothing private); it returns the chosen
seat. The caller opens that player's own screen: their card and what they know when the lovers, the
charmed or the ally are called and by day; in the werewolves' step (the little girl and each werewolf act
in turn) the prompt only if it is that player's turn, so nobody sees whose turn it is."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from ...host import classic
from ...bots.classic import humans
from ...text.app_words import name_bindings
from ..common.hand_over import KeyGuard
from ..common.prompt import ChoiceList
from ...text.app_words import SpeaksBindings


class ClassicWhoScreen(SpeaksBindings, KeyGuard, ModalScreen[int | None]):
    """The names; a name chosen in a burst of keys right after the list appeared (the key that opened it,
    pressed three times) is not taken: it could open someone else's prompt (``KeyGuard``)."""

    CSS_PATH = "who.tcss"
    seats: tuple[int, ...] = ()  # the seat of each listed name
    BINDINGS = [Binding("escape", "close", "Hide", id="classic-who-close")]

    def compose(self) -> ComposeResult:
        w = classic(self).words
        with Vertical(id="classic-who-box"):
            yield Label(w.text("classic_who_are_you"), id="classic-who-title", markup=False)
            # the human seats only: a bot never holds the laptop (which seats are bots is public)
            self.seats = humans(classic(self))
            yield ChoiceList(*(Option(w.players[i], id=f"classic-who-{i}") for i in self.seats),
                             id="classic-who-list", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        name_bindings(self, {"classic-who-close": classic(self).words.text("classic_key_hide")})
        choices = self.query_one(ChoiceList)
        choices.highlighted = 0  # the first name, as every list; the key guard keeps a double press out
        choices.arm()
        choices.focus()

    @on(OptionList.OptionSelected, "#classic-who-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if self.let_through():
            self.dismiss(self.seats[event.option_index])

    def close_private(self, _result: object = None) -> None:
        """The step's time ran out while the list was open."""
        if self.app.screen is self:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
