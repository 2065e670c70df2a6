"""V4 at the reveal: when protection saves the most-voted player, the outcome says who and by whom,
instead of a bare "Nobody died"."""

from __future__ import annotations

from conftest import dawn, names

from onenight_core.catalog.loader import default_catalog
from onenight_core.model.messages import say
from onenight_tui.text.words import Wording


def test_the_bodyguard_saving_the_most_voted_player_is_told():
    # p1 (Bodyguard) points at p0: p0 is protected; p2, p3, p4 vote p0 (3 votes) — nobody else has 2.
    out = dawn(["werewolf", "bodyguard", "villager", "villager", "villager"], [1, 0, 0, 0, 0])
    assert out.dead == frozenset()
    assert out.saved == ((0, say("protected_by", role="bodyguard", by=1)),)
    words = Wording(names(5), default_catalog(), "en")
    line = words.say(say("saved_from_vote", seat=0, why=out.saved[0][1]))
    assert "Bodyguard" in line and names(5)[0] in line and names(5)[1] in line, line


def test_a_protected_player_who_was_not_the_most_voted_is_not_called_saved():
    # p1 protects p0, who has 1 vote (p2); p2 has 3 votes and dies.
    out = dawn(["werewolf", "bodyguard", "villager", "villager", "villager"], [2, 0, 0, 2, 2])
    assert out.dead == {2} and out.saved == ()


def test_a_plain_vote_saves_nobody():
    out = dawn(["werewolf", "villager", "seer", "villager"], [1, 0, 0, 0])
    assert out.dead == {0} and out.saved == ()
