"""Bad input from files becomes one clear line naming the file, never a traceback (issue 10).

Each test here failed before its fix: a settings write that leaves ``.settings.*.tmp`` behind and is not
fsynced, settings.toml of the wrong shapes, a save whose ``meta`` holds strings for numbers (``--resume``
crashed), roles.toml with invalid UTF-8, deeply nested TOML, and names that carry terminal escapes or
line breaks into the command line's output."""

from __future__ import annotations

import os

import pytest

from onenight_core.catalog import default_catalog_path, load_catalog_file
from onenight_core.errors import CatalogError, ScenarioError
from onenight_core.model.values import Setup
from onenight_core.play.saves import SavedGame, encode_json, read_save, write_save
from onenight_core.play.scenario import load_scenarios
from onenight_tui import cli
from onenight_tui.app import OneNightApp
from onenight_tui.plain_text import one_line, printable
from onenight_tui.settings import Settings, load_settings, save_path, settings_path, store_settings

from app_pilot import SIZE, quiet_settings, screen_name, until

BASE3 = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")


# -- settings.toml ---------------------------------------------------------------------------------------

def test_a_failed_settings_write_leaves_nothing_behind_and_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.toml"
    assert store_settings(Settings(players=("Ann", "Bo", "Cy")), path) is None
    before = path.read_bytes()

    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    notice = store_settings(Settings(players=("Di", "Eli", "Fay")), path)
    assert notice is not None and str(path) in notice and "No space left" in notice
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.toml"]  # no .settings.*.tmp


def test_a_settings_write_is_fsynced_before_it_replaces_the_file(tmp_path, monkeypatch):
    order: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (order.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (order.append("replace"), real_replace(a, b))[1])
    assert store_settings(Settings(lang="fr"), tmp_path / "settings.toml") is None
    assert order[:2] == ["fsync", "replace"]
    assert load_settings(tmp_path / "settings.toml") == (Settings(lang="fr"), None)


@pytest.mark.parametrize("text, kept", [
    ('players = "Ann, Bo"\nlang = "fr"\n', Settings(lang="fr")),
    ('players = [1, 2]\ndeck = "werewolf"\nspeech = "yes"\n', Settings()),
    ('day_seconds = 1e999\naction_seconds = nan\ntheme = ["textual-light"]\n', Settings()),
    ('lang = { a = 1 }\nruleset = 3\nvote_mode = "private"\n', Settings(vote_mode="private")),
    ('players = ["Ann\\u001b[2J", " Bo\\nCy ", "Di"]\n', Settings(players=("Ann", "Bo Cy", "Di"))),
    ('[players]\nname = "Ann"\n', Settings()),
])
def test_settings_of_the_wrong_shapes_fall_back_one_by_one_with_a_notice(tmp_path, text, kept):
    path = tmp_path / "settings.toml"
    path.write_text(text)
    settings, notice = load_settings(path)
    assert settings == kept
    if settings != Settings() or "Ann" not in text:
        assert notice is None or (str(path) in notice and "\n" not in notice)
    assert path.read_text() == text


@pytest.mark.parametrize("data", [b"a = " + b"[" * 5000 + b"]" * 5000, b"\xff\xfelang = 'fr'", b"x" * 300_000])
def test_deep_broken_or_huge_settings_are_defaults_and_a_notice(tmp_path, data):
    path = tmp_path / "settings.toml"
    path.write_bytes(data)
    settings, notice = load_settings(path)
    assert settings == Settings() and str(path) in notice and "\n" not in notice


async def test_the_app_starts_with_settings_of_every_wrong_shape(tmp_path):
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('players = ["Ann\\u001b[2J", " Bo\\nCy", 3]\ndeck = ["nosuchrole", "werewolf"]\n'
                    'day_seconds = "long"\naction_seconds = -3\ntheme = 7\n')
    settings, notice = load_settings(path)
    app = OneNightApp(settings.replace(speech=False), settings_file=path, notice=notice)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up screen")


# -- the save -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("meta", [
    {"stage": "deal", "deal": "two", "step": "x", "day_left": "soon", "lang": "xx"},
    {"stage": "deal", "deal": 99, "lang": 3},
    {"stage": "deal", "deal": -2},
])
async def test_resume_with_meta_of_the_wrong_types_opens_the_game(meta):
    """Strings where numbers belong, seats out of range, an unknown language: the app uses its defaults
    (never past the deal: the first player has not seen a card)."""
    saved = SavedGame(Setup(("Ann", "Bo", "Cy"), BASE3), 7, (), meta)
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text(encode_json(saved, format=1))
    from onenight_tui.commands.play import start_from_args

    start = start_from_args(cli.build_parser().parse_args(["--resume"]))
    app = OneNightApp(quiet_settings(), start=start, save_file=save_path())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        assert app.screen.seat == 0 and app.lang == "en"


@pytest.mark.parametrize("meta", ["NaN", "Infinity", "-Infinity"])
def test_resume_with_nan_or_infinity_in_meta_is_one_line(capsys, meta):
    save_path().parent.mkdir(parents=True, exist_ok=True)
    text = encode_json(SavedGame(Setup(("Ann", "Bo", "Cy"), BASE3), 7, (), {"day_left": 1.5}), format=1)
    save_path().write_text(text.replace("1.5", meta))
    assert cli.main(["--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(save_path()) in err and "not valid JSON" in err


def test_resume_of_a_save_that_is_a_folder_or_a_fifo_is_one_line(capsys, tmp_path):
    save_path().mkdir(parents=True)
    assert cli.main(["--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(save_path()) in err


def test_write_save_then_read_save_round_trips_through_the_packed_format(tmp_path):
    saved = SavedGame(Setup(("Ann", "Bo", "Cy"), BASE3), 7, (), {"stage": "deal"})
    write_save(tmp_path / "g.json", saved)
    assert read_save(tmp_path / "g.json") == saved


# -- roles.toml and scenario files ------------------------------------------------------------------------

def test_roles_toml_with_invalid_utf8_is_one_line_naming_the_file(tmp_path):
    path = tmp_path / "roles.toml"
    path.write_bytes(default_catalog_path().read_bytes().replace(b"Werewolf", b"Werew\xffolf", 1))
    with pytest.raises(CatalogError) as err:
        load_catalog_file(path)
    assert str(path) in str(err.value) and "UTF-8" in str(err.value) and "\n" not in str(err.value)


def test_a_catalog_schema_error_names_the_file(tmp_path):
    path = tmp_path / "roles.toml"
    path.write_text('[[role]]\nid = "x"\n')
    with pytest.raises(CatalogError) as err:
        load_catalog_file(path)
    assert str(err.value).startswith(f"{path}: role 'x'")


@pytest.mark.parametrize("text", ['[[case]]\nid = "x"\nrule = ' + "[" * 3000 + "]" * 3000,
                                  '[[case]]\nid = "x"\na = ' + "{ b = " * 40 + "1" + " }" * 40])
def test_a_deeply_nested_scenario_file_is_one_line(tmp_path, text):
    path = tmp_path / "deep.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as err:
        load_scenarios(path)
    assert str(path) in str(err.value) and "nested too deeply" in str(err.value)


def test_replay_of_dev_zero_or_a_fifo_is_one_line_and_does_not_hang(capsys, tmp_path):
    targets = ["/dev/zero"] if os.path.exists("/dev/zero") else []
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        targets.append(str(tmp_path / "fifo"))
    for target in targets:
        assert cli.main(["replay", target]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and target in err and "not a regular file" in err


# -- names in terminal output ------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, clean", [
    ("Eve\x1b[2J\x1b[31m", "Eve"),
    ("Bo\nThe village wins", "Bo The village wins"),
    ("Cy\x1b]0;pwned\x07", "Cy"),
    ("Di\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "Dilink"),
    ("\u202eEli", "Eli"),
    ("Fay\x00\x07\x08\r\t Gus", "Fay Gus"),
    ("Hal\x9b2J", "Hal"),
    ("Ünal 李", "Ünal 李"),
])
def test_names_are_one_plain_line_in_terminal_output(raw, clean):
    assert one_line(raw) == clean


def test_printable_keeps_the_layout_but_drops_escapes():
    assert printable("  a\x1b[1mb\n  c\x07d\n") == "  ab\n  c d\n"


def test_replay_does_not_print_escapes_from_a_scenario_file(capsys, tmp_path):
    path = tmp_path / "esc.toml"
    path.write_text('[[case]]\nid = "esc"\nrule = "clear\\u001b[2J\\nforged line"\n'
                    'dawn = ["werewolf", "seer", "villager"]\nvotes = [1, 0, 0]\n')
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "clear forged line" in out


def test_simulate_prints_names_without_escapes_or_line_breaks(capsys):
    assert cli.main(["simulate", "--players", "Ann\x1b[31m,Bo\nThe village wins,Cy\x07", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "Bo The village wins was dealt" in out  # one line, and no internal "(p1)" (issue 10)
    assert not any(line.startswith("The village wins") for line in out.splitlines())
