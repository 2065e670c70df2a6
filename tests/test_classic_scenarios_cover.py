"""Our classic scenario files (scenarios/classic/) cover the whole of resolution.md Part 4: every role,
every value of every option of §4.9 (read from the ruleset's options schema, so a new option without a
case fails here), every tie policy, and every worked example of §4.10. A case only counts for an option
when it would catch a wrong rule: replayed with that option set otherwise, it must no longer pass. The
few options that only change what a player is told cannot show in a case's outcome; each of them has a
unit test below instead."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from attrs import evolve

from onenight_core.model.values import Action, CardView, Setup
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_core.rulesets.classic.options import CLASSIC_OPTIONS
from onenight_core.rulesets.classic.protocol import apply, new_game
from onenight_core.play.scenario import load_scenarios, play_case
from onenight_core.rulesets.classic.scenario import ClassicCase

ROOT = Path(__file__).resolve().parents[1]
OURS = sorted((ROOT / "scenarios" / "classic").glob("*.toml"))
REFERENCE = ROOT / "tests" / "reference"  # the rules as shipped with the tests (a clean clone has no ../shared)
THEMES = {"roles", "options", "ties", "worked_examples", "events"}

# options whose effect is on what a player or the table is told, never on the game's course: each is
# checked by the unit test named here (and still has a case with the value set, which must play)
TOLD_ONLY = {
    "reveal_role_on_death": "test_reveal_role_on_death_decides_what_the_table_hears",
    "lovers.know_roles": "test_lovers_know_roles_shows_each_other_s_card",
    "witch.knows_victim": "test_witch_knows_victim_decides_whether_she_is_told",
    "little_girl.risk": "test_little_girl_risk_changes_the_chances",
    # the election is on day 1 either way; only when the table is asked to discuss moves
    "sheriff.election=day1_before_statements": "test_the_election_comes_before_or_after_the_statements",
}
# the New Moon event cards have their own file (events.toml): every option is in a scenario now
NOT_IN_SCENARIOS: set[str] = set()


def _cases() -> list[ClassicCase]:
    return [c for f in OURS for c in load_scenarios(f)]


def _values(spec) -> list[object]:
    """Every value a case must set: each alternative of a choice, the other bool; for an int, ANY
    stands for any value but the default."""
    if spec.kind == "bool":
        return [not spec.default]
    if spec.kind == "choice":
        return [c for c in spec.choices if c != spec.default]
    return [ANY]


ANY = object()


def _passes(case: ClassicCase) -> bool:
    result = play_case(case)
    return result.status == "played" and not result.differences()


def _other(spec, value: object) -> object:
    if spec.kind == "bool":
        return not value
    if spec.kind == "choice":
        return spec.default if value != spec.default else next(c for c in spec.choices if c != value)
    return spec.default


def _catches(case: ClassicCase, name: str, spec) -> bool:
    """The case fails when the option is set otherwise: its expectation depends on the rule."""
    options = dict(case.options)
    options[name] = _other(spec, options[name])
    return not _passes(evolve(case, options=tuple(sorted(options.items()))))


def test_the_files_are_one_per_theme():
    assert {f.stem for f in OURS} == THEMES


def test_every_classic_role_is_dealt_in_a_role_case():
    cases = load_scenarios(ROOT / "scenarios" / "classic" / "roles.toml")
    dealt = {r for c in cases for r in c.deal + c.center}
    assert set(classic_catalog().ids()) - dealt == set()
    # the sheriff title is a role of the table too: a case elects one and checks him
    assert any(k == "sheriff" and v >= 0 for c in cases for k, v in c.expect)


@pytest.mark.parametrize("spec", CLASSIC_OPTIONS.specs, ids=lambda s: s.name)
def test_every_option_value_has_a_case_that_catches_a_wrong_rule(spec):
    if spec.name in NOT_IN_SCENARIOS:
        pytest.skip("FORMAT-classic.md keeps events.enabled false in scenario files")
    cases = _cases()
    wanted = _values(spec)
    for value in wanted:
        setting = [c for c in cases if spec.name in dict(c.options) and (
            dict(c.options)[spec.name] == value or
            (value is ANY and dict(c.options)[spec.name] != spec.default))]
        assert setting, f"no case sets {spec.name} = {value!r}"
        told = TOLD_ONLY.get(spec.name) or TOLD_ONLY.get(f"{spec.name}={value}")
        if told:
            assert all(_passes(c) for c in setting)
            assert told in globals()
            continue
        assert any(_catches(c, spec.name, spec) for c in setting), \
            f"no case with {spec.name} = {value!r} would fail if the option were ignored"


@pytest.mark.parametrize("policy", next(s for s in CLASSIC_OPTIONS.specs if s.name == "vote.tie_policy").choices)
def test_every_tie_policy_has_a_case_in_ties_that_catches_it(policy):
    spec = next(s for s in CLASSIC_OPTIONS.specs if s.name == "vote.tie_policy")
    cases = [c for c in load_scenarios(ROOT / "scenarios" / "classic" / "ties.toml")
             if dict(c.options).get("vote.tie_policy") == policy]
    assert cases, f"ties.toml has no case for {policy}"
    assert any(_catches(c, "vote.tie_policy", spec) for c in cases)


def test_every_worked_example_of_4_10_has_a_case():
    text = (REFERENCE / "resolution.md").read_text(encoding="utf-8")
    section = text.split("### 4.10", 1)[1].split("\n## ", 1)[0]
    examples = set(re.findall(r"^\| (C\d\d) \|", section, re.M))
    assert len(examples) >= 7
    cited = {m for c in load_scenarios(ROOT / "scenarios" / "classic" / "worked_examples.toml")
             for m in re.findall(r"C\d\d", c.id.upper() + " " + c.rule)}
    sources = (ROOT / "scenarios" / "classic" / "worked_examples.toml").read_text(encoding="utf-8")
    cited |= set(re.findall(r"4\.10 (C\d\d)", sources))
    assert examples - cited == set()


# -- the options that only change what somebody is told --------------------------------------------

def _game(deal: list[str], options: dict[str, object], seed: int = 0):
    setup = Setup(players=[f"p{i}" for i in range(len(deal))], deck=deal, ruleset="classic",
                  options={"sheriff.enabled": False, **options})
    return new_game(setup, seed, deal=deal)


def _answer(game, *actions: Action):
    for a in actions:
        game = apply(game, a)
    return game


@pytest.mark.parametrize("reveal", [True, False])
def test_reveal_role_on_death_decides_what_the_table_hears(reveal):
    game = _game(["werewolf", "villager", "villager", "villager"], {"reveal_role_on_death": reveal})
    game = _answer(game, Action("kill", ("p3",)))
    deaths = [dict(e.params) for e in game.board.public if e.id == "death"]
    assert [d["seat"] for d in deaths] == [3]
    assert ("role" in deaths[0]) is reveal


@pytest.mark.parametrize("know", [True, False])
def test_lovers_know_roles_shows_each_other_s_card(know):
    game = _game(["werewolf", "cupid", "villager", "villager"], {"lovers.know_roles": know})
    game = _answer(game, Action("lovers", ("p0", "p2")))
    cards = {(o.seat, o.pos, o.role) for o in game.board.observations
             if isinstance(o, CardView) and o.step == "lovers"}
    assert cards == ({(0, "p2", "villager"), (2, "p0", "werewolf")} if know else set())


@pytest.mark.parametrize("knows", [True, False])
def test_witch_knows_victim_decides_whether_she_is_told(knows):
    game = _game(["werewolf", "witch", "villager", "villager"], {"witch.knows_victim": knows})
    game = _answer(game, Action("kill", ("p3",)))
    p = game.prompt
    assert p is not None and p.role == "witch"
    assert ("p3" in p.info) is knows
    assert (Action("save", ("p3",)) in p.options) is knows


def test_little_girl_risk_changes_the_chances():
    def caught(risk: str) -> int:
        deal = ["werewolf", "little_girl", "villager", "villager"]
        count = Counter()
        for seed in range(150):
            game = _answer(_game(deal, {"little_girl.risk": risk}, seed), Action("spy"))
            count[game.board.caught == 1] += 1
        return count[True]

    small, big = caught("small"), caught("big")
    assert 10 <= small <= 50 and 40 <= big <= 90 and big > small + 15


@pytest.mark.parametrize("election, first", [("day1_before_statements", "election"),
                                             ("day1_after_statements", "discussion")])
def test_the_election_comes_before_or_after_the_statements(election, first):
    game = _game(["werewolf", "villager", "villager", "villager"],
                 {"sheriff.enabled": True, "sheriff.election": election})
    game = _answer(game, Action("kill", ("p3",)))
    steps = [e.id for e in game.board.public if e.id in ("election", "discussion")]
    assert steps[0] == first


def test_a_game_over_before_any_prompt_is_a_finished_game():
    """Every werewolf card in the middle and no thief at the table: the villagers win at the first dawn
    without anyone being asked (the engine used to raise StopIteration here)."""
    deal = ["villager", "villager", "villager", "werewolf", "thief"]
    setup = Setup(players=["p0", "p1", "p2"], deck=["werewolf", "thief", "villager"], ruleset="classic")
    game = new_game(setup, 0, deal=deal)
    assert game.prompt is None and game.board.phase == "over" and game.board.winning_side == "villagers"
