"""The parsed catalog kept between runs (catalog/cache.py): read back only when it is this very catalog;
a stale, damaged or unwritable cache costs a parse, never a wrong catalog or an error."""

from __future__ import annotations

import pytest

from onenight_core.catalog import cache, loader
from onenight_core.catalog.loader import load_catalog_file, load_default_catalog
from onenight_core.errors import CatalogError


@pytest.fixture
def parses(monkeypatch):
    """How many times roles.toml was parsed (each parse is counted, then done for real)."""
    count = [0]
    real = loader.parse_catalog

    def counting(data):
        count[0] += 1
        return real(data)

    monkeypatch.setattr(loader, "parse_catalog", counting)
    return count


def test_the_second_load_reads_the_cache_instead_of_parsing(tmp_path, parses):
    file = tmp_path / "cache" / "catalog.pickle"
    first = load_default_catalog(file)
    assert parses[0] == 1 and file.is_file()
    second = load_default_catalog(file)
    assert parses[0] == 1  # not parsed again
    assert second == first == load_catalog_file(loader.default_catalog_path())
    assert second is not first


def test_an_edited_roles_toml_is_parsed_again_and_its_errors_reported(tmp_path, parses, monkeypatch):
    file = tmp_path / "catalog.pickle"
    load_default_catalog(file)
    roles = tmp_path / "roles.toml"
    original = loader.default_catalog_path().read_text(encoding="utf-8")
    roles.write_text(original.replace('"Seer"', '"Seeress"', 1), encoding="utf-8")
    monkeypatch.setattr(loader, "default_catalog_path", lambda: roles)
    assert load_default_catalog(file)["seer"].name("en") == "Seeress"
    assert parses[0] == 2
    roles.write_text(original + "\n[[role]]\nid = 1\n", encoding="utf-8")
    with pytest.raises(CatalogError, match="roles.toml: role #83: field 'id'"):
        load_default_catalog(file)


@pytest.mark.parametrize("damage", [b"", b"garbage", cache.MAGIC, "truncated", "other key", "field renamed"])
def test_a_damaged_or_stale_cache_is_parsed_over(tmp_path, parses, damage):
    file = tmp_path / "catalog.pickle"
    good = load_default_catalog(file)
    data = file.read_bytes()
    if damage == "truncated":
        damage = data[: len(data) // 2]
    elif damage == "other key":
        damage = cache.MAGIC + bytes(32) + data[len(cache.MAGIC) + 32:]
    elif damage == "field renamed":  # still a pickle that loads, with a byte changed inside (issue 27)
        damage = data.replace(b"edition", b"editiom", 1)
    file.write_bytes(damage)
    assert load_default_catalog(file) == good
    assert parses[0] == 2
    assert file.read_bytes() == data  # written again, whole


def test_an_unwritable_cache_folder_only_costs_a_parse(tmp_path, parses):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    file = blocker / "catalog.pickle"  # its folder is a file: nothing can be written there
    assert load_default_catalog(file) == load_default_catalog(None)
    assert load_default_catalog(file) == load_default_catalog(None)
    assert parses[0] == 4


def test_the_key_covers_every_part_and_their_boundaries():
    assert cache.cache_key(b"ab", b"c") != cache.cache_key(b"a", b"bc")
    assert cache.cache_key(b"a") != cache.cache_key(b"a", b"")
    assert cache.cache_key(b"a", b"b") == cache.cache_key(b"a", b"b")


def test_the_rules_are_cached_the_same_way(tmp_path, monkeypatch):
    from onenight_core.catalog import rules

    file = tmp_path / "rules.pickle"
    first = rules.load_default_rules(file)
    assert file.is_file() and first == rules.load_rules_file(rules.default_rules_path())
    monkeypatch.setattr(rules, "parse_rules", lambda *args: pytest.fail("parsed again"))
    assert rules.load_default_rules(file) == first
    edited = tmp_path / "rules.toml"
    edited.write_bytes(rules.default_rules_path().read_bytes() + b"\n[[nonsense]]\n")
    monkeypatch.setattr(rules, "default_rules_path", lambda: edited)
    with pytest.raises(pytest.fail.Exception, match="parsed again"):  # a new key: parsed, not read back
        rules.load_default_rules(file)
