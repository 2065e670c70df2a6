"""The day's mechanics, written once for every family's day screen (issue 24): One Night's
(``one_night/day.py``: the roles in play, the table, the night order, the Mayor, a human's claim) and
classic's (``classic/day.py``: the status, the speaking order, the news, M "my card", the elections).

``BaseDayScreen`` holds what every day does:

* **The discussion timer** (``Countdown``, built by ``countdown``), paused and resumed by the family's key
  (``action_pause``); the time left is noted in the save (``day_left``) every second when it moved
  ``SAVE_EVERY`` seconds or stands paused, on a pause, and 0 when it runs out.
* **Time is up** (``on_countdown_finished``): the table hears the day's end (``app.cue("day_end")``), then
  either a visible last call ("the vote starts in 3…", ``LAST_CALL_SECONDS``, shown by ``show_last_call``)
  moves to the vote, or the family's time-is-up line stays (``show_time_up``). A day opened with no time
  left that would call the vote at once waits instead (the line says: more time, or vote).
* **The bots' panel** (``bots_panel``: a ``BotClaims`` of ``table.bots`` — any family's ``SeatBots`` —
  its claims, title and the family's hint ``BOTS_HINT``), read aloud as the day opens (``reads_aloud``),
  and its keys r (the claims again, aloud) and s ("who do you suspect?", the next bot each press):
  ``bots_bindings``, hidden by ``check_action`` when there is no panel.
* **The vote** (``action_vote``): never during the last call, after the key guard when the family asks it
  (``GUARD_VOTE``: ``KeyGuard.arm`` as the day opens, ``let_through`` on the key), then the family's way
  there (``to_vote``).

A family's screen is a thin subclass: its ``compose`` (placing ``countdown()`` and ``bots_panel()``), its
own bindings (with ``*bots_bindings(prefix)``), ``open_day`` (what it fills in as the day opens) and the
hooks above — no family test here."""

from __future__ import annotations

from textual.binding import Binding
from textual.screen import Screen

from ...bots import SeatBots
from ...host import host
from ...table_move import TableMove
from ...text.app_words import SpeaksBindings, app_words
from ...widgets.bot_claims import BotClaims
from ...widgets.countdown import Countdown
from .hand_over import KeyGuard

BOTS_ACTIONS = ("bots_repeat", "bots_suspect")


def bots_bindings(prefix: str) -> list[Binding]:
    """The bots' keys, r and s, with ids ``<prefix>-bots-repeat`` and ``<prefix>-bots-suspect`` (the
    catalogs' ``key_<prefix>_bots_…``). Named on their panel's border, not in the key bar (it is full)."""
    return [Binding("r", "bots_repeat", "Repeat", id=f"{prefix}-bots-repeat", show=False),
            Binding("s", "bots_suspect", "Suspect?", id=f"{prefix}-bots-suspect", show=False)]


def next_asked(asked: int, count: int) -> int:
    """The bot "who do you suspect?" asks next: after ``asked`` (an index, -1 before the first), round
    the ``count`` bots that may be asked (their number can change between presses: classic's dead)."""
    return (asked + 1) % count


def due_note(left: float, saved_at: float, every: float, paused: bool) -> bool:
    """Whether the day's time left is noted in the save now: it moved ``every`` seconds since the last
    note (``saved_at``; 0: each second), or the clock stands paused."""
    return abs(left - saved_at) >= every or paused


class BaseDayScreen(SpeaksBindings, KeyGuard, Screen[None]):
    """A day: the timer, its save, time up, the bots' panel and keys, the way to the vote."""

    #: The catalog's hint under the bots' panel (it names the keys).
    BOTS_HINT = ""
    #: The bots' panel's widget id.
    BOTS_ID = ""
    #: The timer's widget id.
    TIMER_ID = ""
    #: ``day_left`` is noted when it moved this far (0: every second).
    SAVE_EVERY = 0.0
    #: Seconds of "the vote starts in 3…" once the time runs out (0: no last call; the table votes with its key).
    LAST_CALL_SECONDS = 0
    #: The vote key waits out the key guard (a stray press as the day appears does not end it).
    GUARD_VOTE = False

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self._saved_at = float(seconds)
        self._vote_at: float | None = None  # when the last call ends (app.clock), once time is up
        # A day opened with no time left (back from the vote): its first time-up waits for the table; the
        # time it is then given (``e``) ends as any day's does, with the sound and the last call.
        self._opened_without_time = seconds <= 0
        self._asked = -1  # the bot asked last "who do you suspect?" (an index into ``bots.suspects()``)

    # -- the parts a family's compose places ---------------------------------------------------------
    @property
    def bots(self) -> SeatBots | None:
        """The table's bots (any family's ``SeatBots``), None at a table of humans."""
        table = host(self).table
        return table.bots if table is not None else None

    def countdown_widget(self) -> Countdown:
        return Countdown(self.seconds, id=self.TIMER_ID)

    def bots_panel(self) -> BotClaims | None:
        """What the bots claimed, like players speaking; None at a table of humans or when no bot speaks
        (classic's bots all dead)."""
        bots = self.bots
        claims = bots.claim_lines() if bots is not None else []
        if bots is None or not claims:
            return None
        return BotClaims(claims, title=bots.claims_title(), hint=app_words(self)(self.BOTS_HINT), id=self.BOTS_ID)

    @property
    def countdown(self) -> Countdown:
        return self.query_one(Countdown)

    @property
    def calling_vote(self) -> bool:
        """The time ran out and the last call is counting down to the vote."""
        return self._vote_at is not None

    # -- opening ------------------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.open_day()
        if self.GUARD_VOTE:
            self.arm()
        self.set_interval(1.0, self._remember)
        if self.LAST_CALL_SECONDS:
            self.set_interval(0.25, self._last_call)
        bots = self.bots
        if bots is not None and self.reads_aloud(bots):
            self.call_after_refresh(self.say_claims)

    def open_day(self) -> None:
        """The family fills its screen in as the day opens (before the timer's and the bots' part)."""

    def reads_aloud(self, bots: SeatBots) -> bool:
        """Whether the bots' claims are read aloud as this day opens (every time, unless the family says)."""
        return True

    def say_claims(self) -> None:
        panels = self.query(BotClaims)
        if panels:
            host(self).say(" ".join(panels.first().claims))

    # -- the timer ----------------------------------------------------------------------------------
    def _remember(self) -> None:
        left = self.countdown.remaining
        if self._vote_at is None and due_note(left, self._saved_at, self.SAVE_EVERY, self.countdown.paused):
            self.note_left()

    def note_left(self) -> None:
        """Note the time left in the save (``day_left``), now."""
        self._saved_at = self.countdown.remaining
        host(self).note(stage="day", day_left=round(self._saved_at, 1))

    def action_pause(self) -> None:
        if self._vote_at is not None:
            return
        self.countdown.toggle_pause()
        self.note_left()

    def on_countdown_finished(self, _: Countdown.Finished) -> None:
        """Time is up: noted (0 left), a sound, then the last call or the family's line. A day that opened
        with no time left (back from the vote) is not sent back by a last call at once: it says so and waits;
        the minute it is then given ends with the sound and the last call, as any day's time."""
        host(self).note(stage="day", day_left=0.0)
        if self.LAST_CALL_SECONDS and self._opened_without_time:
            self._opened_without_time = False
            self.show_time_up()
            return
        host(self).cue("day_end")
        if not self.LAST_CALL_SECONDS:
            self.show_time_up()
            return
        self._vote_at = host(self).clock() + self.LAST_CALL_SECONDS
        self._last_call()

    def _last_call(self) -> None:
        if self._vote_at is None:
            return
        left = self._vote_at - host(self).clock()
        if left <= 0:
            self._vote_at = None
            self.vote_now()
            return
        self.show_last_call(int(left + 0.999))

    def cancel_last_call(self) -> None:
        """The last call is off (more time was given)."""
        self._vote_at = None

    def show_time_up(self) -> None:
        """The family's time-is-up line."""

    def show_last_call(self, count: int) -> None:
        """The family's "the vote starts in {count}…" (only with ``LAST_CALL_SECONDS``)."""

    # -- the vote -----------------------------------------------------------------------------------
    def action_vote(self) -> None:
        if self._vote_at is not None or (self.GUARD_VOTE and not self.let_through()):
            return
        self.to_vote()

    def to_vote(self) -> None:
        """The vote key: the family's way to the vote (a question first, an election…)."""
        self.vote_now()

    def vote_now(self) -> None:
        """To the vote, now (the last call's end)."""
        self.post_message(TableMove("vote"))

    # -- asking the bots ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in BOTS_ACTIONS:
            return bool(self.query(BotClaims))  # no bot to ask (a table of humans, or no living bot)
        return True

    def action_bots_repeat(self) -> None:
        """The bots say their claims again (read aloud with the voice on)."""
        panels = self.query(BotClaims)
        if panels:
            panels.first().to_claims()
            self.say_claims()

    def action_bots_suspect(self) -> None:
        """"Who do you suspect?", asked of the next bot the family's bots name (``SeatBots.suspects``: One
        Night's in seat order, classic's living ones in the speaking order), each press the next one."""
        bots = self.bots
        seats = bots.suspects() if bots is not None else ()
        panels = self.query(BotClaims)
        if bots is None or not seats or not panels:
            return
        self._asked = next_asked(self._asked, len(seats))
        line = bots.suspicion_line(seats[self._asked])
        panels.first().add_answer(line)
        host(self).say(line)


__all__ = ["BOTS_ACTIONS", "BaseDayScreen", "bots_bindings", "due_note", "next_asked"]
