"""onenight_core — the pure One Night engine. It never imports textual or rich.

The protocol (design.md)::

    state = new_game(setup, seed)
    while (prompt := pending(state)) is not None:
        state = apply(state, answer)
    result = outcome(state)
"""

from .catalog.loader import Catalog, RoleInfo, default_catalog, load_catalog_file
from .engine.protocol import apply, dawn_game, legal_actions, new_game, outcome, pending, validate_setup
from .errors import (CatalogError, IllegalAction, OneNightError, SaveError, ScenarioError,
                     SetupError)
from .model.values import Action, Card, CardView, Event, Learned, MarkView, Move, Prompt, Setup, Step, Turn
from .rulesets.onuw.resolution import Outcome
from .model.state import GameState, RoleFacts
from .engine.views import PublicView, SeatView, public_view, view_for

__all__ = [
    "Action", "Card", "CardView", "Catalog", "CatalogError", "Event", "GameState", "IllegalAction",
    "Learned", "MarkView", "Move", "OneNightError", "Outcome", "Prompt", "PublicView", "RoleInfo",
    "RoleFacts", "SaveError", "ScenarioError", "SeatView", "Setup", "SetupError", "Step", "Turn", "apply",
    "dawn_game", "default_catalog", "legal_actions", "load_catalog_file", "new_game", "outcome", "pending",
    "public_view", "validate_setup", "view_for",
]
