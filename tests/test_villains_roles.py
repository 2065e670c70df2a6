"""The Super Villains and Bonus 3–4 roles under ``onuw``, as rules/roles.md §5 (#3, #22–#26, #32, #33, #37,
#42, #44, #48, #54, #57, #62, #74–#78, §6 Voodoo Lou), §2.1 (the Temptress's extra villain), E-12, E-22,
E-23, E-55 and Appendix A describe them; the vote rules of resolution.md (V2b, V3, V6, W5m, W8).

Expected values are worked out by hand from the deal, the choices and the votes; each test names its
reference. Random draws are pinned as a scenario does (``Setup.draws``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from onenight_core import (Action, CardView, IllegalAction, Learned, Setup, apply, new_game, pending)
from onenight_core.model.kinds import PublicKind
from onenight_core.play.bots import play_game
from onenight_core.rulesets.draws import DrawPinError

from conftest import PASS, Played, copy, look, names, swap
from conftest import play as conftest_play

V3 = ("villager", "villager", "villager")


def tap(pos: str) -> Action:
    return Action("tap", (pos,))


def flip(pos: str) -> Action:
    return Action("flip", (pos,))


def play(deal: Sequence[str], center: Sequence[str] = V3,
         answers: Mapping[str, Action | Iterable[Action]] | None = None,
         votes: Sequence[int] | None = None, *, draws: Mapping[str, object] | None = None,
         seed: int = 0) -> Played:
    """``conftest.play`` with pinned draws (``Setup.draws``): an explicit deal, answers per step (in order),
    ``info`` prompts answered ``done``; a forced answer (a villain's tap on the Evilometer) is given; any other
    choice without a scripted answer fails the test."""
    return conftest_play(deal, center, answers, votes, seed=seed, draws=draws, forced=True)


def table(played: Played) -> tuple[str, ...]:
    return played.state.table_roles()


# -- the Temptress's extra villain (roles.md §2.1, #22, E-21, E-22) --------------------------------------

def test_temptress_extra_villain_is_drawn_at_set_up_and_laid_at_c3():
    played = play(["villainous_temptress", "seer", "villager"], ("werewolf", "robber", "tanner"),
                  draws={"temptress_extra": ["rapscallion"]}, answers={"villains": swap("p1", "c3"), "seer": PASS})
    g = played.state
    assert len(g.cards) == 7 and g.pos(6) == "c3"
    assert ("setup.extra_villain", "rapscallion") in g.drawn
    assert table(played) == ("villainous_temptress", "rapscallion", "villager", "werewolf", "robber", "tanner",
                             "seer")
    # the extra card joins the roster: its own step is the villains' group, already called
    assert "villains" in [s.id for s in g.script]


def test_temptress_extra_is_random_but_reproducible():
    deck = ("villainous_temptress", "seer", "villager", "werewolf", "robber", "tanner")
    setup = Setup(players=names(3), deck=deck)
    drawn = {new_game(setup, seed).cards[-1].role for seed in range(40)}
    assert drawn == {"dr_peeker", "rapscallion", "henchman_7"}
    assert [new_game(setup, 5).cards[-1].role] * 2 == [new_game(setup, 5).cards[-1].role for _ in range(2)]


def test_temptress_extra_pin_must_be_a_villain_of_the_table():
    setup = Setup(players=names(3), deck=("villainous_temptress", "seer", "villager") + V3,
                  draws={"temptress_extra": ["werewolf"]})
    with pytest.raises(DrawPinError):
        new_game(setup, 0)


def test_temptress_swaps_a_non_villain_with_the_extra_card_unseen():
    # examples-random.toml "temptress-extra-villain"
    deal = ["villainous_temptress", "seer", "dr_peeker", "villager", "rapscallion"]
    played = play(deal, ("werewolf", "robber", "tanner"), draws={"temptress_extra": ["henchman_7"]},
                  answers={"villains": [swap("p3", "c3"), look("p3"), look("c1")], "seer": PASS},
                  votes=[3, 3, 3, 0, 3])
    [first] = played.prompts_of(0, "villains")
    assert swap("p2", "c3") not in first.options and swap("p4", "c3") not in first.options
    assert swap("p0", "c3") not in first.options
    assert first.info == (Learned(0, ("p2", "p4"), "villain", "villains"),)
    assert table(played)[:5] == ("villainous_temptress", "seer", "dr_peeker", "henchman_7", "rapscallion")
    assert table(played)[5:] == ("werewolf", "robber", "tanner", "villager")
    assert played.shown(2, "villains")[-1] == CardView(2, "p3", "henchman_7", "villains")
    assert played.shown(4, "villains")[-1] == CardView(4, "c1", "robber", "villains")
    assert not [o for o in played.state.observations if isinstance(o, CardView) and o.seat == 0]
    out = played.outcome
    assert out.dead == {3} and out.winners == {1}


def test_villains_act_in_sub_action_order_not_seat_order():
    deal = ["rapscallion", "dr_peeker", "villainous_temptress", "villager"]
    played = play(deal, draws={"temptress_extra": ["henchman_7"]},
                  answers={"villains": [swap("p3", "c3"), PASS, PASS]})
    assert [p.seat for p in played.prompts_of(step="villains")] == [2, 1, 0]


def test_henchman_only_meets_the_villains():
    played = play(["henchman_7", "dr_peeker", "villager"], answers={"villains": PASS})
    [p] = played.prompts_of(0, "villains")
    assert p.kind == "info" and p.info == (Learned(0, ("p1",), "villain", "villains"),)


def test_temptress_with_only_villains_around_has_nothing_to_do():
    played = play(["villainous_temptress", "henchman_7", "dr_peeker"], draws={"temptress_extra": ["rapscallion"]},
                  answers={"villains": [PASS, PASS]})
    [p] = played.prompts_of(0, "villains")
    assert p.options == (PASS,)


def test_doppelganger_temptress_acts_at_once_then_only_meets_the_villains():
    # Appendix A: DG-Temptress acts at -7 with the Temptress's slot and joins the group (no second swap).
    deal = ["doppelganger", "villainous_temptress", "seer", "villager"]
    played = play(deal, draws={"temptress_extra": ["dr_peeker"]},
                  answers={"doppelganger": [copy("p1"), swap("p3", "c3")], "villains": swap("p2", "c3"),
                           "seer": PASS})
    dg = played.prompts_of(0, "doppelganger")[-1]
    assert swap("p1", "c3") not in dg.options  # not the Temptress she copied
    # at 1-SV the Temptress gives the slot's card (now the Villager from p3) to the Seer
    assert table(played)[:4] == ("doppelganger", "villainous_temptress", "villager", "dr_peeker")
    assert table(played)[-1] == "seer"
    [meet] = played.prompts_of(0, "villains")
    assert meet.kind == "info" and meet.info == (Learned(0, ("p1",), "villain", "villains"),)


def test_dr_peeker_copy_views_at_once():
    played = play(["doppelganger", "dr_peeker", "seer", "villager"],
                  answers={"doppelganger": [copy("p1"), look("p2")], "villains": PASS, "seer": PASS})
    assert CardView(0, "p2", "seer", "doppelganger") in played.shown(0, "doppelganger")


def test_villain_dies_village_wins_and_windy_wendy_converts_on_a_villain_vote():
    # resolution.md V2b: a villain's vote on Windy Wendy makes her a villain; she dies: the village wins.
    played = play(["henchman_7", "windy_wendy", "villager", "villager"], answers={"villains": ()},
                  votes=[1, 0, 1, 1])
    out = played.outcome
    assert out.dead == {1} and out.kinds[1] == "villain"
    assert out.winners == {2, 3}


# -- Evilometer (roles.md #26, E-12 OFF: yes/no) -----------------------------------------------------------

def test_evilometer_is_tapped_by_a_neighbouring_villain():
    played = play(["evilometer", "henchman_7", "villager", "villager"], answers={})
    taps = played.prompts_of(1, "evilometer")
    assert taps and taps[0].options == (tap("p0"),)
    assert played.shown(0, "evilometer") == [Learned(0, (), "evilometer_tapped", "evilometer")]
    assert Learned(1, ("p0",), "evilometer", "evilometer") in played.state.observations


def test_evilometer_without_a_villain_neighbour_feels_nothing():
    played = play(["evilometer", "villager", "henchman_7", "villager", "villager"], answers={})
    assert not played.prompts_of(2, "evilometer")
    assert played.shown(0, "evilometer") == [Learned(0, (), "evilometer_not_tapped", "evilometer")]


def test_evilometer_with_two_villain_neighbours_is_tapped_by_the_lower_seat():
    played = play(["evilometer", "henchman_7", "villager", "dr_peeker"], answers={"villains": PASS})
    assert [p.seat for p in played.prompts_of(step="evilometer") if p.kind == "act"] == [1]


def test_doppelganger_evilometer_gets_her_own_tap_right_after():
    played = play(["doppelganger", "evilometer", "villager", "henchman_7"], answers={"doppelganger": copy("p1")})
    steps = [s.id for s in played.state.script]
    assert steps.index("doppelganger:evilometer") == steps.index("evilometer") + 1
    assert played.shown(0, "doppelganger:evilometer") == [
        Learned(0, (), "evilometer_tapped", "doppelganger:evilometer")]
    assert played.shown(1, "evilometer") == [Learned(1, (), "evilometer_not_tapped", "evilometer")]


# -- Mirror Man (roles.md #3, E-23) ---------------------------------------------------------------------------

def test_mirror_man_copies_a_center_card_and_acts_in_its_step():
    played = play(["mirror_man", "villager", "werewolf"], ("seer", "robber", "tanner"),
                  answers={"mirror_man": copy("c0"), "seer": look("p2"), "werewolves": PASS})
    g = played.state
    assert g.night_roles[0] == "seer" and g.copiers[0] == "mirror_man"
    assert g.cards[0].copied == "seer" and g.cards[0].role == "mirror_man"
    assert CardView(0, "p2", "werewolf", "seer") in g.observations
    steps = [s.id for s in g.script]
    assert steps.index("mirror_man") == steps.index("copycat") + 1 if "copycat" in steps else True


def test_mirror_man_wakes_after_the_copycat():
    played = play(["copycat", "mirror_man", "villager"], ("seer", "insomniac", "tanner"),
                  answers={"copycat": copy("c0"), "mirror_man": copy("c1"), "seer": PASS})
    steps = [s.id for s in played.state.script]
    assert steps.index("copycat") < steps.index("mirror_man") < steps.index("seer")
    assert played.state.night_roles[:2] == ("seer", "insomniac")


def test_mirror_man_who_copied_a_werewolf_is_a_werewolf_whose_card_flipper_leaves_up():
    # E-23: team and kind from the copy; the printed Mirror Man card is a hero's for the Flipper.
    played = play(["mirror_man", "flipper", "villager"], ("werewolf", "robber", "tanner"),
                  answers={"mirror_man": copy("c0"), "werewolves": PASS, "flipper": flip("p0")},
                  votes=[1, 0, 0])
    assert played.state.cards[0].face_up
    out = played.outcome
    assert out.kinds[0] == "werewolf" and out.dead == {0} and out.winners == {1, 2}


# -- Mad Scientist and Intern (roles.md #32, #33; resolution.md W5m) ---------------------------------------------

def test_mad_scientist_hears_a_private_nonsense_line_from_his_stream():
    played = play(["mad_scientist", "villager", "villager"], answers={})
    [p] = played.prompts_of(0, "mad_scientist")
    [line] = p.info
    assert line.as_ == "nonsense" and len(line.who) == 3
    assert [v for s, v in played.state.drawn if s == "mad_scientist.flavor"] == list(line.who)
    assert line not in played.state.observations  # flavour only: nothing learned


def test_intern_sees_the_mad_scientist_thumb():
    played = play(["intern", "villager", "mad_scientist"], answers={})
    assert played.shown(0, "intern") == [Learned(0, ("p2",), "mad_scientist", "intern")]


def test_intern_without_mad_scientist_wins_only_by_dying_and_his_death_sinks_the_main_teams():
    played = play(["intern", "villager", "werewolf", "villager"], answers={"werewolves": PASS},
                  votes=[1, 0, 0, 0])
    assert played.shown(0, "intern") == [Learned(0, (), "mad_scientist", "intern")]
    out = played.outcome
    assert out.dead == {0} and out.winners == {0}


def test_mad_scientist_dies_and_wins_alone():
    # resolution.md O64
    played = play(["villainous_temptress", "mad_scientist", "villager", "villager"],
                  draws={"temptress_extra": ["henchman_7"]}, answers={"villains": swap("p3", "c3")},
                  votes=[1, 0, 1, 1])
    out = played.outcome
    assert out.dead == {1} and out.winners == {1}


# -- Annoying Lad (roles.md #37) ----------------------------------------------------------------------------

def test_annoying_lad_tap_tells_the_neighbour_who_tapped():
    played = play(["annoying_lad", "villager", "villager", "villager"], answers={"annoying_lad": tap("p3")})
    assert played.shown(3, "annoying_lad") == [Learned(3, ("p0",), "annoying_lad", "annoying_lad")]


def test_annoying_lad_may_not_tap():
    played = play(["annoying_lad", "villager", "villager"], answers={"annoying_lad": PASS})
    assert not played.shown(1, "annoying_lad") and not played.shown(2, "annoying_lad")


# -- Nostradamus (roles.md #42, E-55; resolution.md W8) --------------------------------------------------------

def _announced(played: Played) -> list[str]:
    return [dict(e.params)["value"] for e in played.state.public
            if e.kind == PublicKind.DRAW and e.id == "nostradamus"]


def test_nostradamus_stops_at_the_first_card_not_on_the_village_and_announces_its_team():
    played = play(["nostradamus", "seer", "werewolf", "villager"],
                  answers={"nostradamus": [look("p1"), look("p2")], "werewolves": PASS, "seer": PASS},
                  votes=[2, 2, 0, 2])
    assert [p.stage for p in played.prompts_of(0, "nostradamus") if p.kind == "act"] == ["start", "again"]
    assert _announced(played) == ["werewolf"]
    assert played.state.facts.predictions == ((0, "werewolf"),)
    out = played.outcome  # the werewolf died: the werewolf team lost, so Nostradamus lost
    assert out.dead == {2} and 0 not in out.winners and out.winners == {1, 3}


def test_nostradamus_may_stop_and_predicts_the_last_card_viewed():
    played = play(["nostradamus", "seer", "werewolf", "villager"],
                  answers={"nostradamus": [look("p1"), PASS], "werewolves": PASS, "seer": PASS},
                  votes=[2, 2, 0, 2])
    assert _announced(played) == ["village"]
    assert 0 in played.outcome.winners


def test_nostradamus_viewing_nobody_gets_the_pinned_app_team():
    played = play(["nostradamus", "seer", "werewolf", "villager"], draws={"nostradamus": "werewolf"},
                  answers={"nostradamus": PASS, "werewolves": PASS, "seer": PASS}, votes=[1, 2, 1, 1])
    assert _announced(played) == ["werewolf"]
    assert 0 in played.outcome.winners  # the Seer died, no werewolf: the werewolves won, he lived


def test_ghost_nostradamus_binds_the_app_team_to_the_center_card():
    played = play(["drunk", "villager", "werewolf"], ("nostradamus", "robber", "tanner"),
                  draws={"nostradamus": "tanner"}, answers={"werewolves": PASS, "drunk": Action("take", ("c0",))},
                  votes=[2, 2, 0])
    assert _announced(played) == ["tanner"]
    assert played.state.facts.predictions == ((3, "tanner"),)
    # the Drunk now holds the Nostradamus card: its prediction is the Tanner's, and no Tanner died
    assert played.outcome.roles[0] == "nostradamus" and 0 not in played.outcome.winners


def test_ghost_app_team_is_drawn_among_the_teams_of_the_roster():
    setup = Setup(players=names(3), deck=("villager", "werewolf", "seer", "nostradamus", "robber", "tanner"))
    teams = set()
    for seed in range(30):
        g = play_game(setup, seed, "random")
        teams |= {v for s, v in g.drawn if s == "nostradamus.default"}
    assert teams == {"village", "werewolf", "tanner"}


# -- the heroes that reuse base roles -------------------------------------------------------------------------

def test_detector_is_a_seer_at_5h():
    played = play(["detector", "villager", "seer"], ("robber", "tanner", "villager"),
                  answers={"seer": PASS, "detector": look("c0", "c1")})
    steps = [s.id for s in played.state.script]
    assert steps.index("seer") < steps.index("detector")
    assert played.shown(0, "detector") == [CardView(0, "c0", "robber", "detector"),
                                           CardView(0, "c1", "tanner", "detector")]


def test_role_retriever_robs_and_looks():
    played = play(["role_retriever", "werewolf", "villager"],
                  answers={"werewolves": PASS, "role_retriever": swap("p0", "p1")})
    assert table(played)[:2] == ("werewolf", "role_retriever")
    assert played.shown(0, "role_retriever") == [CardView(0, "p0", "werewolf", "role_retriever")]


def test_switcheroo_swaps_two_others():
    played = play(["switcheroo", "werewolf", "seer"], answers={"werewolves": PASS, "seer": PASS,
                                                                "switcheroo": swap("p1", "p2")})
    assert table(played)[:3] == ("switcheroo", "seer", "werewolf")


def test_self_awareness_girl_sees_her_current_card_after_the_switcheroo():
    played = play(["switcheroo", "self_awareness_girl", "werewolf"],
                  answers={"werewolves": PASS, "switcheroo": swap("p1", "p2")})
    assert played.shown(1, "self_awareness_girl") == [CardView(1, "p1", "werewolf", "self_awareness_girl")]


def test_voodoo_lou_is_a_witch_at_6e():
    played = play(["voodoo_lou", "werewolf", "villager"], ("robber", "tanner", "seer"),
                  answers={"werewolves": PASS, "voodoo_lou": [look("c1"), swap("c1", "p1")]})
    assert table(played)[:2] == ("voodoo_lou", "tanner") and table(played)[4] == "werewolf"
    [give] = [p for p in played.prompts_of(0, "voodoo_lou") if p.stage == "swap"]
    assert swap("c1", "p0") in give.options  # onuw: her own card too (E-1, like the Witch)


def test_flipper_leaves_a_hero_face_up_and_turns_others_back():
    up = play(["flipper", "detector", "villager"], answers={"detector": PASS, "flipper": flip("p1")})
    assert up.state.cards[1].face_up
    down = play(["flipper", "innocent_bystander", "villager"], answers={"flipper": flip("p1")})
    assert not down.state.cards[1].face_up  # roles.md #74: not a hero
    assert down.shown(0, "flipper") == [CardView(0, "p1", "innocent_bystander", "flipper")]
    seer = play(["flipper", "seer", "villager"], answers={"seer": PASS, "flipper": flip("p1")})
    assert not seer.state.cards[1].face_up  # a village card that is not a hero goes back


# -- passives (resolution.md V3, V6, S-innocent_bystander) -------------------------------------------------------

def test_sponge_cannot_die_and_defender_er_protects_whom_she_votes_for():
    played = play(["the_sponge", "werewolf", "defender_er", "villager"], answers={"werewolves": PASS},
                  votes=[1, 0, 1, 0])
    assert played.outcome.dead == frozenset()
    played = play(["the_sponge", "werewolf", "defender_er", "villager"], answers={"werewolves": PASS},
                  votes=[3, 0, 0, 0])
    assert played.outcome.dead == frozenset()  # p0 had 2 votes but is the Sponge


def test_ricochet_rhino_sends_his_elimination_to_whom_he_voted_for():
    played = play(["ricochet_rhino", "werewolf", "villager", "villager"], answers={"werewolves": PASS},
                  votes=[1, 0, 0, 0])
    out = played.outcome
    assert out.dead == {1} and out.winners == {0, 2, 3}


def test_innocent_bystander_wins_with_the_village():
    played = play(["innocent_bystander", "werewolf", "villager"], answers={"werewolves": PASS},
                  votes=[1, 0, 1])
    assert played.outcome.winners == {0, 2}


def test_illegal_temptress_target_is_refused():
    setup = Setup(players=names(3), deck=("villainous_temptress", "dr_peeker", "villager") + V3,
                  draws={"temptress_extra": ["henchman_7"]})
    g = new_game(setup, 0, deal=("villainous_temptress", "dr_peeker", "villager") + V3)
    assert pending(g).seat == 0
    with pytest.raises(IllegalAction):
        apply(g, swap("p1", "c3"))


def test_doppelganger_nostradamus_has_her_own_card_bound_prediction():
    # Appendix A: DG-Nostradamus at 5-Ea, her own views and her own announced team.
    played = play(["doppelganger", "nostradamus", "werewolf", "villager"], ("seer", "robber", "tanner"),
                  answers={"doppelganger": copy("p1"), "werewolves": PASS, "nostradamus": [look("p3"), PASS],
                           "doppelganger:nostradamus": look("p2")},
                  votes=[2, 2, 0, 2])
    assert played.state.facts.predictions == ((1, "village"), (0, "werewolf"))
    assert _announced(played) == ["village", "werewolf"]
    out = played.outcome  # the werewolf died: the village won
    assert out.dead == {2} and 1 in out.winners and 0 not in out.winners


def test_copycat_that_copied_mirror_man_acts_as_mirror_man():
    # roles.md #2: a Copycat that copied the Mirror Man acts at -8-A and becomes the second copy.
    played = play(["copycat", "villager", "werewolf"], ("mirror_man", "seer", "tanner"),
                  answers={"copycat": copy("c0"), "mirror_man": copy("c1"), "werewolves": PASS, "seer": PASS})
    g = played.state
    assert g.night_roles[0] == "seer" and g.copiers[0] == "copycat" and g.cards[0].copied == "seer"
