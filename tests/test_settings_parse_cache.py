"""The settings file's parse is kept between runs (settings.py, ``PARSE_CACHE``; docs/tui.md, "Start-up
time"): a start reads back what the last store or start parsed, keyed by the file's very bytes, and
parses again whatever differs."""

from __future__ import annotations

import pytest

from onenight_core import file_io
from onenight_tui import settings as settings_module
from onenight_tui.settings import Settings, keep_parse, load_settings, store_settings


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(settings_module, "_unkept", None)


def _no_parse(monkeypatch):
    def refused(text):
        raise AssertionError("parsed again")

    monkeypatch.setattr(file_io, "parse_toml", refused)


def test_a_start_reads_the_settings_it_stored_without_parsing(tmp_path, monkeypatch, own_cache):
    path = tmp_path / "settings.toml"
    stored = Settings(players=("Ana", "Ben", "Cleo"), day_seconds=240, lang="fr")
    assert store_settings(stored, path) is None
    _no_parse(monkeypatch)
    assert load_settings(path) == (stored, None)


def test_a_parse_made_at_start_is_kept_and_a_changed_file_is_parsed_again(tmp_path, monkeypatch, own_cache):
    path = tmp_path / "settings.toml"
    path.write_text('players = ["Ana", "Ben", "Cleo"]\n')
    assert load_settings(path)[0].players == ("Ana", "Ben", "Cleo")  # parsed
    keep_parse()
    with monkeypatch.context() as patched:
        _no_parse(patched)
        assert load_settings(path)[0].players == ("Ana", "Ben", "Cleo")  # read back
    path.write_text('players = ["Ana", "Ben", "Dev"]\n')  # edited by hand: other bytes
    assert load_settings(path)[0].players == ("Ana", "Ben", "Dev")
    path.write_text('players = ["Ana", "Ben"\n')  # broken: still one notice, never the old parse
    settings, notice = load_settings(path)
    assert settings.players == () and notice is not None
