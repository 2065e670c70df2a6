"""Rich consoles for the command line's tables and progress bars.

Rich answers a closed pipe (``onenight roles | head``) with ``SystemExit(1)``; a reader that stops early
is not an error, so these consoles raise ``BrokenPipeError`` instead and ``cli.main`` ends quietly with
status 0, as for plain ``print``."""

from __future__ import annotations

from rich.console import Console


class CommandConsole(Console):
    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError("the reader of the output has gone")
