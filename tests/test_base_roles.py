"""Every base role, exactly as rules/roles.md §5, §1.2 and Appendix A describe it.

Each test names the reference entry it checks. Expected values were worked out by hand from the deal and
the choices; positions are p0..pN-1 for the players and c0, c1, c2 for the center. Views show the
printed role of a card (roles.md E-29)."""

from __future__ import annotations

import pytest
from attrs import evolve

from onenight_core import CardView, IllegalAction, Learned, apply, pending

from conftest import DONE, PASS, copy, look, play, state_at, swap, take

V3 = ("villager", "villager", "villager")


def table(played) -> tuple[str, ...]:
    return played.state.table_roles()


# -- Werewolf (roles.md #27) -------------------------------------------------------------------------

def test_werewolves_wake_together_and_see_each_other():
    played = play(["werewolf", "seer", "werewolf", "villager"], V3, {"seer": PASS})
    wolves = played.prompts_of(step="werewolves")
    assert [p.seat for p in wolves] == [0, 2]
    assert all(p.kind == "info" and p.options == (DONE,) for p in wolves)
    assert {p.group for p in wolves} == {(0, 2)}
    assert played.shown(0, "werewolves") == [Learned(0, ("p2",), "werewolf", "werewolves")]
    assert played.shown(2, "werewolves") == [Learned(2, ("p0",), "werewolf", "werewolves")]


def test_lone_wolf_may_view_one_center_card():
    played = play(["werewolf", "seer", "villager"], ["werewolf", "tanner", "robber"],
                  {"werewolves": look("c1"), "seer": PASS})
    first = played.prompts_of(0, "werewolves")[0]
    assert first.kind == "act"
    assert first.info == (Learned(0, (), "werewolf", "werewolves"),)
    assert first.options == (PASS, look("c0"), look("c1"), look("c2"))
    assert played.shown(0, "werewolves")[-1] == CardView(0, "c1", "tanner", "werewolves")
    assert table(played) == ("werewolf", "seer", "villager", "werewolf", "tanner", "robber")


def test_lone_wolf_may_pass_and_sees_no_card():
    played = play(["werewolf", "seer", "villager"], V3, {"werewolves": PASS, "seer": PASS})
    assert not any(isinstance(o, CardView) for o in played.shown(0))


@pytest.mark.parametrize("bad", [look("p1"), look("p0"), look("c0", "c1"), take("c0"), copy("p1")])
def test_lone_wolf_views_exactly_one_center_card(bad):
    g = state_at(["werewolf", "seer", "villager"], V3, "werewolves")
    assert pending(g).stage == "lone"
    with pytest.raises(IllegalAction):
        apply(g, bad)


def test_dream_wolf_thumb_means_the_wolf_is_not_alone_under_onuw():
    # roles.md #27 and E-11: under onuw (official Daybreak) the Dream Wolf's thumb tells the werewolf it
    # is not alone, so there is no center peek; the Dream Wolf itself never wakes.
    played = play(["werewolf", "dream_wolf", "seer", "villager"], V3, {"seer": PASS})
    wolves = played.prompts_of(step="werewolves")
    assert [p.seat for p in wolves] == [0]
    assert wolves[0].kind == "info"
    assert wolves[0].info == (Learned(0, ("p1",), "werewolf", "werewolves"),)
    assert [p.kind for p in played.prompts_of(1)] == []


def test_werewolves_do_not_learn_the_minion():
    played = play(["werewolf", "minion", "werewolf", "villager"], V3)
    assert played.shown(0, "werewolves") == [Learned(0, ("p2",), "werewolf", "werewolves")]
    assert played.shown(2, "werewolves") == [Learned(2, ("p0",), "werewolf", "werewolves")]


def test_werewolf_wakes_by_night_identity_even_after_losing_the_card():
    # roles.md §1.2: a player acts on the steps of their NI even if the card moved. A Doppelganger-
    # Troublemaker (step -7) moves the werewolf card away before step 2; p3 still wakes as a lone wolf.
    played = play(["doppelganger", "troublemaker", "villager", "werewolf"], V3,
                  {"doppelganger": [copy("p1"), swap("p2", "p3")], "werewolves": look("c0"),
                   "troublemaker": PASS})
    assert [p.seat for p in played.prompts_of(step="werewolves")] == [3, 3]
    assert table(played)[:4] == ("doppelganger", "troublemaker", "werewolf", "villager")


# -- Minion (roles.md #30) ----------------------------------------------------------------------------

def test_minion_sees_every_werewolf_including_the_dream_wolf():
    played = play(["minion", "werewolf", "dream_wolf", "villager"], V3)
    [p] = played.prompts_of(0, "minion")
    assert p.kind == "info" and p.options == (DONE,)
    assert p.info == (Learned(0, ("p1", "p2"), "werewolf", "minion"),)


def test_minion_with_every_werewolf_in_the_center_sees_nobody():
    played = play(["minion", "seer", "villager"], ["werewolf", "werewolf", "villager"], {"seer": PASS})
    assert played.shown(0, "minion") == [Learned(0, (), "werewolf", "minion")]
    assert "werewolves" in [s.id for s in played.state.script]
    assert played.prompts_of(step="werewolves") == []


def test_minion_wins_with_the_werewolves_even_when_dead():
    # roles.md #30 Win: the werewolf team's condition; he does not need to survive (S3).
    # votes: p1 gets 3 (from p0, p2, p3) and dies; no werewolf died.
    played = play(["werewolf", "minion", "villager", "villager"], V3, {"werewolves": PASS}, votes=[1, 2, 1, 1])
    assert played.outcome.dead == {1}
    assert played.outcome.winners == {0, 1}


def test_minion_without_werewolves_wins_alive_when_someone_else_dies():
    # roles.md #30 Passive 2: no werewolf among the players -> "the Minion survives and >= 1 other dies".
    # votes: p2 gets 2 (p1, p3) and dies.
    played = play(["minion", "villager", "villager", "villager"], ["werewolf", "werewolf", "villager"],
                  votes=[1, 2, 3, 2])
    assert played.outcome.dead == {2}
    assert played.outcome.winners == {0}


# -- Mason (roles.md #35) -----------------------------------------------------------------------------

def test_masons_see_each_other():
    played = play(["mason", "villager", "mason", "villager"], V3)
    masons = played.prompts_of(step="masons")
    assert [p.seat for p in masons] == [0, 2] and all(p.kind == "info" for p in masons)
    assert played.shown(0, "masons") == [Learned(0, ("p2",), "mason", "masons")]
    assert played.shown(2, "masons") == [Learned(2, ("p0",), "mason", "masons")]


def test_lone_mason_learns_the_other_is_not_among_the_players():
    played = play(["mason", "villager", "villager"], ["mason", "villager", "villager"])
    assert played.shown(0, "masons") == [Learned(0, (), "mason", "masons")]


# -- Seer (roles.md #38) ------------------------------------------------------------------------------

def test_seer_options_are_one_other_player_or_two_center_cards():
    g = state_at(["villager", "seer", "werewolf", "villager"], V3, "seer")
    assert pending(g).options == (PASS, look("p0"), look("p2"), look("p3"),
                                  look("c0", "c1"), look("c0", "c2"), look("c1", "c2"))


def test_seer_views_a_player_card():
    played = play(["villager", "seer", "villager", "werewolf"], V3,
                  {"seer": look("p3"), "werewolves": PASS})
    assert played.shown(1, "seer") == [CardView(1, "p3", "werewolf", "seer")]


def test_seer_views_two_center_cards():
    played = play(["villager", "seer", "villager"], ["werewolf", "tanner", "robber"],
                  {"seer": look("c0", "c2")})
    assert played.shown(1, "seer") == [CardView(1, "c0", "werewolf", "seer"),
                                       CardView(1, "c2", "robber", "seer")]


def test_seer_may_pass():
    played = play(["villager", "seer", "villager"], V3, {"seer": PASS})
    assert played.state.observations == ()


@pytest.mark.parametrize("bad", [look("p1"), look("c0"), look("c0", "c1", "c2"), look("p0", "p2"),
                                 look("c0", "c0"), look("p0", "c0"), look("p9"), swap("p0", "p2")])
def test_seer_cannot_view_own_card_or_other_combinations(bad):
    g = state_at(["villager", "seer", "villager"], V3, "seer")
    with pytest.raises(IllegalAction):
        apply(g, bad)


# -- Robber (roles.md #45) ----------------------------------------------------------------------------

def test_robber_options():
    g = state_at(["villager", "villager", "robber", "seer"], V3, "robber")
    assert pending(g).options == (PASS, swap("p2", "p0"), swap("p2", "p1"), swap("p2", "p3"))


def test_robber_swaps_then_sees_the_new_card_and_takes_its_team():
    played = play(["robber", "werewolf", "villager", "villager"], V3,
                  {"robber": swap("p0", "p1"), "werewolves": PASS}, votes=[2, 0, 0, 0])
    assert played.shown(0, "robber") == [CardView(0, "p0", "werewolf", "robber")]
    assert table(played)[:4] == ("werewolf", "robber", "villager", "villager")
    # p0 now holds the werewolf card: p0 gets 3 votes and dies, so the village (p1, p2, p3) wins
    out = played.outcome
    assert out.dead == {0}
    assert out.winners == {1, 2, 3}
    assert out.roles[:2] == ("werewolf", "robber")


def test_robber_does_not_act_as_the_stolen_role():
    # roles.md #45 / §1.2: NI is unchanged. The Robber steals the Insomniac card: at step 9 the original
    # Insomniac (now holding the Robber card) wakes and sees "robber"; the Robber does not wake.
    played = play(["robber", "insomniac", "troublemaker", "villager"], V3,
                  {"robber": swap("p0", "p1"), "troublemaker": PASS})
    ins = played.prompts_of(step="insomniac")
    assert [p.seat for p in ins] == [1]
    assert ins[0].info == (CardView(1, "p1", "robber", "insomniac"),)


def test_robber_who_steals_the_troublemaker_does_not_swap_at_step_7():
    played = play(["robber", "troublemaker", "werewolf", "villager"], V3,
                  {"robber": swap("p0", "p1"), "werewolves": PASS, "troublemaker": swap("p0", "p2")})
    assert [p.seat for p in played.prompts_of(step="troublemaker")] == [1]
    assert played.shown(0, "robber") == [CardView(0, "p0", "troublemaker", "robber")]
    # then p1 (NI troublemaker, holding the robber card) swapped p0 and p2
    assert table(played)[:4] == ("werewolf", "robber", "troublemaker", "villager")


def test_robber_may_pass():
    played = play(["robber", "werewolf", "villager"], V3, {"robber": PASS, "werewolves": PASS})
    assert table(played)[:3] == ("robber", "werewolf", "villager")
    assert played.shown(0, "robber") == []


@pytest.mark.parametrize("bad", [swap("p0", "p2"), swap("p2", "c0"), swap("p2", "p2"), look("p0")])
def test_robber_only_swaps_own_card_with_another_player(bad):
    g = state_at(["villager", "villager", "robber", "seer"], V3, "robber")
    with pytest.raises(IllegalAction):
        apply(g, bad)


# -- Troublemaker (roles.md #49) ----------------------------------------------------------------------

def test_troublemaker_options_are_pairs_of_other_players():
    g = state_at(["villager", "villager", "troublemaker", "seer"], V3, "troublemaker")
    assert pending(g).options == (PASS, swap("p0", "p1"), swap("p0", "p3"), swap("p1", "p3"))


def test_troublemaker_swaps_two_others_without_looking():
    played = play(["villager", "werewolf", "troublemaker", "seer"], V3,
                  {"troublemaker": swap("p1", "p3"), "seer": PASS, "werewolves": PASS})
    assert table(played)[:4] == ("villager", "seer", "troublemaker", "werewolf")
    assert played.shown(2) == []


def test_troublemaker_acts_even_if_robbed():
    # roles.md #49 (S3 note) and Appendix E.1: the Robber took the Troublemaker card; p1 still swaps.
    played = play(["robber", "troublemaker", "werewolf", "villager"], V3,
                  {"robber": swap("p0", "p1"), "werewolves": PASS, "troublemaker": swap("p0", "p2")})
    assert [p.seat for p in played.prompts_of(step="troublemaker")] == [1]
    assert table(played)[:4] == ("werewolf", "robber", "troublemaker", "villager")


@pytest.mark.parametrize("bad", [swap("p2", "p0"), swap("p0", "c0"), swap("p1", "p1"), take("c0")])
def test_troublemaker_cannot_move_own_card_or_center_cards(bad):
    g = state_at(["villager", "villager", "troublemaker", "seer"], V3, "troublemaker")
    with pytest.raises(IllegalAction):
        apply(g, bad)


# -- Drunk (roles.md #55) -----------------------------------------------------------------------------

def test_drunk_must_take_a_center_card():
    g = state_at(["villager", "drunk", "villager"], ["werewolf", "tanner", "seer"], "drunk")
    assert pending(g).options == (take("c0"), take("c1"), take("c2"))
    for bad in (PASS, take("p0"), look("c0")):
        with pytest.raises(IllegalAction):
            apply(g, bad)


def test_drunk_exchanges_with_the_center_without_looking():
    played = play(["villager", "drunk", "villager"], ["werewolf", "tanner", "seer"], {"drunk": take("c1")})
    assert table(played) == ("villager", "tanner", "villager", "werewolf", "drunk", "seer")
    assert played.state.observations == ()


def test_shielded_drunk_cannot_act():
    # roles.md #55: if the Drunk's own card is shielded, it cannot act (OFF). The shield is set by hand.
    g = state_at(["troublemaker", "drunk", "villager"], ["werewolf", "tanner", "seer"], "troublemaker")
    g = evolve(g, shields=frozenset({1}))
    g = apply(g, PASS)
    p = pending(g)
    assert (p.seat, p.step) == (1, "drunk")
    assert p.options == (PASS,)
    g = apply(g, PASS)
    assert g.table_roles() == ("troublemaker", "drunk", "villager", "werewolf", "tanner", "seer")


# -- Insomniac (roles.md #56) -------------------------------------------------------------------------

def test_insomniac_sees_own_card_when_unchanged():
    played = play(["insomniac", "villager", "villager"], V3)
    [p] = played.prompts_of(0, "insomniac")
    assert p.kind == "info" and p.options == (DONE,)
    assert p.info == (CardView(0, "p0", "insomniac", "insomniac"),)


def test_insomniac_sees_own_current_card():
    played = play(["insomniac", "troublemaker", "werewolf", "villager"], V3,
                  {"troublemaker": swap("p0", "p2"), "werewolves": PASS})
    assert played.shown(0, "insomniac") == [CardView(0, "p0", "werewolf", "insomniac")]


def test_shielded_insomniac_learns_nothing():
    g = state_at(["insomniac", "troublemaker", "villager", "villager"], V3, "troublemaker")
    g = evolve(g, shields=frozenset({0}))
    g = apply(g, PASS)
    p = pending(g)
    assert (p.seat, p.step, p.kind) == (0, "insomniac", "info")
    assert p.info == ()
    assert [o for o in g.observations if o.seat == 0] == []


# -- Villager, Hunter, Tanner (roles.md #68-70) -------------------------------------------------------

def test_villager_hunter_and_tanner_never_wake():
    played = play(["villager", "hunter", "tanner"], V3, votes=[1, 2, 0])
    assert [s.id for s in played.state.script] == []
    assert all(p.kind == "vote" for p in played.prompts)


def test_hunter_who_dies_takes_his_target():
    # roles.md #69: p1 (hunter) gets 3 votes and dies; he voted p0 (werewolf), who dies too.
    played = play(["werewolf", "hunter", "villager", "villager"], V3, {"werewolves": PASS},
                  votes=[1, 0, 1, 1])
    assert played.outcome.dead == {0, 1}
    assert played.outcome.winners == {1, 2, 3}


def test_tanner_wins_by_dying_and_the_werewolves_cannot_win():
    # roles.md #70: p1 (tanner) gets 3 votes; no werewolf died, so the village loses too.
    played = play(["werewolf", "tanner", "villager", "villager"], V3, {"werewolves": PASS},
                  votes=[1, 0, 1, 1])
    assert played.outcome.dead == {1}
    assert played.outcome.winners == {1}


# -- Doppelganger (roles.md #4 and Appendix A) --------------------------------------------------------

def test_doppelganger_must_copy_another_player():
    g = state_at(["villager", "doppelganger", "villager", "seer"], V3, "doppelganger")
    p = pending(g)
    assert p.options == (copy("p0"), copy("p2"), copy("p3"))
    for bad in (PASS, copy("p1"), copy("c0"), look("p0")):
        with pytest.raises(IllegalAction):
            apply(g, bad)


def test_doppelganger_sees_the_copied_card_and_takes_its_night_identity():
    played = play(["doppelganger", "villager", "seer"], V3, {"doppelganger": copy("p1"), "seer": PASS})
    assert played.shown(0, "doppelganger") == [CardView(0, "p1", "villager", "doppelganger")]
    assert played.state.night_roles[0] == "villager"
    assert played.state.cards[0].copied == "villager"
    # copying the Villager means nothing more happens at night (roles.md #4 Edge, S3)
    assert [p.kind for p in played.prompts_of(0)] == ["act", "info"]


def test_doppelganger_seer_acts_immediately_and_not_at_step_5():
    played = play(["doppelganger", "seer", "werewolf", "villager"], V3,
                  {"doppelganger": [copy("p1"), look("p2")], "werewolves": PASS, "seer": PASS})
    dg = played.prompts_of(0, "doppelganger")
    assert [(p.kind, p.role) for p in dg] == [("act", "doppelganger"), ("info", "doppelganger"),
                                              ("act", "seer"), ("info", "seer")]
    assert dg[2].copier == "doppelganger"
    assert dg[2].options == (PASS, look("p1"), look("p2"), look("p3"),
                             look("c0", "c1"), look("c0", "c2"), look("c1", "c2"))
    assert dg[3].info == (CardView(0, "p2", "werewolf", "doppelganger"),)
    assert [p.seat for p in played.prompts_of(step="seer")] == [1]
    # every DG prompt comes before the werewolves wake
    assert played.steps_prompted()[:2] == ["doppelganger", "werewolves"]


def test_doppelganger_robber_robs_at_once_and_the_copy_travels_with_the_card():
    played = play(["doppelganger", "robber", "werewolf", "villager"], V3,
                  {"doppelganger": [copy("p1"), swap("p0", "p2")], "werewolves": PASS, "robber": PASS},
                  votes=[2, 2, 0, 2])
    assert played.shown(0, "doppelganger")[-1] == CardView(0, "p0", "werewolf", "doppelganger")
    assert [p.seat for p in played.prompts_of(step="robber")] == [1]
    assert table(played)[:4] == ("werewolf", "robber", "doppelganger", "villager")
    assert played.state.cards[2].copied == "robber"
    # p2 (3 votes) holds the DG card that copied the Robber: a villager. p0 (werewolf card) lives.
    out = played.outcome
    assert out.dead == {2}
    assert out.roles[2] == "robber" and out.keys[2] == "village"
    assert out.winners == {0}


def test_doppelganger_troublemaker_swaps_at_once():
    played = play(["doppelganger", "troublemaker", "villager", "werewolf"], V3,
                  {"doppelganger": [copy("p1"), swap("p2", "p3")], "werewolves": PASS,
                   "troublemaker": swap("p0", "p2")})
    assert [p.seat for p in played.prompts_of(step="troublemaker")] == [1]
    assert table(played)[:4] == ("werewolf", "troublemaker", "doppelganger", "villager")


def test_doppelganger_drunk_takes_a_center_card_at_once():
    played = play(["doppelganger", "drunk", "villager"], ["werewolf", "tanner", "seer"],
                  {"doppelganger": [copy("p1"), take("c1")], "drunk": take("c0")})
    dg = played.prompts_of(0, "doppelganger")
    assert dg[2].options == (take("c0"), take("c1"), take("c2"))
    assert [p.seat for p in played.prompts_of(step="drunk")] == [1]
    assert table(played) == ("tanner", "werewolf", "villager", "drunk", "doppelganger", "seer")
    assert played.state.cards[4].copied == "drunk"


def test_doppelganger_insomniac_sees_its_current_card_after_the_insomniac():
    # roles.md #56 and Appendix A: DG-Insomniac wakes at 9a and views its CURRENT card.
    played = play(["doppelganger", "insomniac", "troublemaker", "werewolf"], V3,
                  {"doppelganger": copy("p1"), "werewolves": PASS, "troublemaker": swap("p0", "p3")})
    assert played.steps_prompted()[-2:] == ["insomniac", "doppelganger:insomniac"]
    assert played.shown(1, "insomniac") == [CardView(1, "p1", "insomniac", "insomniac")]
    [p] = played.prompts_of(0, "doppelganger:insomniac")
    assert p.kind == "info" and p.copier == "doppelganger"
    assert p.info == (CardView(0, "p0", "werewolf", "doppelganger:insomniac"),)
    assert len(played.prompts_of(0, "doppelganger")) == 2  # copy and its result only


def test_doppelganger_minion_sees_the_wolves_at_the_end_of_its_step():
    # roles.md #4 step 4: at the end of the DG step the DG-Minion sees every werewolf NI, Dream Wolf
    # included; the wolves do not learn the DG-Minion; the real Minion still wakes at step 3.
    played = play(["doppelganger", "minion", "werewolf", "dream_wolf", "villager"], V3,
                  {"doppelganger": copy("p1")}, votes=[2, 0, 0, 0, 0])
    dg = played.prompts_of(0, "doppelganger")
    assert [p.kind for p in dg] == ["act", "info", "info"]
    assert dg[2].role == "minion" and dg[2].copier == "doppelganger"
    assert dg[2].info == (Learned(0, ("p2", "p3"), "werewolf", "doppelganger"),)
    assert [p.seat for p in played.prompts_of(step="minion")] == [1]
    assert played.shown(1, "minion") == [Learned(1, ("p2", "p3"), "werewolf", "minion")]
    assert played.shown(2, "werewolves") == [Learned(2, ("p3",), "werewolf", "werewolves")]
    # p0 dies with 4 votes; no werewolf died: the werewolf team, both minions included, wins
    assert played.outcome.dead == {0}
    assert played.outcome.winners == {0, 1, 2, 3}


def test_doppelganger_werewolf_joins_the_werewolves():
    played = play(["doppelganger", "werewolf", "minion", "villager"], V3, {"doppelganger": copy("p1")})
    wolves = played.prompts_of(step="werewolves")
    assert [p.seat for p in wolves] == [0, 1] and all(p.kind == "info" for p in wolves)
    assert played.shown(0, "werewolves") == [Learned(0, ("p1",), "werewolf", "werewolves")]
    assert played.shown(1, "werewolves") == [Learned(1, ("p0",), "werewolf", "werewolves")]
    assert played.shown(2, "minion") == [Learned(2, ("p0", "p1"), "werewolf", "minion")]


def test_doppelganger_mason_joins_the_masons():
    played = play(["doppelganger", "mason", "villager", "villager"], ["mason", "villager", "villager"],
                  {"doppelganger": copy("p1")})
    assert [p.seat for p in played.prompts_of(step="masons")] == [0, 1]
    assert played.shown(0, "masons") == [Learned(0, ("p1",), "mason", "masons")]
    assert played.shown(1, "masons") == [Learned(1, ("p0",), "mason", "masons")]


def test_doppelganger_card_moved_by_the_troublemaker_keeps_the_copy():
    # Appendix E.2: the DG copied the werewolf; the Troublemaker moves the DG card to p3, who is now a
    # werewolf. Votes: p3 gets 4 and dies -> a werewolf died -> the village (p0, p2, p4) wins.
    played = play(["doppelganger", "werewolf", "troublemaker", "villager", "seer"], V3,
                  {"doppelganger": copy("p1"), "troublemaker": swap("p0", "p3"), "seer": PASS},
                  votes=[3, 3, 3, 0, 3])
    assert table(played)[:5] == ("villager", "werewolf", "troublemaker", "doppelganger", "seer")
    out = played.outcome
    assert out.roles[3] == "werewolf" and out.kinds[3] == "werewolf"
    assert out.dead == {3}
    assert out.winners == {0, 2, 4}


def test_doppelganger_card_from_the_center_is_a_powerless_villager():
    # roles.md #4 Edge, E-28, Appendix E.3: the Drunk takes the DG card from the center; it never
    # copied, so its holder is a village member with no power (and no DG step of its own).
    played = play(["drunk", "werewolf", "villager", "villager"], ["doppelganger", "villager", "villager"],
                  {"drunk": take("c0"), "werewolves": PASS}, votes=[1, 0, 1, 1])
    assert table(played)[0] == "doppelganger"
    assert [p.step for p in played.prompts_of(0) if p.kind != "vote"] == ["drunk"]
    out = played.outcome
    assert out.kinds[0] is None and out.keys[0] == "village"
    assert out.dead == {1}
    assert out.winners == {0, 2, 3}


def test_doppelganger_tanner_wins_by_dying():
    played = play(["doppelganger", "tanner", "werewolf", "villager"], V3,
                  {"doppelganger": copy("p1"), "werewolves": PASS}, votes=[1, 0, 0, 0])
    assert played.outcome.dead == {0}
    assert played.outcome.winners == {0}


def test_doppelganger_hunter_shoots_when_it_dies():
    # p0 (DG-Hunter) gets 3 votes and dies; it voted p2 (werewolf), who dies too; the village wins.
    played = play(["doppelganger", "hunter", "werewolf", "villager"], V3,
                  {"doppelganger": copy("p1"), "werewolves": PASS}, votes=[2, 0, 0, 0])
    assert played.outcome.dead == {0, 2}
    assert played.outcome.winners == {0, 1, 3}


# -- the event log traces every card's journey (design.md "Facts the state must carry") ---------------

def test_swaps_are_logged_with_each_cards_moves():
    # card ids are the deal order: p0..p3 are cards 0..3, c0..c2 are cards 4..6
    played = play(["robber", "troublemaker", "drunk", "werewolf"], ["villager", "seer", "tanner"],
                  {"werewolves": PASS, "robber": swap("p0", "p3"), "troublemaker": swap("p0", "p2"),
                   "drunk": take("c2")})
    acts = [e for e in played.state.events if e.kind == "act"]
    assert [(e.step, e.seat, e.action) for e in acts] == [
        ("werewolves", 3, PASS), ("robber", 0, swap("p0", "p3")), ("troublemaker", 1, swap("p0", "p2")),
        ("drunk", 2, take("c2"))]
    moves = {e.step: {(m.card, m.src, m.dst) for m in e.moves} for e in acts}
    assert moves["robber"] == {(0, "p0", "p3"), (3, "p3", "p0")}
    # after the robbery p0 holds card 3 (werewolf) and p2 card 2 (drunk)
    assert moves["troublemaker"] == {(3, "p0", "p2"), (2, "p2", "p0")}
    # the Drunk (p2) now holds card 3 and takes c2 (card 6)
    assert moves["drunk"] == {(3, "p2", "c2"), (6, "c2", "p2")}
    assert [c.id for c in played.state.cards] == [2, 1, 6, 0, 4, 5, 3]
