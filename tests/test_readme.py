"""The README's first run: it opens with exactly two commands (play; test), both in a virtual environment
so they work where the system Python is externally managed; CI runs the second one verbatim; role lists
with a ``*`` are quoted so zsh does not expand them; the Python version it states is pyproject's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def opening_commands() -> list[str]:
    m = re.search(r"\A# [^\n]+\n+```sh\n(.*?)```", README, re.S)
    assert m, "the README opens with a title and a sh block"
    return [line for line in m.group(1).splitlines() if line.strip()]


def test_readme_opens_with_two_commands_in_a_virtual_environment():
    play, test = opening_commands()
    for command in (play, test):
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install ")
    assert play.endswith("-m onenight_tui")
    assert "'.[test]'" in test and test.endswith(("-m pytest", "-m pytest -n 4"))


def test_ci_runs_the_readmes_second_command():
    """Verbatim, as one of its lines (CI may run more checks, such as linters, beside it)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert opening_commands()[1] in ci.splitlines()


def test_python_version_is_stated_as_pyproject_requires():
    with open(ROOT / "pyproject.toml", "rb") as fh:
        requires = tomllib.load(fh)["project"]["requires-python"]
    version = requires.removeprefix(">=")
    assert f"Python {version} or newer" in README


def test_role_lists_with_a_star_are_quoted():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"--roles[ =]([^\s`|]+)", text):
            value = m.group(1)
            assert "*" not in value or value[0] in "'\"", f"{path.name}: unquoted --roles {value}"
