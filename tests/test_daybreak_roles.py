"""The Daybreak roles, exactly as rules/roles.md §5 (#15, #28, #29, #39, #40, #46, #50, #60, #64, #71,
#80), §C and Appendix A describe them under ``onuw``, and the vote rule of the Bodyguard
(resolution.md V3c).

Each test names the reference entry it checks; expected values are worked out by hand from the deal and
the choices (positions p0..pN-1, c0..c2, and c3 for the Alpha Wolf's center werewolf card). Views show
the printed role (E-29).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from onenight_core import (Action, CardView, IllegalAction, Learned, SetupError, Setup, apply, new_game,
                           pending, public_view, validate_setup, view_for)
from onenight_core.rulesets.onuw.artifacts import ARTIFACT_IDS, ArtifactView, artifact_info, artifact_pool
from onenight_core.rulesets.onuw.identity import ROLE_ARTIFACTS

from conftest import DONE, PASS, copy, dawn, look, names, play, state_at, swap, take

V3 = ("villager", "villager", "villager")
WOLF_CENTER = ("villager", "villager", "villager", "werewolf")  # c0..c2 and the center werewolf c3


def shield(pos: str) -> Action:
    return Action("shield", (pos,))


def flip(pos: str) -> Action:
    return Action("flip", (pos,))


def rotate(direction: str) -> Action:
    return Action("rotate", (), direction)


def give(pos: str) -> Action:
    return Action("artifact", (pos,))


def table(played) -> tuple[str, ...]:
    return played.state.table_roles()


# -- Sentinel (roles.md #15, §1.1) --------------------------------------------------------------------

def test_sentinel_may_shield_another_players_card_only():
    g = state_at(["sentinel", "seer", "villager", "werewolf"], V3, "sentinel")
    assert pending(g).options == (PASS, shield("p1"), shield("p2"), shield("p3"))
    for bad in (shield("p0"), shield("c0")):
        with pytest.raises(IllegalAction):
            apply(g, bad)


def test_the_shield_is_public_and_stays_all_game():
    played = play(["sentinel", "seer", "villager", "werewolf"], V3,
                  {"sentinel": shield("p2"), "seer": PASS, "werewolves": PASS}, votes=[1, 2, 1, 1])
    assert public_view(played.state).shields == ("p2",)
    assert played.state.phase == "over"


def test_a_shielded_insomniac_learns_nothing():
    played = play(["sentinel", "insomniac", "werewolf", "villager"], V3,
                  {"sentinel": shield("p1"), "werewolves": PASS})
    [p] = played.prompts_of(1, "insomniac")
    assert p.kind == "info" and p.info == ()
    assert not [o for o in played.state.observations if o.seat == 1]


def test_a_shielded_drunk_cannot_act():
    g = state_at(["sentinel", "drunk", "werewolf", "villager"], V3, "drunk", {"sentinel": shield("p1")})
    assert pending(g).options == (PASS,)
    with pytest.raises(IllegalAction):
        apply(g, take("c0"))


def test_a_shielded_robber_cannot_rob_and_nobody_robs_a_shielded_card():
    g = state_at(["sentinel", "robber", "werewolf", "villager"], V3, "robber", {"sentinel": shield("p1")})
    assert pending(g).options == (PASS,)
    g = state_at(["sentinel", "robber", "werewolf", "villager"], V3, "robber", {"sentinel": shield("p2")})
    assert pending(g).options == (PASS, swap("p1", "p0"), swap("p1", "p3"))


def test_the_shield_does_not_protect_marks():
    # roles.md §1.1: marks are not protected; the Pickpocket (#47) may take a shielded player's mark.
    g = state_at(["sentinel", "pickpocket", "villager", "werewolf"], V3, "pickpocket",
                 {"sentinel": shield("p2")})
    assert Action("swap_marks", ("p1", "p2")) in pending(g).options


def test_doppelganger_sentinel_shields_at_once_and_two_shields_exist():
    # Appendix A: DG-Sentinel acts inside step -7 with her own shield; the Sentinel acts at 0 and may not
    # shield the already shielded card; the Seer then cannot view either shielded card.
    played = play(["doppelganger", "sentinel", "seer", "werewolf", "villager"], V3,
                  {"doppelganger": [copy("p1"), shield("p3")], "sentinel": shield("p2"), "seer": look("p4"),
                   "werewolves": PASS})
    dg = played.prompts_of(0, "doppelganger")
    assert dg[-1].role == "sentinel" and dg[-1].copier == "doppelganger"
    assert dg[-1].options == (PASS, shield("p1"), shield("p2"), shield("p3"), shield("p4"))
    [sentinel] = played.prompts_of(1, "sentinel")
    assert sentinel.options == (PASS, shield("p0"), shield("p2"), shield("p4"))
    [seer] = [p for p in played.prompts_of(2, "seer") if p.kind == "act"]
    assert look("p3") not in seer.options and look("p0") in seer.options and look("p1") in seer.options
    assert public_view(played.state).shields == ("p2", "p3")


# -- Alpha Wolf (roles.md #28, §2.2, E-21) --------------------------------------------------------------

def test_alpha_wolf_deck_needs_one_extra_card_and_a_werewolf_card_for_the_center():
    players = names(4)
    validate_setup(Setup(players, ("alpha_wolf", "werewolf", "seer", "robber", "villager", "villager",
                                   "villager", "troublemaker")))
    with pytest.raises(SetupError, match="need 8 cards"):
        validate_setup(Setup(players, ("alpha_wolf", "werewolf", "seer", "robber", "villager", "villager",
                                       "villager")))
    with pytest.raises(SetupError, match="werewolf card"):
        validate_setup(Setup(players, ("alpha_wolf", "minion", "seer", "robber", "villager", "villager",
                                       "villager", "troublemaker")))


@pytest.mark.parametrize("seed", range(12))
def test_the_center_werewolf_card_is_laid_beside_the_center(seed):
    # The deck given by the player includes the center werewolf card; it is never dealt to a player.
    deck = ("alpha_wolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager", "villager")
    g = new_game(Setup(names(4), deck), seed)
    assert len(g.cards) == 8 and g.cards[7].role == "werewolf"
    assert Counter(c.role for c in g.cards[:7]) == Counter(deck) - Counter(["werewolf"])
    assert public_view(g).center == 4


def test_the_plain_werewolf_goes_to_the_center_before_a_dream_or_mystic_wolf():
    deck = ("alpha_wolf", "mystic_wolf", "dream_wolf", "werewolf", "seer", "villager", "villager", "villager")
    for seed in range(5):
        assert new_game(Setup(names(4), deck), seed).cards[7].role == "werewolf"
    deck = ("alpha_wolf", "mystic_wolf", "dream_wolf", "villager", "seer", "villager", "villager", "villager")
    assert new_game(Setup(names(4), deck), 0).cards[7].role == "dream_wolf"


def test_alpha_wolf_wakes_with_the_werewolves_then_must_give_the_center_werewolf_to_a_non_wolf():
    played = play(["alpha_wolf", "werewolf", "dream_wolf", "seer", "villager"], WOLF_CENTER,
                  {"alpha_wolf": swap("c3", "p3"), "seer": PASS})
    wolves = played.prompts_of(step="werewolves")
    assert [p.seat for p in wolves] == [0, 1]
    assert wolves[0].info == (Learned(0, ("p1", "p2"), "werewolf", "werewolves"),)
    [alpha] = played.prompts_of(0, "alpha_wolf")
    # not himself, not the Werewolf, not the Dream Wolf (the wolves saw its thumb), no pass: mandatory
    assert alpha.options == (swap("c3", "p3"), swap("c3", "p4"))
    assert table(played) == ("alpha_wolf", "werewolf", "dream_wolf", "werewolf", "villager",
                             "villager", "villager", "villager", "seer")
    assert not [o for o in played.state.observations if o.seat == 0 and isinstance(o, CardView)]


def test_alpha_wolf_cannot_target_a_shielded_card():
    g = state_at(["sentinel", "alpha_wolf", "seer", "villager"], WOLF_CENTER, "alpha_wolf",
                 {"sentinel": shield("p2")})
    assert pending(g).options == (swap("c3", "p0"), swap("c3", "p3"))


def test_alpha_wolf_victim_is_a_werewolf_at_dawn():
    # p3 receives the center werewolf card (his Seer card goes to c3): he is a werewolf without knowing
    # it. Votes p0->p1, p1->p3, p2->p3, p3->p1: p1 and p3 tie with 2 and both die. A werewolf died, so
    # the village team (p1, p2) wins; the Alpha Wolf p0 loses.
    played = play(["alpha_wolf", "villager", "villager", "seer"], WOLF_CENTER,
                  {"alpha_wolf": swap("c3", "p3"), "werewolves": PASS, "seer": PASS}, votes=[1, 3, 3, 1])
    out = played.outcome
    assert out.dead == {1, 3}
    assert out.roles == ("alpha_wolf", "villager", "villager", "werewolf")
    assert out.winners == {1, 2}


def test_doppelganger_alpha_acts_at_once_and_not_at_2b():
    # Daybreak rulebook: the DG-Alpha exchanges the center werewolf with any player except herself and the
    # Alpha Wolf, wakes with the wolves, and does not wake at 2-B. The Alpha Wolf then exchanges whatever
    # lies in c3 now (the Seer card) with a non-wolf (by night identity).
    played = play(["doppelganger", "alpha_wolf", "seer", "villager"], WOLF_CENTER,
                  {"doppelganger": [copy("p1"), swap("c3", "p2")], "alpha_wolf": swap("c3", "p3"),
                   "seer": PASS})
    dg = played.prompts_of(0, "doppelganger")[-1]
    assert (dg.role, dg.copier) == ("alpha_wolf", "doppelganger")
    assert dg.options == (swap("c3", "p2"), swap("c3", "p3"))
    assert [p.seat for p in played.prompts_of(step="werewolves")] == [0, 1]
    [alpha] = played.prompts_of(step="alpha_wolf")
    assert alpha.seat == 1 and alpha.options == (swap("c3", "p2"), swap("c3", "p3"))
    assert table(played) == ("doppelganger", "alpha_wolf", "werewolf", "seer",
                             "villager", "villager", "villager", "villager")
    assert played.state.cards[0].copied == "alpha_wolf"


def test_every_center_role_may_use_the_center_werewolf_slot():
    # OFF: the Center Werewolf card is a center card for every role (the Drunk may take it).
    g = state_at(["alpha_wolf", "drunk", "villager"], WOLF_CENTER, "drunk", {"alpha_wolf": swap("c3", "p2")})
    assert take("c3") in pending(g).options


# -- Mystic Wolf (roles.md #29) ------------------------------------------------------------------------

def test_mystic_wolf_wakes_with_the_wolves_then_may_view_another_players_card():
    played = play(["mystic_wolf", "werewolf", "seer", "villager"], V3,
                  {"mystic_wolf": look("p2"), "seer": PASS})
    assert [p.seat for p in played.prompts_of(step="werewolves")] == [0, 1]
    [first, shown] = played.prompts_of(0, "mystic_wolf")
    assert first.options == (PASS, look("p1"), look("p2"), look("p3"))
    assert shown.info == (CardView(0, "p2", "seer", "mystic_wolf"),)


def test_mystic_wolf_cannot_view_center_or_shielded_cards():
    g = state_at(["sentinel", "mystic_wolf", "seer", "villager"], V3, "mystic_wolf",
                 {"sentinel": shield("p2")})
    assert pending(g).options == (PASS, look("p0"), look("p3"))
    with pytest.raises(IllegalAction):
        apply(g, look("c0"))


def test_doppelganger_mystic_wolf_views_at_once_and_not_at_2c():
    played = play(["doppelganger", "mystic_wolf", "seer", "villager"], V3,
                  {"doppelganger": [copy("p1"), look("p3")], "mystic_wolf": PASS, "seer": PASS})
    assert played.shown(0, "doppelganger")[-1] == CardView(0, "p3", "villager", "doppelganger")
    assert [p.seat for p in played.prompts_of(step="werewolves")] == [0, 1]
    assert [p.seat for p in played.prompts_of(step="mystic_wolf")] == [1]


# -- Dream Wolf (roles.md #80, E-11) -------------------------------------------------------------------

def test_doppelganger_dream_wolf_shows_a_thumb_and_never_wakes():
    # §5.4: a DG-Dream Wolf shows a thumb at steps 2 and 3; it is not awake at step 2.
    played = play(["doppelganger", "dream_wolf", "werewolf", "minion", "villager"], V3,
                  {"doppelganger": copy("p1")})
    assert [p.seat for p in played.prompts_of(step="werewolves")] == [2]
    assert played.shown(2, "werewolves") == [Learned(2, ("p0", "p1"), "werewolf", "werewolves")]
    assert played.shown(3, "minion") == [Learned(3, ("p0", "p1", "p2"), "werewolf", "minion")]


def test_dream_wolf_is_a_werewolf_at_the_vote():
    out = dawn(["dream_wolf", "villager", "seer", "villager"], [1, 0, 0, 0])
    assert out.dead == {0} and out.winners == {1, 2, 3}


# -- Apprentice Seer (roles.md #39) --------------------------------------------------------------------

def test_apprentice_seer_may_view_one_center_card_the_center_werewolf_included():
    played = play(["apprentice_seer", "alpha_wolf", "villager"], ("tanner", "robber", "drunk", "werewolf"),
                  {"werewolves": PASS, "alpha_wolf": swap("c3", "p2"), "apprentice_seer": look("c3")})
    [first, shown] = played.prompts_of(0, "apprentice_seer")
    assert first.options == (PASS, look("c0"), look("c1"), look("c2"), look("c3"))
    assert shown.info == (CardView(0, "c3", "villager", "apprentice_seer"),)


def test_apprentice_seer_cannot_view_a_player_or_two_cards():
    g = state_at(["apprentice_seer", "werewolf", "villager"], V3, "apprentice_seer")
    for bad in (look("p1"), look("c0", "c1")):
        with pytest.raises(IllegalAction):
            apply(g, bad)


def test_doppelganger_apprentice_seer_views_at_once():
    played = play(["doppelganger", "apprentice_seer", "villager"], ("tanner", "robber", "drunk"),
                  {"doppelganger": [copy("p1"), look("c1")], "apprentice_seer": PASS})
    assert played.shown(0)[-1] == CardView(0, "c1", "robber", "doppelganger")
    assert [p.seat for p in played.prompts_of(step="apprentice_seer")] == [1]


# -- Paranormal Investigator (roles.md #40, E-29, E-67) ------------------------------------------------

PI_TABLE = ["paranormal_investigator", "seer", "villager", "werewolf", "tanner"]


def test_pi_continues_after_a_village_card_and_stops_on_a_werewolf():
    played = play(PI_TABLE, V3, {"paranormal_investigator": [look("p1"), look("p3")], "seer": PASS,
                                 "werewolves": PASS})
    prompts = [p for p in played.prompts_of(0, "paranormal_investigator") if p.kind == "act"]
    assert prompts[0].options == (PASS, look("p1"), look("p2"), look("p3"), look("p4"))
    assert prompts[1].options == (PASS, look("p2"), look("p3"), look("p4"))
    assert [o for o in played.state.observations if o.seat == 0] == [
        CardView(0, "p1", "seer", "paranormal_investigator"),
        CardView(0, "p3", "werewolf", "paranormal_investigator")]
    pi_card = played.state.cards[0]
    assert (pi_card.role, pi_card.copied) == ("paranormal_investigator", "werewolf")
    assert played.state.night_roles[0] == "paranormal_investigator"  # he never wakes as a werewolf


def test_pi_stops_at_once_on_a_non_village_card():
    played = play(PI_TABLE, V3, {"paranormal_investigator": look("p3"), "seer": PASS, "werewolves": PASS})
    assert len([p for p in played.prompts_of(0) if p.kind == "act"]) == 1


@pytest.mark.parametrize("target, becomes", [("p3", "werewolf"), ("p4", "tanner")])
def test_pi_takes_the_new_team(target, becomes):
    # p0 is voted out by p1..p4 (4 votes). As a werewolf his death makes the village team (p1, p2) win;
    # the tanner p4 did not die. As a tanner he wins by dying, the werewolf p3 cannot win (a tanner died)
    # and the village did not kill a werewolf: only p0 wins.
    played = play(PI_TABLE, V3, {"paranormal_investigator": look(target), "seer": PASS, "werewolves": PASS},
                  votes=[1, 0, 0, 0, 0])
    out = played.outcome
    assert out.dead == {0} and out.roles[0] == becomes
    assert out.winners == ({1, 2} if becomes == "werewolf" else {0})


def test_pi_stops_on_a_minion_under_the_apps_wording():
    # E-67: "a card that is not on the village team" also catches the Minion.
    played = play(["paranormal_investigator", "minion", "werewolf", "villager"], V3,
                  {"paranormal_investigator": look("p1"), "werewolves": PASS})
    assert played.state.cards[0].copied == "minion"


def test_pi_looks_past_a_doppelganger_that_copied_a_werewolf():
    # E-29 / OFF: the DG card is printed village; the P.I. continues and does not become a werewolf.
    played = play(["doppelganger", "werewolf", "paranormal_investigator", "villager"], V3,
                  {"doppelganger": copy("p1"), "paranormal_investigator": [look("p0"), look("p3")]})
    assert [o.role for o in played.state.observations if o.seat == 2] == ["doppelganger", "villager"]
    assert played.state.cards[2].copied is None


def test_pi_cannot_view_own_center_or_shielded_cards():
    g = state_at(["sentinel", "paranormal_investigator", "werewolf", "villager"], V3,
                 "paranormal_investigator", {"sentinel": shield("p2")})
    assert pending(g).options == (PASS, look("p0"), look("p3"))
    for bad in (look("p1"), look("c0"), look("p2"), look("p0", "p3")):
        with pytest.raises(IllegalAction):
            apply(g, bad)


def test_doppelganger_pi_becomes_the_viewed_role_and_does_not_wake_with_the_wolves():
    # Daybreak rulebook: the DG-P.I. looks at once; seeing a Werewolf she becomes one (on her own card)
    # but does not wake when the Werewolves are called: the werewolf p2 is alone and may peek.
    played = play(["doppelganger", "paranormal_investigator", "werewolf", "villager"], V3,
                  {"doppelganger": [copy("p1"), look("p2")], "werewolves": PASS,
                   "paranormal_investigator": PASS})
    assert played.state.cards[0].copied == "werewolf"
    [wolf] = played.prompts_of(step="werewolves")
    assert wolf.seat == 2 and wolf.stage == "lone"
    assert [p.seat for p in played.prompts_of(step="paranormal_investigator")] == [1]


def test_pi_change_travels_with_his_card():
    # The change is card-bound (roles.md §1.1, resolution.md §0.4): a DG-Troublemaker moved the P.I.'s
    # card to p2 before 5-C, so the card that becomes a tanner is at p2, and p1's card is untouched.
    played = play(["doppelganger", "paranormal_investigator", "villager", "tanner", "troublemaker"], V3,
                  {"doppelganger": [copy("p4"), swap("p1", "p2")], "paranormal_investigator": look("p3"),
                   "troublemaker": PASS})
    cards = played.state.cards
    assert (cards[2].role, cards[2].copied) == ("paranormal_investigator", "tanner")
    assert (cards[1].role, cards[1].copied) == ("villager", None)


# -- Witch (roles.md #46, E-1) -------------------------------------------------------------------------

def test_witch_views_a_center_card_then_must_exchange_it_with_any_players_card():
    played = play(["witch", "werewolf", "villager"], ("tanner", "robber", "drunk"),
                  {"witch": [look("c0"), swap("c0", "p2")], "werewolves": PASS})
    prompts = played.prompts_of(0, "witch")
    assert prompts[0].options == (PASS, look("c0"), look("c1"), look("c2"))
    assert prompts[1].info == (CardView(0, "c0", "tanner", "witch"),)
    assert prompts[2].options == (swap("c0", "p0"), swap("c0", "p1"), swap("c0", "p2"))  # herself too
    assert table(played) == ("witch", "werewolf", "tanner", "villager", "robber", "drunk")
    assert [o for o in played.state.observations if o.seat == 0] == [CardView(0, "c0", "tanner", "witch")]


def test_witch_may_take_the_card_herself():
    played = play(["witch", "werewolf", "villager"], ("tanner", "robber", "drunk"),
                  {"witch": [look("c2"), swap("c2", "p0")], "werewolves": PASS})
    assert table(played) == ("drunk", "werewolf", "villager", "tanner", "robber", "witch")


def test_witch_may_pass_but_not_back_out_after_looking():
    g = state_at(["witch", "werewolf", "villager"], V3, "witch")
    g = apply(apply(g, look("c1")), DONE)
    assert PASS not in pending(g).options
    with pytest.raises(IllegalAction):
        apply(g, PASS)


def test_witch_cannot_exchange_with_a_shielded_card_her_own_included():
    g = state_at(["sentinel", "witch", "werewolf", "villager"], V3, "witch", {"sentinel": shield("p1")})
    g = apply(apply(g, look("c0")), DONE)
    assert pending(g).options == (swap("c0", "p0"), swap("c0", "p2"), swap("c0", "p3"))


def test_doppelganger_witch_acts_at_once():
    played = play(["doppelganger", "witch", "villager"], ("tanner", "robber", "drunk"),
                  {"doppelganger": [copy("p1"), look("c1"), swap("c1", "p2")], "witch": PASS})
    assert table(played) == ("doppelganger", "witch", "robber", "tanner", "villager", "drunk")
    assert [p.seat for p in played.prompts_of(step="witch")] == [1]


# -- Village Idiot (roles.md #50, §0.2) ----------------------------------------------------------------

VI_TABLE = ["werewolf", "seer", "village_idiot", "robber", "villager"]


@pytest.mark.parametrize("direction, after", [
    # eligible seats 0, 1, 3, 4. left: each card to the next eligible seat with a higher index
    ("left", ("villager", "werewolf", "village_idiot", "seer", "robber")),
    ("right", ("seer", "robber", "village_idiot", "villager", "werewolf")),
])
def test_village_idiot_moves_every_other_card_one_seat(direction, after):
    played = play(VI_TABLE, ("tanner", "drunk", "minion"),
                  {"village_idiot": rotate(direction), "werewolves": PASS, "seer": PASS, "robber": PASS})
    assert table(played) == after + ("tanner", "drunk", "minion")
    assert not [o for o in played.state.observations if o.seat == 2]


def test_village_idiot_options_and_pass():
    g = state_at(VI_TABLE, V3, "village_idiot", {"werewolves": PASS})
    assert pending(g).options == (PASS, rotate("left"), rotate("right"))


def test_village_idiot_skips_shielded_cards():
    played = play(["sentinel", "werewolf", "village_idiot", "seer", "villager"], V3,
                  {"sentinel": shield("p3"), "werewolves": PASS, "seer": PASS,
                   "village_idiot": rotate("left")})
    # eligible 0, 1, 4: p0 -> p1, p1 -> p4, p4 -> p0; p3 keeps the Seer card
    assert table(played)[:5] == ("villager", "sentinel", "village_idiot", "seer", "werewolf")


def test_village_idiot_with_one_movable_card_can_only_pass():
    g = state_at(["sentinel", "village_idiot", "werewolf"], V3, "village_idiot", {"sentinel": shield("p2")})
    assert pending(g).options == (PASS,)


def test_doppelganger_village_idiot_acts_at_once():
    played = play(["doppelganger", "village_idiot", "werewolf", "seer"], V3,
                  {"doppelganger": [copy("p1"), rotate("right")], "werewolves": PASS, "seer": PASS,
                   "village_idiot": PASS})
    # eligible seats 1, 2, 3 (not the DG's own): right moves p1 -> p3, p2 -> p1, p3 -> p2
    assert table(played)[:4] == ("doppelganger", "werewolf", "seer", "village_idiot")


# -- Revealer (roles.md #60, E-67) ---------------------------------------------------------------------

def test_revealer_leaves_a_village_card_face_up_for_everyone():
    played = play(["revealer", "seer", "werewolf", "villager"], V3,
                  {"revealer": flip("p1"), "seer": PASS, "werewolves": PASS}, votes=[2, 2, 0, 2])
    assert played.shown(0, "revealer") == [CardView(0, "p1", "seer", "revealer")]
    assert public_view(played.state).face_up == (("p1", "seer"),)
    assert view_for(played.state, 3).public.face_up == (("p1", "seer"),)


@pytest.mark.parametrize("card", ["werewolf", "tanner", "minion", "dream_wolf"])
def test_revealer_turns_a_non_village_card_back(card):
    answers = {"revealer": flip("p1")} | ({"werewolves": PASS} if card == "werewolf" else {})
    played = play(["revealer", card, "villager", "villager"], ("werewolf", "villager", "villager"), answers)
    assert played.shown(0, "revealer") == [CardView(0, "p1", card, "revealer")]
    assert public_view(played.state).face_up == ()


def test_revealer_leaves_a_doppelganger_face_up_whatever_it_copied():
    played = play(["doppelganger", "revealer", "werewolf", "villager"], V3,
                  {"doppelganger": copy("p2"), "revealer": flip("p0")})
    assert public_view(played.state).face_up == (("p0", "doppelganger"),)


def test_revealer_options_exclude_own_center_and_shielded_cards():
    g = state_at(["sentinel", "revealer", "werewolf", "villager"], V3, "revealer", {"sentinel": shield("p3")})
    assert pending(g).options == (PASS, flip("p0"), flip("p2"))


def test_doppelganger_revealer_wakes_after_the_revealer_and_flips_another_face_down_card():
    played = play(["doppelganger", "revealer", "seer", "villager"], V3,
                  {"doppelganger": copy("p1"), "seer": PASS, "revealer": flip("p2"),
                   "doppelganger:revealer": flip("p3")})
    steps = [s.id for s in played.state.script]
    assert steps.index("doppelganger:revealer") == steps.index("revealer") + 1
    first = [p for p in played.prompts_of(0, "doppelganger:revealer") if p.kind == "act"][0]
    assert first.options == (PASS, flip("p1"), flip("p3"))  # p2 is already face up
    assert public_view(played.state).face_up == (("p2", "seer"), ("p3", "villager"))


# -- Curator and artifacts (roles.md #64, §C, E-33; resolution.md §0.2, §0.5) -----------------------

OFFICIAL_ARTIFACTS = {
    "claw_of_the_werewolf", "brand_of_the_villager", "cudgel_of_the_tanner", "bow_of_the_hunter",
    "cloak_of_the_prince", "sword_of_the_bodyguard", "mist_of_the_vampire", "alien_artifact",
    "dagger_of_the_traitor", "void_of_nothingness", "mask_of_muting", "shroud_of_shame",
}


def test_the_pool_holds_each_official_artifact_once_in_a_seeded_order():
    assert set(ARTIFACT_IDS) == OFFICIAL_ARTIFACTS and len(ARTIFACT_IDS) == 12
    for seed in range(20):
        pool = artifact_pool(seed)
        assert sorted(pool) == sorted(OFFICIAL_ARTIFACTS)
        assert pool == artifact_pool(seed)
    assert len({artifact_pool(seed) for seed in range(20)}) > 1
    # ROLE_ARTIFACTS also holds Dalbula's role-granting Curator tokens (rules.toml [[curator_token]])
    assert {a: artifact_info(a).role for a in ARTIFACT_IDS if artifact_info(a).role} == {
        a: r for a, r in ROLE_ARTIFACTS.items() if a in ARTIFACT_IDS}


def test_curator_may_give_an_artifact_to_any_player_himself_included_but_not_a_shielded_one():
    g = state_at(["sentinel", "curator", "werewolf", "villager"], V3, "curator", {"sentinel": shield("p2")})
    assert pending(g).options == (PASS, give("p0"), give("p1"), give("p3"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_holder_sees_the_drawn_artifact_privately_at_the_end_of_the_night(seed):
    played = play(["curator", "werewolf", "villager", "insomniac"], V3,
                  {"curator": give("p3"), "werewolves": PASS}, seed=seed)
    drawn = artifact_pool(seed)[0]
    g = played.state
    assert g.artifacts == (None, None, None, drawn)
    assert g.script[-1].id == "artifacts"
    [p] = played.prompts_of(step="artifacts")
    assert p.seat == 3 and p.kind == "info" and p.info == (ArtifactView(3, "p3", drawn, "artifacts"),)
    assert played.steps_prompted()[-1] == "artifacts"
    for seat in range(3):
        assert not [o for o in view_for(g, seat).observations if isinstance(o, ArtifactView)]
    assert not [o for o in played.state.observations if o.seat == 0]  # the Curator does not see it
    # at dawn everyone sees that p3's card carries a face-down artifact (not which one); not at night
    assert public_view(g).artifacts == ("p3",)
    night = state_at(["curator", "werewolf", "villager", "insomniac"], V3, "artifacts",
                     {"curator": give("p3"), "werewolves": PASS}, seed=seed)
    assert public_view(night).artifacts == ()


def test_doppelganger_curator_draws_the_next_artifact_and_skips_holders():
    played = play(["doppelganger", "curator", "werewolf", "villager"], V3,
                  {"doppelganger": copy("p1"), "werewolves": PASS, "curator": give("p2"),
                   "doppelganger:curator": give("p3")}, seed=5)
    pool = artifact_pool(5)
    first = [p for p in played.prompts_of(0, "doppelganger:curator") if p.kind == "act"][0]
    assert give("p2") not in first.options and give("p0") in first.options
    assert played.state.artifacts == (None, None, pool[0], pool[1])
    assert [p.seat for p in played.prompts_of(step="artifacts")] == [2, 3]


def test_the_artifact_step_is_called_even_when_nobody_holds_one():
    played = play(["curator", "werewolf", "villager"], V3, {"curator": PASS, "werewolves": PASS})
    assert "artifacts" in [s.id for s in played.state.script]
    assert played.prompts_of(step="artifacts") == []


def test_a_role_artifact_overrides_card_and_mark():
    # resolution.md O70: the Cudgel turns p0's werewolf card into a tanner. p0 gets 3 votes and dies:
    # the tanner wins; the werewolf p1 cannot win (tanner died) and the village did not kill a werewolf.
    out = dawn(["werewolf", "werewolf", "seer", "villager"], [1, 0, 0, 0],
               artifacts=["cudgel_of_the_tanner", None, None, None])
    assert out.dead == {0} and out.winners == {0}
    # the Claw on a villager holding the Mark of the Vampire: artifacts override marks (§0.5 L4)
    out = dawn(["villager", "villager", "seer", "villager"], [1, 0, 0, 0],
               marks=["mark_of_the_vampire", "mark_of_clarity", "mark_of_clarity", "mark_of_clarity"],
               artifacts=["claw_of_the_werewolf", None, None, None])
    assert out.kinds[0] == "werewolf" and out.dead == {0} and out.winners == {1, 2, 3}


def test_brand_of_the_villager_removes_the_bodyguards_power():
    # Daybreak rulebook: a Bodyguard given the Brand points like an ordinary voter and protects nobody.
    # votes: p0->p2, p1->p0, p2->p0, p3->p1. With the Brand, p0 has 2 votes and dies: village wins.
    votes = [2, 0, 0, 1]
    branded = dawn(["werewolf", "bodyguard", "villager", "villager"], votes,
                   artifacts=[None, "brand_of_the_villager", None, None])
    assert branded.dead == {0} and branded.winners == {1, 2, 3}
    # Without it, p1's pointing protects p0 and is not a vote: p0 has 1 vote, nobody dies.
    plain = dawn(["werewolf", "bodyguard", "villager", "villager"], votes)
    assert plain.dead == frozenset() and plain.winners == {0}


@pytest.mark.parametrize("artifact", ["void_of_nothingness", "mask_of_muting", "shroud_of_shame"])
def test_artifacts_without_a_role_change_nothing_at_the_vote(artifact):
    out = dawn(["werewolf", "villager", "seer", "villager"], [1, 0, 0, 0],
               artifacts=[artifact, None, None, None])
    assert out.dead == {0} and out.winners == {1, 2, 3}


def test_sword_and_cloak_give_the_bodyguard_and_prince_powers():
    # Sword on p3: his vote for p0 protects p0 and is not counted -> nobody has 2 votes: werewolf wins.
    out = dawn(["werewolf", "villager", "seer", "villager"], [1, 0, 0, 0],
               artifacts=[None, None, None, "sword_of_the_bodyguard"])
    assert out.dead == frozenset() and out.winners == {0}
    # Cloak on p1: the votes on him (p0, p2, p3) count for nothing; p0 (1 vote) does not die either.
    out = dawn(["werewolf", "villager", "seer", "villager"], [1, 0, 1, 1],
               artifacts=[None, "cloak_of_the_prince", None, None])
    assert out.dead == frozenset() and out.roles[1] == "prince" and out.winners == {0}


def test_dagger_of_the_traitor_rewrites_the_holders_condition():
    # p1 (village, Dagger) wins only if another villager dies: p2 dies with 3 votes; the werewolf p0 wins.
    out = dawn(["werewolf", "villager", "villager", "villager"], [2, 2, 0, 2],
               artifacts=[None, "dagger_of_the_traitor", None, None])
    assert out.dead == {2} and out.winners == {0, 1}


# -- Bodyguard (roles.md #71, resolution.md V3c, V4) -----------------------------------------------------

def test_bodyguard_protects_the_top_and_the_next_with_two_votes_dies():
    # p2 (bodyguard) points at p1; tally without his pointing: p1 3 (p0, p3, p5), p0 2 (p1, p4).
    out = dawn(["werewolf", "villager", "bodyguard", "villager", "villager", "villager"], [1, 0, 1, 1, 0, 1])
    assert out.dead == {0} and out.winners == {1, 2, 3, 4, 5}


def test_bodyguard_protection_leaves_nobody_with_two_votes():
    # resolution.md O16
    out = dawn(["werewolf", "villager", "bodyguard", "villager", "villager"], [1, 2, 1, 1, 0])
    assert out.dead == frozenset() and out.winners == {0}


def test_doppelganger_bodyguard_protects():
    out = dawn(["werewolf", "villager", "doppelganger@bodyguard", "villager", "villager"], [1, 2, 1, 1, 0])
    assert out.dead == frozenset() and out.winners == {0}


# -- presets ----------------------------------------------------------------------------------------------

def test_daybreak_presets_are_playable_decks():
    from onenight_core.catalog.presets import PRESETS
    from onenight_tui.text.rules_words import preset_description
    mine = [p for p in PRESETS.values() if set(p.roles) & {"alpha_wolf", "sentinel", "curator", "witch"}]
    assert len(mine) >= 4
    for preset in mine:
        assert preset.about and preset_description(preset)
        setup = Setup(names(preset.players), preset.roles)
        validate_setup(setup)
        g = new_game(setup, 3)
        rnd = random.Random(preset.id)
        while (p := pending(g)) is not None:
            g = apply(g, rnd.choice(p.options))
        assert g.outcome is not None


def test_the_game_json_says_which_artifact_the_holder_saw():
    # ArtifactView was outside the Observation union, so game_to_json fell through to its catch-all and
    # wrote only {"type": "ArtifactView"}: the artifact and its position were lost (found by mypy strict).
    from onenight_core.play.simulate import game_to_json

    played = play(["curator", "werewolf", "villager", "insomniac"], V3,
                  {"curator": give("p3"), "werewolves": PASS}, seed=4)
    seen = [o for o in game_to_json(played.state)["observations"] if o["step"] == "artifacts"]
    assert seen == [{"seat": 3, "step": "artifacts", "type": "artifact", "pos": "p3",
                     "artifact": artifact_pool(4)[0]}]
