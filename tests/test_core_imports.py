"""``onenight_core`` is pure: importing it (and every one of its modules) never imports Textual or Rich
(design.md "Layers"). Checked in a fresh interpreter, where nothing else has imported them yet."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = r"""
import importlib, json, pkgutil, sys
import {package}
modules = sorted(m.name for m in pkgutil.walk_packages({package}.__path__, "{package}."))
for name in modules:
    importlib.import_module(name)
{extra}
ui = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(json.dumps({{"modules": modules, "ui": ui}}))
"""


def probe(package: str, extra: str = "") -> dict:
    result = subprocess.run([sys.executable, "-c", PROBE.format(package=package, extra=extra)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.subprocess  # starts a child Python: after the fast core
def test_onenight_core_and_all_its_modules_import_neither_textual_nor_rich():
    found = probe("onenight_core")
    assert "onenight_core.engine.protocol" in found["modules"]
    assert "onenight_core.rulesets.onuw.roles.base" in found["modules"]
    assert found["ui"] == []


@pytest.mark.subprocess  # starts a child Python: after the fast core
def test_the_probe_would_notice_an_import_of_rich():
    # the same probe, with one extra import, sees it: the check above can fail
    found = probe("onenight_core", extra="import rich.text")
    assert "rich" in found["ui"]
