"""The One Night engine behind the one game interface (``model.game.GameRules``), and ``rules_for``:
the rules a driver plays a set-up with.

A ruleset that brings its own game (``Ruleset.game``: classic's nights and days) is played by it; every
other ruleset (onuw, dalbula) plugs its behaviours, night script, phases and resolver into this engine
(``engine.protocol``), so the drivers never ask which ruleset they play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..model.game import GameRules
from ..model.outcome import Outcome
from ..model.state import GameState
from ..model.values import Action, Setup
from ..rulesets import ruleset_for
from ..rulesets.ruleset import Ruleset
from .protocol import apply, new_game, pending
from .views import PublicView, SeatView, public_view, view_for


class OneNightRules:
    """``GameRules`` over ``engine.protocol`` and ``engine.views``: one night, one vote."""

    family = "one_night"

    def new_game(self, setup: Setup, seed: int = 0, deal: Sequence[str] | None = None) -> GameState:
        return new_game(setup, seed, deal=deal)

    # the protocol's own functions, not wrappers: ``drive`` calls them once per prompt of every game
    # ``simulate`` plays
    pending = staticmethod(pending)
    apply = staticmethod(apply)

    def unlisted(self, game: GameState) -> tuple[Action, ...]:
        return ()

    def is_over(self, game: GameState) -> bool:
        return game.prompt is None

    def view_for(self, game: GameState, seat: int) -> SeatView:
        return view_for(game, seat)

    def public_view(self, game: GameState) -> PublicView:
        return public_view(game)

    def outcome(self, game: GameState) -> Outcome | None:
        result: Outcome | None = game.outcome
        return result


ONE_NIGHT = OneNightRules()


def rules_of(ruleset: Ruleset) -> GameRules[Any]:
    """The rules ``ruleset`` is played by: its own game, else the One Night engine."""
    own: GameRules[Any] | None = ruleset.game
    return own if own is not None else ONE_NIGHT


def rules_for(setup: Setup | str) -> GameRules[Any]:
    """The rules a set-up (or a ruleset id) is played by; one clear line for an unknown ruleset."""
    return rules_of(ruleset_for(setup if isinstance(setup, str) else setup.ruleset))


__all__ = ["ONE_NIGHT", "OneNightRules", "rules_for", "rules_of"]
