"""Small immutable value objects the engine's state and protocol are made of.

Their reprs are valid Python (``Action(verb='look', targets=('p3',))``), so a failing test or a bug report
can paste them straight back into code."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from attrs import field, frozen

from ..errors import SetupError
from ..ruleset_ids import DEFAULT_RULESET
from .kinds import PromptKind
from .messages import Message, say

_new = object.__new__
_set = object.__setattr__


if TYPE_CHECKING:
    def _tuple(value: Iterable[Any]) -> tuple[Any, ...]:
        """The converter of every tuple field."""
else:
    # At run time the converter is the builtin itself, so that a field given a tuple (as the engine
    # always does) costs one C call, not a Python call (these values are built on every prompt); the
    # checker sees the function above (the attrs plugin wants a named function as a converter).
    _tuple = tuple


DrawValue = str | int | bool | tuple[str, ...]


def _pins(value: Any) -> tuple[tuple[str, DrawValue], ...]:
    """Pinned draws given as a mapping or as pairs, as sorted pairs; lists become tuples."""
    pairs = value.items() if hasattr(value, "items") else value
    return tuple(sorted((str(k), tuple(v) if isinstance(v, (list, tuple)) else v) for k, v in pairs))


def _options(value: Any) -> tuple[tuple[str, bool | int | str], ...]:
    """Options given as a mapping or as pairs, as pairs (``Setup`` validates and sorts them)."""
    return tuple(value.items()) if hasattr(value, "items") else tuple(tuple(pair) for pair in value)


# How a set-up's ruleset and options are checked: ``(ruleset id, options) -> every option, validated``.
# The ruleset registry (``onenight_core.rulesets``) installs it when it is imported: the values sit below
# the rulesets and never import them (no import circle, not even a lazy one).
SetupCheck = Callable[[str, Any], tuple[tuple[str, bool | int | str], ...]]
_SETUP_CHECK: list[SetupCheck] = []


def check_setups_with(check: SetupCheck) -> None:
    _SETUP_CHECK[:] = [check]


@frozen(cache_hash=True)  # resolution looks identities up by card: hash each (shared) card once
class Card:
    """A physical card. Card-bound state travels with it when it moves (docs/design.md)."""

    id: int
    role: str
    copied: str | None = None  # a Doppelganger/Copycat/Mirror Man copy, or a P.I.'s change
    face_up: bool = False
    alienized: bool = False
    # the team the Oracle's "yes" switched this card to (werewolf / vampire / alien; docs/rules.md #1): card-bound
    team_switch: str | None = None


@frozen
class Action:
    """One answer to a prompt: a verb with its target positions and an optional value."""

    verb: str
    targets: tuple[str, ...] = field(default=(), converter=_tuple)
    value: str | None = None

    def __str__(self) -> str:
        parts = [self.verb, *self.targets]
        if self.value is not None:
            parts.append(self.value)
        return " ".join(parts)


DONE = Action("done")
_DONE_ONLY = (DONE,)  # (the options of every prompt that only shows something)

# The option tuples handed out by ``shared_options``: by value (the canonical tuple of each value) and
# by identity (to recognise a canonical tuple without hashing its options).
_OPTIONS_BY_VALUE: dict[tuple[Action, ...], tuple[Action, ...]] = {}
_OPTIONS_BY_ID: dict[int, tuple[Action, ...]] = {}


def shared_options(options: Iterable[Action]) -> tuple[Action, ...]:
    """The one shared tuple equal to ``options``. A prompt whose options are built per prompt (an
    Empath's respondent pointing, a Nostradamus's looks) would otherwise fill the caches keyed by an
    option tuple's identity (the engine's check of an answer, the bots' choices, ``common.choice``'s
    prompts) with a new entry each time: their memory grew over a batch until they were cleared.
    Interned, each value of options is one tuple and one entry. A tuple that is already the shared one
    is recognised by its identity alone (the table holds it, so its id cannot be reused)."""
    if _OPTIONS_BY_ID.get(id(options)) is options:
        return options  # (it is the shared tuple)
    value = options if type(options) is tuple else tuple(options)
    shared = _OPTIONS_BY_VALUE.get(value)
    if shared is None:
        if len(_OPTIONS_BY_VALUE) > 16384:  # bounded: a set-up offers far fewer distinct option tuples
            _OPTIONS_BY_VALUE.clear()
            _OPTIONS_BY_ID.clear()
        shared = _OPTIONS_BY_VALUE[value] = value
        _OPTIONS_BY_ID[id(value)] = value
    return shared
PASS = Action("pass")


@frozen
class CardView:
    """``seat`` viewed the card at ``pos`` and saw ``role`` (its effective role at that moment)."""

    seat: int
    pos: str
    role: str
    step: str = ""


@frozen
class MarkView:
    """``seat`` viewed the mark at ``pos``."""

    seat: int
    pos: str
    mark: str
    step: str = ""


@frozen
class Learned:
    """``seat`` learned that the players at ``who`` are ``as_`` (eyes, thumbs, taps)."""

    seat: int
    who: tuple[str, ...] = field(converter=_tuple)
    as_: str
    step: str = ""


@frozen
class ArtifactView:
    """``seat`` looked at the artifact on its card (``pos``) at the end of the night (docs/rules.md §A.5 Z3):
    private, like a ``MarkView``. The Curator's artifacts are onuw's (``rulesets.onuw.artifacts``), but
    the view is an observation like the others, so ``Observation`` names it."""

    seat: int
    pos: str
    artifact: str
    step: str = ""


Observation = CardView | MarkView | Learned | ArtifactView


@frozen
class Move:
    """A card moved from one position to another (the reveal traces each card's journey)."""

    card: int
    src: str
    dst: str


@frozen(slots=False)  # built several times per game, read only by the story: see below
class Event:
    """One entry of the event log, which the reveal screen tells as a story.

    Its fields live in an instance dict (``slots=False``): attrs then fills a frozen instance with dict
    stores instead of one ``object.__setattr__`` call per field, a third cheaper to build (a bot game
    builds several events and reads none). It is as immutable as the other values."""

    step: str
    kind: str  # "act", "ghost", "vote", "death", "wake", ...
    seat: int | None = None
    role: str | None = None
    action: Action | None = None
    moves: tuple[Move, ...] = field(default=(), converter=_tuple)
    detail: Message | None = None  # the engine's note on it (``became``, a death's cause), as ids


@frozen
class PublicEvent:
    """Something the whole table hears, as an id and parameters (no prose): a phase begins, a night step
    is called (ghost steps too: the table cannot tell them apart), a random draw everyone learns. The
    narrator and the eyes-closed screen read these from the game instead of rebuilding them."""

    kind: str  # a model.kinds.PublicKind
    id: str
    params: tuple[tuple[str, str | int], ...] = field(default=(), converter=_tuple)


@frozen
class PhaseRecord:
    """What one finished phase of one round left behind: its ballot (one entry per seat, the seats
    each voted for; ``None`` for a seat that did not vote), empty for a phase without a vote."""

    phase: str  # a model.kinds.Phase
    round: int
    votes: tuple[tuple[int, ...] | None, ...] = field(default=(), converter=_tuple)


@frozen  # (slots: read on every prompt, and a slot is the cheapest attribute to read)
class Turn:
    """One seat's turn inside a step. ``stage`` and ``memo`` let a multi-choice turn (Witch, P.I.) span
    several prompts without the engine holding mutable state."""

    seat: int
    role: str
    step: str
    stage: str = "start"
    memo: tuple[Any, ...] = field(default=(), converter=_tuple)
    copier: str | None = None
    info: tuple[Observation, ...] = field(default=(), converter=_tuple)
    group: tuple[int, ...] = field(default=(), converter=_tuple)
    # The prompt that shows this turn's ``info`` (``shown``), built on first use and kept with the turn:
    # most turns are shared between games (``fresh_turn``, ``at``), and so is their prompt. A cache,
    # never compared, hashed or printed.
    shown_prompt: Any = field(default=None, init=False, eq=False, repr=False, hash=False)

    def at(self, stage: str, *, info: tuple[Observation, ...] | None = None,
           memo: tuple[Any, ...] | None = None) -> Turn:
        """This turn at ``stage`` (with new ``info``/``memo`` when given): ``attrs.evolve`` for the one
        change every turn makes, built directly because it happens on most prompts of every game.

        Turns are values: the common case, a shared turn (``fresh_turn``) shown one shared observation
        and nothing to remember (the wolves meeting, the Insomniac's look), is the same turn in every
        game of a table, so it is built once (keyed by the identities of the turn and the observation;
        the entry holds both, so neither id can be reused)."""
        memo = self.memo if memo is None else memo
        if info is not None and len(info) == 1 and not memo:
            seen = info[0]
            key = (id(self), stage, id(seen))
            entry = _TURNS_AT.get(key)
            if entry is not None and entry[0] is self and entry[1] is seen:
                return entry[2]
            turn = Turn(self.seat, self.role, self.step, stage, (), self.copier, info, self.group)
            if len(_TURNS_AT) > TURNS_AT_BOUND:  # (a table's shared turns: ~7,000 for ten players)
                _TURNS_AT.clear()
            _TURNS_AT[key] = (self, seen, turn)
            return turn
        return Turn(self.seat, self.role, self.step, stage, memo, self.copier, self.info if info is None else info,
                    self.group)


_TURNS_AT: dict[tuple[int, str, int], tuple[Turn, Any, Turn]] = {}
# Bounded by what a busy deck's first ~1,000 games fill (mixed-all-10: ~5,500 entries), so a long batch's
# memory stays at that level: most turns shown a per-game observation are never met again (issue 25).
TURNS_AT_BOUND = 1 << 13


@frozen  # (slots: drivers read a prompt's fields on every answer; a slot is the cheapest attribute to read)
class Prompt:
    """Who must act now and what they may choose, in a deterministic order.

    ``kind`` is a ``PromptKind``: ``act`` (a choice), ``info`` (something to see; the only answer is
    ``done``) or ``vote`` (a ballot, of whichever phase).
    ``info`` is what the seat learns on this prompt; ``group`` the seats it wakes with."""

    seat: int
    step: str
    role: str
    kind: str
    options: tuple[Action, ...] = field(converter=_tuple)
    info: tuple[Any, ...] = field(default=(), converter=_tuple)
    group: tuple[int, ...] = field(default=(), converter=_tuple)
    copier: str | None = None
    stage: str = "start"


def shown(turn: Turn) -> Prompt:
    """The prompt that shows ``turn.info`` to the seat (its only answer is ``done``): an info stage's
    prompt, and the engine's prompt for every ``show`` turn. Built once per turn and kept with it
    (``Turn.shown_prompt``): turns are mostly shared between games (``fresh_turn``, ``Turn.at``), and so
    are their prompts."""
    prompt: Prompt | None = turn.shown_prompt
    if prompt is None:
        prompt = Prompt(turn.seat, turn.step, turn.role, PromptKind.INFO, _DONE_ONLY, turn.info, turn.group,
                        turn.copier, turn.stage)
        _set(turn, "shown_prompt", prompt)  # (a cache slot, not a field's value)
    return prompt


@frozen
class Step:
    """A step of the night script. ``kind``: ``role`` (one role's step), ``group`` (a group wake),
    ``dg`` (a Doppelganger's extra step for ``role``) or ``engine`` (mark check, lovers)."""

    id: str
    code: str
    kind: str
    role: str | None = None
    members: frozenset[str] = frozenset()
    # How the table plays the step: "timed" (called, lasts exactly the step time whoever acts) or
    # "round" (the laptop goes round every seat in seat order, like the deal: the mark check) or
    # "day" (not called at night: its prompt stays pending through the day, the Mayor's reveal).
    turns: str = "timed"


@frozen(cache_hash=True)  # every new game looks its set-up up in the engine's caches: hash it once
class Setup:
    """A game's set-up: player names in seat order, the deck (players + 3 cards, more with roles that add
    center cards), the ruleset and its options.

    ``options`` is validated against the ruleset's options schema when the set-up is made and always holds
    every option of the ruleset, defaults filled in, as sorted ``(name, value)`` pairs: two set-ups that
    play the same game are equal, and a save written before options existed loads with the defaults."""

    players: tuple[str, ...] = field(converter=_tuple)
    deck: tuple[str, ...] = field(converter=_tuple)
    ruleset: str = field(default=DEFAULT_RULESET)
    options: tuple[tuple[str, bool | int | str], ...] = field(default=(), converter=_options)
    # Pinned outcomes of random draws, by the draw's key (docs/scenarios.md ``draws``: "oracle",
    # "psychic_id", "dg_rascal", ...): a scenario fixes what the random tables give so that a case does
    # not depend on its seed. Empty in a real game; ``rulesets.draws`` reads it.
    draws: tuple[tuple[str, DrawValue], ...] = field(default=(), converter=_pins)

    @players.validator
    def _check_players(self, _attr: Any, value: tuple[str, ...]) -> None:
        if len(value) < 3:
            raise SetupError(said=say("error_too_few_players", count=len(value)))
        if any(not isinstance(n, str) or not n.strip() for n in value):
            raise SetupError(said=say("error_empty_player_name"))
        # "Ann" and "ann " would be the same person at the table: compare as players read names.
        seen: dict[str, str] = {}
        for name in value:
            key = name.strip().casefold()
            if key in seen:
                raise SetupError(said=say("error_same_player_names", first=repr(seen[key].strip()),
                                          second=repr(name.strip())))
            seen[key] = name

    def __attrs_post_init__(self) -> None:
        if not _SETUP_CHECK:  # onenight_core's names and its engine load the registry: a programming error
            raise RuntimeError("the ruleset registry (onenight_core.rulesets) is not loaded")
        object.__setattr__(self, "options", _SETUP_CHECK[0](self.ruleset, self.options))

    def option(self, name: str) -> bool | int | str:
        """The value of one option of this set-up's ruleset."""
        for key, value in self.options:
            if key == name:
                return value
        raise SetupError(said=say("error_option_missing", ruleset=self.ruleset, given=repr(name)))
