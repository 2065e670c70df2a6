"""The classic eyes-closed screen (public): it calls every slot of the composition for this night and
times each with the same action time, whether its holder is alive, dead or in the middle (A-C15), so
neither the calls nor their timing tell who died or who holds what.

The called player takes the laptop and presses Enter: the private prompt opens when the engine waits for
an answer in this step (the only private fact the screen touches); otherwise a notice says there is
nothing to do, exactly as for everyone else. In the werewolves' step, where the little girl and then
each werewolf answer in turn, the key first asks who holds the laptop and opens the prompt only for the
player who still has to answer in the step, in whatever order they come (anyone else gets the same
notice), so a werewolf never opens the little girl's prompt and a girl who does not spy holds nobody
up. The lovers, the charmed and the ally, who only look, pick their name and see their card and
what they know. How each step wakes its players is the ruleset's data (classic.toml ``[[step]] wakes``),
not the screen's. When a step's time is up its open prompt is closed and
answered for the player (``tables.classic.ClassicTable.time_out``): the step never waits for anyone. At dawn it posts
``TableMove("dawn")``. Time is read from ``app.clock`` (tests give the app a fake one). The time left
in the step is kept in the save (``step_left``, each second and on pause, as the day keeps ``day_left``),
so a game resumed in the middle of a step goes on with the time it had, not a fresh one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, ProgressBar, Static

from onenight_core.rulesets.classic.catalog import Wakes, classic_catalog

from ...host import classic, host
from ...table_move import TableMove
from ...table_bots import night_bots_act, step_over
from ...classic_words import name_keys
from ...widgets.countdown import StepClock, clock_text
from ..common.hand_over import KeyGuard
from ...text.app_words import SpeaksBindings

INTRO_SECONDS = 3.0
#: Seconds of the step's clock between two notes of the time left in the save.
SAVE_EVERY = 1.0


class ClassicNightScreen(SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "night.tcss"
    BINDINGS = [
        Binding("enter", "open_turn", "I was called: my turn", id="classic-night-turn"),
        Binding("p", "pause", "Pause/resume", id="classic-night-pause"),
    ]

    def __init__(self, index: int = -1, left: float | None = None) -> None:
        super().__init__()
        self.index = index
        self.step_clock = StepClock()  # the time gone in the step (widgets/countdown.py)
        self._leaving = False
        self._resumed_left = left  # the time the step had when the game was saved (a resumed game)
        self._saved_left = -1.0

    def compose(self) -> ComposeResult:
        with Vertical(id="classic-night-box"):
            yield Label("", id="classic-night-banner", markup=False)
            yield Label("", id="classic-night-title", markup=False)
            yield Static("", id="classic-night-call", markup=False)
            yield Label("", id="classic-night-clock")
            yield ProgressBar(show_eta=False, show_percentage=False, id="classic-night-progress")
            yield Static("", id="classic-night-hint", markup=False)
            yield Static("", id="classic-night-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = classic(self)
        w = table.words
        name_keys(self, {"classic-night-turn": w.text("classic_key_turn"),
                         "classic-night-pause": w.text("classic_key_pause")})
        self.query_one("#classic-night-hint", Static).update(w.text("classic_night_hint"))
        self.query_one("#classic-night-status", Static).update(table.status())
        self.arm()
        self._enter(self.index)
        self.set_interval(0.25, self._tick)

    @property
    def round(self) -> int:
        return int(classic(self).round)

    @property
    def steps(self) -> tuple[str, ...]:
        """This night's slots as the table hears them called (the public view's ``night_calls``: the
        composition's slots and a New Moon card's step, whether anyone acts in them or not)."""
        return classic(self).public_view().night_calls(self.round)

    @property
    def tonight(self) -> str | None:
        """The New Moon card acting tonight, as the table was told it yesterday (or None)."""
        return classic(self).public_view().night_card(self.round)

    @property
    def duration(self) -> float:
        action = float(host(self).settings.action_seconds)
        return action if 0 <= self.index < len(self.steps) else min(INTRO_SECONDS, action)

    @property
    def paused(self) -> bool:
        return self.step_clock.paused

    def time_left(self) -> float:
        return self.step_clock.left(self.duration)

    def _enter(self, index: int) -> None:
        w = classic(self).words
        steps = self.steps
        self.index = index
        self.step_clock.restart(host(self).clock())
        self.arm()  # a key pressed as the step changes (the last one timing out) must not open this one's
        if self._resumed_left is not None:  # the first step of a resumed game: the time it had left
            self.step_clock.resume_with(self.duration, self._resumed_left)
            self._resumed_left = None
        if index >= len(steps):
            self._leaving = True
            self.post_message(TableMove("dawn"))
            return
        if index < 0:
            title, call = "", w.text("classic_night_falls")
            banner = w.text("classic_night_banner", round=self.round)
        else:
            deck = classic(self).public_view().deck
            title, call = w.step_title(steps[index]), w.call(steps[index], deck, self.tonight)
            banner = w.text("classic_night_step", round=self.round, number=index + 1, total=len(steps))
        self.query_one("#classic-night-banner", Label).update(banner)
        self.query_one("#classic-night-title", Label).update(title)
        self.query_one("#classic-night-call", Static).update(call)
        self.query_one("#classic-night-progress", ProgressBar).update(total=max(self.duration, 0.001), progress=0)
        self._show_clock()
        host(self).say(call)
        self._remember(force=True)
        self.refresh_bindings()
        self._bots()

    def on_screen_resume(self) -> None:
        super().on_screen_resume()
        self._bots()  # the laptop is back on the table: a bot that waited for it (the pack) answers now

    def _bots(self) -> None:
        """The bot seats answer their prompts of this step (classic_table_bots), while no private screen
        is open over this one."""
        if self.app.screen is self and not self._leaving:
            night_bots_act(classic(self), self._waiting)

    def _remember(self, force: bool = False) -> None:
        """Note the step and its time left in the save (every ``SAVE_EVERY`` seconds of the clock)."""
        left = round(self.time_left(), 1)
        if force or abs(left - self._saved_left) >= SAVE_EVERY:
            self._saved_left = left
            host(self).note(stage="night", step=self.index, round=self.round, step_left=left)

    def _wakes(self) -> Wakes:
        """How the current step wakes its players (classic.toml ``[[step]] wakes``): one player answers,
        several answer in turn (the key first asks who holds the laptop), or they look."""
        return classic_catalog().step(self.steps[self.index]).wakes

    def _waiting(self) -> bool:
        """Does the engine wait for an answer in this step? (Decides what the key opens.)"""
        table = classic(self)
        p = table.pending()
        if p is None or not 0 <= self.index < len(steps := self.steps) or p.step != steps[self.index]:
            return False
        seen = table.public_view()
        return seen.phase == "night" and seen.round == self.round

    def _tick(self) -> None:
        self.step_clock.tick(host(self).clock())
        self._show_clock()
        if not self._leaving:
            self._remember()
            self._bots()
        self._advance()

    def _advance(self) -> None:
        if self._leaving or not self.step_clock.is_up(self.duration):
            return
        self._time_up()
        self._enter(self.index + 1)

    def _time_up(self) -> None:
        """The step's time is over: an open private screen is closed, and every prompt of the step still
        waiting is answered for its player."""
        for screen in self.app.screen_stack:
            close = getattr(screen, "close_private", None)
            if callable(close) and screen is not self:
                close(None)
        step_over(classic(self), self._waiting)  # the humans' late prompts timed out, then the bots'

    def fast_forward(self) -> None:
        """Let the current step's time run out now (tests drive the night with this, not with sleeps)."""
        self.step_clock.run_out(self.duration)
        self._advance()

    def _show_clock(self) -> None:
        w = classic(self).words
        paused = w.text("classic_paused") + " · " if self.paused else ""
        self.query_one("#classic-night-clock", Label).update(paused + clock_text(self.time_left()))
        self.query_one("#classic-night-progress", ProgressBar).update(progress=self.step_clock.progress(self.duration))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_turn":
            return self.index >= 0  # in every step alike
        return True

    def action_open_turn(self) -> None:
        if self._leaving or not self.let_through() or self.index < 0:
            return
        from .who import ClassicWhoScreen

        self._bots()  # a bot's prompt is answered before anyone may open it
        p = classic(self).pending()
        wakes = self._wakes()
        shown = self._shown()
        if self._waiting() and p is not None and wakes is not Wakes.IN_TURN:
            self._open_prompt(p.seat)
        elif shown is not None and wakes is Wakes.ONE:  # the result the game was killed on, again
            from ..common.prompt import PromptScreen

            self.app.push_screen(PromptScreen(shown[0], time_left=self.time_left, shown_from=shown[1]))
        elif wakes in (Wakes.IN_TURN, Wakes.LOOK):
            self.app.push_screen(ClassicWhoScreen(), self._chosen)
        else:
            self._nothing()

    def _shown(self) -> tuple[int, int] | None:
        """(seat, first observation) of a result that was on screen in this step when the game was saved
        for the last time and not hidden yet (the Seer's look): shown again to its seat on a resumed game."""
        table = classic(self)
        seat = table.meta("learned_seat", -1, int)
        if seat < 0 or not 0 <= self.index < len(self.steps):
            return None
        noted = (table.meta("learned_round", 0, int), table.meta("learned_step", "", str))
        if noted != (self.round, self.steps[self.index]):
            return None
        return seat, max(0, table.meta("learned_from", 0, int))

    def _chosen(self, seat: int | None) -> None:
        """A player named themselves: their prompt when it is their turn now, their card in a step
        where players look, else the same notice as for anyone with nothing to do."""
        if seat is None or self._leaving:
            return
        if seat in classic(self).bot_seats():  # (not listed; a bot never takes the laptop)
            self._nothing()
            return
        table = classic(self)
        if self._waiting() and seat in table.waiting():
            table.take_turn(seat)  # a member of a joint step takes his turn (nothing when it is his already)
            self._open_prompt(seat)
        elif (shown := self._shown()) is not None and shown[0] == seat:  # the result the game was killed on
            from ..common.prompt import PromptScreen

            self.app.push_screen(PromptScreen(seat, time_left=self.time_left, shown_from=shown[1]))
        elif self._wakes() is Wakes.LOOK and not self._waiting():
            from ..common.card import CardScreen

            self.app.push_screen(CardScreen(seat))
        else:
            self._nothing()

    def _open_prompt(self, seat: int) -> None:
        from ..common.prompt import PromptScreen

        self.app.push_screen(PromptScreen(seat, time_left=self.time_left))

    def _nothing(self) -> None:
        from ..common.notice import NoticeScreen

        self.app.push_screen(NoticeScreen(classic(self).words.text("classic_nothing")))

    def action_pause(self) -> None:
        self.step_clock.toggle_pause(host(self).clock())
        self._show_clock()
        self._remember(force=True)
