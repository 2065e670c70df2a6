"""The suite runs its fast core first (conftest.py): with ``-x`` an engine bug shows in seconds, before the
Pilot and snapshot runs; ``-m "not slow"`` selects that core alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def collected(*args: str) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    return [line for line in proc.stdout.splitlines() if "::" in line]


@pytest.mark.subprocess
def test_engine_tests_run_before_the_app_tests():
    ids = collected()
    first_app = next(i for i, t in enumerate(ids) if t.startswith(("tests/test_app_snapshots.py",
                                                                 "tests/test_app_play.py")))
    engine = [i for i, t in enumerate(ids) if t.startswith(("tests/test_base_roles.py",
                                                            "tests/test_resolution.py",
                                                            "tests/test_night_script.py"))]
    assert engine and max(engine) < first_app
    fast = collected("-m", "not slow")
    assert fast and not any(t.startswith(("tests/test_app_play.py", "tests/test_app_snapshots.py",
                                          "tests/test_privacy.py")) for t in fast)
    assert len(fast) > len(ids) // 2  # the core is most of the suite, not a token subset
