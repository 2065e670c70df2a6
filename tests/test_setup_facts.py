"""The set-up's facts kept between runs (setup_facts.py): the same as the engine says, read back only
when built from the very same files, and a set-up that starts from them imports no engine."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS, default_preset, presets_for
from onenight_core.rulesets import RULESETS
from onenight_core.rulesets.night_script import MARK_ROLES
from onenight_core.rulesets.onuw.roles import playable
from onenight_core.rulesets.onuw.ruleset import BASE_CENTER
from onenight_tui import setup_facts
from onenight_tui.setup_facts import SetupFacts, build, cached_facts, source_stamp


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_facts_say_what_the_engine_and_the_catalog_say(lang):
    facts = build(lang)
    catalog = default_catalog()
    onuw = {info.id for info in catalog.in_ruleset("onuw")}
    assert [r for r, *_ in facts.rows] and {r for r, *_ in facts.rows} == onuw
    assert facts.playable == {r for r in onuw if playable(r)}
    assert [ok for *_, ok in facts.rows] == sorted((ok for *_, ok in facts.rows), reverse=True)  # playable first
    assert all(name == catalog.get(r).name(lang) for r, name, _, _ in facts.rows)
    assert facts.order == tuple(info.id for info in catalog.roles)
    assert [(p.id, p.players, p.roles, p.ruleset) for p in facts.presets] == \
        [(p.id, p.players, tuple(p.roles), p.ruleset) for p in PRESETS.values()]
    assert [p.id for p in facts.presets_for(5)] == [p.id for p in presets_for(5, "onuw")]
    assert facts.default_preset(6).id == default_preset(6).id and facts.default_preset(2) is None
    assert [(r.id, r.label, r.most_players, r.not_playable) for r in facts.rulesets] == \
        [(r.id, r.label, r.most_players, r.not_playable) for r in RULESETS.values()]
    assert facts.mark_roles == MARK_ROLES
    assert facts.center(["werewolf", "seer"]) == BASE_CENTER
    assert facts.center(["alpha_wolf", "werewolf"]) == BASE_CENTER + 1  # the center werewolf card


def test_the_facts_in_another_language_are_worded_in_it():
    en, ko = build("en"), build("ko")
    assert en.name("seer") != ko.name("seer")
    assert en.preset("vampire-5").description != ko.preset("vampire-5").description != ""


@pytest.fixture
def builds(monkeypatch):
    """How many times the facts were built from the engine (each build is counted, then done)."""
    count = [0]
    real = setup_facts.build

    def counting(lang, catalog=None):
        count[0] += 1
        return real(lang, catalog)

    monkeypatch.setattr(setup_facts, "build", counting)
    return count


def _sources(tmp_path):
    folder = tmp_path / "pkg"
    folder.mkdir()
    (folder / "roles.py").write_text("x = 1\n")
    data = tmp_path / "roles.toml"
    data.write_text("a = 1\n")
    return folder, data


def test_the_second_start_reads_the_facts_back_instead_of_building_them(tmp_path, builds):
    folder, data = _sources(tmp_path)
    file = tmp_path / "cache" / "setup-en.pickle"
    first = cached_facts("en", file, [folder], [data])
    assert builds[0] == 1 and file.is_file()
    second = cached_facts("en", file, [folder], [data])
    assert builds[0] == 1  # read back
    assert second == first and second is not first
    cached_facts("ko", tmp_path / "cache" / "setup-ko.pickle", [folder], [data])
    assert builds[0] == 2  # another language, other words


@pytest.mark.parametrize("change", ["edit source", "new source", "edit data file", "damage cache"])
def test_a_changed_file_or_a_damaged_cache_builds_the_facts_again(tmp_path, builds, change):
    folder, data = _sources(tmp_path)
    file = tmp_path / "setup-en.pickle"
    cached_facts("en", file, [folder], [data])
    if change == "edit source":
        (folder / "roles.py").write_text("x = 22\n")  # another size
    elif change == "new source":
        (folder / "more.toml").write_text("")
    elif change == "edit data file":
        os.utime(data, ns=(1, 1))  # same size, another time
    else:
        file.write_bytes(file.read_bytes()[:-20])
    again = cached_facts("en", file, [folder], [data])
    assert builds[0] == 2
    assert isinstance(again, SetupFacts) and again == build("en")


def test_the_stamp_ignores_bytecode_and_reads_no_file(tmp_path):
    folder, data = _sources(tmp_path)
    before = source_stamp([folder], [data, tmp_path / "missing.toml"])
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "roles.cpython-311.pyc").write_bytes(b"\0")
    (folder / "notes.txt").write_text("not a source")
    assert source_stamp([folder], [data, tmp_path / "missing.toml"]) == before
    (folder / "roles.py").write_text("y = 1\n")  # same size, so the modification time tells
    os.utime(folder / "roles.py", ns=(5, 5))
    assert source_stamp([folder], [data]) != before


START = r"""
import asyncio, json, sys
from onenight_tui.app import OneNightApp

filled = []


async def ready(pilot):
    # a wait on the condition with a deadline (app_pilot.until, not imported: it would import the engine)
    end = asyncio.get_running_loop().time() + 60
    while not getattr(pilot.app.screen, "filled", False) and asyncio.get_running_loop().time() < end:
        await pilot.pause()
    if getattr(pilot.app.screen, "filled", False):
        filled.append(True)
    pilot.app.exit()

app = OneNightApp()
app.run(headless=True, size=(80, 24), auto_pilot=ready)
engine = sorted(m for m in sys.modules if m.startswith(("onenight_core.rulesets", "onenight_core.model", "attr")))
print(json.dumps({"filled": bool(filled), "engine": engine}))
"""


def _start(cache_home) -> dict:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache_home))
    done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_a_start_with_the_facts_kept_fills_the_set_up_without_importing_the_engine(tmp_path):
    first = _start(tmp_path)  # an empty cache: the facts are built from the engine (the check can fail)
    assert first["filled"] and "onenight_core.rulesets" in first["engine"]
    second = _start(tmp_path)
    assert second["filled"] and second["engine"] == []


def test_a_set_up_with_a_catalog_of_its_own_builds_its_facts_from_it(monkeypatch):
    catalog = default_catalog()
    calls = []
    monkeypatch.setattr(setup_facts, "build", lambda lang, given=None: calls.append(given) or build(lang, given))
    facts = setup_facts.setup_facts("en", catalog)
    assert calls == [catalog] and Counter(facts.playable) == Counter(build("en").playable)


async def test_a_remembered_form_gets_the_engines_verdict_right_after_the_filled_screen(monkeypatch):
    """The fill's first check leaves the engine's part for after the frame; the refusal then shows."""
    from onenight_tui.app import OneNightApp
    from onenight_tui.screens.setup.setup import SetupScreen

    from app_pilot import SIZE, quiet_settings, until

    statuses = []
    fill = SetupScreen._fill

    async def watched(self):
        await fill(self)
        statuses.append((self.problem, self.query_one("#setup-start-button").disabled))

    monkeypatch.setattr(SetupScreen, "_fill", watched)
    # The screen's own checks pass (3 players, 7 cards with the Alpha Wolf's); the engine's does not.
    deck = ("alpha_wolf",) + ("villager",) * 6
    app = OneNightApp(quiet_settings(players=("Ann", "Bo", "Cy"), deck=deck))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: statuses, "the fill")
        assert statuses == [(None, False)]  # drawn first, the engine not asked yet
        await until(pilot, lambda: app.screen.problem is not None, "the engine's verdict")
        assert "Alpha Wolf needs an extra werewolf card" in app.screen.problem
        assert app.screen.query_one("#setup-start-button").disabled


def test_a_message_catalog_is_read_back_until_its_file_changes(tmp_path, monkeypatch):
    """text/catalog.py keeps each packaged catalog parsed, keyed by the file's size and time."""
    from onenight_tui.text import catalog as text_catalog

    source = tmp_path / "en.toml"
    source.write_text('[meta]\nlang = "en"\nplural = "one_other"\n[t]\nhello = "Hello {name}"\n')
    parses = []
    real = text_catalog._parse
    monkeypatch.setattr(text_catalog, "_parse", lambda path: parses.append(path) or real(path))
    file = tmp_path / "cache" / "messages.pickle"
    first = text_catalog.read_catalog(source, file)
    second = text_catalog.read_catalog(source, file)
    assert len(parses) == 1 and second == first and first.template("hello") == "Hello {name}"
    source.write_text('[meta]\nlang = "en"\nplural = "one_other"\n[t]\nhello = "Hi {name}"\n')
    assert text_catalog.read_catalog(source, file).template("hello") == "Hi {name}"
    assert len(parses) == 2
    file.write_bytes(b"not a cache")
    assert text_catalog.read_catalog(source, file).template("hello") == "Hi {name}" and len(parses) == 3


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_ruleset_s_own_deck_list_is_in_the_facts_so_the_set_up_reads_no_ruleset(lang):
    # The set-up screen used to import classic's deck module (and, for Dalbula, the engine) when a ruleset
    # with its own deck list was chosen; the facts now carry every ruleset's deck list.
    from onenight_core.rulesets.classic.catalog import classic_catalog
    from onenight_core.rulesets.classic.deck import default_classic_deck

    facts = build(lang)
    catalog = default_catalog()
    for ruleset in RULESETS.values():
        deck = facts.ruleset(ruleset.id).deck
        if ruleset.own_cards:  # classic: its own cards, each playable, and its default deck for every count
            assert deck is not None and [r for r, *_ in deck.rows] == list(classic_catalog().ids())
            assert all(ok for *_, ok in deck.rows) and deck.order == classic_catalog().ids()
            assert deck.default(9) == default_classic_deck(9) == ruleset.default_deck(9)
            assert deck.default(1) == default_classic_deck(3)  # a form still being filled in gets a deck too
            assert deck.default(ruleset.most_players + 5) == default_classic_deck(ruleset.most_players)
        elif ruleset.id == "onuw":  # One Night's deck list is the facts' own rows
            assert deck is None
        else:  # Dalbula: its own roles of roles.toml, the playable ones first, no default deck of its own
            assert deck is not None and not deck.defaults
            assert {r for r, *_ in deck.rows} == {info.id for info in ruleset.roles(catalog)}
            assert {r for r, _, _, ok in deck.rows if ok} == {r for r, *_ in deck.rows if ruleset.is_playable(r)}
            assert [ok for *_, ok in deck.rows] == sorted((ok for *_, ok in deck.rows), reverse=True)


def test_the_set_up_screen_imports_no_ruleset_s_deck_module():
    from pathlib import Path

    source = (Path(__file__).parents[1] / "src/onenight_tui/screens/setup/setup.py").read_text(encoding="utf-8")
    assert "classic_deck" not in source and "rulesets.classic" not in source and "deck_side(" not in source
