"""``crash.txt``: what a bug report needs after a crash, and nothing that spoils the game.

A player who opens the report at the table must learn nothing about the cards. Exception messages
are left out (engine and Textual messages name roles, positions and answers: "p2 is the robber"), and
so are local variables (Textual's own traceback prints them: the whole state). What remains is where
the program was: the exception types and, for each frame, the file, line, function and source line —
enough to find a bug, the same in every game. The file is written like the save: atomically, readable
by its owner only."""

from __future__ import annotations

import platform
import sys
import traceback
from pathlib import Path

from onenight_core.file_io import write_atomic


def crash_text(error: BaseException) -> str:
    """The report for ``error``: versions, then each exception of the chain with its frames, no message."""
    lines = ["onenight crash report",
             f"python {platform.python_version()} on {sys.platform}",
             "Exception messages and values are left out: they could show the cards.", ""]
    chain: list[BaseException] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen and len(chain) < 8:
        seen.add(id(current))
        chain.append(current)
        current = current.__cause__ or (None if current.__suppress_context__ else current.__context__)
    for number, exc in enumerate(reversed(chain)):
        if number:
            lines.append("which led to:")
        lines.append(f"{type(exc).__module__}.{type(exc).__qualname__}")
        for frame in traceback.extract_tb(exc.__traceback__):
            lines.append(f'  File "{_short_path(frame.filename)}", line {frame.lineno}, in {frame.name}')
            if frame.line:
                lines.append(f"    {frame.line.strip()}")
    return "\n".join(lines) + "\n"


def write_crash_report(path: str | Path, error: BaseException) -> Path | None:
    """Write ``crash_text(error)`` to ``path`` (atomic, 0600); None when the disk refuses."""
    path = Path(path)
    try:
        write_atomic(path, crash_text(error).encode("utf-8"))
    except OSError:
        return None
    return path


def _short_path(filename: str) -> str:
    """A source path from the package folder on (no home folder, no user name in the report)."""
    parts = Path(filename).parts
    for anchor in ("onenight_tui", "onenight_core", "textual", "rich", "attrs"):
        if anchor in parts:
            return "/".join(parts[parts.index(anchor):])
    return Path(filename).name
