"""The garbage collector held while the set-up screen starts (docs/tui.md, "Start-up time").

A start imports Textual and the app and builds the first screen: hundreds of thousands of objects, few
of them garbage, yet each import's objects set off the collector's passes, which walk every object
made so far (~14 ms of a start's CPU). ``commands.play`` holds the collector from before it imports
the app until the set-up screen is complete (``release``, called by ``SetupScreen``) or the app has
ended, whichever comes first; ``OneNightApp.run`` moves what the start built out of its reach
(``gc.freeze``) before it runs again. A collector already off (someone else's choice) is left off."""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Stop the collector until ``release`` (when it is running)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Start the collector again if ``hold`` stopped it (later calls: nothing)."""
    global _held
    if _held:
        _held = False
        gc.enable()
