"""Per-seat and public views (design.md "view_for(state, seat) is everything that seat may know").

Screens render views, never raw state, so a view must hold the seat's own card, identity, observations and
prompt, and the public facts, and nothing else."""

from __future__ import annotations

import pytest
from attrs import evolve

from onenight_core import CardView, Learned, apply, public_view, view_for

from conftest import PASS, copy, look, play, state_at, swap, vote

V3 = ("villager", "villager", "villager")


def test_seat_view_holds_own_card_identity_and_prompt():
    g = state_at(["werewolf", "seer", "robber", "villager"], ["tanner", "minion", "drunk"], "seer")
    seer = view_for(g, 1)
    assert (seer.seat, seer.name, seer.dealt, seer.night_role) == (1, "P1", "seer", "seer")
    assert seer.prompt is not None and seer.prompt == g.prompt
    for other in (0, 2, 3):
        v = view_for(g, other)
        assert v.prompt is None
        assert v.dealt == ("werewolf", "seer", "robber", "villager")[other]


def test_observations_are_the_seats_own_in_order():
    played = play(["werewolf", "seer", "robber", "villager"], ["tanner", "minion", "drunk"],
                  {"werewolves": look("c2"), "seer": look("p0"), "robber": swap("p2", "p1")})
    g = played.state
    assert view_for(g, 0).observations == (Learned(0, (), "werewolf", "werewolves"),
                                            CardView(0, "c2", "drunk", "werewolves"))
    assert view_for(g, 1).observations == (CardView(1, "p0", "werewolf", "seer"),)
    assert view_for(g, 2).observations == (CardView(2, "p2", "seer", "robber"),)
    # the robbed seer is not told; its dealt card and night identity stay what they were
    v = view_for(g, 1)
    assert (v.dealt, v.night_role) == ("seer", "seer")
    assert view_for(g, 3).observations == ()


def test_doppelganger_view_shows_its_new_night_identity():
    played = play(["doppelganger", "seer", "villager"], V3, {"doppelganger": [copy("p1"), PASS], "seer": PASS})
    v = view_for(played.state, 0)
    assert (v.dealt, v.night_role) == ("doppelganger", "seer")


def test_view_does_not_depend_on_other_seats_cards():
    g = state_at(["werewolf", "seer", "robber", "villager"], ["tanner", "minion", "drunk"], "robber",
                 {"seer": look("c0", "c1")})
    v = view_for(g, 1)
    cards = list(g.cards)
    cards[0], cards[3], cards[4] = cards[4], cards[0], cards[3]
    other = evolve(g, cards=tuple(cards),
                   dealt=("tanner",) + g.dealt[1:2] + ("minion", "drunk"),
                   night_roles=("tanner",) + g.night_roles[1:2] + ("minion", "drunk"))
    assert view_for(other, 1) == v


def test_public_view_reveals_no_deal():
    g = state_at(["werewolf", "seer", "robber", "villager"], ["tanner", "minion", "drunk"], "seer")
    pv = public_view(g)
    assert pv.players == ("P0", "P1", "P2", "P3")
    assert pv.roster == tuple(sorted(["werewolf", "seer", "robber", "villager", "tanner", "minion", "drunk"]))
    assert pv.script == g.script
    assert (pv.phase, pv.votes_in, pv.votes, pv.outcome, pv.center) == ("night", 0, None, None, 3)
    assert pv.shields == () and pv.face_up == ()


def test_public_view_shows_shields_by_position():
    g = state_at(["troublemaker", "seer", "villager"], V3, "seer")
    g = evolve(g, shields=frozenset({2}))
    assert public_view(g).shields == ("p2",)


def test_votes_and_outcome_are_public_only_when_the_game_is_over():
    played = play(["werewolf", "seer", "villager"], V3, {"werewolves": PASS, "seer": PASS})
    g = played.state
    assert g.phase == "vote"
    for seat, target in enumerate([1, 0, 0]):
        pv = public_view(g)
        assert pv.votes_in == seat and pv.votes is None and pv.outcome is None
        g = apply(g, vote(target))
    pv = public_view(g)
    assert pv.phase == "over" and pv.votes_in == 3
    assert pv.votes == ((1,), (0,), (0,))
    assert pv.outcome == g.outcome and pv.outcome.dead == {0}
    assert view_for(g, 2).public == pv


def test_view_for_an_unknown_seat_is_refused():
    g = state_at(["werewolf", "seer", "villager"], V3, "werewolves")
    for seat in (-1, 3, 10):
        with pytest.raises(ValueError):
            view_for(g, seat)
