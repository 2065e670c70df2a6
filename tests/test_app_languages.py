"""Issue 15: the app's screens speak the language chosen — ko, zh, fr — with no English word left.

A Pilot test per language walks a whole game from the set-up screen (base, Daybreak and Vampire roles:
the mark check, the night, the day, the vote, the reveal, help, the confirmations) and reads every
screen it passes through (``Watching``: the text after every key press and every idle cycle). Only
the players' names, digits, key names and commands in backticks may be Latin letters under ko and zh;
under fr, no word of the English catalog that French does not share.

The catalog checks: every message id the app's code asks for is in all four catalogs, every binding
is described in them (``key_<binding id>``), and the ids the app builds from data (team sides,
preset kinds, rulesets, sounds) are exactly the data's."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
import tomllib
from pathlib import Path

import pytest
from app_pilot import (NAMES, SIZE, answer_prompt, deal, flat, handled, night, quiet_settings, screen_name, screen_text,
                       settled_text, until)
from textual.binding import Binding

from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.rulesets import RULESETS
from onenight_tui import screens, widgets
from onenight_tui.ambience import SOUNDS
from onenight_tui.app import OneNightApp
from onenight_tui.settings import system_language
from onenight_tui.text.app_words import AppWords, binding_message
from onenight_tui.text.catalog import LANGUAGES, load

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "onenight_tui"

#: Prefixes of catalog ids the app builds from data (checked one by one below, not by their literal).
APP_BUILT = ("key_", "setup_side_", "setup_preset_", "setup_ruleset_", "narrator_sound_", "options_choice_")

#: Base (werewolf, seer, robber, troublemaker), Daybreak (mystic wolf, sentinel, witch) and Vampire
#: (the Count, Cupid: marks, so the mark check) for six players.
DECK = ("werewolf", "seer", "robber", "troublemaker", "mystic_wolf", "sentinel", "witch", "the_count", "cupid")
PLAYERS = NAMES[:6]


# -- the catalogs -------------------------------------------------------------------------------------------

def _app_modules():
    yield importlib.import_module("onenight_tui.app")
    yield importlib.import_module("onenight_tui.narrator_app")
    for package in (screens, widgets):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            yield importlib.import_module(info.name)


def binding_ids() -> set[str]:
    """Every binding id of the app's screens and widgets (their own ``BINDINGS``)."""
    ids = set()
    for module in _app_modules():
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__:
                for binding in value.__dict__.get("BINDINGS", ()):
                    if isinstance(binding, Binding):
                        assert binding.id, f"{value.__name__}: a binding without an id ({binding.key})"
                        ids.add(binding.id)
    return ids


def test_every_binding_is_described_in_every_catalog_and_no_description_is_left_over():
    ids = binding_ids()
    assert {"setup-start", "night-turn", "prompt-choose", "narrator.start", "quit"} <= ids
    wanted = {binding_message(i) for i in ids}
    for lang in LANGUAGES:
        described = {m for m in load(lang).messages if m.startswith("key_")}
        assert wanted - described == set(), f"{lang}.toml lacks {sorted(wanted - described)}"
        assert described - wanted == set(), f"{lang}.toml describes no binding: {sorted(described - wanted)}"


#: A call that asks the catalog for a message: say("id"…), words("id"…), w("id"…), app_words(self)("id"…).
CALL = re.compile(r"""(?:\bsay|\bwords|\bw|\btext|\bt|\))\(\s*["']([a-z][a-z0-9_]*)["']""")
def app_code() -> str:
    files = [SRC / "app.py", SRC / "narrator_app.py", *(SRC / "screens").rglob("*.py"), *(SRC / "widgets").glob("*.py"),
             *(SRC / "tables").rglob("*.py")]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_every_id_the_app_asks_for_is_in_every_catalog():
    from onenight_tui.app import INTERRUPTED_AT
    from onenight_tui.screens.one_night.mark_check import MarkCheckScreen

    asked = set(CALL.findall(app_code())) | set(INTERRUPTED_AT.values()) | {"app_stopped_game"}
    asked |= {MarkCheckScreen.TURN_HINT}
    assert {"setup_title", "deal_turn_hint", "night_banner", "narrator_ready", "app_stopped_deal"} <= asked
    for lang in LANGUAGES:
        missing = sorted(i for i in asked if i not in load(lang))
        assert missing == [], f"{lang}.toml lacks {missing}"


def test_the_ids_built_from_data_are_exactly_the_datas():
    cat = default_catalog()
    en = load("en").messages
    sides = {m.removeprefix("setup_side_") for m in en if m.startswith("setup_side_")}
    assert sides == {r.team for r in cat.roles if r.team != "special"} | {"own"}
    families = {m.removeprefix("setup_preset_") for m in en if m.startswith("setup_preset_")}
    assert families == {p.id.rpartition("-")[0].replace("-", "_") for p in PRESETS.values() if p.ruleset == "onuw"}
    assert {m.removeprefix("setup_ruleset_") for m in en if m.startswith("setup_ruleset_")} == set(RULESETS)
    assert {m.removeprefix("narrator_sound_") for m in en if m.startswith("narrator_sound_")} == set(SOUNDS)


@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "ko_KR.UTF-8"}, "ko"), ({"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US"}, "zh"),
    ({"LANG": "fr_FR"}, "fr"), ({"LC_MESSAGES": "fr_CA.UTF-8"}, "fr"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
])
def test_the_first_language_is_the_system_locale_when_it_is_one_of_the_four(environ, lang):
    assert system_language(environ) == lang


def test_a_first_start_speaks_the_locale_and_a_chosen_language_is_kept(tmp_path):
    from onenight_tui.settings import Settings, load_settings, store_settings

    path = tmp_path / "settings.toml"
    assert load_settings(path, lang="ko")[0].lang == "ko"  # no file yet
    store_settings(Settings(lang="fr"), path)
    assert load_settings(path, lang="ko")[0].lang == "fr"  # the table chose French
    store_settings(Settings(lang="en"), path)
    assert load_settings(path, lang="ko")[0].lang == "en"  # and English, once chosen, is kept too


def test_plurals_and_counters_follow_the_language():
    assert AppWords("en")("setup_count", count=1) == "1 player"
    assert AppWords("en")("setup_count", count=4) == "4 players"
    assert AppWords("fr")("setup_count", count=0) == "0 joueur"
    assert AppWords("fr")("setup_count", count=2) == "2 joueurs"
    assert AppWords("ko")("setup_count", count=4) == "플레이어 4명"
    assert AppWords("zh")("setup_count", count=4) == "4名玩家"


# -- the screens: a whole game in each language --------------------------------------------------------------

KEY_NAMES = {"enter", "esc", "escape", "space", "tab", "ctrl", "shift", "f1", "f2", "f3", "y", "n", "v", "e", "p",
             "q", "s", "r", "l", "b"}
NAME_WORDS = {w.lower() for w in PLAYERS}
ALLOWED = NAME_WORDS | KEY_NAMES | {"groob", "zerb"}  # seed 002 keeps the aliens' names


def _words(text: str) -> list[str]:
    text = re.sub(r"`[^`]*`", " ", text)  # a command to type (`onenight --resume`) is not prose
    text = text.replace("onenight --resume", " ")  # nor is it shown plainly (issue 21: no backticks)
    text = re.sub(r"[A-Za-zÀ-ÿŒœ'’-]+█", " ", text)  # a word a modal's edge cuts ("Cupid█" of "Cupidon")
    return re.findall(r"[A-Za-zÀ-ÿŒœ'’-]+", text)


def _vocabulary(lang: str) -> set[str]:
    """Every word of ``lang``'s catalog and role data (lower case)."""
    words: set[str] = set()
    for msg_id, entry in load(lang).messages.items():
        if msg_id == "simulate_default_names":
            continue  # names ("Jo"), not words: "Jo" behind a modal is the start of "Joueurs"
        for template in ([entry] if isinstance(entry, str) else entry.values()):
            words.update(w.lower() for w in _words(re.sub(r"\{[^}]*\}", " ", template)))  # not {role:the}
    for name in ("roles.toml", "rules.toml"):
        with open(ROOT / name, "rb") as fh:
            _collect(tomllib.load(fh), lang, words)
    return words


def _collect(value, lang: str, words: set[str]) -> None:
    if isinstance(value, dict):
        if isinstance(value.get(lang), str):
            words.update(w.lower() for w in _words(value[lang]))
        for v in value.values():
            _collect(v, lang, words)
    elif isinstance(value, list):
        for v in value:
            _collect(v, lang, words)


def foreign(text: str, lang: str, english: set[str], own: set[str]) -> list[str]:
    """The words of ``text`` that are not ``lang``'s."""
    out = []
    for word in _words(text):
        low = word.lower().strip("'’-")
        if not low or low in ALLOWED or any(n.startswith(low) for n in NAME_WORDS if len(low) >= 2):
            continue  # a name, or the part of a name a modal leaves visible behind it
        if lang in ("ko", "zh"):
            if len(low) >= 2:
                out.append(word)
        elif low in english and low not in own:
            out.append(word)
    return out


class Watching:
    """The pilot, reading the screen after every key press and idle cycle: every screen the game shows,
    however briefly, is read (by screen class)."""

    def __init__(self, pilot) -> None:
        self._pilot = pilot
        self.seen: dict[str, set[str]] = {}

    def __getattr__(self, name):
        return getattr(self._pilot, name)

    def look(self) -> None:
        app = self._pilot.app
        self.seen.setdefault(screen_name(app), set()).add(screen_text(app))

    async def press(self, *keys: str) -> None:
        await self._pilot.press(*keys)
        self.look()

    async def pause(self, *args) -> None:
        await self._pilot.pause(*args)
        self.look()


async def walk_a_game(pilot: Watching, vote_mode: str) -> None:
    """From the set-up to the reveal, opening the extra screens a table meets on the way."""
    app = pilot.app
    rng = random.Random(3)
    await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
    await until(pilot, lambda: app.screen.problem is None, "a valid set-up")
    await pilot.press("ctrl+o")  # the rules' options
    await until(pilot, lambda: screen_name(app) == "RulesOptionsScreen", "the options")
    await pilot.press("escape")
    await until(pilot, lambda: screen_name(app) == "SetupScreen", "back to the set-up")
    await pilot.press("f1")  # help with the deck chosen
    await until(pilot, lambda: screen_name(app) == "HelpScreen", "help")
    await pilot.press("escape")
    await until(pilot, lambda: screen_name(app) == "SetupScreen", "back to the set-up")
    await pilot.press("ctrl+s")
    await deal(pilot)
    await pilot.press("ctrl+q")  # mid-game, quitting asks first
    await until(pilot, lambda: screen_name(app) == "ConfirmQuitScreen", "the quit question")
    await pilot.press("n")
    await until(pilot, lambda: screen_name(app) == "NightScreen", "the night again")
    await night(pilot, rng, knock=True)
    await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
    await pilot.press("space")  # paused
    await pilot.press("space")
    await pilot.press("v")
    await until(pilot, lambda: screen_name(app) == "ConfirmScreen", "the vote question")
    await pilot.press("y")
    if vote_mode == "private":
        while app.state.phase == "vote":
            await until(pilot, lambda: screen_name(app) == "BallotScreen", "the ballot hand-over")
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "PromptScreen", "the private ballot")
            await answer_prompt(pilot, rng)
        await until(pilot, lambda: screen_name(app) == "TallyScreen", "the hand-over to the table")
        await pilot.press("enter")
    else:
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote screen")
        for _row in PLAYERS:
            await pilot.press("right", "down")
        await pilot.press("enter")
    await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
    await settled_text(pilot, lambda: screen_text(app))  # drawn whole
    pilot.look()  # the reveal, read once it is drawn whole


SCREENS = {"SetupScreen", "RulesOptionsScreen", "HelpScreen", "DealScreen", "CardScreen", "ConfirmQuitScreen",
           "NightScreen", "PromptScreen", "NoticeScreen", "MarkCheckScreen", "MarkScreen", "DayScreen",
           "ConfirmScreen", "EndScreen"}


@pytest.mark.parametrize("lang, vote_mode", [("ko", "public"), ("zh", "private"), ("fr", "public")])
async def test_a_whole_game_shows_no_english_word(lang, vote_mode):
    app = OneNightApp(quiet_settings(players=PLAYERS, deck=DECK, lang=lang, vote_mode=vote_mode), seed=5)
    english, own = _vocabulary("en"), _vocabulary(lang)
    async with app.run_test(size=SIZE) as real:
        pilot = Watching(real)
        await walk_a_game(pilot, vote_mode)
    expected = SCREENS | ({"BallotScreen", "TallyScreen"} if vote_mode == "private" else {"VoteScreen"})
    assert expected <= set(pilot.seen), expected - set(pilot.seen)
    wrong = {}
    for screen, texts in pilot.seen.items():
        for text in texts:
            found = foreign(text, lang, english, own)
            if found:
                wrong.setdefault(screen, set()).update(found)
    assert wrong == {}


def test_the_check_finds_english():
    """The walk's check can fail: an English line under ko, zh or fr is caught."""
    english, own = _vocabulary("en"), _vocabulary("fr")
    line = "│ Pass the laptop to │ ^s Start"
    assert foreign(line, "ko", english, set()) == ["Pass", "the", "laptop", "to", "Start"]
    assert foreign(line, "fr", english, own) == ["Pass", "the", "laptop", "to", "Start"]
    assert foreign("Passez l'ordinateur à Mina · Entrée", "fr", english, own) == []
    assert foreign("노트북을 건네받을 사람 Mina enter", "ko", english, set()) == []


async def test_the_language_menu_switches_the_set_up_and_is_remembered(tmp_path):
    config = tmp_path / "settings.toml"
    app = OneNightApp(quiet_settings(players=PLAYERS, deck=DECK), settings_file=config)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        assert "One Night — set-up" in flat(app)
        app.screen.query_one("#setup-lang").value = "ko"
        await until(pilot, lambda: "원나잇 — 게임 준비" in flat(app), "the Korean set-up")
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        assert app.lang == "ko" and app.screen.names == list(PLAYERS)  # the names typed are kept
        assert "끝내기" in screen_text(app).splitlines()[-1]  # the footer too (Ctrl+Q)
    from onenight_tui.settings import load_settings

    assert load_settings(config)[0].lang == "ko"


@pytest.mark.parametrize("lang", ("ko", "zh", "fr"))
async def test_every_preset_and_its_notes_show_whole_at_80x24(lang):
    """Wide characters (two cells each in ko and zh) and longer French words: each preset's name in its
    field, its description and the deck's notes, the start button and the footer all fit the set-up."""
    from textual.widgets import Input

    from onenight_tui.text.app_words import preset_name
    from onenight_tui.widgets.picker import Picker

    app = OneNightApp(quiet_settings(players=(), lang=lang))
    say = AppWords(lang)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        screen = app.screen
        for preset in sorted((p for p in PRESETS.values() if p.ruleset == "onuw"), key=lambda p: p.players):
            if len(screen.names) != preset.players:
                screen.query_one("#setup-players", Input).value = ", ".join(NAMES[:preset.players])
                await until(pilot, lambda n=preset.players: len(screen.names) == n, "the players")
                await handled(pilot, "the players' change")  # its effect on the deck is in before the preset
            screen.query_one("#setup-preset", Picker).value = preset.id
            await until(pilot, lambda p=preset: sorted(screen.deck) == sorted(p.roles), preset.id)
            label = preset_name(preset.id, say)
            await until(pilot, lambda label=label: any(f" {label} " in line and "▼" in line
                                                       for line in screen_text(app).splitlines()), "the preset shown")
            await settled_text(pilot, lambda: screen_text(app))  # its notes drawn too
            lines = screen_text(app).splitlines()
            assert any(f" {label} " in line and "▼" in line for line in lines), (preset.id, label)
            notes = screen.query_one("#setup-notes")
            text = str(notes.render()) if notes.display else ""
            packed = "".join(screen_text(app).split())
            assert "".join(text.split()) in packed, (preset.id, "the notes are cut", text)
            assert say("setup_start_button").replace(" ", "") in packed  # the form is not pushed off
            assert lines[-1].rstrip().endswith(say("key_help")), lines[-1]


@pytest.mark.parametrize("lang", ("ko", "zh", "fr"))
async def test_every_line_of_the_deck_list_fits_in_each_language(lang):
    """A role's name and its side (or "not yet") in two-cell characters still fit the deck list's width."""
    from rich.cells import cell_len

    app = OneNightApp(quiet_settings(players=PLAYERS, lang=lang))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        deck = app.screen.query_one("#setup-deck")
        width = deck.scrollable_content_region.width
        for index, role in enumerate(deck.roles):
            line = deck.get_option_at_index(index).prompt.plain.rstrip()
            assert cell_len(line) <= width, (role, line, width)


async def test_the_too_small_notice_speaks_the_language():
    app = OneNightApp(quiet_settings(players=PLAYERS, lang="zh"))
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: screen_name(app) == "TooSmallScreen", "the notice")
        assert "窗口大小为60×20" in flat(app) and "80×24" in flat(app)
        assert foreign(screen_text(app), "zh", set(), set()) == []
