"""What the public hand-over screens share (the deal, the mark check, the secret ballot, the tally):
the laptop goes round in seat order and the screen names only whose turn it is — the same in every deal
(docs/design.md, "Hot-seat flow and privacy").

A hand-over ignores its key for a moment after it appears (``ready``): the player who just hid their
card or cast their vote often presses Enter twice, and that second press must not open the next
player's secret in front of them (issue 10). The moment (``app.KEY_GUARD_SECONDS``) is measured on
``app.clock``.

A screen using ``HandOver`` for the turn labels has ``#<PREFIX>-title``, ``-name`` and ``-hint`` labels,
a ``done`` property, and two bindings on the same keys: ``open`` (the named player's secret) until
everyone has had their turn, then ``night``."""

from __future__ import annotations

from textual.widgets import Label

from ..text.app_words import SpeaksBindings, app_words


class KeyGuard:
    """A screen whose first key press after it (re)appears must not choose anything."""

    _shown_at: float | None = None

    def arm(self) -> None:
        self._shown_at = self.app.clock()

    @property
    def ready(self) -> bool:
        return self._shown_at is not None and self.app.clock() - self._shown_at >= self.app.KEY_GUARD_SECONDS

    def on_screen_resume(self) -> None:
        self.arm()


class TurnKeys:
    """The two bindings on the same keys: ``open`` until everyone has had their turn (``done``), then
    ``LAST_ACTION``."""

    LAST_ACTION = "night"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return not self.done
        if action == self.LAST_ACTION:
            return self.done
        return True


def show_labels(screen, prefix: str, title: str, name: str, hint: str) -> None:
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
