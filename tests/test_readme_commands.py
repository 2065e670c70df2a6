"""Every ``onenight`` command the README shows runs as written (issue 21, "Docs a newcomer reads"), and
the README says where the game keeps its files on each platform.

The commands are read from the README's code spans (a fragment such as ``simulate --ruleset classic``
is a subcommand of ``onenight`` too) and run in process, from this folder, as a newcomer would type them.
Only what a test cannot wait for is made safe: a batch of 10000 games is run with 20, a command that
opens the game or the narrator (a terminal program) stops where the program would draw its first
screen, ``--export`` writes into a temporary folder, and ``--resume`` finds an interrupted game."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

from onenight_core.model.values import Setup
from onenight_core.play.saves import SavedGame, write_save
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SUBCOMMANDS = ("roles", "simulate", "replay", "narrate", "balance")
MOST_GAMES = 20


def readme_commands() -> list[str]:
    """The ``onenight`` commands in the README's code spans (fenced blocks are the install commands)."""
    text = re.sub(r"```.*?```", "", README, flags=re.S)
    found = []
    for match in re.finditer(r"`([^`]+)`", text):
        command = " ".join(match.group(1).split())  # a span may wrap over two lines
        words = command.split()
        if words[0] == "onenight" or (words[0] in SUBCOMMANDS and len(words) > 1):
            found.append(command if words[0] == "onenight" else f"onenight {command}")
    return list(dict.fromkeys(found))


def safe(argv: list[str]) -> list[str]:
    out = list(argv)
    if "--games" in out:
        i = out.index("--games") + 1
        out[i] = str(min(int(out[i]), MOST_GAMES))
    return out


COMMANDS = readme_commands()


def test_the_readme_shows_the_commands_a_newcomer_needs():
    assert len(COMMANDS) >= 15
    assert any(" replay " in f" {c} " for c in COMMANDS) and any("--export" in c for c in COMMANDS)


@pytest.fixture
def no_screen(monkeypatch):
    """The game and the narrator stop where they would open on the terminal; returns what started."""
    from onenight_tui.app import OneNightApp
    from onenight_tui.narrator_app import NarratorApp

    started: list[str] = []
    for app in (OneNightApp, NarratorApp):
        monkeypatch.setattr(app, "run", lambda self, *a, **k: started.append(type(self).__name__))
    return started


def at_a_terminal(monkeypatch) -> None:
    """Input and output are a terminal (the streams as they are now: capsys's while it captures)."""
    for stream in (sys.stdin, sys.stdout, sys.__stderr__):
        monkeypatch.setattr(stream, "isatty", lambda: True, raising=False)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_readme_command_runs_as_written(command, no_screen, capsys, monkeypatch, tmp_path):
    argv = safe(shlex.split(command)[1:])
    monkeypatch.chdir(tmp_path if "--export" in argv else ROOT)
    at_a_terminal(monkeypatch)
    if "--resume" in argv:  # an interrupted game to continue
        from onenight_tui.settings import save_path

        deck = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")
        write_save(save_path(), SavedGame(Setup(("Ann", "Bo", "Cy"), deck), 7))
    try:
        code = main(argv)
    except SystemExit as exit_:  # --help
        code = exit_.code
    out, err = capsys.readouterr()
    assert code == 0, f"{command!r} exited {code}: {err.strip()}"
    assert "Traceback" not in err
    prints = (["simulate"], ["replay"], ["roles"], ["balance"])  # commands that print, not open a screen
    if "--help" not in argv and "--print" not in argv and argv[:1] not in prints and "--export" not in argv:
        assert no_screen, f"{command!r} should open a screen"


def test_the_readme_says_where_the_files_live_on_each_platform(monkeypatch, tmp_path):
    """Linux's folders from platformdirs itself (with no XDG variables set), macOS's and Windows' as
    platformdirs words them; the file names as the code writes them."""
    import platformdirs
    from platformdirs.macos import MacOS

    from onenight_tui.collection_store import collections_dir
    from onenight_tui.settings import save_path, settings_path

    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        home = str(tmp_path)
        for path in (platformdirs.user_config_path("onenight", appauthor=False),
                     platformdirs.user_state_path("onenight", appauthor=False),
                     platformdirs.user_data_path("onenight", appauthor=False)):
            assert f"`{str(path).replace(home, '~')}`" in README
    mac = MacOS("onenight", appauthor=False)
    for folder in (mac.user_config_dir, mac.user_state_dir, mac.user_data_dir):
        assert f"`{folder.replace(str(Path.home()), '~')}`" in README
    assert "`%LOCALAPPDATA%\\onenight`" in README  # roaming=False: platformdirs' CSIDL_LOCAL_APPDATA
    for path in (settings_path(), save_path()):
        assert f"`{path.name}`" in README
    assert f"`{collections_dir().name}/`" in README and "`crash.txt`" in README
