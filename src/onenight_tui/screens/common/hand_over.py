"""What the public hand-over screens share (the deal, the mark check, the secret ballot, the tally):
the laptop goes round in seat order and the screen names only whose turn it is — the same in every deal
(docs/design.md, "Hot-seat flow and privacy").

A hand-over ignores its key for a moment after it appears (``KeyGuard``): the player who just hid their
card or cast their vote often presses Enter twice, and that second press must not open the next
player's secret in front of them (issue 10). The moment (``app.KEY_GUARD_SECONDS``) is measured on
``app.clock``; a key pressed within it starts the moment again (``key_guard.KeyTimer``), and a screen
whose key changes what it opens without leaving the top (the eyes-closed screen's next step) arms the
guard again itself (issue 21).

A screen using ``HandOver`` for the turn labels has ``#<PREFIX>-title``, ``-name`` and ``-hint`` labels,
a ``done`` property, and two bindings on the same keys: ``open`` (the named player's secret) until
everyone has had their turn, then ``night``."""

from __future__ import annotations

from time import monotonic
from typing import TYPE_CHECKING

from textual import events
from textual.dom import DOMNode
from textual.widgets import Label

from ...host import host
from ...key_guard import KeyTimer, key_wait
from ...text.app_words import SpeaksBindings, app_words

if TYPE_CHECKING:
    _Node = DOMNode  # the mixins below are mixed into screens: mypy reads them as one
else:
    _Node = object


class KeyGuard(_Node):
    """A screen whose first key press after it (re)appears, or after ``arm``, must not choose anything.
    Its key actions ask ``let_through()`` (which counts the press); ``ready`` only reads the guard."""

    _guard: KeyTimer | None = None

    @property
    def key_timer(self) -> KeyTimer:
        if self._guard is None:
            self._guard = KeyTimer()
        return self._guard

    @property
    def _shown_at(self) -> float | None:
        return self.key_timer.armed_at

    @_shown_at.setter
    def _shown_at(self, now: float | None) -> None:
        self.key_timer.armed_at = now

    _key_wait = 0.0  # how long the key being handled waited before the app got to it

    def arm(self) -> None:
        """What the key opens has changed: it does nothing for ``app.KEY_GUARD_SECONDS`` from now, and
        on the real clock from when the change is on the screen (on a busy machine the paint can come a
        while after). A test's fake clock moves only when the test says: no second arming behind its back."""
        self.key_timer.arm(host(self).clock())
        if host(self).clock is monotonic:
            self.call_after_refresh(self._painted)

    def _painted(self) -> None:
        self.key_timer.arm(host(self).clock())

    @property
    def ready(self) -> bool:
        return self.key_timer.ready(host(self).clock(), host(self).KEY_GUARD_SECONDS)

    def on_key(self, event: events.Key) -> None:
        """Runs before the key's binding: note how long ago the key was read (``key_wait``)."""
        self._key_wait = key_wait(event.time, monotonic())

    def let_through(self) -> bool:
        """A guarded key was pressed: True if it may act; a press too soon waits the moment again. The
        press counts from when the key was read, not from when a busy app got to it. With no moment
        (``KEY_GUARD_SECONDS`` 0: most tests) every key goes through."""
        if host(self).KEY_GUARD_SECONDS <= 0:
            self._key_wait = 0.0
            return True
        # the key's read time is on the monotonic clock: it corrects the app's clock only when that is the
        # same clock (tests give the app a fake one)
        wait, self._key_wait = (self._key_wait if host(self).clock is monotonic else 0.0), 0.0
        pressed = host(self).clock() - wait
        return self.key_timer.press(pressed, host(self).KEY_GUARD_SECONDS)

    def on_screen_resume(self) -> None:
        self.arm()


class TurnKeys:
    """The two bindings on the same keys: ``open`` until everyone has had their turn (``done``), then
    ``LAST_ACTION``."""

    LAST_ACTION = "night"

    if TYPE_CHECKING:
        @property
        def done(self) -> bool:
            """Everyone has had their turn (the screen says)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return not self.done
        if action == self.LAST_ACTION:
            return self.done
        return True


def show_labels(screen: DOMNode, prefix: str, title: str, name: str, hint: str) -> None:
    """The hand-over's three labels, ``#<prefix>-title``, ``-name`` and ``-hint``."""
    screen.query_one(f"#{prefix}-title", Label).update(title)
    screen.query_one(f"#{prefix}-name", Label).update(name)
    screen.query_one(f"#{prefix}-hint", Label).update(hint)


class HandOver(TurnKeys, SpeaksBindings, KeyGuard):
    PREFIX = ""  # the labels' id prefix
    TURN_HINT = ""  # the catalog's hint for whose turn it is ("Card 2 of 5")

    def show_turn(self, players: tuple[str, ...], seat: int) -> None:
        name = players[seat]
        words = app_words(self)
        show_labels(self, self.PREFIX, words("hand_over_title"), name,
                    words(self.TURN_HINT, name=name, seat=seat + 1, count=len(players)))
