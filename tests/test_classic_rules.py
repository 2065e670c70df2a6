"""The classic rules of resolution.md Part 4, one test per rule or worked example (C01-C19, A-C cases).

Default table (4.10): 0 werewolf, 1 werewolf, 2 seer, 3 witch, 4 hunter, 5 villager, 6 little girl,
7 cupid. Night 1 asks, in order: cupid, seer, little girl (spy?), each werewolf, witch save?, witch poison?"""

from __future__ import annotations

import pytest
from classic_helpers import DEFAULT, act, run, setup_for, votes

from onenight_core.errors import CatalogError, SetupError
from onenight_core.rulesets.classic.catalog import parse_catalog
from onenight_core.rulesets.classic.protocol import apply, check_setup, new_game, outcome, pending

NO_SHERIFF = {"sheriff.enabled": False}


def night1(kill, *, cupid="lovers p6 p7", look="look p0", spy="pass", save="pass", poison="pass"):
    return [cupid, look, spy, f"kill {kill}", f"kill {kill}", save, poison]


def dead(board):
    return sorted(s for s, a in enumerate(board.alive) if not a)


def test_c01_witch_saves_the_victim_and_spends_the_life_potion():
    board, prompt, _ = run(DEFAULT, night1("p5", save="save p5"))
    assert dead(board) == [] and board.potions == (False, True)
    assert board.deaths == (("night1", ()),)
    assert prompt.step == "election"  # the day began


def test_the_witch_may_use_both_potions_the_same_night():
    board, _, _ = run(DEFAULT, night1("p5", save="save p5", poison="poison p1"))
    assert dead(board) == [1] and board.potions == (False, False)


def test_single_either_potion_spends_both():
    _, prompt, _ = run(DEFAULT, night1("p5", save="save p5")[:-1], {"witch.potions": "single_either"})
    assert prompt.step != "witch"  # no poison prompt after a save


@pytest.mark.parametrize("rule, round1_offered", [("always", True), ("first_night_only", True), ("never", False)])
def test_witch_self_save_option(rule, round1_offered):
    _, prompt, _ = run(DEFAULT, night1("p3")[:5], {"witch.can_self_save": rule})
    assert (act("save p3") in prompt.options) == round1_offered


def test_witch_may_not_poison_herself_when_the_option_says_so():
    _, prompt, _ = run(DEFAULT, night1("p5")[:6], {"witch.may_self_poison": False})
    assert prompt.step == "witch" and act("poison p3") not in prompt.options and act("poison p0") in prompt.options


def test_c04_defender_protects_and_never_the_same_player_twice():
    deal = ["werewolf", "werewolf", "seer", "witch", "hunter", "defender", "little_girl", "cupid"]
    answers = ["lovers p6 p7", "look p0", "protect p2", "pass", "kill p2", "kill p2", "pass", "pass"]
    board, prompt, _ = run(deal, answers, NO_SHERIFF)
    assert dead(board) == [] and board.last_protected == 2
    # day 1: nobody eliminated (everyone abstains is not allowed: a tie 0/1 -> no elimination)
    day = votes(2, 2, 0, 0, 1, 1, 0, 1)
    board, prompt, _ = run(deal, answers + day + ["look p1"], NO_SHERIFF)
    assert prompt.step == "defender" and act("protect p2") not in prompt.options
    assert act("protect p5") in prompt.options
    _, prompt, _ = run(deal, answers + day + ["look p1"], {**NO_SHERIFF, "defender.same_target_twice": True})
    assert act("protect p2") in prompt.options


def test_the_defender_does_not_save_the_little_girl():
    deal = ["werewolf", "werewolf", "seer", "witch", "hunter", "defender", "little_girl", "cupid"]
    answers = ["lovers p4 p5", "look p0", "protect p6", "pass", "kill p6", "kill p6", "pass", "pass"]
    board, _, _ = run(deal, answers, NO_SHERIFF)
    assert dead(board) == [6]


def test_c07_hunter_killed_at_night_shoots_before_the_victory_check():
    board, prompt, _ = run(DEFAULT, night1("p4") + ["shoot p0"])
    assert dead(board) == [0, 4] and board.phase == "day" and prompt.step == "election"


def test_c10_sheriff_ballot_counts_twice():
    deal = ["werewolf", "werewolf", "seer", "witch", "villager", "villager"]
    night = ["look p0", "kill p4", "kill p4", "pass", "pass"]
    election = ["elect p2", "elect p2", "elect p3", "elect p2", "elect p2"]
    board, _, _ = run(deal, night + election + votes(5, 5, 0, 0, 2) + ["look p1"])
    assert board.sheriff == 2 and dead(board) == [0, 4]
    # without the double vote: p5 2, p0 2 -> tie -> nobody (no_elimination)
    board, _, _ = run(deal, night + election + votes(5, 5, 0, 0, 2) + ["look p1"], {"sheriff.double_vote": False})
    assert dead(board) == [4]


def test_c13_elder_survives_the_first_attack_silently_then_dies():
    deal = ["werewolf", "werewolf", "seer", "witch", "hunter", "elder", "little_girl", "cupid"]
    n1 = ["lovers p6 p7", "look p0", "pass", "kill p5", "kill p5", "pass", "pass"]
    board, _, _ = run(deal, n1, NO_SHERIFF)
    assert dead(board) == [] and board.elder_lives == 1 and board.events[-1].kind != "death"
    day = votes(2, 2, 0, 0, 1, 1, 0, 1)
    n2 = ["look p1", "pass", "kill p5", "kill p5", "pass", "pass"]
    board, _, _ = run(deal, n1 + day + n2, NO_SHERIFF)
    assert dead(board) == [5] and board.powerless == frozenset()  # no revenge: killed by werewolves
    # a witch save on N1 is spent and does not give the life back (A-C8)
    n1_saved = n1[:5] + ["save p5", "pass"]
    board, _, _ = run(deal, n1_saved + day + ["look p1", "pass", "kill p5", "kill p5", "pass"], NO_SHERIFF)
    assert dead(board) == [5] and board.potions[0] is False
    board, _, _ = run(deal, n1_saved, {**NO_SHERIFF, "elder.witch_save_restores_life": True})
    assert board.elder_lives == 2


def test_elder_killed_by_the_vote_strips_the_village_of_powers():
    deal = ["werewolf", "werewolf", "seer", "witch", "hunter", "elder", "little_girl", "cupid"]
    n1 = ["lovers p6 p7", "look p0", "pass", "kill p2", "kill p2", "pass", "pass"]
    board, prompt, _ = run(deal, n1 + votes(5, 5, 5, 5, 0, 5, 5), NO_SHERIFF)
    assert dead(board) == [2, 5]
    assert board.powerless == frozenset({3, 4, 6, 7})
    assert prompt.step == "werewolf" and prompt.role == "werewolf"  # night 2: no seer, witch or girl prompt


def test_elder_poisoned_dies_at_once_with_revenge():
    deal = ["werewolf", "werewolf", "seer", "witch", "hunter", "elder", "little_girl", "cupid"]
    board, _, _ = run(deal, ["lovers p6 p7", "look p0", "pass", "kill p2", "kill p2", "pass", "poison p5"], NO_SHERIFF)
    assert dead(board) == [2, 5] and 4 in board.powerless


def test_c16_thief_must_take_a_werewolf_when_both_middle_cards_are():
    deal = ["werewolf", "thief", "seer", "villager", "villager", "villager", "werewolf", "werewolf"]
    _, prompt, _ = run(deal, [])
    assert prompt.step == "thief" and act("pass") not in prompt.options
    board, prompt, _ = run(deal, ["take c1", "look p1"])
    assert board.roles[1] == "werewolf" and prompt.step == "werewolf"
    assert act("kill p1") not in prompt.options and board.seen == (("night1", 2, 1, "werewolf"),)


def test_thief_may_keep_his_card():
    deal = ["werewolf", "thief", "seer", "villager", "villager", "villager", "villager", "villager"]
    _, prompt, _ = run(deal, [])
    assert act("pass") in prompt.options


def test_c19_the_dead_sheriff_names_a_successor_after_the_triggers():
    deal = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "little_girl", "cupid"]
    options = {"sheriff.election": "night1"}
    election = ["elect p2"] * 8
    n1 = ["lovers p2 p4", "look p0", "pass", "kill p2", "kill p2", "pass", "pass"]
    board, prompt, _ = run(deal, election + n1, options)
    # 2 dies, his lover 4 dies of grief, the hunter 4 shoots, then the successor is asked
    assert prompt.step == "hunter" and prompt.seat == 4
    board, prompt, _ = run(deal, election + n1 + ["shoot p5"], options)
    assert prompt.step == "sheriff" and prompt.seat == 2
    assert act("successor p4") not in prompt.options and act("successor p3") in prompt.options
    board, _, _ = run(deal, election + n1 + ["shoot p5", "successor p3"], options)
    assert board.sheriff == 3 and dead(board) == [2, 4, 5]
    board, _, _ = run(deal, election + n1 + ["shoot p5", "pass"], options, pins=[6])
    assert board.sheriff == 6  # a refusal: the successor is drawn (pinned here)


def test_lovers_may_not_vote_for_each_other_and_die_of_grief():
    board, prompt, _ = run(DEFAULT, night1("p5", cupid="lovers p2 p5"), NO_SHERIFF)
    assert dead(board) == [2, 5]
    _, prompt, _ = run(DEFAULT, night1("p3", cupid="lovers p4 p6", save="pass"), NO_SHERIFF)
    assert prompt.seat == 0 and prompt.step == "vote"
    _, prompt, _ = run(DEFAULT, night1("p3", cupid="lovers p4 p6") + votes(1, 0, 0, -2)[:3], NO_SHERIFF)
    assert prompt.seat == 4 and act("vote p6") not in prompt.options and act("vote p5") in prompt.options


def test_a_mixed_couple_wins_alone_as_the_last_two():
    deal = ["werewolf", "villager", "villager"]
    board, _, _ = run(deal, ["kill p2"], NO_SHERIFF)
    assert board.winning_side is None  # no cupid: p0, p1 alive, game goes on
    deal = ["werewolf", "cupid", "villager"]
    board, _, _ = run(deal, ["lovers p0 p1", "kill p2"], NO_SHERIFF)
    assert board.phase == "over" and board.winning_side == "lovers" and board.winners == (0, 1)


def test_cupid_wins_with_the_lovers_only_by_option():
    deal = ["werewolf", "cupid", "villager", "villager"]
    answers = ["lovers p0 p2", "kill p3"] + votes(1, 0, 1)
    board, _, _ = run(deal, answers, {**NO_SHERIFF, "cupid.wins_with_lovers": True})
    assert board.winning_side == "lovers" and board.winners == (0, 1, 2)
    board, _, _ = run(deal, answers, NO_SHERIFF)
    assert board.winning_side == "lovers" and board.winners == (0, 2)


def test_scapegoat_dies_on_a_tie_and_names_the_next_voters():
    deal = ["werewolf", "seer", "scapegoat", "villager", "villager", "villager"]
    answers = ["look p0", "kill p5"] + votes(1, 0, 0, 1, 3) + ["voters p1", "voters p3", "done"]
    board, _, _ = run(deal, answers, NO_SHERIFF)
    assert dead(board) == [2, 5] and board.voters_next_day == frozenset({1, 3})
    answers += ["look p3", "kill p4"]
    _, prompt, _ = run(deal, answers, NO_SHERIFF)
    assert prompt.step == "vote" and prompt.seat == 1  # p0 has no ballot today
    board, _, _ = run(deal, answers + votes(0, 0), NO_SHERIFF)
    assert board.phase == "over" and board.winners == (1, 2, 3, 4, 5) and board.ended_after == "day2"


def test_village_idiot_is_revealed_not_killed_and_loses_his_vote():
    deal = ["werewolf", "seer", "village_idiot", "villager", "villager", "villager"]
    answers = ["look p0", "kill p5"] + votes(2, 2, 0, 2, 2)
    board, _, _ = run(deal, answers, NO_SHERIFF)
    assert dead(board) == [5] and board.revealed_idiots == frozenset({2})
    board, prompt, _ = run(deal, answers + ["look p3", "kill p4", "vote p2", "vote p2"], NO_SHERIFF)
    assert prompt.seat == 3  # p2 skipped: no ballot
    board, _, _ = run(deal, answers + ["look p3", "kill p4", "vote p2", "vote p2", "vote p2"], NO_SHERIFF)
    assert 2 not in board.living()  # a revealed idiot voted out again dies


@pytest.mark.parametrize("policy, extra, pins, expect_dead", [
    ("no_elimination", [], [], [5]),
    ("revote_after_speeches", votes(1, 0, 1, 1, 0), [], [1, 5]),  # p1 3, p0 2
    ("revote_after_speeches", votes(1, 0, 0, 1, 3), [], [5]),  # a second tie: nobody
    ("mob_runoff", ["vote p1", "vote p1", "vote p0"], [], [1, 5]),
    ("mob_runoff", ["vote p1", "vote p0", "abstain"][:2] + ["vote p0"], [], [0, 5]),
    ("sheriff_decides", [], [], [5]),  # no sheriff: nobody
])
def test_tie_policies(policy, extra, pins, expect_dead):
    deal = ["werewolf", "seer", "villager", "villager", "villager", "villager"]
    answers = ["look p0", "kill p5"] + votes(1, 0, 0, 1, 3) + extra
    board, _, _ = run(deal, answers, {**NO_SHERIFF, "vote.tie_policy": policy}, pins)
    assert dead(board) == expect_dead


def test_mob_runoff_draws_after_max_runoffs_ties():
    deal = ["werewolf", "seer", "villager", "villager", "villager", "villager", "villager"]
    answers = ["look p0", "kill p6"] + votes(1, 0, 0, 1, 5, 4)
    runoff = ["vote p0", "vote p1", "vote p0", "vote p1"]  # voters 2..5 (non-candidates), 2-2
    opts = {**NO_SHERIFF, "vote.tie_policy": "mob_runoff", "vote.max_runoffs": 2}
    board, prompt, _ = run(deal, answers + runoff, opts)
    assert prompt.step == "vote" and prompt.seat == 2  # a second run-off
    board, _, _ = run(deal, answers + runoff + runoff, opts, pins=[1])
    assert dead(board) == [1, 6]


def test_sheriff_decides_a_tie():
    deal = ["werewolf", "seer", "villager", "villager", "villager", "villager"]
    opts = {"vote.tie_policy": "sheriff_decides", "sheriff.double_vote": False}
    answers = ["look p0", "kill p5"] + ["elect p3"] * 5 + votes(1, 0, 0, 1, 3)
    _, prompt, _ = run(deal, answers, opts)
    assert prompt.step == "tie_break" and prompt.seat == 3
    assert set(prompt.options) == {act("decide p0"), act("decide p1")}
    board, _, _ = run(deal, answers + ["decide p0"], opts)
    assert board.winning_side == "villagers" and board.reason == "no_werewolves_left"


def test_little_girl_spies_and_is_caught():
    answers = night1("p5", spy="spy")
    board, prompt, _ = run(DEFAULT, answers[:3], pins=[True, True])
    assert prompt.step == "werewolf" and board.spied == (("night1", 6, (0, 1)),)
    board, prompt, _ = run(DEFAULT, answers[:3] + ["kill p6", "kill p6"], pins=[True, True])
    assert act("save p6") in prompt.options  # savable by default (A-C11)
    _, prompt, _ = run(DEFAULT, answers[:3] + ["kill p6", "kill p6"], {"little_girl.caught_savable_by_witch": False},
                       pins=[False, True])
    assert prompt.step == "witch" and act("save p6") not in prompt.options  # A-C23: only the poison


def test_seer_wolf_or_not():
    board, _, _ = run(DEFAULT, ["lovers p6 p7", "look p1", "pass"], {"seer.reveals": "wolf_or_not"})
    assert board.seen == (("night1", 2, 1, "werewolf"),)


def test_piper_wins_when_every_other_living_player_is_charmed():
    deal = ["werewolf", "piper", "villager", "villager"]
    board, _, _ = run(deal, ["kill p3", "charm p0 p2"], NO_SHERIFF)
    assert board.phase == "over" and board.winning_side == "piper" and board.winners == (1,)


def test_a_living_piper_does_not_stop_the_village_a_c12():
    deal = ["werewolf", "piper", "villager", "villager", "villager"]
    board, _, _ = run(deal, ["kill p4", "charm p0 p2"] + votes(2, 0, 0, 0), NO_SHERIFF)
    assert board.winning_side == "villagers" and 1 in board.living() and 1 not in board.winners


def test_parity_win_rule():
    deal = ["werewolf", "seer", "villager", "villager"]
    board, _, _ = run(deal, ["look p0", "kill p3"], {**NO_SHERIFF, "werewolves.win_rule": "parity"})
    assert board.phase != "over"
    board, _, _ = run(deal, ["look p0", "kill p3"] + votes(1, 2, 1), {**NO_SHERIFF, "werewolves.win_rule": "parity"})
    assert board.winning_side == "werewolves" and board.reason == "parity"


def test_every_slot_of_the_composition_is_called_dead_or_alive_a_c15():
    deal = ["werewolf", "seer", "witch", "villager", "villager", "villager"]
    n1 = ["look p0", "kill p1", "pass", "pass"]
    board, _, _ = run(deal, n1 + votes(3, 3, 0, 3, 3) + ["kill p2"], NO_SHERIFF)
    night2 = [p.id for p in board.public if p.kind == "step" and ("round", 2) in p.params]
    assert night2 == ["seer", "werewolf", "witch"]


@pytest.mark.parametrize("deck, message", [
    (["werewolf", "villager", "oracle"], "unknown classic role 'oracle'"),
    (["villager", "villager", "villager"], "at least one werewolf"),
    (["werewolf", "seer", "seer"], "at most one seer"),
    (["werewolf", "villager", "villager", "villager"], "one card per player"),
])
def test_bad_setups_are_one_line(deck, message):
    from onenight_core.model.values import Setup
    with pytest.raises(SetupError, match=message) as info:
        check_setup(Setup(players=["a", "b", "c"], deck=deck, ruleset="classic"))
    assert "\n" not in str(info.value)


def test_events_are_accepted_now_that_the_seeds_card_is_played():
    check_setup(setup_for(["werewolf", "villager", "villager"], {"events.enabled": True}))  # test_classic_app_events


@pytest.mark.parametrize("text, message", [
    ("[[role]]\nid='werewolf'\n", "missing field"),
    ("nope = [", "classic.toml"),
    ("x = 1", "no \\[\\[role\\]\\]"),
])
def test_catalog_errors_are_one_line(text, message):
    with pytest.raises(CatalogError, match=message) as info:
        parse_catalog(text)
    assert "\n" not in str(info.value)


def test_protocol_refuses_an_illegal_answer_and_changes_nothing():
    game = new_game(setup_for(DEFAULT), 3)
    before = game
    prompt = pending(game)
    from onenight_core.errors import IllegalAction
    with pytest.raises(IllegalAction):
        apply(game, act("kill p99"))
    assert game == before and outcome(game) is None
    after = apply(game, prompt.options[0])
    assert after != game and game == before
