"""The night screens' bot hooks, where they import them from (``screens/one_night/night.py``: ``bots_act``).

The bots at the table are the package ``bots/`` (one interface, ``bots.SeatBots``; One Night's
``bots/one_night.py``, classic's ``bots/classic.py``). This module only names the night hooks for the
eyes-closed screens being merged into one; it goes once they import from ``bots/``."""

from __future__ import annotations

from .bots.classic import night_bots_act, step_over
from .bots.one_night import bots_act

__all__ = ["bots_act", "night_bots_act", "step_over"]
