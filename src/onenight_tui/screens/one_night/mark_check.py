"""The mark check's hand-over screen (public): the laptop goes round in seat order, like the deal.

"Marks — pass the laptop to Mina": Mina presses a key and sees her own mark on the private mark screen,
which hides it again before the next hand-over (docs/rules.md §A.5; docs/design.md, "Hot-seat flow and
privacy"). The engine asks every seat in seat order (one ``info`` prompt each), so this screen names
only whose turn it is — which is the same in every deal — and never a mark. When everyone has seen
theirs, the night goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar, Static

from onenight_core.engine.narration import Cue
from onenight_core.engine.protocol import pending
from onenight_core.engine.views import public_view

from ...table_move import TableMove
from ...host import host, one_night
from ...text.app_words import app_words
from ..common.hand_over import HandOver
from ...tables.one_night_calls import closing, night_narration, narration_cue, night_step_count

if TYPE_CHECKING:
    from ...tables.one_night import OneNightTable


def step_cue(app: OneNightTable, index: int) -> Cue:
    """The narrator's cue of the mark check, step ``index`` of the night."""
    return narration_cue(night_narration(app, index), index)


def banner_parts(app: OneNightTable, index: int) -> dict[str, object]:
    """The banner's title and "step N of M", counted as the eyes-closed screen counts them."""
    return {"title": step_cue(app, index).title, "step": index + 1, "count": night_step_count(app, index)}


class MarkCheckScreen(HandOver, Screen[None]):
    PREFIX, TURN_HINT = "marks", "marks_turn_hint"
    CSS_PATH = "mark_check.tcss"
    BINDINGS = [
        Binding("enter,space", "open", "Show my mark", id="marks-open"),
        Binding("enter,space", "night", "Go on with the night", id="marks-night"),
    ]

    def __init__(self, index: int, *, after: str = "") -> None:
        super().__init__()
        self.index = index  # the mark check's place in the night script
        self._step_id: str | None = None
        self._after = after  # the previous step's closing line, said before this step's call

    def compose(self) -> ComposeResult:
        with Vertical(id="marks-box"):
            yield Label("", id="marks-banner")
            yield Static("", id="marks-call", markup=False)
            yield Label("", id="marks-title")
            yield Label("", id="marks-name", markup=False)
            yield Label("", id="marks-hint", markup=False)
            yield ProgressBar(show_eta=False, show_percentage=False, id="marks-progress")
        yield Footer()

    def on_mount(self) -> None:
        cue = step_cue(one_night(self), self.index)
        self.closing = closing(cue)
        banner = app_words(self)("marks_banner", **banner_parts(one_night(self), self.index))
        self.query_one("#marks-banner", Label).update(banner)
        self.query_one("#marks-call", Static).update(cue.lines[0].text)
        if self.seat == 0:  # the step begins (a game resumed mid-round is not called again)
            host(self).say(f"{self._after} {cue.lines[0].text}".strip())
        self._show()

    @property
    def step_id(self) -> str:
        """The mark check's step id, read from the script once (the app may ask ``done`` before mount)."""
        if self._step_id is None:
            self._step_id = public_view(one_night(self).game).script[self.index].id
        return self._step_id

    @property
    def seat(self) -> int | None:
        """Whose turn it is to see their mark (None: everyone has)."""
        p = pending(one_night(self).game)
        return p.seat if p is not None and p.step == self.step_id else None

    @property
    def done(self) -> bool:
        return self.seat is None

    def _show(self) -> None:
        bots = one_night(self).bots
        if bots is not None:  # a bot sees its mark without the laptop (its hand-over is skipped)
            bots.act_at_night(self.step_id)
        players = public_view(one_night(self).game).players
        seat = self.seat
        seen = len(players) if seat is None else seat
        self.query_one("#marks-progress", ProgressBar).update(total=len(players), progress=seen)
        if seat is None:
            words = app_words(self)
            self.query_one("#marks-title", Label).update(words("marks_done_title"))
            self.query_one("#marks-name", Label).update(words("marks_done_name"))
            self.query_one("#marks-hint", Label).update(words("marks_done_hint"))
        else:
            self.show_turn(players, seat)
        host(self).note(stage="marks", step=self.index)
        self.refresh_bindings()

    def action_open(self) -> None:
        if not self.let_through():
            return  # a double press: the key that hid the last secret must not open the next
        from .mark import MarkScreen

        seat = self.seat
        if seat is None:
            return  # everyone has seen their mark (the key moves on to the night: ``TurnKeys``)
        self.app.push_screen(MarkScreen(seat, self.step_id), lambda _: self._show())

    def action_night(self) -> None:
        if not self.let_through():
            return  # a double press: the key that hid the last secret must not open the next
        self.post_message(TableMove("night", step=self.index + 1, after=self.closing))

    def help_roles(self) -> tuple[str, ...]:
        return public_view(one_night(self).game).roster
