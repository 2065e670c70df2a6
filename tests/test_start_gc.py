"""The garbage collector is held while the set-up starts (start_gc.py; docs/tui.md, "Start-up time") and
always given back: once the set-up is complete, or when the command ends without it."""

from __future__ import annotations

import gc

import pytest

from app_pilot import SIZE, handled, quiet_settings, screen_name, until
from onenight_tui import start_gc
from onenight_tui.app import OneNightApp


@pytest.fixture(autouse=True)
def collector_back():
    yield
    start_gc.release()
    gc.enable()


def test_hold_stops_the_collector_and_release_gives_it_back_once():
    start_gc.hold()
    assert not gc.isenabled()
    start_gc.release()
    assert gc.isenabled()
    gc.disable()  # someone else's choice: left as it is
    start_gc.hold()
    start_gc.release()
    assert not gc.isenabled()


async def test_the_complete_set_up_gives_the_collector_back():
    start_gc.hold()
    app = OneNightApp(quiet_settings(players=("Ana", "Ben", "Cleo")))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await handled(pilot, "the set-up's last callbacks")
        await until(pilot, gc.isenabled, "the collector back")


def test_a_command_that_stops_before_the_set_up_gives_it_back(monkeypatch, capsys):
    from onenight_tui.cli import main

    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    assert main([]) == 2  # no terminal: one line, and the set-up never opened
    assert gc.isenabled()
