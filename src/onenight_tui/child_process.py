"""Helpers for the sound child processes (speech and the background sound): started quietly, stopped
without waiting, PowerShell arguments quoted."""

from __future__ import annotations

import os
import subprocess


def quiet_flags() -> dict:
    """Child processes never open a console window on Windows and never get the terminal's signals."""
    if os.name == "nt":
        return {"creationflags": getattr(subprocess, "CREATE_NO_WINDOW", 0)}
    return {"start_new_session": True}


def terminate(process) -> bool:
    """Ask a running child to stop, never waiting for it. True if it was still running."""
    if process is None or process.poll() is not None:
        return False
    try:
        process.terminate()
    except OSError:
        pass
    return True


def ps_quote(text: str) -> str:
    """A PowerShell single-quoted string literal."""
    return "'" + text.replace("'", "''") + "'"
