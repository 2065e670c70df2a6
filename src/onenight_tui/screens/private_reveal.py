"""What the private card screen and the private mark screen share: shown to one player after their key
press, and emptied before the laptop moves on.

A reveal dismisses with True once the player has seen it and hidden it, or False if a resize closed it
first (the same player then opens it again). Closing removes every widget that showed the secret, and a
reveal closed while another screen covered it (the too-small notice) leaves as soon as it is on top."""

from __future__ import annotations

from textual import events
from textual.screen import ModalScreen

HIDE_HINT = "Remember it, then press Enter to hide it and pass the laptop on."


class PrivateReveal(ModalScreen[bool]):
    PRIVATE = True
    BODY_ID = ""  # the container that holds the secret; emptied on close

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self._shown_at_size = None
        self._leave_with: bool | None = None

    def on_mount(self) -> None:
        self._shown_at_size = self.app.size

    def on_resize(self, event: events.Resize) -> None:
        if self._shown_at_size is not None and self.app.size != self._shown_at_size:
            self._close(False)

    def _clear(self) -> None:
        body = self.query(f"#{self.BODY_ID}")
        if body:
            body.first().remove_children()

    def _close(self, seen: bool) -> None:
        self._clear()
        self._leave_with = seen
        if self.is_current:
            self.dismiss(seen)

    def on_screen_resume(self) -> None:
        if self._leave_with is not None:
            self.dismiss(self._leave_with)
