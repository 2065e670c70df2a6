"""Issue 23, the classic day at a real table: the seed's speaking order and sequential show of hands
(step 8 and 9: clockwise from the left of the last victim), tied votes told with their count and the
tied names, a refused ballot that says why, and what a seat knows marking the dead."""

from __future__ import annotations

from types import SimpleNamespace

from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Action, Learned, Prompt, PublicEvent, Setup
from onenight_core.rulesets.classic.protocol import apply, new_game, pending
from onenight_tui.tables.classic.heard import TableView
from onenight_tui.text.classic_words import ClassicWords, tie_line
from onenight_tui.screens.classic.day import speaking_order
from onenight_tui.screens.classic.table import refused_ballot

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus")
DECK = ("villager", "werewolf", "villager", "seer", "villager", "werewolf", "villager")


def to_the_vote(**options):
    g = new_game(Setup(NAMES, DECK, "classic", {"sheriff.enabled": False, **options}), 1, deal=DECK)
    while (p := pending(g)).step != "vote":
        g = apply(g, Action("kill", ("p3",)) if p.step == "werewolf" else p.options[0])
    return g


def test_sequential_hands_asks_clockwise_from_the_left_of_the_last_victim_each_once_or_abstaining():
    g = to_the_vote(**{"vote.procedure": "sequential_hands"})
    assert not g.board.alive[3]  # the werewolves killed Dee (seat 3)
    asked = []
    while (p := pending(g)) is not None and p.step == "vote" and g.board.phase == "day":
        assert Action("abstain") in p.options
        asked.append(p.seat)
        g = apply(g, Action("abstain"))
    assert asked == [4, 5, 6, 0, 1, 2]


def test_a_tied_vote_is_told_with_its_count_and_the_tied_players():
    g = to_the_vote()
    ballots = {0: 1, 1: 0, 2: 1, 4: 0, 5: 6, 6: 5}
    while (p := pending(g)) is not None and p.step == "vote" and g.board.phase == "day":
        g = apply(g, Action("vote", (f"p{ballots[p.seat]}",)))
    ties = [dict(e.params) for e in g.board.public if e.kind == PublicKind.DRAW and e.id == "tie"]
    assert ties == [{"step": "vote", "tally": "p0=2 p1=2 p5=1 p6=1", "tied": "p0 p1"}]
    w = ClassicWords(NAMES, "en")
    assert tie_line(w, ties[0]["tally"], ties[0]["tied"]) == \
        "Tied: Ann 2, Bo 2, Fay 1, Gus 1. Tied players: Ann and Bo."


def test_a_lovers_refused_ballot_says_why():
    w = ClassicWords(NAMES, "en")
    p = Prompt(2, "vote", "village", "vote", tuple(Action("vote", (f"p{s}",)) for s in (0, 1, 4)))
    assert refused_ballot(w, 5, p, Action("vote", ("p5",))) == \
        "Cy cannot vote against Fay: a lover never votes against the other lover. Choose again."
    runoff = Prompt(2, "vote", "village", "vote", (Action("vote", ("p0",)), Action("vote", ("p1",))))
    assert "Only the tied players" in refused_ballot(w, None, runoff, Action("vote", ("p4",)))


def test_the_day_shows_the_speaking_order_from_the_left_of_the_nights_victim():
    w = ClassicWords(NAMES, "en")
    death = PublicEvent(PublicKind.DRAW, "death", (("cause", "werewolves"), ("seat", 5)))
    table = SimpleNamespace(words=w, view=lambda: TableView(7, (death,)))
    assert speaking_order(table) == "Speaking order, clockwise from the left of Fay: Gus, Ann, Bo, Cy, Dee and Eve"
    nobody = SimpleNamespace(words=w, view=lambda: TableView(7, ()))
    assert speaking_order(nobody) == "Speaking order: Ann, Bo, Cy, Dee, Eve, Fay and Gus"


def test_what_a_seat_knows_marks_a_dead_werewolf_dead():
    w = ClassicWords(NAMES, "en")
    known = (Learned(2, ("p4",), "werewolf", "werewolf"),)
    assert w.knowledge(known) == ["Werewolves: Eve"]
    assert w.knowledge(known, dead=(4,)) == ["Werewolves: Eve (dead)"]
