"""The eyes-closed screen (public): it calls each step of the night script and times it.

The script is public — every role in play, ghosts included (rules/roles.md §A.4) — and every step
looks and lasts the same whether anyone acts or not: the same call, the same countdown, the same key.
The calls are the narrator's (``onenight_core.engine.narration``), so the game and ``onenight narrate`` read
the same night word for word; a step with two calls (the Doppelgänger–Minion's "keep your eyes open")
times each with the same action time, in every deal. The mark check is not timed: the laptop goes
round like the deal (``MarkCheckScreen``).
A step ends when its time is up and nobody is still to act in it; the actor opens the private prompt
with the key. The screen never reads who acts: the only private fact it touches is whether the pending
prompt belongs to this step, which decides what the key opens and whether the step may end."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar, Static

from onenight_core.engine.protocol import pending
from onenight_core.engine.narration import Cue, Line, Narration, narrate
from onenight_core.engine.views import public_view

from ..widgets.countdown import clock_text

INTRO_SECONDS = 3.0
MARK_CHECK = "mark_check"
HINT = ("If you are called: take the laptop, press Enter, act, and put it back.\n"
        "Everyone else: keep your eyes closed.")


_READINGS: dict[tuple, Narration] = {}


def night_narration(app) -> Narration:
    """The narrator's reading of this game's night (``onenight_core.engine.narration``): the same cues, in the
    same words, as ``onenight narrate`` reads for these cards."""
    roster = tuple(public_view(app.state).roster)
    key = (roster, app.lang, id(app.catalog))
    if key not in _READINGS:
        if len(_READINGS) > 64:
            _READINGS.clear()
        _READINGS[key] = narrate(roster, app.lang, app.catalog)
    return _READINGS[key]


def calls(cue: Cue) -> tuple[Line, ...]:
    """The lines said while a step runs: each is followed by one action time. Night falls and dawn have
    one line each; a step's closing line (its pause is a short gap) is said with the next step's call."""
    if cue.kind in ("start", "dawn"):
        return cue.lines[:1]
    return tuple(line for line in cue.lines if line.pause == "action") or cue.lines[:1]


def closing(cue: Cue) -> str:
    """The line that ends a step ("Seer, close your eyes."), said before the next call."""
    if cue.kind in ("start", "dawn") or not cue.lines or cue.lines[-1].pause != "gap":
        return ""
    return cue.lines[-1].text


class NightScreen(Screen):
    CSS_PATH = "night.tcss"
    BINDINGS = [
        Binding("enter", "open_turn", "I was called: my turn", id="night-turn"),
        Binding("p", "pause", "Pause/resume", id="night-pause"),
    ]

    def __init__(self, index: int = -1, *, after: str = "") -> None:
        super().__init__()
        self.index = index  # -1: night falls; len(script): dawn
        self.part = 0  # which of the step's calls is being timed (the Doppelgänger–Minion step has two)
        self.paused = False
        self._after = after  # said before the first call (the closing line of the mark check)
        self._elapsed = 0.0
        self._last = time.monotonic()
        self._leaving = False

    # -- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="night-box"):
            yield Label("Night — eyes closed", id="night-banner")
            yield Label("", id="night-title")
            yield Static("", id="night-call", markup=False)
            yield Label("", id="night-clock")
            yield ProgressBar(show_eta=False, show_percentage=False, id="night-progress")
            yield Static(HINT, id="night-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.app.speech_notice()
        self.narration = night_narration(self.app)
        self._enter(self.index, speak=True, after=self._after)
        self.set_interval(0.25, self._tick)

    @property
    def script(self):
        return public_view(self.app.state).script

    def cue(self, index: int | None = None) -> Cue:
        """The narrator's cue for step ``index`` (-1: night falls; past the script: dawn)."""
        index = self.index if index is None else index
        cues = self.narration.cues
        return cues[max(0, min(index + 1, len(cues) - 1))]

    @property
    def calls(self) -> tuple[Line, ...]:
        return calls(self.cue())

    @property
    def duration(self) -> float:
        """Every call of every step lasts the same action time, whoever acts or not; night falls and
        dawn are short."""
        action = float(self.app.settings.action_seconds)
        if 0 <= self.index < len(self.script):
            return action
        return min(INTRO_SECONDS, action)

    # -- walking the script ------------------------------------------------------------------------
    def _enter(self, index: int, *, speak: bool, after: str = "") -> None:
        """Call step ``index`` (-1: night falls; past the script: dawn). ``after`` is said first: the
        previous step's close-your-eyes line, so one utterance never cuts off the other."""
        app = self.app
        self.index, self.part, self._elapsed, self._last = index, 0, 0.0, time.monotonic()
        script = self.script
        cue = self.cue()
        call = self.calls[0].text
        if 0 <= index < len(script) and script[index].id == MARK_CHECK:
            # The laptop goes round, like the deal: every player sees their own mark in turn.
            if speak:
                app.say(f"{after} {call}".strip())
            self._leaving = True
            self.call_after_refresh(app.show_mark_check, index)
            return
        self.query_one("#night-title", Label).update(cue.title)
        self.query_one("#night-call", Static).update(call)
        where = f"Step {index + 1} of {len(script)}" if 0 <= index < len(script) else ""
        self.query_one("#night-banner", Label).update("Night — eyes closed" + (f" · {where}" if where else ""))
        self.query_one("#night-progress", ProgressBar).update(total=max(self.duration, 0.001), progress=0)
        self._show_clock()
        if speak:
            app.say(f"{after} {call}".strip())
        app.note(stage="night", step=index)
        self.refresh_bindings()
        if self.duration <= 0:
            self.call_after_refresh(self._advance)

    def _next_call(self) -> None:
        """The step's next call (the Doppelgänger–Minion's "keep your eyes open"), with its own time."""
        self.part += 1
        self._elapsed, self._last = 0.0, time.monotonic()
        call = self.calls[self.part].text
        self.query_one("#night-call", Static).update(call)
        self._show_clock()
        self.app.say(call)

    def _waiting(self) -> bool:
        """Is someone still to act in the current step? (Decides only whether the step may end.)"""
        g = self.app.state
        p = pending(g)
        if p is None or g.phase != "night":
            return False
        if self.index >= len(self.script):
            return True  # a prompt the script does not name: let it be answered before dawn
        return 0 <= self.index and p.step == self.script[self.index].id

    def _tick(self) -> None:
        now = time.monotonic()
        if not self.paused:
            self._elapsed += now - self._last
        self._last = now
        self._show_clock()
        self._advance()

    def _advance(self) -> None:
        if self._leaving or self.paused or self._elapsed < self.duration:
            return
        if self.part + 1 < len(self.calls):
            self._next_call()  # the calls of one step follow each other like the narrator's
            return
        if not self.is_current:
            return  # a notice or help is up: the step ends when the table sees the screen again
        if self._waiting():
            return
        script = self.script
        if self.index >= len(script):
            self._leaving = True
            self.app.show_day()
            return
        self._enter(self.index + 1, speak=True, after=closing(self.cue()))

    def fast_forward(self) -> None:
        """Let the current step's time run out now, every call of it (tests drive the night with this,
        not with sleeps). The step still waits for anyone who is to act in it."""
        while not self._leaving and not self.paused and self.part + 1 < len(self.calls):
            self._elapsed = max(self._elapsed, self.duration)
            self._advance()
        self._elapsed = max(self._elapsed, self.duration)
        self._advance()

    def _show_clock(self) -> None:
        left = max(0.0, self.duration - self._elapsed)
        label = self.query_one("#night-clock", Label)
        label.update(("paused · " if self.paused else "") + clock_text(left))
        self.query_one("#night-progress", ProgressBar).update(progress=min(self._elapsed, self.duration))

    # -- keys --------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_turn":
            # Shown in every step alike: showing it only when someone acts would tell the table.
            return self.index >= 0
        return True

    def action_open_turn(self) -> None:
        if self._leaving:
            return
        if self._waiting():
            from .prompt import PromptScreen

            seat = pending(self.app.state).seat
            self.app.push_screen(PromptScreen(seat), lambda _: self._advance())
        else:
            from .notice import NoticeScreen

            self.app.push_screen(NoticeScreen("Nothing to do now. Put the laptop back and close your eyes."))

    def action_pause(self) -> None:
        self.paused = not self.paused
        self._last = time.monotonic()
        self._show_clock()

    def help_roles(self) -> tuple[str, ...]:
        return public_view(self.app.state).roster
