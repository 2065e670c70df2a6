"""The bots at the table (issue 26; one interface, issue 24): seats no human sits in, played by the claiming
bots of the game's family, inside a hot-seat game.

Every table driver (tables/) holds its game's bots as ``table.bots``: an object of this one interface,
``SeatBots``, or None at a table of humans. The screens ask it, in the same words for every family::

    table.bots ── SeatBots ──┬─ OneNightBots  (bots/one_night.py: onuw, dalbula; core play/table_bots.py)
                             └─ ClassicBots   (bots/classic.py: nights and days; core play/classic_claims.py)

* **Who is a bot** (``bot_seats.py``, light: the set-up reads it): ``@Name`` in the names field is a bot
  seat called Name, ``@bot`` one with the language's next default name. The save keeps the bot seats as a
  note (``bots``: "2,3"); a save without it is a table of humans. ``seats``: which seats are bots (public).
* **Start, resume**: ``start(table, seats)`` when the driver has dealt (the bots and the save's note),
  ``resume(table, saved)`` for a resumed game (the game replayed from the save and its bots rebuilt on the
  way): the same set-up, seed and human answers give the same bot answers, claims and ballots.
* **By day** (the day screen's panel): ``claim_lines`` (what the bots claimed, as spoken, with the humans'
  claims the table entered where a family has them) under ``claims_title``; "who do you suspect?" goes
  round ``suspects`` (the bots one may ask, in the order asked) and ``suspicion_line`` is the answer.
* **The end** (the reveal, classic's end): ``truth_lines`` under ``truth_title``: per bot, what it
  claimed and whether it was true.

What only one family has stays a method of its implementation (the screens that call it are that family's
own): One Night's night answers, entered human claims and secret ballots (``OneNightBots``), classic's
night answers, public answers and ballot lines (``ClassicBots``, ``bots.classic``). Light: the
implementations are imported when a game is dealt or resumed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from typing import Self

    from onenight_core.play.saves import SavedGame


@runtime_checkable
class SeatBots(Protocol):
    """What the screens ask of the bots at a table (``table.bots``), whatever the game family."""

    @property
    def seats(self) -> frozenset[int]:
        """The bot seats (public: the hand-overs skip them)."""

    @classmethod
    def start(cls, table: Any, seats: frozenset[int]) -> tuple[Self | None, dict[str, str]]:
        """The bots of ``table``'s game, just dealt (None when no seat is a bot), and the save's note for them.
        (``table``: the family's driver.)"""

    @classmethod
    def resume(cls, table: Any, saved: SavedGame) -> tuple[Any, Self | None]:
        """The game ``saved`` describes and its bots (None: a save without bot seats), for ``table``'s
        family: one replay of the save, the bots as they were live."""

    def claims_title(self) -> str:
        """The day panel's title (the bots' claims; the table's when humans' claims were entered)."""

    def claim_lines(self) -> list[str]:
        """The day panel's claims, one line each, in the order they are spoken (``Robot 1: “I am …”``)."""

    def suspects(self) -> tuple[int, ...]:
        """The bots "who do you suspect?" may be asked of now, in the order the day screen asks them."""

    def suspicion_line(self, seat: int) -> str:
        """Bot ``seat``'s answer to "who do you suspect?" (asking changes nothing)."""

    def truth_title(self) -> str:
        """The end's heading over ``truth_lines``."""

    def truth_lines(self) -> list[str]:
        """The end: per bot (and per human whose claims were entered), what it claimed and whether it was
        true."""


__all__ = ["SeatBots"]
