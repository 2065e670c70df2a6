"""The ruleset's options on the set-up screen: Ctrl+O lists the chosen ruleset's options schema (name,
help, type, default), checks each value with the schema, and the kept options go into ``Setup.options``
and are remembered per ruleset in the settings file."""

from __future__ import annotations

from app_pilot import SIZE, flat, handled, quiet_settings, screen_name, screen_text, settled_text, until
from textual.widgets import Checkbox, Input, Select

from onenight_core.rulesets import ruleset_for
from onenight_tui.app import OneNightApp
from onenight_tui.screens.setup.rules_options import RulesOptionsScreen
from onenight_tui.text.rules_words import option_help
from onenight_tui.settings import Settings, from_mapping, load_settings, read_mapping

NAMES = ("Mina", "Oskar", "Pia", "Quentin")


async def open_options(pilot, app) -> RulesOptionsScreen:
    await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
    await pilot.press("ctrl+o")
    await until(pilot, lambda: screen_name(app) == "RulesOptionsScreen", "the options")
    await settled_text(pilot, lambda: screen_text(app))  # drawn whole
    return app.screen


async def test_options_kept_go_into_the_game_and_the_settings(tmp_path):
    config = tmp_path / "settings.toml"
    app = OneNightApp(quiet_settings(players=NAMES), settings_file=config)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, app)
        spec = ruleset_for("onuw").options.spec("traitor_must_survive")
        text = flat(app)
        assert "traitor_must_survive" in text and option_help(spec)[:30] in text and "default false" in text
        box = screen.query_one(Checkbox)
        assert box.value is False
        box.value = True
        await handled(pilot, "the box's change")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "back to the set-up")
        assert app.settings.options_for("onuw") == (("traitor_must_survive", True),)
        await until(pilot, lambda: app.screen.problem is None, "a valid set-up")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        assert app.state.setup.option("traitor_must_survive") is True
    remembered, notice = load_settings(config)
    assert notice is None and remembered.options_for("onuw") == (("traitor_must_survive", True),)


async def test_a_number_out_of_range_is_one_line_and_cannot_be_kept(tmp_path):
    settings = quiet_settings(players=NAMES, ruleset="classic")
    app = OneNightApp(settings, settings_file=tmp_path / "settings.toml")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_options(pilot, app)
        assert "sheriff.enabled" in flat(app)
        runoffs = screen.query_one(Input)
        runoffs.value = "12"
        await until(pilot, lambda: "vote.max_runoffs must be between 1 and 9, got 12" in flat(app), "the problem")
        await pilot.press("ctrl+s")
        await handled(pilot, "the key")
        assert screen_name(app) == "RulesOptionsScreen"  # not kept
        runoffs.value = "3"
        screen.query_one("#rules-options-value-1", Select).value = "night1"
        await until(pilot, lambda: "✗ option" not in flat(app), "no problem")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "back to the set-up")
        kept = dict(app.settings.options_for("classic"))
        assert kept["vote.max_runoffs"] == 3 and kept["sheriff.election"] == "night1"
        assert kept["sheriff.enabled"] is True  # the rest at their defaults
        # Escape keeps nothing
        await pilot.press("ctrl+o")
        await until(pilot, lambda: screen_name(app) == "RulesOptionsScreen", "the options again")
        await until(pilot, lambda: app.screen.query_one(Input).value == "3", "the remembered value")
        assert app.screen.query_one(Input).value == "3"  # remembered
        app.screen.query_one(Input).value = "5"
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "back to the set-up")
        assert dict(app.settings.options_for("classic"))["vote.max_runoffs"] == 3


def test_remembered_options_are_checked_one_by_one():
    settings = from_mapping({"rule_options": {
        "onuw": {"traitor_must_survive": "yes please", "no_such_option": 1},
        "classic": {"vote.max_runoffs": 4, "seer.reveals": "wolf_or_not"},
        "nonsense": {"x": 1}}})
    assert settings.options_for("onuw") == ()
    assert dict(settings.options_for("classic")) == {"vote.max_runoffs": 4, "seer.reveals": "wolf_or_not"}
    assert settings.options_for("nonsense") == () and Settings().options_for("onuw") == ()
    _settings, dropped = read_mapping({"rule_options": {"onuw": {"traitor_must_survive": 3}}})
    assert dropped == ("rule_options.onuw.traitor_must_survive",)
    assert read_mapping({"rule_options": "yes"})[1] == ("rule_options",)


def test_a_number_out_of_range_on_the_command_line_says_so():
    spec = ruleset_for("classic").options.spec("vote.max_runoffs")
    import pytest

    from onenight_core.errors import SetupError

    with pytest.raises(SetupError, match="between 1 and 9, got 12"):
        spec.parse("12")
    with pytest.raises(SetupError, match="whole number, got 'x'"):
        spec.parse("x")
    assert spec.parse(" 4 ") == 4
