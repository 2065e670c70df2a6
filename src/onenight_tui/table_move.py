"""The one message of every family's screens (``TableMove``): its own module, which imports no driver
and no screen, so that screens and the drivers that open them (``tables/``) never import each other."""

from __future__ import annotations

from typing import Any

from textual.message import Message


class TableMove(Message):
    """A screen's part is over: the table moves to ``stage`` (with the save's notes ``meta``; ``after``
    is said with the next screen). The one message of every family's screens: the app hands it to the
    table's driver, which records the stage and routes; screens never open their successor."""

    def __init__(self, stage: str, *, after: str = "", **meta: Any) -> None:
        super().__init__()
        self.stage, self.after, self.meta = stage, after, meta
