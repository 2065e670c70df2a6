"""One eyes-closed screen for every family (issue 24, ``screens/common/night.py``): the screen runs the night's
mechanics once and compares no family; what differs comes from the driver's ``night_calls()`` (a
``NightCalls``), read here as plain functions for each family."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.play.saves import SavedGame
from onenight_core.rulesets.classic.catalog import Wakes
from onenight_tui.screens.common.night import NightCall, Opens
from onenight_tui.table_move import TableMove
from onenight_tui.tables.classic import ClassicTable
from onenight_tui.tables.classic.calls import ClassicCalls
from onenight_tui.tables.one_night import OneNightTable
from onenight_tui.tables.one_night_calls import OneNightCalls
from onenight_tui.text.app_words import AppWords

SRC = Path(__file__).resolve().parents[1] / "src" / "onenight_tui"
NAMES = ("Mina", "Oskar", "Pia", "Quentin", "Rhea", "Sven")
DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")
CLASSIC = Setup(NAMES, ("werewolf", "werewolf", "seer", "witch", "hunter", "villager"), "classic",
                {"events.new_moon": False})


def _app(saved: SavedGame | None = None) -> SimpleNamespace:
    return SimpleNamespace(lang="en", catalog=default_catalog(), words=AppWords("en"), saved=saved)


def test_the_eyes_closed_screen_is_one_and_compares_no_family():
    source = (SRC / "screens" / "common" / "night.py").read_text(encoding="utf-8")
    imports = "\n".join(line for line in source.splitlines() if re.match(r"\s*(from|import) ", line))
    assert "one_night" not in imports and "classic" not in imports
    assert not re.search(r"\.family|ONE_NIGHT|NIGHTS_AND_DAYS|one_night\(|classic\(", source)
    assert not (SRC / "screens" / "one_night" / "night.py").exists()
    assert not (SRC / "screens" / "classic" / "night.py").exists()


def _one_night_calls(seed: int) -> list[NightCall | TableMove | None]:
    """Every step of a One Night night as the table reaches it (the game at that step)."""
    table = OneNightTable(_app())  # type: ignore[arg-type]
    g = new_game(Setup(NAMES[:5], DECK), seed)
    shown: list[NightCall | TableMove | None] = []
    for index in range(-1, len(g.script) + 1):
        table.game = g
        shown.append(OneNightCalls(table).call(index, ""))
        while index >= 0 and (p := pending(g)) is not None and g.phase == "night" and index < len(g.script) \
                and p.step == g.script[index].id:
            g = apply(g, p.options[-1])
    return shown


def test_one_night_calls_every_step_alike_whatever_the_deal():
    seen = [_one_night_calls(seed) for seed in range(6)]
    assert all(calls == seen[0] for calls in seen)  # the same night whoever holds what
    night = seen[0]
    say = AppWords("en")
    falls, *steps, dawn = night
    assert isinstance(falls, NightCall) and falls.intro and falls.hint and falls.banner == say("night_banner")
    assert all(isinstance(s, NightCall) and not s.intro and s.hint and s.calls for s in steps)
    assert isinstance(dawn, NightCall) and dawn.intro and not dawn.hint  # "Everyone, wake up!"
    assert "step 1 of" in steps[0].banner.lower() and steps[0].title  # type: ignore[union-attr]


def test_one_night_moves_to_the_day_once_dawn_is_over_and_notes_the_call():
    table = OneNightTable(_app())  # type: ignore[arg-type]
    table.game = new_game(Setup(NAMES[:5], DECK), 1)
    calls, count = OneNightCalls(table), len(table.game.script)
    assert [calls.over(i) for i in range(-1, count)] == [None] * (count + 1)
    over = calls.over(count)
    assert isinstance(over, TableMove) and over.stage == "day"
    assert calls.noted(2, 12.5, 1) == {"stage": "night", "step": 2, "step_left": 12.5, "step_part": 1}


def test_classic_calls_every_slot_then_dawn():
    table = ClassicTable(_app())  # type: ignore[arg-type]
    from onenight_core.engine.game import rules_for

    table.game = rules_for(CLASSIC).new_game(CLASSIC, 3)
    table.app.saved = SavedGame(CLASSIC, 3, (), {"stage": "night", "round": 1})
    calls = ClassicCalls(table)
    steps = calls.steps
    assert steps and table.status()
    falls = calls.call(-1, "")
    assert isinstance(falls, NightCall) and falls.intro and falls.calls == (table.words.text("classic_night_falls"),)
    for index in range(len(steps)):
        called = calls.call(index, "")
        assert isinstance(called, NightCall) and not called.intro and len(called.calls) == 1
        assert f"step {index + 1} of {len(steps)}" in called.banner
    dawn = calls.call(len(steps), "")
    assert isinstance(dawn, TableMove) and dawn.stage == "dawn"
    assert calls.over(0) is None
    p = table.pending()
    assert p is not None
    asked = steps.index(p.step)
    assert [calls.waiting(i) for i in range(len(steps))] == [i == asked for i in range(len(steps))]
    assert calls.noted(asked, 3.0, 0) == {"stage": "night", "step": asked, "round": 1, "step_left": 3.0}
    nobody = [i for i in range(len(steps)) if i != asked and calls._wakes(i) is Wakes.ONE]
    assert nobody
    for index in nobody:  # a step where nobody is asked now: the same notice as for everyone
        assert calls.open_turn(index, lambda: 1.0) == Opens()
