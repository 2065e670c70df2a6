"""Snapshots of the main screens in Korean and Chinese at 80×24 (issue 15): wide characters take two cells,
so these pictures show that no word is cut and no border breaks — set-up, card, eyes closed, a prompt with
the table, the day and the reveal. Same determinism as test_app_snapshots.py (frozen clocks, fixed
seeds); regenerate with ``--snapshot-update`` after an intended change and look at the pictures."""

from __future__ import annotations

import pytest
from test_app_snapshots import SETUP, _deterministic, _seer_save, app_for, no_blink, saved_until  # noqa: F401

from onenight_tui.app import NewGame

LANGS = ("ko", "zh")
NAMES = {"ko": ("가영", "나래", "다은", "라희", "마루"), "zh": ("小明", "小红", "小刚", "小丽", "小华")}


@pytest.mark.parametrize("lang", LANGS)
def test_setup_screen(snap_compare, lang):
    app = app_for(players=NAMES[lang], lang=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=no_blink)


@pytest.mark.parametrize("lang", LANGS)
def test_private_card_screen(snap_compare, lang):
    assert snap_compare(app_for(NewGame(SETUP, 7), lang=lang), terminal_size=(80, 24), press=["enter"])


@pytest.mark.parametrize("lang", LANGS)
def test_eyes_closed_screen(snap_compare, lang):
    saved = saved_until(lambda p: True, meta={"stage": "night", "step": 2})
    assert snap_compare(app_for(saved, lang=lang), terminal_size=(80, 24))


@pytest.mark.parametrize("lang", LANGS)
def test_private_prompt_with_the_table(snap_compare, lang):
    assert snap_compare(app_for(_seer_save(), lang=lang), terminal_size=(80, 24), press=["enter", "down"])


@pytest.mark.parametrize("lang", LANGS)
def test_day_screen(snap_compare, lang):
    saved = saved_until(lambda p: p.kind == "vote", meta={"stage": "day", "day_left": 300.0})
    assert snap_compare(app_for(saved, lang=lang), terminal_size=(80, 24))


@pytest.mark.parametrize("lang", LANGS)
def test_reveal_screen(snap_compare, lang):
    saved = saved_until(lambda p: False, meta={"stage": "over"})
    assert snap_compare(app_for(saved, lang=lang), terminal_size=(80, 24))
