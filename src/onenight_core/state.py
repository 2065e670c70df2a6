"""The game state: one immutable value. Every transition returns a new one (``attrs.evolve``)."""

from __future__ import annotations

from typing import Any

from attrs import evolve, field, frozen

from .model import Card, Event, Prompt, Setup, Step, Turn, _tuple
from .positions import pos_name

CLARITY = "mark_of_clarity"


@frozen
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

    # -- derived facts -------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.setup.players)

    @property
    def center_count(self) -> int:
        return len(self.cards) - self.players

    def pos(self, index: int) -> str:
        return pos_name(index, self.players)

    def card_at(self, index: int) -> Card:
        return self.cards[index]

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

    @property
    def current_step(self) -> Step | None:
        if self.phase == "night" and self.step_index < len(self.script):
            return self.script[self.step_index]
        return None

    def replace(self, **changes: Any) -> "GameState":
        """``attrs.evolve`` without re-running converters: the engine's hot path (several times faster).

        Callers pass values of the right type (tuples, frozensets), as every transition does."""
        return _fast_replace(self, **changes)

    def table_roles(self) -> tuple[str, ...]:
        """The printed role of each position now, players first (a debugging aid and test helper)."""
        return tuple(c.role for c in self.cards)


def _make_fast_replace():
    """Generate a ``replace`` function with one keyword per field: a plain function call and direct slot
    writes, instead of evolve's generic field loop."""
    from attrs import fields

    names = [a.name for a in fields(GameState)]
    args = ", ".join(f"{n}=_MISSING" for n in names)
    body = "".join(f"    _set(new, {n!r}, self.{n} if {n} is _MISSING else {n})\n" for n in names)
    src = f"def _fast_replace(self, *, {args}):\n    new = _new(_cls)\n{body}    return new\n"
    namespace = {"_MISSING": object(), "_set": object.__setattr__, "_new": object.__new__, "_cls": GameState}
    exec(src, namespace)  # noqa: S102 — generated from our own field names only
    return namespace["_fast_replace"]


_fast_replace = _make_fast_replace()
