"""Properties of ``dalbula`` games over random decks of every playable Dalbula role (Hypothesis), with
the S0 set-up (one brought card per player) and with whole tables.

Random decks, seeds and answers under the ``dalbula`` ruleset (its wake order, its behaviours, its vote
and victory): cards are conserved after every transition, every offered answer is legal, every game ends,
and the same seed with the same answers gives the same game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from hypothesis import given, settings, strategies as st

from onenight_core import GameState, Prompt, Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.rulesets import ruleset_for

from conftest import assert_replays_the_same, names

DALBULA = ruleset_for("dalbula")
PLAYABLE = tuple(sorted(r.id for r in DALBULA.roles(default_catalog()) if DALBULA.is_playable(r.id)))
CENTER_WOLVES = ("werewolf", "dream_wolf", "mystic_wolf")
MAX_PROMPTS = 800


@st.composite
def dalbula_decks(draw) -> tuple[int, tuple[str, ...]]:
    players = draw(st.integers(3, 10))
    if draw(st.booleans()):  # the S0 set-up: the cards the players bring, the center drawn at set-up
        return players, tuple(draw(st.lists(st.sampled_from(PLAYABLE), min_size=players, max_size=players)))
    roles = draw(st.lists(st.sampled_from(PLAYABLE), min_size=players + 3, max_size=players + 3))
    roles += [draw(st.sampled_from(CENTER_WOLVES)) for _ in range(roles.count("alpha_wolf"))]
    return players, tuple(roles)


def play_randomly(g: GameState, choices: int, check: Callable[[GameState, Prompt, GameState], None]):
    """Answer every prompt with a choice drawn from ``random.Random(choices)``, calling ``check(before,
    prompt, after)`` on each step; returns the last state and the answers given (for a replay)."""
    rnd = random.Random(choices)
    answers = []
    for _ in range(MAX_PROMPTS):
        p = pending(g)
        if p is None:
            break
        answer = rnd.choice(p.options)
        answers.append(answer)
        before, g = g, apply(g, answer)
        check(before, p, g)
    return g, answers


def play_dalbula_game(players: int, deck: tuple[str, ...], seed: int, choices: int):
    g = new_game(Setup(names(players), deck, ruleset="dalbula"), seed)
    table = Counter(c.role for c in g.cards)
    assert Counter(deck) <= table

    def check(before: GameState, p: Prompt, after: GameState) -> None:
        assert p.options and len(set(p.options)) == len(p.options)
        for option in p.options:
            apply(before, option)
        assert sorted(c.id for c in after.cards) == list(range(len(after.cards)))
        assert Counter(c.role for c in after.cards) == table

    g, answers = play_randomly(g, choices, check)
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
    assert_replays_the_same(first, Setup(names(players), deck, ruleset="dalbula"), seed, answers)


# -- set-up (roles.md §2.1, §2.2) ---------------------------------------------------------------------------

def test_brought_cards_stay_in_seat_order_and_the_center_comes_from_the_whole_catalogue():
    brought = ("seer", "werewolf", "villager", "werewolf")
    catalogue = {r.id for r in DALBULA.roles(default_catalog())}
    centers = set()
    for seed in range(40):
        g = new_game(Setup(names(4), brought, ruleset="dalbula"), seed)
        assert g.dealt == brought and len(g.cards) >= 7  # a drawn Alpha Wolf or Temptress adds extras
        center = tuple(c.role for c in g.cards[4:7])
        assert set(center) <= catalogue
        again = new_game(Setup(names(4), brought, ruleset="dalbula"), seed)
        assert center == tuple(c.role for c in again.cards[4:7])
        centers.add(center)
    assert len(centers) > 30  # drawn from the seed, with replacement, over 81 roles


def test_a_brought_alpha_wolf_adds_a_random_werewolf_card_after_the_center():
    g = new_game(Setup(names(3), ("alpha_wolf", "seer", "villager"), ruleset="dalbula"), 1)
    extra = [c.role for c in g.cards[6:]]
    assert len(extra) >= 1 and extra[0] in CENTER_WOLVES


def test_the_official_set_up_deals_a_whole_table_and_refuses_brought_cards():
    import pytest

    from onenight_core import SetupError

    table = ("werewolf", "werewolf", "seer", "robber", "villager", "villager")
    g = new_game(Setup(names(3), table, ruleset="dalbula", options={"official_setup": True}), 5)
    assert sorted(c.role for c in g.cards) == sorted(table)
    with pytest.raises(SetupError, match="official set-up"):
        new_game(Setup(names(3), table[:3], ruleset="dalbula", options={"official_setup": True}), 5)


# -- the S0-only draws (convert, recruit, alien_exchange, repeat_role) over random alien tables -----------------

ALIEN_CORE = ("alien", "oracle")
S0_ONLY_PINS = st.sampled_from([{"alien": "convert"}, {"alien": "recruit"}, {"oracle": "alien_exchange"},
                                {"ripple": "repeat_role"}, {"oracle": "alien_exchange", "alien": "convert",
                                                            "ripple": "repeat_role"}])


@st.composite
def alien_decks(draw) -> tuple[int, tuple[str, ...]]:
    players = draw(st.integers(3, 8))
    rest = draw(st.lists(st.sampled_from(PLAYABLE), min_size=players + 1, max_size=players + 1))
    deck = list(ALIEN_CORE) + rest
    deck += [draw(st.sampled_from(CENTER_WOLVES)) for _ in range(deck.count("alpha_wolf"))]
    return players, tuple(deck)


@settings(max_examples=120, deadline=None)
@given(alien_decks(), S0_ONLY_PINS, st.integers(0, 10**6), st.integers(0, 10**6))
def test_games_with_the_s0_only_draws_keep_the_invariants_end_and_replay(table, pins, seed, choices):
    players, deck = table
    setup = Setup(names(players), deck, ruleset="dalbula", draws=pins)
    g = new_game(setup, seed)
    cards = Counter(c.role for c in g.cards)

    def check(_before: GameState, _p: Prompt, after: GameState) -> None:
        assert Counter(c.role for c in after.cards) == cards
        assert set(after.facts.alien_converted) | set(after.facts.alien_recruited) <= set(range(players))

    g, answers = play_randomly(g, choices, check)
    assert pending(g) is None and g.phase == "over" and g.outcome is not None
    for s in g.facts.alien_converted:
        assert g.outcome.kinds[s] == "alien" and g.outcome.roles[s] == "alien"
    assert_replays_the_same(g, setup, seed, answers)
