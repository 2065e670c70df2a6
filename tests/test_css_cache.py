"""The parsed style sheets kept between runs (``onenight_tui.css_cache``): a second start reuses the
first one's parses and gets the same rules; another Textual, another theme or a damaged file parse."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from onenight_tui import css_cache

# One "start" in a fresh process: hook, parse the set-up's style sheets as the app does, keep, and
# report the rules and how many sources Textual really parsed.
START = r"""
import json, sys
from pathlib import Path
from textual.css import stylesheet as textual_stylesheet
from textual.css.stylesheet import Stylesheet
from textual.theme import BUILTIN_THEMES
from textual.widgets import Button, Input
from onenight_tui import css_cache

real_parse = textual_stylesheet.parse
parsed = []
def counting_parse(*args, **kwargs):
    parsed.append(args[1][:20])
    return real_parse(*args, **kwargs)
textual_stylesheet.parse = counting_parse

hooked = css_cache.install(Path(sys.argv[1]))
variables = BUILTIN_THEMES["textual-dark"].to_color_system().generate()
variables["primary"] = sys.argv[2]
sheet = Stylesheet(variables=variables)
sheet.add_source("Button { color: $primary; } #a { width: 3; }", read_from=("x.tcss", ""))
for widget in (Button, Input):
    sheet.add_source(widget.DEFAULT_CSS, read_from=("", widget.__name__), is_default_css=True)
sheet.parse()
css_cache.keep()
print(json.dumps({"hooked": hooked, "parsed": len(parsed), "rules": [rule.css for rule in sheet.rules]}))
"""


def start(cache: Path, primary: str = "#123456") -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-c", START, str(cache), primary], env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    return json.loads(done.stdout)


@pytest.mark.subprocess  # starts a child Python: after the fast core
@pytest.mark.skipif(not css_cache._hookable(), reason="another Textual: the cache is never installed")
def test_a_second_start_reuses_the_first_ones_parses_and_gets_the_same_rules(tmp_path):
    cache = tmp_path / "css.pickle"
    first = start(cache)
    assert first["hooked"] and first["parsed"] >= 3 and cache.exists()
    again = start(cache)
    assert again["parsed"] == 0
    assert again["rules"] == first["rules"] and any("#123456" in rule for rule in again["rules"])


@pytest.mark.subprocess  # starts a child Python: after the fast core
@pytest.mark.skipif(not css_cache._hookable(), reason="another Textual: the cache is never installed")
def test_other_theme_variables_or_a_damaged_file_parse_again(tmp_path):
    cache = tmp_path / "css.pickle"
    start(cache)
    other = start(cache, primary="#abcdef")
    assert other["parsed"] >= 3 and any("#abcdef" in rule.lower() for rule in other["rules"])
    cache.write_bytes(cache.read_bytes()[:200])  # cut short
    damaged = start(cache)
    assert damaged["parsed"] >= 3 and any("#123456" in rule for rule in damaged["rules"])


def test_another_textual_version_is_never_hooked(monkeypatch, tmp_path):
    from textual.css.stylesheet import Stylesheet

    monkeypatch.setattr(css_cache, "TEXTUAL_VERSION", "0.0.0")
    monkeypatch.setattr(css_cache, "_installed", False)
    parse_rules = Stylesheet._parse_rules
    assert css_cache.install(tmp_path / "css.pickle") is False
    assert Stylesheet._parse_rules is parse_rules
    css_cache.keep()  # nothing to keep: writes nothing
    assert not (tmp_path / "css.pickle").exists()
