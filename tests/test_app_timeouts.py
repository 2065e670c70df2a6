"""Whole games in which nobody answers in time: every night prompt is opened and left open until the
step's time runs out (issue 10, "Secrecy": the step never waits; the prompt is cleared and closed and
the engine answers for the player).

Found by playing at the table: slow players who open their prompt and never choose. The tests check
what a table would notice — the prompt closes at the time-up in every step (a Cupid's two picks, the
Doppelgänger's copy, a Witch's forced swap alike), the night reaches the day, the game reaches the
reveal, and the save (time-outs included) replays to the same game."""

from __future__ import annotations

import random

import pytest

from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.timeout import TIMEOUT
from onenight_core.play.saves import replay
from onenight_core.rulesets.onuw.roles import playable

from app_pilot import SIZE, deal, make_app, mark_check, public_vote, screen_name, until

PRESETS_WITH_FOLLOW_UPS = [
    ("vampire-5", 6),  # the vampires' group step, Cupid's two picks, the mark check
    ("chaos-7", 5),  # the Doppelgänger's copy and its follow-up prompt
    ("daybreak-6", 4),  # the Witch's forced swap, the Alpha Wolf, the Revealer
]


async def night_nobody_answers(pilot) -> int:
    """Walk the night; in every step with a prompt, open it and let the time run out. Returns how many
    prompts were left open."""
    app = pilot.app
    left_open = 0
    while screen_name(app) in ("NightScreen", "MarkCheckScreen"):
        if screen_name(app) == "MarkCheckScreen":
            await mark_check(pilot)
            continue
        screen = app.screen
        await until(pilot, lambda: screen.is_mounted, "the eyes-closed screen to enter its step")  # on_mount
        index = screen.index
        if screen._leaving:
            await until(pilot, lambda: app.screen is not screen, "the step's own screen")
            continue
        if 0 <= index < len(screen.steps) and screen._waiting():
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "PromptScreen", "the private prompt")
            left_open += 1
        screen.fast_forward()
        await until(pilot, lambda: screen_name(app) != "PromptScreen", "the prompt closed by the time-up")
        await until(pilot, lambda: screen_name(app) != "NightScreen" or app.screen is not screen
                    or app.screen.index != index, "the next step")
    return left_open


@pytest.mark.parametrize("preset,seed", PRESETS_WITH_FOLLOW_UPS)
async def test_a_night_where_every_open_prompt_times_out_reaches_the_reveal(preset, seed):
    roles = PRESETS[preset].roles
    if not all(playable(r) for r in roles):
        pytest.skip(f"{preset} has roles that are not playable yet")
    app = make_app(roles, PRESETS[preset].players, seed=seed, vote_mode="public")
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        left_open = await night_nobody_answers(pilot)
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        assert left_open > 0, "no prompt was opened: the test would prove nothing"
        assert TIMEOUT in app.saved.answers  # the engine answered for the players
        await pilot.press("v", "y")
        await public_vote(pilot, random.Random(seed))
        assert app.state.phase == "over" and app.state.outcome is not None
        assert replay(app.saved) == app.state
