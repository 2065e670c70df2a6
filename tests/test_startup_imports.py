"""A plain ``onenight`` reaches its complete set-up screen without what it does not show: no engine, no
ruleset (classic and Dalbula included), no sound or speech library, no other command's module (issue
25, "Start-up"; docs/tui.md, "Start-up time"). Checked in a fresh interpreter through the command line
(``cli.main([])``), as a player starts it, up to the moment the set-up is filled, with a returning
table's names in place; the app runs headless there, the terminal check answered yes. Also: the command
line read with only the parser it names gives what the whole parser gives.

The first start of a fresh cache builds the set-up's facts from the engine (``setup_facts``); the check
is of the start after it, as every start but the first is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from onenight_tui.cli import build_parser, parse
from onenight_tui.cli_text import argparse_in
from onenight_tui.usage import UsageError

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import io, json, sys

class Terminal(io.TextIOWrapper):
    def isatty(self):
        return True

sys.stdin = Terminal(io.BytesIO())
sys.stdout = Terminal(io.BytesIO(), write_through=True)
{extra}
from onenight_tui.app import OneNightApp
from onenight_tui.screens.setup.setup import SetupScreen

run, fill = OneNightApp.run, SetupScreen._fill

def headless(self, *args, **kwargs):
    return run(self, headless=True, size=(80, 24))

async def filled(self):
    await fill(self)
    from onenight_tui.text import wrapping

    found = {{"modules": sorted(sys.modules), "filled": self.filled,
              "names": self.query_one("#setup-players").value,
              "cjk_compiled": wrapping._cjk_char.cache_info().currsize}}
    sys.stderr.write("FOUND " + json.dumps(found) + "\n")
    self.app.exit()

OneNightApp.run, SetupScreen._fill = headless, filled
from onenight_tui.cli import main

sys.exit(main({argv!r}))
"""

# What the set-up screen must not import before it is complete.
NOT_AT_START = ("onenight_core.engine", "onenight_core.rulesets", "onenight_core.play.scenario",
                "onenight_core.play.saves", "onenight_core.model.state", "onenight_tui.sound",
                "onenight_tui.speech", "onenight_tui.ambience", "onenight_tui.collection_store",
                "onenight_tui.commands.roles", "onenight_tui.commands.simulate", "onenight_tui.commands.replay",
                "onenight_tui.commands.narrate", "onenight_tui.tables.classic.table", "miniaudio", "espeakng_loader",
                # the deck advisor is mounted after the complete screen (issue 26), its games in a thread
                "onenight_tui.widgets.advisor", "onenight_core.play.balance", "onenight_tui.commands.balance",
                "onenight_core.play.simulate", "onenight_core.play.bots")


def start(tmp_path: Path, argv: list[str], extra: str = "") -> dict:
    config = tmp_path / "config" / "onenight"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.toml").write_text('players = ["Ana", "Ben", "Cleo", "Dev", "Eli"]\nspeech = true\n')
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_DATA_HOME=str(tmp_path / "data"), LANG="en_US.UTF-8")
    env.pop("LC_ALL", None)
    code = PROBE.format(extra=extra, argv=argv)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                          cwd=tmp_path)
    found = [line for line in done.stderr.splitlines() if line.startswith("FOUND ")]
    assert done.returncode == 0 and found, done.stderr[-3000:]
    return json.loads(found[-1][len("FOUND "):])


def imported(found: dict, prefixes: tuple[str, ...]) -> list[str]:
    return [m for m in found["modules"] if any(m == p or m.startswith(p + ".") for p in prefixes)]


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_a_plain_start_fills_the_set_up_without_engine_rulesets_sound_or_other_commands(tmp_path):
    first = start(tmp_path, [])  # the first start builds the set-up's facts from the engine, and keeps them
    assert "onenight_core.rulesets" in first["modules"]
    found = start(tmp_path, [])  # every start after it
    assert found["filled"] and found["names"] == "Ana, Ben, Cleo, Dev, Eli"
    assert imported(found, NOT_AT_START) == []
    assert "onenight_tui.commands.play" in found["modules"]  # the probe did go through the command line
    assert found["cjk_compiled"] == 0  # English text: the CJK pattern is not compiled (text/wrapping.py)
    assert "argparse" not in found["modules"] and "gettext" not in found["modules"]  # no command line to read


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_the_probe_sees_what_a_start_imports(tmp_path):
    # the same start, naming a ruleset (which must be checked) and with a sound module imported first:
    # the probe reports them, so the check above can fail
    found = start(tmp_path, ["--ruleset", "dalbula"], extra="import onenight_tui.sound.mixer")
    assert found["filled"]
    assert "onenight_core.rulesets.dalbula" in found["modules"]
    assert "onenight_tui.sound" in imported(found, NOT_AT_START)


ARGVS = [
    [], ["--lang", "fr"], ["--players", "A,B,C", "--roles", "werewolf*2,seer,robber,troublemaker,villager"],
    ["--ruleset", "dalbula"], ["--option", "x=1"], ["--players", "roles"], ["--resume"],
    ["roles"], ["roles", "--lang", "ko"], ["--lang", "zh", "roles", "--ruleset", "classic"],
    ["simulate", "--players", "A,B,C", "--games", "3"], ["--ruleset", "dalbula", "simulate"],
    ["replay", "x.toml"], ["narrate", "--roles", "werewolf,seer"],
]


@pytest.mark.parametrize("argv", ARGVS, ids=" ".join)
def test_the_named_parser_reads_as_the_whole_one(argv):
    with argparse_in("en"):
        whole = build_parser("en").parse_args(argv)
        named = parse(argv, "en")
    assert named == whole


@pytest.mark.parametrize("argv", [["simulat"], ["--seed", "x"], ["roles", "--nope"], ["--players"],
                                  ["simulate", "--nope"]], ids=" ".join)
def test_the_named_parser_refuses_as_the_whole_one(argv):
    said = []
    for read in (lambda: build_parser("en").parse_args(argv), lambda: parse(argv, "en")):
        with argparse_in("en"), pytest.raises((UsageError, SystemExit)) as refused:
            read()
        said.append((refused.type, str(refused.value)))
    assert said[0] == said[1]


def test_help_is_the_whole_parser_s(capsys):
    for read in (lambda: build_parser("en").parse_args(["--help"]), lambda: parse(["--help"], "en")):
        with argparse_in("en"), pytest.raises(SystemExit):
            read()
    first, second = capsys.readouterr().out.split("usage:")[1:]
    assert first == second and "dalbula" in first and "simulate" in first


def test_a_plain_commands_namespace_reads_as_argparse_s():
    # no argparse for a plain ``onenight`` (cli.PlainArgs): the same attributes, equal either way round
    plain, whole = parse([], "en"), build_parser("en").parse_args([])
    assert plain == whole and whole == plain and vars(plain) == vars(whole)
    assert "ruleset" in plain and "nope" not in plain
    assert plain != build_parser("en").parse_args(["--seed", "3"])


async def test_a_terminal_saying_its_size_again_lays_nothing_out_again(monkeypatch):
    # A real terminal says its size twice at start; the second, unchanged, no longer reaches the screens
    # (a headless app lets every Resize through: run as if in a terminal)
    from textual import events
    from textual.geometry import Size

    from app_pilot import SIZE, handled, quiet_settings, screen_name, until
    from onenight_tui.app import OneNightApp
    from onenight_tui.screens.setup.setup import SetupScreen

    reached: list[Size] = []
    monkeypatch.setattr(SetupScreen, "on_resize", lambda self, event: reached.append(event.size), raising=False)
    app = OneNightApp(quiet_settings(players=("Ana", "Ben", "Cleo")))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await until(pilot, lambda: tuple(app.screen.outer_size) == SIZE, "the set-up laid out")
        await handled(pilot, "the start's resizes")
        monkeypatch.setattr(OneNightApp, "is_headless", property(lambda self: False))
        reached.clear()
        app.post_message(events.Resize(Size(*SIZE), Size(*SIZE)))
        await handled(pilot, "the unchanged size")
        assert reached == []
        app.post_message(events.Resize(Size(90, 30), Size(90, 30)))  # a real change still reaches it
        await until(pilot, lambda: Size(90, 30) in reached, "the new size")
