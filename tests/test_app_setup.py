"""The set-up screen, the remembered settings, and starting the game from the command line."""

from __future__ import annotations

import argparse
import sys

import pytest

from onenight_core.errors import OneNightError
from onenight_core.model.values import Setup
from onenight_core.play.saves import SavedGame, write_save
from onenight_tui import cli
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.commands.play import start_from_args
from onenight_tui.settings import (Settings, load_settings, save_path, settings_path,
                                   store_settings)

from app_pilot import SIZE, flat, quiet_settings, screen_name, screen_text, until

BASE4 = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "villager")


async def test_setting_up_a_game_with_live_validation(tmp_path):
    config = tmp_path / "settings.toml"
    app = OneNightApp(quiet_settings(), settings_file=config)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up")
        screen = app.screen
        assert "Enter at least 3 player names" in flat(app)
        assert "^s Start" not in screen_text(app).splitlines()[-1]  # not in the footer
        await pilot.press("ctrl+s")
        assert screen_name(app) == "SetupScreen"

        await pilot.press(*"Mina, Oskar, Pia, Quentin")
        await until(pilot, lambda: screen.problem is None, "a valid set-up")
        # Four players and no deck yet: the four-player preset fills it (werewolf ×2, seer, robber,
        # troublemaker, drunk, villager = 4 + 3 cards).
        assert sorted(screen.deck) == sorted(BASE4)
        assert "Ready: 4 players, 7 cards" in flat(app)
        assert "^s Start" in screen_text(app).splitlines()[-1]

        # One card too many: the engine's own check explains it.
        deck = screen.query_one("#setup-deck")
        deck.focus()
        deck.highlighted = deck.roles.index("mason")
        await pilot.press("right")
        await until(pilot, lambda: screen.problem is not None, "the problem")
        assert "4 players need 7 cards" in flat(app)
        assert "^s Start" not in screen_text(app).splitlines()[-1]
        await pilot.press("left")
        await until(pilot, lambda: screen.problem is None, "a valid set-up again")

        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        assert app.state.setup == Setup(("Mina", "Oskar", "Pia", "Quentin"), app.state.setup.deck)
        assert sorted(app.state.setup.deck) == sorted(BASE4)
    remembered, notice = load_settings(config)
    assert notice is None
    assert remembered.players == ("Mina", "Oskar", "Pia", "Quentin")
    assert sorted(remembered.deck) == sorted(BASE4)

    app = OneNightApp(remembered, settings_file=config)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up")
        assert "Mina, Oskar, Pia, Quentin" in flat(app)
        assert app.screen.problem is None


async def test_unplayable_roles_are_shown_but_cannot_be_chosen():
    app = OneNightApp(quiet_settings(players=("A1", "B2", "C3")))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up")
        await until(pilot, lambda: app.screen.filled, "the deck")
        from onenight_core.rulesets.onuw.roles import playable

        deck = app.screen.query_one("#setup-deck")
        assert set(deck.roles) == {r.id for r in app.catalog.in_ruleset("onuw")}
        unplayable = [r for r in deck.roles if not playable(r)]
        for index, role in enumerate(deck.roles):
            assert deck.get_option_at_index(index).disabled == (not playable(role))
        if unplayable:  # since issue 12 every onuw role is playable: nothing is disabled
            deck.change(unplayable[0], +1)
            assert unplayable[0] not in deck.counts


async def test_a_corrupt_settings_file_gives_a_notice_and_defaults(tmp_path):
    config = tmp_path / "settings.toml"
    config.write_text("players = [unclosed\n")
    settings, notice = load_settings(config)
    assert settings == Settings() and "Could not read the settings" in notice
    app = OneNightApp(settings, settings_file=config, notice=notice)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await until(pilot, lambda: "Could not read the settings" in flat(app), "the notice")


def test_settings_round_trip_and_bad_values_are_dropped_one_by_one(tmp_path):
    path = tmp_path / "s.toml"
    chosen = Settings(players=("Mina", "Oskar", "Pia"), deck=("werewolf", "seer"), day_seconds=240,
                      action_seconds=8, vote_mode="private", speech=False, theme="textual-light")
    assert store_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)
    bad = 'players = ["A", "A"]\nday_seconds = -5\nvote_mode = "shout"\ntheme = "textual-light"\n'
    path.write_text(bad)
    settings, notice = load_settings(path)
    assert settings == Settings(theme="textual-light")
    assert str(path) in notice and "players, day_seconds, vote_mode" in notice
    assert path.read_text() == bad and (tmp_path / "s.toml.bad").read_text() == bad  # nothing lost


def test_config_and_state_dirs_come_from_platformdirs(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "s"))
    assert settings_path() == platformdirs.user_config_path("onenight", appauthor=False) / "settings.toml"
    assert save_path() == platformdirs.user_state_path("onenight", appauthor=False) / "game.json"
    if sys.platform.startswith("linux"):
        assert settings_path() == tmp_path / "c" / "onenight" / "settings.toml"
        assert save_path() == tmp_path / "s" / "onenight" / "game.json"


def args(*argv: str) -> argparse.Namespace:
    return cli.build_parser().parse_args(list(argv))


def test_flags_start_a_game_directly():
    start = start_from_args(args("--seed", "9", "--players", "Mina,Oskar,Pia", "--roles",
                                 "werewolf*2,seer,robber,troublemaker,villager"))
    assert start == NewGame(Setup(("Mina", "Oskar", "Pia"), ("werewolf", "werewolf", "seer", "robber",
                                                             "troublemaker", "villager")), 9)
    preset = start_from_args(args("--players", "A,B,C,D"))
    assert sorted(preset.setup.deck) == sorted(BASE4)
    assert start_from_args(args()) is None


@pytest.mark.parametrize("argv,message", [
    (["--roles", "werewolf"], "--roles needs --players"),
    (["--players", "A,B", "--roles", "werewolf*2,seer,robber,villager"], "at least 3 players"),
    (["--players", "A,B,C", "--roles", "werewolf*2,seer,nosuchrole"], "unknown role"),
    (["--players", "A,B,C", "--roles", "werewolf*2,seer"], "need 6 cards"),
    (["--resume"], "no saved game"),
    (["--resume", "--players", "A,B,C"], "takes no --players"),
])
def test_bad_flags_get_one_line_and_status_2(argv, message, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("onenight: ")


def test_a_corrupt_save_gets_one_line_and_status_2(capsys):
    path = save_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "setup": ')
    assert cli.main(["--resume"]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and err.count("\n") == 1


def test_a_save_that_does_not_replay_gets_one_line_and_status_2(capsys):
    from onenight_core.model.values import Action

    write_save(save_path(), SavedGame(Setup(("A", "B", "C"), ("werewolf", "werewolf", "seer", "robber",
                                                              "troublemaker", "villager")), 1,
                                      (Action("vote", ("p9",)),)))
    assert cli.main(["--resume"]) == 2
    assert "does not replay" in capsys.readouterr().err


def test_one_night_errors_are_value_errors():
    assert issubclass(OneNightError, ValueError)
