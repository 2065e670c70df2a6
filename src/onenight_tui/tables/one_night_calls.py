"""One Night's night as the eyes-closed screen calls it (``screens/common/night.py``: ``NightCalls``).

The script is public — every role in play, ghosts included (docs/rules.md §A.4) — and every step is
called alike whether anyone acts or not. The calls are the narrator's (``onenight_core.engine.narration``),
so the game and ``onenight narrate`` read the same night word for word; a step with two calls (the
Doppelgänger–Minion's "keep your eyes open") times each with the same action time, in every deal. After
the script, dawn ("Everyone, wake up!") is called with a short intro; when it is over the table moves to
the day (``TableMove("day")``).

A step the table plays differently declares it by its ``turns``: a day step (the Mayor) is never called
at night; the mark check (the laptop goes round, untimed) is played by its own screen, to which the night
moves (``TableMove("night", step=…)``, the router opens it). When a step's time is up the engine answers
for whoever has not (``onenight_core.engine.timeout``): a prompt its player never opened is told as "did
not look". The only private fact read here is whether the pending prompt belongs to the step."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from attrs import evolve

from onenight_core.engine.narration import Cue, Line, Narration, late_announcements, narrate
from onenight_core.engine.protocol import pending
from onenight_core.engine.timeout import TIMEOUT, UNOPENED
from onenight_core.engine.views import public_view
from onenight_core.model.kinds import PublicKind
from onenight_core.model.public import heard_through

from ..day_prompts import DAY, day_prompt, day_step_ids
from ..screens.common.night import NightCall, Opens
from ..bots.one_night import bots_act
from ..table_move import TableMove

if TYPE_CHECKING:
    from collections.abc import Sequence

    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.values import PublicEvent, Step

    from .one_night import OneNightTable

TIMED = "timed"  # Step.turns of a step the eyes-closed screen calls and times


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


def narration_cue(narration: Narration, index: int) -> Cue:
    """The narrator's cue for step ``index`` (-1: night falls; past the script: dawn)."""
    cues = narration.cues
    return cues[max(0, min(index + 1, len(cues) - 1))]


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
    texts = [line.text for line in calls(narration_cue(narration, index))]
    late = late_announcements(catalog, heard, index - 1, lang)
    if late:
        texts[0] = " ".join([*late, texts[0]])
    return tuple(texts)


def closing(cue: Cue) -> str:
    """The line that ends a step ("Seer, close your eyes."), said before the next call."""
    if cue.kind in ("start", "dawn") or not cue.lines or cue.lines[-1].pause != "gap":
        return ""
    return cue.lines[-1].text


class OneNightCalls:
    """The One Night night on ``table`` as the eyes-closed screen calls it (``NightCalls``): step -1 is
    night falls, the script's steps follow, ``len(script)`` is dawn."""

    def __init__(self, table: OneNightTable) -> None:
        self.table = table
        self.narration = night_narration(table)  # the reading of the night as heard at the step being called
        self._opened: set[int] = set()  # the seats that opened their prompt in this step (the story's "looked")

    @property
    def script(self) -> tuple[Step, ...]:
        return tuple(public_view(self.table.game).script)

    @property
    def steps(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.script)

    def status(self) -> str:
        return ""

    def hint(self) -> str:
        return self.table.app.words("night_hint")

    def call(self, index: int, after: str) -> NightCall | TableMove | None:
        table, app = self.table, self.table.app
        self._opened = set()
        script = self.script
        self.narration = night_narration(table, index)  # this step's announcements, as the game heard them
        if 0 <= index < len(script) and script[index].turns == DAY:
            return None  # played by day (the Mayor): never called at night
        heard = public_view(table.game).heard
        if 0 <= index < len(script) and script[index].turns != TIMED:
            # the answers announced in the step just over (the Oracle's parity), said before that step's screen
            late = late_announcements(app.catalog, heard, index - 1, app.lang)
            return TableMove("night", step=index, after=" ".join([after, *late]).strip())
        cue = narration_cue(self.narration, index)
        # the steps the table has heard of: a repeated night (the ripple) lengthens the script only once it
        # is announced, even when the engine has already walked that far ahead
        total = night_step_count(table, index)
        say = app.words
        banner = say("night_banner_step", step=index + 1, count=total) if 0 <= index < min(len(script), total) \
            else say("night_banner")
        called = 0 <= index < len(script)
        return NightCall(banner, cue.title, step_calls(self.narration, app.catalog, heard, index, app.lang),
                         intro=not called, hint=index < len(script), closing=closing(cue))

    def over(self, index: int) -> TableMove | None:
        return TableMove("day") if index >= len(self.script) else None  # dawn is over

    def waiting(self, index: int) -> bool:
        """Is a prompt of step ``index`` still open? (The bots answer theirs first: a bot's prompt is never
        open for anyone.)"""
        self.bots(index, alone=True)
        return self._pending_here(index)

    def _pending_here(self, index: int) -> bool:
        g = self.table.game
        p = pending(g)
        if p is None or g.phase != "night":
            return False
        script = self.script
        if index >= len(script):
            # a prompt the script does not name: answered by the time-out at dawn; a day step's stays open
            return day_prompt(g) is None
        return 0 <= index and p.step == script[index].id

    def bots(self, index: int, alone: bool) -> None:
        bots = self.table.bots
        if bots is None or index < 0 or not self._pending_here(index):
            return
        script = self.script
        bots_act(bots, self.table, script[index].id if index < len(script) else None)

    def open_turn(self, index: int, time_left: Callable[[], float]) -> Opens:
        if not self.waiting(index):
            return Opens()
        from ..screens.common.prompt import PromptScreen

        p = pending(self.table.game)
        assert p is not None  # (``waiting``)
        self._opened.add(p.seat)
        return Opens(PromptScreen(p.seat, time_left=time_left))

    def time_up(self, index: int) -> None:
        while self.waiting(index):
            # a prompt its player never opened is told as "did not look", not as a choice not made in time
            p = pending(self.table.game)
            assert p is not None  # (``waiting``)
            self.table.answer(TIMEOUT if p.seat in self._opened else UNOPENED)

    def noted(self, index: int, left: float, part: int) -> Mapping[str, object]:
        return {"stage": "night", "step": index, "step_left": left, "step_part": part}


__all__ = ["OneNightCalls", "calls", "closing", "narration_cue", "night_narration", "night_step_count", "step_calls"]
