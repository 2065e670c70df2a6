"""The classic protocol's incremental ``apply`` (issue 14, step 1): resuming the suspended game gives
exactly the game that replaying every input gives, a branch (two answers to the same game) replays
instead of sharing the continuation, and a long game costs a number of procedure steps linear in its
answers (counted, not timed)."""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onenight_core.model.values import Setup
from onenight_core.rulesets.classic import game as classic_game
from onenight_core.rulesets.classic import protocol
from onenight_core.rulesets.classic.bots import random_answers
from onenight_core.rulesets.classic.protocol import apply, new_game, pending

from test_classic_properties import setups

SEVEN = Setup(players=[f"P{i}" for i in range(7)],
              deck=["werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl"],
              ruleset="classic")


def _replayed(game: protocol.ClassicGame) -> protocol.ClassicGame:
    """The same game with no continuation: the next apply replays every input."""
    return attrs.evolve(game, live=None)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.integers(0, 2**32 - 1))
def test_incremental_apply_equals_replaying_every_input(setup, seed):
    bot = random_answers(seed)
    fast = slow = new_game(setup, seed)
    while (prompt := pending(fast)) is not None:
        action = bot(fast.board, prompt)
        fast = apply(fast, action)
        slow = apply(_replayed(slow), action)
        assert fast == slow and fast.board == slow.board and fast.prompt == slow.prompt
    assert fast.live is None  # a finished game keeps no procedure


def test_two_answers_to_the_same_game_branch_without_sharing_state():
    game = new_game(SEVEN, 5)
    prompt = pending(game)
    assert prompt is not None and len(prompt.options) > 1
    first = apply(game, prompt.options[0])
    second = apply(game, prompt.options[1])  # the continuation was taken: this one replays
    assert first.inputs[-1] != second.inputs[-1] or first.board != second.board
    assert first == apply(_replayed(game), prompt.options[0])
    assert second == apply(_replayed(game), prompt.options[1])
    # the first branch still resumes its own continuation
    p = pending(first)
    if p is not None:
        assert apply(first, p.options[0]) == apply(_replayed(first), p.options[0])


def test_a_whole_game_runs_the_procedure_once(monkeypatch):
    """Counting the requests the procedure yields: incremental play yields each once (linear), where
    replaying every input at every answer would yield about n²/2 of them."""
    yielded = 0
    real_play = classic_game.play

    def counting(setup, deal, events=None):
        nonlocal yielded
        gen = real_play(setup, deal, events)
        value = None
        try:
            request = gen.send(None)
            while True:
                yielded += 1
                value = yield request
                request = gen.send(value)
        except StopIteration as stop:
            return stop.value

    monkeypatch.setattr(protocol, "play", counting)
    game = new_game(SEVEN, 11)
    bot = random_answers(11)
    answers = 0
    while (prompt := pending(game)) is not None:
        game = apply(game, bot(game.board, prompt))
        answers += 1
    assert answers > 20
    assert yielded <= len(game.inputs) + 1
