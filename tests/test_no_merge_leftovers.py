"""No merge leftovers in what the repository ships: a conflict marker committed by mistake (it happened
once, in docs/decisions.md) is caught here, in the docs, the sources, the data and the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^(<{7}|>{7}|={7})( |$)", re.M)
SHIPPED = ("*.md", "*.toml", "*.py", "*.tcss")


def leftovers(text: str) -> list[int]:
    """The line numbers of conflict markers in ``text``."""
    return [text.count("\n", 0, m.start()) + 1 for m in MARKER.finditer(text)]


def test_no_conflict_markers_are_committed():
    found = {}
    for folder in (ROOT / "docs", ROOT / "src", ROOT / "scenarios", ROOT / "benchmarks"):
        for pattern in SHIPPED:
            for path in folder.rglob(pattern):
                if lines := leftovers(path.read_text(encoding="utf-8")):
                    found[path.relative_to(ROOT).as_posix()] = lines
    for path in (ROOT / "README.md", ROOT / "roles.toml", ROOT / "pyproject.toml"):
        if lines := leftovers(path.read_text(encoding="utf-8")):
            found[path.name] = lines
    assert not found, f"merge conflict markers: {found}"


def test_the_scan_finds_each_marker():
    text = "a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> other\n==== not one\n"
    assert leftovers(text) == [2, 4, 6]
