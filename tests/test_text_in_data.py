"""Every sentence and name the core hands out comes from the data files or the catalogs (issue 24): no
dict keyed by language codes in the code, and the narrator's night/dawn headings are roles.toml's."""

from __future__ import annotations

import ast
from pathlib import Path

from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import step_title
from onenight_core.languages import LANGUAGES
from onenight_core.model.values import Step
from source_tree import walked

SRC = Path(__file__).resolve().parent.parent / "src"


def language_dicts(source: str) -> list[int]:
    """Lines of dict literals keyed by two or more language codes (``{"en": …, "ko": …}``)."""
    return [node.lineno for node in walked(source) if isinstance(node, ast.Dict)
            and sum(isinstance(k, ast.Constant) and k.value in LANGUAGES for k in node.keys) >= 2]


def test_no_code_holds_words_per_language():
    found = {path.relative_to(SRC).as_posix(): lines for path in sorted(SRC.rglob("*.py"))
             if (lines := language_dicts(path.read_text(encoding="utf-8")))}
    assert not found, f"words per language belong in the catalogs or the data files: {found}"


def test_the_scan_finds_a_language_dict():
    assert language_dicts('X = {"dawn": {"en": "Dawn", "ko": "새벽"}}\nY = {"en": 1}') == [1]


def test_night_and_dawn_are_named_by_roles_toml():
    catalog = default_catalog()
    assert catalog.step("dawn").name("ko") == "새벽" and catalog.step("night_start").name("fr") == "Nuit"
    assert step_title(catalog, Step("dawn", "Z9", "engine"), "zh") == "黎明"
    assert step_title(catalog, Step("night_start", "A0", "engine"), "en") == "Night"
