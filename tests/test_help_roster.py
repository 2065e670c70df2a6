"""What F1 explains is data, not a flag (issue 24): the help screen renders the rows of the ``HelpRoster`` a
screen gives it — the cards and the game family whose words explain them — the same way for every family.
A classic roster lists classic.toml's cards (a classic seer is not One Night's), an onuw roster One Night's
roles from roles.toml; the one narrator screen and the set-up build theirs from the ruleset they read."""

from __future__ import annotations

import re
from pathlib import Path

from onenight_core.catalog.loader import default_catalog
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_tui.text.classic_words import ClassicWords
from onenight_tui.families import NIGHTS_AND_DAYS, ONE_NIGHT
from onenight_tui.help_roster import HelpRoster, help_roster, screen_topic
from onenight_tui.text.words import Wording

SRC = Path(__file__).resolve().parents[1] / "src" / "onenight_tui"
DECK = ("werewolf", "werewolf", "seer", "witch", "villager", "villager")
ONUW = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")


def test_no_classic_flag_or_help_classic_is_left_in_the_app():
    """The help took ``classic=`` and read the screens' ``help_classic``; the narrator had a classic subclass."""
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "help_classic" not in text, path
        assert not re.search(r"\bclassic=", text), path
    help_screen = (SRC / "screens" / "common" / "help.py").read_text(encoding="utf-8")
    assert "classic" not in help_screen.lower()  # no family is named where the help is drawn
    assert not (SRC / "screens" / "narrator" / "classic.py").exists()


def test_a_classic_roster_lists_classic_cards_in_their_words():
    cards = help_roster(DECK, "classic").cards("fr", default_catalog())
    words, catalog = ClassicWords((), "fr"), classic_catalog()
    assert [c.role for c in cards] == sorted(set(DECK), key=catalog.ids().index)  # classic.toml's order
    assert {c.role: c.count for c in cards} == {"werewolf": 2, "seer": 1, "witch": 1, "villager": 2}
    seer = next(c for c in cards if c.role == "seer")
    assert seer.name == words.card("seer") and seer.text == words.role_text("seer")
    assert seer.team == words.side(catalog.role("seer").side)
    assert seer.text != default_catalog().get("seer").ability("fr")  # not One Night's seer


def test_an_onuw_roster_lists_one_night_roles_from_roles_toml():
    catalog = default_catalog()
    cards = help_roster(ONUW, "onuw").cards("en", catalog)
    words = Wording((), catalog, "en")
    assert [c.role for c in cards] == sorted(set(ONUW), key=lambda r: catalog.get(r).number)
    seer = next(c for c in cards if c.role == "seer")
    assert (seer.name, seer.team, seer.text) == (words.role("seer"), words.team("seer"),
                                                 catalog.get("seer").ability("en"))
    assert seer.text != ClassicWords((), "en").role_text("seer")
    assert help_roster(ONUW, "dalbula").family == ONE_NIGHT  # the family, never the ruleset's id, decides
    assert help_roster((), "classic").cards("en", catalog) == ()


class _Table:
    family = NIGHTS_AND_DAYS

    def help_roles(self) -> tuple[str, ...]:
        return ()


class _Names:
    def help_roles(self) -> tuple[str, ...]:
        return ONUW


class _Topic:
    def help_topic(self) -> HelpRoster:
        return HelpRoster(DECK, NIGHTS_AND_DAYS)


def test_the_app_asks_the_screen_for_its_topic_else_the_table_s_family_explains():
    assert screen_topic(_Topic(), None) == HelpRoster(DECK, NIGHTS_AND_DAYS)
    assert screen_topic(_Names(), None) == HelpRoster(ONUW, ONE_NIGHT)  # no game yet: the default ruleset's
    assert screen_topic(object(), _Table()) == HelpRoster((), NIGHTS_AND_DAYS)  # a classic screen: no roster


def test_the_one_narrator_screen_takes_what_differs_from_its_ruleset():
    from test_narrator_app import RecordingSpeaker

    from onenight_tui.screens.narrator.narrator import NarratorScreen

    classic = NarratorScreen(DECK, "en", ruleset="classic", speaker=RecordingSpeaker(), sound="none", tick_cue=False)
    assert classic.help_topic() == HelpRoster(DECK, NIGHTS_AND_DAYS)
    assert classic.phase == "ready" and classic.narration is not None and classic.narration.goes_on
    assert classic.check_action("setup", ()) is False  # the set-up chooses roles.toml's cards
    onuw = NarratorScreen(ONUW, "en", speaker=RecordingSpeaker(), sound="none", tick_cue=False)
    assert onuw.help_topic() == HelpRoster(ONUW, ONE_NIGHT)
    assert onuw.check_action("setup", ()) is True


async def test_f1_before_dalbula_players_bring_their_cards_explains_every_role_of_the_ruleset():
    """The brought-cards hand-over names its own topic (every Dalbula role, One Night's words): no game and no
    table driver exists yet to say whose words they are."""
    from app_pilot import flat, screen_name, until
    from test_collection_app import dalbula_app

    from onenight_tui.text.app_words import AppWords
    from onenight_tui.widgets.brought_cards import collection_roles

    app = dalbula_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "BringCardScreen", "the hand-over")
        assert app.table is None
        roles = collection_roles(app.catalog, "dalbula")
        assert app.screen.help_topic() == HelpRoster(roles, ONE_NIGHT)
        await pilot.press("f1")
        await until(pilot, lambda: screen_name(app) == "HelpScreen", "the help")
        assert AppWords("ko")("help_title_collections")[:10] in flat(app)
        assert len(app.screen.query(".help-role-name")) == len(set(roles))


async def test_f1_on_the_setup_at_80x24_shows_roles_below_the_notes_for_each_family(monkeypatch):
    """At 80x24 the set-up's notes (the bot seats, what the win rates under the deck mean) and the keys took
    every row of the help: the role list was left zero rows high, for onuw and classic alike. The notes and
    keys now get at most their share of the box (they scroll past it): the roles keep rows, the first on
    screen."""
    from app_pilot import NAMES, SIZE, quiet_settings, screen_name, screen_text, until
    from onenight_tui.app import OneNightApp
    from onenight_tui.widgets import advisor
    from onenight_tui.widgets.picker import Picker

    monkeypatch.setattr(advisor, "ENABLED", True)  # shown under the deck: F1 explains its figures
    monkeypatch.setattr(advisor, "SETTLE", 3600.0)  # (its bot games never start here)

    app = OneNightApp(quiet_settings(players=NAMES[:5], deck=ONUW + ("minion", "drunk")), lang="en", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        for ruleset in ("onuw", "classic"):
            await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
            setup = app.screen
            setup.query_one("#setup-ruleset", Picker).value = ruleset
            await until(pilot, lambda: setup.rules is not None and setup.rules.id == ruleset
                        and bool(setup.help_roles()), f"the {ruleset} deck")
            await until(pilot, lambda: any(w.display for w in setup.query("#setup-advisor")), "the advisor")
            await pilot.press("f1")
            await until(pilot, lambda: screen_name(app) == "HelpScreen" and app.screen.query(".help-role-name")
                        and app.screen.query_one("#help-note").region.height > 0, "the help with its notes")
            assert "Win rates (under the deck)" in str(app.screen.query_one("#help-note").visual)
            roles = app.screen.query_one("#help-roles")
            first = app.screen.query(".help-role-name").first()
            assert roles.region.height > 0, ruleset
            assert first.region.height > 0 and roles.region.contains_region(first.region), ruleset
            name = str(first.visual).split("  ")[0]
            assert name in screen_text(app), (ruleset, name)
            await pilot.press("escape")
