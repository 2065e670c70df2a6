"""The private card: one player's dealt role, its team and what it does.

Opened from the hand-over screen by the named player's key press; closing it (or resizing the window)
removes every widget that showed the card before the laptop moves on."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from onenight_core.views import view_for

from ..wording import Wording


class CardScreen(ModalScreen[bool]):
    """Dismisses with True once the player has seen the card and hidden it, False if it was closed by
    a resize before that (the same player then opens it again)."""

    PRIVATE = True
    CSS_PATH = "card.tcss"
    BINDINGS = [Binding("enter,space", "hide", "Hide my card", id="card-hide")]

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self._shown_at_size = None
        self._leave_with: bool | None = None

    def compose(self) -> ComposeResult:
        view = view_for(self.app.state, self.seat)
        words = Wording(view.public.players, self.app.catalog, self.app.lang, me=self.seat)
        info = self.app.catalog[view.dealt]
        with Vertical(id="card-body"):
            yield Label(f"{view.name}, your card is", id="card-who")
            yield Label(words.role(view.dealt), id="card-role")
            yield Label(words.team(view.dealt), id="card-team")
            yield Static(info.ability(self.app.lang), id="card-text", markup=False)
            yield Static(words.goal(view.dealt), id="card-goal", markup=False)
            yield Label("Remember it, then press Enter to hide it and pass the laptop on.", id="card-hint")
        yield Footer()

    def on_mount(self) -> None:
        self._shown_at_size = self.app.size

    def on_resize(self, event: events.Resize) -> None:
        if self._shown_at_size is not None and self.app.size != self._shown_at_size:
            self._close(False)

    def action_hide(self) -> None:
        self._close(True)

    def _close(self, seen: bool) -> None:
        body = self.query("#card-body")
        if body:
            body.first().remove_children()
        self._leave_with = seen
        if self.is_current:
            self.dismiss(seen)

    def on_screen_resume(self) -> None:
        # Closed while another screen (too small) covered it: leave as soon as it is on top again.
        if self._leave_with is not None:
            self.dismiss(self._leave_with)
