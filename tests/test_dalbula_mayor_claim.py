"""The engine answers a claim of the Mayor's reveal (``dalbula.mayor.mayor_claim``): the claimant's private
screen only words the answer and never reads who holds what itself."""

from __future__ import annotations

import inspect

from onenight_core import Setup, apply, new_game, pending
from onenight_core.model.values import Action
from onenight_core.rulesets.dalbula.mayor import MAYOR_STEP, MayorClaim, is_mayor, mayor_claim
from onenight_tui.screens.one_night import mayor_reveal

NAMES = ("Ann", "Bo", "Cy")


def to_the_mayor(deck: tuple[str, ...], pick: str = "p1"):
    """A fixed deal walked to the Mayor's day prompt, answering ``pick`` wherever it is offered."""
    g = new_game(Setup(NAMES, deck, ruleset="dalbula"), 1, deal=deck)
    while (p := pending(g)) is not None and p.step != MAYOR_STEP:
        g = apply(g, next((a for a in p.options if a.targets[-1:] == (pick,)), p.options[0]))
    return g


def test_the_dealt_mayor_may_flip_and_nobody_else_is_a_mayor():
    g = to_the_mayor(("villager", "mayor", "werewolf", "seer", "robber", "troublemaker"))
    assert [is_mayor(g, s) for s in range(3)] == [False, True, False]
    assert [mayor_claim(g, s) for s in range(3)] == [MayorClaim.NOT_MAYOR, MayorClaim.FLIP, MayorClaim.NOT_MAYOR]
    for answer in (Action("pass"), Action("flip", ("p1",))):
        after = apply(g, answer)
        assert mayor_claim(after, 1) is MayorClaim.DECIDED  # flipped or passed: nothing left to do
        assert mayor_claim(after, 0) is MayorClaim.NOT_MAYOR


def test_a_mayor_card_swapped_to_a_player_grants_nothing():
    """The robber (seat 0) takes the Mayor's card at night: the ability stays with seat 1."""
    g = to_the_mayor(("robber", "mayor", "werewolf", "seer", "villager", "troublemaker"))
    assert g.cards[0].role == "mayor"
    assert mayor_claim(g, 0) is MayorClaim.NOT_MAYOR and mayor_claim(g, 1) is MayorClaim.FLIP


def test_a_second_mayor_waits_for_the_first():
    g = to_the_mayor(("doppelganger", "mayor", "werewolf", "villager", "seer", "robber"))
    assert mayor_claim(g, 0) is MayorClaim.FLIP and mayor_claim(g, 1) is MayorClaim.WAIT
    g = apply(g, Action("pass"))
    assert mayor_claim(g, 0) is MayorClaim.DECIDED and mayor_claim(g, 1) is MayorClaim.FLIP


def test_a_shielded_mayor_may_only_keep_his_card_down():
    g = to_the_mayor(("sentinel", "mayor", "werewolf", "villager", "seer", "robber"))
    assert 1 in g.shields
    assert mayor_claim(g, 1) is MayorClaim.KEEP_DOWN and mayor_claim(g, 0) is MayorClaim.NOT_MAYOR


def test_the_reveal_screen_asks_the_engine_and_words_every_answer():
    """The screen reads no night identity itself; it has one private line for each of the engine's answers."""
    source = inspect.getsource(mayor_reveal)
    assert "night_roles" not in source and "mayor_claim(" in source
    assert set(mayor_reveal.CLAIM_TEXT) == set(MayorClaim)
