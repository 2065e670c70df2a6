"""The one scenario player: every case of a file, whatever its ruleset, played by its family's verbs
(families.py) and judged by the one result (check.py)."""

from __future__ import annotations

from pathlib import Path

from ...model.scenario import Case
from .check import CaseResult
from .families import verbs_for
from .read import load_scenarios


def play_case(case: Case) -> CaseResult:
    """Play one case through its game's rules. Never raises for a case's own trouble: it becomes the
    result's ``error`` (or ``skipped``), so the other cases of a file still run."""
    return CaseResult(case, verbs_for(case.ruleset).play(case))


def play_file(path: str | Path) -> tuple[CaseResult, ...]:
    return tuple(play_case(c) for c in load_scenarios(path))


__all__ = ["play_case", "play_file"]
