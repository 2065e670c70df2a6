"""The suite runs its fast core first (conftest.py): with ``-x`` an engine bug shows in seconds, before the
Pilot and snapshot runs; ``-m "not slow"`` selects that core alone.

The ordering is checked on conftest's own functions (``test_group``, ``pytest_collection_modifyitems``)
given items made from the real test functions, and on the items this session collected: nothing here
collects the suite a second time (it took 47 s in a child pytest)."""

from __future__ import annotations

import importlib
import inspect
from types import SimpleNamespace

import conftest
import pytest

MODULES = ("test_base_roles", "test_resolution", "test_night_script", "test_app_play", "test_app_snapshots",
           "test_privacy", "test_packaging", "test_properties", "test_app_flow")


class FakeItem:
    """What conftest's ordering reads of a pytest item: its function, module, fixtures and markers."""

    def __init__(self, function, module: str, fixturenames=(), markers=()) -> None:
        self.function = function
        self.module = SimpleNamespace(__name__=module)
        self.fixturenames = tuple(fixturenames)
        self.markers = {m.name if hasattr(m, "name") else m for m in markers}
        self.name = f"{module}::{getattr(function, '__name__', function)}"

    def get_closest_marker(self, name: str):
        return name if name in self.markers else None

    def add_marker(self, marker) -> None:
        self.markers.add(marker.name if hasattr(marker, "name") else marker)

    def __repr__(self) -> str:
        return self.name


def items_of(module_name: str) -> list[FakeItem]:
    """An item for each test function of a test module, with the fixtures and marks pytest would see."""
    module = importlib.import_module(module_name)
    items = []
    for name, function in vars(module).items():
        if not name.startswith("test_") or not callable(function):
            continue
        marks = [m.name for m in getattr(function, "pytestmark", [])]
        marks += [m.name for m in getattr(module, "pytestmark", [])]
        fixtures = inspect.signature(function).parameters if inspect.isfunction(function) else {}
        items.append(FakeItem(function, module_name, fixtures, marks))
    assert items, module_name
    return items


def test_each_kind_of_test_has_its_group():
    def plain():
        pass

    async def pilot():
        pass

    assert conftest.test_group(FakeItem(plain, "test_x")) == 0
    assert conftest.test_group(FakeItem(plain, "test_x", markers=["slow"])) == 1
    assert conftest.test_group(FakeItem(plain, "test_x", markers=["subprocess"])) == 2
    assert conftest.test_group(FakeItem(plain, next(iter(conftest.SUBPROCESS_MODULES)))) == 2
    assert conftest.test_group(FakeItem(pilot, "test_x")) == 3
    assert conftest.test_group(FakeItem(plain, "test_x", fixturenames=["snap_compare"])) == 3
    assert conftest.test_group(FakeItem(plain, "test_x", markers=["app"])) == 3  # runs the app itself


def test_engine_tests_run_before_the_app_tests_and_only_they_are_fast():
    items = [item for module in MODULES for item in items_of(module)]
    shuffled = items[::-1]  # app tests first in collection order
    conftest.pytest_collection_modifyitems(None, shuffled)
    order = [item.module.__name__ for item in shuffled]
    first_app = min(i for i, m in enumerate(order) if m in ("test_app_play", "test_app_snapshots", "test_privacy"))
    engine = [i for i, m in enumerate(order) if m in ("test_base_roles", "test_resolution", "test_night_script")]
    assert engine and max(engine) < first_app
    fast = [item for item in shuffled if "slow" not in item.markers]
    assert fast and {item.module.__name__ for item in fast} <= {"test_base_roles", "test_resolution",
                                                                 "test_night_script", "test_properties"}
    # A plain test of test_app_flow that runs the app headless is not in the fast core either.
    assert all(item.module.__name__ != "test_packaging" for item in fast)  # child processes are slow
    # Within a group the collection order is kept.
    engine_items = [item for item in shuffled if item.module.__name__ == "test_base_roles"]
    assert engine_items == [item for item in items[::-1] if item.module.__name__ == "test_base_roles"]


def test_the_fast_core_is_most_of_what_this_session_collected(request):
    """On the whole suite, the core is most of it, not a token subset (a run of a few files checks the
    same on what it collected)."""
    items = request.session.items
    fast = [item for item in items if item.get_closest_marker("slow") is None]
    if len(items) < 500:
        pytest.skip("only part of the suite was collected")
    assert len(fast) > len(items) // 2


def test_a_fast_core_test_cannot_start_a_child_process(request):
    """This very test is in the fast core: the guard (conftest ``_fast_core_starts_no_process``) is on."""
    import multiprocessing
    import subprocess
    import sys

    assert request.node.get_closest_marker("fast_core") is not None
    with pytest.raises(conftest.StartedAProcess, match="mark it @pytest.mark.subprocess"):
        subprocess.run([sys.executable, "-c", "pass"], check=False)
    with pytest.raises(conftest.StartedAProcess):
        multiprocessing.get_context("spawn").Process(target=print).start()


@pytest.mark.subprocess
def test_a_marked_test_may_start_one(request):
    import subprocess
    import sys

    assert request.node.get_closest_marker("fast_core") is None and "slow" in request.keywords
    assert subprocess.run([sys.executable, "-c", "pass"], check=False).returncode == 0
