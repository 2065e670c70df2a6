"""When a key pressed on a public screen may open a private one: the key guard's timing, as plain values.

A public screen that leads to a private one (a hand-over, the eyes-closed screen) is *armed* whenever
what its key would open changes: it appears or comes back on top, a night step begins, a new call of the
step is made. A key opens something only once the screen has shown that for ``seconds`` with no key
pressed: a key pressed sooner does nothing and arms the guard again, so a burst of presses (the player
who just pressed Done, or hid a card, pressing Enter once or twice more out of habit, or a key pressed
just as a step's time ran out) never reaches the next player's secret, however long the burst lasts
(issue 10; issue 21, "No key guard when a new step starts"). ``seconds`` is read at each press, so a
test can change it; time is whatever clock the caller reads (the app's ``clock``). A key counts from when
it was read, not from when a busy app got to it (``key_wait``), and the moment from when the change was
painted as well as from when it was made."""

from __future__ import annotations


class KeyTimer:
    """The guard of one screen: when it was last armed, on the caller's clock."""

    __slots__ = ("armed_at",)

    def __init__(self) -> None:
        self.armed_at: float | None = None  # never armed: no key goes through

    def arm(self, now: float) -> None:
        """What the key opens has just changed (the screen appeared, a step began)."""
        self.armed_at = now

    def ready(self, now: float, seconds: float) -> bool:
        """Has the screen been shown, with no key pressed, for ``seconds``?"""
        return self.armed_at is not None and now - self.armed_at >= seconds

    def press(self, now: float, seconds: float) -> bool:
        """A key pressed at ``now``: True if it may act; otherwise it was too soon, and the guard waits
        ``seconds`` from this press (a key pressed before the screen was ever shown arms it too)."""
        if self.ready(now, seconds):
            return True
        self.arm(now)
        return False


def key_wait(read_at: float, now: float, limit: float = 5.0) -> float:
    """How long a key read at ``read_at`` (the event's time on the monotonic clock) waited before the app
    handled it at ``now``: on a busy machine a key pressed at once can be handled after the moment has
    passed. 0 when the two times do not read as one clock (a key made by a test, another platform's
    clock) or the wait is not plausible."""
    wait = now - read_at
    return wait if 0.0 < wait < limit else 0.0


__all__ = ["KeyTimer", "key_wait"]
