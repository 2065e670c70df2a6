"""The Alien expansion in the app: whole games of the Alien presets from set-up to reveal, and the public
screens, which must read the same whatever the deal (the announced instructions come from the seed and
the roster only: with the draws pinned, different seeds deal different cards but announce the same).

Uses the Pilot helpers of ``app_pilot`` and the privacy checks of ``test_privacy``."""

from __future__ import annotations

import random

import pytest
from app_pilot import (NAMES, SIZE, deal, night, play_game, public_screens_by_seed, quiet_settings, screen_name,
                       screen_text, settled_text, until)

from onenight_core import Setup, pending
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.saves import replay
from onenight_tui.app import NewGame, OneNightApp


def alien_app(roles, players: int, seed: int, draws=None, **settings) -> OneNightApp:
    setup = Setup(NAMES[:players], tuple(roles), draws=draws or {})
    return OneNightApp(quiet_settings(**settings), start=NewGame(setup, seed))


@pytest.mark.slow
@pytest.mark.parametrize("preset,seed", [("alien-5", 3), ("alien-6", 8), ("body-snatcher-8", 2)])
async def test_an_alien_preset_plays_from_set_up_to_reveal(preset, seed):
    p = PRESETS[preset]
    app = alien_app(p.roles, p.players, seed, vote_mode="public")
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, random.Random(seed))
        g = app.state
        assert g.phase == "over" and pending(g) is None and g.outcome is not None
        assert replay(app.saved) == g  # the save (seed, answers) replays the same game, draws included
        assert any(name.startswith("alien.instruction") for name, _ in g.drawn)
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")


async def test_a_repeated_night_is_walked_twice_in_the_app():
    """The ripple repeat_night: the eyes-closed screen calls the steps once more after the ripple, and
    the players act again (the Seer's second look is a prompt of the second night)."""
    roles = ("alien", "seer", "robber", "villager", "hunter", "werewolf", "tanner", "drunk")
    app = alien_app(roles, 5, 4, {"alien": "stare", "ripple": "repeat_night"}, vote_mode="public")
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, random.Random(4))
        g = app.state
        assert g.phase == "over" and replay(app.saved) == g
        assert [s.id for s in g.script].count("seer") == 2
        assert sum(1 for e in g.events if e.step == "seer" and e.kind == "act") == 2


# the draws announced in this deck, pinned so that every seed announces the same (the Oracle asks to view
# center cards: her answer changes nothing the table hears)
PINNED = {"oracle": "view_center", "alien": "view_together", "body_snatcher": "steal_center",
          "ripple": "view_one", "ripple_actors": ["p2"], "ripple_id": "odd"}
DECK = ("oracle", "alien", "alien", "cow", "body_snatcher", "seer", "villager", "villager")


async def test_the_alien_public_screens_read_the_same_whatever_the_deal():
    seen = await public_screens_by_seed(lambda seed: alien_app(DECK, len(DECK) - 3, seed, PINNED), len(DECK) - 3, DECK)
    for key, texts in seen.items():
        assert len(texts) == 1, f"the {key} screen differs between deals"
    calls = " ".join(t for key, texts in seen.items() if key.startswith("night-") for t in texts)
    assert "Aliens, together choose one other player's card" in " ".join(calls.split())  # announced
    assert "Player 3, this is for you." in " ".join(calls.split())


async def test_the_private_prompts_of_the_new_roles_are_worded(monkeypatch):
    """An Oracle, an alien, a Cow tap and a ripple prompt in the app: the question, the task and the
    answers in words (never ids)."""
    roles = ("oracle", "alien", "cow", "seer", "villager", "werewolf", "tanner", "drunk")
    # seed 3 deals the Oracle, the Alien and the Cow side by side to players
    app = alien_app(roles, 5, 3, {"oracle": "team_werewolf", "alien": "view_each", "ripple": "robber",
                                  "ripple_actors": ["p3"], "ripple_id": "neighbours"})
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
    assert "Oracle: do you want to become a werewolf?" in joined and "Answer: yes" in joined
    assert "You may look at one other player's card, on your own." in joined
    assert "The Cow sits next to you and puts out its fist: tap it." in joined
    assert "Ripple! One player may rob a card, like the Robber." in joined
    assert "The app said: Each alien may look at one other player's card." in joined
    for text in texts:
        assert "team_werewolf" not in text and "view_each" not in text and "p3" not in text


async def test_the_oracle_parity_answer_is_read_after_her_step_whoever_holds_her():
    """A player's parity answer and a ghost's random one are both read with the next step's call (never
    at the Oracle's own call, which would tell the table that nobody holds her)."""
    from onenight_core.model.kinds import PublicKind
    texts = {}
    for label, deal_seed in (("player", 3), ("ghost", 0)):
        roles = ("oracle", "alien", "cow", "seer", "villager", "werewolf", "tanner", "drunk")
        app = alien_app(roles, 5, deal_seed, {"oracle": "parity", "alien": "stare", "ripple": "none"})
        async with app.run_test(size=SIZE) as pilot:
            await deal(pilot)
            seen: list[str] = []
            await night(pilot, random.Random(1), lambda index, text: seen.append(f"{index}:" + " ".join(text.split())))
            answer = [dict(e.params)["value"] for e in app.state.public
                      if e.kind == PublicKind.DRAW and e.id == "oracle_parity"]
            texts[label] = (seen, answer)
    for label, (seen, answer) in texts.items():
        said = f"The Oracle says their player number is {answer[0]}."
        assert not any(said in text for text in seen if text.startswith("0:")), label
        assert any(said in text for text in seen if text.startswith("1:")), label


async def test_f1_on_a_ripple_prompt_explains_the_ripple_and_the_players_own_role(monkeypatch):
    roles = ("oracle", "alien", "cow", "seer", "villager", "werewolf", "tanner", "drunk")
    # seed 3 deals the Cow to p3, who is the ripple's actor
    app = alien_app(roles, 5, 3, {"oracle": "parity", "alien": "stare", "ripple": "robber",
                                  "ripple_actors": ["p3"], "ripple_id": "neighbours"})
    helps: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        import app_pilot
        original = app_pilot.answer_prompt

        async def help_then_answer(pilot, rng):
            if "Ripple!" in screen_text(app):
                await pilot.press("f1")
                await until(pilot, lambda: app.screen.query_one("#prompt-role-help").display, "the explanation")
                helps.append(" ".join((await settled_text(pilot, lambda: screen_text(app))).split()))
                await pilot.press("f1")
            return await original(pilot, rng)

        monkeypatch.setattr(app_pilot, "answer_prompt", help_then_answer)
        await night(pilot, random.Random(2))
    assert helps and "A ripple: the app calls you once more at the end of the night." in helps[0]
    assert "Cow" in helps[0]  # the player's own role, not a "Ripple" role
