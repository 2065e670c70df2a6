"""Small immutable value objects the engine's state and protocol are made of.

Their reprs are valid Python (``Action(verb='look', targets=('p3',))``), so a failing test or a bug report
can paste them straight back into code."""

from __future__ import annotations

from attrs import field, frozen

from ..errors import SetupError


def _tuple(value) -> tuple:
    return tuple(value)


@frozen
class Card:
    """A physical card. Card-bound state travels with it when it moves (design.md)."""

    id: int
    role: str
    copied: str | None = None  # a Doppelganger/Copycat/Mirror Man copy, or a P.I.'s change
    face_up: bool = False
    alienized: bool = False


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


Observation = CardView | MarkView | Learned


@frozen
class Move:
    """A card moved from one position to another (the reveal traces each card's journey)."""

    card: int
    src: str
    dst: str


@frozen
class Event:
    """One entry of the event log, which the reveal screen tells as a story."""

    step: str
    kind: str  # "act", "ghost", "vote", "death", "wake", ...
    seat: int | None = None
    role: str | None = None
    action: Action | None = None
    moves: tuple[Move, ...] = field(default=(), converter=_tuple)
    detail: str = ""


@frozen
class Turn:
    """One seat's turn inside a step. ``stage`` and ``memo`` let a multi-choice turn (Witch, P.I.) span
    several prompts without the engine holding mutable state."""

    seat: int
    role: str
    step: str
    stage: str = "start"
    memo: tuple = field(default=(), converter=_tuple)
    copier: str | None = None
    info: tuple = field(default=(), converter=_tuple)
    group: tuple[int, ...] = field(default=(), converter=_tuple)


@frozen
class Prompt:
    """Who must act now and what they may choose, in a deterministic order.

    ``kind`` is ``act`` (a choice), ``info`` (something to see; the only answer is ``done``) or ``vote``.
    ``info`` is what the seat learns on this prompt; ``group`` the seats it wakes with."""

    seat: int
    step: str
    role: str
    kind: str
    options: tuple[Action, ...] = field(converter=_tuple)
    info: tuple = field(default=(), converter=_tuple)
    group: tuple[int, ...] = field(default=(), converter=_tuple)
    copier: str | None = None
    stage: str = "start"


@frozen
class Step:
    """A step of the night script. ``kind``: ``role`` (one role's step), ``group`` (a group wake),
    ``dg`` (a Doppelganger's extra step for ``role``) or ``engine`` (mark check, lovers)."""

    id: str
    code: str
    kind: str
    role: str | None = None
    members: frozenset[str] = frozenset()


@frozen
class Setup:
    """A game's set-up: player names in seat order, the deck (players + 3 cards, more with roles that add
    center cards), the ruleset and options."""

    players: tuple[str, ...] = field(converter=_tuple)
    deck: tuple[str, ...] = field(converter=_tuple)
    ruleset: str = field(default="onuw")

    @players.validator
    def _check_players(self, _attr, value) -> None:
        if len(value) < 3:
            raise SetupError(f"at least 3 players are needed, got {len(value)}")
        if len(set(value)) != len(value):
            raise SetupError("player names must be different")
        if any(not isinstance(n, str) or not n.strip() for n in value):
            raise SetupError("player names must not be empty")

    @ruleset.validator
    def _check_ruleset(self, _attr, value) -> None:
        if value not in ("onuw", "dalbula"):
            raise SetupError(f"unknown ruleset {value!r} (onuw or dalbula)")
