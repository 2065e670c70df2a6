"""Issue 15, the last English words: every refusal a player can meet — a settings file the app cannot use,
the line after a crash, a classic deck, a save, a scenario file, a voice or a disk that refuses, a bad
flag — is said in the player's language (ko, zh, fr), and no player-visible engine error is raised with
English text only.

"No English word" is told by tests/test_cli_languages.py's checker (``english_words``): in Korean and
Chinese only ids a player types (and quoted values) may be in Latin letters; in French no English word of
the catalogs may appear. What the player wrote (a path, a player's name, a settings key, a value quoted
back) is taken out of the line before it is checked."""

from __future__ import annotations

import ast
import errno
import json
import os
import re
import sys
from pathlib import Path

import pytest
from app_pilot import NAMES, flat, notices, quiet_settings, record_notices, run_headless_pressing_enter, until
from test_cli_languages import english_words

from onenight_core import errors as core_errors
from onenight_core.engine.narration import NarrationError
from onenight_core.file_io import UnreadableFile, os_reason, parse_json, parse_toml
from onenight_core.model.values import Setup
from onenight_core.play.saves import SavedGame, encode, read_save
from onenight_core.model.scenario import UnknownKey
from onenight_core.play.scenario.play import CaseError, CaseSkipped
from onenight_core.rulesets.draws import DrawPinError
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.cli import error_text, main
from onenight_tui.collection_store import CollectionStore
from onenight_tui.crash_report import crash_line
from onenight_tui.settings import (Notice, Settings, load_settings, reason_notice, said_notice, save_path,
                                   store_settings)
from onenight_tui.text.app_words import AppWords
from onenight_tui.text.catalog import LANGUAGES, load
from source_tree import walked

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "src" / "onenight_core"
FOREIGN = ("ko", "zh", "fr")
TECHNICAL = ("UTF-8", "RuntimeError")  # names of things, the same in every language
BASE5 = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager")


def foreign_words(line: str, lang: str, *written: str) -> list[str]:
    """The English words of ``line`` once what the player wrote (paths, names, keys) is taken out."""
    for text in sorted((*written, *TECHNICAL), key=len, reverse=True):
        line = line.replace(text, " ")
    line = re.sub(r"[^\s:：(（]*/[^\s:：)）]*", " ", line)  # a file's path (its name included)
    return english_words(line, lang)


@pytest.fixture(autouse=True)
def _notices(monkeypatch):
    record_notices(monkeypatch, OneNightApp)


def notifications(app: OneNightApp) -> list[str]:
    """The texts of the notices the app has shown (its toasts)."""
    return notices(app)


def cli(capsys, *argv: str) -> str:
    """The one line ``onenight`` prints for a mistake (exit status 2)."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("onenight: ") and "Traceback" not in err, err
    return err


def test_the_checker_finds_english_in_these_lines():
    """The checks below can fail: the English lines they replace are full of what they look for."""
    for lang in FOREIGN:
        assert foreign_words("the saved game is cut short", lang)
        assert foreign_words("a classic deck needs at least one werewolf", lang)
        assert foreign_words("Could not read the settings in /x (permission denied); using the defaults.",
                             lang, "/x")


# -- 5. no player-visible engine error is raised with English text only --------------------------------------

# The engine's errors a player can meet: a one-line refusal on the command line or a notice in the app.
PLAYER_VISIBLE = {"OneNightError", "SetupError", "SaveError", "ScenarioError", "NarrationError", "UnknownKey"}
# Errors a player cannot meet as a line of their own, and why:
NOT_SHOWN = {
    "CatalogError": "the shipped data files are malformed: a developer's mistake, caught by the tests",
    "IllegalAction": "the app offers only legal answers; a save's refused answer becomes SaveError "
                     "save_answer_refused (naming no answer); replay's report stays English",
    "CaseError": "a case's result in replay's report (English by decision, a developer tool)",
    "CaseSkipped": "a case's result in replay's report",
    "DrawPinError": "a scenario's pinned draw that cannot be drawn: a case's result in replay's report",
}


def _all_subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _all_subclasses(sub)
    return found


def test_every_engine_error_class_is_either_shown_with_an_id_or_said_why_not():
    """A new error class must be sorted here: shown (then its raises need an id) or not, with a reason."""
    import onenight_core.play.scenario  # noqa: F401 — every module that defines an error class
    import onenight_core.rulesets  # noqa: F401

    assert {NarrationError, UnknownKey, CaseError, CaseSkipped, DrawPinError} <= _all_subclasses(
        core_errors.OneNightError)
    names = {c.__name__ for c in _all_subclasses(core_errors.OneNightError)} | {"OneNightError"}
    assert names == PLAYER_VISIBLE | set(NOT_SHOWN)


def raises_without_id(source: str, where: str = "<source>") -> list[str]:
    """Every ``PlayerVisibleError(...)`` made in ``source`` without ``said=``: where it is."""
    missing = []
    for node in walked(source):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in PLAYER_VISIBLE and not any(k.arg == "said" for k in node.keywords):
            missing.append(f"{where}:{node.lineno}")
    return missing


def test_the_scan_finds_an_error_raised_with_plain_text():
    assert raises_without_id('raise SetupError(f"bad {x}")\nraise errors.SaveError("cut")') == [
        "<source>:1", "<source>:2"]
    assert raises_without_id('raise SetupError("bad", said=say("error_deck_empty"))') == []
    assert raises_without_id('raise CatalogError("roles.toml: bad")') == []  # not shown to a player


def test_no_player_visible_engine_error_is_raised_with_english_text_only():
    missing = []
    for path in sorted(CORE.rglob("*.py")):
        missing += raises_without_id(path.read_text(encoding="utf-8"), str(path.relative_to(CORE)))
    assert missing == []


def test_every_message_id_an_error_names_is_in_every_catalog():
    """The ids of file reasons (``reason_id="…"``) and of errors made from a table: in all four catalogs."""
    ids = set()
    for path in CORE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        ids |= set(re.findall(r'reason_id="([a-z_]+)"', text))
        ids |= set(re.findall(r'"(error_pause_[a-z]+)"', text))
    ids |= {"file_reason_system", "file_reason_other", "speech_no_voice", "speech_voice_failed"}
    assert len(ids) > 12
    for lang in LANGUAGES:
        assert sorted(i for i in ids if i not in load(lang)) == [], lang


# -- 1. the settings file's notices --------------------------------------------------------------------------

SETTINGS_FILES = {
    "not-toml": b"players = [unclosed\n",
    "not-utf8": b"players = [\"\xff\"]\n",
    "too-deep": b"x = " + b"[" * 40 + b"]" * 40 + b"\n",
    "bad-values": b'players = ["A", "A"]\nday_seconds = -5\nvote_mode = "shout"\n',
    "a-folder": None,
}


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("kind", SETTINGS_FILES)
def test_a_settings_notice_is_in_the_language(tmp_path, kind, lang):
    path = tmp_path / "settings.toml"
    if SETTINGS_FILES[kind] is None:
        path.mkdir()
    else:
        path.write_bytes(SETTINGS_FILES[kind])
    _settings, notice = load_settings(path)
    assert isinstance(notice, Notice) and str(path) in notice  # the English text stays the notice's own
    line = said_notice(notice, AppWords(lang))
    assert str(path) in line and line != str(notice)
    assert foreign_words(line, lang, str(path), "players, day_seconds, vote_mode") == []


@pytest.mark.parametrize("lang", FOREIGN)
async def test_the_app_shows_the_settings_notice_in_its_language(tmp_path, lang):
    config = tmp_path / "settings.toml"
    config.write_text("players = [unclosed\n")
    settings, notice = load_settings(config)
    app = OneNightApp(settings.replace(lang=lang), settings_file=config, notice=notice, lang=lang)
    expected = said_notice(notice, AppWords(lang))
    async with app.run_test(size=(200, 50), notifications=True) as pilot:
        await until(pilot, lambda: expected in notifications(app), "the notice in the language")
        assert not any("Could not read" in text for text in notifications(app))


# -- file permissions: saving the settings, a collection, the game ------------------------------------------

def refusing(code: int):
    def write_atomic(path, data):
        raise OSError(code, os.strerror(code), str(path))
    return write_atomic


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("code", [errno.EACCES, errno.ENOSPC, errno.EROFS, errno.EIO])
def test_a_refusing_disk_is_said_in_the_language(tmp_path, monkeypatch, code, lang):
    import onenight_core.file_io as file_io
    import onenight_tui.collection_store as collection_store

    monkeypatch.setattr(file_io, "write_atomic", refusing(code))
    monkeypatch.setattr(collection_store, "write_atomic", refusing(code))
    words = AppWords(lang)
    settings_problem = store_settings(Settings(), tmp_path / "settings.toml")
    assert isinstance(settings_problem, Notice) and os.strerror(code) in settings_problem
    store = CollectionStore(tmp_path / "collections")
    collection, _ = store.load("Ann")
    collection_problem = store.store(collection)
    assert isinstance(collection_problem, Notice)
    game = words("app_save_failed", reason=said_notice(reason_notice(OSError(code, os.strerror(code))), words))
    for line in (said_notice(settings_problem, words), said_notice(collection_problem, words), game):
        assert os.strerror(code) not in line
        assert foreign_words(line, lang, str(tmp_path), "Ann", errno.errorcode[code]) == []


def test_an_operating_system_refusal_names_the_common_causes():
    assert os_reason(OSError(errno.EACCES, "Permission denied")).reason_id == "file_reason_permission"
    assert os_reason(OSError(errno.ENOSPC, "No space left")).reason_id == "file_reason_no_space"
    assert os_reason(OSError(errno.EIO, "I/O error")).params == {"code": "EIO"}


@pytest.mark.parametrize("lang", FOREIGN)
async def test_a_save_the_disk_refuses_is_said_in_the_app_language(tmp_path, monkeypatch, lang):
    import onenight_core.play.saves as saves

    monkeypatch.setattr(saves, "write_atomic", refusing(errno.EACCES))
    app = OneNightApp(quiet_settings(lang=lang), start=NewGame(Setup(NAMES[:5], BASE5), 3),
                      save_file=tmp_path / "game.json", lang=lang)
    expected = AppWords(lang)("app_save_failed", reason=AppWords(lang)("file_reason_permission"))
    async with app.run_test(size=(200, 50), notifications=True) as pilot:
        await until(pilot, lambda: expected in notifications(app), "the refusal in the language")
        assert not any("Permission denied" in text for text in notifications(app))


# -- 2. the line after a crash ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", FOREIGN)
def test_the_crash_line_is_in_the_language(tmp_path, lang):
    report = tmp_path / "crash.txt"
    line = crash_line(AppWords(lang), "RuntimeError", resumable=True, report=report)
    assert "RuntimeError" in line and "onenight --resume" in line and str(report) in line
    assert foreign_words(line, lang, str(report), "RuntimeError") == []
    english = crash_line(AppWords("en"), "RuntimeError", resumable=True, report=report)
    assert "internal error (RuntimeError)" in english and "onenight --resume" in english


@pytest.mark.app  # runs the app headless
@pytest.mark.parametrize("lang", ["ko", "fr"])
def test_a_crash_prints_its_line_in_the_app_language(tmp_path, capsys, monkeypatch, lang):
    import onenight_tui.screens.common.deal as deal_screen

    def broken(self):
        raise RuntimeError("an internal bug")

    monkeypatch.setattr(deal_screen.DealScreen, "action_open", broken)
    app = OneNightApp(quiet_settings(lang=lang), start=NewGame(Setup(NAMES[:5], BASE5), 3),
                      save_file=tmp_path / "game.json", lang=lang)
    run_headless_pressing_enter(app)
    err = capsys.readouterr().err
    assert app.return_code == 1
    assert AppWords(lang)("crash_stopped", error="RuntimeError") in err and "onenight --resume" in err
    line = next(text for text in err.splitlines() if "RuntimeError" in text)
    assert foreign_words(line, lang, str(tmp_path / "crash.txt"), "RuntimeError") == []
    assert "Exception messages" in (tmp_path / "crash.txt").read_text()  # the report stays English


# -- 3. classic deck and set-up errors --------------------------------------------------------------------

CLASSIC_MISTAKES = {
    "unknown-role": ("--ruleset", "classic", "--players", "Ann,Bo,Cy", "--roles", "bogus"),
    "card-count": ("simulate", "--ruleset", "classic", "--players", "4", "--roles", "werewolf,seer"),
    "thief-count": ("simulate", "--ruleset", "classic", "--players", "4", "--roles", "werewolf,thief,seer"),
    "no-werewolf": ("simulate", "--ruleset", "classic", "--players", "3", "--roles", "seer,witch,villager"),
    "unique": ("simulate", "--ruleset", "classic", "--players", "3", "--roles", "werewolf,seer,seer"),
    "empty-name": ("simulate", "--ruleset", "classic", "--players", "3", "--roles", "werewolf,,seer"),
    "bad-count": ("simulate", "--ruleset", "classic", "--players", "3", "--roles", "werewolf*x,seer"),
    "count-range": ("simulate", "--ruleset", "classic", "--players", "3", "--roles", "werewolf*0,seer"),
    "narrate-unknown": ("narrate", "--ruleset", "classic", "--roles", "werewolf,bogus", "--print"),
    "narrate-no-werewolf": ("narrate", "--ruleset", "classic", "--roles", "seer,witch", "--print"),
    "bad-option": ("simulate", "--ruleset", "classic", "--players", "5", "--option", "frob=1"),
    "unknown-bot": ("simulate", "--players", "5", "--bot", "clever"),
    "alpha-wolf": ("--players", "Ann,Bo,Cy", "--roles", "alpha_wolf,seer,robber,villager,villager,villager,tanner"),
    "games": ("simulate", "--players", "5", "--games", "0"),
}


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("mistake", CLASSIC_MISTAKES)
def test_a_classic_or_set_up_mistake_is_one_line_in_the_language(capsys, mistake, lang):
    english = cli(capsys, *CLASSIC_MISTAKES[mistake])
    line = cli(capsys, "--lang", lang, *CLASSIC_MISTAKES[mistake])
    assert line != english
    assert foreign_words(line, lang) == [], line


# -- 4. save files (--resume) and scenario files (replay) ------------------------------------------------

def _saves() -> dict[str, bytes]:
    good = encode(SavedGame(Setup(NAMES[:5], BASE5), 3)).encode()
    plain = {"format": 1, "setup": {"players": list(NAMES[:5]), "deck": list(BASE5)}, "seed": 3, "answers": []}
    return {
        "broken": b"onenight-save 2\n!!!! not base64 !!!!",
        "foreign": b"GIF89a, a picture",
        "other-version": b"onenight-save 9\nAAAA",
        "too-deep": b"[" * 50 + b"]" * 50,
        "nan": json.dumps({**plain, "seed": 1}).replace('"seed": 1', '"seed": NaN').encode(),
        "cut-short": good[: len(good) // 2],
        "not-utf8": b"\xff\xfe{}",
        "bad-setup": json.dumps({**plain, "setup": {"players": ["A", "B"], "deck": ["seer"] * 5}}).encode(),
        "bad-answer": json.dumps({**plain, "answers": [["look", ["p9"], None]]}).encode(),
        "no-setup": json.dumps({"format": 1, "seed": 3}).encode(),
    }


SAVES = _saves()


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("kind", SAVES)
def test_a_bad_save_is_one_line_in_the_language(capsys, kind, lang):
    path = save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(SAVES[kind])
    english = cli(capsys, "--resume")
    line = cli(capsys, "--lang", lang, "--resume")
    assert line != english
    assert foreign_words(line, lang, *NAMES) == [], line


@pytest.mark.parametrize("lang", FOREIGN)
def test_no_save_to_resume_is_said_in_the_language(capsys, lang):
    line = cli(capsys, "--lang", lang, "--resume")
    assert foreign_words(line, lang, str(save_path())) == [], line


def test_a_bad_save_keeps_its_english_text_for_logs(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(SAVES["cut-short"])
    with pytest.raises(core_errors.SaveError) as caught:
        read_save(path)
    assert "the saved game is" in str(caught.value) and caught.value.said is not None
    assert error_text(caught.value, "en") == str(caught.value)


SCENARIOS = {
    "bad-toml": "[[case]\nid = 1",
    "no-cases": 'title = "x"',
    "empty": "",
    "few-players": '[[case]]\nid = "x"\ndawn = ["werewolf", "seer"]',
    "kebab": '[[case]]\nid = "NotKebab"\ndawn = ["werewolf", "seer", "villager"]',
    "twice": '[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\n'
             '[[case]]\nid = "x"\ndawn = ["seer", "seer", "seer"]',
    "votes": '[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\nvotes = [1, 0]',
    "needs-votes": '[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\n[case.expect]\ndead = [0]',
    "seat": '[[case]]\nid = "x"\ndeal = ["werewolf", "seer", "villager"]\ncenter = ["a", "b", "c"]\n'
            '[[case.step]]\nseat = 7\nrole = "seer"\ndo = [ { pass = true } ]',
    "one-verb": '[[case]]\nid = "x"\ndeal = ["werewolf", "seer", "villager"]\ncenter = ["a", "b", "c"]\n'
                '[[case.step]]\nseat = 1\nrole = "seer"\ndo = [ { look = ["p0"], pass = true } ]',
    "verb": '[[case]]\nid = "x"\ndeal = ["werewolf", "seer", "villager"]\ncenter = ["a", "b", "c"]\n'
            '[[case.step]]\nseat = 1\nrole = "seer"\ndo = [ { look = false } ]',
    "expect": '[[case]]\nid = "x"\ndawn = ["werewolf", "seer", "villager"]\n[case.expect]\nseen = [1]',
    "classic-step": '[[case]]\nruleset = "classic"\nid = "c"\ndeal = ["werewolf", "seer"]\n'
                    '[[case.night]]\nsteps = [{ do = [] }]',
    "classic-deal": '[[case]]\nruleset = "classic"\nid = "x"\ndeal = [1, 2]\n',
}


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("kind", SCENARIOS)
def test_a_bad_scenario_file_is_one_line_in_the_language(capsys, tmp_path, kind, lang):
    path = tmp_path / "case.toml"
    path.write_text(SCENARIOS[kind])
    english = cli(capsys, "replay", str(path))
    line = cli(capsys, "--lang", lang, "replay", str(path))
    assert line != english
    assert foreign_words(line, lang, str(path), path.name) == [], line


@pytest.mark.parametrize("lang", FOREIGN)
def test_a_missing_or_unreadable_scenario_file_is_said_in_the_language(capsys, tmp_path, lang):
    for path in (tmp_path / "missing.toml", tmp_path):
        line = cli(capsys, "--lang", lang, "replay", str(path))
        assert foreign_words(line, lang, str(path)) == [], line


def test_file_reasons_carry_their_id_and_values():
    with pytest.raises(UnreadableFile) as caught:
        parse_toml("a = [")
    assert caught.value.reason_id == "file_reason_bad_toml" and caught.value.params["line"] == 1
    with pytest.raises(UnreadableFile) as caught:
        parse_json('{"a": NaN}')
    assert caught.value.reason_id == "file_reason_json_number"
    with pytest.raises(UnreadableFile) as caught:
        parse_json("[" * 40 + "]" * 40)
    assert caught.value.said.id == "file_reason_deep"


# -- 6. argparse, the narrator's voice and export, a too-small terminal ------------------------------------

@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("argv", [("--players",), ("simulate", "--players"), ("narrate", "--roles"),
                                  ("--seed", "x"), ("simulate", "--players", "5", "--games")])
def test_argparse_mistakes_are_in_the_language(capsys, argv, lang):
    line = cli(capsys, "--lang", lang, *argv)
    assert foreign_words(line, lang) == [], line


@pytest.mark.parametrize("lang", FOREIGN)
def test_a_voice_model_that_is_missing_is_said_in_the_language(capsys, tmp_path, lang):
    line = cli(capsys, "--lang", lang, "narrate", "--roles", "werewolf*2,seer,robber,troublemaker,villager",
               "--voice-model", str(tmp_path / "nothing.onnx"), "--export", str(tmp_path / "n.wav"))
    assert str(tmp_path / "nothing.onnx") in line
    assert foreign_words(line, lang, str(tmp_path / "nothing.onnx")) == [], line


@pytest.mark.parametrize("lang", FOREIGN)
def test_an_export_the_disk_refuses_is_said_in_the_language(capsys, tmp_path, lang):
    from onenight_tui.commands.narrate import export_problem
    from onenight_tui.speech import SpeechError

    target = tmp_path / "night.wav"
    for exc in (OSError(errno.EACCES, "Permission denied"), OSError(errno.ENOSPC, "No space left on device"),
                SpeechError(Notice("No Korean voice.", "speech_no_voice", language="Korean", code="ko")),
                SpeechError(Notice("espeak exploded", "speech_voice_failed", problem="espeak exploded"))):
        line = export_problem(exc, target, lang)
        assert foreign_words(line, lang, str(target)) == [], line
        assert "Permission" not in line and "Korean" not in line and "exploded" not in line


@pytest.mark.parametrize("lang", FOREIGN)
async def test_the_too_small_terminal_notice_is_in_the_language(lang):
    app = OneNightApp(quiet_settings(lang=lang), lang=lang)
    async with app.run_test(size=(60, 16)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TooSmallScreen", "the notice")
        assert foreign_words(flat(app), lang) == [], flat(app)


@pytest.mark.parametrize("lang", FOREIGN)
async def test_the_narrator_set_up_says_a_roster_refusal_in_its_language(lang):
    from onenight_core.engine.narration import check_roster

    with pytest.raises(NarrationError) as caught:
        check_roster(("werewolf", "seer"))
    line = error_text(caught.value, lang)
    assert line != str(caught.value) and foreign_words(line, lang) == [], line


def test_these_tests_run_with_the_sources_they_check():
    assert Path(sys.modules["onenight_core"].__file__).resolve().parents[1] == CORE.parent


def _core_refusals() -> list[Exception]:
    """Refusals the command line's own checks catch first: said by the engine all the same."""
    from onenight_core.engine.narration import Timing
    from onenight_core.play.bots import make_bots
    from onenight_core.play.simulate import simulate
    from onenight_core.rulesets import ruleset_for
    from onenight_core.rulesets.classic.narration import night_steps

    found = []
    for attempt in (lambda: make_bots("clever", 3, 0), lambda: ruleset_for("chess"),
                    lambda: Timing(action=-1), lambda: night_steps(("werewolf", "seer"), 0),
                    lambda: simulate(Setup(NAMES[:5], BASE5), games=0),
                    lambda: Setup(NAMES[:5], BASE5).option("frob")):
        with pytest.raises(core_errors.OneNightError) as caught:
            attempt()
        found.append(caught.value)
    return found


@pytest.mark.parametrize("lang", FOREIGN)
def test_the_engines_own_refusals_are_said_in_the_language(lang):
    for error in _core_refusals():
        line = error_text(error, lang)
        assert line != str(error) and foreign_words(line, lang) == [], line


def test_a_file_reason_s_english_line_is_its_catalog_message():
    """``UnreadableFile`` carries no English sentence of its own (issue 24): its text is its message worded
    from the English catalog, as for every other error, and every language has the message."""
    from onenight_core.english import english
    from onenight_core.file_io import read_bytes

    from onenight_tui.cli_text import cli_text

    def caught(bad) -> UnreadableFile:
        with pytest.raises(UnreadableFile) as info:
            bad()
        return info.value

    reasons = [caught(lambda: parse_toml("a = [\n")), caught(lambda: parse_json("{not json")),
               caught(lambda: parse_json("[1e999]")),
               caught(lambda: read_bytes("/nonexistent-onenight-dir/missing.toml")),
               os_reason(PermissionError(13, "Permission denied"))]
    for reason in reasons:
        assert str(reason) == english(reason.said)
        for lang in ("en", *FOREIGN):
            assert cli_text(lang, reason.said.id, **reason.params)
    assert str(reasons[-1]) == "permission denied"  # not the operating system's own English words
    assert str(reasons[0]).startswith("bad TOML (line ")
