"""Properties of ``dalbula`` games over random decks of every playable Dalbula role (Hypothesis).

Random decks, seeds and answers under the ``dalbula`` ruleset (its wake order, its behaviours, its vote
and victory): cards are conserved after every transition, every offered answer is legal, every game ends,
and the same seed with the same answers gives the same game."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.rulesets import ruleset_for

from conftest import names

DALBULA = ruleset_for("dalbula")
PLAYABLE = tuple(sorted(r.id for r in DALBULA.roles(default_catalog()) if DALBULA.is_playable(r.id)))
CENTER_WOLVES = ("werewolf", "dream_wolf", "mystic_wolf")
MAX_PROMPTS = 800


@st.composite
def dalbula_decks(draw) -> tuple[int, tuple[str, ...]]:
    players = draw(st.integers(3, 10))
    roles = draw(st.lists(st.sampled_from(PLAYABLE), min_size=players + 3, max_size=players + 3))
    roles += [draw(st.sampled_from(CENTER_WOLVES)) for _ in range(roles.count("alpha_wolf"))]
    return players, tuple(roles)


def play_dalbula_game(players: int, deck: tuple[str, ...], seed: int, choices: int):
    g = new_game(Setup(names(players), deck, ruleset="dalbula"), seed)
    table = Counter(c.role for c in g.cards)
    assert Counter(deck) <= table
    rnd = random.Random(choices)
    answers = []
    for _ in range(MAX_PROMPTS):
        p = pending(g)
        if p is None:
            break
        assert p.options and len(set(p.options)) == len(p.options)
        for option in p.options:
            apply(g, option)
        answer = rnd.choice(p.options)
        answers.append(answer)
        g = apply(g, answer)
        assert sorted(c.id for c in g.cards) == list(range(len(g.cards)))
        assert Counter(c.role for c in g.cards) == table
    assert pending(g) is None and g.phase == "over" and g.outcome is not None, "the game did not end"
    assert g.outcome.dead <= frozenset(range(players)) and g.outcome.winners <= frozenset(range(players))
    return g, answers


def test_every_dalbula_role_is_playable():
    assert len(DALBULA.roles(default_catalog())) == len(PLAYABLE) == 81


@settings(max_examples=200, deadline=None)
@given(dalbula_decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_dalbula_games_keep_the_invariants_and_end(table, seed, choices):
    players, deck = table
    play_dalbula_game(players, deck, seed, choices)


@settings(max_examples=40, deadline=None)
@given(dalbula_decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_dalbula_games_same_seed_and_answers_give_the_same_game(table, seed, choices):
    players, deck = table
    first, answers = play_dalbula_game(players, deck, seed, choices)
    g = new_game(Setup(names(players), deck, ruleset="dalbula"), seed)
    for answer in answers:
        g = apply(g, answer)
    assert g == first and g.events == first.events and g.observations == first.observations
    assert g.outcome == first.outcome
