"""``crash.txt``: what a bug report needs after a crash, and nothing that spoils the game.

A player who opens the report at the table must learn nothing about the cards. Exception messages
are left out (engine and Textual messages name roles, positions and answers: "p2 is the robber"), and
so are local variables (Textual's own traceback prints them: the whole state). What remains is where
the program was: the exception types and, for each frame, the file, line, function and source line —
enough to find a bug, the same in every game. The file is written like the save: atomically, readable
by its owner only.

The report is in English whatever the table's language: a developer reads it (docs/text.md). The one
line the table sees when the program stops (``crash_line``) is in the table's language."""

from __future__ import annotations

import platform
import sys
import traceback
from pathlib import Path
from typing import Callable

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


def crash_line(words: Callable[..., str], error_type: str, *, resumable: bool, report: Path | None) -> str:
    """The line printed after the app stops on a crash, in the table's language (``words`` is the
    app's ``AppWords``): what happened, whether ``onenight --resume`` continues the game, where the
    report is. The exception's type is a name for a bug report, not a word."""
    parts = [words("crash_stopped", error=error_type)]
    if resumable:
        parts.append(words("crash_resume"))
    if report is not None:
        parts.append(words("crash_report_file", path=str(report)))
    return words("crash_line_separator").join(parts)


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
