"""The case-level ``draws`` table, the new verbs and the ``--json`` draws of FORMAT-random.md."""

from __future__ import annotations

import textwrap

import pytest

from onenight_core.errors import ScenarioError
from onenight_core.model.scenario import Played
from onenight_core.model.values import Action
from onenight_core.play.scenario import parse_scenarios, play_case, verb_action
from onenight_core.play.scenario.check import CaseResult

HEAD = """
[[case]]
id = "c"
deal = ["werewolf", "seer", "villager", "robber", "villager"]
center = ["villager", "tanner", "drunk"]
"""


def parse(extra: str, steps: str = "") -> object:
    return parse_scenarios(textwrap.dedent(HEAD) + textwrap.dedent(extra) + textwrap.dedent(steps), "f.toml")[0]


def test_draws_become_the_sorted_pins_of_the_setup() -> None:
    case = parse('draws = { ripple = "robber", oracle_grant = false, exposer = 2, ripple_actors = ["p3"], '
                 'psychic_id = "neighbours", rascal_id = ["p1", "p4"], blob = "split_2", dg_oracle = "parity", '
                 'temptress_extra = ["henchman_7"], nostradamus = "tanner" }')
    assert case.draws == (("blob", "split_2"), ("dg_oracle", "parity"), ("exposer", 2), ("nostradamus", "tanner"),
                          ("oracle_grant", False), ("psychic_id", "neighbours"), ("rascal_id", ("p1", "p4")),
                          ("ripple", "robber"), ("ripple_actors", ("p3",)), ("temptress_extra", ("henchman_7",)))


def test_an_unknown_draw_key_is_its_cases_error_naming_the_key() -> None:
    case = parse('draws = { oracel = "parity" }')
    assert case.error and "unknown key 'oracel'" in case.error
    result = play_case(case)
    assert result.status == "error" and "oracel" in result.reason


@pytest.mark.parametrize("pin, words", [
    ('oracle = "parrot"', "draws.oracle must be"),
    ("exposer = 4", "draws.exposer must be a number 1..3"),
    ("mortician = true", "draws.mortician"),
    ('ripple_actors = ["p1", "p2", "p3"]', "draws.ripple_actors"),
    ('ripple_actors = ["p9"]', "p9 is not at the table"),
    ('oracle_redirect = "c1"', "draws.oracle_redirect"),
    ('blob = "up_2"', "draws.blob"),
    ('psychic_id = "sideways"', "draws.psychic_id"),
    ('empath_id = ["p1", "p1"]', "draws.empath_id"),
    ('temptress_extra = ["werewolf"]', "draws.temptress_extra"),
    ('curator = "void"', "curator is a dalbula draw"),
    ("draws = 3", "'draws' must be a table"),
])
def test_a_badly_shaped_pin_is_a_file_error_naming_the_key(pin: str, words: str) -> None:
    text = pin if pin.startswith("draws") else f"draws = {{ {pin} }}"
    with pytest.raises(ScenarioError) as info:
        parse(text)
    assert words in str(info.value) and "case 'c'" in str(info.value)


def test_the_new_verbs_are_actions_by_the_verb_convention() -> None:
    assert verb_action("answer", "yes") == Action("answer", (), "yes")
    assert verb_action("answer", "even") == Action("answer", (), "even")
    assert verb_action("answer", "p3") == Action("answer", ("p3",))
    assert verb_action("point", "p2") == Action("point", ("p2",))
    case = parse("", """
        [[case.step]]
        seat = 1
        role = "oracle"
        do = [ { answer = "yes" }, { take = "c1" } ]
    """)
    assert case.steps[0].actions == (Action("answer", (), "yes"), Action("take", ("c1",)))


def test_the_token_verb_is_dalbula_only() -> None:
    steps = """
        [[case.step]]
        seat = 0
        role = "curator"
        do = [ { token = "p1" } ]
    """
    with pytest.raises(ScenarioError, match="'token' is a dalbula verb"):
        parse("", steps)
    assert parse('ruleset = "dalbula"', steps).steps[0].actions == (Action("token", ("p1",)),)


def test_a_pin_the_game_cannot_draw_is_the_cases_error() -> None:
    # alien convert has App weight 0: pinning it under onuw is an error when the draw is made
    case = parse('draws = { alien = "convert" }')
    from onenight_core.engine.protocol import new_game
    from onenight_core.model.values import Setup
    from onenight_core.rulesets.draws import DrawPinError, draw
    g = new_game(Setup(("a", "b", "c", "d", "e"), case.deal + case.center, draws=case.draws), 0)
    with pytest.raises(DrawPinError, match="alien = 'convert' cannot be drawn"):
        draw(g, "alien", stream="alien.instruction")


def test_json_lists_the_draws_in_order() -> None:
    case = parse("")
    played = play_case(case)
    assert "draws" not in played.to_json()  # a game without random tables draws nothing
    state = played.state.replace(drawn=(("alien.instruction", "stare"), ("ripple.id", ("p1", "p4"))))
    result = CaseResult(case, Played("played", facts=played.facts, game=state))
    assert result.to_json()["draws"] == [{"stream": "alien.instruction", "value": "stare"},
                                         {"stream": "ripple.id", "value": ["p1", "p4"]}]


def test_json_of_a_played_alien_case_lists_its_draws() -> None:
    from pathlib import Path
    from onenight_core.play.scenario import load_scenarios
    path = Path(__file__).resolve().parents[1] / "scenarios" / "alien" / "ripple.toml"
    case = next(c for c in load_scenarios(path) if c.id == "ripple-view-two")
    out = play_case(case).to_json()
    assert out["draws"] == [{"stream": "alien.instruction", "value": "stare"},
                            {"stream": "ripple.kind", "value": "view_two"},
                            {"stream": "ripple.actor1", "value": "p0"},
                            {"stream": "ripple.id", "value": "higher"}]
    import json
    json.dumps(out)  # plain JSON values only
