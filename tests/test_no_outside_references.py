"""Nothing the program shows and no comment in its code points at a file outside this repository
(issue 21: ``onenight --help`` cited "resolution.md A14", a file the user does not have). The rules
the code follows are stated in ``docs/`` (rules.md, resolution.md, design.md, scenarios.md), and the
points the code cites there exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# Everything the program is made of or shows: its code and its data (help, messages, role texts).
SHIPPED = sorted([*(p for p in (ROOT / "src").rglob("*") if p.is_file() and p.suffix in (".py", ".toml", ".tcss")),
                  *(ROOT / name for name in ("roles.toml", "rules.toml", "classic.toml", "draws.toml", "presets.toml",
                                             "README.md", "pyproject.toml"))])

OUTSIDE = re.compile(
    r"\.\./shared|/work/shared|(?<![\w.-])seeds/"  # the folders beside the repository
    r"|(?<![\w/.-])(?:rules/)?(?:roles|resolution|design)\.md"  # the references, not as docs/…
    r"|FORMAT(?:-[a-z]+)?\.md|new-moon-events\.md")


def _lines(path: Path):
    return enumerate(path.read_text(encoding="utf-8").splitlines(), 1)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_outside_the_repository_is_named(path):
    found = [f"{number}: {line.strip()}" for number, line in _lines(path) if OUTSIDE.search(line)]
    assert found == [], f"{path.relative_to(ROOT)} points outside the repository:\n" + "\n".join(found)


def test_the_docs_the_code_points_at_exist():
    named = {m for path in SHIPPED for m in re.findall(r"docs/([\w-]+\.md)", path.read_text(encoding="utf-8"))}
    assert {"rules.md", "resolution.md", "design.md", "scenarios.md"} <= named
    assert sorted(name for name in named if not (DOCS / name).is_file()) == []


def _cited(pattern: str, doc: str) -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in SHIPPED)
    return {m for line in text.splitlines() if f"docs/{doc}" in line for m in re.findall(pattern, line)}


def test_the_rule_points_the_code_cites_are_stated_in_docs():
    """A decided ambiguity (``E-52``), a role number (``#5``) or a resolution answer (``A14``) cited next to
    the doc's name is a point that doc states."""
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    resolution = (DOCS / "resolution.md").read_text(encoding="utf-8")
    missing = sorted(e for e in _cited(r"\bE-\d+\b", "rules.md") if f"**{e}**" not in rules)
    missing += sorted(n for n in _cited(r"#\d+\b", "rules.md") if f"| {n} |" not in rules)
    missing += sorted(a for a in _cited(r"\bA\d+\b", "resolution.md") if f"**{a}**" not in resolution)
    assert missing == []


def test_option_help_cites_no_reference():
    """The options' help (``onenight --help``, the set-up's rules screen) reads on its own."""
    for lang in ("en", "ko", "zh", "fr"):
        text = (ROOT / "src" / "onenight_tui" / "text" / f"{lang}.toml").read_text(encoding="utf-8")
        options = [line for line in text.splitlines() if line.startswith("rule_option_")]
        assert options and not [line for line in options if ".md" in line]
