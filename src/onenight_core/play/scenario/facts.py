"""The ``expect`` keys read off the game a case ends with (docs/scenarios.md, "How the `expect` keys are
computed").

Every key that applies is computed, whether the file expects it or not: ``--json`` prints them all and
the comparison picks those the file names. Apart from the driver because it reads finished states only,
never the protocol."""

from __future__ import annotations

from typing import Any

from ...engine.protocol import outcome
from ...rulesets import ruleset_for
from ...rulesets.onuw.identity import card_role
from ...model.values import CardView, Learned, MarkView, Observation
from ...model.positions import pos_name
from ...model.state import CLARITY, GameState
from .case import ScenarioCase

MARK_CHECK = "mark_check"


def case_facts(case: ScenarioCase, night_end: GameState, final: GameState,
               dusk_marks: tuple[str, ...]) -> tuple[tuple[str, Any], ...]:
    """Every ``expect`` key that applies to ``case``, in the file's format. The table, the views and the
    marks are read at ``night_end`` (the dawn the vote starts from), the vote keys from the outcome of
    ``final``; ``dusk_marks`` are the marks as they stood when the mark check began."""
    g = night_end
    n = g.players
    out: dict[str, Any] = {"final": [c.role for c in g.cards[:n]]}
    if not case.starts_at_dawn:
        out["final_center"] = [c.role for c in g.cards[n:]]
        out["seen"] = [_seen_entry(o) for o in g.observations
                       if isinstance(o, (CardView, MarkView)) and not _own_mark_check(o, n)]
    out["marks"] = {pos_name(s, n): m for s, m in enumerate(g.marks) if m != CLARITY}
    if not case.starts_at_dawn:
        out["dusk_marks"] = {pos_name(s, n): m for s, m in enumerate(dusk_marks) if m != CLARITY}
    if not case.starts_at_dawn:
        out["learned"] = [{"seat": o.seat, "who": list(o.who), "as": o.as_} for o in g.observations
                          if isinstance(o, Learned)]
    out["effective"] = {pos_name(i, n): card_role(c) for i, c in enumerate(g.cards) if card_role(c) != c.role}
    out["shields"] = [pos_name(i, n) for i in sorted(g.shields)]
    out["face_up"] = [pos_name(i, n) for i, c in enumerate(g.cards) if c.face_up]
    if g.facts.ripple is not None or g.facts.silenced:  # the silence ripple, the Silence token
        out["silenced"] = sorted(g.facts.silenced)
    if ruleset_for(g.setup.ruleset).tokens:  # Curator tokens (docs/scenarios.md), in the player-bound artifact slot
        out["tokens"] = {pos_name(s, n): a for s, a in enumerate(g.artifacts) if a is not None}
    result = outcome(final)
    if result is not None:
        out["mode"] = result.mode
        out["dead"] = sorted(result.dead)
        out["winners"] = sorted(result.winners)
    return tuple(out.items())


def _own_mark_check(o: Observation, players: int) -> bool:
    """The dusk look at one's own mark is not a "seen" entry (docs/scenarios.md)."""
    return isinstance(o, MarkView) and o.step == MARK_CHECK and o.pos == pos_name(o.seat, players)


def _seen_entry(o: CardView | MarkView) -> dict[str, Any]:
    if isinstance(o, MarkView):
        return {"seat": o.seat, "pos": o.pos, "mark": o.mark}
    return {"seat": o.seat, "pos": o.pos, "role": o.role}
