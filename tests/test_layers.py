"""The layers hold one way (issue 24; docs/engine.md, "The picture"), read from the source with ``ast``:

* ``engine/`` imports no ruleset's own module (``rulesets/<id>/...``): it reads rulesets only through the
  ruleset-neutral parts (the registry, ``Ruleset``, behaviours, the night script, draws);
* ``rulesets/`` imports nothing of ``play/`` (bots, simulate, saves, scenarios drive rulesets, never the
  other way) and nothing of ``engine/`` (a ruleset is what the engine plays);
* ``model/`` imports nothing above it (catalog, rulesets, engine, play);
* the drivers (``play/``, the app's commands) never import ``rulesets.classic.protocol`` to play a game:
  they play through the one game interface (``engine.game.rules_for``);
* the app (every module of ``onenight_tui``: the classic table driver, its screens, its table bots) never
  imports classic's game itself (``protocol``, ``game``, ``board``): its table reaches the game through its
  rules (``GameRules`` and ``JointTurns``); nor classic's own story (``story``: the end screen tells it with
  the one teller, ``play.story.story_of``); classic's data (catalog, deck, events, narration) is fine.

Imports inside functions count; imports under ``if TYPE_CHECKING:`` are type hints and do not."""

from __future__ import annotations

from pathlib import Path

from test_import_cycles import import_graph

SRC = Path(__file__).resolve().parents[1] / "src"
CORE = "onenight_core"
RULESETS = SRC / CORE / "rulesets"
RULESET_PACKAGES = tuple(f"{CORE}.rulesets.{p.name}" for p in RULESETS.iterdir()
                         if p.is_dir() and (p / "__init__.py").exists())


def _graph() -> dict[str, set[str]]:
    return import_graph(SRC)


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _offending(source: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(f"{m} imports {t}" for m, targets in _graph().items() if _under(m, source)
                  for t in targets if any(_under(t, f) for f in forbidden))


def test_there_are_ruleset_packages_to_check():
    assert {f"{CORE}.rulesets.onuw", f"{CORE}.rulesets.dalbula", f"{CORE}.rulesets.classic"} <= set(RULESET_PACKAGES)


def test_the_engine_imports_no_ruleset_s_own_module():
    assert _offending(f"{CORE}.engine", RULESET_PACKAGES) == []


def test_rulesets_import_neither_play_nor_the_engine():
    assert _offending(f"{CORE}.rulesets", (f"{CORE}.play", f"{CORE}.engine")) == []


def test_the_model_imports_nothing_above_it():
    above = tuple(f"{CORE}.{p}" for p in ("catalog", "rulesets", "engine", "play"))
    assert _offending(f"{CORE}.model", above) == []


def test_drivers_play_classic_through_the_one_interface():
    protocol = (f"{CORE}.rulesets.classic.protocol",)
    assert _offending(f"{CORE}.play", protocol) == []
    assert _offending("onenight_tui.commands", protocol) == []


CLASSIC_GAME = tuple(f"{CORE}.rulesets.classic.{m}" for m in ("protocol", "game", "board"))


def test_the_app_plays_classic_only_through_its_rules():
    assert _offending("onenight_tui", CLASSIC_GAME) == []


def test_the_app_tells_classic_s_story_with_the_one_teller():
    """The classic end screen reads ``play.story.story_of`` (and the outcome from the interface), never
    classic's own story module."""
    assert _offending("onenight_tui", (f"{CORE}.rulesets.classic.story",)) == []


#: What belongs to one game family in the app: its screens, its table driver, its bots, its words.
FAMILY_PARTS = ("onenight_tui.screens.classic", "onenight_tui.screens.one_night", "onenight_tui.tables.classic",
                "onenight_tui.tables.one_night", "onenight_tui.bots.classic", "onenight_tui.bots.one_night",
                "onenight_tui.text.classic_words", "onenight_tui.text.classic_claims", f"{CORE}.rulesets")


def test_the_shared_screens_import_no_family_s_part():
    """``screens/common/`` (hand-over, card, deal, night, prompt, day, end, help...) serves every family: it
    reaches a family's parts only through the table driver it is given (the common card and deal screens
    named their keys with classic's ``name_keys`` before ``text.app_words.name_bindings``)."""
    assert _offending("onenight_tui.screens.common", FAMILY_PARTS) == []
    named = sorted(f"{m} imports {t}" for m, targets in _graph().items() if _under(m, "onenight_tui.screens.common")
                   for t in targets if any(part.startswith(("classic", "one_night")) for part in t.split(".")))
    assert named == []  # a family's module by its name (``onenight_tui.classic_words`` was one)


def test_the_check_sees_a_forbidden_import(tmp_path):
    """The scan is not vacuous: a module of engine/ importing a ruleset's module is found."""
    root = tmp_path / "src"
    for package in (f"{CORE}", f"{CORE}/engine", f"{CORE}/rulesets", f"{CORE}/rulesets/onuw"):
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text("")
    (root / CORE / "rulesets" / "onuw" / "resolution.py").write_text("X = 1\n")
    (root / CORE / "engine" / "bad.py").write_text("def f():\n    from ..rulesets.onuw.resolution import X\n")
    graph = import_graph(root)
    assert f"{CORE}.rulesets.onuw.resolution" in graph[f"{CORE}.engine.bad"]
