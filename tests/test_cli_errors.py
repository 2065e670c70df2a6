"""The command line's manners: a reader that stops early ends the program quietly with status 0; every
flag mistake is one line on stderr and status 2, never a traceback, and says what was read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ("roles",),                                               # rich table
    ("simulate", "--players", "5", "--games", "300"),         # rich tables after a progress bar
    ("simulate", "--players", "5"),                           # plain print (the story)
    ("narrate", "--print", "--roles", "base-5"),
], ids=["roles", "simulate-many", "simulate-one", "narrate-print"])
@pytest.mark.subprocess
def test_a_reader_that_stops_early_is_not_an_error(argv):
    """``onenight roles | true``: the pipe is closed before the first write."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "onenight_tui", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT, env=env)
    proc.stdout.close()  # like `| true`: nobody will read
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert "Error" not in err and "Traceback" not in err, err


@pytest.mark.subprocess
def test_head_reads_one_line_and_the_rest_goes_nowhere(tmp_path):
    """``onenight simulate --games 1000 | head -1`` through a real shell pipe."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    script = (f"'{sys.executable}' -m onenight_tui roles | head -1; "
              "echo \"status=${PIPESTATUS[0]}\"")
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=120)
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("Roles (onuw)")
    assert lines[-1] == "status=0", proc.stderr
    assert proc.stderr == ""


@pytest.mark.parametrize("argv", [
    ("simulate", "--players", "5", "--roles", ""),
    ("simulate", "--players", "5", "--roles", " , "),
    ("--players", "Ann,Bo,Cy", "--roles", ""),
])
def test_an_empty_deck_is_an_error_not_the_default_deck(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--roles is empty" in err


def test_a_player_count_given_to_the_game_is_read_as_one_name(capsys):
    code, _, err = run(capsys, "--players", "5")
    assert code == 2
    assert err.count("\n") == 1
    assert "'5' was read as 1 name" in err and "separated by commas" in err


def test_two_names_are_too_few_and_the_message_lists_them(capsys):
    code, _, err = run(capsys, "--players", "Ann,Bo")
    assert code == 2 and "read as 2 names (Ann, Bo)" in err


def test_the_game_without_a_terminal_says_so(capsys):
    code, out, err = run(capsys, "--players", "Ann,Bo,Cy")  # capsys: stdin/stdout are not terminals
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "needs a terminal" in err


@pytest.mark.parametrize("argv", [
    ("--seed", "x"), ("bogus",), ("--lang",), ("roles", "--lang", "xx"), ("simulate", "--games", "0",
                                                                         "--players", "5"),
    ("simulate", "--players", "5", "--roles", "werewolf*x"), ("--players", "A,B,C", "--roles", "goblin"),
    ("narrate", "--action-time", "-1"), ("--resume", "--players", "A,B,C"), ("replay",),
])
def test_every_flag_error_is_one_line_and_status_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert out == "" and err.startswith("onenight: ") and err.count("\n") == 1, err
