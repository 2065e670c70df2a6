"""The behaviour interface every role implements, and the registry the engine looks roles up in."""

from __future__ import annotations

from typing import Callable

from ..errors import IllegalAction
from ..model import Action, Prompt, Step, Turn
from ..state import GameState

BEHAVIOURS: dict[str, "Behaviour"] = {}
PLAYABLE: set[str] = set()


class Behaviour:
    """How one role (or one group or engine step) acts at night.

    The engine calls ``actors`` when the step begins, ``begin`` when a seat's turn starts (to record what
    the seat sees on waking), ``prompt`` for the choices, and ``act`` with the chosen answer. ``act``
    returns the new state and the seat's next turn (a follow-up choice, a result to show) or None."""

    key: str = ""
    roles: tuple[str, ...] = ()  # the roles made playable by this behaviour
    extra_center: int = 0  # extra center cards each copy of this role adds (Alpha Wolf)

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        """Default: seats whose night identity is the step's role; a Doppelganger only in its own extra
        step (``dg``); Copycat and Mirror Man copies after the originals (E-27); feared seats never."""
        role = step.role
        if step.kind == "dg":
            seats = [s for s in range(g.players)
                     if g.night_roles[s] == role and g.copiers[s] == "doppelganger"]
        else:
            order = {None: 0, "copycat": 1, "mirror_man": 2}
            seats = sorted(
                (s for s in range(g.players)
                 if g.night_roles[s] == role and g.copiers[s] != "doppelganger"),
                key=lambda s: (order.get(g.copiers[s], 3), s),
            )
        return [Turn(s, role, step.id, copier=g.copiers[s]) for s in seats if s not in g.feared]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        return g, turn

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        raise NotImplementedError

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        raise IllegalAction(f"{self.key} has no night action")


class Passive(Behaviour):
    """A role with no night action; its passive lives in resolution."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return []


def register(*keys: str, playable_roles: tuple[str, ...] | None = None) -> Callable:
    """Register a behaviour class under ``keys`` (role ids, or group/engine step ids).

    ``playable_roles`` defaults to the keys that are not group or engine steps."""

    def deco(cls: type[Behaviour]) -> type[Behaviour]:
        inst = cls()
        for key in keys:
            inst_key = cls()
            inst_key.key = key
            BEHAVIOURS[key] = inst_key
        PLAYABLE.update(playable_roles if playable_roles is not None else keys)
        return cls

    return deco


def behaviour_for(key: str) -> Behaviour:
    try:
        return BEHAVIOURS[key]
    except KeyError:
        raise IllegalAction(f"no behaviour for {key!r}") from None


def playable(role_id: str) -> bool:
    return role_id in PLAYABLE
