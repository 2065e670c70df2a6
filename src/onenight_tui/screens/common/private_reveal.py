"""What every private screen shares (the card, the mark, the night prompt, the secret ballot): shown to
one player after their key press, and emptied before the laptop moves on.

``close_private(result)`` hides the secret at once, removes every widget that showed it, then
dismisses the screen with ``result`` — as soon as the widgets are gone when it is on top, or as soon as
it is on top again when another screen (the too-small notice) covers it. It dismisses exactly once,
however many resizes and resumes follow: a second ``dismiss`` of the same screen is what crashed the app when
the terminal shrank below 80×24 with a card open (issue 10). A resize closes the screen with ``RESIZED`` (the
same player opens it again)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from textual import events
from textual.screen import ModalScreen

from ...host import host
from ...text.app_words import SpeaksBindings
from .hand_over import KeyGuard

if TYPE_CHECKING:
    from textual.await_remove import AwaitRemove
    from textual.geometry import Size

ResultType = TypeVar("ResultType")


class PrivateScreen(SpeaksBindings, ModalScreen[ResultType], Generic[ResultType]):
    PRIVATE = True
    BODY_ID = ""  # the container that holds the secret; emptied on close
    RESIZED: Any = None  # the result when a resize closed the screen

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self._shown_at_size: Size | None = None
        self.closing = False  # the secret is gone; the screen leaves as soon as it is on top
        self._result: Any = None
        self._dismissed = False
        self._cleared = False  # the secret's widgets are gone

    def on_mount(self) -> None:
        self._shown_at_size = self.app.size
        self._opened_at = host(self).clock()

    @property
    def settled(self) -> bool:
        """The screen has been up longer than a double press: the key that opened it, pressed twice,
        must not close it before its player saw it (issue 23, played at 80×24)."""
        opened = getattr(self, "_opened_at", None)
        guard = host(self).KEY_GUARD_SECONDS
        return opened is None or host(self).clock() - opened >= guard

    def on_resize(self, event: events.Resize) -> None:
        if self._shown_at_size is not None and self.app.size != self._shown_at_size:
            self.close_private(self.RESIZED)

    def clear(self) -> AwaitRemove | None:
        """Hide the secret at once and remove every widget that showed it (awaitable: the removal)."""
        body = self.query(f"#{self.BODY_ID}")
        if not body:
            return None
        body.first().display = False
        return body.first().remove_children()

    def close_private(self, result: Any) -> None:
        if self.closing:
            return
        self.closing = True
        self._result = result
        self.call_later(self._finish, self.clear())

    async def _finish(self, removing: AwaitRemove | None) -> None:
        if removing is not None:
            await removing
        self._cleared = True
        self._leave()

    def _leave(self) -> None:
        if self._dismissed or not self._cleared or self.app.screen is not self:
            return  # not ``is_current``: that is also true under a modal (the too-small notice)
        self._dismissed = True
        self.dismiss(self._result)

    def on_screen_resume(self) -> None:
        if self.closing:
            self.call_later(self._leave)


class PrivateReveal(KeyGuard, PrivateScreen[bool]):
    """A secret to see (card, mark): True once seen and hidden, False when a resize closed it first.
    Its hide key asks the key guard (``let_through``): the Enter that opened it, pressed twice, must not
    hide it before its player has seen it (the deal went on to the next player, the card unseen)."""

    RESIZED = False
