"""The built wheel carries its package data (roles.toml, every .tcss), not only an editable install."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    if proc.returncode != 0:
        pytest.skip(f"could not build a wheel here (no build backend available?): {proc.stderr[-300:]}")
    (path,) = out.glob("onenight-*.whl")
    return zipfile.ZipFile(path)


def test_wheel_has_the_catalog(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    assert "onenight_core/roles.toml" in names
    assert wheel.read("onenight_core/roles.toml") == (ROOT / "roles.toml").read_bytes()


def test_wheel_has_every_stylesheet(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    sources = {p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src").rglob("*.tcss")}
    assert sources, "the app has stylesheets"
    assert sources <= names


def test_wheel_declares_the_console_script(wheel: zipfile.ZipFile) -> None:
    (entry,) = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    assert "onenight = onenight_tui.cli:main" in wheel.read(entry).decode()
