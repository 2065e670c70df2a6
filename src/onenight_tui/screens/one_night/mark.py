"""The private mark: one player's own mark at the mark check, and what it does.

Opened from the mark check's hand-over screen by the named player's key press. Hiding it answers the
engine's mark-check prompt for that seat (its only answer is "done"); a resize closes it without
answering, so the same player opens it again. Its widgets are removed before it closes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Label, Static

from onenight_core.engine.views import view_for
from onenight_core.model.values import DONE, MarkView

from ...host import host, one_night
from ...text.app_words import app_words
from ...text.words import Wording
from ..common.private_reveal import PrivateReveal


class MarkScreen(PrivateReveal):
    """The seat's own mark at the mark check (a ``PrivateReveal``: True once seen and hidden — the
    prompt is then answered — False if it closed before that)."""

    CSS_PATH = "mark.tcss"
    BODY_ID = "mark-body"
    BINDINGS = [Binding("enter,space", "hide", "Hide my mark", id="mark-hide")]

    def __init__(self, seat: int, step: str) -> None:
        super().__init__(seat)
        self.step = step  # the mark check's step id

    def _mark(self) -> str | None:
        """The mark this seat's pending mark-check prompt shows, if that prompt is pending."""
        prompt = view_for(one_night(self).game, self.seat).prompt
        if prompt is None or prompt.step != self.step:
            return None
        return next((o.mark for o in prompt.info if isinstance(o, MarkView)), None)

    def compose(self) -> ComposeResult:
        view = view_for(one_night(self).game, self.seat)
        mark = self._mark()
        with Vertical(id="mark-body"):
            if mark is not None:
                say, lang = app_words(self), host(self).lang
                words = Wording((), None, lang)
                effect = words.mark_effect(mark)
                yield Label(say("mark_who", name=view.name), id="mark-who", markup=False)
                yield Label(words.mark_name(mark), id="mark-name", markup=False)
                yield Static(say("mark_effect", effect=effect[:1].upper() + effect[1:]), id="mark-effect",
                             markup=False)
                yield Static(say("mark_note"), id="mark-note", markup=False)
                yield Label(say("private_hide_hint"), id="mark-hint")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        if self._mark() is None:
            self.call_later(self.close_private, False)

    def action_hide(self) -> None:
        if self.closing or not self.let_through():
            return
        seen = self._mark() is not None
        self.close_private(seen)  # hidden at once, removed before it leaves
        if seen:
            one_night(self).answer(DONE)
