"""A big countdown for the day's discussion: pause, extend, and a message when time is up; the clock of
a night step (``StepClock``), which both night screens (One Night's and classic's) time their steps with."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Digits, Label

from ..text.app_words import app_words


def clock_text(seconds: float) -> str:
    """``305`` → ``5:05``; never negative."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


class StepClock:
    """The time gone in a night step, read from the app's clock (``now``: tests give a fake one); it
    stands still while paused. The screen that holds it calls ``tick`` on its interval and shows
    ``left``/``progress``: a slow refresh never makes a step longer."""

    __slots__ = ("elapsed", "last", "paused")

    def __init__(self) -> None:
        self.elapsed = 0.0
        self.last = 0.0
        self.paused = False

    def restart(self, now: float) -> None:
        """A new step (or a step's next call): nothing gone yet."""
        self.elapsed, self.last = 0.0, now

    def tick(self, now: float) -> None:
        if not self.paused:
            self.elapsed += now - self.last
        self.last = now

    def toggle_pause(self, now: float) -> None:
        """Pause, or go on from ``now`` (the time paused never counts)."""
        self.paused = not self.paused
        self.last = now

    def left(self, duration: float) -> float:
        """What is left of a step of ``duration`` seconds; never negative."""
        return max(0.0, duration - self.elapsed)

    def progress(self, duration: float) -> float:
        """The progress bar's value for a step of ``duration`` seconds (at most ``duration``)."""
        return min(self.elapsed, duration)

    def is_up(self, duration: float) -> bool:
        """Has a step of ``duration`` seconds run out (never while paused)?"""
        return not self.paused and self.elapsed >= duration

    def run_out(self, duration: float) -> None:
        """Let the time run out now (tests drive the night with this, not with sleeps)."""
        self.elapsed = max(self.elapsed, duration)

    def resume_with(self, duration: float, left: float) -> None:
        """A resumed game's step goes on with the ``left`` seconds it had when the game was saved."""
        self.elapsed = max(0.0, duration - max(0.0, left))


class Countdown(Vertical):
    """Counts ``seconds`` down in big digits. Time is measured with a monotonic clock (the app's
    ``clock`` when it has one, so tests can run the day on a fake clock), so a slow refresh never makes
    the day longer."""

    DEFAULT_CSS = """
    Countdown { height: auto; width: 100%; align-horizontal: center; }
    Countdown > Digits { width: 100%; text-align: center; }
    Countdown > Label { width: 100%; text-align: center; color: $text-muted; }
    Countdown.-paused > Digits { color: $warning; }
    Countdown.-over > Digits { color: $error; }
    """

    remaining: reactive[float] = reactive(0.0, init=False)
    paused: reactive[bool] = reactive(False, init=False)

    class Finished(Message):
        """Time is up."""

    def __init__(self, seconds: float, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._start_remaining = float(seconds)
        self._last = 0.0
        self._finished = False

    def _now(self) -> float:
        return getattr(self.app, "clock", time.monotonic)()

    def compose(self) -> ComposeResult:
        yield Digits(clock_text(self._start_remaining))
        yield Label("", id="countdown-status")

    def on_mount(self) -> None:
        self.remaining = self._start_remaining
        self._last = self._now()
        self.set_interval(0.25, self._tick)
        self._show()

    def _tick(self) -> None:
        now = self._now()
        if not self.paused and not self._finished:
            self.remaining = max(0.0, self.remaining - (now - self._last))
            if self.remaining <= 0:
                self._finished = True
                self.add_class("-over")
                self.post_message(self.Finished())
        self._last = now

    def watch_remaining(self) -> None:
        self._show()

    def watch_paused(self, paused: bool) -> None:
        self.set_class(paused, "-paused")
        self._show()

    def _show(self) -> None:
        if not self.is_mounted:
            return
        self.query_one(Digits).update(clock_text(self.remaining))
        say = app_words(self)
        status = say("countdown_paused") if self.paused else (say("countdown_over") if self._finished else "")
        self.query_one("#countdown-status", Label).update(status)

    def toggle_pause(self) -> None:
        self._last = self._now()
        self.paused = not self.paused

    def extend(self, seconds: float) -> None:
        self.remaining = self.remaining + seconds
        if self._finished and self.remaining > 0:
            self._finished = False
            self.remove_class("-over")
