"""The app behind ``onenight narrate``: it only hosts the narrator screen and quits when it is left. One
app and one screen for every ruleset: the screen reads the ruleset it is given (``ruleset=``, with its
``game_options``: classic's sheriff and events) through the one narration interface.

The game's own app offers the same screen from its start screen (``NarratorScreen()``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual import events
from textual.app import App

from onenight_core.engine.narration import Timing

from onenight_tui.screens.narrator.narrator import NarratorScreen
from onenight_tui.text.app_words import SaysQuitHint
from onenight_tui.text.wrapping import keep_line_breaks


class NarratorApp(SaysQuitHint, App[int]):
    """One screen: the narrator. Leaving it (escape, or cancelling the set-up) quits."""

    TITLE = "onenight narrator"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, roster: Iterable[str] | None = None, lang: str = "en", *, timing: Timing = Timing(),
                 voice: bool | None = None, sound: str | None = None, random_delay: float = 0.0,
                 **screen_options: Any) -> None:
        """``screen_options`` go to ``NarratorScreen`` (``ruleset``, ``game_options``, ``speaker``,
        ``tick_cue``, ``seed``, …)."""
        super().__init__()
        keep_line_breaks()  # Chinese and French lines break where their languages allow (text/wrapping.py)
        self.lang = lang  # the app's words (text/app_words.py); the narrator screen follows its own choice
        self._screen_args: dict[str, Any] = dict(roster=roster, lang=lang, timing=timing, voice=voice, sound=sound,
                                 random_delay=random_delay, **screen_options)

    def on_mount(self, event: events.Mount) -> None:
        self._catch_signals()
        self.push_screen(NarratorScreen(**self._screen_args), self._left)

    def _left(self, _result: None) -> None:
        self.exit(0)

    def _catch_signals(self) -> None:
        """SIGTERM and SIGHUP leave through Textual, as Escape does (``exit_signals``)."""
        from onenight_tui.exit_signals import catch

        self._signals = catch(self._signalled)

    def _signalled(self, number: int) -> None:
        from onenight_tui.exit_signals import release

        release(self._signals)
        self._signals = []
        self.exit(128 + number, return_code=128 + number)

    def on_unmount(self) -> None:
        from onenight_tui.exit_signals import release

        release(getattr(self, "_signals", []))
        self._signals = []

