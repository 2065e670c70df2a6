"""The day (public): a big countdown for the discussion, and as a reference the roles in play, the table
(who sits where, with the public facts on it: face-up cards, shields, artifacts) and the night order.
Pause, extend, or go to the vote early."""

from __future__ import annotations

from collections import Counter

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from onenight_core.engine.views import public_view

from ..widgets.countdown import Countdown
from ..widgets.table_ring import TableRing
from ..wording import Wording
from .night import night_narration

EXTEND_SECONDS = 60
SAVE_EVERY = 10.0


class DayScreen(Screen):
    CSS_PATH = "day.tcss"
    BINDINGS = [
        Binding("space", "pause", "Pause/resume", id="day-pause"),
        Binding("e", "extend", f"+{EXTEND_SECONDS // 60} min", id="day-extend"),
        Binding("v", "vote", "Vote now", id="day-vote"),
    ]

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self._saved_at = float(seconds)

    def compose(self) -> ComposeResult:
        view = public_view(self.app.state)
        words = Wording(view.players, self.app.catalog, self.app.lang)
        with Vertical(id="day-top"):
            yield Label("Day — discuss, then vote", id="day-title")
            yield Countdown(self.seconds, id="day-countdown")
        with Horizontal(id="day-reference"):
            with VerticalScroll(id="day-roles"):
                yield Label("Roles in play", classes="day-heading")
                counts = Counter(view.roster)
                order = sorted(counts, key=lambda r: (self.app.catalog[r].number if r in self.app.catalog else 999))
                for role in order:
                    times = f" ×{counts[role]}" if counts[role] > 1 else ""
                    yield Static(f"{words.role(role)}{times}  [dim]{words.team(role)}[/dim]",
                                 classes="day-role")
                yield Static(f"[dim]{len(view.players)} players, {view.center} cards in the center[/dim]")
            table = TableRing(view.players, view.center, notes=words.table_notes(view), id="day-table")
            table.border_title = "The table"
            yield table
            with VerticalScroll(id="day-order"):
                yield Label("Night order", classes="day-heading")
                steps = [c for c in night_narration(self.app).cues if c.kind not in ("start", "dawn")]
                for i, cue in enumerate(steps, 1):
                    yield Static(f"{i}. {cue.title}", classes="day-step", markup=False)
        yield Footer()

    @property
    def countdown(self) -> Countdown:
        return self.query_one(Countdown)

    def on_mount(self) -> None:
        self.set_interval(1.0, self._remember)

    def _remember(self) -> None:
        left = self.countdown.remaining
        if abs(left - self._saved_at) >= SAVE_EVERY or self.countdown.paused:
            self._saved_at = left
            self.app.note(stage="day", day_left=round(left, 1))

    def on_countdown_finished(self, _: Countdown.Finished) -> None:
        self.app.notify("Time is up: vote!", timeout=4)
        self.app.bell()
        self.app.show_vote()

    def action_pause(self) -> None:
        self.countdown.toggle_pause()
        self._saved_at = self.countdown.remaining
        self.app.note(stage="day", day_left=round(self.countdown.remaining, 1))

    def action_extend(self) -> None:
        self.countdown.extend(EXTEND_SECONDS)

    def action_vote(self) -> None:
        self.app.show_vote()

    def help_roles(self) -> tuple[str, ...]:
        return public_view(self.app.state).roster
