"""Whole games played through the app, screen by screen, with the keys players press.

Every choice is one of the engine's legal answers (picked by a seeded random draw and entered with the
arrow keys and Enter); the tests then check the engine state the app reached — the save replays to
the same state, the game is over with an outcome, and the reveal shows that outcome."""

from __future__ import annotations

import random

import pytest

from onenight_core import pending
from onenight_core.deck import PRESETS
from onenight_core.roles import playable
from onenight_core.saves import replay

from app_pilot import SIZE, make_app, play_game, screen_name, screen_text, until


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)


GAMES = [
    ("base-5", 11, "private"),   # the base game with secret ballots
    ("chaos-7", 5, "public"),    # Doppelgänger, Minion, Tanner: copies and follow-up prompts
    ("daybreak-6", 4, "public"),  # Daybreak roles rendered from their options alone
    ("bonus-5", 9, "public"),
    ("vampire-5", 6, "public"),  # marks and the vampires' group step
]


@pytest.mark.parametrize("preset,seed,vote_mode", GAMES)
async def test_a_whole_game_through_the_app(preset, seed, vote_mode):
    roles = PRESETS[preset].roles
    if not all(playable(r) for r in roles):
        pytest.skip(f"{preset} has roles that are not playable yet")
    app = make_app(roles, PRESETS[preset].players, seed=seed, vote_mode=vote_mode)
    rng = random.Random(seed)
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, rng)
        g = app.state
        assert g.phase == "over" and pending(g) is None
        assert g.outcome is not None
        # The save holds exactly what was played: replaying it gives the same game.
        assert replay(app.saved) == g
        assert replay(app.saved).outcome == g.outcome
        votes = [a for a in app.saved.answers if a.verb == "vote"]
        assert len(votes) == g.players
        # The reveal tells the outcome the engine computed.
        await until(pilot, lambda: screen_name(app) == "RevealScreen", "the reveal")
        shown = " ".join(screen_text(app).split())
        winners = sorted(g.outcome.winners)
        if winners:
            assert "Winners: " + g.setup.players[winners[0]] in shown
        else:
            assert "Nobody wins." in shown
        for seat, _cause in g.outcome.deaths:
            assert f"{g.setup.players[seat]} died" in shown
