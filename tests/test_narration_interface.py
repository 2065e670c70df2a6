"""One narration interface for every ruleset (issue 24, "one narration"): every narrator driver
(``onenight narrate``'s ``--print`` and ``--export``, the narrator screens, the classic script's wording)
reads a night through ``engine.narration.narration_for`` — which asks the ruleset (``Ruleset.narration``,
classic's nights built in the core as ids and parameters) or the One Night engine — and words it with
``text.script.worded``. No module of the app builds classic's cues or reads classic's narration module
itself, and there is one export path for every ruleset.

Read from the source with ``ast`` (the shared import graph of ``tests/test_import_cycles.py``): imports
inside functions count, imports under ``if TYPE_CHECKING:`` do not."""

from __future__ import annotations

import ast
from pathlib import Path

from test_import_cycles import import_graph

from onenight_core.engine.narration import narrate, narration_for, table_heard
from onenight_core.rulesets import ruleset_for

SRC = Path(__file__).resolve().parents[1] / "src"
CLASSIC_NARRATION = "onenight_core.rulesets.classic.narration"
#: The One Night engine's own narration functions, which a narrator driver reaches through the interface.
ENGINE_ONLY = frozenset({"narrate", "table_heard"})
#: The narrator drivers: the command, its screens, its wording and its export.
DRIVERS = ("onenight_tui.commands.narrate", "onenight_tui.screens.narrator", "onenight_tui.text.classic_script",
           "onenight_tui.text.script", "onenight_tui.sound.export", "onenight_tui.narrator_app")
#: The one app module left reading classic's night order itself: the hot-seat game's eyes-closed screen,
#: which calls its own steps (``night_steps``) for a dealt game — not a narration for physical cards.
DECK = ("thief", "cupid", "werewolf", "werewolf", "seer", "witch", "little_girl", "villager", "villager")


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _readers_of_classic_narration(src: Path) -> list[str]:
    return sorted(m for m, targets in import_graph(src).items()
                  if _under(m, "onenight_tui")
                  and any(_under(t, CLASSIC_NARRATION) for t in targets))


def _engine_only_names(path: Path) -> set[str]:
    """The names of ``ENGINE_ONLY`` a module imports from ``engine.narration`` (TYPE_CHECKING aside)."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.dump(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and (child.module or "").endswith("engine.narration"):
                names.update(a.name for a in child.names if a.name in ENGINE_ONLY)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return names


def _driver_files(src: Path) -> list[Path]:
    files = []
    for driver in DRIVERS:
        base = src / Path(*driver.split("."))
        files += sorted(base.rglob("*.py")) if base.is_dir() else [base.with_suffix(".py")]
    return files


def test_no_app_module_reads_classic_s_narration_module_itself():
    assert _readers_of_classic_narration(SRC) == []


def test_the_narrator_drivers_reach_the_one_night_engine_only_through_the_interface():
    files = _driver_files(SRC)
    assert len(files) >= 6
    assert {str(f.relative_to(SRC)): _engine_only_names(f) for f in files if _engine_only_names(f)} == {}


def test_the_checks_see_the_old_imports(tmp_path):
    """Not vacuous: the classic script importing classic's narration module again (the old
    ``night_steps``/``FOLLOWERS`` import), or a narrator screen calling ``narrate`` itself, is found."""
    root = tmp_path / "src"
    packages = ("onenight_core", "onenight_core/engine", "onenight_core/rulesets", "onenight_core/rulesets/classic",
                "onenight_tui", "onenight_tui/text", "onenight_tui/screens", "onenight_tui/screens/narrator")
    for package in packages:
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text("")
    (root / "onenight_core/rulesets/classic/narration.py").write_text("def night_steps(): pass\n")
    (root / "onenight_core/engine/narration.py").write_text("def narrate(): pass\n")
    (root / "onenight_tui/text/classic_script.py").write_text(
        "from onenight_core.rulesets.classic.narration import FOLLOWERS, night_steps\n")
    screen = root / "onenight_tui/screens/narrator/narrator.py"
    screen.write_text("def f():\n    from onenight_core.engine.narration import narrate\n")
    assert _readers_of_classic_narration(root) == ["onenight_tui.text.classic_script"]
    assert _engine_only_names(screen) == {"narrate"}


def test_every_ruleset_gives_its_narration_through_the_one_slot():
    assert ruleset_for("classic").narration is not None
    assert ruleset_for("onuw").narration is None and ruleset_for("dalbula").narration is None  # the engine's


def test_classic_s_narration_is_ids_and_parameters_and_goes_on_night_after_night():
    night = narration_for("classic", DECK, "fr", nights=2, options={"sheriff.enabled": True})
    assert night.goes_on and night.nights == 2 and night.ruleset == "classic"
    assert dict(night.options)["sheriff.enabled"] is True  # every option, validated
    assert all(cue.title == "" and cue.said is not None for cue in night.cues)  # no sentence in the core
    assert all(line.text == "" and line.said is not None for line in night.lines)
    starts = [i for i, cue in enumerate(night.cues) if cue.kind == "start"]
    first, second = night.cues[starts[0]:starts[1]], night.cues[starts[1]:]
    assert {"thief", "cupid", "lovers"} <= {c.step for c in first}
    assert not {"thief", "cupid", "lovers"} & {c.step for c in second}  # first-night steps only on night 1
    assert night.next_night().cues[:len(night.cues)] == night.cues and night.next_night().nights == 3


def test_the_one_night_narration_is_the_engine_s_night_for_a_table_with_its_own_cards():
    roster = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager", "mad_scientist")
    got = narration_for("onuw", roster, "ko", seed=4)
    assert got == narrate(roster, "ko", heard=table_heard(roster, 4), physical_cards=True)
    assert not got.goes_on


def test_the_text_layer_words_both_and_leaves_worded_lines_alone():
    from onenight_tui.text.script import narration_words, worded

    classic = narration_words("classic", DECK, "en", nights=1)
    assert all(line.text for line in classic.lines) and all(cue.title for cue in classic.cues)
    assert classic.cues[1].title == "Night 1 · Thief"
    one_night = narration_for("onuw", ("werewolf",) * 2 + ("seer", "robber", "villager", "villager"), "en")
    assert worded(one_night) is one_night


def test_one_export_and_one_next_night_for_every_ruleset():
    import importlib.util

    from onenight_tui import narrator_app
    from onenight_tui.commands.narrate import NARRATORS, _Narrator
    from onenight_tui.screens.narrator.narrator import NarratorScreen

    assert not {"export", "narration", "app"} & set(_Narrator._fields)
    assert len(NARRATORS) == 2
    # one narrator screen and one app for every ruleset: what a classic table's narrator shows differently
    # (its deck, what F1 explains, no One Night set-up) it reads from the ruleset it is given
    assert importlib.util.find_spec("onenight_tui.screens.narrator.classic") is None
    assert not NarratorScreen.__subclasses__()
    assert [name for name in vars(narrator_app) if name.endswith("App") and name != "App"] == ["NarratorApp"]
