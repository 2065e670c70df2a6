"""The classic screens' hints name their keys in the words of the footer (a key named two ways confuses the
table), and Korean speaks politely on the day screen as the rest of the app does."""

from __future__ import annotations

import pytest

from onenight_tui.text.classic_words import ClassicWords
from onenight_tui.text.app_words import AppWords

LANGS = ["en", "ko", "zh", "fr"]
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_hint_names_each_key_as_its_footer_does(lang):
    """The end's panel said "S: 새 설정" where the footer says "새로 준비": the hint now says each footer label
    (the end's own, as the classic ending names them for the one end screen's bindings, and the app's
    Ctrl+Q), and no other words."""
    from onenight_tui.screens.common.end import EndScreen
    from onenight_tui.tables.classic.ending import END_KEYS, end_hint

    w, say = ClassicWords(NAMES, lang), AppWords(lang)
    hint = end_hint(w, say("key_quit"))
    shown = {b.id for b in EndScreen.BINDINGS if b.show}
    assert {f"end-{action}" for action, _, _ in END_KEYS} == shown  # every key the footer shows is named
    named = [(key, w.text(msg)) for _, key, msg in END_KEYS]
    expected = [w.text("classic_key_named", key=k, key_label=label)
                for k, label in [*named, ("Ctrl+Q", say("key_quit"))]]
    assert hint == w.text("classic_keys_separator").join(expected)
    assert all(label in hint for _, label in named)  # said as the footer says it ("New set-up", not "New set Up")


@pytest.mark.parametrize("lang", LANGS)
def test_the_day_hint_names_m_as_its_footer_does(lang):
    from onenight_tui.screens.classic.day import day_hint

    w = ClassicWords(NAMES, lang)
    hint = day_hint(w, electing=False)
    assert w.text("classic_key_named", key="M", key_label=w.text("classic_key_my_card")) in hint
    assert w.text("classic_key_my_card") == AppWords(lang)("key_classic_day_card")
    assert day_hint(w, electing=True) == w.text("classic_executioner_hint")


#: The Korean the day screen shows (the classic day's and One Night's, the bots' panel and its keys).
KOREAN_DAY = {"app": ("classic_day_bots_hint", "key_classic_day_bots_suspect", "day_bots_hint", "key_day_bots_suspect"),
              "classic": ("classic_day_hint", "classic_time_up", "classic_executioner_hint",
                          "classic_speaking_order", "classic_speaking_order_first")}


def test_the_korean_day_hints_are_polite():
    """"s: 누가 의심돼?" was casual beside the bots' "…님이 의심스럽습니다": every question of the day screen
    asks in the 합니다 style the app's Korean uses ("끝내시겠습니까?", "누구입니까?"), no 반말 ending."""
    import re

    from onenight_tui.text.catalog import load

    say, catalog = AppWords("ko"), load("ko")
    texts = [say(i) for i in KOREAN_DAY["app"]] + [str(catalog.template(i, None)) for i in KOREAN_DAY["classic"]]
    for text in texts:
        assert not re.search(r"(돼|해|니|야|냐|지|어|아|자)[?.]\s*($|·|\")", text), text
        for question in re.findall(r"[^\s:·]+\?", text):
            assert question.endswith("니까?"), text
    assert say("key_classic_day_bots_suspect") in say("classic_day_bots_hint")  # the panel names the key as asked
