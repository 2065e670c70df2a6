"""The Vampire expansion's roles at night (rules/roles.md §5.1–§5.3, Appendix A), one rule per test.

Games are played through the engine's protocol with explicit deals (``play``/``state_at`` of conftest);
every expected option list, mark and observation is worked out from the role entries by hand."""

from __future__ import annotations

import pytest

from onenight_core import Action, Card, CardView, IllegalAction, Learned, MarkView, apply, pending
from onenight_core.rulesets.onuw.marks import ASSASSIN, BAT, CLARITY, DISEASE, FEAR, LOVE, TRAITOR, VAMPIRE

from conftest import DONE, PASS, copy, look, play, state_at, swap, take

V3 = ("villager",) * 3


def mark(pos: str, m: str) -> Action:
    return Action("mark", (pos,), m)


def look_mark(pos: str) -> Action:
    return Action("look_mark", (pos,))


def swap_marks(a: str, b: str) -> Action:
    return Action("swap_marks", (a, b))


def learned(g, seat: int, step: str) -> list[tuple[tuple[str, ...], str]]:
    """What ``seat`` learned (eyes, thumbs) in ``step``, as (who, as) pairs."""
    return [(o.who, o.as_) for o in g.observations if isinstance(o, Learned) and o.seat == seat and o.step == step]


# -- the vampires (−6) ------------------------------------------------------------------------------

def test_vampires_meet_and_the_first_vampire_in_seat_order_chooses():
    deal = ["villager", "vampire", "seer", "the_master", "vampire"]
    g = state_at(deal, V3, "vampires")
    p = pending(g)
    # The Master wakes with them (#79); the target is a player whose night identity is not a vampire.
    assert (p.seat, p.kind) == (1, "act")
    assert p.options == (mark("p0", VAMPIRE), mark("p2", VAMPIRE))
    assert p.info == (Learned(1, ("p3", "p4"), "vampire", "vampires"),)
    assert p.group == (1, 3, 4)


def test_the_other_vampires_see_the_group_choice():
    deal = ["villager", "vampire", "seer", "the_master", "vampire"]
    played = play(deal, V3, {"vampires": mark("p2", VAMPIRE), "seer": PASS})
    g = played.state
    assert g.marks == (CLARITY, CLARITY, VAMPIRE, CLARITY, CLARITY)
    for seat, fellows in ((3, ("p1", "p4")), (4, ("p1", "p3"))):
        (p,) = played.prompts_of(seat, "vampires")
        assert p.kind == "info"
        assert p.info == (Learned(seat, fellows, "vampire", "vampires"),
                          Learned(seat, ("p2",), VAMPIRE, "vampires"))
        # Only the meeting is recorded as learned from eyes; the mark is the group's own act.
        assert learned(g, seat, "vampires") == [(fellows, "vampire")]


def test_vampires_with_nobody_to_mark_can_only_pass():
    played = play(["vampire", "the_count", "the_master"], V3, {"vampires": PASS, "the_count": PASS})
    (p,) = played.prompts_of(0, "vampires")
    assert p.options == (PASS,)
    assert played.prompts_of(1, "the_count")[0].options == (PASS,)
    assert set(played.state.marks) == {CLARITY}


def test_a_doppelganger_vampire_joins_the_group_and_adds_no_mark():
    deal = ["villager", "vampire", "doppelganger", "seer"]
    played = play(deal, V3, {"doppelganger": copy("p1"), "vampires": mark("p3", VAMPIRE), "seer": PASS})
    g = played.state
    assert [p.seat for p in played.prompts if p.step == "vampires"] == [1, 2]
    assert learned(g, 2, "vampires") == [(("p1",), "vampire")]
    assert g.marks.count(VAMPIRE) == 1 and g.marks[3] == VAMPIRE


# -- The Count (−6B) --------------------------------------------------------------------------------

def test_count_fears_a_player_who_is_neither_vampire_nor_marked():
    deal = ["the_count", "villager", "seer", "robber"]
    g = state_at(deal, V3, "the_count", {"vampires": mark("p1", VAMPIRE)})
    assert pending(g).options == (mark("p2", FEAR), mark("p3", FEAR))
    played = play(deal, V3, {"vampires": mark("p1", VAMPIRE), "the_count": mark("p2", FEAR), "robber": PASS})
    # Fear is fixed at the mark check: the Seer (p2) does no night action; the Robber still acts.
    assert played.state.feared == frozenset({2})
    assert "seer" not in played.steps_prompted() and "robber" in played.steps_prompted()


def test_doppelganger_count_wakes_with_the_vampires_and_gives_a_second_fear_mark():
    deal = ["doppelganger", "the_count", "villager", "seer", "robber"]
    answers = {"doppelganger": copy("p1"), "vampires": mark("p2", VAMPIRE), "the_count": mark("p3", FEAR),
               "doppelganger:the_count": mark("p4", FEAR)}
    g = state_at(deal, V3, "doppelganger:the_count", dict(answers))
    p = pending(g)
    assert (p.seat, p.role, p.copier) == (0, "the_count", "doppelganger")
    assert p.options == (mark("p3", FEAR), mark("p4", FEAR))
    played = play(deal, V3, answers)
    assert [p.seat for p in played.prompts if p.step == "vampires"] == [0, 1]
    assert played.state.marks == (CLARITY, CLARITY, VAMPIRE, FEAR, FEAR)
    assert played.state.feared == frozenset({3, 4})
    assert not {"seer", "robber"} & set(played.steps_prompted())


# -- Renfield (−6C) ---------------------------------------------------------------------------------

def test_renfield_sees_the_vampires_and_their_mark_and_takes_the_bat():
    played = play(["vampire", "renfield", "villager", "seer"], V3, {"vampires": mark("p2", VAMPIRE), "seer": PASS})
    g = played.state
    (p,) = played.prompts_of(1, "renfield")
    assert p.kind == "info"  # no choice: the Bat mark is mandatory
    assert learned(g, 1, "renfield") == [(("p0",), "vampire"), (("p2",), VAMPIRE)]
    assert g.marks == (CLARITY, BAT, VAMPIRE, CLARITY)


def test_renfield_given_the_mark_of_the_vampire_replaces_it_with_the_bat():
    # E-41: the mandatory Bat mark replaces the Vampire mark he just received.
    played = play(["vampire", "renfield", "villager", "seer"], V3, {"vampires": mark("p1", VAMPIRE), "seer": PASS})
    g = played.state
    assert g.marks == (CLARITY, BAT, CLARITY, CLARITY)
    assert learned(g, 1, "renfield") == [(("p0",), "vampire"), ((), VAMPIRE)]


def test_renfield_without_awake_vampires_sees_nobody_and_still_takes_the_bat():
    played = play(["renfield", "seer", "villager"], ("vampire", "vampire", "villager"), {"seer": PASS})
    g = played.state
    assert learned(g, 0, "renfield") == [((), "vampire"), ((), VAMPIRE)]
    assert g.marks == (BAT, CLARITY, CLARITY)


# -- Diseased (−5), Cupid (−4), Instigator (−3) -------------------------------------------------------

def test_diseased_marks_a_neighbour():
    g = state_at(["diseased", "villager", "villager", "villager"], V3, "diseased")
    assert pending(g).options == (mark("p1", DISEASE), mark("p3", DISEASE))  # LEFT p1, RIGHT p3, no pass


def test_doppelganger_diseased_acts_at_once_with_its_own_mark():
    deal = ["doppelganger", "diseased", "villager", "villager"]
    played = play(deal, V3, {"doppelganger": [copy("p1"), mark("p3", DISEASE)], "diseased": mark("p2", DISEASE)})
    dg = [p for p in played.prompts_of(0, "doppelganger") if p.kind == "act"][1]
    assert (dg.role, dg.copier) == ("diseased", "doppelganger")
    assert dg.options == (mark("p1", DISEASE), mark("p3", DISEASE))
    assert played.prompts_of(1, "diseased")[0].options == (mark("p0", DISEASE), mark("p2", DISEASE))
    assert played.state.marks == (CLARITY, CLARITY, DISEASE, DISEASE)


def test_cupid_gives_love_to_two_different_players_self_allowed():
    deal = ["cupid", "villager", "villager", "villager"]
    g = state_at(deal, V3, "cupid")
    assert pending(g).options == (PASS,) + tuple(mark(f"p{s}", LOVE) for s in range(4))
    g = apply(g, mark("p0", LOVE))
    # issue 10: the second pick is required (no "Do nothing"): a lone Love mark has no partner
    assert pending(g).stage == "second"
    assert pending(g).options == tuple(mark(f"p{s}", LOVE) for s in (1, 2, 3))
    with pytest.raises(IllegalAction):
        apply(g, PASS)
    played = play(deal, V3, {"cupid": [mark("p0", LOVE), mark("p2", LOVE)]})
    g = played.state
    assert g.marks == (LOVE, CLARITY, LOVE, CLARITY)
    assert g.facts.couples == ((0, 1), (2, 1))
    # The lovers wake after the mark check and see each other (§A.5).
    assert learned(g, 0, "lovers") == [(("p2",), LOVE)] and learned(g, 2, "lovers") == [(("p0",), LOVE)]


def test_cupid_may_place_no_mark_at_all():
    # onuw takes the official "up to two" (E-35): none, or a couple.
    played = play(["cupid", "villager", "villager", "villager"], V3, {"cupid": [PASS]})
    assert played.state.marks == (CLARITY,) * 4
    assert "lovers" not in played.steps_prompted()


def test_a_lone_lover_wakes_and_learns_that_nobody_else_holds_a_love_mark():
    # The Priest's own Mark of Clarity replaces p1's Love mark: p2 is the only holder left. Every
    # current holder wakes at LOVERS (roles.md #10); alone, p2 learns his mark has no partner.
    played = play(["cupid", "priest", "villager", "villager"], V3,
                  {"cupid": [mark("p1", LOVE), mark("p2", LOVE)], "priest": [PASS]})
    g = played.state
    assert g.marks == (CLARITY, CLARITY, LOVE, CLARITY)
    assert learned(g, 2, "lovers") == [((), LOVE)]
    assert "lovers" in played.steps_prompted()


def test_doppelganger_cupid_makes_a_second_couple_and_all_lovers_meet():
    deal = ["doppelganger", "cupid", "villager", "villager", "villager"]
    answers = {"doppelganger": [copy("p1"), mark("p2", LOVE), mark("p3", LOVE)],
               "cupid": [mark("p3", LOVE), mark("p4", LOVE)]}
    # p3's first Love mark (the Doppelganger's couple 1) is replaced by Cupid's (couple 2).
    played = play(deal, V3, answers, votes=[3, 3, 3, 0, 0])
    g = played.state
    assert g.marks == (CLARITY, CLARITY, LOVE, LOVE, LOVE)
    assert g.facts.couples == ((2, 1), (3, 2), (4, 2))
    assert learned(g, 2, "lovers") == [(("p3", "p4"), LOVE)]
    # p3 (3 votes) dies; his lover in couple 2 (p4) dies with him; p2, alone in couple 1, lives.
    assert set(g.outcome.dead) == {3, 4}


def test_instigator_may_give_the_traitor_mark_to_anyone_or_pass():
    deal = ["instigator", "villager", "villager"]
    g = state_at(deal, V3, "instigator")
    assert pending(g).options == (PASS, mark("p0", TRAITOR), mark("p1", TRAITOR), mark("p2", TRAITOR))
    assert play(deal, V3, {"instigator": mark("p0", TRAITOR)}).state.marks == (TRAITOR, CLARITY, CLARITY)


# -- Priest (−2) ------------------------------------------------------------------------------------

def test_priest_clears_himself_and_may_erase_the_mark_of_the_vampire():
    deal = ["vampire", "priest", "villager", "villager"]
    g = state_at(deal, V3, "priest", {"vampires": mark("p2", VAMPIRE)})
    assert pending(g).options == (PASS, mark("p0", CLARITY), mark("p2", CLARITY), mark("p3", CLARITY))
    played = play(deal, V3, {"vampires": mark("p2", VAMPIRE), "priest": mark("p2", CLARITY)})
    assert set(played.state.marks) == {CLARITY}
    # What p2 saw at the mark check is the Clarity the Priest gave back.
    assert played.prompts_of(2, "mark_check")[0].info == (MarkView(2, "p2", CLARITY, "mark_check"),)


def test_priest_erasing_a_love_mark_breaks_the_couple():
    deal = ["cupid", "priest", "villager", "villager"]
    # Cupid marks the Priest and p2; the Priest's own Clarity replaces his Love mark.
    played = play(deal, V3, {"cupid": [mark("p1", LOVE), mark("p2", LOVE)], "priest": PASS})
    g = played.state
    assert g.marks == (CLARITY, CLARITY, LOVE, CLARITY)
    assert g.facts.couples == ((2, 1),)
    assert learned(g, 2, "lovers") == [((), LOVE)]  # the lone lover wakes and learns he is alone


# -- Assassin (−1), Apprentice Assassin (−1B) ---------------------------------------------------------

def test_assassin_must_mark_and_then_sees_the_apprentice():
    deal = ["assassin", "apprentice_assassin", "villager", "villager"]
    g = state_at(deal, V3, "assassin")
    assert pending(g).options == tuple(mark(f"p{s}", ASSASSIN) for s in range(4))
    played = play(deal, V3, {"assassin": mark("p2", ASSASSIN)})
    g = played.state
    assert g.marks[2] == ASSASSIN
    # onuw (E-31): the Assassin's eyes stay open while the Apprentice looks for him.
    assert learned(g, 0, "assassin") == [(("p1",), "apprentice_assassin")]
    (p,) = played.prompts_of(1, "apprentice_assassin")
    assert p.kind == "info" and learned(g, 1, "apprentice_assassin") == [(("p0",), "assassin")]


def test_apprentice_without_an_assassin_must_give_the_mark():
    deal = ["apprentice_assassin", "villager", "villager"]
    center = ("assassin", "villager", "villager")
    g = state_at(deal, center, "apprentice_assassin")
    p = pending(g)
    assert p.options == (mark("p0", ASSASSIN), mark("p1", ASSASSIN), mark("p2", ASSASSIN))  # E-37: must
    played = play(deal, center, {"apprentice_assassin": mark("p0", ASSASSIN)})
    assert played.state.marks == (ASSASSIN, CLARITY, CLARITY)
    assert learned(played.state, 0, "apprentice_assassin") == [((), "assassin")]


def test_apprentice_does_not_learn_the_doppelganger_assassin():
    deal = ["doppelganger", "assassin", "apprentice_assassin", "villager"]
    played = play(deal, V3, {"doppelganger": copy("p1"), "assassin": mark("p3", ASSASSIN),
                             "doppelganger:assassin": mark("p0", ASSASSIN)})
    g = played.state
    assert learned(g, 2, "apprentice_assassin") == [(("p1",), "assassin")]
    assert learned(g, 1, "assassin") == [(("p2",), "apprentice_assassin")]
    assert learned(g, 0, "doppelganger:assassin") == []  # wakes on its own step, eyes closed at −1B
    assert g.marks == (ASSASSIN, CLARITY, CLARITY, ASSASSIN)


# -- Marksman (5-D), Pickpocket (6-C), Gremlin (7-D) ---------------------------------------------------

def test_marksman_views_a_card_and_the_mark_of_a_different_player_shield_or_not():
    deal = ["sentinel", "marksman", "villager", "werewolf"]
    answers = {"sentinel": Action("shield", ("p3",)), "werewolves": PASS}
    g = state_at(deal, V3, "marksman", dict(answers))
    assert pending(g).options == (PASS, look("p0"), look("p2"), look_mark("p0"), look_mark("p2"), look_mark("p3"))
    played = play(deal, V3, {**answers, "marksman": [look("p2"), look_mark("p3")]})
    second = [p for p in played.prompts_of(1, "marksman") if p.kind == "act"][1]
    assert second.options == (PASS, look_mark("p0"), look_mark("p3"))
    seen = [o for o in played.state.observations if o.seat == 1 and o.step == "marksman"]
    assert seen == [CardView(1, "p2", "villager", "marksman"), MarkView(1, "p3", CLARITY, "marksman")]


def test_marksman_may_look_at_the_mark_first():
    deal = ["marksman", "villager", "villager", "cupid"]
    played = play(deal, V3, {"cupid": [mark("p1", LOVE), mark("p2", LOVE)],
                             "marksman": [look_mark("p1"), look("p2")]})
    second = [p for p in played.prompts_of(0, "marksman") if p.kind == "act"][1]
    assert second.options == (PASS, look("p2"), look("p3"))
    seen = [o for o in played.state.observations if o.seat == 0 and o.step == "marksman"]
    assert seen == [MarkView(0, "p1", LOVE, "marksman"), CardView(0, "p2", "villager", "marksman")]


def test_pickpocket_takes_the_mark_of_the_vampire_and_becomes_a_vampire():
    deal = ["vampire", "pickpocket", "villager", "villager"]
    answers = {"vampires": mark("p2", VAMPIRE), "pickpocket": swap_marks("p1", "p2")}
    g = state_at(deal, V3, "pickpocket", {"vampires": mark("p2", VAMPIRE)})
    assert pending(g).options == (PASS, swap_marks("p1", "p0"), swap_marks("p1", "p2"), swap_marks("p1", "p3"))
    # p1 (2 votes) dies: the new vampire; the vampire team lost: the village (p2, p3) wins (§B).
    played = play(deal, V3, answers, votes=[2, 0, 1, 1])
    g = played.state
    assert g.marks == (CLARITY, VAMPIRE, CLARITY, CLARITY)
    assert [o for o in g.observations if o.step == "pickpocket"] == [MarkView(1, "p1", VAMPIRE, "pickpocket")]
    assert set(g.outcome.dead) == {1} and set(g.outcome.winners) == {2, 3}


def test_doppelganger_pickpocket_acts_right_after_the_pickpocket():
    # Appendix A (pickpocket: ~@6C): the copy wakes at 6-Ca and sees the marks as the Pickpocket left them.
    deal = ["doppelganger", "pickpocket", "vampire", "villager"]
    played = play(deal, V3, {"doppelganger": copy("p1"), "vampires": mark("p3", VAMPIRE),
                             "pickpocket": swap_marks("p1", "p3"), "doppelganger:pickpocket": swap_marks("p0", "p1")})
    g = played.state
    assert g.marks == (VAMPIRE, CLARITY, CLARITY, CLARITY)
    assert [o for o in g.observations if isinstance(o, MarkView) and o.step != "mark_check"] == [
        MarkView(1, "p1", VAMPIRE, "pickpocket"), MarkView(0, "p0", VAMPIRE, "doppelganger:pickpocket")]


def test_gremlin_swaps_cards_or_marks_self_included_never_a_shielded_card():
    deal = ["gremlin", "sentinel", "cupid", "werewolf", "villager"]
    answers = {"cupid": [mark("p2", LOVE), mark("p4", LOVE)], "sentinel": Action("shield", ("p2",)),
               "werewolves": PASS}
    g = state_at(deal, V3, "gremlin", dict(answers))
    options = pending(g).options
    assert swap("p0", "p1") in options  # E-2 official: the Gremlin may include himself
    assert swap("p0", "p2") not in options and swap("p2", "p3") not in options  # p2's card is shielded
    assert swap_marks("p2", "p3") in options  # ... but not its mark
    assert len(options) == 1 + 6 + 10  # pass, card pairs of {0,1,3,4}, mark pairs of 5 players
    played = play(deal, V3, {**answers, "gremlin": swap_marks("p2", "p3")})
    g = played.state
    assert g.marks == (CLARITY, CLARITY, CLARITY, LOVE, LOVE)
    assert g.facts.couples == ((3, 1), (4, 1))  # the moved Love mark keeps its couple
    assert not [o for o in g.observations if o.step == "gremlin"]  # the Gremlin views nothing


def test_gremlin_swapping_cards_moves_them_unseen():
    deal = ["gremlin", "villager", "werewolf", "priest"]
    played = play(deal, V3, {"gremlin": swap("p0", "p2"), "priest": PASS, "werewolves": PASS})
    assert played.state.table_roles()[:4] == ("werewolf", "villager", "gremlin", "priest")


# -- Copycat (−8) -----------------------------------------------------------------------------------

def test_copycat_copies_a_center_card_and_acts_after_the_original():
    deal = ["copycat", "seer", "villager", "villager"]
    center = ("seer", "werewolf", "villager")
    g = state_at(deal, center, "copycat")
    assert pending(g).options == (copy("c0"), copy("c1"), copy("c2"))  # mandatory, any center card
    played = play(deal, center, {"copycat": copy("c0"), "seer": [look("p2"), look("p3")]})
    g = played.state
    assert [(p.seat, p.copier) for p in played.prompts if p.step == "seer" and p.kind == "act"] == [
        (1, None), (0, "copycat")]
    assert g.cards[0] == Card(0, "copycat", copied="seer")  # card-bound copy
    assert g.night_roles[0] == "seer"
    assert g.observations[0] == CardView(0, "c0", "seer", "copycat")


def test_copycat_vampire_wakes_with_the_vampires():
    deal = ["copycat", "vampire", "villager", "villager"]
    center = ("vampire", "villager", "villager")
    played = play(deal, center, {"copycat": copy("c0"), "vampires": mark("p2", VAMPIRE)})
    chooser = [p for p in played.prompts if p.step == "vampires"][0]
    assert (chooser.seat, chooser.role, chooser.copier) == (0, "vampire", "copycat")
    assert learned(played.state, 1, "vampires") == [(("p0",), "vampire")]


def test_copycat_that_copies_the_doppelganger_becomes_what_it_copies():
    deal = ["copycat", "werewolf", "villager", "villager"]
    center = ("doppelganger", "villager", "villager")
    played = play(deal, center, {"copycat": copy("c0"), "doppelganger": copy("p1")}, votes=[1, 0, 0, 0])
    g = played.state
    assert g.cards[0] == Card(0, "copycat", copied="werewolf")
    # Two werewolves wake together: no lone-wolf peek; p0 is a werewolf at dawn.
    assert learned(g, 0, "werewolves") == [(("p1",), "werewolf")]
    assert g.outcome.kinds[0] == "werewolf"


def test_doppelganger_copying_a_copycat_adopts_its_copy_without_acting():
    deal = ["copycat", "doppelganger", "villager", "villager"]
    center = ("seer", "villager", "villager")
    # E-24: the Doppelganger sees the printed Copycat card, becomes the Seer (card-bound) but does not act.
    played = play(deal, center, {"copycat": copy("c0"), "doppelganger": copy("p0"), "seer": look("p2")})
    g = played.state
    assert g.cards[1] == Card(1, "doppelganger", copied="seer")
    assert [p.seat for p in played.prompts if p.step == "seer" and p.kind == "act"] == [0]
    assert CardView(1, "p0", "copycat", "doppelganger") in g.observations


def test_feared_copycat_cannot_act_in_its_copied_role():
    # Fear blocks Copycat-as-R at night, never the dusk copy (roles.md #2).
    deal = ["copycat", "the_count", "villager", "villager"]
    center = ("seer", "villager", "villager")
    played = play(deal, center, {"copycat": copy("c0"), "vampires": mark("p2", VAMPIRE),
                                 "the_count": mark("p0", FEAR)})
    assert played.state.feared == frozenset({0})
    assert "seer" not in played.steps_prompted()


def test_copycat_card_from_the_center_gives_a_powerless_villager():
    deal = ["drunk", "werewolf", "villager", "villager"]
    center = ("copycat", "villager", "villager")
    played = play(deal, center, {"drunk": take("c0"), "werewolves": PASS}, votes=[1, 0, 1, 1])
    out = played.state.outcome
    assert out.roles[0] == "copycat" and out.keys[0] == "village"
    assert set(out.dead) == {1} and set(out.winners) == {0, 2, 3}


def test_every_vampire_role_is_playable():
    from onenight_core.rulesets.onuw.roles import playable

    roles = ("copycat", "vampire", "the_count", "the_master", "renfield", "diseased", "cupid", "instigator",
             "priest", "assassin", "apprentice_assassin", "marksman", "pickpocket", "gremlin")
    assert [r for r in roles if not playable(r)] == []


def test_done_is_the_only_answer_to_the_mark_check():
    g = state_at(["cupid", "villager", "villager"], V3, "mark_check", {"cupid": PASS})
    p = pending(g)
    assert (p.seat, p.kind, p.options) == (0, "info", (DONE,))
