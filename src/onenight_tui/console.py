"""Rich consoles for the command line's tables and progress bars.

Rich answers a closed pipe (``onenight roles | head``) with ``SystemExit(1)``; a reader that stops early
is not an error, so these consoles raise ``BrokenPipeError`` instead and ``cli.main`` ends quietly with
status 0, as for plain ``print``. Making one also makes Rich's wrapping keep Chinese and French lines whole
(``text/wrapping.py``): the tables' cells wrap there.

``print_wrapped`` prints the long lines of stories and scripts: a terminal cuts a line wherever its edge
falls, in the middle of a word or before "。", so on a terminal they are wrapped at its width first, each
wrapped line under the first one's indent. Into a pipe or a file they go unchanged, one line each."""

from __future__ import annotations

import sys
from typing import Any

from rich.console import Console
from rich.text import Text

from .text.wrapping import keep_line_breaks


class CommandConsole(Console):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        keep_line_breaks()
        super().__init__(*args, **kwargs)

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError("the reader of the output has gone")


def print_wrapped(text: str) -> None:
    """``print(text)``, wrapped at the terminal's width when the output is a terminal."""
    if not sys.stdout.isatty():
        print(text)
        return
    console = CommandConsole(highlight=False)
    for line in text.split("\n"):
        body = line.lstrip(" ")
        indent = line[: len(line) - len(body)]
        if not body:
            print(line)
            continue
        for part in Text(body).wrap(console, max(console.width - len(indent), 20)):
            print(indent + part.plain.rstrip())
