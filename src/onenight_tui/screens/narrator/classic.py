"""The narrator for a classic table with physical cards (``onenight narrate --ruleset classic``): the one
narrator screen (``NarratorScreen``) reading the classic ruleset's narration through the one interface
(``narration_for``) — its timers, pause, repeat, skip and back, and, since that narration ``goes_on``,
night after night: when a day is over and the table has voted, Enter reads the next night (the
first-night slots only on night 1). What stays here is only what this screen shows differently: its deck
is a classic one (no One Night set-up screen to choose it), and F1 explains the classic cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import evolve

from .narrator import NarratorScreen


class ClassicNarratorScreen(NarratorScreen):
    help_classic = True  # F1 explains the classic cards

    def __init__(self, deck: tuple[str, ...], lang: str = "en", *, ruleset: str,
                 game_options: Mapping[str, object] | None = None, **options: Any) -> None:
        super().__init__(roster=None, lang=lang, ruleset=ruleset, game_options=game_options, **options)
        self.deck = tuple(deck)
        self.choice = evolve(self.choice, roster=self.deck)
        self._set_narration(self._narrate(self.deck, lang))
        self.phase = "ready"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "setup":
            return False  # the set-up screen chooses One Night cards
        return super().check_action(action, parameters)

    def help_roles(self) -> tuple[str, ...]:
        return ()  # the help screen explains One Night cards
