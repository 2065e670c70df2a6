"""What the hot-seat screens need from the app that hosts them (``OneNightApp``) and from the driver of
the game on its table (tables/), as types.

Attributes go down, messages come up (app.py): a screen reads the settings, the catalog and the clock
from its host and notes where the table is; it reads the game from its family's driver and answers the
pending prompt through it (``one_night(self)``, ``classic(self)``); when its part is over it posts
``tables.TableMove`` and the driver routes. ``host(self)`` is that app, typed — instead of Textual's
``self.app``, which knows only ``App``. Textual's own API (``push_screen``, ``notify``, ``bell``…) stays
on ``self.app``. Every family's screens use this one module."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

from .families import NIGHTS_AND_DAYS, ONE_NIGHT

if TYPE_CHECKING:
    from textual.app import App

    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.values import Setup
    from onenight_core.play.saves import SavedGame

    from .settings import Settings
    from .table_collections import TableCollections
    from .tables import TableDriver
    from .tables.classic import ClassicTable
    from .tables.one_night import OneNightTable
    from .text.app_words import AppWords


class Host(Protocol):
    """The app as the hot-seat screens see it (``OneNightApp`` is one: app.py checks it)."""

    KEY_GUARD_SECONDS: float  # a hand-over ignores keys this long (hand_over.py)
    lang: str
    settings: Settings
    saved: SavedGame | None
    clock: Callable[[], float]  # the night's and the day's clock (tests give a fake one)
    collections: TableCollections
    table: TableDriver | None  # the driver of the game on the table (tables/); None between games

    @property
    def catalog(self) -> Catalog: ...

    @property
    def given_catalog(self) -> Catalog | None: ...

    @property
    def words(self) -> AppWords: ...

    def note(self, **meta: object) -> None: ...

    def say(self, text: str | None) -> None: ...

    def cue(self, name: str) -> None: ...

    def speech_notice(self) -> None: ...

    def switch_language(self, lang: str, settings: Settings) -> None: ...

    def remember(self, settings: Settings) -> None: ...

    def take_seed(self) -> int | None: ...

    def begin_game(self, setup: Setup, seed: int | None = None, bots: frozenset[int] = frozenset()) -> None: ...

    def play_again(self) -> None: ...

    def change_setup(self) -> None: ...


class Hosted(Protocol):
    """A screen or a widget (or a mixin of screens: ``hand_over.KeyGuard``)."""

    @property
    def app(self) -> App[object]: ...


def host(node: Hosted) -> Host:
    """The app hosting ``node`` (a screen or a widget of the hot-seat game), typed."""
    return cast("Host", node.app)


def one_night(node: Hosted) -> OneNightTable:
    """The driver of the One Night game on the table of ``node``'s app (its screens are open only then)."""
    table = host(node).table
    assert table is not None and table.family == ONE_NIGHT, "no One Night game on the table"
    return cast("OneNightTable", table)


def classic(node: Hosted) -> ClassicTable:
    """The driver of the classic game on the table of ``node``'s app (its screens are open only then)."""
    table = host(node).table
    assert table is not None and table.family == NIGHTS_AND_DAYS, "no classic game on the table"
    return cast("ClassicTable", table)
