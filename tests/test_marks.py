"""Marks (rules/roles.md §B, §A.5): one per player from the start, replaced by newer ones, moved only by
the Pickpocket and the Gremlin; the mark check where each player sees their own and Fear is fixed; the
lovers' wake; shields that protect cards but not marks; what a seat knows of its own mark."""

from __future__ import annotations

import pytest

from onenight_core import Action, Learned, MarkView, Setup, new_game, pending, view_for
from onenight_core.rulesets.onuw.marks import (CLARITY, FEAR, LOVE, MARKS, TRAITOR, VAMPIRE,
                                 exchange_marks, give_mark, next_couple)

from conftest import PASS, names, play, state_at

V3 = ("villager",) * 3


def mark(pos: str, m: str) -> Action:
    return Action("mark", (pos,), m)


def swap_marks(a: str, b: str) -> Action:
    return Action("swap_marks", (a, b))


def fresh(n: int = 4):
    deal = ("cupid",) + ("villager",) * (n - 1) + V3
    return new_game(Setup(names(n), deal), 0, deal=deal)


# -- the helpers -------------------------------------------------------------------------------------

def test_every_mark_has_a_name_and_an_effect():
    from onenight_core.catalog.rules import default_rules
    from onenight_tui.text.catalog import LANGUAGES, load

    assert len(MARKS) == 8
    for lang in LANGUAGES:  # names and effects are rules data; the short label is the text layer's
        for mark in MARKS:
            info = default_rules().mark(mark)
            assert info is not None and info.name(lang) and info.effect(lang), (lang, mark)
            assert f"short_{mark}" in load(lang).messages, (lang, mark)


def test_everyone_starts_with_the_mark_of_clarity():
    assert fresh(5).marks == (CLARITY,) * 5


def test_a_new_mark_replaces_the_old_one():
    g = give_mark(fresh(), 1, TRAITOR)
    g = give_mark(g, 1, VAMPIRE)
    assert g.marks == (CLARITY, VAMPIRE, CLARITY, CLARITY)


def test_love_marks_carry_their_couple_and_lose_it_when_replaced():
    g = fresh()
    assert next_couple(g) == 1
    g = give_mark(give_mark(g, 0, LOVE, 1), 2, LOVE, 1)
    assert next_couple(g) == 2
    assert g.facts.couples == ((0, 1), (2, 1))
    g = give_mark(g, 2, CLARITY)
    assert g.facts.couples == ((0, 1),)


def test_a_love_mark_needs_a_couple_and_unknown_marks_are_refused():
    with pytest.raises(ValueError):
        give_mark(fresh(), 0, LOVE)
    with pytest.raises(ValueError):
        give_mark(fresh(), 0, "mark_of_doom")


def test_exchanged_marks_take_their_couples_along():
    g = give_mark(give_mark(fresh(), 0, LOVE, 1), 1, LOVE, 1)
    g = give_mark(g, 2, LOVE, 2)
    g = exchange_marks(g, 1, 3)
    assert g.marks == (LOVE, CLARITY, LOVE, LOVE)
    assert g.facts.couples == ((0, 1), (2, 2), (3, 1))
    g = exchange_marks(g, 0, 2)  # two lovers of different couples trade marks: the couples trade too
    assert g.facts.couples == ((0, 2), (2, 1), (3, 1))


# -- the mark check ---------------------------------------------------------------------------------

def test_the_mark_check_shows_every_player_their_own_mark_in_seat_order():
    deal = ["vampire", "instigator", "villager", "villager"]
    played = play(deal, V3, {"vampires": mark("p2", VAMPIRE), "instigator": mark("p3", TRAITOR)})
    checks = played.prompts_of(step="mark_check")
    assert [p.seat for p in checks] == [0, 1, 2, 3]
    assert all(p.kind == "info" for p in checks)
    assert [p.info for p in checks] == [(MarkView(s, f"p{s}", m, "mark_check"),)
                                        for s, m in enumerate((CLARITY, CLARITY, VAMPIRE, TRAITOR))]


def test_no_mark_check_without_a_mark_role():
    played = play(["werewolf", "seer", "villager"], V3, {"werewolves": PASS, "seer": PASS})
    assert "mark_check" not in [s.id for s in played.state.script]


def test_fear_is_fixed_at_the_mark_check_and_moving_the_mark_later_changes_nothing():
    # The Count fears the Seer (p2). At 7-D the Gremlin hands that Fear mark to the Insomniac (p3):
    # the Seer stays feared (no night action), the Insomniac still wakes at 9 (E-40).
    deal = ["the_count", "gremlin", "seer", "insomniac"]
    played = play(deal, V3, {"vampires": mark("p1", VAMPIRE), "the_count": mark("p2", FEAR),
                             "gremlin": swap_marks("p2", "p3")})
    g = played.state
    assert g.feared == frozenset({2})
    assert g.marks == (CLARITY, VAMPIRE, CLARITY, FEAR)
    assert "seer" not in played.steps_prompted() and "insomniac" in played.steps_prompted()


def test_fear_given_at_twilight_does_not_block_a_twilight_action():
    # The Count's Fear (−6B) reaches the Diseased before −5: Fear only counts from the mark check on.
    deal = ["the_count", "diseased", "villager", "villager"]
    played = play(deal, V3, {"vampires": mark("p2", VAMPIRE), "the_count": mark("p1", FEAR),
                             "diseased": mark("p0", "mark_of_disease")})
    assert "diseased" in played.steps_prompted() and played.state.marks[0] == "mark_of_disease"
    assert played.state.feared == frozenset({1})  # from the mark check on, he is feared


def test_feared_werewolf_stays_asleep_but_the_minion_still_sees_his_thumb():
    deal = ["the_count", "werewolf", "werewolf", "minion", "villager"]
    played = play(deal, V3, {"vampires": mark("p4", VAMPIRE), "the_count": mark("p1", FEAR),
                             "werewolves": PASS})
    g = played.state
    # p1 does not wake: p2 wakes alone and sees nobody, so he is offered the lone-wolf peek.
    wolves = played.prompts_of(step="werewolves")
    assert [p.seat for p in wolves] == [2] and PASS in wolves[0].options
    assert [o for o in g.observations if isinstance(o, Learned) and o.step == "werewolves"] == [
        Learned(2, (), "werewolf", "werewolves")]
    # Thumbs are answered by night identity, feared or not.
    assert [o for o in g.observations if isinstance(o, Learned) and o.step == "minion"] == [
        Learned(3, ("p1", "p2"), "werewolf", "minion")]


def test_a_feared_dream_wolf_shows_no_thumb_to_the_werewolf():
    deal = ["the_count", "werewolf", "dream_wolf", "villager", "villager"]
    fear = {"vampires": mark("p3", VAMPIRE), "the_count": mark("p2", FEAR)}
    g = state_at(deal, V3, "werewolves", dict(fear))
    # Without the thumb the werewolf believes he is alone: he sees nobody and may peek (roles.md §5).
    assert pending(g).info == (Learned(1, (), "werewolf", "werewolves"),)
    assert PASS in pending(g).options and len(pending(g).options) == 4
    g = state_at(deal, V3, "werewolves", {"vampires": mark("p3", VAMPIRE), "the_count": mark("p4", FEAR)})
    assert pending(g).info == (Learned(1, ("p2",), "werewolf", "werewolves"),)


# -- lovers -----------------------------------------------------------------------------------------

def test_lovers_wake_together_after_the_mark_check():
    played = play(["cupid", "villager", "villager", "villager"], V3,
                  {"cupid": [mark("p1", LOVE), mark("p3", LOVE)]})
    steps = played.steps_prompted()
    assert steps.index("mark_check") < steps.index("lovers")
    lovers = played.prompts_of(step="lovers")
    assert [(p.seat, p.group) for p in lovers] == [(1, (1, 3)), (3, (1, 3))]
    assert [p.info for p in lovers] == [(Learned(1, ("p3",), LOVE, "lovers"),),
                                        (Learned(3, ("p1",), LOVE, "lovers"),)]


# -- shields ----------------------------------------------------------------------------------------

def test_a_shield_protects_the_card_not_the_mark():
    # The Pickpocket takes the Traitor mark from the shielded p2; nobody may touch p2's card.
    deal = ["instigator", "pickpocket", "villager", "sentinel"]
    answers = {"instigator": mark("p2", TRAITOR), "sentinel": Action("shield", ("p2",)),
               "pickpocket": swap_marks("p1", "p2")}
    g = state_at(deal, V3, "pickpocket", {k: v for k, v in answers.items() if k != "pickpocket"})
    assert swap_marks("p1", "p2") in pending(g).options
    played = play(deal, V3, answers)
    assert played.state.marks == (CLARITY, TRAITOR, CLARITY, CLARITY)
    assert played.state.shields == frozenset({2})


# -- what a seat knows of its own mark -----------------------------------------------------------------

def test_a_seat_knows_its_mark_only_from_looking_at_it():
    deal = ["the_count", "gremlin", "villager", "villager"]
    played = play(deal, V3, {"vampires": mark("p2", VAMPIRE), "the_count": mark("p3", FEAR),
                             "gremlin": swap_marks("p2", "p3")})
    g = played.state
    assert g.marks == (CLARITY, CLARITY, FEAR, VAMPIRE)
    # Each saw its mark at the check; the Gremlin's later exchange is unknown to p2 and p3.
    assert [view_for(g, s).mark_seen for s in range(4)] == [CLARITY, CLARITY, VAMPIRE, FEAR]


def test_before_the_mark_check_nobody_has_seen_a_mark():
    g = state_at(["cupid", "villager", "villager"], V3, "cupid")
    assert [view_for(g, s).mark_seen for s in range(3)] == [None, None, None]


def test_the_pickpocket_knows_the_mark_he_took():
    deal = ["vampire", "pickpocket", "villager", "villager"]
    played = play(deal, V3, {"vampires": mark("p3", VAMPIRE), "pickpocket": swap_marks("p1", "p3")})
    assert view_for(played.state, 1).mark_seen == VAMPIRE
    assert view_for(played.state, 3).mark_seen == VAMPIRE  # saw it at the check, before it was taken
