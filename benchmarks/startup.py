"""Cold start of the app to its first screen, against a bare Textual app (targets: the first frame at most
25% slower, the set-up complete with its deck list at most 30% slower).

Each run is a fresh Python process (imports included, as a player's start is), running headless until
its first screen's first frame — and, as a second figure, until that screen is complete and idle; runs
of the two apps alternate so that machine noise hits both. Prints medians, spreads and ratios of wall
time, and the children's CPU time (user + system), which a busy machine disturbs less.

    python3 benchmarks/startup.py [--runs 9] [--check]

``--check`` exits with status 1 when a wall-time ratio misses its target."""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

# onenight / bare, medians of wall time: the first frame, and the set-up complete (deck list filled).
TARGETS = {"first": 1.25, "ready": 1.30}

# Each child exits at its first screen's first frame (``first``) or once that screen is idle, fully
# built (``ready``): the set-up screen paints first and mounts its catalog-dependent parts right after.
BARE = """
import sys
from textual.app import App
from textual.widgets import Footer, Label


class Bare(App):
    def compose(self):
        yield Label("Hello")
        yield Footer()

    def on_mount(self):
        if sys.argv[1] == "first":
            self.call_after_refresh(self.exit)


async def ready(pilot):
    await pilot.pause()
    pilot.app.exit()


Bare().run(headless=True, size=(80, 24), auto_pilot=None if sys.argv[1] == "first" else ready)
"""

ONENIGHT = """
import sys
from onenight_tui.app import OneNightApp
from onenight_tui.screens.setup import SetupScreen
from onenight_tui.settings import load_settings, save_path, settings_path

if sys.argv[1] == "first":
    async def first_frame_is_out(self):  # _fill runs right after the first frame: stop there
        self.app.exit()

    SetupScreen._fill = first_frame_is_out


async def ready(pilot):
    for _ in range(1000):  # until the deck list is there (the set-up fills itself after its first frame)
        await pilot.pause()
        if getattr(pilot.app.screen, "filled", False):
            break
    assert pilot.app.screen.filled, "the set-up screen is not complete"
    pilot.app.exit()


settings, notice = load_settings(settings_path())
app = OneNightApp(settings, settings_file=settings_path(), save_file=save_path(), notice=notice)
app.run(headless=True, size=(80, 24), auto_pilot=None if sys.argv[1] == "first" else ready)
"""


def run_once(code: str, mode: str, env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one child, from start to exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, mode], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"startup.py: the child failed:\n{done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each app (default 9)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the target is missed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        # A fresh player's folders (no settings, no saved game, an empty cache) and a warm machine: the
        # first runs below fill the file cache, the bytecode and the app's cache of the parsed catalog, as
        # any start after the first finds them. The bytecode goes to a folder of its own, written even
        # when the caller's environment says not to (PYTHONDONTWRITEBYTECODE): without it every child
        # would compile the app from source, which no installed copy does, while Textual's bytecode is
        # already there.
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_STATE_HOME=os.path.join(home, "state"), XDG_CACHE_HOME=os.path.join(home, "cache"),
                   PYTHONPYCACHEPREFIX=os.path.join(home, "bytecode"))
        env.pop("TEXTUAL", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for mode in ("first", "ready"):  # warm the file cache, the bytecode and the catalog cache
            run_once(BARE, mode, env), run_once(ONENIGHT, mode, env)
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(args.runs):
            for mode in ("first", "ready"):
                times.setdefault(("bare", mode), []).append(run_once(BARE, mode, env))
                times.setdefault(("onenight", mode), []).append(run_once(ONENIGHT, mode, env))
    missed = False
    for mode, what in (("first", "first frame"), ("ready", "screen complete")):
        print(f"{what}:")
        for name, app in (("bare Textual app", "bare"), ("onenight set-up", "onenight")):
            wall = [w for w, _ in times[(app, mode)]]
            cpu = [c for _, c in times[(app, mode)]]
            print(f"  {name:17}: median {statistics.median(wall) * 1000:5.0f} ms"
                  f"  (min {min(wall) * 1000:.0f}, max {max(wall) * 1000:.0f});"
                  f"  CPU {statistics.median(cpu) * 1000:5.0f} ms")
        wall_ratio, cpu_ratio = (
            statistics.median([r[k] for r in times[("onenight", mode)]])
            / statistics.median([r[k] for r in times[("bare", mode)]]) for k in (0, 1))
        target = TARGETS[mode]
        met = wall_ratio <= target
        missed |= not met
        print(f"  ratio            : {wall_ratio:.2f}  (target ≤ {target:.2f}: {'met' if met else 'MISSED'});"
              f"  CPU ratio {cpu_ratio:.2f}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
