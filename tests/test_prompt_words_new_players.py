"""Words a new player trips over (issue 21, "What confuses or loses a new player's work"): each call and
option says what the app does, in every language."""

from __future__ import annotations

import pytest
from conftest import state_at

from onenight_core import Action, apply, pending, view_for
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import narrate
from onenight_tui.prompt_text import describe
from onenight_tui.text.catalog import LANGUAGES

CAT = default_catalog()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cow_call_fits_the_laptop_and_the_narrator_keeps_the_fist(lang):
    """The hot-seat game's call asked the aliens to tap the Cow's fist while the screen asked whoever is
    called to take the laptop; a table with its own cards still hears the fist."""
    roster = ("alien", "alien", "cow", "seer", "robber", "villager", "villager")
    laptop = {"en": "laptop", "ko": "노트북", "zh": "笔记本电脑", "fr": "ordinateur"}[lang]
    for role in ("cow", "evilometer"):
        deck = roster if role == "cow" else ("henchman_7", "evilometer", "seer", "robber", "villager", "villager")
        app = next(c for c in narrate(deck, lang).cues if c.role == role)
        table = next(c for c in narrate(deck, lang, physical_cards=True).cues if c.role == role)
        assert laptop in app.lines[0].text, app.lines[0].text
        assert app.lines[0].text != table.lines[0].text
        assert table.lines[0].text == CAT[role].line("table_wake", lang)
        assert laptop not in table.lines[0].text


def _nostradamus_after_a_look():
    deal = ("nostradamus", "villager", "villager", "seer")
    g = state_at(deal, ("werewolf", "werewolf", "robber"), "nostradamus")
    p = pending(g)
    assert p.role == "nostradamus" and Action("look", ("p1",)) in p.options
    g = apply(g, Action("look", ("p1",)))
    while (p := pending(g)).kind == "info":
        g = apply(g, p.options[0])
    assert p.role == "nostradamus" and p.stage == "again"
    return g, p


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nostradamus_stopping_after_a_look_says_so(lang):
    g, p = _nostradamus_after_a_look()
    text = describe(view_for(g, p.seat), CAT, lang)
    words = text.options[p.options.index(Action("pass"))]
    assert words != describe(view_for(state_at(("nostradamus", "villager", "villager", "seer"),
                                               ("werewolf", "werewolf", "robber"), "nostradamus"), 0),
                             CAT, lang).options[0]  # not the first prompt's "Do nothing"
    assert {"en": "Stop here", "ko": "멈추기", "zh": "到此为止", "fr": "arrêter"}[lang] in words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ricochet_rhino_says_which_rule_each_ruleset_plays(lang):
    text = CAT["ricochet_rhino"].ability(lang)
    rulesets = {"en": ("One Night", "Dalbula"), "ko": ("원나잇", "달뷸라"), "zh": ("一夜", "达尔布拉"),
                "fr": ("Une nuit", "Dalbula")}[lang]
    assert all(name in text for name in rulesets), text
    assert not any(w in text for w in ("official", "공식", "官方", "officielles")), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ripple_call_does_not_announce_a_ripple_before_the_draw(lang):
    """"Something ripples through the night… No ripple tonight." contradicted itself: the call asks."""
    step = CAT.step("ripple")
    wake, none = step.line("wake", lang), step.line("draw.none", lang)
    assert none and ("?" in wake or "？" in wake), wake


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_quit_dialog_shows_the_resume_command_without_backticks(lang):
    """Issue 21: the dialog showed literal backticks ("`onenight --resume`")."""
    from onenight_tui.text.app_words import AppWords

    text = AppWords(lang)("quit_text")
    assert "onenight --resume" in text and "`" not in text
