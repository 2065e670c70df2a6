"""SIGTERM (``kill``) and SIGHUP (the terminal window closed) end an app as its quit key does.

Without a handler Python dies at once on either: Textual never leaves the alternate screen, mouse
reporting stays on, the cursor hidden — with whatever was on screen (a private card) still there. With
one, the event loop calls ``leave(number)`` (the game saves there first) and the app exits through
Textual, which gives the terminal back; the status is 128 + the signal's number, as a shell reports it."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable

#: The signals that end an app like its quit key.
EXIT_SIGNALS = ("SIGTERM", "SIGHUP")


def catch(leave: Callable[[int], None]) -> list[int]:
    """Have the running event loop call ``leave(number)`` on each exit signal; the numbers caught
    (none where the loop cannot take signals: Windows, or not the main thread)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return []
    caught = []
    for name in EXIT_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            loop.add_signal_handler(number, leave, int(number))
        except (NotImplementedError, RuntimeError, ValueError):
            continue
        caught.append(int(number))
    return caught


def release(numbers: list[int]) -> None:
    """Give the signals back to their defaults."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    for number in numbers:
        try:
            loop.remove_signal_handler(number)
        except (NotImplementedError, RuntimeError, ValueError):
            pass
