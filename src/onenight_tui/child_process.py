"""Helpers for the only child processes left in the sound code, the optional platform voices
(``sound.platform_voice``): started quietly, PowerShell arguments quoted. Speech with the bundled voice
and all playback happen in-process."""

from __future__ import annotations

import os
import subprocess


def quiet_flags() -> dict[str, object]:
    """Child processes never open a console window on Windows and never get the terminal's signals."""
    if os.name == "nt":
        return {"creationflags": getattr(subprocess, "CREATE_NO_WINDOW", 0)}
    return {"start_new_session": True}


def ps_quote(text: str) -> str:
    """A PowerShell single-quoted string literal."""
    return "'" + text.replace("'", "''") + "'"
