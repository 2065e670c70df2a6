"""Per-seat views: everything one seat may know, and the public view everyone may see.

Screens render views, never raw state, so "no screen shows a player what is not theirs" is a property
the tests can check on these values."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Sequence

from attrs import field, frozen

from ..ruleset_ids import DEFAULT_RULESET
from ..model.kinds import Phase
from ..model.public import announced
from ..model.values import MarkView, Observation, Prompt, PublicEvent, Step, _tuple
from ..model.outcome import Outcome
from ..model.state import GameState
from .protocol import pending


@frozen
class PublicView:
    """What the whole table may see: names, the roles in play, the night script, public table facts
    (shields, face-up cards), how many votes are in, and — once it is over — the full result."""

    players: tuple[str, ...] = field(converter=_tuple)
    roster: tuple[str, ...] = field(converter=_tuple)
    script: tuple[Step, ...] = field(converter=_tuple)
    phase: str
    shields: tuple[str, ...] = field(converter=_tuple)
    face_up: tuple[tuple[str, str], ...] = field(converter=_tuple)
    votes_in: int
    votes: tuple[tuple[int, ...] | None, ...] | None = None
    outcome: Outcome | None = None
    center: int = 3
    artifacts: tuple[str, ...] = field(default=(), converter=_tuple)  # face-down artifacts, from dawn on
    # what the table heard (steps called, phases, public draws); during the night it runs ahead of the
    # table (the engine walks ghost steps at once): read one step with ``announced``, never show the tail
    heard: tuple[PublicEvent, ...] = field(default=(), converter=_tuple)
    # the rules the table plays by (public): Dalbula's Curator gives tokens where onuw's gives artifacts
    ruleset: str = DEFAULT_RULESET

    def announced(self, index: int) -> tuple[PublicEvent, ...]:
        """The draws announced when step ``index`` of the script was called (``model.public.announced``)."""
        return announced(self.heard, index)


@frozen(slots=False)
class SeatView:
    """What ``seat`` may know: its dealt card, its night identity, what it saw and learned, its own
    pending prompt, and the public view.

    ``view_for`` leaves ``public`` unbuilt until it is first read (``_PublicOnFirstRead``): screens read
    it, bots never do, and in a bot game every vote would otherwise rebuild the public view (its vote
    count changes) only to throw it away. Reading it, comparing or printing a view builds it, so a view
    always equals one built eagerly. ``slots=False`` is what lets the field be filled in later."""

    seat: int
    name: str
    dealt: str
    night_role: str
    observations: tuple[Observation, ...] = field(converter=_tuple)
    prompt: Prompt | None
    public: PublicView
    mark_seen: str | None = None  # the seat's own mark as it last saw it (mark check, Pickpocket); None: never



class _PublicOnFirstRead:
    """``SeatView.public`` of a view from ``view_for``, built when first read and then kept in the
    view's instance dict (which, this being a descriptor without ``__set__``, is read first from then
    on, as it is for a view built eagerly). A descriptor rather than ``__getattr__``: a class with
    ``__getattr__`` sends every attribute read of its instances down CPython's slow path (the bots read
    a view's prompt, cards and observations on every answer: about 2% of a simulated game)."""

    def __get__(self, view: SeatView | None, owner: type) -> Any:
        if view is None:
            return self
        fields = view.__dict__
        lazy = fields.get("_public_of")
        if lazy is None:
            raise AttributeError(f"{type(view).__name__!r} object has no attribute 'public'")
        public = fields["public"] = public_view(lazy)
        return public


# (after attrs made the class, so it is not taken for a default value; ``setattr`` because the checker
# knows the attribute as the field, a ``PublicView``)
setattr(SeatView, "public", _PublicOnFirstRead())  # noqa: B010


def public_view(g: GameState) -> PublicView:
    """The public view of ``g``, built once per state (every seat's view shares it)."""
    cached: PublicView | None = g.public_cache
    if cached is None:
        cached = _public_view(g)
        object.__setattr__(g, "public_cache", cached)  # a cache slot: never part of eq, hash or repr
    return cached


@lru_cache(maxsize=1024)
def _sorted_roster(deck: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(deck))


def _public_view(g: GameState) -> PublicView:
    over = g.phase == "over"
    return PublicView(
        players=g.setup.players,
        # A deck of one brought card per player (Dalbula, docs/rules.md §2.1): the table is those cards and the
        # center the set-up drew; every card in play, whoever holds it, as for a whole deck.
        roster=_sorted_roster(g.setup.deck if len(g.setup.deck) > g.players else tuple(c.role for c in g.cards)),
        script=g.script,
        phase=g.phase,
        shields=tuple(g.pos(i) for i in sorted(g.shields)),
        face_up=tuple((g.pos(i), c.role) for i, c in enumerate(g.cards) if c.face_up),
        votes_in=sum(1 for v in g.votes if v is not None),
        votes=g.votes if over else None,
        outcome=g.outcome if over else None,
        center=g.center_count,
        # everyone sees which cards carry a face-down artifact once their eyes open (not which artifact)
        artifacts=() if g.phase == "night" else tuple(g.pos(s) for s, a in enumerate(g.artifacts) if a),
        heard=g.public,
        ruleset=g.setup.ruleset,
    )


def view_for(g: GameState, seat: int) -> SeatView:
    """Everything ``seat`` may know now."""
    if not 0 <= seat < g.players:
        raise ValueError(f"no seat {seat}")
    prompt = g.prompt
    if prompt is not None and prompt.seat != seat:
        prompt = None
    # Built without ``__init__`` (the values already have their final types) and with ``public`` left
    # to its descriptor (``_PublicOnFirstRead``): this runs once per bot answer, the hottest path of ``simulate``.
    # ``_public_of`` is the state the public view is built from; it is not a field (never compared,
    # printed or exported) and only ``public_view`` reads it.
    log, split = _LAST_SPLIT  # (``_own_observations``'s last split, read here without the call)
    if log is g.observations:
        observations, mark_seen = split.get(seat, _NOTHING_SEEN)
    elif g.phase is _NIGHT:  # (a state's phase is a ``Phase`` member: compared by identity)
        # At night the log grows between two answers, so a split of it by seat would serve one view:
        # this seat's part is picked out alone (the same observations and mark as the split gives).
        observations = tuple([o for o in g.observations if o.seat == seat])
        mark_seen = _mark_seen(observations, f"p{seat}") if observations else None
    else:
        observations, mark_seen = _own_observations(g.observations, seat)
    v = _new(SeatView)
    _set(v, "__dict__", {
        "seat": seat,
        "name": g.setup.players[seat],
        "dealt": g.dealt[seat],
        "night_role": g.night_roles[seat],
        "observations": observations,
        "prompt": prompt,
        "mark_seen": mark_seen,
        "_public_of": g,
    })
    return v


_new = object.__new__
_set = object.__setattr__
_NIGHT = Phase.NIGHT

# The last log of observations split by seat: (the log, {seat: (its observations, the mark it saw)}).
_Split = tuple[tuple[Observation, ...], dict[int, tuple[tuple[Observation, ...], str | None]]]
_LAST_SPLIT: _Split = ((), {})
_NOTHING_SEEN: tuple[tuple[Observation, ...], str | None] = ((), None)


def _own_observations(log: tuple[Observation, ...], seat: int) -> tuple[tuple[Observation, ...], str | None]:
    """``seat``'s own observations in ``log`` and the mark it last saw. The log is shared, unchanged, by
    every state from dawn on (and between night prompts that observe nothing), so the last log is split
    by seat in one pass and kept: the ten votes of a game read it instead of filtering it ten times.
    Keyed by the log's identity; the entry holds the log, so the id cannot be reused."""
    global _LAST_SPLIT
    entry = _LAST_SPLIT
    if entry[0] is not log:
        by_seat: dict[int, list[Observation]] = {}
        marks = False
        for o in log:
            seen = by_seat.get(o.seat)
            if seen is None:
                by_seat[o.seat] = [o]
            else:
                seen.append(o)
            marks = marks or type(o) is MarkView
        # (a seat's position is ``p<seat>``; without a mark seen in the log, nobody saw theirs)
        split = {s: (tuple(seen), _mark_seen(seen, f"p{s}") if marks else None) for s, seen in by_seat.items()}
        entry = _LAST_SPLIT = (log, split)  # a local entry: another thread replacing it cannot mix logs
    return entry[1].get(seat, _NOTHING_SEEN)


def _mark_seen(own_observations: Sequence[Observation], own: str) -> str | None:
    """A seat knows its own mark only from looking at it (the mark check, a Pickpocket's look): marks
    given or moved later stay unknown to it (docs/rules.md §A.5). ``own_observations`` are the seat's
    own, in order; ``own`` is its position."""
    for o in reversed(own_observations):
        if type(o) is MarkView and o.pos == own:
            return o.mark
    return None


DAY = "day"  # ``Step.turns`` of a step played by day (the Mayor's reveal, Dalbula)


def day_step_ids(script: Iterable[Step]) -> frozenset[str]:
    """The ids of the script's steps played by day (public: the script is)."""
    return frozenset(step.id for step in script if step.turns == DAY)


def day_prompt(g: GameState) -> Prompt | None:
    """The pending prompt when it is a day step's (the engine waits on it through the day), else None."""
    p = pending(g)
    if p is None or g.phase != "night" or p.step not in day_step_ids(g.script):
        return None
    return p



