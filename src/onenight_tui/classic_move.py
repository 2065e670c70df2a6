"""The one message of the classic screens: their part of the round is over, the table moves on. The app
records the stage in the save and routes (``classic_table.ClassicTable.move``); screens never open their
successor."""

from __future__ import annotations

from typing import Any

from textual.message import Message


class ClassicMove(Message):
    """A classic screen's part is over: the table moves to ``stage`` (with the save's notes ``meta``)."""

    def __init__(self, stage: str, **meta: Any) -> None:
        super().__init__()
        self.stage, self.meta = stage, meta
