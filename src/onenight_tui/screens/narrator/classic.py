"""The narrator for a classic table with physical cards (``onenight narrate --ruleset classic``): the
One Night narrator screen reading a classic night instead (``text.classic_script.classic_narration``) — its
timers, pause, repeat, skip and back — and going on night after night: when a day is over and the table
has voted, Enter reads the next night (the first-night slots only on night 1)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from attrs import evolve
from textual.widgets import Static

from onenight_core.engine.narration import Narration

from ...text.classic_script import classic_narration, spoken_langs
from .narrator import NarratorScreen


class ClassicNarratorScreen(NarratorScreen):
    help_classic = True  # F1 explains the classic cards
    def __init__(self, deck: tuple[str, ...], lang: str = "en", game_options: Mapping[str, object] | None = None,
                 **options: Any) -> None:
        super().__init__(roster=None, lang=lang, **options)
        self.deck = tuple(deck)
        self.game_options = dict(game_options or {})  # classic options: the sheriff's election, the events
        self.nights = 1
        self.choice = evolve(self.choice, roster=self.deck)
        self._set_narration(self._narrate(self.deck, lang))
        self.phase = "ready"

    def _narrate(self, roster: Any, lang: str) -> Narration:
        return classic_narration(self.deck, lang, self.nights, self.game_options)

    def _set_narration(self, narration: Narration) -> None:
        self.narration = narration
        self._langs = spoken_langs(narration)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "setup":
            return False  # the set-up screen chooses One Night cards
        if action == "start":
            return self.phase in ("ready", "over")  # after a day's vote: the next night
        if action == "back" and self.cue is not None and self.cue.kind == "start":
            return False  # a night's first step: the day before it is over (its vote is done)
        return super().check_action(action, parameters)

    async def action_start(self) -> None:  # type: ignore[override]
        if self.phase != "over":
            super().action_start()
            return
        assert self.narration is not None
        if self.cue_index + 1 >= len(self.narration.cues):
            await self._next_night()
        self.phase = "night"
        self.paused = False
        self._last = time.monotonic()
        self._start_cue(self.cue_index + 1)

    async def _next_night(self) -> None:
        """Add the next night (and its day) to the narration and to the list of steps."""
        assert self.narration is not None
        before = len(self.narration.cues)
        self.nights += 1
        self._set_narration(self._narrate(self.deck, self.choice.lang))
        rows = [Static(f"{i}. {cue.title}", classes="narrator-step")
                for i, cue in enumerate(self.narration.cues[before:], before + 1)]
        self._rows += rows
        await self.query_one("#narrator-steps").mount_all(rows)

    def help_roles(self) -> tuple[str, ...]:
        return ()  # the help screen explains One Night cards
