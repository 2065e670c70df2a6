"""Names ``play/balance.py`` still reads here (``DEFAULT_SHAPES``, ``default_classic_deck``, ``SIDES``), at
their homes since classic's batch statistics joined ``play.simulate.batch``'s one loop (issue 24): the
decks in ``deck.py``, the sides in ``board.py``. Nothing of its own: remove it once that import moves."""

from __future__ import annotations

from .board import SIDES
from .deck import DEFAULT_SHAPES, default_classic_deck

__all__ = ["DEFAULT_SHAPES", "SIDES", "default_classic_deck"]
