"""Shared helpers for the engine tests.

Tests state the rules the way the reference does: a deal, what each role chooses at night, and the votes.
``play`` drives the real protocol (``new_game`` → ``pending``/``apply`` → ``outcome``) over an explicit
deal, so every test exercises exactly the code a driver runs; ``dawn`` builds a table at dawn with
``dawn_game`` for vote/victory tests. Both fail loudly when a prompt has no scripted answer, so a test never
passes by accident because the engine asked something unexpected.

Other engineers may add fixtures here; keep each helper small and documented.
"""

from __future__ import annotations

import os

import itertools
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import pytest

from onenight_core import (Action, Card, GameState, Outcome, Prompt, RoleFacts, Setup, apply, dawn_game,
                           new_game, pending)

DONE = Action("done")
PASS = Action("pass")


def look(*positions: str) -> Action:
    """Seer / lone wolf: ``look p2`` or ``look c0 c2``."""
    return Action("look", positions)


def swap(a: str, b: str) -> Action:
    """Robber (``swap <own> pN``) and Troublemaker (``swap pA pB``)."""
    return Action("swap", (a, b))


def take(center: str) -> Action:
    """Drunk: exchange own card with a center card."""
    return Action("take", (center,))


def copy(target: str) -> Action:
    """Doppelganger: view a player's card and become that role."""
    return Action("copy", (target,))


def vote(target: int) -> Action:
    return Action("vote", (f"p{target}",))


def names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


@dataclass
class Played:
    """A game driven by ``play``: the last state and every prompt that was answered, in order."""

    state: GameState
    prompts: list[Prompt] = field(default_factory=list)

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    def prompts_of(self, seat: int | None = None, step: str | None = None) -> list[Prompt]:
        return [p for p in self.prompts
                if (seat is None or p.seat == seat) and (step is None or p.step == step)]

    def shown(self, seat: int, step: str | None = None) -> list:
        """Everything ``seat`` was shown on its prompts (the ``info`` of each), in order."""
        return [o for p in self.prompts_of(seat, step) for o in p.info]

    def steps_prompted(self) -> list[str]:
        """The night steps in which somebody was prompted, without repeats, in order."""
        out: list[str] = []
        for p in self.prompts:
            if p.kind != "vote" and p.step not in out:
                out.append(p.step)
        return out


def play(deal: Sequence[str], center: Sequence[str] = ("villager",) * 3,
         answers: Mapping[str, Action | Iterable[Action]] | None = None,
         votes: Sequence[int] | None = None, *, seed: int = 0,
         draws: Mapping[str, object] | None = None, forced: bool = False) -> Played:
    """Play a game with an explicit deal: ``deal[i]`` is seat i's card, ``center`` is c0, c1, c2.

    ``answers`` maps a step id (``"seer"``, ``"werewolves"``, ``"doppelganger"``, ``"doppelganger:insomniac"``)
    to the answer(s) given in that step, consumed in order — a Doppelganger's copy and its immediate
    action are both answered in step ``"doppelganger"``. ``info`` prompts are answered ``done``. A choice
    with no scripted answer fails the test. With ``votes`` (seat i votes for ``votes[i]``) the game is
    played to the end; without, it stops with the first vote pending. ``draws`` pins random draws
    (``Setup.draws``); with ``forced``, a one-option choice in an unscripted step is answered with it."""
    script = {k: list(v) if not isinstance(v, Action) else [v] for k, v in (answers or {}).items()}
    setup = Setup(players=names(len(deal)), deck=tuple(deal) + tuple(center), draws=draws or {})
    g = new_game(setup, seed, deal=tuple(deal) + tuple(center))
    played = Played(g)
    while (p := pending(g)) is not None:
        if p.kind == "vote":
            if votes is None:
                break
            answer = vote(votes[p.seat])
        elif p.kind == "info":
            answer = DONE
        elif forced and len(p.options) == 1 and p.step not in script:
            answer = p.options[0]
        else:
            queue = script.get(p.step)
            if not queue:
                raise AssertionError(f"no scripted answer for p{p.seat} ({p.role}) in step {p.step!r}; "
                                     f"options: {p.options}")
            answer = queue.pop(0)
        played.prompts.append(p)
        g = apply(g, answer)
        played.state = g
    left = {k: v for k, v in script.items() if v}
    if left:
        raise AssertionError(f"scripted answers were never asked for: {left}")
    return played


def assert_replays_the_same(first: GameState, setup: Setup, seed: int, answers: Iterable[Action],
                            also: Sequence[str] = ("outcome",)) -> None:
    """The property tests' determinism check: a new game from ``setup`` and ``seed`` given the recorded
    ``answers`` is ``first`` again — the same state, events and observations, and each field in ``also``."""
    g = new_game(setup, seed)
    for answer in answers:
        g = apply(g, answer)
    assert g == first
    for name in ("events", "observations", *also):
        assert getattr(g, name) == getattr(first, name), name


def state_at(deal: Sequence[str], center: Sequence[str], step: str,
             answers: Mapping[str, Action | Iterable[Action]] | None = None, *, seed: int = 0) -> GameState:
    """The state whose pending prompt is the first one in ``step`` (e.g. to test that step's options or an
    illegal answer). Earlier choices come from ``answers`` (as in ``play``) or are passed."""
    script = {k: list(v) if not isinstance(v, Action) else [v] for k, v in (answers or {}).items()}
    setup = Setup(players=names(len(deal)), deck=tuple(deal) + tuple(center))
    g = new_game(setup, seed, deal=tuple(deal) + tuple(center))
    while (p := pending(g)) is not None and p.step != step:
        if p.kind == "info":
            answer = DONE
        elif script.get(p.step):
            answer = script[p.step].pop(0)
        elif PASS in p.options:
            answer = PASS
        else:
            raise AssertionError(f"no scripted answer for p{p.seat} ({p.role}) in step {p.step!r}")
        g = apply(g, answer)
    if p is None:
        raise AssertionError(f"nobody was prompted in step {step!r}")
    return g


def card(spec: str, index: int) -> Card:
    """``doppelganger@werewolf`` is a Doppelganger card carrying the copy ``werewolf``."""
    role, _, copied = spec.partition("@")
    return Card(index, role, copied or None)


def dawn(seats: Sequence[str], votes: Sequence[int], *, center: Sequence[str] = (),
         marks: Sequence[str] | None = None, artifacts: Sequence[str | None] | None = None,
         facts: RoleFacts | None = None) -> Outcome:
    """Resolve a vote on a table set at dawn: ``seats[i]`` is the card seat i holds (``role`` or
    ``doppelganger@copied``); ``votes[i]`` is seat i's target. Every vote goes through ``apply``."""
    table = [card(s, i) for i, s in enumerate(tuple(seats) + tuple(center))]
    setup = Setup(players=names(len(seats)), deck=tuple(c.role for c in table))
    g = dawn_game(setup, table, marks=marks, artifacts=artifacts, facts=facts)
    for seat, target in enumerate(votes):
        p = pending(g)
        assert p is not None and p.kind == "vote" and p.seat == seat, p
        g = apply(g, vote(target))
    assert pending(g) is None and g.phase == "over"
    return g.outcome


# The twelve roles of the base game (roles.md §5 entries marked "Origin: base").
BASE_ROLES = ("doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker", "drunk",
              "insomniac", "villager", "hunter", "tanner")


@pytest.fixture(scope="session")
def _user_folders(tmp_path_factory):
    """One folder per session under which each test gets fresh, not yet created user folders."""
    return tmp_path_factory.mktemp("users")


_USER_FOLDER = itertools.count()


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, request, _user_folders):
    """No test reads or writes the real user's settings and saves, and the machine's colour/theme and
    locale variables never change what the app draws or the command line prints (snapshots, languages).

    The user folders are in the test's ``tmp_path`` when it asks for one, else in a fresh folder name of
    the session's (never created unless the program writes there: a ``tmp_path`` for each of the 3,500
    core tests cost more than the tests themselves)."""
    if "tmp_path" in request.fixturenames:
        tmp_path = request.getfixturevalue("tmp_path")
    else:
        tmp_path = _user_folders / str(next(_USER_FOLDER))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # platformdirs follows them on Linux
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the card collections
    if not sys.platform.startswith("linux"):  # elsewhere platformdirs ignores XDG: point it at tmp_path
        import platformdirs

        monkeypatch.setattr(platformdirs, "user_config_path", lambda *a, **k: tmp_path / "config" / "onenight")
        monkeypatch.setattr(platformdirs, "user_state_path", lambda *a, **k: tmp_path / "state" / "onenight")
        monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: tmp_path / "data" / "onenight")
    monkeypatch.delenv("NO_COLOR", raising=False)
    # The set-up's deck advisor plays bot games in a thread: what it shows depends on the machine's speed
    # (snapshots, screen texts). Off, it stays hidden; its own test turns it on (test_cli_balance.py).
    from onenight_tui.widgets import advisor

    monkeypatch.setattr(advisor, "ENABLED", False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    # The program speaks the locale's language when no --lang is given (settings.system_language): the
    # tests expect English on any machine, in process and in the child processes that inherit this
    # environment. C.UTF-8 is English to the program and still UTF-8 to a child Python.
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    app = sys.modules.get("onenight_tui.app")
    if app is not None:  # Pilot presses keys at once: the double-press guard has its own tests
        monkeypatch.setattr(app.OneNightApp, "KEY_GUARD_SECONDS", 0.0)


# -- test order: the fast core first ---------------------------------------------------------------------
# An engine bug should show in seconds with ``-x``, not after minutes of Pilot runs. Every test is put in
# one of four groups, run in this order; all but the first are marked ``slow`` (``-m "not slow"`` runs the
# fast core subset alone). Within a group, the collection order is kept.
SUBPROCESS_MODULES = {"test_packaging", "test_cli_narrate"}  # start child Pythons or players


def test_group(item) -> int:
    """0 engine and in-process command line; 1 Hypothesis property runs; 2 child processes; 3 the app
    driven by Pilot or snapshots (coroutine tests, ``snap_compare``, a plain test marked ``app`` that runs
    the app itself)."""
    import inspect

    function = getattr(item, "function", None)
    if (inspect.iscoroutinefunction(function) or "snap_compare" in getattr(item, "fixturenames", ())
            or item.get_closest_marker("app")):
        return 3
    if item.module.__name__ in SUBPROCESS_MODULES or item.get_closest_marker("subprocess"):
        return 2
    if getattr(function, "is_hypothesis_test", False):
        return 1
    return 1 if item.get_closest_marker("slow") else 0


def pytest_configure(config):
    config.addinivalue_line("markers", "subprocess: the test starts a child process (run after the core)")
    config.addinivalue_line("markers", "fast_core: put by the collection on the tests of group 0 (no child process)")
    config.addinivalue_line("markers", "app: a plain (not async) test that runs the app (run with the Pilot tests)")
    config.addinivalue_line("markers", "sweep: a batch-equals-engine sweep over tens of thousands of games; run "
                                       "with ONENIGHT_SWEEPS=1 (the suite keeps the smaller game-for-game checks)")


#: The sweeps are run on demand: ``ONENIGHT_SWEEPS=1 pytest -m sweep`` (minutes of CPU; the README's
#: command must finish in ten minutes on two cores, and the same checks run there on fewer games).
SWEEPS = bool(os.environ.get("ONENIGHT_SWEEPS"))


def pytest_collection_modifyitems(config, items):
    if not SWEEPS:
        skip = pytest.mark.skip(reason="a sweep: set ONENIGHT_SWEEPS=1 to run it")
        for item in items:
            if item.get_closest_marker("sweep"):
                item.add_marker(skip)
    groups = {item: test_group(item) for item in items}
    for item, group in groups.items():
        if group:
            item.add_marker(pytest.mark.slow)
        else:
            item.add_marker(pytest.mark.fast_core)
    items.sort(key=groups.__getitem__)  # stable: collection order within a group


class StartedAProcess(AssertionError):
    """A fast-core test started a child process (issue 25: the fast core under a minute)."""


@pytest.fixture(autouse=True)
def _fast_core_starts_no_process(request, monkeypatch):
    """The fast core (group 0) starts no child process: a child Python costs a quarter to half a second,
    and 26 such tests had slipped into the fast core unmarked (9 s of its minute). A test that starts one
    is marked ``@pytest.mark.subprocess`` and runs with group 2; unmarked, it fails here and says so."""
    if request.node.get_closest_marker("fast_core") is None:
        return
    import multiprocessing.process
    import subprocess

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise StartedAProcess(f"{request.node.nodeid} starts a child process: mark it "
                              "@pytest.mark.subprocess (tests/conftest.py, test_group)")

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", refuse)
