"""The behaviour interface every role implements, and a ruleset's behaviour registry.

A registry maps the keys of one ruleset (role ids, group and engine step ids) to behaviours. It is keyed
per ruleset, never by a bare global role id: ``classic``'s seer is not the One Night seer. A ruleset
built on another (``dalbula`` on ``onuw``) starts from a copy of its parent's registry and registers only
the behaviours that differ (``BehaviourRegistry.layered``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar, Protocol, TypeVar

from ..errors import IllegalAction
from ..model.state import GameState
from ..model.values import Action, Prompt, Step, Turn


class Behaviour:
    """How one role (or one group or engine step) acts at night.

    The engine calls ``actors`` when the step begins, ``begin`` when a seat's turn starts (to record what
    the seat sees on waking), ``prompt`` for the choices, and ``act`` with the chosen answer. ``act``
    returns the new state and the seat's next turn (a follow-up choice, a result to show) or None.

    Optional hooks (the class flags ``announces``/``haunts`` say whether a class has them):
    ``announce(g, step) -> g`` runs when the step is called, ghost or not, before anyone acts: what the
    whole table hears (a random instruction drawn with ``rulesets.draws`` and ``public=True``), so it must never
    read who holds what; ``ghost(g, step) -> g`` is what a step nobody acts in still does; ``set_up(g) -> g``
    runs once in ``new_game`` for each role of the table that has it, before the night (set-up draws: the
    Temptress's extra villain card)."""

    key: str = ""
    roles: tuple[str, ...] = ()  # the roles made playable by this behaviour
    # Whether the class has the optional ``announce`` / ``ghost`` hook, worked out once per class: the
    # engine walks every step of every night and reads these flags, where ``hasattr`` raised and cleared
    # an AttributeError for each absent hook.
    announces: ClassVar[bool] = False
    haunts: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.announces = callable(getattr(cls, "announce", None))
        cls.haunts = callable(getattr(cls, "ghost", None))

    extra_center: int = 0  # extra center cards each copy of this role adds (Alpha Wolf)

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        """Default: seats whose night identity is the step's role; a Doppelganger only in its own extra
        step (``dg``); Copycat and Mirror Man copies after the originals (E-27); feared seats never."""
        role, roles, copiers = step.role, g.night_roles, g.copiers
        holders = roles.count(role)  # (one scan, in C)
        if not holders:  # nobody is this role tonight (a ghost step): the common case
            return []
        if step.kind == "dg":
            seats = [s for s in range(g.players) if roles[s] == role and copiers[s] == "doppelganger"]
        elif holders == 1:  # the common case: one seat, nothing to order
            seat = roles.index(role)
            if copiers[seat] == "doppelganger" or seat in g.feared:
                return []
            return [fresh_turn(seat, role, step.id, copiers[seat])]
        else:
            seats = [s for s in range(g.players) if roles[s] == role and copiers[s] != "doppelganger"]
            order = {None: 0, "copycat": 1, "mirror_man": 2}
            seats.sort(key=lambda s: (order.get(copiers[s], 3), s))
        return [fresh_turn(s, role, step.id, copiers[s]) for s in seats if s not in g.feared]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        return g, turn

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        raise NotImplementedError

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        raise IllegalAction(f"{self.key} has no night action")

    def extra_card(self, cards: list[str]) -> str:
        """For a role with ``extra_center``: which card of the deck it lays beside the center before the
        shuffle (Alpha Wolf: the center werewolf card). Raises SetupError when the deck has none."""
        raise NotImplementedError


@lru_cache(maxsize=4096)
def fresh_turn(seat: int, role: str, step: str, copier: str | None = None,
               group: tuple[int, ...] = ()) -> Turn:
    """``Turn(seat, role, step, copier=copier, group=group)``, a turn that has not begun. Turns are
    values and the same few begin in every game of a table, so each is built once (building one is a
    tenth of a night step)."""
    return Turn(seat, role, step, copier=copier, group=group)


class Passive(Behaviour):
    """A role with no night action; its passive lives in resolution."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return []


class StepHooks(Protocol):
    """The optional hooks of a behaviour whose class flags say it has them (``Behaviour.announces``,
    ``Behaviour.haunts``)."""

    def announce(self, g: GameState, step: Step) -> GameState: ...

    def ghost(self, g: GameState, step: Step) -> GameState: ...


B = TypeVar("B", bound=type[Behaviour])


class BehaviourRegistry(dict[str, Behaviour]):
    """One ruleset's behaviours by key (a plain dict underneath: the engine's hot path reads it), and the
    roles they make playable."""

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.playable: set[str] = set()

    @classmethod
    def layered(cls, ruleset: str, parent: BehaviourRegistry) -> BehaviourRegistry:
        """A registry for ``ruleset`` that starts with everything ``parent`` holds; registering a key
        again overrides the parent's behaviour for this ruleset only."""
        reg = cls(ruleset)
        reg.update(parent)
        reg.playable |= parent.playable
        return reg

    def register(self, *keys: str, playable_roles: tuple[str, ...] | None = None) -> Callable[[B], B]:
        """Register a behaviour class under ``keys`` (role ids, or group/engine step ids).

        ``playable_roles`` defaults to the keys that are not group or engine steps."""

        def deco(cls: B) -> B:
            for key in keys:
                behaviour = cls()
                behaviour.key = key
                self[key] = behaviour
            self.playable.update(playable_roles if playable_roles is not None else keys)
            return cls

        return deco

    def behaviour(self, key: str) -> Behaviour:
        try:
            return self[key]
        except KeyError:
            raise IllegalAction(f"no {self.ruleset} behaviour for {key!r}") from None

    def is_playable(self, role_id: str) -> bool:
        return role_id in self.playable
