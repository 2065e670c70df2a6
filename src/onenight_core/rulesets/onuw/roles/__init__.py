"""Role behaviour, keyed by role id (and by step id for group and engine steps).

Each module registers its behaviours with ``@register``. A role in the catalog without a registered
behaviour is listed as not yet playable (``playable``), never silently dropped."""

from __future__ import annotations

from .registry import BEHAVIOURS, PLAYABLE, Behaviour, Passive, behaviour_for, playable, register

# Importing the modules registers their behaviours.
from . import base  # noqa: E402,F401
from . import passive  # noqa: E402,F401
from . import daybreak, bonus  # noqa: E402,F401
from . import vampire  # noqa: E402,F401
from . import villains, heroes, lab, nostradamus  # noqa: E402,F401
from . import aliens, oracle, ripple  # noqa: E402,F401
from . import told, groups  # noqa: E402,F401

__all__ = ["BEHAVIOURS", "PLAYABLE", "Behaviour", "Passive", "behaviour_for", "playable", "register"]
