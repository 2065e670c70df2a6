"""The engine: the ``new_game``/``pending``/``apply``/``outcome`` protocol (``protocol``), the night
script built from the wake codes (``script``), what each seat and the table may see (``views``) and the
narrator's script (``narration``).

The package re-exports the protocol so ``from onenight_core.engine import apply`` reads as it always did."""

from .protocol import apply, dawn_game, legal_actions, new_game, outcome, pending, validate_setup

__all__ = ["apply", "dawn_game", "legal_actions", "new_game", "outcome", "pending", "validate_setup"]
