"""The Bonus roles, exactly as rules/roles.md §5 (#31, #36, #51, #58, #59, #72, #73) and Appendix A
describe them under ``onuw``, with the vote rules of resolution.md (V2a Cursed, V3a Prince,
S-apprentice_tanner, S-minion_solo for the Squire).

Expected values are worked out by hand from the deal, the choices and the votes; each test names its
reference. Thumbs are answered by night identity (E-30)."""

from __future__ import annotations

import random

import pytest

from onenight_core import Action, CardView, IllegalAction, Learned, Setup, apply, new_game, pending, view_for

from conftest import DONE, PASS, copy, dawn, look, names, play, state_at, swap

V3 = ("villager", "villager", "villager")


def tap(pos: str) -> Action:
    return Action("tap", (pos,))


def table(played) -> tuple[str, ...]:
    return played.state.table_roles()


# -- Apprentice Tanner (roles.md #31; resolution.md S-apprentice_tanner, W5t, A16) -------------------

def test_apprentice_tanner_sees_the_tanners_thumb():
    played = play(["apprentice_tanner", "tanner", "werewolf", "villager"], V3, {"werewolves": PASS})
    [p] = played.prompts_of(0, "apprentice_tanner")
    assert p.kind == "info" and p.info == (Learned(0, ("p1",), "tanner", "apprentice_tanner"),)


def test_apprentice_tanner_without_a_tanner_sees_nobody():
    played = play(["apprentice_tanner", "villager", "werewolf"], ("tanner", "villager", "villager"),
                  {"werewolves": PASS})
    assert played.shown(0, "apprentice_tanner") == [Learned(0, (), "tanner", "apprentice_tanner")]


def test_the_tanner_thumbs_by_night_identity_after_his_card_moved():
    # E-30: a DG-Troublemaker moves the Tanner card from p2 to p4 at -7; p2 still sticks out the thumb.
    played = play(["doppelganger", "troublemaker", "tanner", "apprentice_tanner", "villager"], V3,
                  {"doppelganger": [copy("p1"), swap("p2", "p4")], "troublemaker": PASS})
    assert played.shown(3, "apprentice_tanner") == [Learned(3, ("p2",), "tanner", "apprentice_tanner")]


def test_doppelganger_apprentice_tanner_wakes_right_after():
    played = play(["doppelganger", "apprentice_tanner", "tanner", "villager"], V3,
                  {"doppelganger": copy("p1")})
    steps = [s.id for s in played.state.script]
    assert steps.index("doppelganger:apprentice_tanner") == steps.index("apprentice_tanner") + 1
    assert played.shown(1, "apprentice_tanner") == [Learned(1, ("p2",), "tanner", "apprentice_tanner")]
    assert played.shown(0, "doppelganger:apprentice_tanner") == [
        Learned(0, ("p2",), "tanner", "doppelganger:apprentice_tanner")]


def test_apprentice_tanner_wins_when_the_tanner_dies():
    # resolution.md O34: p1 (tanner) gets 4 votes; tanner and apprentice win; werewolves are vetoed.
    out = dawn(["werewolf", "tanner", "apprentice_tanner", "seer", "villager"], [1, 0, 1, 1, 1])
    assert out.dead == {1} and out.winners == {1, 2}


def test_apprentice_tanner_without_a_tanner_wins_by_dying_and_vetoes_the_wolves():
    # p1 gets 3 votes and dies; acting as the Tanner he wins; the werewolf p0 cannot win and the village
    # killed no werewolf.
    out = dawn(["werewolf", "apprentice_tanner", "seer", "villager"], [1, 0, 1, 1])
    assert out.dead == {1} and out.winners == {1}


def test_apprentice_tanner_needs_the_tanner_to_die_when_there_is_one():
    # p2 (apprentice) gets 4 votes and dies, the tanner p1 lives: the apprentice loses, no veto applies,
    # the werewolf p0 survives and wins.
    out = dawn(["werewolf", "tanner", "apprentice_tanner", "seer", "villager"], [2, 2, 0, 2, 2])
    assert out.dead == {2} and out.winners == {0}


def test_apprentice_tanners_share_a_team_without_a_tanner():
    # resolution.md A16 (onuw): with no tanner, any apprentice's death makes every apprentice win.
    out = dawn(["werewolf", "apprentice_tanner", "apprentice_tanner", "seer", "villager"], [1, 0, 1, 1, 1])
    assert out.dead == {1} and out.winners == {1, 2}


# -- The Thing (roles.md #36, E-34) --------------------------------------------------------------------

def test_thing_may_tap_either_neighbour_or_pass():
    g = state_at(["villager", "thing", "werewolf", "villager"], V3, "thing")
    assert pending(g).options == (PASS, tap("p0"), tap("p2"))
    with pytest.raises(IllegalAction):
        apply(g, tap("p3"))


def test_thing_neighbours_wrap_around_the_table():
    g = state_at(["thing", "villager", "werewolf", "villager"], V3, "thing")
    assert pending(g).options == (PASS, tap("p1"), tap("p3"))


def test_the_tapped_player_learns_the_thing_and_the_thing_learns_nothing():
    played = play(["villager", "thing", "werewolf", "villager"], V3, {"werewolves": PASS, "thing": tap("p0")})
    [shown] = played.prompts_of(0, "thing")
    assert shown.kind == "info" and shown.info == (Learned(0, ("p1",), "thing", "thing"),)
    assert [o for o in played.state.observations if o.seat == 1] == []
    assert view_for(played.state, 0).observations == (Learned(0, ("p1",), "thing", "thing"),)
    assert view_for(played.state, 3).observations == ()


def test_doppelganger_thing_taps_at_once():
    played = play(["doppelganger", "thing", "villager", "villager"], V3,
                  {"doppelganger": [copy("p1"), tap("p3")], "thing": PASS})
    assert played.state.observations[-1] == Learned(3, ("p0",), "thing", "doppelganger")
    assert [p.seat for p in played.prompts_of(step="thing") if p.kind == "act"] == [1]


# -- Aura Seer (roles.md #51, E-32) ----------------------------------------------------------------------

def test_aura_seer_sees_who_viewed_or_moved_a_card_so_far():
    # lone wolf p4 peeks (view), the Seer p0 looks (view), the Robber p1 declines, the Troublemaker p3
    # swaps (move). The Insomniac at 9 has not woken yet.
    played = play(["seer", "robber", "aura_seer", "troublemaker", "werewolf", "insomniac"], V3,
                  {"werewolves": look("c0"), "seer": look("p5"), "robber": PASS,
                   "troublemaker": swap("p0", "p5")})
    [p] = played.prompts_of(2, "aura_seer")
    assert p.kind == "info"
    assert p.info == (Learned(2, ("p0", "p3", "p4"), "viewed_or_moved", "aura_seer"),)


def test_aura_seer_counts_the_doppelgangers_copy_and_her_copy_sees_them_again():
    played = play(["doppelganger", "aura_seer", "robber", "werewolf", "villager"], V3,
                  {"doppelganger": copy("p1"), "werewolves": PASS, "robber": swap("p2", "p4")})
    assert played.shown(1, "aura_seer") == [Learned(1, ("p0", "p2"), "viewed_or_moved", "aura_seer")]
    assert played.shown(0, "doppelganger:aura_seer") == [
        Learned(0, ("p2",), "viewed_or_moved", "doppelganger:aura_seer")]


@pytest.mark.parametrize("pickpocket, who", [(PASS, ()), (Action("swap_marks", ("p0", "p2")), ("p0",))])
def test_aura_seer_counts_marks_under_onuw_but_not_the_mark_check(pickpocket, who):
    # E-32, official: "a card or a mark". Everybody looks at their own mark at the mark check: not counted.
    played = play(["pickpocket", "aura_seer", "villager", "werewolf"], V3,
                  {"werewolves": PASS, "pickpocket": pickpocket})
    assert played.shown(1, "aura_seer") == [Learned(1, who, "viewed_or_moved", "aura_seer")]


# -- Squire (roles.md #58, E-39; resolution.md S-minion_solo) --------------------------------------------

def test_squire_sees_the_werewolves_dream_wolf_included_and_may_view_their_cards():
    played = play(["squire", "werewolf", "dream_wolf", "villager", "mystic_wolf"], V3,
                  {"mystic_wolf": PASS, "squire": look("p1", "p2", "p4")})
    [first, shown] = played.prompts_of(0, "squire")
    assert first.info == (Learned(0, ("p1", "p2", "p4"), "werewolf", "squire"),)
    assert first.options == (PASS, look("p1", "p2", "p4"), look("p1", "p2"), look("p1", "p4"),
                             look("p2", "p4"), look("p1"), look("p2"), look("p4"))
    assert [o for o in played.state.observations if o.seat == 0 and isinstance(o, CardView)] == [
        CardView(0, "p1", "werewolf", "squire"), CardView(0, "p2", "dream_wolf", "squire"),
        CardView(0, "p4", "mystic_wolf", "squire")]


def test_squire_views_the_current_card():
    # The Robber took p1's werewolf card: p1 still thumbs (NI), and his card is now the Robber.
    played = play(["squire", "werewolf", "robber", "villager"], V3,
                  {"werewolves": PASS, "robber": swap("p2", "p1"), "squire": look("p1")})
    assert played.shown(0, "squire")[-1] == CardView(0, "p1", "robber", "squire")


def test_squire_may_decline_and_cannot_view_a_shielded_wolf():
    played = play(["sentinel", "squire", "werewolf", "villager"], V3,
                  {"sentinel": shield_action("p2"), "werewolves": PASS})
    [p] = played.prompts_of(1, "squire")
    assert p.kind == "info" and p.info == (Learned(1, ("p2",), "werewolf", "squire"),)
    g = state_at(["squire", "werewolf", "villager"], V3, "squire")
    assert PASS in pending(g).options


def test_squire_wins_with_the_werewolves_even_when_dead():
    # p2 and p1 tie with 2 votes and die; no werewolf died: werewolf team (p0 and the Squire p1) wins.
    out = dawn(["werewolf", "squire", "seer", "villager"], [2, 2, 1, 1])
    assert out.dead == {1, 2} and out.winners == {0, 1}


def test_squire_without_werewolves_wins_alive_when_someone_else_dies():
    # resolution.md O73
    out = dawn(["squire", "seer", "villager", "villager"], [2, 2, 1, 2])
    assert out.dead == {2} and out.winners == {0}


def test_doppelganger_squire_wakes_right_after():
    played = play(["doppelganger", "squire", "werewolf", "villager"], V3,
                  {"doppelganger": copy("p1"), "werewolves": PASS, "squire": PASS,
                   "doppelganger:squire": look("p2")})
    assert played.shown(0, "doppelganger:squire")[-1] == CardView(0, "p2", "werewolf", "doppelganger:squire")


# -- Beholder (roles.md #59) -------------------------------------------------------------------------

def test_beholder_sees_both_seers_and_may_view_their_cards():
    played = play(["beholder", "seer", "apprentice_seer", "werewolf", "villager"], V3,
                  {"werewolves": PASS, "seer": PASS, "apprentice_seer": PASS, "beholder": look("p1", "p2")})
    [first, shown] = played.prompts_of(0, "beholder")
    assert first.info == (Learned(0, ("p1", "p2"), "seer", "beholder"),)
    assert first.options == (PASS, look("p1", "p2"), look("p1"), look("p2"))
    assert shown.info[1:] == (CardView(0, "p1", "seer", "beholder"),
                              CardView(0, "p2", "apprentice_seer", "beholder"))


def test_beholder_views_the_seers_current_card():
    played = play(["beholder", "seer", "robber", "villager"], V3,
                  {"seer": PASS, "robber": swap("p2", "p1"), "beholder": look("p1")})
    assert played.shown(0, "beholder")[-1] == CardView(0, "p1", "robber", "beholder")


def test_beholder_without_seers_sees_nobody():
    played = play(["beholder", "villager", "werewolf"], ("seer", "villager", "villager"),
                  {"werewolves": PASS})
    [p] = played.prompts_of(0, "beholder")
    assert p.kind == "info" and p.info == (Learned(0, (), "seer", "beholder"),)


def test_doppelganger_beholder_wakes_right_after():
    played = play(["doppelganger", "beholder", "seer", "villager"], V3,
                  {"doppelganger": copy("p1"), "seer": PASS, "beholder": PASS,
                   "doppelganger:beholder": look("p2")})
    assert played.shown(0, "doppelganger:beholder")[0] == Learned(0, ("p2",), "seer", "doppelganger:beholder")


# -- Prince (roles.md #72, resolution.md V3a) ---------------------------------------------------------

def test_prince_cannot_die_and_the_next_with_two_votes_dies():
    # p1 (prince) has 3 votes (p0, p2, p3); p0 has 2 (p1, p4): the werewolf p0 dies.
    out = dawn(["werewolf", "prince", "seer", "villager", "villager"], [1, 0, 1, 1, 0])
    assert out.dead == {0} and out.winners == {1, 2, 3, 4}


def test_votes_on_the_prince_count_for_nothing():
    # p1 has 4 votes, p2 one: nobody dies, the werewolf wins.
    out = dawn(["werewolf", "prince", "seer", "villager", "villager"], [1, 2, 1, 1, 1])
    assert out.dead == frozenset() and out.winners == {0}


def test_the_hunter_cannot_shoot_the_prince():
    # p2 (hunter) dies with 3 votes and points at the Prince p1: the shot fails.
    out = dawn(["werewolf", "prince", "hunter", "villager", "villager"], [2, 2, 1, 2, 0])
    assert out.dead == {2} and out.winners == {0}


def test_prince_with_the_mark_of_the_vampire_is_a_vampire_who_cannot_die():
    # roles.md #72 Edge (OFF): p0 is a vampire; his 3 votes count for nothing, p1 has 1: nobody dies.
    out = dawn(["prince", "villager", "seer", "villager"], [1, 0, 0, 0],
               marks=["mark_of_the_vampire"] + ["mark_of_clarity"] * 3)
    assert out.kinds[0] == "vampire" and out.dead == frozenset() and out.winners == {0}


def test_doppelganger_prince_cannot_die():
    out = dawn(["werewolf", "doppelganger@prince", "seer", "villager", "villager"], [1, 0, 1, 1, 0])
    assert out.dead == {0} and out.winners == {1, 2, 3, 4}


# -- Cursed (roles.md #73, E-7; resolution.md V2a) ----------------------------------------------------

def test_cursed_voted_by_a_werewolf_becomes_a_werewolf():
    # resolution.md O19: p1 dies with 4 votes, one from the werewolf: a werewolf died, the village wins.
    out = dawn(["werewolf", "cursed", "seer", "villager", "villager"], [1, 2, 1, 1, 1])
    assert out.kinds[1] == "werewolf" and out.dead == {1} and out.winners == {2, 3, 4}


def test_cursed_not_voted_by_a_werewolf_stays_village():
    # p1 and p2 tie with 2 votes; nobody who voted for p1 is a werewolf: no werewolf died.
    out = dawn(["werewolf", "cursed", "seer", "villager"], [2, 2, 1, 1])
    assert out.kinds[1] is None and out.dead == {1, 2} and out.winners == {0}


def test_surviving_cursed_voted_by_a_werewolf_loses_with_the_werewolves():
    # p0 (werewolf) dies with 4 votes and voted for p1, who is now a werewolf: the village wins without p1.
    out = dawn(["werewolf", "cursed", "seer", "villager", "villager"], [1, 0, 0, 0, 0])
    assert out.dead == {0} and out.winners == {2, 3, 4}


def test_cursed_voted_by_a_vampire_becomes_a_vampire_under_onuw():
    # E-7, official: p1 dies with 3 votes, one from the vampire p0: a vampire died, the village wins.
    out = dawn(["vampire", "cursed", "seer", "villager"], [1, 0, 1, 1])
    assert out.kinds[1] == "vampire" and out.dead == {1} and out.winners == {2, 3}


def test_doppelganger_cursed_converts_too():
    out = dawn(["werewolf", "doppelganger@cursed", "seer", "villager", "villager"], [1, 2, 1, 1, 1])
    assert out.kinds[1] == "werewolf" and out.winners == {2, 3, 4}


# -- presets ---------------------------------------------------------------------------------------------

def test_bonus_presets_are_playable_decks():
    from onenight_core.catalog.presets import PRESETS
    from onenight_tui.text.rules_words import preset_description
    bonus = {"squire", "beholder", "thing", "aura_seer", "prince", "cursed", "apprentice_tanner"}
    mine = [p for p in PRESETS.values() if set(p.roles) & bonus]
    assert len(mine) >= 3
    for preset in mine:
        assert preset.about and preset_description(preset)
        g = new_game(Setup(names(preset.players), preset.roles), 11)
        rnd = random.Random(preset.id)
        while (p := pending(g)) is not None:
            g = apply(g, rnd.choice(p.options) if p.kind != "info" else DONE)
        assert g.outcome is not None


def shield_action(pos: str) -> Action:
    return Action("shield", (pos,))
