"""The values of a game: cards, actions, prompts, views, the set-up (``values``), the immutable game state
(``state``), table positions (``positions``) and the seeded random streams (``rng``).

Nothing here knows a role's rules; the rulesets and the engine build on these. The package re-exports the
values so ``from onenight_core.model import Setup`` reads as it always did."""

from .values import (DONE, PASS, Action, Card, CardView, Event, Learned, MarkView, Move, Prompt, Setup, Step,
                     Turn)

__all__ = ["DONE", "PASS", "Action", "Card", "CardView", "Event", "Learned", "MarkView", "Move", "Prompt",
           "Setup", "Step", "Turn"]
