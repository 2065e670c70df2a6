"""The parts of the story the reveal screen shows (kept for the screens' imports): see ``text.story``."""

from __future__ import annotations

from .text.story import moved_cards, night_lines

__all__ = ["moved_cards", "night_lines"]
