"""Whole games played through the app, screen by screen, with the keys players press.

Every choice is one of the engine's legal answers (picked by a seeded random draw and entered with the
arrow keys and Enter); the tests then check the engine state the app reached — the save replays to
the same state, the game is over with an outcome, and the reveal shows that outcome."""

from __future__ import annotations

import random
import re

import pytest

from onenight_core import pending
from onenight_core.catalog.presets import PRESETS
from onenight_core.rulesets.onuw.marks import MARKS
from onenight_core.rulesets.onuw.roles import playable
from onenight_core.play.saves import replay

from onenight_tui.text.words import Wording

from app_pilot import NAMES, SIZE, make_app, play_game, screen_name, screen_text, until



GAMES = [
    ("base-5", 11, "private"),   # the base game with secret ballots
    ("chaos-7", 5, "public"),    # Doppelgänger, Minion, Tanner: copies and follow-up prompts
    ("daybreak-6", 4, "public"),  # Daybreak roles rendered from their options alone
    ("bonus-5", 9, "public"),
    ("vampire-5", 6, "public"),  # marks, the mark check passed round, the vampires' group step
    ("epic-battle-6", 2, "public"),  # werewolves and vampires at one table: three teams
    ("villains-8", 3, "public"),  # the Temptress's extra card, the villains' group turns, the Evilometer's tap
    ("villains-7", 7, "private"),  # the Mad Scientist's line and his Intern, the Flipper
    ("heroes-6", 2, "public"),  # Nostradamus's announced team, the Bonus 4 passives at the vote
    ("instructed-4", 2, "private"),  # the Psychic's, Rascal's, Exposer's, Mortician's private instructions
    ("mixed-random-8", 1, "public"),  # the Blob's, Family Man's and Empath's announcements, the pointing
]
TEAM_TITLES = {"village": "The village", "werewolf": "The werewolves", "vampire": "The vampires",
               "villain": "The villains"}
_SEAT = re.compile(r"\bp(\d+)\b")

MARK_NAMES = {m: Wording((), None, "en").mark_name(m) for m in MARKS}  # the English words of the text layer
MARK_EFFECTS = {m: Wording((), None, "en").mark_effect(m) for m in MARKS}


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
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        shown = " ".join(screen_text(app).split())
        winners = sorted(g.outcome.winners)
        if winners:
            assert "Winners: " + g.setup.players[winners[0]] in shown
        else:
            assert "Nobody wins." in shown
        for seat, _cause in g.outcome.deaths:
            assert f"{g.setup.players[seat]} died" in shown
        # Each team's result, with its reason (players named, not pN). An epic battle judges all three
        # teams at the table (resolution.md, multi-team games).
        if preset.startswith("epic-battle"):
            assert [team for team, _, _ in g.outcome.teams] == ["village", "werewolf", "vampire"]
        for team, won, why in g.outcome.teams:
            verb = ("wins" if won else "loses") if team == "village" else ("win" if won else "lose")
            named = Wording(NAMES).phrase(why)
            assert f"{TEAM_TITLES[team]} {verb}: {named}." in shown
            assert not _SEAT.search(named)  # players are named, never pN (issue 10)
        # issue 10: the final center cards, numbered as on the table; no internal ids anywhere
        await pilot.resize_terminal(160, 200)
        await until(pilot, lambda: "The night" in screen_text(app), "the whole reveal")
        whole = " ".join(screen_text(app).split())
        for i in range(g.players, len(g.cards)):
            name = app.catalog[g.cards[i].role].name()
            assert f"Center card {i - g.players + 1}: {name}" in whole
        assert not re.search(r"\(p\d+\)|\bc\d\b", whole)
        if any(step.id == "mark_check" for step in g.script):
            # Everyone's final mark, with what it does.
            await pilot.resize_terminal(160, 120)
            await until(pilot, lambda: "Mark of" in screen_text(app).split("Players", 1)[-1], "the table")
            table = screen_text(app).split("Players", 1)[1].split("The night", 1)[0]
            lines = table.splitlines()
            for seat, mark in enumerate(g.marks):
                row = next(i for i, line in enumerate(lines) if line.split()[:1] == [NAMES[seat]])
                assert MARK_NAMES[mark] in lines[row + 1]
                assert f"{MARK_NAMES[mark]} — for its holder: {MARK_EFFECTS[mark]}." in " ".join(table.split())

