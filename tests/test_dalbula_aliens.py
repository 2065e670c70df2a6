"""The last Dalbula rules gaps (issue 13): the aliens' ``convert`` / ``recruit`` (roles.md #16, §1.3 L4,
E-19), the Oracle's ``alien_exchange`` (roles.md #1, E-15(d)) and the ripple ``repeat_role`` (D.8), in the
engine, the resolution (resolution.md 0.5 L5/L6, 0.7), the narrator and the app. The scenario cases of
scenarios/dalbula/aliens.toml and repeat-role.toml play the same rules through ``replay``."""

from __future__ import annotations

import random

import pytest

from onenight_core import Action, Card, RoleFacts, Setup, apply, dawn_game, new_game, pending
from onenight_core.engine.narration import draw_text, narrate, table_heard
from onenight_core.catalog.loader import default_catalog
from onenight_core.model.kinds import PublicKind
from onenight_core.play.bots import play_game
from onenight_core.rulesets.dalbula.ripple import REPEATABLE, repeatable_steps
from onenight_core.rulesets.draws import DrawPinError, draw_table
from onenight_core.rulesets.onuw.roles.aliens import alien_instruction
from onenight_core.play.saves import replay
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.text.story import tell

from app_pilot import NAMES, SIZE, play_game as play_in_app, quiet_settings, screen_name, until
from conftest import names, vote

ALIEN_TABLE = ("alien", "seer", "robber", "werewolf", "villager", "villager", "tanner", "drunk")


def game(deck, draws, seed=0, players=None, ruleset="dalbula"):
    players = players or len(deck) - 3
    return new_game(Setup(names(players), tuple(deck), ruleset, draws=draws), seed, deal=list(deck))


def walk_to(g, step: str):
    """Answer every prompt with its first option until a prompt of ``step`` is pending."""
    for _ in range(200):
        p = pending(g)
        assert p is not None, f"no prompt of {step}"
        if p.step == step:
            return g, p
        g = apply(g, p.options[0])
    raise AssertionError(step)


def finish(g, votes):
    for _ in range(200):
        p = pending(g)
        if p is None:
            return g
        g = apply(g, vote(votes[p.seat]) if p.kind == "vote" else p.options[0])
    raise AssertionError("the game did not end")


def public_draws(g):
    return [(e.id, dict(e.params).get("value")) for e in g.public if e.kind == PublicKind.DRAW]


# -- the draw: S0's weights under dalbula, never under onuw ---------------------------------------------------

def test_convert_recruit_alien_exchange_and_repeat_role_have_s0_weights_only():
    for table, key in (("alien", "convert"), ("alien", "recruit"), ("oracle", "alien_exchange"),
                       ("ripple", "repeat_role")):
        assert dict(draw_table(table).weights("dalbula"))[key] == 5
        assert dict(draw_table(table).weights("onuw"))[key] == 0


def test_convert_is_drawn_under_dalbula_and_refused_as_a_pin_under_onuw():
    drawn = {alien_instruction(game(ALIEN_TABLE, {}, seed)) for seed in range(400)}
    assert {"convert", "recruit"} <= drawn
    onuw = {alien_instruction(game(ALIEN_TABLE, {}, seed, ruleset="onuw")) for seed in range(400)}
    assert not {"convert", "recruit"} & onuw
    with pytest.raises(DrawPinError):
        game(ALIEN_TABLE, {"alien": "convert"}, ruleset="onuw")


# -- convert / recruit at night -------------------------------------------------------------------------------

def test_the_first_awake_alien_must_point_at_a_player_who_is_not_an_awake_alien():
    deck = ("alien", "villager", "alien", "sentinel", "villager", "seer", "tanner", "drunk")
    g = game(deck, {"alien": "convert", "ripple": "none"})
    g, p = walk_to(g, "aliens")
    assert p.seat == 0 and p.stage == "convert"
    # no pass; a shielded player is a target too (a shield sits on a card, convert on the player)
    assert [a.verb for a in p.options] == ["point"] * 3
    assert sorted(a.targets[0] for a in p.options) == ["p1", "p3", "p4"]
    g = apply(g, Action("point", ("p4",)))
    assert g.facts.alien_converted == (4,)
    p = pending(g)
    assert p.seat == 2 and p.kind == "info"  # the other alien sees the group's pick
    assert any(getattr(o, "as_", None) == "alien_convert" and o.who == ("p4",) for o in p.info)


def test_recruit_is_recorded_and_told_in_the_story():
    g = game(ALIEN_TABLE, {"alien": "recruit", "ripple": "none"})
    g, p = walk_to(g, "aliens")
    g = finish(apply(g, Action("point", ("p2",))), [3, 3, 3, 0, 0])
    assert g.facts.alien_recruited == (2,) and g.facts.alien_converted == ()
    story = "\n".join(tell(g, lang="en"))
    assert "(that player now wins with the aliens)" in story
    assert "playing for the aliens without being one" in story
    assert "매수" in "\n".join(tell(g, lang="ko"))


def test_a_ghost_alien_step_converts_nobody():
    deck = ("seer", "robber", "werewolf", "villager", "villager", "alien", "tanner", "drunk")
    g = play_game(Setup(names(5), deck, "dalbula", draws={"alien": "convert", "ripple": "none"}), 1)
    assert g.facts.alien_converted == ()


# -- the resolution: L5 above tokens, L6 a member ---------------------------------------------------------------

def dawn(seats, votes, facts, artifacts=None, marks=None):
    setup = Setup(names(len(seats)), tuple(seats), "dalbula")
    g = dawn_game(setup, [Card(i, r) for i, r in enumerate(seats)], facts=facts, artifacts=artifacts, marks=marks)
    return finish(g, votes).outcome


def test_convert_outranks_a_token_and_a_vampire_mark():
    seats = ["alien", "villager", "villager", "werewolf", "seer"]
    facts = RoleFacts(alien_converted=(1, 2))
    out = dawn(seats, [3, 3, 3, 1, 3], facts, artifacts=[None, "noble", None, None, None],
               marks=["mark_of_clarity", "mark_of_clarity", "mark_of_the_vampire", "mark_of_clarity",
                      "mark_of_clarity"])
    assert out.roles[1] == out.roles[2] == "alien" and out.kinds[1] == out.kinds[2] == "alien"
    assert out.keys[1] == out.keys[2] == "alien"
    without = dawn(seats, [3, 3, 3, 1, 3], RoleFacts(), artifacts=[None, "noble", None, None, None],
                   marks=["mark_of_clarity", "mark_of_clarity", "mark_of_the_vampire", "mark_of_clarity",
                          "mark_of_clarity"])
    assert without.roles[1] == "prince" and without.kinds[2] == "vampire"


def test_a_converted_player_loses_the_traitor_condition_of_a_betrayal_token():
    seats = ["alien", "villager", "alien", "seer"]
    votes = [3, 3, 3, 1]  # the Seer dies: no alien died, the aliens win
    converted = dawn(seats, votes, RoleFacts(alien_converted=(1,)), artifacts=[None, "betrayal", None, None])
    assert 1 in converted.winners  # an alien whose teammates lived; no traitor condition
    traitor = dawn(["alien", "alien", "alien", "seer"], votes, RoleFacts(), artifacts=[None, "betrayal", None, None])
    assert 1 not in traitor.winners  # the Betrayal token's traitor needs a teammate dead


def test_a_recruit_keeps_his_kind_takes_the_alien_key_and_needs_an_alien_present():
    seats = ["alien", "werewolf", "villager", "villager"]
    out = dawn(seats, [2, 2, 1, 2], RoleFacts(alien_recruited=(1,)))
    assert out.kinds[1] == "werewolf" and out.keys[1] == "alien"
    none_present = dawn(["villager", "villager", "seer", "villager"], [1, 2, 3, 0], RoleFacts(alien_recruited=(1,)))
    assert none_present.dead == frozenset() and 1 not in none_present.winners
    assert sorted(none_present.winners) == [0, 2, 3]


# -- the Oracle's alien_exchange ---------------------------------------------------------------------------------

ORACLE_TABLE = ("oracle", "alien", "alien", "villager", "villager", "seer", "tanner", "drunk")


@pytest.mark.parametrize("direction", ["pass_left", "pass_right"])
def test_alien_exchange_yes_replaces_the_instruction_by_the_drawn_pass(direction):
    g = game(ORACLE_TABLE, {"oracle": "alien_exchange", "oracle_pass": direction, "alien": "view_each",
                            "ripple": "none"})
    g, p = walk_to(g, "oracle")
    g = apply(g, Action("answer", (), "yes"))
    assert alien_instruction(g) == direction
    assert ("alien", direction) in public_draws(g) and ("alien", "view_each") not in public_draws(g)
    assert [c.role for c in g.cards[1:3]] == ["alien", "alien"]


def test_alien_exchange_yes_draws_the_pass_from_its_own_stream_5050():
    seen = set()
    for seed in range(40):
        g = game(ORACLE_TABLE, {"oracle": "alien_exchange", "ripple": "none"}, seed)
        g, _p = walk_to(g, "oracle")
        g = apply(g, Action("answer", (), "yes"))
        seen.add(alien_instruction(g))
        assert any(name == "oracle.alien_exchange" for name, _ in g.drawn)
    assert seen == {"pass_left", "pass_right"}


def test_alien_exchange_no_granted_gives_the_oracle_the_alien_goal():
    g = game(ORACLE_TABLE, {"oracle": "alien_exchange", "oracle_grant": True, "alien": "stare", "ripple": "none"})
    g, _p = walk_to(g, "oracle")
    g = apply(g, Action("answer", (), "no"))
    p = pending(g)
    assert p.seat == 0 and any(getattr(o, "as_", None) == "alien_goal" for o in p.info)
    assert g.facts.alien_recruited == (0,)
    g = finish(g, [3, 3, 3, 0, 3])  # a citizen dies: the aliens win, and the Oracle with them
    assert 0 in g.outcome.winners and g.outcome.keys[0] == "alien"


def test_a_ghost_oracle_answering_yes_still_forces_the_pass():
    deck = ("alien", "alien", "villager", "villager", "seer", "oracle", "tanner", "drunk")
    forced = 0
    for seed in range(30):
        g = game(deck, {"oracle": "alien_exchange", "alien": "show", "ripple": "none"}, seed)
        said = [v for name, v in g.drawn if name == "ghost.oracle"]
        assert said, "the ghost Oracle answers at random"
        forced += said[0] == "yes"
        assert (alien_instruction(g) in ("pass_left", "pass_right")) == (said[0] == "yes")
    assert 0 < forced < 30


# -- the ripple repeat_role ---------------------------------------------------------------------------------------

def test_repeatable_steps_are_the_listed_ones_before_the_ripple():
    g = game(ALIEN_TABLE, {"alien": "stare", "ripple": "none"})
    steps = repeatable_steps(g.script)
    assert steps == ("aliens", "werewolves", "seer", "robber", "drunk")
    assert set(steps) <= REPEATABLE and "tanner" not in REPEATABLE


def test_repeat_role_calls_the_drawn_step_again_right_after_the_ripple():
    g = game(ALIEN_TABLE, {"alien": "stare", "ripple": "repeat_role", "ripple_role": "seer"})
    g = finish(g, [3, 3, 3, 0, 3])
    ids = [s.id for s in g.script]
    assert ids.count("seer") == 2 and ids[ids.index("ripple") + 1] == "seer"
    assert sum(1 for e in g.events if e.step == "seer" and e.kind == "act") == 2
    assert ("ripple_role", "seer") in public_draws(g)


def test_repeat_role_draws_uniformly_among_the_repeatable_steps():
    drawn = set()
    for seed in range(300):
        g = play_game(Setup(names(5), ALIEN_TABLE, "dalbula", draws={"alien": "stare", "ripple": "repeat_role"}), seed)
        drawn |= {v for name, v in g.drawn if name == "ripple.role"}
    assert drawn == {"aliens", "werewolves", "seer", "robber", "drunk"}


def test_a_pinned_role_that_is_not_repeatable_here_is_refused():
    with pytest.raises(DrawPinError):
        play_game(Setup(names(5), ALIEN_TABLE, "dalbula",
                        draws={"alien": "stare", "ripple": "repeat_role", "ripple_role": "tanner"}), 0)


def test_the_narrator_calls_the_repeated_role_by_name_in_korean():
    seed = next(s for s in range(500) if ("ripple", "repeat_role") in
                [(e.id, dict(e.params).get("value")) for e in table_heard(ALIEN_TABLE, s, ruleset="dalbula")])
    heard = table_heard(ALIEN_TABLE, seed, ruleset="dalbula")
    role = next(dict(e.params)["value"] for e in heard if e.id == "ripple_role")
    told = narrate(ALIEN_TABLE, "ko", heard=heard, ruleset="dalbula")
    titles = [c.title for c in told.cues]
    plain = narrate(ALIEN_TABLE, "ko", ruleset="dalbula")
    assert len(told.cues) == len(plain.cues) + 1  # the repeated step is called once more
    event = next(e for e in heard if e.id == "ripple_role")
    said = draw_text(default_catalog(), event, "ko")
    assert said.startswith("다시 행동하는 직업: ") and role not in said  # by its name, not its id
    ripple = titles.index(next(c.title for c in plain.cues if c.step == "ripple"))
    assert titles[ripple + 1] in said  # the step called after the ripple is the one announced


def test_a_saved_game_with_the_new_draws_replays_the_same():
    for seed in range(60):
        g = play_game(Setup(names(6), ("alien", "alien", "oracle", "seer", "robber", "curator", "werewolf",
                                      "drunk", "tanner"), "dalbula"), seed)
        assert g.phase == "over"
    # the bots answer every new prompt: a batch with the new draws pinned ends
    for seed in range(20):
        for pins in ({"alien": "convert"}, {"alien": "recruit"}, {"ripple": "repeat_role"},
                     {"oracle": "alien_exchange"}):
            g = play_game(Setup(names(6), ("alien", "alien", "oracle", "seer", "robber", "curator", "werewolf",
                                          "drunk", "tanner"), "dalbula", draws=pins), seed)
            assert g.phase == "over" and g.outcome is not None



# -- the app --------------------------------------------------------------------------------------------------

APP_DECK = ("alien", "alien", "oracle", "seer", "robber", "werewolf", "villager", "drunk", "troublemaker")
APP_PINS = {"oracle": "parity", "alien": "convert", "ripple": "repeat_role", "ripple_role": "aliens"}


@pytest.mark.slow
async def test_a_dalbula_game_with_a_conversion_and_a_repeated_role_plays_in_the_app_in_korean():
    setup = Setup(NAMES[:6], APP_DECK, ruleset="dalbula", draws=APP_PINS)
    seed = next(s for s in range(100) if "alien" in [c.role for c in new_game(setup, s).cards[:6]])
    app = OneNightApp(quiet_settings(vote_mode="public", lang="ko"), start=NewGame(setup, seed))
    async with app.run_test(size=SIZE) as pilot:
        await play_in_app(pilot, random.Random(seed))
        g = app.state
        assert g.phase == "over" and pending(g) is None and g.outcome is not None
        assert [s.id for s in g.script].count("aliens") == 2  # called again after the ripple
        assert g.facts.alien_converted  # the awake aliens had to pick someone
        for s in g.facts.alien_converted:
            assert g.outcome.roles[s] == "alien"
        assert replay(app.saved) == g
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")


def test_narrate_print_reads_the_dalbula_night_with_its_new_draws(capsys):
    """`onenight narrate --ruleset dalbula --print`: the ripple repeat_role names the role, and the repeated
    step is read again after it (seed 311 of this roster: a pass, then repeat_role, then convert)."""
    from onenight_tui.cli import main

    roles = "alien,alien,oracle,seer,robber,werewolf,villager,drunk,troublemaker"
    assert main(["narrate", "--ruleset", "dalbula", "--roles", roles, "--seed", "311", "--print"]) == 0
    out = capsys.readouterr().out
    assert "The role that acts again: Aliens." in " ".join(out.split())
    assert "that player becomes an alien" in out
    assert out.count("Aliens, wake up and look for the other aliens.") == 2
