"""The eyes-closed screen (public): it calls each step of the night script and times it.

The script is public — every role in play, ghosts included (docs/rules.md §A.4) — and every step
looks and lasts the same whether anyone acts or not: the same call, the same countdown, the same key.
The calls are the narrator's (``onenight_core.engine.narration``), so the game and ``onenight narrate`` read
the same night word for word; a step with two calls (the Doppelgänger–Minion's "keep your eyes open")
times each with the same action time, in every deal.

A step lasts exactly its time, whoever holds the role, card in the center or not, however slow the
player is (issue 10): the actor opens the private prompt with the key and sees the time left; when the
time is up the prompt is cleared and closed and the engine answers for whoever has not
(``onenight_core.engine.timeout``). The screen never reads who acts: the only private fact it touches is
whether the pending prompt belongs to this step, which decides what the key opens. Each step (and each
call of a step) arms the key guard again (``KeyGuard``): a key pressed as the step changes, or in a burst
after a prompt closed, opens nothing; the key opens a prompt once the step has been shown for a moment.

A step the table plays differently (the mark check: the laptop goes round, untimed) declares it by
its ``turns``; this screen then posts ``Left`` and the app's router opens that step's screen. At dawn it
posts ``TableMove("day")``. Time is read from ``app.clock`` (tests give the app a fake clock)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import evolve
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar, Static

from onenight_core.engine.narration import Cue, Line, Narration, late_announcements, narrate
from onenight_core.engine.protocol import pending
from onenight_core.engine.timeout import TIMEOUT, UNOPENED
from onenight_core.engine.views import public_view
from onenight_core.model.kinds import PublicKind
from onenight_core.model.public import heard_through

if TYPE_CHECKING:
    from collections.abc import Sequence

    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.values import PublicEvent, Step

    from ...tables.one_night import OneNightTable

from ...table_bots import bots_act
from ...day_prompts import DAY, day_prompt, day_step_ids
from ...table_move import TableMove
from ...host import host, one_night
from ...text.app_words import SpeaksBindings, app_words
from ...widgets.countdown import StepClock, clock_text
from ..common.hand_over import KeyGuard

INTRO_SECONDS = 3.0
SAVE_EVERY = 1.0  # the time left in a step is noted in the save this often (a resumed step goes on with it)
TICK_SECONDS = 3  # the last seconds of a step that tick when the night tick is on
TIMED = "timed"  # Step.turns of a step this screen calls and times


_READINGS: dict[tuple[object, ...], Narration] = {}


def night_narration(app: OneNightTable, index: int = -1) -> Narration:
    """The narrator's reading of this game's night (``onenight_core.engine.narration``): the same cues, in the
    same words, as ``onenight narrate`` reads for these cards, with what the table has heard up to step
    ``index`` (its public draws) read from the game's public events — never what the engine has walked
    beyond it, which would tell the table which steps nobody acts in."""
    view = public_view(app.game)
    roster = tuple(view.roster)
    heard = heard_through(view.heard, index) if index >= 0 else ()
    ruleset = app.game.setup.ruleset
    key = (roster, app.lang, id(app.catalog), tuple(e for e in heard if e.kind == PublicKind.DRAW), ruleset)
    if key not in _READINGS:
        if len(_READINGS) > 64:
            _READINGS.clear()
        _READINGS[key] = narrate(roster, app.lang, app.catalog, heard, ruleset)
    return _READINGS[key]


def night_step_count(app: OneNightTable, index: int) -> int:
    """How many steps the night has, as the table knows it once step ``index`` is called: the steps the
    narrator calls (a repeated night counts once it is announced), without the steps played by day (the
    Mayor). Every screen that numbers the night's steps (the eyes-closed screen, the mark check) counts
    with this one function, so the total never jumps from one screen to the next."""
    script = public_view(app.game).script
    return max(len(night_narration(app, index).cues) - 2 - len(day_step_ids(script)), 0)


def calls(cue: Cue) -> tuple[Line, ...]:
    """The lines said while a step runs: each is followed by one action time. Night falls and dawn have
    one line each; a step's closing line (its pause is a short gap) is said with the next step's call.
    Lines with no pause of their own (a call followed by the draw it announces) are said together with
    the line whose action time follows them, as one call."""
    if cue.kind in ("start", "dawn"):
        return cue.lines[:1]
    out: list[Line] = []
    waiting: list[str] = []
    for line in cue.lines:
        if line.pause == "none":
            waiting.append(line.text)
        elif line.pause == "action":
            out.append(evolve(line, text=" ".join([*waiting, line.text])) if waiting else line)
            waiting = []
    return tuple(out) or cue.lines[:1]


def step_calls(narration: Narration, catalog: Catalog, heard: Sequence[PublicEvent], index: int,
               lang: str) -> tuple[str, ...]:
    """What the eyes-closed screen shows while step ``index`` runs (-1: night falls; past the script:
    dawn), one text per action time: the step's calls, the first preceded by what was announced at the end
    of the step before (``late_announcements``: the Oracle's parity, Nostradamus's team). ``heard`` is the
    game's public events when the step is called; ``narration`` was read from them (``night_narration``).
    A plain function of what the table has heard, never of who holds what (tests compare it deal by deal)."""
    cues = narration.cues
    texts = [line.text for line in calls(cues[max(0, min(index + 1, len(cues) - 1))])]
    late = late_announcements(catalog, heard, index - 1, lang)
    if late:
        texts[0] = " ".join([*late, texts[0]])
    return tuple(texts)


def closing(cue: Cue) -> str:
    """The line that ends a step ("Seer, close your eyes."), said before the next call."""
    if cue.kind in ("start", "dawn") or not cue.lines or cue.lines[-1].pause != "gap":
        return ""
    return cue.lines[-1].text


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
        self.index = index  # -1: night falls; len(script): dawn
        self.part = 0  # which of the step's calls is being timed (the Doppelgänger–Minion step has two)
        self.step_clock = StepClock()  # the time gone in the current call (widgets/countdown.py)
        self._after = after  # said before the first call (the closing line of the mark check)
        self._leaving = False
        self._ticked: int | None = None  # the last second that ticked
        self._opened: set[int] = set()  # the seats that opened their prompt in this step (the story's "looked")

    # -- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        say = app_words(self)
        with Vertical(id="night-box"):
            yield Label(say("night_banner"), id="night-banner")
            yield Label("", id="night-title", markup=False)
            yield Static("", id="night-call", markup=False)
            yield Label("", id="night-clock")
            yield ProgressBar(show_eta=False, show_percentage=False, id="night-progress")
            yield Static(say("night_hint"), id="night-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        host(self).speech_notice()
        self.narration = night_narration(one_night(self))
        self._enter(self.index, speak=True, after=self._after)
        self.set_interval(0.25, self._tick)

    @property
    def script(self) -> tuple[Step, ...]:
        return public_view(one_night(self).game).script

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
        action = float(host(self).settings.action_seconds)
        if 0 <= self.index < len(self.script):
            return action
        return min(INTRO_SECONDS, action)

    @property
    def paused(self) -> bool:
        return self.step_clock.paused

    def time_left(self) -> float:
        """What is left of the whole step (every call still to come included): the private prompt
        shows it."""
        later = max(0, len(self.calls) - self.part - 1) * self.duration
        return self.step_clock.left(self.duration) + later

    # -- walking the script ------------------------------------------------------------------------
    def _enter(self, index: int, *, speak: bool, after: str = "") -> None:
        """Call step ``index`` (-1: night falls; past the script: dawn). ``after`` is said first: the
        previous step's close-your-eyes line, so one utterance never cuts off the other."""
        app, table = host(self), one_night(self)
        self.index, self.part = index, 0
        self.step_clock.restart(app.clock())
        self._opened = set()
        self.arm()  # the key now opens this step's prompt: a key pressed as the step changed must not
        self.narration = night_narration(table, index)  # this step's announcements, as the game heard them
        script = self.script
        if 0 <= index < len(script) and script[index].turns == DAY:
            self._enter(index + 1, speak=speak, after=after)  # played by day (the Mayor): never called at night
            return
        cue = self.cue()
        heard = public_view(table.game).heard
        if 0 <= index < len(script) and script[index].turns != TIMED:
            # the answers announced in the step just over (the Oracle's parity), said before that step's screen
            late = late_announcements(app.catalog, heard, index - 1, app.lang)
            self._leaving = True  # that step's own screen calls it
            self.post_message(TableMove("night", step=index, after=" ".join([after, *late]).strip()))
            return
        call = step_calls(self.narration, app.catalog, heard, index, app.lang)[0]
        self.query_one("#night-title", Label).update(cue.title)
        self.query_one("#night-call", Static).update(call)
        # the steps the table has heard of: a repeated night (the ripple) lengthens the script only once it
        # is announced, even when the engine has already walked that far ahead
        total = night_step_count(table, index)
        say = app_words(self)
        banner = say("night_banner_step", step=index + 1, count=total) if 0 <= index < min(len(script), total) \
            else say("night_banner")
        self.query_one("#night-banner", Label).update(banner)
        # dawn says "Everyone, wake up!": "keep your eyes closed" under it contradicts it (played by hand)
        self.query_one("#night-hint", Static).display = index < len(script)
        self.query_one("#night-progress", ProgressBar).update(total=max(self.duration, 0.001), progress=0)
        self._show_clock()
        if speak:
            app.say(f"{after} {call}".strip())
        resumed, self._resumed = self._resumed, None
        if resumed is not None and 0 <= index < len(script):  # a resumed game: the time the step had left
            left, part = resumed
            self.part = max(0, min(part, len(self.calls) - 1))
            self.step_clock.resume_with(self.duration, left)
            if self.part:
                self.query_one("#night-call", Static).update(self.calls[self.part].text)
            self._show_clock()
        self._remember(force=True)
        self.refresh_bindings()
        self._bots_act()
        if self.duration <= 0:
            self.call_after_refresh(self._advance)

    def _remember(self, force: bool = False) -> None:
        """Note the step's call and its time left in the save (every ``SAVE_EVERY`` seconds)."""
        left = round(self.step_clock.left(self.duration), 1)
        if force or abs(left - self._saved_left) >= SAVE_EVERY:
            self._saved_left = left
            host(self).note(stage="night", step=self.index, step_left=left, step_part=self.part)

    def _next_call(self) -> None:
        """The step's next call (the Doppelgänger–Minion's "keep your eyes open"), with its own time."""
        self.part += 1
        self.step_clock.restart(host(self).clock())
        self.arm()
        call = self.calls[self.part].text
        self.query_one("#night-call", Static).update(call)
        self._show_clock()
        self._remember(force=True)
        host(self).say(call)

    def _bots_act(self) -> None:
        """The bots answer their prompts of the step being called, at once and unseen (table_bots.py):
        the screen shows and times the step exactly as it does for a human or for a card in the
        center."""
        bots = one_night(self).bots
        if bots is None or self.index < 0 or not self._pending_here():
            return
        script = self.script
        bots_act(bots, one_night(self), script[self.index].id if self.index < len(script) else None)

    def _waiting(self) -> bool:
        """Is a prompt of the current step still open for a player? (Decides what the key opens.) The
        bots answer theirs first: a bot's prompt is never open for anyone."""
        self._bots_act()
        return self._pending_here()

    def _pending_here(self) -> bool:
        """Is a prompt of the current step still open?"""
        g = one_night(self).game
        p = pending(g)
        if p is None or g.phase != "night":
            return False
        if self.index >= len(self.script):
            # a prompt the script does not name: answered by the time-out at dawn; a day step's stays open
            return day_prompt(g) is None
        return 0 <= self.index and p.step == self.script[self.index].id

    def _tick(self) -> None:
        self.step_clock.tick(host(self).clock())
        self._show_clock()
        self._tick_sound()
        if not self._leaving:
            self._remember()
            self._bots_act()
        self._advance()

    def _tick_sound(self) -> None:
        """With the night tick on, a tick in each of the last seconds of every step alike (the player
        holding the laptop hears the time running out; every step sounds the same)."""
        if not getattr(host(self).settings, "night_tick", False) or not 0 <= self.index < len(self.script):
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
        if self.index >= len(self.script):
            self._leaving = True
            self.post_message(TableMove("day"))
            return
        self._enter(self.index + 1, speak=True, after=closing(self.cue()))

    def _time_up(self) -> None:
        """The step's time is over: a private prompt still open is cleared and closed, and the engine
        answers every prompt of the step nobody answered — the step never waits for anyone."""
        for screen in self.app.screen_stack:
            time_up = getattr(screen, "time_up", None)
            if callable(time_up):
                time_up()
        while self._waiting():
            # a prompt its player never opened is told as "did not look", not as a choice not made in time
            p = pending(one_night(self).game)
            assert p is not None  # (``_waiting``)
            one_night(self).answer(TIMEOUT if p.seat in self._opened else UNOPENED)

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
        if self._leaving or not self.let_through():
            return  # a double press, or a key pressed as the step changed: it must not open the next prompt
        if self._waiting():
            from ..common.prompt import PromptScreen

            p = pending(one_night(self).game)
            assert p is not None  # (``_waiting``)
            seat = p.seat
            self._opened.add(seat)
            self.app.push_screen(PromptScreen(seat, time_left=self.time_left))
        else:
            from ..common.notice import NoticeScreen

            self.app.push_screen(NoticeScreen(app_words(self)("night_nothing_to_do")))

    def action_pause(self) -> None:
        self.step_clock.toggle_pause(host(self).clock())
        self._show_clock()
        self._remember(force=True)

    def help_roles(self) -> tuple[str, ...]:
        return public_view(one_night(self).game).roster
