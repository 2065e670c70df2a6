"""The table of a classic game at one moment: who holds which card, who lives, the lovers, the charms,
the sheriff, the potions, the elder's lives and everything each seat has learned. A ``Board`` is an
immutable value: every rule returns a new one (``Board.but``), so any moment of a game can be kept,
compared and shown."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from attrs import field, fields, frozen

from ...model.messages import Message
from ...model.values import Action, CardView, Event, Learned, PublicEvent, _tuple
from .catalog import classic_catalog
from .seating import clockwise_after

Observation = CardView | Learned


#: The sides a classic game can end with, in the order a batch or the advisor reports them.
SIDES = ("villagers", "werewolves", "piper", "lovers", "none")


def side_of(role: str) -> str:
    """``werewolves``, ``villagers`` or ``piper`` (docs/resolution.md 4.2)."""
    return classic_catalog().side(role)


@frozen
class Board:
    """Statuses of docs/resolution.md 4.1.4 plus the game's records (events, public events, knowledge)."""

    roles: tuple[str, ...] = field(converter=_tuple)       # the card in front of each seat now
    center: tuple[str, ...] = field(converter=_tuple)      # the thief's two middle cards (night 1)
    composition: frozenset[str]                            # every card of the deck: the slots called
    alive: tuple[bool, ...] = field(converter=_tuple)
    round: int = 1
    phase: str = "night"                                   # night, day, over
    lovers: tuple[int, ...] = field(default=(), converter=_tuple)
    charmed: frozenset[int] = frozenset()
    sheriff: int | None = None
    revealed_idiots: frozenset[int] = frozenset()
    powerless: frozenset[int] = frozenset()
    elder_lives: int = 2
    last_protected: int | None = None
    protected: int | None = None                           # this night's protection
    caught: int | None = None                              # the little girl caught spying this night
    potions: tuple[bool, bool] = (True, True)              # life, death
    voters_next_day: frozenset[int] | None = None          # a scapegoat's choice, for one day
    event_deck: tuple[str, ...] = field(default=(), converter=_tuple)  # New Moon events still to reveal
    next_night_event: str | None = None                    # an event card acting during the next night
    day_event: str | None = None                           # an event card acting during this day
    active_events: frozenset[str] = frozenset()            # event cards acting for the rest of the game
    events_fixed: bool = False                             # the event deck's order is given (a scenario)
    allies: frozenset[int] = frozenset()                   # werewolf allies (the werewolf_ally event)
    rebound: int | None = None                             # the werewolf the Backfire event kills at dawn
    specter: tuple[int, str] | None = None                 # the Specter's werewolf (dies at dawn) and the card shown
    executioner: int | None = None                         # the New Moon card's Executioner: sees voted-out cards
    events: tuple[Event, ...] = field(default=(), converter=_tuple)
    public: tuple[PublicEvent, ...] = field(default=(), converter=_tuple)
    observations: tuple[Observation, ...] = field(default=(), converter=_tuple)
    deaths: tuple[tuple[str, tuple[int, ...]], ...] = field(default=(), converter=_tuple)
    seen: tuple[tuple[str, int, int, str], ...] = field(default=(), converter=_tuple)
    spied: tuple[tuple[str, int, tuple[int, ...]], ...] = field(default=(), converter=_tuple)
    ended_after: str | None = None
    winners: tuple[int, ...] = field(default=(), converter=_tuple)
    winning_side: str | None = None                        # werewolves, villagers, piper, lovers, or None
    reason: str = ""                                       # an id: nobody_alive, lovers, piper, ...

    # -- reading ------------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.roles)

    @property
    def label(self) -> str:
        """``night2``, ``day1``: the round's label in scenario files and in the story."""
        return f"{'day' if self.phase == 'day' else 'night'}{self.round}"

    def living(self) -> tuple[int, ...]:
        return tuple(s for s, a in enumerate(self.alive) if a)

    def this_round(self) -> tuple[Event, ...]:
        """The events logged since the current round began (tonight's, at night); all of them before
        the first round."""
        starts = [i for i, e in enumerate(self.events) if e.kind == "round"]
        return self.events[starts[-1] + 1:] if starts else self.events

    def holders(self, role: str) -> tuple[int, ...]:
        return tuple(s for s, r in enumerate(self.roles) if r == role)

    def living_holder(self, role: str) -> int | None:
        """The living seat holding ``role`` with its powers, or None (the slot is then a no-op)."""
        for s in self.holders(role):
            if self.alive[s] and s not in self.powerless:
                return s
        return None

    def side(self, seat: int) -> str:
        return side_of(self.roles[seat])

    def wolves(self) -> tuple[int, ...]:
        """Living werewolf-side seats: the pack."""
        return tuple(s for s in self.living() if self.side(s) == "werewolves")

    def last_dead(self) -> int | None:
        """The player who died last (the event log's latest death), or None before any death."""
        for e in reversed(self.events):
            if e.kind == "death" and e.seat is not None:
                return e.seat
        return None

    def clockwise_from_last_dead(self) -> tuple[int, ...]:
        """The living in seat order clockwise from the left of the last player who died (seed 004 steps
        8 and 9: who speaks first, who is asked first), from seat 0 before anyone died."""
        return clockwise_after(self.players, self.living(), self.last_dead())

    def lover_of(self, seat: int) -> int | None:
        if seat in self.lovers:
            return self.lovers[1 - self.lovers.index(seat)]
        return None

    def mixed_couple(self) -> bool:
        """One lover on the werewolves' side and one not (4.2)."""
        return len(self.lovers) == 2 and \
            (self.side(self.lovers[0]) == "werewolves") != (self.side(self.lovers[1]) == "werewolves")

    # -- writing ------------------------------------------------------------------------------------

    def but(self, **changes: Any) -> Board:
        """The board with ``changes`` (``attrs.evolve``'s result, built through the same ``__init__`` and
        its converters: every field read in one call, the changed ones replaced by position — a bot
        game makes one of these at every step, and ``evolve`` walked the fields one by one)."""
        values = list(_FIELD_VALUES(self))
        for name, value in changes.items():
            index = _FIELD_INDEX.get(name)
            if index is None:
                raise TypeError(f"Board has no field {name!r}")
            values[index] = value
        return Board(*values)

    def log(self, step: str, kind: str, seat: int | None = None, role: str | None = None,
            action: Action | None = None, detail: Message | None = None) -> Board:
        return self.but(events=self.events + (Event(step, kind, seat, role, action, (), detail),))

    def tell(self, kind: str, ident: str, **params: str | int) -> Board:
        """Something the whole table hears (ids and parameters, never prose)."""
        return self.but(public=self.public + (PublicEvent(kind, ident, tuple(sorted(params.items()))),))

    def learn(self, *observations: Observation) -> Board:
        return self.but(observations=self.observations + observations)

    def kill(self, seats: list[int] | tuple[int, ...]) -> Board:
        alive = list(self.alive)
        for s in seats:
            alive[s] = False
        return self.but(alive=tuple(alive))


# ``Board.but``'s tables: every field in ``__init__``'s order (all of them are positional init arguments)
_FIELD_NAMES = tuple(a.name for a in fields(Board))
assert all(a.init and not a.kw_only and a.alias == a.name for a in fields(Board))
_FIELD_VALUES = attrgetter(*_FIELD_NAMES)
_FIELD_INDEX = {name: i for i, name in enumerate(_FIELD_NAMES)}
