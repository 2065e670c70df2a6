"""tests/reference holds verbatim copies of the public rules reference (roles.md, resolution.md, the
scenario examples) so the tests that read them run in every checkout. Here the copies are compared with
the originals, when the checkout sits beside ``../shared`` (the project's working layout)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
COPIES = {"roles.md": "rules/roles.md", "resolution.md": "rules/resolution.md",
          "examples.toml": "scenarios/examples.toml", "examples-random.toml": "scenarios/examples-random.toml"}


@pytest.mark.parametrize("copy,original", COPIES.items())
def test_reference_copy_matches_the_original(copy, original):
    source = SHARED / original
    if not source.is_file():
        pytest.skip(f"no {source} to compare with: this checkout is not beside ../shared (the copy in "
                    "tests/reference is used as it is)")
    assert (ROOT / "tests" / "reference" / copy).read_bytes() == source.read_bytes(), (
        f"tests/reference/{copy} differs from shared/{original}: copy it again")
