"""What the classic screens need from the app that hosts them (``OneNightApp``), as a type: the table
(``ClassicTable``), the game, the settings, the clock and the few calls they make. Screens read
``host(self)`` instead of the untyped ``self.app``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from onenight_core.rulesets.classic.protocol import ClassicGame

    from .classic_table import ClassicTable
    from .settings import Settings


class ClassicHost(Protocol):
    classic: ClassicTable
    state: ClassicGame
    settings: Settings
    lang: str

    def clock(self) -> float: ...
    def say(self, text: str | None) -> None: ...
    def cue(self, name: str) -> None: ...
    def note(self, **meta: Any) -> None: ...
    def play_again(self) -> None: ...
    def change_setup(self) -> None: ...


def host(screen: Any) -> ClassicHost:
    """The app hosting ``screen``, typed."""
    return cast(ClassicHost, screen.app)
