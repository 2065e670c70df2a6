"""The classic story is told through one table of lines (issue 24: no chain of cases per event kind): each
event by the first entry of ``LINES`` that takes it; the keys the catalogs word are the table's."""

from __future__ import annotations

from onenight_core.model.values import Setup
from onenight_core.play.simulate import play_bot_game
from onenight_core.rulesets.classic import story as classic_story
from onenight_core.rulesets.classic.story import LINES, STORY_KEYS, Line, story

DECK = ("werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl", "villager", "villager")


def _board(seed: int = 3):
    return play_bot_game(Setup(tuple(f"P{i}" for i in range(len(DECK))), DECK, "classic"), seed, "informed").board


def test_the_keys_are_the_table_s_and_every_line_is_one_of_them():
    assert set(STORY_KEYS) == {key for line in LINES for key in line.keys} and len(STORY_KEYS) == 51
    for seed in range(10):
        assert {line.key for line in story(_board(seed))} <= set(STORY_KEYS)


def test_the_story_reads_its_events_through_the_table(monkeypatch):
    board = _board()
    told = story(board)
    assert told[0].key == "deal" and told[-1].key == "over"
    first = Line(("dealt_again",), lambda e, _a: e.kind == "deal", lambda _e, _a, _c: ("dealt_again", {"n": 1}))
    monkeypatch.setattr(classic_story, "LINES", (first, *LINES))
    again = story(board)
    assert again[0].key == "dealt_again" and again[0].params == (("n", 1),) and again[1:] == told[1:]
    quiet = Line((), lambda e, _a: e.kind == "over", lambda _e, _a, _c: None)  # a line that tells nothing
    monkeypatch.setattr(classic_story, "LINES", (quiet, *LINES))
    assert story(board) == told[:-1]


def test_one_story_teller_for_every_family():
    """``play.story.story_of``: any ruleset's game as sections of messages, by its family's teller — a
    classic game round by round (its table's lines), a One Night game as ``sections`` tells it."""
    from onenight_core.play.story import sections, story_of

    game = play_bot_game(Setup(tuple(f"P{i}" for i in range(len(DECK))), DECK, "classic"), 3, "informed")
    told = story_of(game)
    lines = story(game.board)
    assert [m for section in told for m in section.lines] == [line.message for line in lines]
    assert [section.title for section in told] == list(dict.fromkeys(line.round for line in lines))
    one_night = play_bot_game(Setup(("A", "B", "C", "D", "E"), ("werewolf", "werewolf", "seer", "robber",
                                                                 "troublemaker", "villager", "villager", "drunk")),
                              4, "informed")
    assert story_of(one_night) == sections(one_night)
