"""The one game interface every ruleset implements and every driver uses, and the one loop over it.

In the spirit of OpenSpiel's ``Game``/``State``: a ``GameRules`` makes a game value from a set-up and a
seed (``new_game``), says what is pending (``pending``: whose prompt, the legal answers in a fixed order,
or None once the game is over), applies an answer (``apply``: validates it, returns a new game, never
mutates one), shows a seat's view and the public view, and gives the outcome (who died when, who won
and why). Rounds and phases (one night for One Night; nights and days for classic) are the ruleset's
business behind it, and so are the types of its game, views and outcome: a driver passes them back to
the same rules (or to the presenters registered for its ``family``), never looks inside them itself.

Every ruleset reaches its rules the same way: ``engine.game.rules_for(setup)`` — the ruleset's own game
(``Ruleset.game``, classic's) or the One Night engine its behaviours, script and resolver plug into
(onuw, dalbula). ``drive`` is the loop: bots, ``simulate``, saves and the scenario player run through it
or through ``pending``/``apply`` one answer at a time (the app, the scenario player's steps)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from .values import Action, Prompt, Setup

G = TypeVar("G")

#: An answering function: the game as it stands and its pending prompt -> one of the prompt's options
#: (a bot reads only what the prompt's seat may know: its view, ``GameRules.view_for``).
AnswerFn = Callable[[G, Prompt], Action]


class GameRules(Protocol[G]):
    """How a game of one family is played, one answer at a time (see the module docstring).

    ``family`` names the engine behind it (``one_night``, ``nights_and_days``): what the drivers key their own
    per-family parts on (bot policies, presenters), never a ruleset's id."""

    @property
    def family(self) -> str: ...

    def new_game(self, setup: Setup, seed: int = 0, deal: Sequence[str] | None = None) -> G:
        """A new game of ``setup``; its deal shuffled from ``seed`` unless ``deal`` gives every card in
        table order. One clear line (SetupError) for a set-up the ruleset cannot play."""
        ...

    def pending(self, game: G) -> Prompt | None:
        """The prompt to answer now (its seat, its legal answers in a fixed order), None once over."""
        ...

    def apply(self, game: G, answer: Action) -> G:
        """The game after ``answer``; IllegalAction (nothing changes) for an answer not offered."""
        ...

    def unlisted(self, game: G) -> tuple[Action, ...]:
        """Answers the pending prompt also takes besides its options, which no player picks from a list
        (classic: a joint step's ``turn``, a timed step's ``timeout``); () for most games."""
        ...

    def is_over(self, game: G) -> bool: ...

    def view_for(self, game: G, seat: int) -> object:
        """Everything ``seat`` may know now (its card, what it learned, its own prompt, the public view)."""
        ...

    def public_view(self, game: G) -> object:
        """What the whole table sees now."""
        ...

    def outcome(self, game: G) -> object | None:
        """Who died when, who won and why, once the game is over; None before."""
        ...


@runtime_checkable
class JointTurns(Protocol[G]):
    """What rules with joint steps add to ``GameRules`` (optional; classic's implement it, One Night's do
    not: there one prompt is open at a time). In a joint step several seats may answer, in whatever order
    they take the laptop (classic's pack naming its victim): the pending prompt is one member's, and
    another member still to answer may take his turn first. A driver checks it with ``isinstance``.

    Taking a turn is an answer like any other (the rules' unlisted ``turn``): a save records it and a
    resumed game asks the same seat again."""

    def waiting(self, game: G) -> tuple[int, ...]:
        """The seats that may answer now: every member of the joint step still to answer, else the one
        asked; () once the game is over."""
        ...

    def take_turn(self, game: G, seat: int) -> G:
        """The game with ``seat``'s prompt pending: ``game`` itself when it already is, else the game
        after ``seat`` took his turn; IllegalAction for a seat not in ``waiting(game)``."""
        ...


def drive(rules: GameRules[G], game: G, answer: AnswerFn[G]) -> G:
    """THE loop: answer every prompt of ``game`` with ``answer`` until the game is over; the final game.
    An answer the prompt does not offer raises IllegalAction (``rules.apply`` checks it)."""
    pending, apply = rules.pending, rules.apply
    while (prompt := pending(game)) is not None:
        game = apply(game, answer(game, prompt))
    return game


__all__ = ["AnswerFn", "GameRules", "JointTurns", "drive"]
