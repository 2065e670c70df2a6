"""The app plays classic's joint steps and reads a seat's private facts through the one game interface
(``model.game``): classic's rules are ``JointTurns`` (One Night's are not: one prompt open at a time), and
the seat view carries the pack's names so far and the lover the seat was told."""

from __future__ import annotations

from onenight_core.engine.game import rules_for
from onenight_core.model.game import JointTurns
from onenight_core.model.values import Action, Setup

PLAYERS = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus")
DECK = ("werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl")
SETUP = Setup(PLAYERS, DECK, "classic")


def test_classic_has_joint_turns_one_night_has_none():
    assert isinstance(rules_for(SETUP), JointTurns)
    assert not isinstance(rules_for("onuw"), JointTurns) and not isinstance(rules_for("dalbula"), JointTurns)


def test_a_werewolf_takes_his_turn_through_the_rules_and_reads_the_pack_in_his_view():
    rules = rules_for(SETUP)
    assert isinstance(rules, JointTurns)
    g = rules.new_game(SETUP, 8)
    while (p := rules.pending(g)) is not None and p.step != "werewolf":
        g = rules.apply(g, p.options[0])
    wolves = [s for s, r in enumerate(g.deal) if r == "werewolf"]
    assert set(wolves) <= set(rules.waiting(g))
    assert rules.take_turn(g, rules.pending(g).seat) is g  # his prompt already: the game itself
    g = rules.take_turn(g, wolves[1])
    assert rules.pending(g).seat == wolves[1]
    g = rules.apply(g, Action("kill", ("p0",)))
    g = rules.take_turn(g, wolves[0])
    assert [(c.werewolf, c.victim) for c in rules.view_for(g, wolves[0]).pack] == [(wolves[1], 0)]
    assert rules.view_for(g, wolves[1]).pack == ()  # only the werewolf asked now


def test_the_lovers_read_each_other_in_their_view_once_told():
    rules = rules_for(SETUP)
    g = rules.new_game(SETUP, 8)
    lovers = None
    while (p := rules.pending(g)) is not None and rules.public_view(g).round == 1 and p.step != "werewolf":
        if p.step == "cupid":
            lovers = tuple(int(t[1:]) for t in p.options[0].targets)
            assert all(rules.view_for(g, s).lover is None for s in range(len(PLAYERS)))
        g = rules.apply(g, p.options[0])
    assert lovers is not None
    x, y = lovers
    assert (rules.view_for(g, x).lover, rules.view_for(g, y).lover) == (y, x)
    assert all(rules.view_for(g, s).lover is None for s in range(len(PLAYERS)) if s not in lovers)
