"""A night answer taken when time runs out (onenight_core.engine.timeout): pass where legal, "done" for
something to see, else a draw from the game's seed; recorded as an event, saved and replayed as usual."""

from __future__ import annotations

import random

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.engine.timeout import TIMED_OUT, TIMEOUT
from onenight_core.errors import IllegalAction
from onenight_core.model.values import DONE, PASS
from onenight_core.play.saves import SavedGame, decode, encode, replay
from onenight_tui.text.story import tell

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve")
WITCH = ("werewolf", "werewolf", "witch", "seer", "robber", "villager", "villager", "troublemaker")
PASSING = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager", "drunk")


def first(setup: Setup, want, seeds=range(400)):
    """The first (seed, state) where the pending night prompt satisfies ``want``, answering with
    random legal answers on the way."""
    for seed in seeds:
        g, rng = new_game(setup, seed), random.Random(seed)
        while (p := pending(g)) is not None and g.phase == "night":
            if want(p):
                return seed, g
            g = apply(g, rng.choice(p.options))
    raise AssertionError("no such prompt")


def test_time_out_passes_where_passing_is_legal_and_says_so():
    setup = Setup(NAMES, PASSING)
    _, g = first(setup, lambda p: PASS in p.options)
    p = pending(g)
    timed = apply(g, TIMEOUT)
    passed = apply(g, PASS)
    new = timed.events[len(g.events):]
    assert new[0].kind == TIMED_OUT and new[0].seat == p.seat and new[0].action == PASS
    assert new[1:] == passed.events[len(g.events):]
    assert timed.cards == passed.cards and pending(timed) == pending(passed)
    assert any("chose nothing in time" in line for line in tell(timed))


def test_time_out_finishes_something_to_see_without_a_line_in_the_story():
    setup = Setup(NAMES, PASSING)
    _, g = first(setup, lambda p: p.options == (DONE,))
    timed = apply(g, TIMEOUT)
    assert timed == apply(g, DONE) and timed.events == apply(g, DONE).events


def test_time_out_without_pass_draws_a_legal_answer_from_the_seed():
    """The Witch who looked must swap: the engine draws the swap from the seed, the same every time."""
    setup = Setup(NAMES, WITCH)
    draws = set()
    for seeds in (range(200), range(200, 400), range(400, 600)):
        _, g = first(setup, lambda p: p.role == "witch" and PASS not in p.options and DONE not in p.options,
                     seeds)
        p = pending(g)
        once, again = apply(g, TIMEOUT), apply(g, TIMEOUT)
        chosen = once.events[len(g.events)].action
        assert chosen in p.options and once == again
        assert once.cards == apply(g, chosen).cards
        draws.add((p.options.index(chosen), len(p.options)))
    assert len(draws) > 1 or all(n == 1 for _, n in draws)  # drawn, not always the first


def test_a_save_with_timed_out_answers_replays_to_the_same_game():
    setup = Setup(NAMES, WITCH)
    for seed in range(5):
        g, saved, rng = new_game(setup, seed), SavedGame(setup, seed), random.Random(seed)
        while (p := pending(g)) is not None:
            action = TIMEOUT if p.kind != "vote" and rng.random() < 0.7 else rng.choice(p.options)
            g, saved = apply(g, action), saved.with_answer(action)
        assert TIMEOUT in saved.answers
        again = replay(decode(encode(saved)))
        assert again == g and again.events == g.events and again.outcome == g.outcome


def test_a_vote_never_times_out():
    setup = Setup(NAMES, PASSING)
    g, rng = new_game(setup, 1), random.Random(1)
    while (p := pending(g)).kind != "vote":
        g = apply(g, rng.choice(p.options))
    with pytest.raises(IllegalAction):
        apply(g, TIMEOUT)
