"""The game state: one immutable value. Every transition returns a new one (``attrs.evolve``)."""

from __future__ import annotations

from typing import Any

from attrs import evolve, field, frozen

from .values import Card, Event, Prompt, Setup, Step, Turn, _tuple
from .positions import pos_name

CLARITY = "mark_of_clarity"


@frozen(slots=False)
class GameState:
    """Everything about a game in progress.

    * ``cards`` are in table order: seat 0..N-1, then the center c0, c1, c2 and extra slots.
    * ``night_roles`` is each seat's night identity (the dealt role, or the role it copied); ``copiers``
      says which copier (doppelganger/copycat/mirror_man) a seat is when it copied.
    * ``marks`` and ``artifacts`` are player-bound; ``shields`` sit on table indices.
    * ``observations`` is everything every seat saw and learned, in order; ``events`` the event log.
    * ``prompt`` and ``outcome`` are derived once per transition and cached here.
    """

    setup: Setup
    seed: int
    cards: tuple[Card, ...] = field(converter=_tuple)
    dealt: tuple[str, ...] = field(converter=_tuple)
    night_roles: tuple[str, ...] = field(converter=_tuple)
    copiers: tuple[str | None, ...] = field(converter=_tuple)
    marks: tuple[str, ...] = field(converter=_tuple)
    artifacts: tuple[str | None, ...] = field(converter=_tuple)
    shields: frozenset[int] = frozenset()
    feared: frozenset[int] = frozenset()
    script: tuple[Step, ...] = ()
    step_index: int = 0
    turn: Turn | None = None
    queue: tuple[Turn, ...] = ()
    phase: str = "night"  # night | vote | over
    votes: tuple[tuple[int, ...] | None, ...] = ()
    observations: tuple = ()
    events: tuple[Event, ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()
    prompt: Prompt | None = field(default=None, eq=False)
    outcome: Any = field(default=None, eq=False)
    # Derived once at construction and carried by ``replace`` (they never change during a game).
    players: int = field(init=False, eq=False, repr=False)
    positions: tuple[str, ...] = field(init=False, eq=False, repr=False)
    # A cache of the public view; ``replace`` drops it when a public fact changes.
    public_cache: Any = field(init=False, eq=False, repr=False, default=None)

    def __attrs_post_init__(self) -> None:
        players = len(self.setup.players)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "positions", tuple(pos_name(i, players) for i in range(len(self.cards))))

    # -- derived facts -------------------------------------------------------------------------------

    @property
    def center_count(self) -> int:
        return len(self.cards) - self.players

    def pos(self, index: int) -> str:
        return self.positions[index]

    def get(self, key: str, default: Any = None) -> Any:
        """A role-specific fact stored in ``extra`` (Nostradamus's team, Alpha Wolf slots, ...)."""
        for k, v in self.extra:
            if k == key:
                return v
        return default

    def with_extra(self, key: str, value: Any) -> "GameState":
        items = [(k, v) for k, v in self.extra if k != key]
        items.append((key, value))
        return evolve(self, extra=tuple(sorted(items, key=lambda kv: kv[0])))

    def replace(self, **changes: Any) -> "GameState":
        """``attrs.evolve`` without re-running converters: the engine's hot path (several times faster).

        Callers pass values of the right type (tuples, frozensets), as every transition does. The
        instance dict is copied in one C-level operation (that is why the class keeps a ``__dict__``);
        the public-view cache is carried over only while no public fact changes."""
        new = _new(GameState)
        d = self.__dict__.copy()
        d.update(changes)
        if d["public_cache"] is not None and not _PUBLIC_FIELDS.isdisjoint(changes):
            d["public_cache"] = None  # a public fact changed: the next public_view rebuilds it
        _set(new, "__dict__", d)
        return new

    def table_roles(self) -> tuple[str, ...]:
        """The printed role of each position now, players first (a debugging aid and test helper)."""
        return tuple(c.role for c in self.cards)


# The fields the public view is built from (views.public_view); any other change keeps its cache.
_PUBLIC_FIELDS = frozenset({"setup", "script", "phase", "shields", "cards", "votes", "outcome", "artifacts"})
_new = object.__new__
_set = object.__setattr__
