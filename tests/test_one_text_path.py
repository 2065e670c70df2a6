"""Issue 24, the TUI's text side: one story wording, one narration wording and one run per command for
every game family — a family gives its words and parts (``FAMILY_WORDS``, ``NARRATORS``), never a
second loop."""

from __future__ import annotations

import importlib

import pytest

from onenight_core.engine.narration import Timing
from onenight_core.model.values import Setup
from onenight_core.play.simulate import play_bot_game
from onenight_core.play.story import story_of
from onenight_core.rulesets.classic.deck import default_classic_deck
from onenight_tui.commands.narrate import NARRATORS
from onenight_tui.families import NIGHTS_AND_DAYS, ONE_NIGHT
from classic_narration_words import classic_narration, format_classic_script
from onenight_tui.text.script import cue_lines
from onenight_tui.text.story import FAMILY_WORDS, render, round_title, tell

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def _classic_game(seed: int = 3):
    return play_bot_game(Setup(NAMES, default_classic_deck(len(NAMES)), "classic"), seed, "informed")


def test_every_family_has_its_words_and_its_narrator():
    assert set(FAMILY_WORDS) == set(NARRATORS) == {ONE_NIGHT, NIGHTS_AND_DAYS}


@pytest.mark.parametrize("twin", ["onenight_tui.text.classic_story"])
def test_the_classic_story_twin_is_gone(twin):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(twin)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_classic_game_is_told_by_the_one_story_wording(lang):
    game = _classic_game()
    expected = []
    for section in story_of(game):
        expected.append(f"-- {round_title(section.title, lang)}")
        expected += ["  " + render(line, NAMES, lang) for line in section.lines]
    assert tell(game, lang=lang) == expected
    assert expected[0].startswith("-- ") and len(expected) > 5


def test_a_one_night_game_is_told_by_the_same_loop():
    from onenight_tui.text.words import Wording

    game = play_bot_game(Setup(NAMES[:5], ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk",
                                           "insomniac", "villager"), "onuw"), 1, "informed")
    words = Wording(NAMES[:5], lang="fr")
    expected = []
    for section in story_of(game):
        expected.append(words.text(f"section_{section.title}"))
        expected += ["  " + words.say(line) for line in section.lines]
    assert tell(game, lang="fr") == expected


def test_tell_can_name_seats_and_indent_for_replay():
    game = _classic_game()
    lines = tell(game, names=[f"p{i}" for i in range(len(NAMES))], indent="  ")
    assert lines[0].startswith("  -- ") and all(line.startswith("  ") for line in lines)
    assert not any(name in line for line in lines for name in ("Ann", "Gus"))


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_printed_classic_script_is_the_narration_the_app_reads(lang):
    """The printed script and the narrator app read one classic narration: every cue after a night's start
    is worded by the shared ``cue_lines`` (no second list of steps for the printout)."""
    deck = ("werewolf", "werewolf", "seer", "witch", "cupid", "thief", "little_girl", "villager", "villager",
            "villager", "villager")
    timing = Timing(action=7, day=90)
    options = {"events.enabled": True}
    text = format_classic_script(deck, lang, timing, 3, options)
    narration = classic_narration(deck, lang, 3, options)
    printed = [line.strip() for line in text.split("\n")]
    at = 0
    for cue in narration.cues:  # every line of every cue, in order, then its wait where it has one
        for line in cue.lines:
            at = printed.index(line.text, at) + 1
            if line.pause in ("action", "day"):
                assert printed[at].startswith("[")
    assert cue_lines(narration.cues[1:3], timing, lang)[1].startswith("   ")  # the shared cue wording's indent
