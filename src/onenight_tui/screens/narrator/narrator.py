"""The narrator: reads the night step by step, on screen and aloud, and times it; then the day.

The script comes from ``onenight_core.engine.narration`` (the engine's own night order), so a table with
physical cards hears exactly the night the game would run. Each line is shown in large type and spoken;
after a wake line the action time runs (plus an optional random delay, so timing tells nothing), after a
sleep line a short gap. Space pauses and resumes (the voice and the background hold where they are),
``r`` repeats the step, ``n`` skips it; with the tick option a soft tick marks each of the last seconds of
an action time. At dawn the day countdown starts; at its end a gong and "3, 2, 1, vote!" call the vote. Without a
roster the set-up modal asks for one first.

The Oracle answers the app's question on the laptop, as on the official app's phone: during her step's
action time a private panel offers the answers (↑ ↓, Enter) and then shows what the app tells her. When
the action time is over — never sooner, answered or not — the panel empties and the answer (or, without
one, the engine's default: a ghost Oracle's random answer) goes into the night (``table_heard(answers=)``):
what later steps announce follows it (the aliens' forced pass, the forced ripple, the parity).

One screen for every ruleset: it reads the narration of the ruleset it is given (``ruleset=``, with its
``game_options``), and what a table shows differently follows from that ruleset — a ruleset whose cards
are its own (``Ruleset.own_cards``: classic's) brings its deck checked by its own rules and has no set-up
here (which chooses roles.toml's cards); F1 explains the cards in the words of the ruleset's family
(``help_topic``, ``help_roster.py``); a narration that ``goes_on`` (classic's) offers the next night when the
table has voted.

The game's start screen pushes ``NarratorScreen()``; ``onenight narrate`` hosts it in ``NarratorApp``."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from attrs import evolve
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Digits, Footer, Static

from onenight_core.catalog.loader import Catalog, default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.narration import (Cue, Line, Narration, Question, Timing, check_roster, question_at,
                                            table_answer)
from onenight_core.model.rng import stream
from onenight_core.rulesets import ruleset_for

from onenight_tui.ambience import Ambience
from onenight_tui.screens.narrator.setup import LANGS, NarratorChoice, NarratorSetupScreen
from onenight_tui.sound.export import TICK_SECONDS, spoken_langs
from onenight_tui.speech import Speaker
from onenight_core.languages import LANGUAGES
from onenight_core.ruleset_ids import DEFAULT_RULESET
from onenight_tui.table_answer import asking, told
from onenight_tui.text.app_words import AppWords, translate_bindings
from onenight_tui.text.script import narration_words

if TYPE_CHECKING:
    from onenight_tui.help_roster import HelpRoster

#: Seconds per character a person needs to read a line aloud from the screen when there is no voice.
READING_PACE = 0.07
#: The longest the narrator waits for the voice to finish a line.
MAX_SPEAK = 30.0
LANG_CYCLE = LANGUAGES  # ``l`` walks the one list (onenight_core/languages.py)

def clock(seconds: float) -> str:
    """``m:ss`` for the countdown, rounded up so that it reaches 0:00 only at the end."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def night_estimate(narration: Narration, timing: Timing, reading_pace: float = READING_PACE) -> float:
    """How long the night lasts on this screen: every wait, and every line read — shown, for as long as
    a person needs to read it out (``reading_pace`` a character), or spoken, which takes about as long.
    The waits alone (``Narration.duration``) said "about 1:14 of night" for a night that lasted two
    minutes, while ``narrate --print`` said 2:01 (played by hand)."""
    return narration.duration(timing) + sum(len(line.text) * reading_pace for line in narration.lines)


def _duration(seconds: float, lang: str) -> str:
    whole = int(round(seconds))
    if whole >= 60:
        return f"{whole // 60}:{whole % 60:02d}"
    return AppWords(lang)("narrator_seconds", count=whole)


class NarratorScreen(Screen[None]):
    """Reads the night for the cards on the table. Phases: ``ready`` → ``night`` → ``day`` → ``over``
    (``choosing`` while the set-up modal is open without a roster)."""

    CSS_PATH = "narrator.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (80, "-wide")]  # the step list only where it fits
    # A short terminal (24 rows) packs the main column, so that a long French line (8 lines at 80 columns)
    # still leaves room for the clock, the status and the next step.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS = [
        Binding("enter", "start", "Start the night", id="narrator.start"),
        Binding("space", "pause", "Pause", id="narrator.pause"),
        Binding("space", "resume", "Resume", id="narrator.resume"),
        Binding("r", "repeat", "Repeat", id="narrator.repeat"),
        Binding("n,right", "skip", "Next", id="narrator.skip"),
        Binding("b,left", "back", "Back", id="narrator.back"),
        Binding("plus,equals_sign", "more_time", "+1 min", id="narrator.more_time"),
        Binding("n,right", "end_day", "End day", id="narrator.end_day"),
        Binding("v", "voice", "Voice", id="narrator.voice"),
        Binding("l", "language", "Language", id="narrator.language"),
        Binding("s", "setup", "Set-up", id="narrator.setup"),
        Binding("escape,q", "leave", "Leave", id="narrator.leave"),
        Binding("f1", "help", "Help", id="narrator.help"),
        # the Oracle's private answer panel (its own hint says the keys: the footer stays the same for all)
        Binding("up", "answer_prev", "Previous answer", id="narrator.answer_prev", show=False, priority=True),
        Binding("down", "answer_next", "Next answer", id="narrator.answer_next", show=False, priority=True),
        Binding("enter", "answer", "Answer", id="narrator.answer", show=False, priority=True),
    ]

    def __init__(self, roster: Iterable[str] | None = None, lang: str = "en", *, timing: Timing = Timing(),
                 voice: bool | None = None,
                 sound: str | None = None, random_delay: float = 0.0, speaker: Speaker | None = None,
                 ambience: Ambience | None = None, reading_pace: float = READING_PACE,
                 tick: float = 0.1, tick_cue: bool | None = None, seed: int | None = None,
                 catalog: Catalog | None = None, ruleset: str = DEFAULT_RULESET,
                 game_options: Mapping[str, object] | None = None,
                 name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.catalog = catalog or default_catalog()
        #: The ruleset's cards are its own (``Ruleset.own_cards``: classic.toml's), not the roles.toml
        #: roles this screen's set-up chooses from and ``check_roster`` checks: its deck comes checked by
        #: its own rules (``onenight narrate``), and only it can be read.
        self.own_cards = ruleset_for(ruleset).own_cards
        if roster is not None:
            roster = tuple(roster) if self.own_cards else check_roster(roster, self.catalog, ruleset)
        if voice is None:  # on, unless the speaker handed over (e.g. the game's) is switched off
            voice = speaker.enabled if speaker is not None else True
        if sound is None or tick_cue is None or speaker is None:  # the remembered sound options
            from onenight_tui.settings import load_settings

            remembered, _problem = load_settings()
            sound = remembered.sound if sound is None else sound
            tick_cue = remembered.night_tick if tick_cue is None else tick_cue
            if speaker is None:
                speaker = Speaker.auto(enabled=voice, lang=lang, rate=remembered.voice_rate,
                                       volume=remembered.volume / 100)
        self.speaker = speaker
        self.choice = NarratorChoice(roster or (), lang=lang, timing=timing, voice=voice, sound=sound,
                                     random_delay=random_delay, rate=self.speaker.rate,
                                     volume=round(self.speaker.volume * 100), tick=tick_cue, ruleset=ruleset)
        self.speaker.enabled = voice
        self.speaker.lang = lang
        translate_bindings(self, self.words, refresh=False)  # before the footer first shows them
        self._ambience_given = ambience
        self.ambience = ambience if ambience is not None else Ambience.auto(sound, self.speaker.fixed_output)
        self.reading_pace = reading_pace
        self.tick_seconds = tick
        self.seed = time.time_ns() % 2**32 if seed is None else seed
        self._rng = stream(self.seed, "narrator.delay")
        self.narration: Narration | None = None
        self._langs: tuple[str, ...] = ()
        #: The ruleset options the narration follows (classic's sheriff and event cards), and the nights
        #: read so far: a narration that ``goes_on`` gets its next night when the table has voted.
        self.game_options = dict(game_options or {})
        self.nights = 1
        #: The answers given on the laptop, by script step index (``None``: nobody answered in time).
        self.answers: dict[int, str | None] = {}
        #: The current step's question while it is still open (settled when its action time is over).
        self.question: Question | None = None
        self.chosen = 0
        self.answered: str | None = None
        self.told = ""
        if roster:
            self._set_narration(self._narrate(roster, lang))
        self.phase = "ready" if roster else "choosing"
        self.cue_index = 0
        self.line_index = 0
        self.stage = "speak"
        self.left = 0.0
        self.paused = False
        self.extra_delays: list[float] = []
        self._spoke = False
        self._spoke_at = 0.0
        self._paused_at = 0.0
        self._last = time.monotonic()
        self._warned = False
        self._rows: list[Static] = []
        self._told: set[str] = set()
        self._ticked: set[int] = set()
        self.ticks = 0
        self._clock_text = ""
        #: The language chosen here and written to the settings (``l``, the set-up), if any.
        self.remembered_lang: str | None = None

    # -- layout ------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="narrator-info")
        with Horizontal(id="narrator-body"):
            yield VerticalScroll(id="narrator-steps")
            with Vertical(id="narrator-main"):
                yield Static(id="narrator-progress")
                yield Static(id="narrator-title")
                yield Static(id="narrator-line")
                yield Static(id="narrator-answer")
                yield Digits("", id="narrator-clock")
                yield Static(id="narrator-status")
                yield Static(id="narrator-next")
        yield Footer()

    async def on_mount(self) -> None:
        self.set_interval(self.tick_seconds, self._tick)
        if self.narration is None:
            self._open_setup()
        else:
            await self._load()
        # The voice and the audio device load off the UI thread; their notices follow when ready.
        self.run_worker(self._prepare_voice, thread=True, group="voice")

    def _prepare_voice(self) -> None:
        self.speaker.prepare()
        self._from_thread(self._voice_ready)

    def _from_thread(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` on the UI thread, unless the app has gone meanwhile (left during loading)."""
        try:
            self.app.call_from_thread(callback)
        except RuntimeError:
            pass

    def _voice_ready(self) -> None:
        self._notices()
        if self.is_mounted:
            self._show()

    def on_unmount(self) -> None:
        self.speaker.stop()
        self.speaker.resume()
        self.ambience.stop()

    @property
    def words(self) -> AppWords:
        """The screen's words in the narrator's language (``l`` cycles it, apart from the app's)."""
        return AppWords(self.choice.lang)

    def _speak_bindings(self) -> None:
        translate_bindings(self, self.words)

    @property
    def cue(self) -> Cue | None:
        if self.narration is None or self.cue_index >= len(self.narration.cues):
            return None
        return self.narration.cues[self.cue_index]

    @property
    def line(self) -> Line | None:
        cue = self.cue
        return cue.lines[self.line_index] if cue is not None and self.line_index < len(cue.lines) else None

    def _narrate(self, roster: Iterable[str], lang: str) -> Narration:
        """What the narrator reads for ``roster`` under the chosen ruleset, through the one narration
        interface (``narration_for``, worded): a One Night night with what the table hears drawn at random
        (``table_heard``: the public events a game of these cards would record from this seed, and the
        laptop's answers) read in the steps that draw it; classic's nights 1..``nights`` under its options."""
        return narration_words(self.choice.ruleset, roster, lang, nights=self.nights, options=self.game_options,
                               seed=self.seed, answers=self.answers, catalog=self.catalog)

    def _set_narration(self, narration: Narration) -> None:
        self.narration = narration
        self._langs = spoken_langs(narration, self.catalog)

    @property
    def line_lang(self) -> str:
        """The language the current line is spoken in (English where it has no translation yet)."""
        if self.narration is None:
            return self.choice.lang
        flat = sum(len(c.lines) for c in self.narration.cues[:self.cue_index]) + self.line_index
        return self._langs[flat] if flat < len(self._langs) else self.choice.lang

    async def _load(self) -> None:
        """Show a new narration, ready to start."""
        assert self.narration is not None
        steps = self.query_one("#narrator-steps", VerticalScroll)
        await steps.remove_children()
        self._rows = [Static(f"{i}. {cue.title}", classes="narrator-step")
                      for i, cue in enumerate(self.narration.cues, 1)]
        await steps.mount_all(self._rows)
        self.phase, self.cue_index, self.line_index, self.paused = "ready", 0, 0, False
        self._show()

    def _show(self) -> None:
        """Refresh every part of the screen from the current phase, step and line."""
        w = self.words
        c = self.choice
        voice = (w("narrator_voice_on", name=self.speaker.name, rate=c.rate, volume=c.volume)
                 if self.speaker.available else w("narrator_voice_off"))
        self.query_one("#narrator-info", Static).update(
            w("narrator_info", count=len(c.roster), lang=LANGS.get(c.lang, c.lang), voice=voice,
              sound=w(f"narrator_sound_{c.sound}") if w.has(f"narrator_sound_{c.sound}") else c.sound)
            + (w("narrator_info_tick") if c.tick else "")
            + (w("narrator_info_delay", seconds=f"{c.random_delay:g}") if c.random_delay else ""))
        title = self.query_one("#narrator-title", Static)
        text = self.query_one("#narrator-line", Static)
        progress = self.query_one("#narrator-progress", Static)
        status = self.query_one("#narrator-status", Static)
        upcoming = self.query_one("#narrator-next", Static)
        n = len(self.narration.cues) if self.narration else 0
        for i, row in enumerate(self._rows):
            row.set_class(i == self.cue_index and self.phase == "night", "-current")
            row.set_class(i < self.cue_index or self.phase in ("day", "over"), "-done")
        if self.phase == "night" and self._rows:
            self.query_one("#narrator-steps", VerticalScroll).scroll_to_widget(
                self._rows[self.cue_index], animate=False)
        if self.phase in ("choosing", "ready"):
            progress.update("")
            title.update(w("narrator_ready"))
            if self.narration is not None:
                text.update(w("narrator_ready_text", count=len(c.roster), steps=n,
                                     night=_duration(night_estimate(self.narration, c.timing, self.reading_pace),
                                                    c.lang)))
            else:
                text.update("")
            self._set_clock("")
            status.update("")
            upcoming.update("")
        elif self.phase == "night":
            cue, line = self.cue, self.line
            assert cue is not None and line is not None
            progress.update(w("narrator_step", i=self.cue_index + 1, n=n))
            title.update(cue.title)
            text.update(line.text)
            if self.stage == "wait" and line.pause == "action":
                self._set_clock(clock(self.left))
            elif line.pause == "action":
                self._set_clock(clock(c.timing.action))
            else:
                self._set_clock("")
            if self.paused:
                status.update(w("narrator_paused"))
            else:
                status.update(w("narrator_reading") if self.stage == "speak" else
                                     w("narrator_acting") if line.pause == "action" else "")
            if self.narration is not None and self.cue_index + 1 < n:
                following = self.narration.cues[self.cue_index + 1].title
                upcoming.update(w("narrator_next", title=following))
            else:
                upcoming.update(w("narrator_last", day=clock(c.timing.day)))
        elif self.phase == "day":
            progress.update("")
            title.update(w("narrator_day"))
            text.update(w("narrator_day_text"))
            self._set_clock(clock(self.left))
            status.update(w("narrator_paused") if self.paused else "")
            upcoming.update("")
        else:  # over
            progress.update("")
            title.update(w("narrator_vote"))
            text.update(w("narrator_time_up"))
            self._set_clock("0:00")
            status.update(w("narrator_over"))
            upcoming.update("")
        self._show_answer()
        self.set_class(self.paused, "-paused")
        self.refresh_bindings()

    def _show_answer(self) -> None:
        """The private answer panel: shown only while the Oracle may answer, the same for everyone until
        she does (nothing on the rest of the screen changes when she answers)."""
        panel = self.query_one("#narrator-answer", Static)
        open_ = self.asking
        panel.display = open_
        if not open_:
            panel.update("")
        elif self.answered is None:
            assert self.question is not None
            panel.update(asking(self.words, self.question, self.chosen))
        else:
            panel.update(self.told)

    @property
    def asking(self) -> bool:
        """Is the Oracle's question open: her step's action line, being read or timed, not yet settled?"""
        line = self.line
        return (self.phase == "night" and self.question is not None and line is not None
                and line.pause == "action" and self.cue is not None and self.cue.index == self.question.index)

    def _set_clock(self, text: str) -> None:
        """Show ``text`` on the big clock; cheap when it has not changed (it runs on every tick)."""
        if text != self._clock_text:
            self._clock_text = text
            self.query_one("#narrator-clock", Digits).update(text)

    def _notices(self) -> None:
        """Tell once why there is no voice or no background sound; the night goes on with text."""
        for notice in (self.speaker.take_notice(), self.ambience.take_notice()):
            if notice and notice not in self._told:  # one device, one notice
                self._told.add(notice)
                if self.choice.lang != "en":  # the sound modules' reasons are English: say it in the language
                    notice = self.words("narrator_no_sound")
                self.notify(notice, severity="warning", timeout=8)

    # -- reading -----------------------------------------------------------------------------------

    def _say(self, text: str, lang: str | None = None) -> None:
        self._spoke = self.speaker.say(text, lang)
        self._spoke_at = time.monotonic()
        self._notices()

    def _start_line(self) -> None:
        """Show and speak the current line; its pause starts when the reading is over."""
        line = self.line
        assert line is not None
        self.stage = "speak"
        if line.step == "dawn":
            self.ambience.stop()
        self._ticked = set()
        self._say(line.text, self.line_lang)
        # A spoken line lasts as long as the voice; a shown one as long as a person needs to read it out.
        self.left = 0.0 if self._spoke else len(line.text) * self.reading_pace
        self._show()

    def _start_cue(self, index: int) -> None:
        assert self.narration is not None
        self.cue_index = max(0, min(index, len(self.narration.cues) - 1))
        self.line_index = 0
        cue = self.cue
        self.question = question_at(self.narration, cue) if cue is not None else None
        self.chosen, self.answered, self.told = 0, None, ""
        self._start_line()

    def _settle(self) -> None:
        """The Oracle's action time is over: her answer, or none (the engine's default), goes into the
        night, which is narrated again from it; the steps already read do not change. It is done the
        same way whether she answered or not, so that the table cannot tell."""
        question = self.question
        if question is None or self.narration is None:
            return
        self.answers = {i: a for i, a in self.answers.items() if i < question.index}
        self.answers[question.index] = self.answered
        self.question, self.chosen, self.answered, self.told = None, 0, None, ""
        self._set_narration(self._narrate(self.choice.roster, self.choice.lang))
        self._sync_rows()

    def _sync_rows(self) -> None:
        """The step list after a new narration of the same night (an answer may lengthen or change what
        comes after the current step)."""
        assert self.narration is not None
        steps = self.query_one("#narrator-steps", VerticalScroll)
        cues = self.narration.cues
        for row in self._rows[len(cues):]:
            row.remove()
        del self._rows[len(cues):]
        for i, cue in enumerate(cues):
            if i < len(self._rows):
                self._rows[i].update(f"{i + 1}. {cue.title}")
            else:
                row = Static(f"{i + 1}. {cue.title}", classes="narrator-step")
                self._rows.append(row)
                steps.mount(row)

    def _after_reading(self) -> None:
        line = self.line
        assert line is not None
        if line.pause == "day":
            self._start_day()
            return
        seconds = self.choice.timing.seconds(line.pause)
        if line.pause == "action" and self.choice.random_delay:
            extra = self._rng.uniform(0, self.choice.random_delay)
            self.extra_delays.append(extra)
            seconds += extra
        self.stage = "wait"
        self.left = seconds
        self._show()

    def _next_line(self) -> None:
        if self.asking:
            self._settle()
        cue = self.cue
        assert cue is not None and self.narration is not None
        if self.line_index + 1 < len(cue.lines):
            self.line_index += 1
            self._start_line()
        elif self.cue_index + 1 < len(self.narration.cues):
            self._start_cue(self.cue_index + 1)
        else:  # a script always ends with dawn, whose pause is the day; nothing is left to read
            self._start_day()

    def _start_day(self) -> None:
        self.ambience.stop()
        self.phase = "day"
        self.left = float(self.choice.timing.day)
        self._warned = self.left <= 60  # a short day needs no warning
        self._show()

    def _end_day(self) -> None:
        self.phase = "over"
        self.paused = False
        self.speaker.resume()
        self.speaker.cue("day_end")  # a gong, then "3, 2, 1, vote!"; the screen shows what to do
        self._notices()
        self._show()

    def _tick(self) -> None:
        now = time.monotonic()
        dt, self._last = now - self._last, now
        self.ticks += 1
        self.ambience.keep_playing()
        if self.phase not in ("night", "day") or self.paused:
            return
        if self.phase == "day":
            self.left -= dt
            if not self._warned and self.left <= 60:
                self._warned = True
                self._say(self.words("narrator_one_minute"))
            if self.left <= 0:
                self._end_day()
            else:
                self._set_clock(clock(self.left))
            return
        self.left -= dt
        if self.stage == "speak":
            still_speaking = self._spoke and self.speaker.speaking and now - self._spoke_at < MAX_SPEAK
            if self.left <= 0 and not still_speaking:
                self._after_reading()
        else:
            action = self.line is not None and self.line.pause == "action"
            if action:
                # Before moving on: a late event loop (a slow laptop) can jump from before the last
                # second straight past the end of the action time, and its tick must not be lost.
                self._tick_cue()
            if self.left <= 0:
                self._next_line()
            elif action:
                self._set_clock(clock(self.left))

    def _tick_cue(self) -> None:
        """With the tick option, a soft tick as each of the last seconds of an action time starts.
        The timer can be late: the seconds it jumped over are marked heard with one tick, not one each
        (ticks would bunch up), and the last second is ticked even when the time is already over."""
        if not self.choice.tick:
            return
        second = max(1, int(-(-self.left // 1)))  # the second now running, counted down: 3, 2, 1
        due = {s for s in range(second, TICK_SECONDS + 1) if s not in self._ticked}
        if due:
            self._ticked |= due
            self.speaker.cue("tick")

    # -- actions -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phase = self.phase
        if action == "start":  # after a day's vote, a narration that goes on: its next night
            return phase == "ready" or (phase == "over" and self.narration is not None and self.narration.goes_on)
        if action == "pause":
            return phase in ("night", "day") and not self.paused
        if action == "resume":
            return phase in ("night", "day") and self.paused
        if action in ("repeat", "skip"):
            return phase == "night"
        if action in ("answer_prev", "answer_next", "answer"):
            return self.asking and self.answered is None and not self.paused
        if action == "back":  # not from a night's first step: the day before it is over (its vote is done)
            return phase == "night" and self.cue_index > 0 and (self.cue is None or self.cue.kind != "start")
        if action in ("more_time", "end_day"):
            return phase == "day"
        # Language and set-up are for before the night or after the game: while the night or the day
        # runs they would only push the keys that steer it off an 80-column footer.
        if action == "setup":  # (its set-up chooses roles.toml's cards: not a ruleset's own)
            return phase in ("ready", "over") and not self.own_cards
        if action == "language":
            return phase not in ("night", "day")
        return True

    def action_help(self) -> None:
        """F1, as in the game: the cards on the table explained, and the narrator's keys, in the
        narrator's language (the game's F1 on the app would list the game's keys, not these)."""
        from onenight_tui.screens.common.help import HelpScreen  # only when asked

        if isinstance(self.app.screen, HelpScreen):
            return
        self.app.push_screen(HelpScreen(self.help_topic(), lang=self.choice.lang, catalog=self.catalog,
                                        keys="help_narrator_keys"))

    def help_topic(self) -> HelpRoster:
        """The cards on the table, in the words of the family the ruleset read is played by (classic's
        cards from classic.toml, One Night's roles from roles.toml): what F1 explains."""
        from onenight_tui.help_roster import help_roster

        return help_roster(self.choice.roster, self.choice.ruleset)

    async def action_start(self) -> None:
        if self.phase == "over":  # the table has voted: the next night of a narration that goes on
            await self._next_night()
            return
        self.phase = "night"
        self.paused = False
        self._last = time.monotonic()
        if self.choice.sound != "none" and self.ambience.kind != "none":
            self.run_worker(self._start_ambience, thread=True, exclusive=True, group="ambience")
        self._start_cue(0)

    async def _next_night(self) -> None:
        """Read on after the last day: the next night (and its day) added to the narration and to the
        list of steps when the narration holds no more, then its first step."""
        assert self.narration is not None
        before = len(self.narration.cues)
        if self.cue_index + 1 >= before:
            self.nights += 1
            self._set_narration(self._narrate(self.choice.roster, self.choice.lang))
            rows = [Static(f"{i}. {cue.title}", classes="narrator-step")
                    for i, cue in enumerate(self.narration.cues[before:], before + 1)]
            self._rows += rows
            await self.query_one("#narrator-steps").mount_all(rows)
        self.phase = "night"
        self.paused = False
        self._last = time.monotonic()
        self._start_cue(self.cue_index + 1)

    def _start_ambience(self) -> None:
        if self.ambience.prepare() is not None and self.phase == "night":
            self._from_thread(self._ambience_ready)

    def _ambience_ready(self) -> None:
        if self.phase == "night":
            self.ambience.start()
        self._notices()

    def action_pause(self) -> None:
        self.paused = True
        self._paused_at = time.monotonic()
        self.speaker.pause()  # the voice and the background hold where they are
        self._show()

    def action_resume(self) -> None:
        self.paused = False
        self._last = time.monotonic()
        self._spoke_at += self._last - self._paused_at  # the pause does not count against MAX_SPEAK
        self.speaker.resume()
        self._show()

    def action_repeat(self) -> None:
        self.paused = False
        self.speaker.resume()
        self._start_cue(self.cue_index)

    def action_skip(self) -> None:
        assert self.narration is not None
        if self.question is not None:
            self._settle()  # the night goes on past the Oracle's step: as if her time were over
        self.paused = False
        self.speaker.resume()
        if self.cue_index + 1 < len(self.narration.cues):
            self._start_cue(self.cue_index + 1)
        else:
            self.speaker.stop()
            self._start_day()

    def action_back(self) -> None:
        self.paused = False
        self.speaker.resume()
        self._start_cue(self.cue_index - 1)

    def action_answer_prev(self) -> None:
        self._choose(-1)

    def action_answer_next(self) -> None:
        self._choose(1)

    def _choose(self, step: int) -> None:
        assert self.question is not None
        self.chosen = (self.chosen + step) % len(self.question.answers)
        self._show_answer()

    def action_answer(self) -> None:
        """The Oracle answers: taken at once and told privately what follows for her; the night
        itself takes the answer only when her action time is over (``_settle``)."""
        question = self.question
        assert question is not None and self.narration is not None
        answer = question.answers[self.chosen]
        outcome = table_answer(self.choice.roster, self.seed, self.catalog, self.choice.ruleset, self.answers,
                               question.index, answer)
        self.answered = answer
        self.told = told(self.words, outcome, answer)
        self._show_answer()
        self.refresh_bindings()

    def action_more_time(self) -> None:
        self.left += 60
        self._warned = self.left <= 60
        self._show()

    def action_end_day(self) -> None:
        self._end_day()

    def action_voice(self) -> None:
        self.speaker.enabled = not self.speaker.enabled
        self.choice = evolve(self.choice, voice=self.speaker.enabled)
        if not self.speaker.enabled:
            self.speaker.stop()
        self._notices()
        self._show()

    def action_language(self) -> None:
        lang = LANG_CYCLE[(LANG_CYCLE.index(self.choice.lang) + 1) % len(LANG_CYCLE)] \
            if self.choice.lang in LANG_CYCLE else "en"
        self._set_lang(lang)

    def _set_lang(self, lang: str) -> None:
        self.choice = evolve(self.choice, lang=lang)
        self._store(lang=lang)  # the apps open in the remembered language (docs/decisions.md)
        self._speak_bindings()
        self.speaker.stop()
        self.speaker.lang = lang
        if self.narration is not None:
            self._set_narration(self._narrate(self.choice.roster, lang))
            self._sync_rows()
        self._notices()
        if self.phase == "night" and self.stage == "speak" and not self.paused:
            self._start_line()
        else:
            self._show()

    def action_setup(self) -> None:
        if self.phase in ("night", "day") and not self.paused:
            self.action_pause()
        self._open_setup()

    def _open_setup(self) -> None:
        choice = self.choice if self.choice.roster else evolve(self.choice, roster=PRESETS["base-5"].roles)
        self.app.push_screen(NarratorSetupScreen(choice, self.catalog), self._chosen)

    async def _chosen(self, choice: NarratorChoice | None) -> None:
        if choice is None:
            if self.narration is None:
                self.dismiss(None)  # nothing to read: back where the narrator was opened from
            return
        self.speaker.stop()
        self.speaker.resume()
        self.ambience.stop()
        if choice.sound != self.ambience.kind and self._ambience_given is None:
            self.ambience = Ambience.auto(choice.sound, self.speaker.fixed_output)
        lang_changed = choice.lang != self.choice.lang
        self.choice = choice
        self._speak_bindings()
        self.speaker.enabled = choice.voice
        self.speaker.lang = choice.lang
        self.speaker.rate = choice.rate
        self.speaker.volume = choice.volume / 100
        self._remember(choice, lang_changed)
        self.answers, self.question = {}, None  # a new table: nothing answered yet
        self._set_narration(self._narrate(choice.roster, choice.lang))
        await self._load()
        self._notices()

    def _remember(self, choice: NarratorChoice, lang_changed: bool = False) -> None:
        """Keep the sound options (speed, volume, background, tick) in the settings for next time, and
        the language when the set-up changed it."""
        changes: dict[str, object] = dict(voice_rate=choice.rate, volume=choice.volume, sound=choice.sound,
                                          night_tick=choice.tick)
        if lang_changed:
            changes["lang"] = choice.lang
        self._store(**changes)

    def _store(self, **changes: object) -> None:
        """Write ``changes`` into the settings file (atomically, by the settings module); a notice in the
        narrator's language when the disk refuses. Inside the game's app, its own copy is updated and
        written (``remember``): its set-up follows a new language when the narrator is left."""
        from onenight_tui import settings as stored

        if "lang" in changes:
            self.remembered_lang = str(changes["lang"])
        app, settings = self.app, getattr(self.app, "settings", None)
        if hasattr(app, "remember") and isinstance(settings, stored.Settings):
            app.remember(settings.replace(**changes))  # the game's app keeps its own copy
            return
        # A first start has no file: keep following the locale for what is not changed here.
        current, _notice = stored.load_settings(lang=stored.system_language())
        problem = stored.store_settings(current.replace(**changes))
        if problem:
            self.notify(stored.said_notice(problem, self.words), severity="warning", markup=False)

    def action_leave(self) -> None:
        """Escape or Q: before the night or after the game it leaves; while the night or the day runs it
        asks first (paused meanwhile), since a narration left cannot be picked up again."""
        if self.phase in ("night", "day"):
            from ..common.confirm_quit import ConfirmScreen  # only when asked

            was_paused = self.paused
            if not was_paused:
                self.action_pause()
            w = self.words

            def answered(leave: bool | None) -> None:
                if leave:
                    self._leave()
                elif not was_paused and self.paused:
                    self.action_resume()

            self.app.push_screen(ConfirmScreen(w("narrator_leave_title"), w("narrator_leave_text"),
                                               yes=w("narrator_leave_yes"), no=w("narrator_leave_no")), answered)
            return
        self._leave()

    def _leave(self) -> None:
        self.speaker.stop()
        self.speaker.resume()
        self.ambience.stop()
        self.dismiss(None)
