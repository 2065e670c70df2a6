"""Cold start of the app to its first screen, against a bare Textual app (target: at most 25% slower).

Each run is a fresh Python process (imports included, as a player's start is), running headless until
its first screen's first frame — and, as a second figure, until that screen is complete and idle; runs
of the two apps alternate so that machine noise hits both. Prints medians, spreads and ratios.

    python3 benchmarks/startup.py [--runs 9] [--check]

``--check`` exits with status 1 when the ratio misses the target."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

TARGET = 1.25

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
    await pilot.pause()
    assert pilot.app.screen.filled, "the set-up screen is not complete"
    pilot.app.exit()


settings, notice = load_settings(settings_path())
app = OneNightApp(settings, settings_file=settings_path(), save_file=save_path(), notice=notice)
app.run(headless=True, size=(80, 24), auto_pilot=None if sys.argv[1] == "first" else ready)
"""


def run_once(code: str, mode: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, mode], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"startup.py: the child failed:\n{done.stderr.strip()}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each app (default 9)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the target is missed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_STATE_HOME=os.path.join(home, "state"))
        env.pop("TEXTUAL", None)
        for mode in ("first", "ready"):  # warm the file cache and the bytecode
            run_once(BARE, mode, env), run_once(ONENIGHT, mode, env)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.runs):
            for mode in ("first", "ready"):
                times.setdefault(("bare", mode), []).append(run_once(BARE, mode, env))
                times.setdefault(("onenight", mode), []).append(run_once(ONENIGHT, mode, env))
    ratio = 0.0
    for mode, what in (("first", "first frame"), ("ready", "screen complete")):
        b, o = (statistics.median(times[(app, mode)]) for app in ("bare", "onenight"))
        print(f"{what}:")
        for name, runs in (("bare Textual app", times[("bare", mode)]), ("onenight set-up", times[("onenight", mode)])):
            print(f"  {name:17}: median {statistics.median(runs) * 1000:5.0f} ms"
                  f"  (min {min(runs) * 1000:.0f}, max {max(runs) * 1000:.0f})")
        print(f"  ratio            : {o / b:.2f}" + (f"  (target ≤ {TARGET:.2f}: "
                                                     f"{'met' if o / b <= TARGET else 'MISSED'})"
                                                     if mode == "first" else ""))
        if mode == "first":
            ratio = o / b
    return 1 if args.check and ratio > TARGET else 0


if __name__ == "__main__":
    raise SystemExit(main())
