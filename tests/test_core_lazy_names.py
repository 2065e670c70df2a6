"""``onenight_core`` imports its public names on first use (PEP 562): reading a file through
``onenight_core.file_io`` (the app's settings, before its first screen) loads no engine, while every
public name still works as an import of the package always did, the ruleset registry included. Checked
in fresh interpreters, where nothing else has imported the engine yet."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import onenight_core


def fresh(code: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_file_io_loads_no_engine():
    found = fresh("import json, sys, onenight_core.file_io\n"
                  "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('onenight_core', 'attr')))))")
    assert "onenight_core.file_io" in found
    assert not [m for m in found if m.startswith(("onenight_core.engine", "onenight_core.rulesets",
                                                  "onenight_core.model", "attr"))], found


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_a_public_name_loads_the_registry_a_setup_needs():
    found = fresh("import json\nfrom onenight_core import Setup\n"
                  "s = Setup(('Ann', 'Bo', 'Cy'), ('werewolf',) * 2 + ('seer', 'robber', 'troublemaker', 'villager'))\n"
                  "print(json.dumps(s.ruleset))")
    assert found == "onuw"


def test_every_public_name_is_there_and_nothing_else():
    for name in onenight_core.__all__:
        assert getattr(onenight_core, name) is not None
        assert name in dir(onenight_core)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        onenight_core.nonsense  # noqa: B018
    namespace: dict = {}
    exec("from onenight_core import *", namespace)  # noqa: S102
    assert set(onenight_core.__all__) <= set(namespace)
