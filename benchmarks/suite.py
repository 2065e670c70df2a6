"""Benchmark: how long the test suite takes, the two figures of issue 25.

    python3 benchmarks/suite.py                # the fast core, then the README's command (pytest -n 4)
    python3 benchmarks/suite.py --fast-only    # only the fast core (``-m "not slow"``)
    python3 benchmarks/suite.py --runs 3 --busy
                                               # three whole runs in a row while other processes keep
                                               # every core busy: the no-flaky-test check

Each run is a child ``python -m pytest`` started from the repository's root with this interpreter (run it
with the project's virtual environment). Printed for each: the wall time, the CPU time the run used
(user + system, its worker processes included), the pass/fail summary line, and the machine's load
average before and after (a figure taken on a loaded machine says so). Goals (issue 25, on a two-core
machine): the fast core under 60 s, the README's command under 10 minutes, and every run passing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAST_CORE = ("-m", "not slow")  # README: the fast core
README = ("-n", "4")  # README's second command and .ci/run
FAST_GOAL, SUITE_GOAL = 60.0, 600.0  # seconds


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # not on this platform
        return "n/a"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(name: str, args: tuple[str, ...], goal: float) -> tuple[float, bool]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]
    print(f"{name}: {' '.join(command[1:])}  (load before: {load()}, {os.cpu_count()} cores)", flush=True)
    cpu, start = children_cpu(), time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    summary = lines[-1] if lines else proc.stderr.strip()[-300:]
    verdict = f"  goal < {goal:.0f} s: " + ("met" if wall < goal else "NOT met")
    print(f"  {wall:7.1f} s wall, {cpu:7.1f} s CPU  {summary}{verdict}  (load after: {load()})", flush=True)
    if proc.returncode:
        failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
        print("\n".join("    " + line for line in failed[:30]), flush=True)
    return wall, proc.returncode == 0


def spin(stop) -> None:  # pragma: no cover - a child process keeping a core busy
    while not stop.is_set():
        sum(range(10_000))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fast-only", action="store_true", help="time only the fast core")
    parser.add_argument("--runs", type=int, default=1, help="whole-suite runs in a row (default 1)")
    parser.add_argument("--busy", action="store_true", help="keep every core busy with another process meanwhile")
    args = parser.parse_args(argv)
    busy: list = []
    stop = multiprocessing.Event()
    if args.busy:
        busy = [multiprocessing.Process(target=spin, args=(stop,), daemon=True) for _ in range(os.cpu_count() or 2)]
        for process in busy:
            process.start()
        print(f"{len(busy)} busy processes keep the cores loaded", flush=True)
    ok = True
    try:
        ok &= run("fast core", FAST_CORE, FAST_GOAL)[1]
        if not args.fast_only:
            for index in range(args.runs):
                name = "README command (-n 4)" + (f" run {index + 1}" if args.runs > 1 else "")
                ok &= run(name, README, SUITE_GOAL)[1]
    finally:
        stop.set()
        for process in busy:
            process.join(5)
    print("every run passed" if ok else "SOME RUN FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
