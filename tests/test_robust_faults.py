"""Issue 27: nothing lost, nothing shown, no traceback — each fault found by hand, pinned.

Saves that tell the truth (the quit dialog), a lock on the save, one name limit, a collection too large
kept as ``.bad``, a symlinked settings file written through, SIGTERM/SIGHUP leaving through Textual,
``check_action`` without its widgets, the command line's output faults (closed, full, a narrow
encoding), a damaged rules.toml even for ``--help``, classic.toml through the guarded reader, bounded
exports, the parsed caches that cannot run code, saves with too many players, unknown draws and a BOM."""

from __future__ import annotations

import errno
import io
import os
import pickle
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from onenight_core import Setup
from onenight_core.errors import CatalogError, SaveError
from onenight_core.play.saves import SavedGame, encode_json, read_save, write_save
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
BASE5 = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "drunk", "insomniac")


# -- the command line's output ---------------------------------------------------------------------------

def test_a_closed_standard_output_exits_quietly_with_a_failure(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdout", None)
    assert main(["roles"]) == 1
    err = capsys.readouterr().err
    assert "standard output is closed" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["roles"], ["roles", "--json"],
                                  ["simulate", "--players", "5", "--games", "5", "--json"],
                                  ["narrate", "--print", "--roles", "base-5"],
                                  ["replay", "--check", str(ROOT / "tests" / "reference" / "examples.toml")],
                                  ["replay", "--json", str(ROOT / "tests" / "reference" / "examples.toml")]])
def test_a_full_disk_is_one_line_and_a_failure(monkeypatch, capsys, argv):
    full = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115 — closed below
    monkeypatch.setattr(sys, "stdout", full)
    try:
        assert main(argv) == 1
    finally:
        monkeypatch.undo()
        try:
            full.close()
        except OSError:
            pass
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]  # (simulate's progress ends)
    assert len(lines) == 1 and "cannot write the output: no space left" in lines[0]


def test_another_refusal_of_the_system_is_one_line_too(monkeypatch, capsys):
    import onenight_tui.commands.roles as roles

    def refused(args):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(roles, "run", refused)
    assert main(["roles"]) == 1
    err = capsys.readouterr().err
    assert err == "onenight: the system refused: permission denied\n" or (
        err.count("\n") == 1 and err.startswith("onenight: the system refused: ")), err


@pytest.mark.parametrize("encoding, argv", [("ascii", ["roles", "--lang", "ko"]),
                                            ("latin-1", ["simulate", "--players", "Ann,보라,Cy", "--games", "1"])])
def test_an_output_that_cannot_hold_the_text_gets_what_it_can_and_one_reason(monkeypatch, capsys, encoding, argv):
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding)
    monkeypatch.setattr(sys, "stdout", out)
    assert main(argv) == 0
    out.flush()
    assert b"?" in raw.getvalue()
    err = capsys.readouterr().err
    assert err.count(f"({out.encoding})") == 1 and "PYTHONIOENCODING=utf-8" in err


@pytest.fixture(scope="module")
def source_copy(tmp_path_factory) -> Path:
    """The program's source beside its data files, in a folder whose rules.toml a test may damage."""
    top = tmp_path_factory.mktemp("checkout")
    shutil.copytree(ROOT / "src", top / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("roles.toml", "rules.toml", "draws.toml", "classic.toml", "presets.toml"):
        shutil.copy(ROOT / name, top / name)
    return top


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
@pytest.mark.parametrize("damage", [b"", b"[[team]\n", b"\xff\xfe", b"team = 3\n", None, "folder"])
def test_a_damaged_rules_toml_is_one_line_even_for_help(source_copy, tmp_path, damage):
    rules = source_copy / "rules.toml"
    real = (ROOT / "rules.toml").read_bytes()
    try:
        rules.unlink()
        if damage == "folder":
            rules.mkdir()
        elif damage is not None:
            rules.write_bytes(damage)
        env = dict(os.environ, PYTHONPATH=str(source_copy / "src"), XDG_CACHE_HOME=str(tmp_path / "cache"))
        done = subprocess.run([sys.executable, "-m", "onenight_tui", "--help"], capture_output=True, text=True,
                              env=env, timeout=60, cwd=tmp_path)
    finally:
        if rules.is_dir():
            rules.rmdir()
        rules.write_bytes(real)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1 and "rules.toml" in done.stderr


def test_classic_toml_nested_deeply_is_a_catalog_error():
    from onenight_core.rulesets.classic.catalog import parse_catalog

    with pytest.raises(CatalogError, match="nested too deeply"):
        parse_catalog("a = " + "[" * 5000 + "]" * 5000)
    with pytest.raises(CatalogError):
        parse_catalog((ROOT / "classic.toml").read_text(encoding="utf-8") + '\ntitle = "sheriff"\n')


# -- bounded work ----------------------------------------------------------------------------------------

def test_an_export_too_long_is_refused_before_anything_is_made(tmp_path, capsys):
    path = tmp_path / "z.wav"
    assert main(["narrate", "--ruleset", "classic", "--roles", "werewolf*2,seer,witch,villager*3", "--nights", "30",
                 "--action-time", "600", "--day-time", "3600", "--no-voice", "--export", str(path)]) == 2
    assert "at most 4 hours" in capsys.readouterr().err
    assert not path.exists() and not list(tmp_path.iterdir())


def test_help_states_the_bounds(capsys):
    with pytest.raises(SystemExit):
        main(["narrate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "1 to 30" in out and "0 to 600" in out and "0 to 3600" in out and "at most 4 hours" in out


def test_the_export_is_streamed_piece_by_piece_with_a_progress_step_per_line(tmp_path):
    from onenight_core.engine.narration import Timing, narrate
    from onenight_tui.sound.clip import Clip, concat
    from onenight_tui.sound.export import export_night, night_parts

    class Voice:
        def synthesize(self, text, lang):
            return Clip(b"\x01\x00" * 50)

    night = narrate(("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"), "en")
    timing = Timing(action=0.1, gap=0.01)
    steps: list[int] = []
    seconds = export_night(tmp_path / "n.wav", night, timing, Voice(), sound="wind",
                           said=lambda: steps.append(1))
    assert len(steps) >= len(night.lines) - 1  # one per line read (the night stops at the day)
    whole = concat(night_parts(night, timing, Voice(), sound="wind"))
    assert (tmp_path / "n.wav").read_bytes() == whole.to_wav() and seconds == whole.seconds
    assert not (tmp_path / "n.wav.part").exists()


# -- saves -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [11, 50])
def test_a_hand_edited_save_with_too_many_players_is_refused(tmp_path, count, monkeypatch, capsys):
    names = tuple(f"P{i}" for i in range(count))
    saved = SavedGame(Setup(names, ("werewolf",) * 2 + ("villager",) * (count + 1)), 3)
    path = tmp_path / "game.json"
    path.write_text(encode_json(saved, format=1), encoding="utf-8")
    with pytest.raises(SaveError, match=f"{count} players"):
        read_save(path)
    import onenight_tui.commands.play as play

    monkeypatch.setattr(play, "save_path", lambda: path)
    assert main(["--resume"]) == 2
    assert f"{count} players" in capsys.readouterr().err


def test_an_unknown_draws_outcome_is_refused():
    from onenight_core.rulesets.draws import parse_draw_tables

    good = {"table": [{"id": "alien", "entries": [["view_each", 30, 30], ["stare", 10, 15]]}]}
    assert parse_draw_tables(good)["alien"].keys == ("view_each", "stare")
    with pytest.raises(CatalogError, match="'dance' is not an outcome"):
        parse_draw_tables({"table": [{"id": "alien", "entries": [["view_each", 30, 30], ["dance", 10, 10]]}]})
    with pytest.raises(CatalogError, match="weight"):
        parse_draw_tables({"table": [{"id": "alien", "entries": [["view_each", 0, 30]]}]})


def test_a_scenario_file_with_a_byte_order_mark_is_read(tmp_path):
    from onenight_core.play.scenario import load_scenarios

    text = (ROOT / "tests" / "reference" / "examples.toml").read_text(encoding="utf-8")
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert len(load_scenarios(path)) == len(load_scenarios(ROOT / "tests" / "reference" / "examples.toml"))


# -- the player's files ----------------------------------------------------------------------------------

def test_a_collection_over_the_limit_is_kept_as_bad(tmp_path):
    from onenight_tui.collection_store import MAX_COLLECTION_BYTES, CollectionStore

    store = CollectionStore(tmp_path)
    path = store.path_for("Ann")
    assert path is not None
    big = b"# " + b"x" * MAX_COLLECTION_BYTES + b"\n"
    path.write_bytes(big)
    collection, notice = store.load("Ann")
    assert collection.name == "Ann" and notice is not None and ".bad" in str(notice)
    assert path.with_name(path.name + ".bad").read_bytes() == big


def test_a_symlinked_settings_file_is_written_through_the_link(tmp_path):
    from onenight_tui.settings import Settings, load_settings, store_settings

    target = tmp_path / "dotfiles" / "onenight.toml"
    target.parent.mkdir()
    target.write_text('lang = "en"\n', encoding="utf-8")
    link = tmp_path / "config" / "settings.toml"
    link.parent.mkdir()
    link.symlink_to(target)
    assert store_settings(Settings(lang="fr", players=("Ann", "Bo", "Cy")), link) is None
    assert link.is_symlink() and load_settings(target)[0].lang == "fr"


def test_one_name_limit_where_the_name_is_typed():
    from onenight_tui.screens.setup.setup import name_too_long
    from onenight_tui.settings import MAX_NAME, read_mapping

    longest, too_long = "A" * MAX_NAME, "B" * (MAX_NAME + 1)
    assert name_too_long(["Ann", longest]) is None and name_too_long(["Ann", "x" * 200]) == "x" * 200
    assert name_too_long([too_long]) == too_long
    # what the set-up lets through, the settings file keeps
    assert read_mapping({"players": ["Ann", longest, "Cy"]})[0].players == ("Ann", longest, "Cy")


def test_check_action_does_not_assume_the_ruleset_menu_exists():
    from textual.css.query import NoMatches

    from onenight_tui.screens.setup.setup import SetupScreen

    def missing(id):
        raise NoMatches(f"No nodes match '#{id}'")

    screen = object.__new__(SetupScreen)  # the footer asks while the screen is being (re)composed
    screen.filled = True
    screen._select = missing
    assert screen.check_action("collection", ()) is False


# -- the lock on the save --------------------------------------------------------------------------------

def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_the_save_lock_is_held_by_one_game_and_a_stale_lock_is_taken_over(tmp_path):
    from onenight_tui.save_lock import SaveLock, lock_path

    save = tmp_path / "state" / "game.json"
    lock_path(save).parent.mkdir(parents=True)
    lock_path(save).write_text(f"{os.getppid()}\n")  # a live process other than us: a running game
    assert SaveLock(save).acquire() == os.getppid()
    lock_path(save).write_text(f"{_dead_pid()}\n")  # its process is gone: stale
    with SaveLock(save) as lock:
        assert lock.acquire() is None and lock.held
        assert lock_path(save).read_text().strip() == str(os.getpid())
    assert not lock_path(save).exists()
    lock_path(save).write_text("garbage")
    assert SaveLock(save).acquire() is None  # a damaged lock is no lock


def test_a_second_game_on_the_same_save_says_one_is_running_and_touches_nothing(tmp_path, monkeypatch, capsys):
    import onenight_tui.commands.play as play
    from onenight_tui.save_lock import lock_path

    save = tmp_path / "game.json"
    saved = SavedGame(Setup(("Ann", "Bo", "Cy", "Di", "Ed"), BASE5), 3)
    write_save(save, saved)
    before = save.read_bytes()
    lock_path(save).write_text(f"{os.getppid()}\n")
    monkeypatch.setattr(play, "save_path", lambda: save)
    for argv in ([], ["--resume"], ["--players", "Ann,Bo,Cy"]):
        assert main(argv) == 2
        assert "already running" in capsys.readouterr().err
    assert save.read_bytes() == before


# -- the parsed caches -----------------------------------------------------------------------------------

class _Planted:
    def __reduce__(self):
        return (os.system, ("touch planted",))


def test_a_planted_cache_cannot_run_code(tmp_path, monkeypatch):
    from onenight_core.catalog import cache

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "cache" / "x.pickle"
    path.parent.mkdir(mode=0o700)
    path.write_bytes(cache.MAGIC + b"k" + pickle.dumps(_Planted()))
    path.chmod(0o600)
    assert cache.read_cached(path, b"k", object) is None
    assert not (tmp_path / "planted").exists()


def test_a_cache_folder_others_can_write_is_no_cache(tmp_path):
    from onenight_core.catalog import cache
    from onenight_core.catalog.rules import Rules, default_rules

    folder = tmp_path / "cache"
    path = folder / "rules.pickle"
    cache.write_cached(path, b"k", default_rules())
    assert isinstance(cache.read_cached(path, b"k", Rules), Rules)  # a private folder: a cache
    path.chmod(0o666)
    assert cache.read_cached(path, b"k", Rules) is None  # a file others may change
    path.chmod(0o600)
    if hasattr(os, "getuid") and os.getuid() == 0:
        other = tmp_path / "other"
        other.mkdir()
        shutil.copy(path, other / "rules.pickle")
        os.chown(other, 12345, 12345)  # someone else's folder
        assert cache.read_cached(other / "rules.pickle", b"k", Rules) is None


# -- what the app says and does --------------------------------------------------------------------------

async def test_the_quit_dialog_says_saved_only_when_the_last_write_succeeded(tmp_path, monkeypatch):
    from app_pilot import SIZE, make_app, screen_name, screen_text, until

    import onenight_core.play.saves as saves

    app = make_app(BASE5, 5, seed=3)
    app.save_file = tmp_path / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: screen_name(app) == "ConfirmQuitScreen", "the question")
        assert "The game is saved" in screen_text(app)
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal again")

        def full(path, saved):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(saves, "write_save", full)
        app.note(deal=0)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: screen_name(app) == "ConfirmQuitScreen", "the question")
        text = " ".join(screen_text(app).split())
        assert "NOT saved" in text and "no space left" in text and "The game is saved" not in text


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
async def test_a_signal_saves_and_leaves_through_textual(tmp_path, name):
    from app_pilot import SIZE, make_app, screen_name, until

    number = getattr(signal, name)
    app = make_app(BASE5, 5, seed=3)
    app.save_file = tmp_path / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        # Without the app's own handler the signal would end the test run itself: refuse to send it.
        assert signal.getsignal(number) not in (signal.SIG_DFL, signal.SIG_IGN, None)
        (tmp_path / "game.json").unlink()
        os.kill(os.getpid(), number)
        await until(pilot, lambda: not app.is_running, "the app to end")
    assert app.return_code == 128 + number
    assert read_save(tmp_path / "game.json").setup.players == ("Mina", "Oskar", "Pia", "Quentin", "Rhea")
    assert signal.getsignal(number) in (signal.SIG_DFL, signal.SIG_IGN) or not app._signals


# -- found by the fuzz (test_fuzz_cli_files) --------------------------------------------------------------

def test_a_roles_toml_step_of_the_wrong_type_is_one_line(tmp_path):
    from onenight_core.catalog import load_catalog_file

    import tomllib

    import tomli_w

    tree = tomllib.loads((ROOT / "roles.toml").read_text(encoding="utf-8"))
    tree["step"] = False
    path = tmp_path / "roles.toml"
    path.write_text(tomli_w.dumps(tree), encoding="utf-8")
    with pytest.raises(CatalogError, match=r"'step' must be \[\[step\]\] tables"):
        load_catalog_file(path)


def test_a_scenario_value_with_a_line_break_is_named_on_one_line(tmp_path, capsys):
    text = (ROOT / "tests" / "reference" / "examples.toml").read_text(encoding="utf-8")
    path = tmp_path / "cases.toml"
    import re

    damaged = re.sub(r"^final = .*$", lambda m: 'final = {"\\n" = false}', text, count=1, flags=re.M)
    path.write_text(damaged, encoding="utf-8")
    assert main(["replay", "--check", str(path)]) != 0
    captured = capsys.readouterr()
    said = [line for line in (captured.out + captured.err).splitlines() if "malformed" in line]
    assert len(said) == 1 and said[0].rstrip().endswith("(a list of role ids, one per seat)"), said


def test_a_bad_pinned_identifier_is_named_on_one_line(tmp_path, capsys):
    path = tmp_path / "cases.toml"
    path.write_text('[[case]]\nid = "x"\nrule = "r"\nsource = "s"\nruleset = "onuw"\n'
                    'deal = ["seer", "werewolf", "villager"]\ncenter = ["robber", "villager", "tanner"]\n'
                    'draws = { ripple_id = [] }\n[case.expect]\nseen = []\n', encoding="utf-8")
    assert main(["replay", "--check", str(path)]) != 0
    captured = capsys.readouterr()
    said = [line for line in (captured.out + captured.err).splitlines() if "ripple_id" in line]
    assert len(said) == 1 and said[0].rstrip().endswith("got []"), captured


async def test_the_narrator_leaves_through_textual_on_sigterm():
    from app_pilot import SIZE, until

    from onenight_tui.narrator_app import NarratorApp

    app = NarratorApp(lang="en", voice=False)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Narrator" in type(app.screen).__name__, "the narrator")
        assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, signal.SIG_IGN, None)
        os.kill(os.getpid(), signal.SIGTERM)
        await until(pilot, lambda: not app.is_running, "the app to end")
    assert app.return_code == 128 + signal.SIGTERM
