"""The claimant's turn at the Mayor's reveal (Dalbula, docs/rules.md #81, E-53): a hand-over, then his
private screen.

The player whose night identity is the Mayor may turn his current card face up (``f``) or not now
(``n``: he may claim again later in the day); anyone else reads that he is not the Mayor. Both close the
same way, so a claimant who keeps his card down looks the same to the table whether he is not the Mayor
or chose to wait — as at a real table. The flip itself is public: the day's table shows the card at once.
A second Mayor (a Doppelgänger who copied him) decides after the first one has (the engine asks the
Mayors in seat order); until then his screen asks him to try again later."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Label, Static

from onenight_core.rulesets.dalbula.mayor import MayorClaim, mayor_claim

from ...host import one_night
from ...text.app_words import app_words
from ..common.hand_over import KeyGuard
from ..common.private_reveal import PrivateScreen

#: The claimant's private line for each of the engine's answers (``mayor_claim``).
CLAIM_TEXT = {
    MayorClaim.FLIP: "mayor_you_are",
    MayorClaim.NOT_MAYOR: "mayor_not_mayor",
    MayorClaim.WAIT: "mayor_wait",
    MayorClaim.KEEP_DOWN: "mayor_cannot",  # shielded, or face up already: only "keep it down" is left
    MayorClaim.DECIDED: "mayor_used",
}


class MayorRevealScreen(KeyGuard, PrivateScreen[bool | None]):
    """Dismissed with True (flip now), False (nothing happens) or None (cancelled before it opened, or a
    resize closed it: the claimant asks again)."""

    CSS_PATH = "mayor_reveal.tcss"
    BODY_ID = "mayor-body"
    BINDINGS = [
        Binding("enter", "open", "It's me: open", id="mayor-open"),
        Binding("escape", "cancel", "Cancel", id="mayor-cancel"),
        Binding("f", "flip", "Turn my card face up", id="mayor-flip"),
        Binding("n", "not_now", "Not now", id="mayor-not-now"),
        Binding("enter", "close", "Done", id="mayor-done"),
    ]

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(seat)
        self.name_shown = name
        self.opened = False
        self.can_flip = False

    def compose(self) -> ComposeResult:
        say = app_words(self)
        with Vertical(id="mayor-box"):
            with Vertical(id="mayor-hand-over"):
                yield Label(say("hand_over_title"), id="mayor-title")
                yield Label(self.name_shown, id="mayor-name", markup=False)
                yield Label(say("mayor_hand_over_hint", name=self.name_shown), id="mayor-hint", markup=False)
            yield Vertical(id="mayor-body")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#mayor-body").display = False
        self.arm()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("open", "cancel"):
            return not self.opened
        if action in ("flip", "not_now"):  # the Mayor who may flip chooses with f or n
            return self.opened and self.can_flip
        if action == "close":  # anyone else reads his line and closes it with Enter
            return self.opened and not self.can_flip
        return True

    def action_open(self) -> None:
        if self.opened or not self.let_through():
            return  # the key that picked the claimant must not open his screen in front of the table
        claim = mayor_claim(one_night(self).game, self.seat)  # the engine's answer; the screen only words it
        self.opened = True
        self.can_flip = claim is MayorClaim.FLIP
        text = app_words(self)(CLAIM_TEXT[claim])
        self.query_one("#mayor-hand-over").display = False
        body = self.query_one("#mayor-body", Vertical)
        body.display = True
        body.mount(Static(text, id="mayor-text", markup=False))
        self.refresh_bindings()

    def action_cancel(self) -> None:
        self.close_private(None)

    def action_flip(self) -> None:
        if self.opened and self.can_flip:
            self.close_private(True)

    def action_not_now(self) -> None:
        if self.opened and self.can_flip:
            self.close_private(False)

    def action_close(self) -> None:
        if self.opened and not self.can_flip:
            self.close_private(False)
