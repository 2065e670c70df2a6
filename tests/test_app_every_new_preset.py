"""Issue 12: every Alien, Super Villains and Bonus 3–4 preset plays from set-up to reveal in the app.

The presets with a dedicated Pilot test (test_app_play, test_alien_app, test_random_app) check their
screens in detail; this file plays the others once each, so that no preset of the last 36 roles ships
without a whole game through the TUI: the game ends, its save replays it, the reveal is shown."""

from __future__ import annotations

import random

import pytest
from app_pilot import SIZE, make_app, play_game, screen_name, until

from onenight_core import pending
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.saves import replay

# the presets of issue 12 that no other Pilot test plays (the others: alien-5, alien-6, body-snatcher-8,
# villains-7, villains-8, heroes-6, instructed-4, blob-5, mixed-random-8, mixed-all-10)
OTHERS = ["alien-4", "alien-10", "alien-werewolf-7", "villains-3", "villains-5", "villains-6", "villains-10",
          "nostradamus-5", "instructed-3", "family-6", "aliens-villains-7"]


def test_the_list_names_real_presets() -> None:
    assert set(OTHERS) <= set(PRESETS)


@pytest.mark.slow
@pytest.mark.parametrize("preset", OTHERS)
async def test_the_preset_plays_from_set_up_to_reveal(preset: str) -> None:
    p = PRESETS[preset]
    seed = sum(map(ord, preset)) % 97
    app = make_app(p.roles, p.players, seed=seed, vote_mode="public")
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, random.Random(seed))
        g = app.state
        assert g.phase == "over" and pending(g) is None and g.outcome is not None
        assert replay(app.saved) == g
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
