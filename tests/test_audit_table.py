"""Gaps found by the qa-table audit of issues 9 and 10 (/work/notes/qa-table-audit.md), each pinned by a
test that fails without its fix.

Pilot tests wait on conditions (``until``), never on sleeps."""

from __future__ import annotations

from app_pilot import NAMES, SIZE, deal, flat, quiet_settings, screen_name, until

from onenight_core import Setup, new_game, pending
from onenight_tui.app import NewGame, OneNightApp

VAMPIRE5 = ("vampire", "vampire", "renfield", "cupid", "diseased", "priest", "instigator", "villager")


def _seed_with(setup: Setup, role: str) -> int:
    return next(s for s in range(200) if role in new_game(setup, s).dealt)


async def test_f1_on_a_night_prompt_gives_the_goal_of_this_deck():
    """Issue 10, "win texts must fit the deck": the card says "You win if one of the vampires dies" in a
    Vampire game; F1 on the night prompt must say the same, not the catalog's any-deck goal."""
    setup = Setup(NAMES[:5], VAMPIRE5)
    app = OneNightApp(quiet_settings(), start=NewGame(setup, _seed_with(setup, "cupid")))
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        night = app.screen
        while not (night._waiting() and pending(app.state).role == "cupid"):
            night.fast_forward()
            await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "Cupid's prompt")
        await pilot.press("f1")
        panel = app.screen.query_one("#prompt-role-help")
        await until(pilot, lambda: panel.display, "the role's explanation")
        text = flat(app)
        assert "You win if one of the vampires dies." in text
        assert "a werewolf, a vampire" not in text
