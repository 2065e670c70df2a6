"""The table drivers: one per game family, the one router of the hot-seat app.

The app (app.py) keeps the lifecycle — start, resume, quit, the settings, the save file — and holds the
driver of the game on the table (``app.table``). A driver owns its game (the engine state of its family),
answers through it (each answer saved by the app) and maps the table's stage (the save's ``stage``) to
the public screen (``screen``). Screens of every family post the same message, ``TableMove``, when their
part is over; the app hands it to the driver (``move``), which records the stage, does what the step
between two stages asks (One Night closes the day before the vote, classic nothing) and routes::

    OneNightApp ── table_for(ruleset) ──> TableDriver
        route() = open_screen(table.screen())      ├─ OneNightTable (tables/one_night.py: onuw, dalbula)
        on_table_move → table.move(...)      └─ ClassicTable  (tables/classic/: nights and days)

``table_for`` picks the driver by the ruleset's game family (``families.py``), never by a ruleset's id.
A driver holds its game's bots as ``bots`` (``bots.SeatBots``, the one interface the screens ask; None at
a table of humans). Where both families' screens do the same job, one shared screen shows what the driver
gives it: the deal (``deal()``), the private card (``card_face``), the private prompt (``prompt_model``),
the eyes-closed night (``night_calls()``: ``one_night_calls.py``, ``classic/calls.py``), the end of the
game (``ending()``). Screens reach the app and their driver through the typed ``host.py`` (``host``,
``one_night``, ``classic``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..prompt_model import PromptTable

if TYPE_CHECKING:
    from textual.screen import Screen

    from onenight_core.model.state import GameState
    from onenight_core.model.values import Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.classic.protocol import ClassicGame

    from ..app import OneNightApp
    from ..bots import SeatBots
    from ..card_face import CardFace
    from ..ending import Ending
    from ..screens.common.deal import Deal
    from ..screens.common.night import NightCalls


class TableDriver(PromptTable, Protocol):
    """What the app asks of the driver of the game on its table (one per game family), and what the
    shared prompt screen asks of it (``prompt_model.PromptTable``: a seat's prompt, its answer)."""

    #: The game family it drives (``families.ONE_NIGHT``, ``families.NIGHTS_AND_DAYS``).
    family: str

    @property
    def game(self) -> GameState | ClassicGame:
        """The game on the table, as its family's engine holds it."""

    @property
    def stage(self) -> str:
        """Where the table is (the save's ``stage``, read by type and range)."""

    @property
    def bots(self) -> SeatBots | None:
        """The game's bots (``bots.SeatBots``: their claims, suspicions and truth in the same words for
        every family), None at a table of humans."""

    def begin(self, setup: Setup, seed: int, bots: frozenset[int], notes: Mapping[str, object]) -> SavedGame:
        """Deal a new game; returns its save (the table at the deal, with the app's ``notes``)."""

    def resume(self, saved: SavedGame) -> None:
        """Take the game ``saved`` describes (the app holds ``saved`` already)."""

    def screen(self) -> Screen[None]:
        """The public screen for where the table is: the router. A resumed game lands here too, never on a
        private screen."""

    def move(self, stage: str, *, after: str = "", **meta: Any) -> None:
        """A screen's part is over: the table moves to ``stage`` (noted in the save with ``meta``) and the
        app routes. ``after``: a line the next screen says first (a night step's close-your-eyes line)."""

    def bot_seats(self) -> frozenset[int]:
        """The bot seats of the game (none at a table of humans): the same table plays again with them."""

    def help_roles(self) -> tuple[str, ...]:
        """The roles the help screen lists when the screen up has none of its own (public only)."""

    def ending(self) -> Ending:
        """The end of the finished game as the one end screen shows it (``ending.Ending``: its headline,
        its sections, the footer's keys in the table's words); asked only once the game is over."""

    def deal(self) -> Deal:
        """The deal as the shared hand-over screen shows it (``screens/common/deal.py``)."""

    def card_face(self, seat: int) -> CardFace:
        """``seat``'s card as the shared private card screen shows it (``screens/common/card.py``), worked
        out from ``seat``'s view and public facts only."""

    def night_calls(self) -> NightCalls:
        """The night as the shared eyes-closed screen calls it (``screens/common/night.py``): its steps and
        their words, what the key opens, the bots, the time-out (a new one for each eyes-closed screen)."""


def table_for(ruleset: str | None) -> Callable[[OneNightApp], TableDriver]:
    """The driver of the family ``ruleset`` is played by (each is imported when first needed: the set-up
    paints before any engine is loaded)."""
    from ..families import NIGHTS_AND_DAYS, ONE_NIGHT, by_family

    def one_night(app: OneNightApp) -> TableDriver:
        from .one_night import OneNightTable

        return OneNightTable(app)

    def classic(app: OneNightApp) -> TableDriver:
        from .classic import ClassicTable

        return ClassicTable(app)

    return by_family(ruleset, {ONE_NIGHT: one_night, NIGHTS_AND_DAYS: classic})


__all__ = ["TableDriver", "table_for"]
