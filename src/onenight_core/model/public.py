"""What the whole table hears, recorded in the game as ``PublicEvent``s (ids and parameters, no prose).

The engine records each phase that begins and each night step that is called (ghost steps too). A role
whose instruction is drawn at random and announced to everyone (an app that picks a random instruction,
a ripple, a public Oracle answer) draws it with ``draw_public``: the draw comes from the game's seed, so a
replay hears the same thing, and it is recorded, so the narrator and the eyes-closed screen read it from
the game instead of from a script fixed by the roster."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .kinds import PublicKind
from .rng import stream
from .state import GameState
from .values import PublicEvent

T = TypeVar("T", str, int)


def draw_public(g: GameState, what: str, choices: Sequence[T]) -> tuple[GameState, T]:
    """Draw one of ``choices`` for ``what`` (a step or rule id) from the game's seed, and record the draw
    as a public event. Each draw of a game has its own stream (by ``what`` and how many public events
    came before), so adding a draw never shifts another."""
    if not choices:
        raise ValueError(f"a public draw for {what!r} needs at least one choice")
    value = stream(g.seed, f"public/{what}/{len(g.public)}").choice(list(choices))
    event = PublicEvent(PublicKind.DRAW, what, (("value", value),))
    return g.replace(public=g.public + (event,)), value


def heard(g: GameState, kind: PublicKind | None = None) -> tuple[PublicEvent, ...]:
    """The public events of the game so far, all or of one kind, in the order the table heard them."""
    return g.public if kind is None else tuple(e for e in g.public if e.kind == kind)
