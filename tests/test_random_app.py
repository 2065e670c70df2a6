"""The random-instruction roles in the app (Psychic, Rascal, Exposer, Mortician, Blob, Family Man, Empath):
the mixed presets from set-up to reveal, the public screens (which must read the same whatever the deal:
the Blob's and Family Man's patterns and the Empath's question come from the seed and the roster only),
and the private prompts in words.

Uses the Pilot helpers of ``app_pilot`` and the privacy checks of ``test_privacy``."""

from __future__ import annotations

import random

import pytest
from app_pilot import (NAMES, SIZE, deal, night, play_game, public_screens_by_seed, quiet_settings, screen_name,
                       screen_text, until)

from onenight_core import Setup, pending
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.saves import replay
from onenight_tui.app import NewGame, OneNightApp


def random_app(roles, players: int, seed: int, draws=None, **settings) -> OneNightApp:
    setup = Setup(NAMES[:players], tuple(roles), draws=draws or {})
    return OneNightApp(quiet_settings(**settings), start=NewGame(setup, seed))


@pytest.mark.slow
@pytest.mark.parametrize("preset,seed", [("instructed-4", 2), ("blob-5", 4), ("mixed-random-8", 1),
                                         ("mixed-all-10", 3)])
async def test_a_mixed_preset_plays_from_set_up_to_reveal(preset, seed):
    p = PRESETS[preset]
    app = random_app(p.roles, p.players, seed, vote_mode="public")
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, random.Random(seed))
        g = app.state
        assert g.phase == "over" and pending(g) is None and g.outcome is not None
        assert replay(app.saved) == g  # the save (seed, answers) replays the same game, draws included
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")


# the announced draws of this deck, pinned so that every seed announces the same
PINNED = {"blob": "left_2", "family_man": "split_2", "empath": 3, "empath_id": "everyone"}
DECK = ("werewolf", "werewolf", "blob", "family_man", "empath", "psychic", "mortician", "seer")


async def test_the_public_screens_read_the_same_whatever_the_deal():
    seen = await public_screens_by_seed(lambda seed: random_app(DECK, len(DECK) - 3, seed, PINNED), len(DECK) - 3, DECK)
    for key, texts in seen.items():
        assert len(texts) == 1, f"the {key} screen differs between deals"
    calls = " ".join(" ".join(t.split()) for key, texts in seen.items() if key.startswith("night-") for t in texts)
    assert "The 2 players on the Blob's left are part of the Blob." in calls  # announced
    assert "Point at the most suspicious player." in calls


async def test_the_private_prompts_of_the_new_roles_are_worded(monkeypatch):
    """A Psychic, Rascal, Exposer, Mortician, Family Man, Empath and respondent prompt in the app: the
    instruction, the task and the answers in words (never ids)."""
    roles = ("psychic", "rascal", "exposer", "mortician", "family_man", "empath", "werewolf", "seer")
    pins = {"psychic_id": "odd", "rascal": "troublemaker", "rascal_id": "neighbours", "exposer": 2,
            "mortician": 1, "mortician_id": "left", "family_man": "left_2", "empath": 1, "empath_id": "everyone"}
    app = random_app(roles, 5, 104, pins)  # seed 104 deals the five acting roles, the Empath in the center
    texts: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)

        import app_pilot
        original = app_pilot.answer_prompt

        async def read_and_answer(pilot, rng):
            texts.append(" ".join(screen_text(app).split()))
            return await original(pilot, rng)

        monkeypatch.setattr(app_pilot, "answer_prompt", read_and_answer)
        await night(pilot, random.Random(1))
    joined = "\n".join(texts)
    assert set(app.state.night_roles) == {"psychic", "rascal", "exposer", "mortician", "family_man"}
    assert "you may look at the card of one of the odd-numbered players" in joined
    assert "act as the Troublemaker: you may exchange the cards of your two neighbours, without" in joined
    assert "you may turn exactly 2 center cards face up, or none" in joined
    assert "you may look at the card of your left neighbour" in joined
    assert "Your family:" in joined
    assert "Point at the player you think is the Empath." in joined  # a respondent's question
    for text in texts:
        for raw in ("view_one", "odd:", "flip_2", "empath_pointing", "respond", "troublemaker:"):
            assert raw not in text, (raw, text)
