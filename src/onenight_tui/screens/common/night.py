"""The eyes-closed screen (public), for every game family: it calls each step of the night and times it.

Every step looks and lasts the same whether anyone acts or not: the same call, the same countdown, the
same key. The screen calls the steps in order, times each call with the same action time (night falls
and dawn with a short intro) on ``StepClock`` (widgets/countdown.py), read from ``app.clock`` (tests give
the app a fake one); the key ``p`` pauses the step and goes on again. A step lasts exactly its time,
whoever holds the role, card in the center or not, however slow the player is: the called player opens
the private prompt with the key and sees the time left; when the time is up the private screens open
over this one are cleared and closed and the game answers for whoever has not. The screen never reads
who acts: the only private fact it touches is whether the pending prompt belongs to this step, which
decides what the key opens — that prompt, or the same notice ("nothing to do now") in every other case.
Each step (and each call of a step) arms the key guard again (``KeyGuard``): a key pressed as the step
changes, or in a burst after a prompt closed, opens nothing. The bots answer their prompts of the step
at once and unseen. The time left in the step is noted in the save every ``SAVE_EVERY`` seconds and on
pause (``step_left``), so a resumed game goes on with the time it had, not a fresh one.

What differs by family comes from the table's driver (``table.night_calls()``, a ``NightCalls``): the
steps and the words of each call (``NightCall``), which step is played elsewhere (a ``TableMove``: One
Night's mark check, dawn), whether the pending prompt is this step's, what the key opens, the bots, what
a step's time-out answers and what the save notes. One Night's is ``tables/one_night_calls.py``, the
classic game's ``tables/classic/calls.py``; this screen compares no family."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from attrs import frozen
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar, Static

from ...host import host
from ...table_move import TableMove
from ...text.app_words import SpeaksBindings, app_words
from ...widgets.countdown import StepClock, clock_text
from .hand_over import KeyGuard

INTRO_SECONDS = 3.0  # night falls and dawn: at most this long
SAVE_EVERY = 1.0  # the time left in a step is noted in the save this often (a resumed step goes on with it)
TICK_SECONDS = 3  # the last seconds of a step that tick when the night tick is on


@frozen
class NightCall:
    """One step as the eyes-closed screen shows and times it."""

    banner: str  # "Night — eyes closed · Step 2 of 7"
    title: str  # the step's name ("" when night falls)
    calls: tuple[str, ...]  # what is said, one text per action time (at least one)
    intro: bool = False  # night falls, dawn: a short intro (``INTRO_SECONDS``), not an action time
    hint: bool = True  # "keep your eyes closed" under the call (not under "Everyone, wake up!")
    closing: str = ""  # the step's close-your-eyes line, said before the next step's call


@frozen
class Opens:
    """What the key opens: ``screen`` (None: the notice "nothing to do now", the same for everyone), and
    ``then``, given the screen's result, what opens next (None: nothing)."""

    screen: Screen[Any] | None = None
    then: Callable[[Any], Opens | None] | None = None


class NightCalls(Protocol):
    """The night of the game on the table, as its driver calls it (``TableDriver.night_calls``; one per
    eyes-closed screen, which may keep what a step needs between its calls)."""

    @property
    def steps(self) -> tuple[str, ...]:
        """The ids of the steps the night calls, as the table knows them now."""

    def status(self) -> str:
        """A status line under the hint (empty: none)."""

    def hint(self) -> str:
        """The hint under the call: who takes the laptop, everyone else keeps their eyes closed."""

    def call(self, index: int, after: str) -> NightCall | TableMove | None:
        """Step ``index`` (-1: night falls) as it is called; a ``TableMove`` when the table plays it
        elsewhere or the night is over (``after``: the line the screen would have said first); None for
        a step never called at night (the screen goes on with the next one)."""

    def over(self, index: int) -> TableMove | None:
        """The move once step ``index``'s time is up and its prompts are answered (One Night's dawn: the
        day); None: the next step is called."""

    def waiting(self, index: int) -> bool:
        """Is a prompt of step ``index`` still open for a player? (What the key opens.)"""

    def bots(self, index: int, alone: bool) -> None:
        """The bots answer their prompts of step ``index`` (``alone``: no private screen is open)."""

    def open_turn(self, index: int, time_left: Callable[[], float]) -> Opens:
        """What the key opens in step ``index`` (the bots have answered theirs)."""

    def time_up(self, index: int) -> None:
        """Step ``index``'s time is over: every prompt of the step still open is answered for its player."""

    def noted(self, index: int, left: float, part: int) -> Mapping[str, object]:
        """The save's notes for step ``index`` with ``left`` seconds left in its call ``part``."""


_NO_CALL = NightCall("", "", ("",), intro=True)


class NightScreen(SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "night.tcss"
    BINDINGS = [
        Binding("enter", "open_turn", "I was called: my turn", id="night-turn"),
        Binding("p", "pause", "Pause/resume", id="night-pause"),
    ]

    def __init__(self, index: int = -1, *, after: str = "", left: float | None = None, part: int = 0) -> None:
        """``left`` and ``part``: a resumed game's step goes on with the call and the time it had left
        when the game was saved (``step_left``, ``step_part`` in the save), not with a fresh time."""
        super().__init__()
        self._resumed = (left, part) if left is not None else None
        self._saved_left = -1.0
        self.index = index  # -1: night falls
        self.part = 0  # which of the step's calls is being timed (the Doppelgänger–Minion step has two)
        self.current = _NO_CALL  # the step being called
        self.step_clock = StepClock()  # the time gone in the current call (widgets/countdown.py)
        self._after = after  # said before the first call (the closing line of the mark check)
        self._leaving = False
        self._ticked: int | None = None  # the last second that ticked
        self._night: NightCalls | None = None

    @property
    def night(self) -> NightCalls:
        """The night of the game on the table, as its driver calls it."""
        if self._night is None:
            table = host(self).table
            assert table is not None, "a night needs a game on the table"
            self._night = table.night_calls()
        return self._night

    # -- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        status = self.night.status()
        with Vertical(id="night-box"):
            yield Label("", id="night-banner", markup=False)
            yield Label("", id="night-title", markup=False)
            yield Static("", id="night-call", markup=False)
            yield Label("", id="night-clock")
            yield ProgressBar(show_eta=False, show_percentage=False, id="night-progress")
            yield Static(self.night.hint(), id="night-hint", markup=False)
            if status:
                yield Static(status, id="night-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        host(self).speech_notice()
        self._enter(self.index, after=self._after)
        self.set_interval(0.25, self._tick)

    @property
    def steps(self) -> tuple[str, ...]:
        return self.night.steps

    @property
    def calls(self) -> tuple[str, ...]:
        """The current step's calls, one per action time."""
        return self.current.calls

    @property
    def duration(self) -> float:
        """Every call of every step lasts the same action time, whoever acts or not; night falls and
        dawn are short."""
        action = float(host(self).settings.action_seconds)
        return min(INTRO_SECONDS, action) if self.current.intro else action

    @property
    def paused(self) -> bool:
        return self.step_clock.paused

    def time_left(self) -> float:
        """What is left of the whole step (every call still to come included): the private prompt
        shows it."""
        later = max(0, len(self.calls) - self.part - 1) * self.duration
        return self.step_clock.left(self.duration) + later

    # -- walking the night -------------------------------------------------------------------------
    def _enter(self, index: int, *, speak: bool = True, after: str = "") -> None:
        """Call step ``index`` (-1: night falls). ``after`` is said first: the previous step's
        close-your-eyes line, so one utterance never cuts off the other."""
        app = host(self)
        self.index, self.part = index, 0
        self.step_clock.restart(app.clock())
        self.arm()  # the key now opens this step's prompt: a key pressed as the step changed must not
        called = self.night.call(index, after)
        if called is None:
            self._enter(index + 1, speak=speak, after=after)  # never called at night (the Mayor's step)
            return
        if isinstance(called, TableMove):
            self._leaving = True  # played elsewhere (its own screen calls it), or the night is over
            self.post_message(called)
            return
        self.current = called
        self.query_one("#night-banner", Label).update(called.banner)
        self.query_one("#night-title", Label).update(called.title)
        self.query_one("#night-call", Static).update(called.calls[0])
        # dawn says "Everyone, wake up!": "keep your eyes closed" under it contradicts it (played by hand)
        self.query_one("#night-hint", Static).display = called.hint
        self.query_one("#night-progress", ProgressBar).update(total=max(self.duration, 0.001), progress=0)
        self._show_clock()
        if speak:
            app.say(f"{after} {called.calls[0]}".strip())
        resumed, self._resumed = self._resumed, None
        if resumed is not None:  # a resumed game: the call and the time the step had left
            left, part = resumed
            self.part = max(0, min(part, len(self.calls) - 1))
            self.step_clock.resume_with(self.duration, left)
            if self.part:
                self.query_one("#night-call", Static).update(self.calls[self.part])
            self._show_clock()
        self._remember(force=True)
        self.refresh_bindings()
        self._bots()
        if self.duration <= 0:
            self.call_after_refresh(self._advance)

    def _remember(self, force: bool = False) -> None:
        """Note the step's call and its time left in the save (every ``SAVE_EVERY`` seconds)."""
        left = round(self.step_clock.left(self.duration), 1)
        if force or abs(left - self._saved_left) >= SAVE_EVERY:
            self._saved_left = left
            host(self).note(**self.night.noted(self.index, left, self.part))

    def _next_call(self) -> None:
        """The step's next call (the Doppelgänger–Minion's "keep your eyes open"), with its own time."""
        self.part += 1
        self.step_clock.restart(host(self).clock())
        self.arm()
        call = self.calls[self.part]
        self.query_one("#night-call", Static).update(call)
        self._show_clock()
        self._remember(force=True)
        host(self).say(call)

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self._bots()  # the laptop is back on the table: a bot that waited for it answers now

    def _bots(self) -> None:
        """The bots answer their prompts of the step being called, at once and unseen: the screen shows
        and times the step exactly as it does for a human or for a card in the center."""
        if not self._leaving and self.index >= 0:
            self.night.bots(self.index, alone=self.app.screen is self)

    def _waiting(self) -> bool:
        """Is a prompt of the current step still open for a player? (Decides what the key opens.)"""
        return self.night.waiting(self.index)

    def _tick(self) -> None:
        self.step_clock.tick(host(self).clock())
        self._show_clock()
        self._tick_sound()
        if not self._leaving:
            self._remember()
            self._bots()
        self._advance()

    def _tick_sound(self) -> None:
        """With the night tick on, a tick in each of the last seconds of every step alike (the player
        holding the laptop hears the time running out; every step sounds the same)."""
        if not host(self).settings.night_tick or self.current.intro or self._leaving:
            return
        left = int(self.time_left() + 0.999)
        if 0 < left <= TICK_SECONDS and left != self._ticked:
            self._ticked = left
            host(self).cue("tick")

    def _advance(self) -> None:
        if self._leaving or not self.step_clock.is_up(self.duration):
            return
        if self.part + 1 < len(self.calls):
            self._next_call()  # the calls of one step follow each other like the narrator's
            return
        self._time_up()
        move = self.night.over(self.index)
        if move is not None:
            self._leaving = True
            self.post_message(move)
            return
        self._enter(self.index + 1, after=self.current.closing)

    def _time_up(self) -> None:
        """The step's time is over: a private screen still open is cleared and closed, and every prompt
        of the step nobody answered is answered — the step never waits for anyone."""
        for screen in self.app.screen_stack:
            close = getattr(screen, "close_private", None)
            if callable(close) and screen is not self:
                close(None)
        self.night.time_up(self.index)

    def fast_forward(self) -> None:
        """Let the current step's time run out now, every call of it (tests drive the night with this,
        not with sleeps)."""
        while not self._leaving and not self.paused and self.part + 1 < len(self.calls):
            self.step_clock.run_out(self.duration)
            self._advance()
        self.step_clock.run_out(self.duration)
        self._advance()

    def _show_clock(self) -> None:
        left = self.step_clock.left(self.duration)
        label = self.query_one("#night-clock", Label)
        label.update(app_words(self)("night_paused", clock=clock_text(left)) if self.paused else clock_text(left))
        self.query_one("#night-progress", ProgressBar).update(progress=self.step_clock.progress(self.duration))

    # -- keys --------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_turn":
            # Shown in every step alike: showing it only when someone acts would tell the table.
            return self.index >= 0
        return True

    def action_open_turn(self) -> None:
        if self._leaving or not self.let_through() or self.index < 0:
            return  # a double press, or a key pressed as the step changed: it must not open the next prompt
        self._bots()  # a bot's prompt is answered before anyone may open it
        self._open(self.night.open_turn(self.index, self.time_left))

    def _open(self, opens: Opens | None) -> None:
        if opens is None or self._leaving:
            return
        if opens.screen is None:
            from .notice import NoticeScreen

            self.app.push_screen(NoticeScreen(app_words(self)("night_nothing_to_do")))
            return
        then = opens.then
        if then is None:
            self.app.push_screen(opens.screen)
        else:
            self.app.push_screen(opens.screen, lambda result: None if self._leaving else self._open(then(result)))

    def action_pause(self) -> None:
        self.step_clock.toggle_pause(host(self).clock())
        self._show_clock()
        self._remember(force=True)


__all__ = ["INTRO_SECONDS", "NightCall", "NightCalls", "NightScreen", "Opens", "SAVE_EVERY"]
