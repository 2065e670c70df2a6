"""Issue 23, classic at a real table: the werewolves' step is a joint choice (every member answers
whenever he takes the laptop in the step; a little girl who does not spy changes nothing), and a victim
drawn because nobody named one in time is told as a draw, never as a werewolf's choice."""

from __future__ import annotations

import pytest

from onenight_core.errors import IllegalAction
from onenight_core.model.values import Action, Setup
from onenight_core.rulesets.classic.protocol import (
    PackChoice, apply, new_game, pack_choices, pending, take_turn, waiting,
)
from onenight_core.rulesets.classic.story import story

PLAYERS = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus")
DECK = ("werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl")


def at_the_pack(seed: int = 8):
    g = new_game(Setup(PLAYERS, DECK, "classic"), seed)
    while (p := pending(g)) is not None and p.step != "werewolf":
        g = apply(g, p.options[0])
    return g


def test_a_werewolf_names_the_victim_before_the_little_girl_takes_the_laptop():
    g = at_the_pack()
    girl = g.deal.index("little_girl")
    wolves = [s for s, r in enumerate(g.deal) if r == "werewolf"]
    assert pending(g).seat == girl and set(waiting(g)) == {girl, *wolves}
    g = take_turn(g, wolves[1])  # the higher wolf takes the laptop first
    assert pending(g).seat == wolves[1] and pending(g).role == "werewolf"
    g = apply(g, Action("kill", ("p0",)))
    g = take_turn(g, wolves[0])
    assert pack_choices(g, wolves[0]) == (PackChoice(wolves[1], 0),)  # he reads what the pack named
    g = apply(g, Action("kill", ("p0",)))
    assert pending(g).seat == girl  # the girl may still spy...
    g = apply(g, Action("pass"))  # ...and her not spying changes nothing
    assert pending(g).step == "witch"
    assert [e.seat for e in g.board.events if e.kind == "victim"] == [0]


def test_only_a_member_still_to_answer_may_take_the_turn():
    g = at_the_pack()
    outsider = g.deal.index("seer")
    with pytest.raises(IllegalAction):
        take_turn(g, outsider)
    wolf = g.deal.index("werewolf")
    g = apply(take_turn(g, wolf), Action("kill", ("p0",)))
    with pytest.raises(IllegalAction):
        take_turn(g, wolf)  # he has named already


def test_a_pack_that_named_nobody_in_time_has_its_victim_drawn_and_the_story_says_so():
    g = at_the_pack()
    for _ in range(3):
        p = pending(g)
        g = apply(g, Action("pass") if p.role == "little_girl" else Action("timeout"))
    keys = [line.key for line in story(g.board) if line.round == "night1"]
    assert "pack_drawn" in keys and "pack_vote" not in keys and "pack_victim" not in keys


def test_the_app_times_a_werewolf_out_with_no_name():
    from types import SimpleNamespace

    from onenight_tui.tables.classic import ClassicTable

    g = at_the_pack()
    g = apply(g, Action("pass"))  # the girl stays in bed: a werewolf is asked
    table = ClassicTable(SimpleNamespace())
    assert table.time_out(pending(g)) == Action("timeout")
