"""Issue 23, classic leftovers: a player whose night step ran out of time and who may not pass gets an
answer the app draws at random; the story tells it as a draw, never as the player's choice (Cupid, the
Seer, the Defender, the Piper, the Thief forced to take, the Hunter, the ally's namer, the successor)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from onenight_core.errors import IllegalAction
from onenight_core.model.values import Action, Setup
from onenight_core.rulesets.classic.protocol import apply, new_game, pending
from onenight_core.rulesets.classic.story import story

PLAYERS = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus")
DECK = ("werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl")


def at(step: str, seed: int = 8):
    g = new_game(Setup(PLAYERS, DECK, "classic"), seed)
    while (p := pending(g)) is not None and p.step != step:
        g = apply(g, p.options[0])
    return g


@pytest.mark.parametrize("step", ["cupid", "seer"])
def test_a_timed_out_choice_is_drawn_and_told_as_a_draw(step):
    g = at(step)
    seat = pending(g).seat
    g = apply(g, Action("timeout"))
    lines = [line for line in story(g.board) if line.param("seat") == seat]
    assert [line.key for line in lines] == ["timeout_drawn"]  # never "lovers" / "seer_look"
    assert lines[0].param("role") == step and lines[0].param("targets")
    if step == "cupid":
        assert len(g.board.lovers) == 2  # the game goes on with the drawn pair
    else:
        assert g.board.seen and g.board.seen[-1][1] == seat  # she still sees the drawn card


def test_the_draw_replays_the_same_from_the_seed():
    a, b = (apply(at("cupid"), Action("timeout")) for _ in range(2))
    assert a.board.lovers == b.board.lovers


def test_the_app_answers_a_timed_out_prompt_with_timeout_unless_it_may_pass():
    from onenight_tui.tables.classic import ClassicTable

    g = at("cupid")
    assert ClassicTable(SimpleNamespace()).time_out(pending(g)) == Action("timeout")
    w = at("witch")
    assert ClassicTable(SimpleNamespace()).time_out(pending(w)) == Action("pass")


def test_a_vote_never_takes_a_timeout():
    g = at("vote")
    with pytest.raises(IllegalAction):
        apply(g, Action("timeout"))


def test_the_drawn_line_renders_in_every_language():
    from onenight_tui.text.story import render

    g = apply(at("cupid"), Action("timeout"))
    line = next(line for line in story(g.board) if line.key == "timeout_drawn")
    for lang in ("en", "ko", "zh", "fr"):
        text = render(line, PLAYERS, lang)
        assert "{" not in text and PLAYERS[line.param("seat")] in text
    assert "at random" in render(line, PLAYERS, "en") and "makes" not in render(line, PLAYERS, "en")


def test_the_end_screen_words_the_drawn_line_in_every_language():
    from onenight_tui.text.classic_words import ClassicWords

    g = apply(at("seer"), Action("timeout"))
    line = next(line for line in story(g.board) if line.key == "timeout_drawn")
    for lang in ("en", "ko", "zh", "fr"):
        text = ClassicWords(PLAYERS, lang).story_line(line)
        assert "{" not in text and PLAYERS[line.param("seat")] in text
    assert "at random" in ClassicWords(PLAYERS, "en").story_line(line)


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_werewolves_call_names_the_little_girl_only_when_she_is_in_the_deck(lang):
    """The app's call, like the narrator's: "Little Girl, you may spy" misleads a table whose deck has no
    Little Girl (seen in play, issue 23)."""
    from onenight_tui.text.classic_words import ClassicWords

    words = ClassicWords(PLAYERS, lang)
    girl = words.call("werewolf", ("werewolf", "little_girl", "villager"))
    plain = words.call("werewolf", ("werewolf", "seer", "villager"))
    assert plain != girl and girl.startswith(plain.rstrip(".。")[:8])
    assert words.text("classic_call_werewolf") == girl
