"""Cold start of the app to its first screen, against a bare Textual app (targets: the first frame at most
10% slower, the set-up complete — deck list filled, names in place — at most 30% slower than the bare
app's first screen).

Two ways, both printed by default:

* **In a real terminal** (``--tmux``): each child runs in a fresh tmux session of 80×24, the app started
  through its command line as a player's ``onenight`` is (``onenight_tui.cli.main([])``: the parser,
  the settings, the save lock and Textual's own terminal driver). A child notes the time (and its CPU
  time) at its first screen's first frame and once that screen is complete; its start is the time the
  shell noted just before starting Python (``$EPOCHREALTIME``), so tmux's own work is not counted.
  One run of the app gives both of its figures; both are compared with the bare app's first screen.
* **Headless** (``--headless``): each child runs ``App.run(headless=True)`` and is timed from its start
  to its exit, once stopping at its first frame and once when the screen is complete.

Each run is a fresh Python process (imports included, as a player's start is); runs of the two apps
alternate so that machine noise hits both. Prints medians, spreads and ratios of wall time, and the
children's CPU time (user + system), which a busy machine disturbs less.

    python3 benchmarks/startup.py [--runs 5] [--tmux | --headless] [--tmux-session NAME] [--check]

``--check`` exits with status 1 when a wall-time ratio misses its target."""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# onenight / bare, medians of wall time: the first frame, and the set-up complete (deck list filled).
TARGETS = {"first": 1.10, "ready": 1.30}

# Each child exits at its first screen's first frame (``first``) or once that screen is complete
# (``ready``): the bare app when idle; the set-up, which paints first and mounts its catalog-dependent
# parts right after (``_fill``), once the frame after its fill is out (the engine's check of a returning
# table's form comes after it, in a thread: ``SetupScreen._load_engine``).
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
from onenight_tui.screens.setup.setup import SetupScreen
from onenight_tui.settings import load_settings, save_path, settings_path

fill = SetupScreen._fill


async def stop(self):  # _fill runs right after the first frame: stop there, or once its frame is out
    if sys.argv[1] == "first":
        self.app.exit()
        return
    await fill(self)
    assert self.filled, "the set-up screen is not complete"
    self.call_after_refresh(self.app.exit)


SetupScreen._fill = stop
settings, notice = load_settings(settings_path())
app = OneNightApp(settings, settings_file=settings_path(), save_file=save_path(), notice=notice)
app.run(headless=True, size=(80, 24))
"""

# In a real terminal. ``sys.argv[1:]``: the file to note times in and the shell's start time. A note is
# "<what> <seconds since the start> <CPU seconds so far>". Textual draws on standard error, so a child's
# failure is written beside the notes (``.err``) instead.
NOTE = """
import sys, time


def note(what):
    with open(sys.argv[1], "a") as out:
        out.write(f"{what} {time.time() - float(sys.argv[2])} {time.process_time()}\\n")


def failed(kind, value, tb):
    import traceback

    with open(sys.argv[1] + ".err", "a") as out:
        out.write("".join(traceback.format_exception(kind, value, tb)))


sys.excepthook = failed
"""

BARE_TTY = NOTE + """
from textual.app import App
from textual.widgets import Footer, Label


class Bare(App):
    def compose(self):
        yield Label("Hello")
        yield Footer()

    def on_mount(self):
        self.call_after_refresh(self.first_frame_is_out)

    def first_frame_is_out(self):  # the whole screen is there: its first frame is its complete screen
        note("first")
        note("ready")
        self.exit()


Bare().run()
"""

# The set-up screen is hooked when the command line imports it, so that the modules are imported in a
# player's order (Textual inside ``commands.play``, where the start holds the garbage collector:
# start_gc.py): ``_fill`` runs right after the first frame and mounts the rest; the frame after it is
# the complete screen.
ONENIGHT_TTY = NOTE + """
import importlib.machinery


def hook(SetupScreen):
    fill = SetupScreen._fill

    async def noting_fill(self):
        note("first")
        await fill(self)

        def complete():
            assert self.filled, "the set-up screen is not complete"
            assert self.query_one("#setup-players").value, "the names are not in place"
            note("ready")
            self.app.exit()

        self.call_after_refresh(complete)

    SetupScreen._fill = noting_fill


class HookWhenImported:  # the set-up's module, hooked right after it is run
    def find_spec(self, name, path=None, target=None):
        if name != "onenight_tui.screens.setup.setup":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def run_and_hook(module):
            run(module)
            hook(module.SetupScreen)

        spec.loader.exec_module = run_and_hook
        return spec


sys.meta_path.insert(0, HookWhenImported())

from onenight_tui.cli import main

code = main([])
if code:
    with open(sys.argv[1] + ".err", "a") as out:
        out.write(f"onenight exited with status {code} (run it by hand to see why)\\n")
raise SystemExit(code)
"""

# A player's names, remembered from an earlier game: the set-up opens with them in place.
SETTINGS = 'players = ["Ana", "Ben", "Cleo", "Dev", "Eli"]\n'


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


# What a child in tmux keeps of the caller's environment (the terminal's own variables are tmux's).
PASSED = ("PATH", "PYTHONPATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "VIRTUAL_ENV")


class Tmux:
    """Runs children in a fresh detached tmux session each, one at a time."""

    def __init__(self, session: str, folder: Path, env: dict[str, str]) -> None:
        self.session, self.folder, self.count = session, folder, 0
        kept = {k: v for k, v in env.items() if k in PASSED or k.startswith(("XDG_", "PYTHONPYCACHE"))}
        self.exports = "".join(f"export {k}={shlex.quote(v)}\n" for k, v in sorted(kept.items()))
        self.exports += "unset TEXTUAL PYTHONDONTWRITEBYTECODE\n"

    def run(self, code: str) -> dict[str, tuple[float, float]]:
        """``{what: (seconds since the start, CPU seconds)}`` as the child noted them."""
        self.count += 1
        child, notes, script = (self.folder / f"{name}-{self.count}" for name in ("child.py", "notes", "run.sh"))
        child.write_text(code)
        channel = f"{self.session}-done-{os.getpid()}-{self.count}"
        script.write_text(
            self.exports
            + f"{shlex.quote(sys.executable)} {shlex.quote(str(child))} {shlex.quote(str(notes))} $EPOCHREALTIME\n"
            + f"tmux wait-for -S {shlex.quote(channel)}\n")
        if subprocess.run(["tmux", "has-session", "-t", f"={self.session}"], capture_output=True).returncode == 0:
            raise SystemExit(f"startup.py: a tmux session {self.session!r} is already there (--tmux-session)")
        subprocess.run(["tmux", "new-session", "-d", "-s", self.session, "-x", "80", "-y", "24",
                        f"bash {shlex.quote(str(script))}"], check=True)
        try:
            subprocess.run(["tmux", "wait-for", channel], check=True, timeout=300)
        except subprocess.TimeoutExpired:
            subprocess.run(["tmux", "kill-session", "-t", f"={self.session}"], capture_output=True)
            raise SystemExit("startup.py: a child in tmux did not finish in 5 minutes") from None
        for _ in range(500):  # the session ends with its shell
            if subprocess.run(["tmux", "has-session", "-t", f"={self.session}"],
                              capture_output=True).returncode != 0:
                break
            time.sleep(0.01)
        noted = {}
        if notes.exists():
            for line in notes.read_text().splitlines():
                what, wall, cpu = line.split()
                noted[what] = (float(wall), float(cpu))
        if set(noted) != {"first", "ready"}:
            err = Path(f"{notes}.err")
            said = err.read_text().strip() if err.exists() else ""
            raise SystemExit(f"startup.py: the child in tmux failed:\n{said}")
        return noted


def fresh_env(home: str) -> dict[str, str]:
    """A fresh player's folders (no saved game, an empty cache, remembered names), in ``home``.

    The bytecode goes to a folder of its own, written even when the caller's environment says not to
    (PYTHONDONTWRITEBYTECODE): without it every child would compile the app from source, which no
    installed copy does, while Textual's bytecode is already there."""
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_STATE_HOME=os.path.join(home, "state"), XDG_CACHE_HOME=os.path.join(home, "cache"),
               XDG_DATA_HOME=os.path.join(home, "data"), PYTHONPYCACHEPREFIX=os.path.join(home, "bytecode"))
    env.pop("TEXTUAL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    os.makedirs(os.path.join(env["XDG_CONFIG_HOME"], "onenight"))
    Path(env["XDG_CONFIG_HOME"], "onenight", "settings.toml").write_text(SETTINGS)
    return env


def report(title: str, times: dict[tuple[str, str], list[tuple[float, float]]],
           bases: dict[str, tuple[str, str]], targets: dict[str, float]) -> bool:
    """Prints medians and ratios; True when every ratio meets its target."""
    met_all = True
    print(title)
    for mode, what in (("first", "first frame"), ("ready", "screen complete")):
        base = bases[mode]
        print(f"  {what}:")
        for name, key in (("bare Textual app" + (" (first frame)" if base[1] != mode else ""), base),
                          ("onenight set-up", ("onenight", mode))):
            wall = [w for w, _ in times[key]]
            cpu = [c for _, c in times[key]]
            print(f"    {name:31}: median {statistics.median(wall) * 1000:5.0f} ms"
                  f"  (min {min(wall) * 1000:.0f}, max {max(wall) * 1000:.0f});"
                  f"  CPU {statistics.median(cpu) * 1000:5.0f} ms")
        wall_ratio, cpu_ratio = (
            statistics.median([r[k] for r in times[("onenight", mode)]])
            / statistics.median([r[k] for r in times[base]]) for k in (0, 1))
        target = targets[mode]
        met = wall_ratio <= target
        met_all &= met
        print(f"    {'ratio':31}: {wall_ratio:.2f}  (target ≤ {target:.2f}: {'met' if met else 'MISSED'});"
              f"  CPU ratio {cpu_ratio:.2f}")
    return met_all


def in_tmux(runs: int, session: str) -> bool:
    with tempfile.TemporaryDirectory() as home:
        env = fresh_env(home)
        tmux = Tmux(session, Path(home), env)
        for _ in range(2):  # warm the file cache, the bytecode and the app's caches
            tmux.run(BARE_TTY), tmux.run(ONENIGHT_TTY)
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(runs):
            for name, code in (("bare", BARE_TTY), ("onenight", ONENIGHT_TTY)):
                for mode, noted in tmux.run(code).items():
                    times.setdefault((name, mode), []).append(noted)
    bases = {"first": ("bare", "first"), "ready": ("bare", "first")}
    return report(f"in a real terminal (tmux, 80×24, through the command line; median of {runs}):",
                  times, bases, TARGETS)


def headless(runs: int) -> bool:
    with tempfile.TemporaryDirectory() as home:
        # A warm machine: the first runs below fill the file cache, the bytecode and the app's cache of
        # the parsed catalog, as any start after the first finds them.
        env = fresh_env(home)
        for mode in ("first", "ready"):  # warm the file cache, the bytecode and the catalog cache
            run_once(BARE, mode, env), run_once(ONENIGHT, mode, env)
        times: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(runs):
            for mode in ("first", "ready"):
                times.setdefault(("bare", mode), []).append(run_once(BARE, mode, env))
                times.setdefault(("onenight", mode), []).append(run_once(ONENIGHT, mode, env))
    bases = {"first": ("bare", "first"), "ready": ("bare", "ready")}
    return report(f"headless (the app made directly, timed to its exit; median of {runs}):",
                  times, bases, TARGETS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each app (default 5)")
    way = parser.add_mutually_exclusive_group()
    way.add_argument("--tmux", action="store_true", help="only in a real terminal (tmux)")
    way.add_argument("--headless", action="store_true", help="only headless")
    parser.add_argument("--tmux-session", default=f"onenight-startup-{os.getpid()}",
                        help="the tmux session's name (made and ended at each run)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args()
    met = True
    if not args.headless:
        if shutil.which("tmux") is None:
            raise SystemExit("startup.py: tmux is not installed (--headless runs without it)")
        met &= in_tmux(args.runs, args.tmux_session)
    if not args.tmux:
        met &= headless(args.runs)
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    raise SystemExit(main())
