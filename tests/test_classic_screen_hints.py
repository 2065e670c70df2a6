"""The classic screens' hints name their keys in the words of the footer (a key named two ways confuses the
table), and Korean speaks politely on the day screen as the rest of the app does."""

from __future__ import annotations

import pytest

from onenight_tui.classic_words import ClassicWords
from onenight_tui.text.app_words import AppWords

LANGS = ["en", "ko", "zh", "fr"]
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_hint_names_each_key_as_its_footer_does(lang):
    """The end's panel said "S: 새 설정" where the footer says "새로 준비": the hint now says each footer label
    (the end's own, as ``name_keys`` sets them, and the app's Ctrl+Q), and no other words."""
    from onenight_tui.screens.classic.end import END_KEYS, ClassicEndScreen, end_hint

    w, say = ClassicWords(NAMES, lang), AppWords(lang)
    hint = end_hint(w, say("key_quit"))
    footer = {b.id: say(f"key_{b.id.replace('-', '_')}") for b in ClassicEndScreen.BINDINGS}
    assert {binding for binding, _, _ in END_KEYS} == set(footer)
    named = [(key, w.text(msg)) for _, key, msg in END_KEYS]
    for binding, _, msg in END_KEYS:
        assert w.text(msg) == footer[binding]  # the footer's label, whichever catalog names it
    expected = [w.text("classic_key_named", key=k, label=label) for k, label in [*named, ("Ctrl+Q", say("key_quit"))]]
    assert hint == w.text("classic_keys_separator").join(expected)


@pytest.mark.parametrize("lang", LANGS)
def test_the_day_hint_names_m_as_its_footer_does(lang):
    from onenight_tui.screens.classic.day import day_hint

    w = ClassicWords(NAMES, lang)
    hint = day_hint(w, electing=False)
    assert w.text("classic_key_named", key="M", label=w.text("classic_key_my_card")) in hint
    assert w.text("classic_key_my_card") == AppWords(lang)("key_classic_day_card")
    assert day_hint(w, electing=True) == w.text("classic_executioner_hint")
