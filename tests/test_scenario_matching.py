"""Scenario replay matches steps generously (FORMAT.md, "Which prompt a step answers"; issue 9).

Each case below is written the way FORMAT.md says a person may write it: a group step by the group's
role or the card's role from any awake member, the lone wolf's look as ``werewolf`` for every wolf
card, forced parts of a turn written out, a role with a group step and an own step written twice with
the card's role. Each must play without a refused step and give the rules' result. An unknown key makes
that case an error while the other cases of the file still play."""

from __future__ import annotations

import textwrap

import pytest

from onenight_core.play.scenario import parse_scenarios, play_case


def played(text: str):
    [case] = parse_scenarios(textwrap.dedent(text))
    result = play_case(case)
    assert result.status == "played", result.reason
    assert result.refused == (), result.transcript
    assert not result.differences(), [str(d) for d in result.differences()]
    return result


VAMPIRES = """
    [[case]]
    id = "vampires"
    deal = ["the_count", "vampire", "villager", "villager"]
    center = ["werewolf", "robber", "drunk"]
    [[case.step]]
    seat = {seat}
    role = "{role}"
    do = [ {{ mark = ["p2", "mark_of_the_vampire"] }} ]
    [[case.step]]
    seat = 0
    role = "the_count"
    do = [ {{ mark = ["p3", "mark_of_fear"] }} ]
    [case.expect]
    marks = {{ p2 = "mark_of_the_vampire", p3 = "mark_of_fear" }}
"""


@pytest.mark.parametrize("seat, role", [(0, "the_count"), (0, "vampire"), (1, "vampire"), (1, "the_count")])
def test_a_group_step_by_the_groups_role_or_the_cards_role_from_any_awake_member(seat, role):
    """The Count is the member the engine asks; the file may name the group choice from either vampire,
    by the group's role or the Count's; his own Mark of Fear step follows."""
    played(VAMPIRES.format(seat=seat, role=role))


@pytest.mark.parametrize("wolf", ["werewolf", "mystic_wolf"])
@pytest.mark.parametrize("role", ["werewolf", "own"])
def test_the_lone_wolfs_look_by_every_wolf_card(wolf, role):
    played(f"""
        [[case]]
        id = "lone-wolf"
        deal = ["{wolf}", "seer", "villager"]
        center = ["villager", "robber", "drunk"]
        [[case.step]]
        seat = 0
        role = "{wolf if role == 'own' else 'werewolf'}"
        do = [ {{ look = ["c1"] }} ]
        [case.expect]
        seen = [ {{ seat = 0, pos = "c1", role = "robber" }} ]
    """)


@pytest.mark.parametrize("look", ["werewolf", "alpha_wolf", None])
def test_the_alpha_wolf_alone_looks_as_the_lone_wolf_then_gives_the_center_werewolf(look):
    """The lone look by the group's role or the card's role, or left out; then her own step."""
    lone = f'[[case.step]]\nseat = 0\nrole = "{look}"\ndo = [ {{ look = ["c1"] }} ]\n' if look else ""
    seen = '[ { seat = 0, pos = "c1", role = "robber" } ]' if look else "[]"
    played(f"""
[[case]]
id = "alpha-alone"
deal = ["alpha_wolf", "seer", "villager"]
center = ["villager", "robber", "drunk", "werewolf"]
{lone}
[[case.step]]
seat = 0
role = "alpha_wolf"
do = [ {{ swap = ["c3", "p1"] }} ]
[case.expect]
seen = {seen}
final = ["alpha_wolf", "werewolf", "villager"]
""")


def test_a_group_step_and_an_own_step_both_written_with_the_cards_role():
    """The Mystic Wolf alone: the first step is the lone wolf's look, the second her own look."""
    played("""
        [[case]]
        id = "mystic-both"
        deal = ["mystic_wolf", "seer", "villager"]
        center = ["villager", "robber", "drunk"]
        [[case.step]]
        seat = 0
        role = "mystic_wolf"
        do = [ { look = ["c0"] } ]
        [[case.step]]
        seat = 0
        role = "mystic_wolf"
        do = [ { look = ["p1"] } ]
        [case.expect]
        seen = [ { seat = 0, pos = "c0", role = "villager" }, { seat = 0, pos = "p1", role = "seer" } ]
    """)


def test_an_own_step_written_alone_is_not_taken_for_the_group_step():
    """Only her own look is written: the lone wolf's center look is left out (passed), not refused."""
    played("""
        [[case]]
        id = "mystic-own-only"
        deal = ["mystic_wolf", "seer", "villager"]
        center = ["villager", "robber", "drunk"]
        [[case.step]]
        seat = 0
        role = "mystic_wolf"
        do = [ { look = ["p1"] } ]
        [case.expect]
        seen = [ { seat = 0, pos = "p1", role = "seer" } ]
    """)


@pytest.mark.parametrize("written", [
    '[ { mark = ["p2", "mark_of_clarity"] }, { mark = ["p1", "mark_of_clarity"] } ]',
    '[ { mark = ["p1", "mark_of_clarity"] }, { mark = ["p2", "mark_of_clarity"] } ]',
    '[ { mark = ["p1", "mark_of_clarity"] } ]',
])
def test_the_priests_clarity_on_himself_may_be_written_or_left_out(written):
    played(f"""
        [[case]]
        id = "priest"
        deal = ["vampire", "villager", "priest", "villager"]
        center = ["werewolf", "robber", "drunk"]
        [[case.step]]
        seat = 0
        role = "vampire"
        do = [ {{ mark = ["p1", "mark_of_the_vampire"] }} ]
        [[case.step]]
        seat = 2
        role = "priest"
        do = {written}
        [case.expect]
        marks = {{}}
    """)


@pytest.mark.parametrize("written", ['do = [ { mark = ["p3", "mark_of_the_bat"] } ]', ""])
def test_renfields_bat_on_himself_may_be_written_or_left_out(written):
    step = f'[[case.step]]\nseat = 3\nrole = "renfield"\n{written}' if written else ""
    played(f"""
        [[case]]
        id = "renfield"
        deal = ["vampire", "villager", "villager", "renfield"]
        center = ["werewolf", "robber", "drunk"]
        [[case.step]]
        seat = 0
        role = "vampire"
        do = [ {{ mark = ["p1", "mark_of_the_vampire"] }} ]
{textwrap.indent(step, "        ")}
        [case.expect]
        marks = {{ p1 = "mark_of_the_vampire", p3 = "mark_of_the_bat" }}
    """)


def test_a_written_forced_verb_that_differs_from_what_the_engine_did_is_still_refused():
    """Generous is not blind: the Priest cannot 'give himself' a Mark of Fear."""
    [case] = parse_scenarios(textwrap.dedent("""
        [[case]]
        id = "priest-wrong"
        deal = ["vampire", "villager", "priest", "villager"]
        center = ["werewolf", "robber", "drunk"]
        [[case.step]]
        seat = 0
        role = "vampire"
        do = [ { mark = ["p1", "mark_of_the_vampire"] } ]
        [[case.step]]
        seat = 2
        role = "priest"
        do = [ { mark = ["p2", "mark_of_fear"] } ]
    """))
    result = play_case(case)
    assert result.refused == (1,)


def test_a_step_of_a_seat_outside_the_group_does_not_answer_it():
    [case] = parse_scenarios(textwrap.dedent("""
        [[case]]
        id = "outsider"
        deal = ["the_count", "vampire", "villager", "villager"]
        center = ["werewolf", "robber", "drunk"]
        [[case.step]]
        seat = 2
        role = "vampire"
        do = [ { mark = ["p3", "mark_of_the_vampire"] } ]
    """))
    result = play_case(case)
    assert result.status == "error" and "p0 the_count [vampires] must choose" in result.reason


def test_an_unknown_key_is_that_cases_error_and_the_other_cases_play(tmp_path):
    from onenight_core.play.scenario import load_scenarios

    path = tmp_path / "mixed.toml"
    path.write_text(textwrap.dedent("""
        [[case]]
        id = "newer-format"
        deal = ["werewolf", "seer", "villager"]
        center = ["villager", "robber", "drunk"]
        draws = { oracel = "view_player" }

        [[case]]
        id = "fine"
        dawn = ["werewolf", "seer", "villager"]
        votes = [1, 0, 0]
        [case.expect]
        dead = [0]

        [[case]]
        id = "typo-in-step"
        deal = ["werewolf", "seer", "villager"]
        center = ["villager", "robber", "drunk"]
        [[case.step]]
        seat = 1
        role = "seer"
        when = 3
        do = [ { pass = true } ]

        [[case]]
        id = "classic-night"
        ruleset = "classic"
        deal = ["werewolf", "seer", "villager"]
        [[case.night]]
        steps = []
    """))
    results = {r.id: r for r in map(play_case, load_scenarios(path))}
    assert results["newer-format"].status == "error" and "unknown key 'oracel'" in results["newer-format"].reason
    assert results["fine"].status == "played" and not results["fine"].differences()
    assert results["typo-in-step"].status == "error" and "'when' in step 0" in results["typo-in-step"].reason
    # a classic case beside One Night ones is read and played by classic's verbs (the one player): its
    # night has no step for the Seer
    classic = results["classic-night"]
    assert classic.status == "error" and "no step answers the seer prompt of p1" in classic.reason
    assert results["newer-format"].to_json() == {"id": "newer-format",
                                                 "error": results["newer-format"].reason}
