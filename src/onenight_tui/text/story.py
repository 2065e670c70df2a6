"""The story of a game in words: ``onenight_core.play.story``'s messages, worded by the text layer.

The command line (``simulate``, ``replay``) and the reveal screen all read the story from here, so a
game is told the same way everywhere and in every language."""

from __future__ import annotations

from onenight_core.catalog.loader import Catalog
from onenight_core.model.state import GameState
from onenight_core.play.story import CardJourney, journeys, sections

from .words import Wording


def tell(state: GameState, catalog: Catalog | None = None, lang: str = "en") -> list[str]:
    """The readable story as plain text lines: each section's title, then its lines indented by two
    spaces. No markup, no control characters (names are cleaned), one line per line."""
    words = Wording(state.setup.players, catalog, lang)
    lines: list[str] = []
    for section in sections(state, catalog):
        lines.append(words.text(f"section_{section.title}"))
        lines.extend("  " + words.say(line) for line in section.lines)
    return lines


def night_lines(state: GameState, catalog: Catalog | None = None, lang: str = "en") -> list[str]:
    """One line per thing that happened at night, in script order (the reveal's "The night")."""
    words = Wording(state.setup.players, catalog, lang)
    return [words.say(line) for section in sections(state, catalog) if section.title == "night"
            for line in section.lines]


def moved_cards(state: GameState) -> list[CardJourney]:
    """Every card that changed place during the night, with the positions it went through."""
    return [journey for journey in journeys(state) if journey.moved]


__all__ = ["moved_cards", "night_lines", "tell"]
