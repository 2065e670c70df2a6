"""Classic scenario files replay as their expectations say: the shared examples (FORMAT-classic.md) and
our own cases (scenarios/classic/), refused steps included; a broken expectation is reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve

from onenight_core.rulesets.classic.scenario import is_classic_file, load_classic, play_classic_case
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
FILES = [ROOT / "scenarios" / "classic" / "rules.toml"]
SHARED = ROOT.parent / "shared" / "scenarios" / "examples-classic.toml"
if SHARED.exists():
    FILES.append(SHARED)


@pytest.mark.parametrize("case", [c for f in FILES for c in load_classic(f)], ids=lambda c: c.id)
def test_case_plays_as_expected(case):
    result = play_classic_case(case)
    assert result.status == "played", result.reason
    assert result.differences() == []


def test_a_wrong_expectation_is_reported():
    case = load_classic(FILES[0])[0]
    wrong = evolve(case, expect=(("alive", [0]),))
    assert any(d.startswith("alive:") for d in play_classic_case(wrong).differences())


def test_replay_check_on_the_command_line(capsys):
    assert is_classic_file(FILES[0])
    assert main(["replay", str(FILES[0]), "--check"]) == 0
    out = capsys.readouterr().out
    assert "0 failed, 0 errors" in out
