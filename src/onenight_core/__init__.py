"""onenight_core — the pure One Night engine. It never imports textual or rich.

The protocol (docs/design.md)::

    state = new_game(setup, seed)
    while (prompt := pending(state)) is not None:
        state = apply(state, answer)
    result = outcome(state)

The names below are imported on first use (PEP 562), not with the package: importing a small module
such as ``onenight_core.file_io`` must not load the whole engine (~80 ms), since the app reads its
settings through it before its first screen (docs/tui.md, "Start-up time"). The first of them loads the
ruleset registry too (``rulesets``, which every ``Setup`` is checked against), as importing the package
did; code that imports ``onenight_core.model.values`` directly and builds a ``Setup`` imports the engine
or ``onenight_core.rulesets`` first (``Setup`` says so when it was not)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .catalog.loader import Catalog, RoleInfo, default_catalog, load_catalog_file
    from .engine.game import rules_for
    from .engine.protocol import apply, dawn_game, legal_actions, new_game, outcome, pending, validate_setup
    from .engine.views import PublicView, SeatView, public_view, view_for
    from .errors import CatalogError, IllegalAction, OneNightError, SaveError, ScenarioError, SetupError
    from .model.game import GameRules, drive
    from .model.state import GameState, RoleFacts
    from .model.values import Action, Card, CardView, Event, Learned, MarkView, Move, Prompt, Setup, Step, Turn
    from .model.outcome import Outcome

# Each public name and the module that defines it.
_HOMES = {
    **dict.fromkeys(("Catalog", "RoleInfo", "default_catalog", "load_catalog_file"), ".catalog.loader"),
    **dict.fromkeys(("apply", "dawn_game", "legal_actions", "new_game", "outcome", "pending", "validate_setup"),
                    ".engine.protocol"),
    **dict.fromkeys(("PublicView", "SeatView", "public_view", "view_for"), ".engine.views"),
    "rules_for": ".engine.game",
    **dict.fromkeys(("GameRules", "drive"), ".model.game"),
    **dict.fromkeys(("CatalogError", "IllegalAction", "OneNightError", "SaveError", "ScenarioError",
                     "SetupError"), ".errors"),
    **dict.fromkeys(("GameState", "RoleFacts"), ".model.state"),
    **dict.fromkeys(("Action", "Card", "CardView", "Event", "Learned", "MarkView", "Move", "Prompt", "Setup",
                     "Step", "Turn"), ".model.values"),
    "Outcome": ".model.outcome",
}

__all__ = [
    "Action", "Card", "CardView", "Catalog", "CatalogError", "Event", "GameRules", "GameState", "IllegalAction",
    "Learned", "MarkView", "Move", "OneNightError", "Outcome", "Prompt", "PublicView", "RoleInfo",
    "RoleFacts", "SaveError", "ScenarioError", "SeatView", "Setup", "SetupError", "Step", "Turn", "apply",
    "dawn_game", "default_catalog", "drive", "legal_actions", "load_catalog_file", "new_game", "outcome", "pending",
    "public_view", "rules_for", "validate_setup", "view_for",
]


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use, and keep the name here for the next time."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import_module(".rulesets", __name__)  # the registry every Setup is checked against
    value = getattr(import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
