"""Rich consoles for the command line's tables and progress bars.

Rich answers a closed pipe (``onenight roles | head``) with ``SystemExit(1)``; a reader that stops early
is not an error, so these consoles raise ``BrokenPipeError`` instead and ``cli.main`` ends quietly with
status 0, as for plain ``print``. Making one also makes Rich's wrapping keep Chinese and French lines whole
(``text/wrapping.py``): the tables' cells wrap there."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from .text.wrapping import keep_line_breaks


class CommandConsole(Console):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        keep_line_breaks()
        super().__init__(*args, **kwargs)

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError("the reader of the output has gone")
