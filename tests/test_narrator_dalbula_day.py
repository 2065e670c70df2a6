"""The day screen's "night order" panel under Dalbula lists a step called again by the ripple
(``repeat_role``, roles.md §D.8) where it repeated, as the night was read — not the roster's steps once."""

from __future__ import annotations

import random

from textual.widgets import Static

from onenight_core import Setup
from onenight_tui.app import NewGame, OneNightApp

from app_pilot import NAMES, SIZE, deal, night, quiet_settings, screen_name, until

DECK = ("alien", "alien", "oracle", "seer", "robber", "werewolf", "villager", "drunk", "troublemaker")


async def day_order(pins: dict[str, str]) -> tuple[list[str], list[str]]:
    setup = Setup(NAMES[:6], DECK, ruleset="dalbula", draws=pins)
    app = OneNightApp(quiet_settings(vote_mode="public", lang="ko"), start=NewGame(setup, 3))
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await night(pilot, random.Random(3))
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        shown = [str(s.content) for s in app.screen.query(".day-step").results(Static)]
        script = [s.id for s in app.state.script]
    return shown, script


async def test_the_day_lists_the_robber_where_the_ripple_called_him_again():
    shown, script = await day_order({"oracle": "parity", "alien": "view_each", "ripple": "repeat_role",
                                     "ripple_role": "robber"})
    assert script.count("robber") == 2
    assert shown.count("강도") == 2
    assert shown[shown.index("균열") + 1] == "강도"  # right after the ripple, as the table heard it


async def test_without_a_repeat_the_day_lists_each_step_once():
    shown, script = await day_order({"oracle": "parity", "alien": "view_each", "ripple": "insomniac"})
    assert script.count("robber") == 1 and shown.count("강도") == 1
    assert len(shown) == len(script)
