"""Classic scenario files replay as their expectations say: the shared examples (FORMAT-classic.md) and
our own cases (scenarios/classic/), refused steps included; a broken expectation is reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from attrs import evolve

from onenight_core.errors import ScenarioError
from onenight_core.play.scenario import load_scenarios, play_case
from onenight_core.rulesets.classic.scenario import ClassicCase
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "scenarios" / "classic").glob("*.toml"))
SHARED = ROOT.parent / "shared" / "scenarios" / "examples-classic.toml"
if SHARED.exists():
    FILES.append(SHARED)


@pytest.mark.parametrize("case", [c for f in FILES for c in load_scenarios(f)], ids=lambda c: c.id)
def test_case_plays_as_expected(case):
    assert isinstance(case, ClassicCase)  # the one player reads a classic case with classic's verbs
    result = play_case(case)
    assert result.status == "played", result.reason
    assert result.differences() == ()


def test_a_wrong_expectation_is_reported():
    case = load_scenarios(FILES[0])[0]
    wrong = evolve(case, expect=(("alive", [0]),))
    assert any(str(d).startswith("alive: expected [0], got [") for d in play_case(wrong).differences())


def test_replay_check_on_the_command_line(capsys):
    assert main(["replay", str(FILES[0]), "--check"]) == 0
    out = capsys.readouterr().out
    assert "0 failed, 0 errors" in out


@pytest.mark.parametrize("text, message", [
    ('[[case]]\nruleset = "classic"\nid = "x"\ndeal = [1, 2]\n', "'deal' must list role ids"),
    ('[[case]]\nruleset = "classic"\nid = "x"\ndeal = ["werewolf"]\nnight = 3\n', "steps"),
    ('[[case]]\nruleset = "classic"\nid = "x"\ndeal = ["werewolf", "villager", "villager"]\n'
     '[case.expect]\nbogus = 1\n', "unknown expect key 'bogus'"),
])
def test_a_bad_classic_file_is_one_line(tmp_path, capsys, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_an_unknown_classic_role_is_an_error_case(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text('[[case]]\nruleset = "classic"\nid = "x"\ndeal = ["werewolf", "oracle", "villager"]\n',
                    encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 1
    assert "error    x: unknown classic role 'oracle'" in capsys.readouterr().out


def test_dev_zero_is_not_a_scenario_file():
    with pytest.raises(ScenarioError, match="/dev/zero"):
        load_scenarios("/dev/zero")
