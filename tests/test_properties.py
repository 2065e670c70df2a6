"""Properties of the engine over random base games (Hypothesis).

Random decks from the base roles (3-10 players, at most one Doppelganger, as in the box), random seeds and
random legal answers. Each property is checked at every state of every game:

* cards are conserved (the same card ids and printed roles, whatever moved);
* ``apply`` never mutates the state it was given;
* the same seed and the same answers give the same game (state, event log, observations, prompts);
* a pending prompt always has a legal answer, and ``apply`` accepts every option it lists;
* every game ends within a bounded number of prompts;
* ``view_for(state, seat)`` holds only that seat's knowledge and never another seat's card;
* an illegal answer raises IllegalAction and leaves the state as it was.

Examples are kept few so the file runs in seconds; with CI=true Hypothesis derandomizes (fixed examples).
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from onenight_core import Action, GameState, IllegalAction, Setup, apply, new_game, pending, view_for

from conftest import names

ROLES = ("werewolf", "minion", "mason", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager",
         "hunter", "tanner")
SETTINGS = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw) -> tuple[Setup, int]:
    """A base-game set-up and a seed."""
    n = draw(st.integers(3, 10))
    dg = draw(st.booleans())
    deck = draw(st.lists(st.sampled_from(ROLES), min_size=n + 3 - dg, max_size=n + 3 - dg))
    if dg:
        deck.insert(draw(st.integers(0, len(deck))), "doppelganger")
    return Setup(names(n), tuple(deck)), draw(st.integers(0, 2**32 - 1))


answer_lists = st.lists(st.integers(0, 10**6), max_size=80)


def prompt_bound(players: int) -> int:
    """No base game needs more prompts: a seat answers at most four night prompts (a Doppelganger's copy
    and its result, then the copied action and its result, or a lone wolf's look and its result) and one
    vote."""
    return 5 * players


def choose(g: GameState, answers: list[int], k: int) -> Action:
    options = pending(g).options
    return options[answers[k % len(answers)] % len(options)] if answers else options[0]


def walk(setup: Setup, seed: int, answers: list[int], check=None) -> tuple[list[GameState], list[Action]]:
    """Play one game to the end; call ``check(state)`` on every state. Returns the states and answers."""
    g = new_game(setup, seed)
    states, chosen = [g], []
    while pending(g) is not None:
        assert len(chosen) < prompt_bound(len(setup.players)), "the game does not end"
        if check:
            check(g)
        action = choose(g, answers, len(chosen))
        g = apply(g, action)
        states.append(g)
        chosen.append(action)
    if check:
        check(g)
    return states, chosen


def assert_cards_conserved(g: GameState, deck) -> None:
    assert sorted(c.id for c in g.cards) == list(range(len(deck)))
    assert Counter(c.role for c in g.cards) == Counter(deck)
    assert len(g.cards) == len(g.dealt) + 3


def assert_view_is_private(g: GameState, seat: int) -> None:
    v = view_for(g, seat)
    assert v.seat == seat and v.name == g.setup.players[seat]
    assert v.dealt == g.dealt[seat] and v.night_role == g.night_roles[seat]
    assert all(o.seat == seat for o in v.observations)
    assert list(v.observations) == [o for o in g.observations if o.seat == seat]
    assert v.prompt is None or v.prompt.seat == seat
    if g.phase != "over":
        assert v.public.votes is None and v.public.outcome is None
    assert v.public.face_up == ()
    # The view does not depend on anything that is not the seat's: scramble every other seat's card,
    # dealt card and night identity, and the center, and the view must not change.
    others = [i for i in range(len(g.cards)) if i != seat]
    cards = list(g.cards)
    moved = [cards[i] for i in reversed(others)]
    for i, c in zip(others, moved):
        cards[i] = evolve(c, role="villager" if c.role != "villager" else "tanner")
    masked = evolve(g, cards=tuple(cards),
                    dealt=tuple(d if i == seat else "villager" for i, d in enumerate(g.dealt)),
                    night_roles=tuple(r if i == seat else "villager" for i, r in enumerate(g.night_roles)))
    assert view_for(masked, seat) == v


# -- properties ------------------------------------------------------------------------------------------

@SETTINGS
@given(setups(), answer_lists)
def test_cards_are_conserved(setup_seed, answers):
    setup, seed = setup_seed
    walk(setup, seed, answers, lambda g: assert_cards_conserved(g, setup.deck))


@SETTINGS
@given(setups(), answer_lists)
def test_apply_never_mutates_the_state(setup_seed, answers):
    setup, seed = setup_seed
    g = new_game(setup, seed)
    k = 0
    while pending(g) is not None:
        snapshot, text, prompt = copy.deepcopy(g), repr(g), g.prompt
        nxt = apply(g, choose(g, answers, k))
        assert g == snapshot and repr(g) == text and g.prompt == prompt
        assert nxt is not g
        g, k = nxt, k + 1


@SETTINGS
@given(setups(), answer_lists)
def test_same_seed_and_answers_give_the_same_game(setup_seed, answers):
    setup, seed = setup_seed
    first, chosen1 = walk(setup, seed, answers)
    second, chosen2 = walk(setup, seed, answers)
    assert chosen1 == chosen2
    assert [repr(s) for s in first] == [repr(s) for s in second]
    a, b = first[-1], second[-1]
    assert a == b and a.events == b.events and a.observations == b.observations
    assert a.outcome == b.outcome and a.outcome is not None


@SETTINGS
@given(setups(), answer_lists)
def test_every_pending_prompt_has_legal_answers_and_each_is_accepted(setup_seed, answers):
    setup, seed = setup_seed

    def check(g):
        p = pending(g)
        if p is None:
            assert g.phase == "over" and g.outcome is not None
            return
        assert p.options and len(set(p.options)) == len(p.options)
        assert 0 <= p.seat < g.players
        if p.kind == "info":
            assert p.options == (Action("done"),)
        for option in p.options:
            assert isinstance(apply(g, option), GameState)

    walk(setup, seed, answers, check)


@SETTINGS
@given(setups(), answer_lists)
def test_every_game_ends_with_an_outcome(setup_seed, answers):
    setup, seed = setup_seed
    states, chosen = walk(setup, seed, answers)
    g = states[-1]
    assert g.phase == "over" and pending(g) is None
    assert len(chosen) <= prompt_bound(g.players)
    out = g.outcome
    assert out.dead <= set(range(g.players)) and out.winners <= set(range(g.players))
    assert len(out.reasons) == g.players and all(out.reasons)
    assert all(v is not None and len(v) == 1 and v[0] != s for s, v in enumerate(g.votes))


@SETTINGS
@given(setups(), answer_lists)
def test_view_for_never_reveals_another_seats_card(setup_seed, answers):
    setup, seed = setup_seed

    def check(g):
        for seat in range(g.players):
            assert_view_is_private(g, seat)

    walk(setup, seed, answers, check)


def illegal_actions(g: GameState) -> list[Action]:
    """Answers that are never legal now: other verbs, positions off the table, oneself as a vote."""
    p = pending(g)
    n = g.players
    candidates = [Action("bogus"), Action("look", (f"p{n}",)), Action("look", ("c3",)),
                  Action("swap", ("p0", "p0")), Action("vote", (f"p{n + 1}",)), Action("take", ("p0",)),
                  Action("copy", ("c0",)), Action("done", (), "x")]
    if p is not None:
        candidates.append(Action("vote", (f"p{p.seat}",)))
        candidates.append(Action("look", (f"p{p.seat}",)))
        if p.kind != "info":
            candidates.append(Action("done"))
    return [a for a in candidates if p is None or a not in p.options]


@SETTINGS
@given(setups(), answer_lists)
def test_illegal_answers_raise_and_change_nothing(setup_seed, answers):
    setup, seed = setup_seed

    def check(g):
        text, snapshot = repr(g), copy.deepcopy(g)
        for bad in illegal_actions(g):
            with pytest.raises(IllegalAction):
                apply(g, bad)
            assert g == snapshot and repr(g) == text

    walk(setup, seed, answers, check)


# -- one game as a state machine -------------------------------------------------------------------------

class OneGame(RuleBasedStateMachine):
    """Answers, illegal answers and views in any interleaving over one game. ``refuse_illegal`` and
    ``views_stay_private`` have no precondition, so some rule stays enabled once the game is over."""

    @initialize(setup_seed=setups())
    def start(self, setup_seed):
        setup, seed = setup_seed
        self.deck = setup.deck
        self.g = new_game(setup, seed)
        self.answered = 0

    @precondition(lambda self: pending(self.g) is not None)
    @rule(pick=st.integers(0, 10**6))
    def answer(self, pick):
        before = repr(self.g)
        options = pending(self.g).options
        nxt = apply(self.g, options[pick % len(options)])
        assert repr(self.g) == before
        self.g = nxt
        self.answered += 1

    @rule(data=st.data())
    def refuse_illegal(self, data):
        bad = data.draw(st.sampled_from(illegal_actions(self.g)))
        before = (self.g, repr(self.g))
        with pytest.raises(IllegalAction):
            apply(self.g, bad)
        assert (self.g, repr(self.g)) == before

    @rule(data=st.data())
    def views_stay_private(self, data):
        assert_view_is_private(self.g, data.draw(st.integers(0, self.g.players - 1)))

    @precondition(lambda self: pending(self.g) is None)
    @rule()
    def finished_game_accepts_nothing(self):
        with pytest.raises(IllegalAction):
            apply(self.g, Action("done"))
        assert self.g.outcome is not None and self.g.phase == "over"

    @invariant()
    def cards_conserved(self):
        assert_cards_conserved(self.g, self.deck)

    @invariant()
    def prompt_or_outcome(self):
        p = pending(self.g)
        assert (p is None) == (self.g.phase == "over") == (self.g.outcome is not None)
        assert p is None or len(p.options) >= 1
        assert self.answered <= prompt_bound(self.g.players)


OneGame.TestCase.settings = settings(max_examples=25, stateful_step_count=120, deadline=None,
                                     suppress_health_check=[HealthCheck.too_slow])
TestOneGame = OneGame.TestCase
