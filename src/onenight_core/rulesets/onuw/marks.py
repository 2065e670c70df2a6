"""Marks (the Vampire expansion): ids, names, and the only two ways a mark changes hands.

Marks are player-bound (docs/rules.md §B): every player holds exactly one, starting with the Mark of
Clarity; giving a mark replaces the holder's current one, which goes back to the supply; Pickpocket and
Gremlin exchange two players' marks. Shields protect cards, never marks.

A Mark of Love also belongs to a *couple* (the Cupid action that placed it): docs/resolution.md V7l links
lovers only inside a couple. The couples live in ``g.facts.couples`` as sorted ``(seat, couple)``
pairs, and every change of a mark goes through ``give_mark`` / ``exchange_marks`` so that they stay in
step with ``g.marks`` (a replaced Love mark leaves its couple; a moved one takes its couple along)."""

from __future__ import annotations

from ...catalog.rules import default_rules
from ...model.values import MarkView
from ...model.state import CLARITY, GameState

VAMPIRE = "mark_of_the_vampire"
FEAR = "mark_of_fear"
BAT = "mark_of_the_bat"
DISEASE = "mark_of_disease"
LOVE = "mark_of_love"
TRAITOR = "mark_of_the_traitor"
ASSASSIN = "mark_of_the_assassin"

MARKS = default_rules().mark_ids
"""Every mark id, in the order of the official marks boards (rules/README.md; rules.toml ``[[mark]]``)."""

MARK_NAMES = {m.id: m.name("en") for m in default_rules().marks}

MARK_EFFECTS = {m.id: m.effect("en") for m in default_rules().marks}
"""One line per mark for screens that explain marks (set-up, the mark check, the reveal); every
language's names and effects are in rules.toml (``default_rules().mark(id)``)."""

def mark_name(mark: str) -> str:
    return MARK_NAMES.get(mark, mark)


def couples(g: GameState) -> dict[int, int]:
    """Each Love-mark holder's couple id."""
    return dict(g.facts.couples)


def next_couple(g: GameState) -> int:
    """A fresh couple id for a Cupid action (1 for the first)."""
    return max(couples(g).values(), default=0) + 1


def _with_couples(g: GameState, table: dict[int, int]) -> GameState:
    return g.with_facts(couples=tuple(sorted(table.items())))


def give_mark(g: GameState, seat: int, mark: str, couple: int | None = None) -> GameState:
    """``seat`` now holds ``mark``; the mark it held goes back to the supply ("only the newest is kept").

    ``couple`` is required for a Mark of Love and ignored otherwise."""
    if mark not in MARK_NAMES:
        raise ValueError(f"unknown mark {mark!r}")
    marks = list(g.marks)
    old = marks[seat]
    marks[seat] = mark
    g = g.replace(marks=tuple(marks))
    if old == LOVE or mark == LOVE:
        table = couples(g)
        table.pop(seat, None)
        if mark == LOVE:
            if couple is None:
                raise ValueError("a Mark of Love needs its couple")
            table[seat] = couple
        g = _with_couples(g, table)
    return g


def exchange_marks(g: GameState, a: int, b: int) -> GameState:
    """Swap the marks of seats ``a`` and ``b`` (Pickpocket, Gremlin); a Love mark keeps its couple."""
    marks = list(g.marks)
    marks[a], marks[b] = marks[b], marks[a]
    g = g.replace(marks=tuple(marks))
    table = couples(g)
    if a in table or b in table:
        ca, cb = table.pop(a, None), table.pop(b, None)
        if ca is not None:
            table[b] = ca
        if cb is not None:
            table[a] = cb
        g = _with_couples(g, table)
    return g


def view_mark(g: GameState, seat: int, target: int, step: str) -> tuple[GameState, MarkView]:
    """``seat`` looks at the mark of ``target``; the observation is recorded."""
    obs = MarkView(seat, g.pos(target), g.marks[target], step)
    return g.replace(observations=g.observations + (obs,)), obs


def non_clarity(g: GameState) -> dict[str, str]:
    """``{pos: mark}`` for every player whose mark is not Clarity (the scenario ``marks`` form)."""
    return {g.pos(s): m for s, m in enumerate(g.marks) if m != CLARITY}


__all__ = [
    "ASSASSIN", "BAT", "CLARITY", "DISEASE", "FEAR", "LOVE", "MARKS", "MARK_EFFECTS", "MARK_NAMES", "TRAITOR",
    "VAMPIRE", "couples", "exchange_marks", "give_mark", "mark_name", "next_couple",
    "non_clarity", "view_mark",
]
