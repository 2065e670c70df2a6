"""The day's mechanics are written once (issue 24): ``screens/common/day.BaseDayScreen`` holds the timer and
its save, time up, the bots' panel with its r and s keys and the vote key; One Night's and classic's day
screens are thin subclasses with hooks, and the base names no family."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from onenight_tui.screens.classic.day import ClassicDayScreen
from onenight_tui.screens.common import day as common_day
from onenight_tui.screens.common.day import BaseDayScreen, bots_bindings, due_note, next_asked
from onenight_tui.screens.one_night.day import DayScreen
from onenight_tui.text.app_words import AppWords

DAYS = (DayScreen, ClassicDayScreen)
#: What only the base does: a family's day defines none of these itself.
SHARED = ("action_bots_repeat", "action_bots_suspect", "on_countdown_finished", "on_mount", "_remember",
          "_last_call", "action_pause", "action_vote", "say_claims", "bots_panel", "countdown")


@pytest.mark.parametrize("screen", DAYS, ids=lambda s: s.__name__)
def test_both_days_are_the_base_with_hooks(screen):
    assert issubclass(screen, BaseDayScreen)
    assert [name for name in SHARED if name in vars(screen)] == []


def test_the_base_names_no_family():
    source = Path(common_day.__file__).read_text(encoding="utf-8")
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))
    code = re.sub(r'"""(?:.|\n)*?"""', "", code)  # (its docstrings may name the families it serves)
    assert not re.search(r"\b(one_night|classic|ClassicTable|OneNightTable|family)\b", code)


@pytest.mark.parametrize("screen", DAYS, ids=lambda s: s.__name__)
@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_each_panel_hint_names_only_keys_its_day_has(screen, lang):
    """The bots' keys are not in the key bar: the panel's hint names them, and only keys the day has."""
    keys = {b.key for b in screen.BINDINGS}
    named = set(re.findall(r"(?:^|· )([a-z])\s?[:：]", AppWords(lang)(screen.BOTS_HINT)))
    assert {"r", "s"} <= named <= keys, (named, keys)


def test_the_bots_keys_keep_each_day_s_ids():
    """Written once, the r and s bindings keep the ids the catalogs describe them by (``key_<id>``)."""
    assert [(b.key, b.action, b.id, b.show) for b in bots_bindings("classic-day")] == [
        ("r", "bots_repeat", "classic-day-bots-repeat", False),
        ("s", "bots_suspect", "classic-day-bots-suspect", False)]
    for screen, prefix in ((DayScreen, "day"), (ClassicDayScreen, "classic-day")):
        ids = {b.id for b in screen.BINDINGS}
        assert {f"{prefix}-bots-repeat", f"{prefix}-bots-suspect"} <= ids
        for b in bots_bindings(prefix):
            assert AppWords("en").has("key_" + str(b.id).replace("-", "_"))


def test_who_do_you_suspect_goes_round_the_bots():
    asked = -1
    order = []
    for _ in range(4):
        asked = next_asked(asked, 3)
        order.append(asked)
    assert order == [0, 1, 2, 0]
    assert next_asked(2, 2) == 1  # fewer bots to ask since (classic: one died): still one of them


def test_the_time_left_is_noted_when_due():
    assert due_note(100.0, 100.0, 0.0, False)  # every second (classic)
    assert not due_note(95.0, 100.0, 10.0, False)  # One Night: every ten seconds of talk…
    assert due_note(90.0, 100.0, 10.0, False)
    assert due_note(100.0, 100.0, 10.0, True)  # …and while paused
