"""The game state: one immutable value. Every transition returns a new one, made one way:
``GameState.replace``."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from attrs import evolve, field, frozen

from .kinds import Phase
from .positions import pos_name
from .values import Card, Event, Observation, PhaseRecord, Prompt, PublicEvent, Setup, Step, Turn, _tuple

CLARITY = "mark_of_clarity"


@frozen
class RoleFacts:
    """Facts that a role leaves for a later step or for the resolution, each typed and named (they
    used to be an untyped ``extra`` bag of (name, value) pairs). Seats are table indices."""

    # (seat, couple id) of each Mark of Love holder, sorted (marks.py keeps them in step with the marks)
    couples: tuple[tuple[int, int], ...] = field(default=(), converter=_tuple)
    # the seat the vampires (or a vampire copy) marked tonight, once they have
    vampire_mark: int | None = None
    # how many artifacts the Curators have drawn from the game's shuffled pool
    artifacts_drawn: int = 0
    # each Blob's members as offsets from the Blob's seat (docs/resolution.md, O49)
    blob_members: tuple[tuple[int, tuple[int, ...]], ...] = field(default=(), converter=_tuple)
    # the team Nostradamus predicted
    nostradamus_team: str | None = None
    # each Nostradamus card's predicted team, by card id: the prediction is card-bound (docs/rules.md #42), so
    # a Doppelganger-Nostradamus's card carries its own (resolution W8 reads it before nostradamus_team)
    predictions: tuple[tuple[int, str], ...] = field(default=(), converter=_tuple)
    # -- the Alien expansion (docs/rules.md #1, #16, D.8) --
    # the Oracle answered "yes" to the ripple question: the ripple draws without "none"
    ripple_forced: bool = False
    # the game's one ripple (at most one per game, even when the night repeats): its D.8 entry once drawn,
    # its actors (actor 1, actor 2) and the seats its identifier designates
    ripple: str | None = None
    ripple_actors: tuple[int, ...] = field(default=(), converter=_tuple)
    ripple_set: tuple[int, ...] = field(default=(), converter=_tuple)
    # seats a silence ripple silenced for the day
    silenced: tuple[int, ...] = field(default=(), converter=_tuple)
    # the Empath step being called: the seats its group names and its question (docs/rules.md D.7)
    empath_group: tuple[int, ...] = field(default=(), converter=_tuple)
    empath_question: int = 0
    # where a repeated night began (the ripple repeat_night): how many events and observations came before
    night_repeated_at: tuple[int, int] | None = None
    # -- Dalbula (docs/rules.md #5) --
    # each Sleepwalker's (seat, center table index) swap at -7X, in the order they took: Z1 swaps them back
    sleepwalker_slots: tuple[tuple[int, int], ...] = field(default=(), converter=_tuple)
    # seats the aliens' "convert" made Aliens at the player level (L5, above tokens), and seats that took the
    # alien team's win condition without being aliens (the aliens' "recruit", the Oracle's alien_exchange "no")
    alien_converted: tuple[int, ...] = field(default=(), converter=_tuple)
    alien_recruited: tuple[int, ...] = field(default=(), converter=_tuple)


@frozen(slots=False)
class GameState:
    """Everything about a game in progress.

    * ``cards`` are in table order: seat 0..N-1, then the center c0, c1, c2 and extra slots.
    * ``night_roles`` is each seat's night identity (the dealt role, or the role it copied); ``copiers``
      says which copier (doppelganger/copycat/mirror_man) a seat is when it copied.
    * ``marks`` and ``artifacts`` are player-bound; ``shields`` sit on table indices.
    * ``observations`` is everything every seat saw and learned, in order; ``events`` the event log;
      ``public`` what the whole table heard (``PublicEvent``: phases, steps called, public draws).
    * ``phase`` and ``round`` say where the game is in its ruleset's phase machine; ``records`` keep what
      each finished phase left (its ballot); ``dead`` the seats that died (``alive`` the others).
    * ``facts`` are the typed facts roles leave for later (couples, the vampires' mark, ...).
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
    # always a ``Phase`` member (the converter makes sure), so the engine compares phases by identity
    phase: Phase = field(default=Phase.NIGHT, converter=Phase)
    round: int = 1
    votes: tuple[tuple[int, ...] | None, ...] = ()
    observations: tuple[Observation, ...] = ()
    events: tuple[Event, ...] = ()
    public: tuple[PublicEvent, ...] = ()
    records: tuple[PhaseRecord, ...] = ()
    dead: frozenset[int] = frozenset()
    facts: RoleFacts = RoleFacts()
    # every random draw made so far, as (stream, value), in order (rulesets.draws): the counter of a
    # stream's next draw, and what the story and the scenario checker read
    drawn: tuple[tuple[str, Any], ...] = ()
    prompt: Prompt | None = field(default=None, eq=False)
    outcome: Any = field(default=None, eq=False)
    # Derived once at construction and carried by ``replace`` (they never change during a game).
    players: int = field(init=False, eq=False, repr=False)
    positions: tuple[str, ...] = field(init=False, eq=False, repr=False)
    # A cache of the public view; ``replace`` drops it when a public fact changes.
    public_cache: Any = field(init=False, eq=False, repr=False, default=None)
    # (the turn, the behaviour that runs it) of the turn ``engine.protocol._start`` last began: ``apply``
    # reads the behaviour of the answered turn here instead of looking it up again (a derived cache, like
    # ``prompt``; checked against ``turn`` by identity, so a stale entry is never used)
    actor: Any = field(init=False, eq=False, repr=False, default=None)

    def __attrs_post_init__(self) -> None:
        players = len(self.setup.players)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "positions", _positions(players, len(self.cards)))
        # The instance dict attrs filled shares its keys with the class (CPython's split table). Every
        # later state copies its dict (``replace``), and an attribute of a split-table dict is read down
        # CPython's generic path, several times slower than the specialised read of an ordinary dict: a
        # game reads its states' fields hundreds of times. So the state keeps an ordinary (combined)
        # copy, and so do all the states made from it.
        object.__setattr__(self, "__dict__", dict(self.__dict__))

    # -- derived facts -------------------------------------------------------------------------------

    @property
    def center_count(self) -> int:
        return len(self.cards) - self.players

    def pos(self, index: int) -> str:
        return self.positions[index]

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats still alive, in seat order."""
        return tuple(s for s in range(self.players) if s not in self.dead)

    def with_facts(self, **changes: Any) -> "GameState":
        """The next state with some role facts changed (``RoleFacts`` field names; a wrong name is a
        TypeError, not a silent new key)."""
        return self.replace(facts=evolve(self.facts, **changes))

    def replace(self, **changes: Any) -> "GameState":
        """``attrs.evolve`` without re-running converters: the engine's hot path (several times faster).

        Callers pass values of the right type (tuples, frozensets), as every transition does."""
        return self.changed(changes)

    def changed(self, changes: dict[str, Any]) -> "GameState":
        """``replace`` with the changes in a dict the caller built: the engine's transitions gather their
        changes in one, and passing it as keyword arguments packed and unpacked it again on every prompt
        of every game (~1% of a simulated game). The instance dict is copied in one C-level operation
        (that is why the class keeps a ``__dict__``); the public-view cache is carried over only while no
        public fact changes."""
        new = _new(GameState)
        d = self.__dict__.copy()
        d.update(changes)
        if d["public_cache"] is not None and not _PUBLIC_FIELDS.isdisjoint(changes):
            d["public_cache"] = None  # a public fact changed: the next public_view rebuilds it
        _set(new, "__dict__", d)
        return new

    def _complete(self, changes: dict[str, Any]) -> "GameState":
        """Write ``changes`` into this state itself and return it: the engine's way to finish a state
        that it made in the same transition and that nobody else has seen yet (``engine.protocol``'s
        ``fresh`` states). A transition used to make a new state for each of its stages (the step
        called, the turn begun, its prompt), three copies per prompt of which the caller saw one; now
        it copies once and completes that copy. Never call it on a state a caller may hold: states
        are values, and this is the one place that writes into one."""
        d = self.__dict__
        d.update(changes)
        if d["public_cache"] is not None and not _PUBLIC_FIELDS.isdisjoint(changes):
            d["public_cache"] = None  # a public fact changed: the next public_view rebuilds it
        return self

    def table_roles(self) -> tuple[str, ...]:
        """The printed role of each position now, players first (a debugging aid and test helper)."""
        return tuple(c.role for c in self.cards)


@lru_cache(maxsize=256)
def _positions(players: int, table: int) -> tuple[str, ...]:
    """The position names of a table (the same for every game of a set-up)."""
    return tuple(pos_name(i, players) for i in range(table))


# The fields the public view is built from (views.public_view); any other change keeps its cache.
_PUBLIC_FIELDS = frozenset({"setup", "script", "phase", "shields", "cards", "votes", "outcome", "artifacts", "public"})
_new = object.__new__
_set = object.__setattr__
