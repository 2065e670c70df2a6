"""``onenight replay`` and the scenario files (docs/scenarios.md).

Every file under scenarios/ is replayed with ``--check`` through the command line and case by case in
process; the shared examples too (their copy in tests/reference). The error tests feed small
scenario files whose expected behaviour follows from FORMAT.md and the rules reference."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from onenight_core import Action
from onenight_core.catalog.loader import default_catalog
from onenight_core.errors import ScenarioError
from onenight_core.rulesets.onuw.roles import playable
from onenight_core.play.scenario import ScenarioCase, load_scenarios, parse_scenarios, play_case, verb_action
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted((ROOT / "scenarios").rglob("*.toml"))
SHARED_EXAMPLES = ROOT / "tests" / "reference" / "examples.toml"  # a copy of shared/scenarios/examples.toml


def _cases():
    for path in SCENARIO_FILES:
        name = path.relative_to(ROOT / "scenarios")
        try:
            cases = load_scenarios(path)
        except ScenarioError as exc:  # a broken file fails its own test, not the whole module
            yield pytest.param(exc, id=str(name))
            continue
        # classic cases (nights and days): tests/test_classic_scenarios.py plays them
        for case in (c for c in cases if isinstance(c, ScenarioCase)):
            yield pytest.param(case, id=f"{name}::{case.id}")


def _write(tmp_path: Path, text: str, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


# -- the project's own scenario files -----------------------------------------------------------------

def test_there_are_many_base_cases():
    base = [c for p in SCENARIO_FILES if p.parent.name == "base" for c in load_scenarios(p)]
    assert len(base) >= 60


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: str(p.relative_to(ROOT / "scenarios")))
def test_scenario_file_passes_check(capsys, path):
    code, out, err = _run(capsys, path, "--check")
    assert code == 0, out + err
    assert "FAIL" not in out and "\nerror" not in "\n" + out


@pytest.mark.parametrize("case", list(_cases()))
def test_scenario_case_in_process(case):
    if isinstance(case, ScenarioError):
        pytest.fail(str(case))
    result = play_case(case)
    assert result.status in ("played", "skipped"), result.reason
    assert not result.differences(), "\n".join(map(str, result.differences()))


def test_every_base_case_names_its_rule_and_source():
    for path in SCENARIO_FILES:
        if path.parent.name != "base":
            continue
        for case in load_scenarios(path):
            assert case.rule and case.source, case.id


def test_shared_examples_pass_check(capsys):
    code, out, err = _run(capsys, SHARED_EXAMPLES, "--check")
    assert code == 0, out + err


def test_shared_random_examples_pass_check_every_case(capsys):
    """examples-random.toml (a copy of shared/scenarios/): its onuw and dalbula cases, none skipped."""
    code, out, err = _run(capsys, SHARED_EXAMPLES.with_name("examples-random.toml"), "--check")
    assert code == 0 and "0 failed, 0 errors, 0 skipped" in out, out + err


# -- output formats -----------------------------------------------------------------------------------

NIGHT_AND_DAWN = """
    [[case]]
    id = "robber-night"
    rule = "robber"
    source = "roles.md #45"
    deal = ["werewolf", "robber", "hunter", "villager"]
    center = ["werewolf", "troublemaker", "drunk"]
    votes = [1, 0, 1, 1]
    [[case.step]]
    seat = 1
    role = "robber"
    do = [ { swap = ["p1", "p0"] } ]

    [[case]]
    id = "tie-at-dawn"
    dawn = ["werewolf", "tanner", "seer", "villager", "villager"]
    votes = [1, 0, 0, 1, 2]
"""


def test_json_output_shape(capsys, tmp_path):
    path = _write(tmp_path, NIGHT_AND_DAWN)
    code, out, _ = _run(capsys, path, "--json")
    assert code == 0
    night, dawn = json.loads(out)
    assert set(night) == {"id", "final", "final_center", "seen", "marks", "dusk_marks", "learned", "effective",
                          "shields", "face_up", "mode", "dead", "winners", "refused", "refusals"}
    # roles.md #45: the robber takes p0's werewolf and views it; p1 dies with 3 votes, a werewolf died.
    assert night["final"] == ["robber", "werewolf", "hunter", "villager"]
    assert night["final_center"] == ["werewolf", "troublemaker", "drunk"]
    assert night["seen"] == [{"seat": 1, "pos": "p1", "role": "werewolf"}]
    assert night["learned"] == [{"seat": 0, "who": [], "as": "werewolf"}]
    assert night["marks"] == {} and night["effective"] == {} and night["refused"] == []
    assert (night["mode"], night["dead"], night["winners"]) == ("normal", [1], [0, 2, 3])
    # resolution.md O07: tanner and werewolf tie at two votes; tanner and village win.
    assert set(dawn) == {"id", "final", "marks", "effective", "shields", "face_up", "mode", "dead", "winners",
                         "refused", "refusals"}
    assert (dawn["mode"], dawn["dead"], dawn["winners"]) == ("normal", [0, 1], [1, 2, 3, 4])


def test_json_error_object_and_check_exit(capsys, tmp_path):
    path = _write(tmp_path, """
        [[case]]
        id = "no-such-role"
        deal = ["werewolf", "gardener", "seer"]
        center = ["villager", "villager", "robber"]
    """)
    code, out, _ = _run(capsys, path, "--json", "--check")
    assert code == 1
    [obj] = json.loads(out)
    assert set(obj) == {"id", "error"} and "gardener" in obj["error"]


def test_readable_output_tells_the_night_and_the_day(capsys, tmp_path):
    path = _write(tmp_path, NIGHT_AND_DAWN)
    code, out, _ = _run(capsys, path)
    assert code == 0
    assert "== robber-night" in out and "p1 robber: swap p1 p0" in out and "p1 sees p1 = werewolf" in out
    assert "winners: p0, p2, p3" in out and "winners: p1, p2, p3, p4" in out


# -- what --check reports -----------------------------------------------------------------------------

SEER = """
    [[case]]
    id = "seer"
    deal = ["seer", "werewolf", "villager", "werewolf"]
    center = ["robber", "villager", "tanner"]
    [[case.step]]
    seat = 0
    role = "seer"
    {flag}do = [ {{ {verb} = ["p1"] }} ]
    [case.expect]
    final = ["seer", "werewolf", "villager", "werewolf"]
    seen = [ {{ seat = 0, pos = "p1", role = "werewolf" }} ]
"""


def test_check_ok(capsys, tmp_path):
    code, out, _ = _run(capsys, _write(tmp_path, SEER.format(flag="", verb="look")), "--check")
    assert code == 0 and out.startswith("ok       seer")
    assert out.splitlines()[-1] == "replay: 1 ok, 0 failed, 0 errors, 0 skipped"


def test_check_reports_the_differing_key(capsys, tmp_path):
    text = SEER.format(flag="", verb="look").replace('final = ["seer", "werewolf"', 'final = ["seer", "tanner"')
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert ('FAIL     seer: final: expected ["seer", "tanner", "villager", "werewolf"], '
            'got ["seer", "werewolf", "villager", "werewolf"]') in out


def test_check_fails_when_an_illegal_step_is_accepted(capsys, tmp_path):
    text = SEER.format(flag="illegal = true\n    ", verb="look")
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert "FAIL     seer: refused: expected [0], got []" in out
    assert "marked illegal but the engine accepted look p1" in out


def test_unknown_verb_is_refused_with_the_offered_choices(capsys, tmp_path):
    code, out, _ = _run(capsys, _write(tmp_path, SEER.format(flag="", verb="peek")), "--check")
    assert code == 1
    assert "FAIL     seer: refused: expected [], got [0]" in out
    assert "peek p1 refused" in out and "look p1" in out  # the engine's offers are listed


def test_unknown_role_is_an_error_and_other_cases_still_run(capsys, tmp_path):
    text = """
        [[case]]
        id = "unknown"
        deal = ["werewolf", "gardener", "seer"]
        center = ["villager", "villager", "robber"]

        [[case]]
        id = "fine"
        dawn = ["werewolf", "seer", "villager"]
        votes = [1, 0, 0]
        [case.expect]
        dead = [0]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert "error    unknown: unknown role 'gardener'" in out
    assert "ok       fine" in out


def test_unanswered_mandatory_prompt_names_seat_and_role(capsys, tmp_path):
    text = """
        [[case]]
        id = "silent-drunk"
        deal = ["villager", "drunk", "werewolf", "seer"]
        center = ["villager", "robber", "werewolf"]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert "error    silent-drunk: p1 drunk must choose (take c0, take c1, take c2)" in out


def test_step_the_engine_never_asks_for_is_an_error(capsys, tmp_path):
    text = """
        [[case]]
        id = "no-seer-here"
        deal = ["villager", "werewolf", "villager", "villager"]
        center = ["seer", "robber", "werewolf"]
        [[case.step]]
        seat = 0
        role = "seer"
        do = [ { look = ["p1"] } ]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert "never asked p0 to act as seer" in out


def test_refused_normal_step_fails(capsys, tmp_path):
    text = """
        [[case]]
        id = "robber-robs-center"
        deal = ["villager", "robber", "werewolf", "seer"]
        center = ["villager", "troublemaker", "werewolf"]
        [[case.step]]
        seat = 1
        role = "robber"
        do = [ { swap = ["p1", "c0"] } ]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert "FAIL     robber-robs-center: refused: expected [], got [0]" in out


def test_double_ballots_and_self_votes_are_case_errors(capsys, tmp_path):
    text = """
        [[case]]
        id = "double"
        dawn = ["werewolf", "seer", "villager"]
        votes = [[1, 2], 0, 0]

        [[case]]
        id = "self"
        dawn = ["werewolf", "seer", "villager"]
        votes = [0, 0, 0]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert "error    double: votes[0]: the engine does not support two ballots" in out
    assert "error    self: votes[0]: p0 cannot vote for 0" in out


def test_not_playable_role_is_skipped_and_does_not_fail(capsys, tmp_path):
    waiting = [r.id for r in default_catalog().roles if not playable(r.id)]
    if not waiting:
        pytest.skip("every role is playable")
    role = waiting[0]
    text = f"""
        [[case]]
        id = "later"
        deal = ["werewolf", "{role}", "seer"]
        center = ["villager", "villager", "robber"]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 0
    assert f"skipped  later: {role} not playable yet" in out


def test_case_without_expect_checks_only_the_steps(capsys, tmp_path):
    text = """
        [[case]]
        id = "just-play"
        deal = ["drunk", "werewolf", "seer"]
        center = ["villager", "villager", "robber"]
        [[case.step]]
        seat = 0
        role = "drunk"
        do = [ { take = "c2" } ]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 0 and "ok       just-play" in out


def test_several_verbs_in_one_step_equal_consecutive_steps(tmp_path):
    """A Doppelganger's copy and its Seer view, written as one step or as two (FORMAT.md)."""
    one = """
        [[case]]
        id = "one-step"
        deal = ["doppelganger", "seer", "werewolf", "villager"]
        center = ["robber", "werewolf", "troublemaker"]
        [[case.step]]
        seat = 0
        role = "doppelganger"
        do = [ { copy = "p1" } ]
        [[case.step]]
        seat = 0
        role = "seer"
        copier = "doppelganger"
        do = [ { look = ["c0"] }, { look = ["c1"] } ]
    """
    # The Seer's "two center cards" is one look: two single looks in one step are that look (issue 22:
    # what a person naturally writes), the same as one look at both.
    both = one.replace('do = [ { look = ["c0"] }, { look = ["c1"] } ]', 'do = [ { look = ["c0", "c1"] } ]')
    [case] = parse_scenarios(textwrap.dedent(one))
    assert play_case(case).refused == ()
    assert play_case(case).fact("seen") == play_case(parse_scenarios(textwrap.dedent(both))[0]).fact("seen")
    [case] = parse_scenarios(textwrap.dedent(both))
    result = play_case(case)
    assert result.refused == ()
    assert result.fact("seen") == [{"seat": 0, "pos": "p1", "role": "seer"},
                                   {"seat": 0, "pos": "c0", "role": "robber"},
                                   {"seat": 0, "pos": "c1", "role": "werewolf"}]


def test_dawn_marks_and_couples_reach_the_resolution(tmp_path):
    """resolution.md V7l: a lover's death takes the other holder of the same couple along."""
    text = """
        [[case]]
        id = "lovers"
        dawn = ["werewolf", { card = "villager", mark = "mark_of_love", couple = 1 },
                { card = "seer", mark = "mark_of_love", couple = 1 }, "villager"]
        votes = [1, 0, 1, 1]
        [case.expect]
        marks = { p1 = "mark_of_love", p2 = "mark_of_love" }
        dead = [1, 2]
        winners = [0]
    """
    [case] = parse_scenarios(textwrap.dedent(text))
    result = play_case(case)
    assert result.status == "played", result.reason
    assert not result.differences(), list(map(str, result.differences()))


@pytest.mark.skipif(not playable("sentinel"), reason="the Sentinel is not playable yet")
def test_blocked_by_the_shield(capsys, tmp_path):
    """roles.md #55: a shielded Drunk cannot act (blocked passes); a Seer is not blocked by her own shield."""
    text = """
        [[case]]
        id = "shielded-drunk"
        deal = ["sentinel", "drunk", "werewolf", "villager"]
        center = ["villager", "seer", "werewolf"]
        [[case.step]]
        seat = 0
        role = "sentinel"
        do = [ { shield = "p1" } ]
        [[case.step]]
        seat = 1
        role = "drunk"
        blocked = "shield"
        do = [ { pass = true } ]
        [case.expect]
        final = ["sentinel", "drunk", "werewolf", "villager"]
        shields = ["p1"]

        [[case]]
        id = "seer-not-blocked"
        deal = ["sentinel", "seer", "werewolf", "villager"]
        center = ["villager", "drunk", "werewolf"]
        [[case.step]]
        seat = 0
        role = "sentinel"
        do = [ { shield = "p1" } ]
        [[case.step]]
        seat = 1
        role = "seer"
        blocked = "shield"
        do = [ { pass = true } ]
    """
    code, out, _ = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1
    assert "ok       shielded-drunk" in out
    assert "FAIL     seer-not-blocked" in out and "lets it act" in out


# -- files that are not scenario files: one line, exit 2 -----------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("[[case]\nid = 1", "bad TOML"),
    ('[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\nvotes = [1, 0]',
     "'votes' must list one vote per seat"),
    ('[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\n[case.expect]\ndead = [0]',
     "expect.dead needs 'votes'"),
    ('[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\n[[case]]\nid = "x"\ndawn = ["seer", "seer", "seer"]',
     "the id is used twice"),
    ('[[case]]\nid = "Not Kebab"\ndawn = ["werewolf", "seer", "villager"]', "kebab-case"),
    ('[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\ndeal = ["seer"]', "cannot be used with 'dawn'"),
    ('[[case]]\nid = "x"\ndeal = ["werewolf", "seer", "villager"]\ncenter = ["a", "b", "c"]\n'
     '[[case.step]]\nseat = 7\nrole = "seer"\ndo = [ { pass = true } ]', "'seat' must be a seat number 0..2"),
    ('[[case]]\nid = "x"\ndeal = ["werewolf", "seer", "villager"]\ncenter = ["a", "b", "c"]\n'
     '[[case.step]]\nseat = 1\nrole = "seer"\ndo = [ { look = ["p0"], pass = true } ]', "one verb"),
    ('[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\n[case.expect]\nseen = [1]',
     "expect.seen is malformed"),
    ('title = "x"', "unknown top-level key 'title'"),
])
def test_bad_file_is_one_line_and_exit_2(capsys, tmp_path, text, message):
    code, out, err = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize("text, message", [
    ('[[case]]\nid = "x"\ndeal = ["werewolf", "seer", "villager"]\ncenter = ["a", "b", "c"]\nplayers = 3',
     "error    x: unknown key 'players'"),
    ('[[case]]\nid = "x"\ndeal = ["werewolf", "seer", "villager"]\ncenter = ["a", "b", "c"]\n'
     '[[case.step]]\nseat = 0\nrole = "werewolf"\nwhen = 2\ndo = [ { pass = true } ]',
     "error    x: unknown key 'when' in step 0"),
    ('[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\n[case.expect]\nwinner = [1]',
     "error    x: unknown key 'winner' in expect"),
])
def test_an_unknown_key_is_that_cases_error_exit_1(capsys, tmp_path, text, message):
    """FORMAT.md: an unknown key in one case is that case's error, not the whole file's."""
    code, out, err = _run(capsys, _write(tmp_path, text), "--check")
    assert code == 1 and err == "" and message in out


def test_missing_file_is_one_line_and_exit_2(capsys, tmp_path):
    code, _, err = _run(capsys, tmp_path / "nope.toml")
    assert code == 2 and "no such file" in err and err.count("\n") == 1


def test_annotations_are_allowed_anywhere(tmp_path):
    text = """
        [[case]]
        id = "annotated"
        notes = "case"
        ambiguous = true
        deal = ["seer", "werewolf", "villager"]
        center = ["villager", "robber", "werewolf"]
        [[case.step]]
        seat = 0
        role = "seer"
        notes = "step"
        ambiguous = false
        do = [ { pass = true } ]
        [case.expect]
        notes = "expect"
        seen = []
    """
    [case] = parse_scenarios(textwrap.dedent(text))
    assert not play_case(case).differences()


# -- the verb convention (docs/engine.md) ----------------------------------------------------------------

@pytest.mark.parametrize("verb, arg, action", [
    ("look", ["p1"], Action("look", ("p1",))),
    ("look", ["c2", "c0"], Action("look", ("c2", "c0"))),
    ("take", "c1", Action("take", ("c1",))),
    ("mark", ["p2", "mark_of_fear"], Action("mark", ("p2",), "mark_of_fear")),
    ("rotate", "left", Action("rotate", (), "left")),
    ("pass", True, Action("pass")),
    ("answer", 3, Action("answer", (), "3")),
])
def test_verb_to_action(verb, arg, action):
    assert verb_action(verb, arg) == action


@pytest.mark.parametrize("verb, arg", [("pass", False), ("mark", ["left", "right"]), ("Look", ["p1"]),
                                       ("look", [True]), ("look", [])])
def test_bad_verbs_are_scenario_errors(verb, arg):
    with pytest.raises(ScenarioError):
        verb_action(verb, arg)


def test_an_explicit_insomniac_look_answers_her_info_prompt(tmp_path):
    """FORMAT.md: the Insomniac's look needs no step "when written implicitly"; written, it is her view."""
    text = """
        [[case]]
        id = "insomniac-written"
        deal = ["insomniac", "robber", "werewolf", "villager"]
        center = ["seer", "villager", "werewolf"]
        [[case.step]]
        seat = 1
        role = "robber"
        do = [ { swap = ["p1", "p0"] } ]
        [[case.step]]
        seat = 0
        role = "insomniac"
        do = [ { look = ["p0"] } ]
        [[case.step]]
        seat = 0
        role = "insomniac"
        illegal = true
        do = [ { look = ["p2"] } ]
        [case.expect]
        seen = [ { seat = 1, pos = "p1", role = "insomniac" }, { seat = 0, pos = "p0", role = "robber" } ]
    """
    [case] = parse_scenarios(textwrap.dedent(text))
    result = play_case(case)
    assert result.status == "played", result.reason
    assert result.refused == (2,)
    assert not result.differences(), list(map(str, result.differences()))
