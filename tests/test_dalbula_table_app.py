"""Issue 23 at the table (Pilot, 80×24): Ctrl+Q during the private card picks asks and keeps the picks;
help before the picks tells nothing of the collections."""

from __future__ import annotations

from app_pilot import NAMES, SIZE, handled, quiet_settings, screen_name, until
from onenight_core.play.collection import STARTER_SET
from onenight_tui.app import OneNightApp


async def test_ctrl_q_during_the_card_picks_asks_and_the_picks_resume(tmp_path):
    from onenight_core.play.saves import read_save

    save = tmp_path / "game.save"
    app = OneNightApp(quiet_settings(ruleset="dalbula", players=NAMES[:3]), lang="ko", seed=3, save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "BringCardScreen", "the first hand-over")
        # F1 explains every Dalbula role, never the ones the players own (a collection is private)
        every = tuple(i.id for i in app.catalog.in_ruleset("dalbula"))
        assert app.screen.help_topic().deck == every and len(every) > len(STARTER_SET)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "BringCardPickScreen", "the pick")
        await pilot.press("down", "enter")
        await until(pilot, lambda: screen_name(app) == "BringCardScreen" and app.screen.seat == 1, "the next")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "BringCardPickScreen", "Oskar's pick")
        await pilot.press("ctrl+q")  # on a private pick: the table is asked, nothing is lost
        await until(pilot, lambda: screen_name(app) == "ConfirmQuitScreen", "the question")
        await pilot.press("y")
        await until(pilot, lambda: not app.is_running, "the app quits")
    saved = read_save(save)
    assert saved.get("stage") == "bring" and len(saved.setup.deck) == 1
    again = OneNightApp(quiet_settings(ruleset="dalbula"), start=saved, save_file=save)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(again) == "BringCardScreen" and again.screen.seat == 1,
                    "the second player's hand-over again")
        assert again.lang == "ko" and again.screen.brought == list(saved.setup.deck)


async def test_a_double_press_at_the_card_pick_hand_over_brings_nothing():
    """Played at 80×24: Enter twice at the hand-over opened the pick and brought its first card unseen."""
    from app_pilot import FakeClock

    app = OneNightApp(quiet_settings(ruleset="dalbula", players=NAMES[:3]), lang="ko", seed=3)
    app.KEY_GUARD_SECONDS = 0.4
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "BringCardScreen", "the first hand-over")
        clock.advance(1)
        await pilot.press("enter", "enter")
        await until(pilot, lambda: screen_name(app) == "BringCardPickScreen", "the pick")
        await handled(pilot, "the second Enter")
        assert screen_name(app) == "BringCardPickScreen"  # the second Enter brought nothing
        clock.advance(1)
        await pilot.press("down", "enter")
        await until(pilot, lambda: screen_name(app) == "BringCardScreen" and app.screen.seat == 1, "the next")
        assert app.screen.brought == ["seer"]


async def test_a_double_press_at_the_deal_hand_over_leaves_the_card_up():
    """Played at 80×24: Enter twice at the deal's hand-over showed the card and hid it at once, and the
    laptop moved on to the next player before the first had seen it."""
    from app_pilot import FakeClock
    from onenight_core import Setup
    from onenight_tui.app import NewGame

    deck = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager", "insomniac")
    app = OneNightApp(quiet_settings(), start=NewGame(Setup(NAMES[:5], deck), 5), lang="ko")
    app.KEY_GUARD_SECONDS = 0.4
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        clock.advance(1)
        await pilot.press("enter", "enter")
        await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
        await handled(pilot, "the second Enter")
        assert screen_name(app) == "CardScreen"  # still up: Mina has seen it only once she hides it
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.seat == 1, "the next player")


async def test_a_double_press_at_the_mark_check_leaves_the_mark_up():
    """Played at 80×24 (a Dalbula night): Enter twice at the mark check's hand-over showed the mark and
    hid it at once."""
    from app_pilot import FakeClock
    from test_app_night import _to_mark_check

    saved, _index = _to_mark_check(target=1)
    app = OneNightApp(quiet_settings(), start=saved)
    app.KEY_GUARD_SECONDS = 0.4
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen", "the mark check")
        clock.advance(1)
        answers = len(app.saved.answers)
        await pilot.press("enter", "enter")
        await until(pilot, lambda: screen_name(app) == "MarkScreen", "the mark")
        await handled(pilot, "the second Enter")
        assert screen_name(app) == "MarkScreen" and len(app.saved.answers) == answers
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen" and app.screen.seat == 1, "the next")
