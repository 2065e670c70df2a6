"""Snapshots of each kind of screen at 80×24 (and a few at 100×30 and in the light theme).

Deterministic: fixed terminal sizes, an explicit theme, the clocks of the night and the day frozen, no
cursor blink, fixed seeds. Regenerate with ``pytest tests/test_app_snapshots.py --snapshot-update``
after an intended change, and look at the pictures (snapshot_report.html) before committing."""

from __future__ import annotations

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.saves import SavedGame
from onenight_tui.app import NewGame, OneNightApp

from app_pilot import NAMES, quiet_settings

DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")
SETUP = Setup(NAMES[:5], DECK)


class FrozenTime:
    """Stands in for the ``time`` module of the timed screens: the clock never moves."""

    @staticmethod
    def monotonic() -> float:
        return 1000.0


@pytest.fixture(autouse=True)
def _deterministic(monkeypatch):
    """Clocks frozen (the user dirs and colour variables are isolated by conftest for every test)."""
    import onenight_tui.app as app
    import onenight_tui.widgets.countdown as countdown

    monkeypatch.setattr(app, "time", FrozenTime)  # the app's clock (the night, the day, the key guard)
    monkeypatch.setattr(countdown, "time", FrozenTime)


def seat_of(role: str, seed: int) -> int | None:
    g = new_game(SETUP, seed)
    return g.dealt.index(role) if role in g.dealt else None


def saved_until(stop, seed: int = 7, meta=None, setup: Setup = SETUP) -> SavedGame:
    """A save of the game answered with first legal answers until ``stop(prompt)`` holds."""
    g = new_game(setup, seed)
    saved = SavedGame(setup, seed)
    while (p := pending(g)) is not None and not stop(p):
        g = apply(g, p.options[0])
        saved = saved.with_answer(p.options[0])
    return saved.with_meta(**(meta or {}))


def app_for(start=None, **settings) -> OneNightApp:
    return OneNightApp(quiet_settings(**settings), start=start)


def no_blink(pilot):
    for widget in pilot.app.screen.query("Input"):
        widget.cursor_blink = False


def test_setup_screen(snap_compare):
    app = app_for(players=("Mina", "Oskar", "Pia", "Quentin", "Rhea"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=no_blink)


def test_setup_screen_light_and_large(snap_compare):
    app = app_for(players=("Mina", "Oskar", "Pia"), theme="textual-light")
    assert snap_compare(app, terminal_size=(110, 32), run_before=no_blink)


def test_hand_over_screen(snap_compare):
    assert snap_compare(app_for(NewGame(SETUP, 7)), terminal_size=(80, 24))


def test_private_card_screen(snap_compare):
    assert snap_compare(app_for(NewGame(SETUP, 7)), terminal_size=(80, 24), press=["enter"])


def test_eyes_closed_screen(snap_compare):
    saved = saved_until(lambda p: True, meta={"stage": "night", "step": 2})
    assert snap_compare(app_for(saved), terminal_size=(80, 24))


def test_eyes_closed_screen_light(snap_compare):
    saved = saved_until(lambda p: True, meta={"stage": "night", "step": 0})
    assert snap_compare(app_for(saved, theme="textual-light"), terminal_size=(80, 24))


SEER_SEED = next(s for s in range(100) if seat_of("seer", s) is not None)


def _seer_save():
    index = [s.id for s in new_game(SETUP, SEER_SEED).script].index("seer")
    return saved_until(lambda p: p.step == "seer", SEER_SEED, meta={"stage": "night", "step": index})


def test_private_prompt_with_the_table(snap_compare):
    assert snap_compare(app_for(_seer_save()), terminal_size=(80, 24), press=["enter", "down"])


def test_private_prompt_large_terminal(snap_compare):
    assert snap_compare(app_for(_seer_save()), terminal_size=(110, 32), press=["enter", "end"])


def test_private_prompt_result(snap_compare):
    assert snap_compare(app_for(_seer_save()), terminal_size=(80, 24), press=["enter", "end", "enter"])


def test_day_screen(snap_compare):
    saved = saved_until(lambda p: p.kind == "vote", meta={"stage": "day", "day_left": 300.0})
    assert snap_compare(app_for(saved), terminal_size=(80, 24))


def test_vote_screen(snap_compare):
    saved = saved_until(lambda p: p.kind == "vote", meta={"stage": "vote"})
    assert snap_compare(app_for(saved), terminal_size=(80, 24), press=["right", "down", "left"])


def test_reveal_screen(snap_compare):
    saved = saved_until(lambda p: False, meta={"stage": "over"})
    assert snap_compare(app_for(saved), terminal_size=(80, 24))


def test_reveal_screen_light_and_large(snap_compare):
    saved = saved_until(lambda p: False, meta={"stage": "over"})
    assert snap_compare(app_for(saved, theme="textual-light"), terminal_size=(110, 40))


def test_ballot_hand_over_screen(snap_compare):
    saved = saved_until(lambda p: p.kind == "vote", meta={"stage": "vote"})
    assert snap_compare(app_for(saved, vote_mode="private"), terminal_size=(80, 24))


def test_help_screen(snap_compare):
    assert snap_compare(app_for(NewGame(SETUP, 7)), terminal_size=(80, 24), press=["f1"])


VAMPIRE_SETUP = Setup(NAMES[:5], PRESETS["vampire-5"].roles)


def _mark_check_save(seats_done: int = 0) -> SavedGame:
    g = new_game(VAMPIRE_SETUP, 3)
    index = [s.id for s in g.script].index("mark_check")
    return saved_until(lambda p: p.step == "mark_check" and p.seat == seats_done, 3,
                       meta={"stage": "marks", "step": index}, setup=VAMPIRE_SETUP)


def test_setup_screen_explains_marks(snap_compare):
    app = app_for(players=NAMES[:5], deck=PRESETS["vampire-5"].roles)
    assert snap_compare(app, terminal_size=(80, 24), run_before=no_blink)


def test_mark_check_hand_over_screen(snap_compare):
    assert snap_compare(app_for(_mark_check_save(1)), terminal_size=(80, 24))


def test_private_mark_screen(snap_compare):
    assert snap_compare(app_for(_mark_check_save(0)), terminal_size=(80, 24), press=["enter"])


def test_reveal_screen_with_marks(snap_compare):
    saved = saved_until(lambda p: False, 3, meta={"stage": "over"}, setup=VAMPIRE_SETUP)
    assert snap_compare(app_for(saved), terminal_size=(100, 40))
