"""Issue 23: Cupid and the Piper pick two players one at a time, not from a list of every pair (66 at
12 players): ``one_at_a_time`` lists the players that may come next and gives the answer once made."""

from __future__ import annotations

from onenight_core.model.values import Action, Setup
from onenight_core.rulesets.classic.protocol import apply, new_game, pending
from onenight_tui.text.classic_words import one_at_a_time, picked_in_turn

PLAYERS = tuple(f"P{i}" for i in range(12))
DECK = ("werewolf",) * 3 + ("cupid", "piper", "seer") + ("villager",) * 6


def test_cupid_at_twelve_players_picks_one_lover_then_the_other():
    g = new_game(Setup(PLAYERS, DECK, "classic"), 1, deal=DECK)
    p = pending(g)
    assert p.step == "cupid" and len(p.options) == 66 and picked_in_turn(p.options)
    first, done = one_at_a_time(p.options, [])
    assert first == tuple(f"p{s}" for s in range(12)) and done is None
    second, done = one_at_a_time(p.options, ["p7"])
    assert second == tuple(f"p{s}" for s in range(12) if s != 7) and done is None
    assert one_at_a_time(p.options, ["p7", "p2"]) == ((), Action("lovers", ("p2", "p7")))


def test_the_piper_picks_his_two_players_one_at_a_time_among_the_uncharmed_others():
    g = new_game(Setup(PLAYERS, DECK, "classic"), 1, deal=DECK)
    while (p := pending(g)).step != "piper":
        g = apply(g, p.options[0])
    assert picked_in_turn(p.options)
    first, _ = one_at_a_time(p.options, [])
    assert "p4" not in first and len(first) == 11  # never himself
    assert one_at_a_time(p.options, ["p9", "p0"])[1] == Action("charm", ("p0", "p9"))
    assert not picked_in_turn((Action("charm", ("p1",)),))  # one player left to charm: a plain list
