"""The app around the game: saving and resuming, quitting, resizing, help, the footer, the table
picture. Driven with keys and clicks; checked on the engine state and on what the screen shows."""

from __future__ import annotations

import os
import random

import pytest

from onenight_core import Action, Setup, apply, new_game, pending
from onenight_core.play.saves import SavedGame, read_save, replay

from app_pilot import (NAMES, RecordingSpeaker, SIZE, answer_prompt, deal, fast_forward_until, flat, handled,
                       make_app, night, public_vote, quiet_settings, run_headless_pressing_enter, screen_name,
                       screen_text, settled_text, until)
from onenight_tui.app import NewGame, OneNightApp

BASE5 = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")


async def test_an_interrupted_game_resumes_where_it_stopped(tmp_path):
    save = tmp_path / "game.json"
    setup = Setup(NAMES[:5], BASE5)
    app = OneNightApp(quiet_settings(), start=NewGame(setup, 12), save_file=save)
    rng = random.Random(12)
    async with app.run_test(size=SIZE) as pilot:
        # Two players see their cards, then the program ends.
        for _ in range(2):
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
    saved = read_save(save)
    assert saved.get("stage") == "deal" and saved.get("deal") == 2 and saved.answers == ()

    app = OneNightApp(quiet_settings(), start=saved, save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        assert app.screen.seat == 2
        assert NAMES[2] in flat(app) and NAMES[0] not in flat(app)
        # The rest of the deal, then part of the night: stop after the first answer.
        for _ in range(3):
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        while not app.saved.answers:
            night_screen = app.screen
            if night_screen._waiting():
                await pilot.press("enter")
                await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
                p = pending(app.state)
                await pilot.press("enter")  # the first answer is highlighted: Enter chooses it (issue 23)
                await until(pilot, lambda: len(app.saved.answers) == 1, "the first answer")
                assert app.saved.answers[0] == p.options[0]
            else:
                index = night_screen.index
                night_screen.fast_forward()
                await until(pilot, lambda: app.screen is not night_screen or night_screen.index != index
                            or night_screen._waiting(), "the next step")
        stopped_at = app.state
        step = app.screen.index if screen_name(app) == "NightScreen" else None
    saved = read_save(save)
    assert replay(saved) == stopped_at
    assert saved.get("stage") == "night"

    app = OneNightApp(quiet_settings(), start=saved, save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        # Resuming never opens a private screen: the eyes-closed screen of the step, then play on.
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        if step is not None:
            assert app.screen.index == step
        await night(pilot, rng)
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        await pilot.press("v", "y")  # vote now, after a yes
        await public_vote(pilot, rng)
        assert app.state.phase == "over"
        await until(pilot, lambda: not save.exists(), "the save deleted at the reveal")  # nothing to spoil


async def test_a_finished_game_resumes_at_the_reveal_and_plays_again(tmp_path):
    setup = Setup(NAMES[:3], ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"))
    g = new_game(setup, 4)
    saved = SavedGame(setup, 4)
    while (p := pending(g)) is not None:
        g = apply(g, p.options[-1])
        saved = saved.with_answer(p.options[-1])
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="over"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        assert app.state == g
        assert app.focused is app.screen.query_one("#end-scroll")  # the arrows read the whole story
        await pilot.press("n")  # same players and deck, a new deal
        await until(pilot, lambda: screen_name(app) == "DealScreen", "a new deal")
        assert app.state.setup == setup and app.saved.answers == () and app.state.phase == "night"
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="over"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        await pilot.press("s")  # change players or deck
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up")
        assert app.state is None


async def test_quitting_mid_game_asks_first():
    app = make_app(BASE5, 5, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q", "escape", "x")  # stray keys do nothing
        assert screen_name(app) == "DealScreen" and app.is_running
        await pilot.press("ctrl+q")
        await until(pilot, lambda: screen_name(app) == "ConfirmQuitScreen", "the question")
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the game again")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: screen_name(app) == "ConfirmQuitScreen", "the question")
        await pilot.press("y")
        await until(pilot, lambda: not app.is_running, "the app to end")


async def test_a_resize_hides_the_card_and_a_small_terminal_is_covered():
    app = make_app(BASE5, 5, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        assert app.screen.seat == 0  # the same player opens the card again
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: screen_name(app) == "TooSmallScreen", "the too-small notice")
        await until(pilot, lambda: "80×24" in flat(app), "the notice painted")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")


async def test_a_resize_hides_the_private_prompt():
    app = make_app(BASE5, 5, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await fast_forward_until(pilot, lambda: app.screen._waiting(), "a step someone acts in")
        index, before = app.screen.index, app.state
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
        await pilot.resize_terminal(90, 26)
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
        assert app.screen.index == index and app.state is before  # nothing was answered
        await pilot.press("enter")  # the actor opens it again and answers
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
        await answer_prompt(pilot, random.Random(0))
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")


async def test_help_explains_the_roles_in_play_but_not_over_a_private_screen():
    app = make_app(BASE5, 5, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await until(pilot, lambda: screen_name(app) == "HelpScreen", "help")
        text = " ".join(str(w.visual) for w in app.screen.query(".help-role-name"))
        for name in ("Werewolf", "Seer", "Robber", "Troublemaker", "Drunk", "Insomniac", "Villager"):
            assert name in text
        assert "Mason" not in text
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
        await pilot.press("f1")
        await handled(pilot, "the key")
        assert screen_name(app) == "CardScreen"


async def test_the_footer_offers_counting_only_when_every_vote_is_in():
    setup = Setup(NAMES[:3], ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"))
    g = new_game(setup, 2)
    saved = SavedGame(setup, 2)
    while (p := pending(g)) is not None and p.kind != "vote":
        g = apply(g, p.options[0])
        saved = saved.with_answer(p.options[0])
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="vote"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        assert "Count the votes" not in screen_text(app)
        await pilot.press("enter")  # does nothing yet
        assert app.state.phase == "vote"
        for _ in range(3):
            await pilot.press("right", "down")
        await until(pilot, lambda: "Count the votes" in screen_text(app), "the count key")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        # Each player pointed at the first player they could: seat 0 → p1, the others → p0.
        assert app.state.votes == ((1,), (0,), (0,))


async def test_choosing_two_center_cards_on_the_table_picture():
    """The Seer clicks C1 and C3 on the ring: the answer is ``look c0 c2`` and the ring then shows
    what the two cards are."""
    deck = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")
    setup = Setup(NAMES[:3], deck)
    seed = next(s for s in range(200) if new_game(setup, s).dealt[0] == "seer")
    g = new_game(setup, seed)
    saved = SavedGame(setup, seed)
    while (p := pending(g)).step != "seer":
        g = apply(g, p.options[0])
        saved = saved.with_answer(p.options[0])
    index = [s.id for s in g.script].index("seer")
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="night", step=index))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NightScreen" and app.screen.index == index, "the step")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
        ring = app.screen.query_one("#prompt-ring")
        await settled_text(pilot, lambda: screen_text(app))  # the ring drawn where the clicks go
        for pos in ("c0", "c2"):
            x, y, _, _ = ring._boxes[pos]
            await pilot.click("#prompt-ring", offset=(x + 2, y + 1))  # +1: the ring's border
        await until(pilot, lambda: ring.picked == {"c0", "c2"}, "both picks")
        assert ring.picked == {"c0", "c2"}
        await pilot.press("enter")
        await until(pilot, lambda: len(app.saved.answers) == len(saved.answers) + 1, "the answer")
        assert app.saved.answers[-1] == Action("look", ("c0", "c2"))
        center = [c.role for c in app.state.cards[3:]]
        catalog = app.catalog
        await until(pilot, lambda: f"Center card 3 is the {catalog[center[2]].name()}" in flat(app), "what she saw")
        text = screen_text(app)
        assert f"Center card 1 is the {catalog[center[0]].name()}" in " ".join(text.split())
        assert f"Center card 3 is the {catalog[center[2]].name()}" in " ".join(text.split())
        await pilot.press("enter", "enter")  # the first Enter highlights "done", the second chooses it
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")


async def test_the_night_is_called_aloud_the_same_whoever_is_in_play():
    """Every step of the script is called, ghost steps too, in the same words for any deal."""
    heard = []
    for seed in (1, 2):
        speaker = RecordingSpeaker()
        deck = ("werewolf", "werewolf", "seer", "robber", "drunk", "insomniac")
        app = OneNightApp(quiet_settings(speech=True), start=NewGame(Setup(NAMES[:3], deck), seed),
                          speaker=speaker)
        async with app.run_test(size=SIZE) as pilot:
            await deal(pilot)
            await night(pilot, random.Random(seed))
            await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        heard.append(speaker.lines)
        text = " ".join(speaker.lines)
        calls = ["Night falls", "Werewolves, wake up", "Werewolves, close your eyes", "Seer, wake up",
                 "Seer, close your eyes", "Robber, wake up", "Drunk, wake up",
                 "Insomniac, wake up", "Insomniac, close your eyes", "Everyone, wake up!"]
        positions = [text.find(call) for call in calls]
        assert -1 not in positions and positions == sorted(positions), positions
    assert heard[0] == heard[1]


@pytest.mark.app  # runs the app headless
def test_a_crash_prints_one_line_and_keeps_the_cards_off_the_terminal(tmp_path, capsys, monkeypatch):
    import onenight_tui.screens.common.deal as deal_screen

    def broken(self):  # a message that names the cards, as engine messages do
        raise RuntimeError(f"an internal bug: {' '.join(self.app.state.setup.deck)}")

    monkeypatch.setattr(deal_screen.DealScreen, "action_open", broken)
    save = tmp_path / "game.json"
    app = OneNightApp(quiet_settings(), start=NewGame(Setup(NAMES[:5], BASE5), 3), save_file=save)
    run_headless_pressing_enter(app)
    err = capsys.readouterr().err
    assert app.return_code == 1
    assert "internal error (RuntimeError)" in err and "onenight --resume" in err
    for secret in ("werewolf", "Werewolf", "seer", "Seer", "dealt", "GameState"):
        assert secret not in err
    report = tmp_path / "crash.txt"
    text = report.read_text()
    assert "RuntimeError" in text and "in broken" in text  # where it broke, for a bug report
    assert " ".join(BASE5) not in text  # the message is left out: engine messages name cards
    for name, role in zip(NAMES, BASE5):
        assert name not in text and role not in text
    if os.name == "posix":
        assert report.stat().st_mode & 0o777 == 0o600
    assert read_save(save).setup == Setup(NAMES[:5], BASE5)


async def test_a_vote_interrupted_halfway_asks_only_the_players_still_to_vote():
    setup = Setup(NAMES[:3], ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"))
    g = new_game(setup, 2)
    saved = SavedGame(setup, 2)
    while (p := pending(g)) is not None and not (p.kind == "vote" and p.seat == 1):
        g = apply(g, p.options[0])
        saved = saved.with_answer(p.options[0])
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="vote"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        assert sorted(row.seat for row in app.screen.query("VoteRow")) == [1, 2]
        await pilot.press("right", "down", "right", "enter")
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        # Seat 0 had voted for p1 before the interruption; seats 1 and 2 point at their first choice.
        assert app.state.votes == ((1,), (0,), (0,))
