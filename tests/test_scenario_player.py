"""One scenario player for every ruleset (issue 24): the file, its cases, the result, the comparison and the
report are the player's; a game family brings only its ``ScenarioVerbs`` (model/scenario.py)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from onenight_core.engine.game import rules_for
from onenight_core.model.scenario import ScenarioVerbs
from onenight_core.play.scenario import ScenarioCase, load_scenarios, play_case, verbs_for
from onenight_core.play.scenario.families import ONE_NIGHT_VERBS, VERBS
from onenight_core.rulesets import RULESETS
from onenight_core.rulesets.classic.scenario import CLASSIC_VERBS, ClassicCase
from onenight_tui.cli import main

SRC = Path(__file__).resolve().parents[1] / "src" / "onenight_core"
CLASSIC_CASE = """
[[case]]
id = "{id}"
ruleset = "classic"
deal = ["werewolf", "seer", "villager", "villager"]
options = {{ sheriff.enabled = false }}
[[case.night]]
steps = [ {{ seat = 1, role = "seer", do = [ {{ look = ["p0"] }} ] }},
          {{ role = "werewolf", do = [ {{ kill = "p3" }} ] }} ]
[[case.day]]
steps = [ {{ role = "village", do = [ {{ vote = [1, 0, 0, -1] }} ] }} ]
"""
ONE_NIGHT_CASE = """
[[case]]
id = "{id}"
deal = ["werewolf", "seer", "villager"]
center = ["villager", "robber", "drunk"]
[[case.step]]
seat = 1
role = "seer"
do = [ { look = "p0" } ]
[case.expect]
final = ["werewolf", "seer", "villager"]
"""


def test_every_ruleset_has_the_verbs_of_its_family():
    for ruleset in RULESETS:
        assert verbs_for(ruleset) is VERBS[rules_for(ruleset).family]
    assert verbs_for("onuw") is verbs_for("dalbula") is ONE_NIGHT_VERBS
    assert verbs_for("classic") is CLASSIC_VERBS
    verbs: list[ScenarioVerbs] = [ONE_NIGHT_VERBS, CLASSIC_VERBS]  # mypy checks them against the protocol
    assert len(verbs) == len(set(VERBS.values()))


def test_only_the_player_reads_scenario_files():
    """The file, its TOML and its errors are read in one place (play/scenario/read.py): no family's
    verbs open a file or parse TOML."""
    readers = []
    for path in [*(SRC / "play" / "scenario").glob("*.py"), SRC / "rulesets" / "classic" / "scenario.py",
                 SRC / "model" / "scenario.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names}
        if names & {"parse_toml", "read_text"}:
            readers.append(path.name)
    assert readers == ["read.py"]


def test_one_file_may_hold_cases_of_both_families(tmp_path, capsys):
    path = tmp_path / "mixed.toml"
    path.write_text(CLASSIC_CASE.format(id="classic-day") + ONE_NIGHT_CASE.replace("{id}", "one-night"),
                    encoding="utf-8")
    cases = load_scenarios(path)
    assert [type(c) for c in cases] == [ClassicCase, ScenarioCase]
    assert [play_case(c).status for c in cases] == ["played", "played"]
    assert main(["replay", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["ok       classic-day", "ok       one-night",
                                "replay: 2 ok, 0 failed, 0 errors, 0 skipped"]
    assert main(["replay", str(path), "--json"]) == 0
    classic, one_night = json.loads(capsys.readouterr().out)
    assert list(classic)[:2] == ["id", "status"] and "status" not in one_night
    assert main(["replay", str(path)]) == 0
    told = capsys.readouterr().out
    assert "== classic-day\n  -- " in told and "== one-night\n  deal:   p0 werewolf" in told


def test_a_classic_difference_reads_as_a_one_night_one(tmp_path, capsys):
    """The comparison and its words are the player's: a classic FAIL line quotes the file's notation."""
    path = tmp_path / "wrong.toml"
    path.write_text(CLASSIC_CASE.format(id="wrong") + '[case.expect]\nalive = [0, 1]\nends_after = "day1"\n',
                    encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("FAIL     wrong: alive: expected [0, 1], got [")
    assert lines[-1] == "replay: 0 ok, 1 failed, 0 errors, 0 skipped"


def test_a_bad_classic_case_names_the_file_and_the_case_like_any_other(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text('[[case]]\nid = "x"\nruleset = "classic"\ndeal = ["werewolf", "villager", "villager"]\n'
                    'bogus = 1\n', encoding="utf-8")
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: case 'x': unknown key 'bogus'" in err


def test_a_classic_case_with_a_bad_id_is_refused_like_any_other(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(CLASSIC_CASE.format(id="Not An Id"), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "case #1" in err and "'Not An Id'" in err
