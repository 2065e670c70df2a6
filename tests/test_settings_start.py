"""Reading settings.toml before the first frame loads no engine when the file remembers the default
ruleset and no rule options (a returning player's usual file), and still checks every other ruleset and
option against the registry. Checked in fresh interpreters."""

from __future__ import annotations

import pytest

import json
import subprocess
import sys

from onenight_core.rulesets import DEFAULT_RULESET, RULESETS
from onenight_tui.settings import Settings, load_settings, store_settings

PROBE = """
import json, sys
from onenight_tui.settings import load_settings
settings, notice = load_settings(sys.argv[1])
print(json.dumps([settings.ruleset, notice, "onenight_core.rulesets" in sys.modules]))
"""


def probe(path) -> list:
    done = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_default_ruleset_is_the_registrys():
    assert Settings().ruleset == DEFAULT_RULESET and Settings.ruleset in RULESETS


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_a_returning_players_file_is_read_without_the_engine(tmp_path):
    path = tmp_path / "settings.toml"
    assert store_settings(Settings(players=("Ann", "Bo", "Cy"), deck=("werewolf", "seer")), path) is None
    assert "[rule_options]" in path.read_text()  # written, empty
    assert probe(path) == ["onuw", None, False]


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_another_ruleset_or_remembered_options_are_checked_against_the_registry(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('ruleset = "dalbula"\n')
    assert probe(path) == ["dalbula", None, True]
    path.write_text('ruleset = "nonsense"\n')
    ruleset, notice, loaded = probe(path)
    assert ruleset == "onuw" and "ruleset" in notice and loaded
    path.write_text('ruleset = "onuw"\n[rule_options.onuw]\nno_such_option = 1\n')
    ruleset, notice, loaded = probe(path)
    assert "rule_options.onuw" in notice and loaded
    assert load_settings(path)[0].rule_options == (("onuw", ()),)
