"""The story of a game (onenight_core.play.story): told from the event log and the observations.

Each game here has an explicit deal and explicit choices, so every line expected below is worked out by
hand from the rules (roles.md §5 base entries, resolution.md 1.A/2.A) — never copied from the output."""

from __future__ import annotations

from onenight_core import Setup, apply, dawn_game, new_game, pending
from onenight_core.model.messages import Message
from onenight_core.play.story import CardJourney, journeys, sections
from onenight_tui.text.story import tell
from onenight_tui.text.words import Wording

from conftest import DONE, PASS, copy, look, play, swap

# p0 Robber, p1 Werewolf, p2 Seer, p3 Troublemaker, p4 Villager; center c0 Werewolf, c1 Drunk, c2 Insomniac.
DEAL = ("robber", "werewolf", "seer", "troublemaker", "villager")
CENTER = ("werewolf", "drunk", "insomniac")
NIGHT = {
    "werewolves": look("c1"),          # p1 is the only wolf among the players: a lone wolf, sees the Drunk
    "seer": look("p0"),                # sees the Robber
    "robber": swap("p0", "p1"),        # p0 takes the Werewolf, p1 gets the Robber; p0 sees Werewolf
    "troublemaker": swap("p0", "p4"),  # p0 (Werewolf card) <-> p4 (Villager): p4 ends with the Werewolf
}
VOTES = (4, 4, 4, 4, 0)  # p4 gets four votes and dies holding the Werewolf card: the village wins


def the_game():
    return play(DEAL, CENTER, NIGHT, VOTES).state


def body(state, title: str, lang: str = "en") -> tuple[str, ...]:
    """A section's lines in words (the text layer: onenight_tui.text)."""
    words = Wording(state.setup.players, lang=lang)
    for section in sections(state):
        if section.title == title:
            assert all(isinstance(line, Message) for line in section.lines)
            return tuple(words.say(line) for line in section.lines)
    raise AssertionError(f"no section {title!r}")


def test_journeys_follow_every_card_from_the_deal_to_dawn():
    trips = {j.card: j for j in journeys(the_game())}
    assert trips[0] == CardJourney(0, "robber", ("p0", "p1"))
    assert trips[1] == CardJourney(1, "werewolf", ("p1", "p0", "p4"))
    assert trips[4] == CardJourney(4, "villager", ("p4", "p0"))
    for cid, pos in ((2, "p2"), (3, "p3"), (5, "c0"), (6, "c1"), (7, "c2")):
        assert trips[cid].positions == (pos,) and not trips[cid].moved
    assert sorted(trips) == list(range(8))


def test_the_deal_names_every_card():
    lines = body(the_game(), "deal")
    assert lines[0] == "P0 was dealt the Robber."
    assert lines[1] == "P1 was dealt the Werewolf."
    # issue 10: center cards are numbered 1-3 for players, never c0-c2
    assert lines[-1] == "Center: center card 1 (Werewolf), center card 2 (Drunk), center card 3 (Insomniac)."


def test_the_night_tells_each_step_in_order():
    lines = body(the_game(), "night")
    assert lines == (
        "Werewolves: P1 learned that no other player is a Werewolf; looked at center card 2 (Drunk).",
        "Seer: P2 looked at P0 (Robber).",
        "Robber: P0 exchanged their card with P1's card and saw their new card: Werewolf.",
        "Troublemaker: P3 swapped the cards of P0 and P4.",
        "Drunk: nobody woke.",
        "Insomniac: nobody woke.",
    )


def test_ghost_steps_reveal_nothing_but_the_step():
    ghosts = [line for line in body(the_game(), "night") if "nobody woke" in line]
    assert ghosts == ["Drunk: nobody woke.", "Insomniac: nobody woke."]


def test_dawn_votes_deaths_and_winners():
    state = the_game()
    assert body(state, "dawn")[:5] == ("P0 holds the Villager.", "P1 holds the Robber.",
                                       "P2 holds the Seer.", "P3 holds the Troublemaker.",
                                       "P4 holds the Werewolf.")
    assert body(state, "dawn")[5:] == ("Center card 1 holds the Werewolf.", "Center card 2 holds the Drunk.",
                                       "Center card 3 holds the Insomniac.")
    vote = body(state, "vote")
    assert vote[0] == "P0 voted for P4."
    assert vote[4] == "P4 voted for P0."
    assert vote[5] == "Votes: P4 4, P0 1."
    result = body(state, "result")
    assert result[0] == "P4 died (Werewolf): voted out with 4 votes."
    # issue 10: who died and why, by name ("the werewolves lost p0", then "the werewolves lost P4", before)
    assert "The village won: P4 of the werewolves died." in result
    assert "The werewolves lost: P4 died." in result
    assert result[-1] == "Winners: P0, P1, P2 and P3."
    seat4 = [line for line in result if line.startswith("P4, Werewolf")]
    assert len(seat4) == 1 and ": lost" in seat4[0]


def test_card_journeys_section():
    lines = body(the_game(), "journeys")
    assert "Werewolf (card 2): P1 → P0 → P4." in lines
    assert "Seer (card 3) never moved: P2." in lines
    assert "Drunk (card 7) never moved: center card 2." in lines


def test_tell_is_plain_lines_with_section_titles():
    lines = tell(the_game())
    titles = [line for line in lines if not line.startswith("  ")]
    assert titles == ["Deal", "Night", "Dawn", "Vote", "Result", "Card journeys"]
    assert all("[" not in line and "\x1b" not in line for line in lines)


def test_korean_story_is_korean_throughout():
    lines = tell(the_game(), lang="ko")
    # roles.md §5: 강도 (Robber), 예언자 (Seer), 술취한자 (Drunk); the sentences come from ko.toml.
    assert "  P0: 받은 카드 강도." in lines
    assert "  예언자: P2 — P0 (강도) 봄." in lines
    assert "  술취한자: 아무도 깨어나지 않음." in lines
    assert lines[0] == "카드 배분"
    assert not any(word in line for line in lines for word in ("was dealt", "nobody woke", "looked at", "won"))


def test_a_game_in_progress_tells_only_what_happened():
    setup = Setup(players=("A", "B", "C", "D", "E"), deck=DEAL + CENTER)
    g = new_game(setup, 0, deal=DEAL + CENTER)
    while pending(g).step != "robber":
        p = pending(g)
        g = apply(g, DONE if p.kind == "info" else NIGHT[p.step])
    titles = [s.title for s in sections(g)]
    assert titles == ["deal", "night", "journeys"]
    night = body(g, "night")
    assert night[0].startswith("Werewolves: B learned")
    assert night[1] == "Seer: C looked at A (Robber)."
    assert night[2] == "Robber: under way."  # called, not answered yet: nothing more is told
    assert night[-1] == "The night goes on (3 more steps to call)."
    assert len(night) == 4


def test_doppelganger_copy_and_its_immediate_action():
    # roles.md #4: the DG views p1 (Seer), becomes a Seer and acts at once in its own step.
    state = play(("doppelganger", "seer", "villager", "werewolf"), ("villager",) * 3,
                 {"doppelganger": [copy("p1"), look("p3")], "seer": PASS, "werewolves": PASS},
                 (3, 3, 3, 0)).state
    night = body(state, "night")
    assert night[0] == ("Doppelgänger: P0 looked at P1 (Seer) and became the Seer; "
                        "as the Seer, looked at P3 (Werewolf).")
    assert "P0 holds the Doppelgänger (standing for the Seer)." in body(state, "dawn")


def test_minion_sees_the_wolves_in_plural():
    state = play(("minion", "werewolf", "werewolf", "villager"), ("villager",) * 3, {}, (3, 0, 0, 1)).state
    assert "Minion: P0 learned that P1 and P2 are Werewolves." in body(state, "night")


def test_a_game_that_starts_at_dawn():
    setup = Setup(players=("A", "B", "C"), deck=("werewolf", "villager", "villager"))
    g = dawn_game(setup, ("werewolf", "villager", "villager"))
    for target in ("p1", "p0", "p0"):
        g = apply(g, pending(g).options[[a.targets[0] for a in pending(g).options].index(target)])
    assert body(g, "night") == ("No night was played: the game starts at dawn.",)
    assert body(g, "result")[0] == "A died (Werewolf): voted out with 2 votes."
    assert all(not j.moved for j in journeys(g))
