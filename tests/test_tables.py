"""One router (issue 24, "The TUI: rooms that show the architecture"): the app keeps the lifecycle, the
settings and the save; a table driver per game family (``onenight_tui/tables/``) owns the game and maps
the table's stage to a screen; the screens of every family post the one message ``TableMove``."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from test_import_cycles import import_graph
from source_tree import walked

SRC = Path(__file__).resolve().parents[1] / "src"
TUI = SRC / "onenight_tui"


@pytest.mark.parametrize("ruleset, family, driver", [("onuw", "one_night", "OneNightTable"),
                                                      ("dalbula", "one_night", "OneNightTable"),
                                                      ("classic", "nights_and_days", "ClassicTable")])
def test_every_family_has_a_driver_with_the_same_interface(ruleset, family, driver):
    from onenight_tui.tables import TableDriver, table_for

    table = table_for(ruleset)(object())  # a driver reads its app only when it plays
    assert type(table).__name__ == driver and table.family == family
    members = {name for name in dir(TableDriver) if not name.startswith("_")} - set(dir(object))
    assert members >= {"begin", "resume", "screen", "move", "game", "stage", "bots", "bot_seats", "help_roles"}
    for name in members - {"game", "family"}:  # game: set when a game begins
        assert hasattr(type(table), name) or name in vars(table), f"{driver} has no {name}"  # (bots: None yet)
    move = inspect.signature(type(table).move)
    assert "after" in move.parameters and "stage" in move.parameters


def test_the_app_has_one_router_and_knows_no_family():
    """app.py imports no family's screens or driver (only the tables package, which picks one), keeps no
    classic table beside the game, and routes every family with the driver's screen."""
    from onenight_tui import families
    from onenight_tui.app import OneNightApp

    graph = import_graph(SRC)
    family_parts = ("onenight_tui.screens.one_night", "onenight_tui.screens.classic",
                    "onenight_tui.tables.one_night", "onenight_tui.tables.classic")
    assert not [t for t in graph["onenight_tui.app"] if t.startswith(family_parts)]
    assert not hasattr(families, "own_table")
    source = inspect.getsource(OneNightApp)
    assert "self.classic" not in source and "_public_screen" not in source
    assert "self.open_screen(self.table.screen())" in inspect.getsource(OneNightApp.route)
    handlers = [name for name, _ in inspect.getmembers(OneNightApp) if name.startswith("on_") and "screen" in name]
    assert handlers == [], f"the app handles screens' own messages: {handlers}"


def test_the_screens_of_every_family_post_only_the_table_move():
    """No screen of a table defines a message of its own: their part over, they post ``TableMove``."""
    own = []
    for folder in ("one_night", "classic"):
        for path in sorted((TUI / "screens" / folder).glob("*.py")):
            for node in walked(path.read_text(encoding="utf-8")):
                if isinstance(node, ast.ClassDef) and any(getattr(b, "id", getattr(b, "attr", "")) == "Message"
                                                          for b in node.bases):
                    own.append(f"{folder}/{path.name}: {node.name}")
    assert own == []
    assert not (TUI / "classic_move.py").exists() and not (TUI / "classic_host.py").exists()
