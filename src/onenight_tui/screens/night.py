"""The eyes-closed screen (public): it calls each step of the night script and times it.

The script is public — every role in play, ghosts included (rules/roles.md §A.4) — and every step
looks and lasts the same whether anyone acts or not: the same call, the same countdown, the same key.
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

from onenight_core.catalog import Catalog
from onenight_core.engine import pending
from onenight_core.model import Step
from onenight_core.views import public_view

from ..widgets.countdown import clock_text
from ..wording import Wording

INTRO_SECONDS = 3.0
HINT = ("If you are called: take the laptop, press Enter, act, and put it back.\n"
        "Everyone else: keep your eyes closed.")


def step_title(step: Step, words: Wording) -> str:
    if step.kind == "group":
        return step.id.replace("_", " ").title()
    if step.kind == "dg":
        return f"Doppelgänger ({words.role(step.role)})"
    if step.kind == "engine":
        return step.id.replace("_", " ").title()
    return words.role(step.role)


def step_lines(step: Step, catalog: Catalog, lang: str) -> tuple[str, str]:
    """The call that wakes the step and the one that ends it, from roles.toml's narration."""
    words = Wording((), catalog, lang)
    name = step_title(step, words)
    if step.kind == "engine":
        info = catalog.step(step.id)
        wake = info.line("wake", lang) if info else None
        sleep = info.line("sleep", lang) if info else None
    elif step.kind == "dg":
        info = catalog.get(step.role or "")
        wake = info.line("doppelganger", lang) if info else None
        wake = wake or f"Doppelgänger, if you viewed the {words.role(step.role)} card, wake up."
        sleep = "Doppelgänger, close your eyes."
    else:
        info = catalog.get(step.role or "")
        wake = info.line("wake", lang) if info else None
        sleep = info.line("sleep", lang) if info else None
    return wake or f"{name}, wake up.", sleep or f"{name}, close your eyes."


class NightScreen(Screen):
    CSS_PATH = "night.tcss"
    BINDINGS = [
        Binding("enter", "open_turn", "I was called: my turn", id="night-turn"),
        Binding("p", "pause", "Pause/resume", id="night-pause"),
    ]

    def __init__(self, index: int = -1) -> None:
        super().__init__()
        self.index = index  # -1: night falls; len(script): dawn
        self.paused = False
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
        self._enter(self.index, speak=True)
        self.set_interval(0.25, self._tick)

    @property
    def script(self) -> tuple[Step, ...]:
        return public_view(self.app.state).script

    @property
    def duration(self) -> float:
        action = float(self.app.settings.action_seconds)
        if 0 <= self.index < len(self.script):
            return action
        return min(INTRO_SECONDS, action)

    # -- walking the script ------------------------------------------------------------------------
    def _enter(self, index: int, *, speak: bool, after: str = "") -> None:
        """Call step ``index`` (-1: night falls; past the script: dawn). ``after`` is said first: the
        previous step's close-your-eyes line, so one utterance never cuts off the other."""
        app = self.app
        self.index, self._elapsed, self._last = index, 0.0, time.monotonic()
        words = Wording((), app.catalog, app.lang)
        script = self.script
        if index < 0:
            info = app.catalog.step("night_start")
            title, call = "Night falls", (info.line("wake", app.lang) if info else None) or \
                "Night falls. Everyone, close your eyes."
        elif index >= len(script):
            info = app.catalog.step("dawn")
            title, call = "Dawn", (info.line("wake", app.lang) if info else None) or "Everyone, wake up!"
        else:
            step = script[index]
            title, call = step_title(step, words), step_lines(step, app.catalog, app.lang)[0]
        self.query_one("#night-title", Label).update(title)
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
        if not self.is_current:
            return  # a notice or help is up: the step ends when the table sees the screen again
        if self._waiting():
            return
        script = self.script
        if self.index >= len(script):
            self._leaving = True
            self.app.show_day()
            return
        sleep = step_lines(script[self.index], self.app.catalog, self.app.lang)[1] if self.index >= 0 else ""
        self._enter(self.index + 1, speak=True, after=sleep)

    def fast_forward(self) -> None:
        """Let the current step's time run out now (tests drive the night with this, not with sleeps).
        The step still waits for anyone who is to act in it."""
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
