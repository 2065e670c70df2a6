"""The end of a game as the one end screen shows it (``screens/common/end.py``, issue 24): a model with no
family in it, which each table driver builds from its finished game (``TableDriver.ending``)::

    OneNightTable.ending() ── tables/one_night_ending.py ──┐
    ClassicTable.ending()  ── tables/classic/ending.py  ───┴─> Ending ──> EndScreen

* ``headline``: who won (said aloud when the screen opens);
* ``sections``, in order: each an optional ``heading`` and its ``lines`` (plain strings, never markup, or
  rich ``Text`` for the bold and coloured parts), or one rich ``Table`` instead (One Night's players);
  a section's ``tone`` says how its lines read: ``plain``, ``alarm`` (deaths) or ``quiet`` (legends, notes);
* ``keys``: the footer's labels of the end's keys in the table's words, by action (``again``: play again,
  ``setup``: change the set-up); an action left out keeps the app's own words for it;
* ``hint``: a line under the story naming the keys, or None.

Everything on it is public: the game is over. Light: the screen and the drivers import it, rich only for
the types."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from typing import TypeAlias

    from rich.table import Table
    from rich.text import Text

    Line: TypeAlias = "str | Text"

#: How a section's lines read (the end screen gives each its colour).
Tone = Literal["plain", "alarm", "quiet"]

#: The end's actions whose footer labels a driver may word (``Ending.keys``).
ACTIONS = ("again", "setup")


@dataclass(frozen=True)
class Section:
    """A part of the end: an optional heading, then its lines or its one table."""

    heading: str | None = None
    lines: tuple[Line, ...] = ()
    table: Table | None = None
    tone: Tone = "plain"

    def __post_init__(self) -> None:
        assert not (self.lines and self.table is not None), "a section holds lines or one table, not both"


@dataclass(frozen=True)
class Ending:
    """The end of a finished game, for the one end screen."""

    headline: str
    sections: tuple[Section, ...]
    keys: Mapping[str, str] = field(default_factory=dict)
    hint: str | None = None

    def __post_init__(self) -> None:
        assert set(self.keys) <= set(ACTIONS), f"unknown end keys: {sorted(set(self.keys) - set(ACTIONS))}"

    def section(self, heading: str) -> Section:
        """The section under ``heading`` (tests and tools; KeyError when there is none)."""
        for section in self.sections:
            if section.heading == heading:
                return section
        raise KeyError(heading)


__all__ = ["ACTIONS", "Ending", "Section", "Tone"]
