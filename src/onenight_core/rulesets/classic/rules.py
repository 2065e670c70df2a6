"""Classic's game behind the one game interface (``model.game.GameRules``): ``Ruleset.game`` of the
classic ruleset. It is ``protocol.py`` (``new_game``/``pending``/``apply``/``outcome``/``view_for``/
``public_view``, and the joint steps' ``waiting``/``take_turn`` (``model.game.JointTurns``) over the rules
of ``game.py``), imported on first use: the registry lists every ruleset
at each start of the app, and only a classic game needs the classic engine (docs/tui.md, "Start-up time")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...model.values import Action, Prompt, Setup

if TYPE_CHECKING:
    from ...model.game import JointTurns
    from .protocol import ClassicGame, ClassicOutcome, ClassicPublicView, ClassicSeatView


class ClassicRules:
    """``GameRules`` of classic Werewolf: many nights and days, one answer at a time; and ``JointTurns``
    (the pack names its victim in a joint step, each werewolf when he takes the laptop)."""

    family = "nights_and_days"

    def new_game(self, setup: Setup, seed: int = 0, deal: Sequence[str] | None = None) -> ClassicGame:
        from .protocol import new_game

        return new_game(setup, seed, deal=deal)

    def pending(self, game: ClassicGame) -> Prompt | None:
        return game.prompt

    @property
    def apply(self) -> Callable[[ClassicGame, Action], ClassicGame]:
        """``protocol.apply`` itself (``drive`` reads it once per game and calls it once per answer)."""
        from .protocol import apply

        return apply

    def unlisted(self, game: ClassicGame) -> tuple[Action, ...]:
        from .protocol import unlisted

        return unlisted(game)

    def is_over(self, game: ClassicGame) -> bool:
        return game.prompt is None

    def waiting(self, game: ClassicGame) -> tuple[int, ...]:
        from .protocol import waiting

        return waiting(game)

    def take_turn(self, game: ClassicGame, seat: int) -> ClassicGame:
        from .protocol import take_turn

        return take_turn(game, seat)

    def view_for(self, game: ClassicGame, seat: int) -> ClassicSeatView:
        from .protocol import view_for

        return view_for(game, seat)

    def public_view(self, game: ClassicGame) -> ClassicPublicView:
        from .protocol import public_view

        return public_view(game)

    def outcome(self, game: ClassicGame) -> ClassicOutcome | None:
        from .protocol import outcome

        return outcome(game)


CLASSIC_RULES = ClassicRules()

if TYPE_CHECKING:  # mypy checks the optional joint-turn protocol here (``GameRules`` where the ruleset is built)
    _JOINT: JointTurns[ClassicGame] = CLASSIC_RULES

__all__ = ["CLASSIC_RULES", "ClassicRules"]
