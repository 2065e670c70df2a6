"""What the hot-seat screens need from the app that hosts them (``OneNightApp``), as a type.

Attributes go down, messages come up (app.py): a screen reads the game, the settings, the catalog and
the clock from its host, answers the pending prompt through it and notes where the table is; when its
part is over it posts a message and the app routes. ``host(self)`` is that app, typed — instead of
Textual's ``self.app``, which knows only ``App``. Textual's own API (``push_screen``, ``notify``,
``bell``…) stays on ``self.app``. Classic screens have their own (``classic_host``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.app import App

    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.state import GameState
    from onenight_core.model.values import Action, Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.options import Options

    from .settings import Settings
    from .table_collections import TableCollections
    from .text.app_words import AppWords


class Host(Protocol):
    """The app as the hot-seat screens see it (``OneNightApp`` is one: app.py checks it)."""

    KEY_GUARD_SECONDS: float  # a hand-over ignores keys this long (hand_over.py)
    lang: str
    settings: Settings
    saved: SavedGame | None
    clock: Callable[[], float]  # the night's and the day's clock (tests give a fake one)
    collections: TableCollections

    @property
    def game(self) -> GameState:
        """The game on the table (a game screen is open only while there is one)."""

    @property
    def catalog(self) -> Catalog: ...

    @property
    def given_catalog(self) -> Catalog | None: ...

    @property
    def words(self) -> AppWords: ...

    def answer(self, action: Action) -> GameState: ...

    def note(self, **meta: object) -> None: ...

    def say(self, text: str | None) -> None: ...

    def cue(self, name: str) -> None: ...

    def speech_notice(self) -> None: ...

    def switch_language(self, lang: str, settings: Settings) -> None: ...

    def remember(self, settings: Settings) -> None: ...

    def take_seed(self) -> int | None: ...

    def begin_game(self, setup: Setup, seed: int | None = None) -> None: ...

    def bring_cards(self, players: tuple[str, ...], options: Options = (), brought: tuple[str, ...] = (),
                    *, saved: SavedGame | None = None) -> None: ...

    def note_picks(self, brought: tuple[str, ...]) -> None: ...

    def deal_brought(self, players: tuple[str, ...], brought: tuple[str, ...], options: Options = ()) -> None: ...


class Hosted(Protocol):
    """A screen or a widget (or a mixin of screens: ``hand_over.KeyGuard``)."""

    @property
    def app(self) -> App[object]: ...


def host(node: Hosted) -> Host:
    """The app hosting ``node`` (a screen or a widget of the hot-seat game), typed."""
    return cast("Host", node.app)
