"""Adding a language is its entry in the one list (onenight_core/languages.py), its two catalogs and its
names in the data files — nothing else (docs/text.md, "Adding a language"; issue 24). A copy of the program
gets a language ``xx`` exactly that way, and everything that offers a language offers it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from onenight_core.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
DATA_FILES = ("roles.toml", "rules.toml", "classic.toml", "draws.toml", "presets.toml")
STRING = r'"(?:[^"\\]|\\.)*"'

XX = '''    Language("xx", "Xxish-own", "Xxish", "en-us", ("xx",)),
)
#: Their codes'''


def with_xx(text: str) -> str:
    """A data file with an ``xx`` line (the English words) beside every ``en`` of a table of languages."""
    text = re.sub(rf"(?<=[{{,] )en = ({STRING})", r"en = \1, xx = \1", text)  # names = { en = "…", … }
    return re.sub(rf"(?m)^(\s*)en = ({STRING})(.*)$", r"\1en = \2\3\n\1xx = \2", text)  # en = "…" lines


def _tables(value: object):
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _tables(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _tables(inner)


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> Path:
    """A copy of the program (its source and data files) with the language ``xx`` added as the docs say."""
    top = tmp_path_factory.mktemp("xx")
    shutil.copytree(ROOT / "src", top / "src", ignore=shutil.ignore_patterns("__pycache__"))
    core, text = top / "src" / "onenight_core", top / "src" / "onenight_tui" / "text"
    # 1. its entry in the one list
    listed = (core / "languages.py").read_text(encoding="utf-8")
    assert listed.count(")\n#: Their codes") == 1
    (core / "languages.py").write_text(listed.replace(")\n#: Their codes", XX), encoding="utf-8")
    # 2. its catalogs
    for folder in (text, text / "app"):
        english = (folder / "en.toml").read_text(encoding="utf-8")
        (folder / "xx.toml").write_text(english.replace('lang = "en"', 'lang = "xx"', 1), encoding="utf-8")
    # 3. its names in the data files
    for name in DATA_FILES:
        (top / name).write_text(with_xx((ROOT / name).read_text(encoding="utf-8")), encoding="utf-8")
    return top


def _run(program: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(program / "src"), XDG_CACHE_HOME=str(program / "cache"),
               XDG_CONFIG_HOME=str(program / "config"), XDG_STATE_HOME=str(program / "state"),
               XDG_DATA_HOME=str(program / "data"), PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=120,
                          cwd=program)


def test_the_data_files_gain_xx_in_every_table_of_languages(program):
    for name in ("roles.toml", "rules.toml", "classic.toml"):
        data = tomllib.loads((program / name).read_text(encoding="utf-8"))
        tables = [t for t in _tables(data) if "en" in t and isinstance(t["en"], str)]
        assert tables and all(t["xx"] == t["en"] for t in tables), name


CHECKS = '''
from onenight_core.languages import LANGUAGES
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.rules import default_rules
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_tui.text.catalog import load, load_app
from onenight_tui.text.app_words import AppWords
from onenight_tui.settings import LANGS, Settings, system_language
from onenight_tui.screens.setup.setup import LANGUAGE_NAMES
from onenight_tui.screens.narrator.narrator import LANG_CYCLE
from onenight_tui.screens.narrator.setup import LANGS as NARRATOR_LANGS
from onenight_tui.sound.espeak import VOICES
from onenight_tui.speech import countdown

assert LANGUAGES[-1] == "xx", LANGUAGES
assert default_catalog()["seer"].name("xx") == "Seer"
assert default_rules().team("werewolf").name("xx") == default_rules().team("werewolf").name("en")
assert classic_catalog().role("witch").name("xx") == "Witch"
assert load("xx").lang == "xx" and load_app("xx").lang == "xx" and AppWords("xx").lang == "xx"
assert "xx" in LANGS and Settings(lang="xx").lang == "xx"
assert system_language({"LANG": "xx_XX.UTF-8"}) == "xx"
assert system_language({"LANG": "Xxish_Land"}) == "xx"
assert LANGUAGE_NAMES["xx"] == "Xxish-own" and NARRATOR_LANGS["xx"] == "Xxish-own" and "xx" in LANG_CYCLE
assert VOICES["xx"] == "en-us" and countdown("xx") == "3, 2, 1, vote!"
print("xx ok")
'''


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_everything_that_offers_a_language_offers_xx(program):
    done = _run(program, "-c", CHECKS)
    assert done.returncode == 0 and "xx ok" in done.stdout, done.stderr[-2000:]


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_the_command_line_speaks_xx(program):
    done = _run(program, "-m", "onenight_tui", "--lang", "xx", "roles")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Seer" in done.stdout


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_a_data_file_without_the_new_language_is_one_line(program, tmp_path):
    """A language in the list but not in a data file: the loader names the table and the language."""
    shutil.copy(ROOT / "roles.toml", program / "roles.toml")  # the original: no xx names
    try:
        done = _run(program, "-m", "onenight_tui", "--lang", "xx", "roles")
    finally:
        (program / "roles.toml").write_text(with_xx((ROOT / "roles.toml").read_text(encoding="utf-8")),
                                            encoding="utf-8")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "'xx'" in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_the_one_list_is_the_four_languages():
    assert LANGUAGES == ("en", "ko", "zh", "fr")
