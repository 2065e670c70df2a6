"""The behaviour interface every role implements, and the registry the engine looks roles up in."""

from __future__ import annotations

from typing import Callable

from ....catalog.loader import default_catalog
from ....errors import IllegalAction
from ....model.values import Action, Prompt, Step, Turn
from ....model.state import GameState

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

    def extra_card(self, cards: list[str]) -> str:
        """For a role with ``extra_center``: which card of the deck it lays beside the center before the
        shuffle (Alpha Wolf: the center werewolf card). Raises SetupError when the deck has none."""
        raise NotImplementedError


class Passive(Behaviour):
    """A role with no night action; its passive lives in resolution."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return []


def register(*keys: str, playable_roles: tuple[str, ...] | None = None) -> Callable:
    """Register a behaviour class under ``keys`` (role ids, or group/engine step ids).

    ``playable_roles`` defaults to the keys that are not group or engine steps."""

    def deco(cls: type[Behaviour]) -> type[Behaviour]:
        for key in keys:
            inst_key = cls()
            inst_key.key = key
            BEHAVIOURS[key] = inst_key
        PLAYABLE.update(playable_roles if playable_roles is not None else keys)
        return cls

    return deco


def _by_table_order(deck) -> list[str]:
    """The roles of ``deck`` that add extra center cards, in roster order (roles.md §2.1, S0 table)."""
    catalog = default_catalog()
    extra = {r for r in deck if r in BEHAVIOURS and BEHAVIOURS[r].extra_center}
    return sorted(extra, key=lambda r: (catalog[r].number if r in catalog else 0, r))


def set_aside(deck) -> tuple[list[str], list[str]]:
    """Split ``deck`` into the cards that are shuffled and dealt, and the extra center cards that roles
    lay beside the center (slots c3, c4, ... in that order). Decks without such roles are unchanged."""
    cards, aside = list(deck), []
    for role in _by_table_order(deck):
        for _ in range(list(deck).count(role) * BEHAVIOURS[role].extra_center):
            card = BEHAVIOURS[role].extra_card(cards)
            cards.remove(card)
            aside.append(card)
    return cards, aside


def extra_slots(deck, players: int, base_center: int = 3) -> dict[str, tuple[int, ...]]:
    """The table indices of the extra center slots each role adds (the layout ``set_aside`` deals)."""
    out, index = {}, players + base_center
    for role in _by_table_order(deck):
        count = list(deck).count(role) * BEHAVIOURS[role].extra_center
        out[role] = tuple(range(index, index + count))
        index += count
    return out


def behaviour_for(key: str) -> Behaviour:
    try:
        return BEHAVIOURS[key]
    except KeyError:
        raise IllegalAction(f"no behaviour for {key!r}") from None


def playable(role_id: str) -> bool:
    return role_id in PLAYABLE
