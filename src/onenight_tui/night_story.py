"""The parts of the story the reveal screen shows: the night, step by step, and the cards that moved.

``onenight_core.play.story`` is the one teller (the command line's logs use it too); the reveal shows its
"Night" section beside its own tables of deaths, winners and cards, so nothing is told twice."""

from __future__ import annotations

from onenight_core.catalog.loader import Catalog
from onenight_core.model.state import GameState
from onenight_core.play.story import CardJourney, journeys, sections


def night_lines(state: GameState, catalog: Catalog | None = None, lang: str = "en") -> list[str]:
    """One line per thing that happened at night, in script order."""
    return [line for section in sections(state, catalog, lang) if section.title == "Night"
            for line in section.lines]


def moved_cards(state: GameState) -> list[CardJourney]:
    """Every card that changed place during the night, with the positions it went through."""
    return [journey for journey in journeys(state) if journey.moved]
