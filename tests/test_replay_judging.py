"""A replay cannot pass by accident (issue 22, "Replay that judges every step").

An ``illegal = true`` step is tried only at its own prompt: the engine asking that seat for that role,
never another member of its group, never the werewolves' or vampires' meeting before the role's own
step. A step refused anywhere else was refused for being out of turn, which proves nothing, so each
negative case below (a legal answer marked illegal, a step the engine never asks) must FAIL ``--check``;
before this change each of them passed. ``--json`` says where and why each step was refused. What a
person naturally writes is accepted: single flips (or looks) of one choice in one step, two ballots in
either order."""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

from attrs import evolve

from onenight_core.play.scenario import load_scenarios, parse_scenarios, play_case
from onenight_core.rulesets.classic.scenario import ClassicCase
from onenight_tui.cli import main


def result_of(text: str):
    [case] = parse_scenarios(textwrap.dedent(text))
    result = play_case(case)
    assert result.status == "played", result.reason
    return result


def diffs(text: str) -> list[str]:
    return [str(d) for d in result_of(text).differences()]


ALPHA_IN_A_PACK = """
    [[case]]
    id = "alpha"
    deal = ["alpha_wolf", "werewolf", "seer", "villager"]
    center = ["villager", "robber", "tanner", "werewolf"]
    [[case.step]]
    seat = 0
    role = "alpha_wolf"
    illegal = true
    do = [ {{ swap = ["c3", "{target}"] }} ]
    [[case.step]]
    seat = 0
    role = "alpha_wolf"
    do = [ {{ swap = ["c3", "p2"] }} ]
"""


def test_a_legal_alpha_swap_marked_illegal_fails():
    """Before: the step was "refused" at the werewolves' meeting, so a legal swap marked illegal passed."""
    found = diffs(ALPHA_IN_A_PACK.format(target="p3"))
    assert any("marked illegal but the engine accepted swap c3 p3" in d for d in found), found


def test_an_illegal_alpha_swap_is_refused_at_her_own_step():
    result = result_of(ALPHA_IN_A_PACK.format(target="p1"))  # p1 is a werewolf: not a legal target
    assert result.refused == (0,) and not result.differences()
    [refusal] = result.refusals
    assert (refusal.step, refusal.seat, refusal.role, refusal.at) == (0, 0, "alpha_wolf", "alpha_wolf")
    assert refusal.message == "error_not_offered"


def test_a_legal_mystic_wolf_look_marked_illegal_fails():
    """A lone Mystic Wolf is first asked the lone wolf's center look: her look at a player was refused
    there before, out of turn."""
    found = diffs("""
        [[case]]
        id = "mystic"
        deal = ["mystic_wolf", "seer", "villager"]
        center = ["villager", "robber", "tanner"]
        [[case.step]]
        seat = 0
        role = "mystic_wolf"
        illegal = true
        do = [ { look = ["p1"] } ]
        [[case.step]]
        seat = 0
        role = "mystic_wolf"
        do = [ { look = ["p1"] } ]
    """)
    assert any("accepted look p1" in d for d in found), found


def test_a_counts_fear_step_is_not_refused_at_the_vampires_meeting():
    """Written before the vampires' step, a legal Mark of Fear was "refused" at the meeting (the Count is
    the member the engine asks there). Asked at the meeting, it must now be refused at his own step
    too: there it is legal, and the case fails."""
    found = diffs("""
        [[case]]
        id = "count"
        deal = ["the_count", "seer", "robber", "villager"]
        center = ["villager", "villager", "villager"]
        [[case.step]]
        seat = 0
        role = "the_count"
        illegal = true
        do = [ { mark = ["p1", "mark_of_fear"] } ]
        [[case.step]]
        seat = 0
        role = "the_count"
        do = [ { mark = ["p3", "mark_of_the_vampire"] } ]
        [[case.step]]
        seat = 0
        role = "the_count"
        do = [ { mark = ["p1", "mark_of_fear"] } ]
    """)
    assert any("marked illegal but the engine accepted mark p1 mark_of_fear" in d for d in found), found
    assert any(d.startswith("refused: expected [0], got []") for d in found), found


def test_a_step_the_engine_never_asks_fails():
    """The Robber who stole the Insomniac is never asked at 9: an illegal step there proves nothing."""
    found = diffs("""
        [[case]]
        id = "never"
        deal = ["werewolf", "robber", "insomniac", "villager"]
        center = ["seer", "villager", "werewolf"]
        [[case.step]]
        seat = 1
        role = "robber"
        do = [ { swap = ["p1", "p2"] } ]
        [[case.step]]
        seat = 1
        role = "insomniac"
        illegal = true
        do = [ { look = ["p1"] } ]
    """)
    assert any("never asks p1 to act as insomniac this night" in d for d in found), found


def test_another_members_prompt_does_not_judge_a_seats_own_meeting():
    """Two werewolves: each sees the other at its own prompt; p1's center look is refused at p1's."""
    result = result_of("""
        [[case]]
        id = "pack"
        deal = ["werewolf", "werewolf", "seer"]
        center = ["villager", "robber", "tanner"]
        [[case.step]]
        seat = 1
        role = "werewolf"
        illegal = true
        do = [ { look = ["c0"] } ]
    """)
    assert result.refused == (0,) and not result.differences()
    assert (result.refusals[0].seat, result.refusals[0].at) == (1, "werewolves")


ORACLE = """
    [[case]]
    id = "oracle"
    deal = ["oracle", "werewolf", "seer", "villager"]
    center = ["villager", "robber", "tanner"]
    draws = {{ oracle = "oracle_exchange", oracle_grant = {grant} }}
    [[case.step]]
    seat = 0
    role = "oracle"
    do = [ {{ answer = "yes" }} ]
    [[case.step]]
    seat = 0
    role = "oracle"
    illegal = true
    do = [ {{ take = "c2" }} ]
"""


def test_a_step_after_its_turn_ended_is_refused_as_the_turn_over():
    """Consecutive steps of one seat and role are one turn (FORMAT.md): not granted, her turn ends with
    the answer and the exchange is refused there."""
    result = result_of(ORACLE.format(grant="false"))
    assert result.refused == (1,) and not result.differences()
    assert result.refusals[0].message == "scen_refused_turn_over"


def test_a_granted_exchange_marked_illegal_fails():
    granted = ORACLE.format(grant="true") + '    [[case.step]]\n    seat = 0\n    role = "oracle"\n' \
        '    do = [ { take = "c2" } ]\n'
    assert any("accepted take c2" in d for d in diffs(granted))


def test_json_reports_each_refusal_with_its_prompt_and_message(tmp_path, capsys):
    path = tmp_path / "alpha.toml"
    path.write_text(textwrap.dedent(ALPHA_IN_A_PACK.format(target="p1")), encoding="utf-8")
    assert main(["replay", str(path), "--json", "--check"]) == 0
    [case] = json.loads(capsys.readouterr().out)
    assert case["refused"] == [0]
    assert case["refusals"] == [{
        "step": 0, "prompt": {"seat": 0, "role": "alpha_wolf", "step": "alpha_wolf"}, "action": "swap c3 p1",
        "message": "error_not_offered",
        "reason": "swap c3 p1 is not a legal answer for p0 (alpha_wolf) now"}]


EXPOSER = """
    [[case]]
    id = "exposer"
    deal = ["exposer", "werewolf", "villager", "seer"]
    center = ["werewolf", "tanner", "villager"]
    draws = {{ exposer = 2 }}
    [[case.step]]
    seat = 0
    role = "exposer"
    do = {do}
    [case.expect]
    seen = [ {{ seat = 0, pos = "c0", role = "werewolf" }}, {{ seat = 0, pos = "c2", role = "villager" }} ]
    face_up = ["c0", "c2"]
"""


def test_several_single_flips_in_one_step_are_one_multi_flip():
    for do in ('[ { flip = ["c0", "c2"] } ]', '[ { flip = "c0" }, { flip = "c2" } ]'):
        result = result_of(EXPOSER.format(do=do))
        assert result.refused == () and not result.differences(), (do, result.transcript)


def test_a_single_flip_is_still_refused_where_two_are_drawn():
    result = result_of(EXPOSER.format(do='[ { flip = "c0" } ]'))
    assert result.refused == (0,)


def test_two_ballots_in_either_order():
    text = """
        [[case]]
        id = "multi"
        ruleset = "dalbula"
        draws = {{ alien = "stare", ripple = "multi_vote", ripple_id = ["p1", "p3"] }}
        deal = ["alien", "villager", "seer", "villager", "alien"]
        center = ["robber", "tanner", "drunk"]
        votes = [2, [2, 2], 0, {p3}, 1]
        [case.expect]
        dead = [2]
    """
    for p3 in ("[0, 2]", "[2, 0]"):
        result = result_of(text.format(p3=p3))
        assert not result.differences(), p3


# -- the checker cannot pass everything: a mutation of a passing case must fail -----------------------

ROOT = Path(__file__).resolve().parents[1]
# ours, and the shared examples as copied into tests/reference (a clean clone has no ../shared)
FILES = sorted((ROOT / "scenarios").rglob("*.toml")) + sorted((ROOT / "tests" / "reference").glob("examples*.toml"))
SAMPLE = random.Random(22)  # seeded: the same small sample every run


def _mutated_expect(expect, rng):
    """``expect`` with one value changed: a list loses its last entry, a mode turns to the other."""
    keys = [k for k, v in expect if (isinstance(v, tuple) and v) or k == "mode"]
    if not keys:
        return None
    key = rng.choice(keys)
    return tuple((k, ("epic" if v == "normal" else "normal") if k == "mode" else v[:-1]) if k == key else (k, v)
                 for k, v in expect)


def _flipped_flag(steps, rng):
    """``steps`` with one ``illegal`` flag flipped (never on a blocked step)."""
    choices = [s for s in steps if not s.blocked]
    if not choices:
        return None
    step = rng.choice(choices)
    return tuple(evolve(s, illegal=not s.illegal) if s is step else s for s in steps)


def _is_classic(path: Path) -> bool:
    """A file of classic cases (nights and days), played by classic's scenario verbs."""
    return all(isinstance(c, ClassicCase) for c in load_scenarios(path))


def _fails(case) -> bool:
    result = play_case(case)
    return result.status == "error" or (result.status == "played" and bool(result.differences()))


def test_a_flipped_expectation_or_illegal_flag_fails_check():
    """For a seeded sample of scenario files (ours and the shared ones), every sampled passing case
    with one expected value changed, or one step's ``illegal`` flag flipped, must fail."""
    files = [f for f in FILES if not _is_classic(f)]
    tried = 0
    for path in SAMPLE.sample(files, 8):
        cases = [c for c in load_scenarios(path) if not c.error]
        for case in SAMPLE.sample(cases, min(2, len(cases))):
            if _fails(case) or play_case(case).status == "skipped":
                continue
            expect = _mutated_expect(case.expect, SAMPLE)
            if expect is not None:
                assert _fails(evolve(case, expect=expect)), f"{path.name} {case.id}: a changed expect passes"
                tried += 1
            steps = _flipped_flag(case.steps, SAMPLE)
            if steps is not None:
                assert _fails(evolve(case, steps=steps)), f"{path.name} {case.id}: a flipped illegal flag passes"
                tried += 1
    assert tried >= 10


def test_a_flipped_classic_expectation_or_illegal_flag_fails_check():
    files = [f for f in FILES if _is_classic(f)]
    tried = 0
    for path in SAMPLE.sample(files, 2):
        for case in SAMPLE.sample(load_scenarios(path), 2):
            keys = [k for k, v in case.expect if isinstance(v, list) and v or isinstance(v, int)]
            if keys:
                key = SAMPLE.choice(keys)
                expect = tuple((k, (v[:-1] if isinstance(v, list) else v + 1) if k == key else v)
                               for k, v in case.expect)
                assert play_case(evolve(case, expect=expect)).differences(), f"{case.id}: {key}"
                tried += 1
            flip = SAMPLE.choice(case.steps)
            rounds = tuple((label, tuple(evolve(s, illegal=not s.illegal) if s is flip else s for s in steps))
                           for label, steps in case.rounds)
            assert play_case(evolve(case, rounds=rounds)).differences(), f"{case.id}: step {flip.index}"
            tried += 1
    assert tried >= 4


NOBODY_VOTES = """
[[case]]
id = "nobody-may-vote"
ruleset = "classic"
deal = ["werewolf", "seer", "scapegoat", "villager", "villager", "villager"]
options = { sheriff.enabled = false }
[[case.night]]
steps = [ { seat = 1, role = "seer", do = [ { look = ["p0"] } ] }, { role = "werewolf", do = [ { kill = "p5" } ] } ]
[[case.day]]
steps = [
  { role = "village", do = [ { vote = [1, 0, 0, 1, 3, -1] } ] },
  { seat = 2, role = "scapegoat", do = [ { voters = ["p3"] } ] },
]
[[case.night]]
steps = [ { seat = 1, role = "seer", do = [ { look = ["p4"] } ] }, { role = "werewolf", do = [ { kill = "p3" } ] } ]
[[case.day]]
steps = [ { role = "village", do = [ { vote = [-1, -1, -1, -1, -1, -1] } ] } ]
[case.expect]
deaths = [ { round = "night1", seats = [5] }, { round = "day1", seats = [2] }, { round = "night2", seats = [3] },
           { round = "day2", seats = [] } ]
"""


def test_an_all_abstain_vote_on_a_day_nobody_may_vote_is_no_vote(tmp_path):
    """The Scapegoat let only p3 vote, and p3 died in the night: nobody is asked on day 2. Writing that
    day's vote as all abstentions is the same as writing no vote (it used to be refused)."""
    path = tmp_path / "classic.toml"
    path.write_text(NOBODY_VOTES, encoding="utf-8")
    [case] = load_scenarios(path)
    result = play_case(case)
    assert result.refused == () and result.differences() == ()
    someone = NOBODY_VOTES.replace('vote = [-1, -1, -1, -1, -1, -1]', 'vote = [4, -1, -1, -1, -1, -1]')
    path.write_text(someone, encoding="utf-8")
    [case] = load_scenarios(path)
    assert play_case(case).refused == (6,)  # a ballot where nobody may vote is still refused


def test_classic_json_reports_each_refusal(tmp_path, capsys):
    path = tmp_path / "classic.toml"
    path.write_text(NOBODY_VOTES.replace('{ seat = 1, role = "seer", do = [ { look = ["p0"] } ] }',
                                         '{ seat = 1, role = "seer", illegal = true, do = [ { look = ["p1"] } ] }, '
                                         '{ seat = 1, role = "seer", do = [ { look = ["p0"] } ] }', 1),
                    encoding="utf-8")
    assert main(["replay", str(path), "--json", "--check"]) == 0
    [case] = json.loads(capsys.readouterr().out)
    assert case["refusals"] == [{"step": 0, "prompt": {"seat": 1, "role": "seer", "step": "seer"},
                                 "message": "error_not_offered",
                                 "reason": "look p1 is not a legal answer for p1 (seer) now"}]
