"""The private mark: one player's own mark at the mark check, and what it does.

Opened from the mark check's hand-over screen by the named player's key press. Hiding it answers the
engine's mark-check prompt for that seat (its only answer is "done"); a resize closes it without
answering, so the same player opens it again. Its widgets are removed before it closes."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from onenight_core.model import DONE, MarkView
from onenight_core.views import view_for

from ..wording import mark_effect, mark_name
from .night import MARK_CHECK


class MarkScreen(ModalScreen[bool]):
    """Dismisses with True once the player has seen the mark and hidden it (the prompt is answered),
    False if it closed before that."""

    PRIVATE = True
    CSS_PATH = "mark.tcss"
    BINDINGS = [Binding("enter,space", "hide", "Hide my mark", id="mark-hide")]

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self._shown_at_size = None
        self._leave_with: bool | None = None

    def _mark(self) -> str | None:
        """The mark this seat's pending mark-check prompt shows, if that prompt is pending."""
        prompt = view_for(self.app.state, self.seat).prompt
        if prompt is None or prompt.step != MARK_CHECK:
            return None
        return next((o.mark for o in prompt.info if isinstance(o, MarkView)), None)

    def compose(self) -> ComposeResult:
        view = view_for(self.app.state, self.seat)
        mark = self._mark()
        with Vertical(id="mark-body"):
            if mark is not None:
                yield Label(f"{view.name}, your mark is", id="mark-who")
                yield Label(mark_name(mark), id="mark-name")
                yield Static(mark_effect(mark)[:1].upper() + mark_effect(mark)[1:] + ".", id="mark-effect",
                             markup=False)
                yield Static("Your mark may change tonight without your knowing; at the vote, the mark "
                             "you hold then is the one that counts.", id="mark-note", markup=False)
                yield Label("Remember it, then press Enter to hide it and pass the laptop on.", id="mark-hint")
        yield Footer()

    def on_mount(self) -> None:
        self._shown_at_size = self.app.size
        if self._mark() is None:
            self.call_later(self._close, False)

    def on_resize(self, event: events.Resize) -> None:
        if self._shown_at_size is not None and self.app.size != self._shown_at_size:
            self._close(False)

    def action_hide(self) -> None:
        if self._leave_with is not None:
            return
        seen = self._mark() is not None
        self._clear()
        if seen:
            self.app.answer(DONE)
        self._close(seen)

    def _clear(self) -> None:
        body = self.query("#mark-body")
        if body:
            body.first().remove_children()

    def _close(self, seen: bool) -> None:
        self._clear()
        self._leave_with = seen
        if self.is_current:
            self.dismiss(seen)

    def on_screen_resume(self) -> None:
        # Closed while another screen (too small) covered it: leave as soon as it is on top again.
        if self._leave_with is not None:
            self.dismiss(self._leave_with)
