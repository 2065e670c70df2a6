"""No driver asks which ruleset it is (issue 24): outside the rulesets themselves
(``src/onenight_core/rulesets/``) and the one list of their ids (``onenight_core/ruleset_ids.py``), no code
compares a ruleset id written as a string (``== "classic"``, ``in ("onuw", "dalbula")``, ``case "dalbula":``).
What differs between rulesets is what the ``Ruleset`` knows (``counts_deck``, ``wake_field``, ``tokens``,
``most_players``, ...); a driver reads that, or compares with ``DEFAULT_RULESET`` / a ruleset's ``id``."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path
from source_tree import walked

SRC = Path(__file__).resolve().parent.parent / "src"
IDS = frozenset({"onuw", "dalbula", "classic"})
EXEMPT = ("onenight_core/rulesets/", "onenight_core/ruleset_ids.py")

#: The hits still allowed: none (the commands, app.py, engine/ and play/ read the Ruleset and the game
#: family since issue 24's ``iface`` change). Keep it empty.
ALLOWED: dict[str, int] = {}

#: Where a ruleset id may be WRITTEN outside the rulesets, with why. The batch kernels re-implement the
#: One Night rules of the rulesets they name (the engine plays every other): which rules a kernel copies
#: is the kernel's own fact, checked game for game against the engine (tests/test_batch_equals_engine.py).
WRITTEN: dict[str, tuple[str, ...]] = {
    "onenight_core/play/batch/coverage.py": ("onuw", "dalbula"),
    "onenight_core/play/batch/mixed.py": ("onuw",),
    # an artifact's edition (the box its token comes in: rules.toml), not a ruleset
    "onenight_core/catalog/rules.py": ("dalbula",),
}


def _ids(node: ast.AST) -> list[ast.Constant]:
    """The ruleset id strings ``node`` is, or holds as a tuple/list/set of choices."""
    if isinstance(node, ast.Constant) and node.value in IDS:
        return [node]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [c for element in node.elts for c in _ids(element)]
    return []


def ruleset_literals(source: str) -> list[tuple[int, str]]:
    """(line, id) of each ruleset id string compared or branched on in ``source``."""
    hits: list[tuple[int, str]] = []
    for node in walked(source):
        operands: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.MatchValue):
            operands = [node.value]
        elif isinstance(node, ast.MatchOr):
            operands = [p.value for p in node.patterns if isinstance(p, ast.MatchValue)]
        hits += [(c.lineno, str(c.value)) for operand in operands for c in _ids(operand)]
    return sorted(set(hits))


def _scanned() -> dict[str, list[tuple[int, str]]]:
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(EXEMPT):
            continue
        hits = ruleset_literals(path.read_text(encoding="utf-8"))
        if hits:
            found[rel] = hits
    return found


def test_no_driver_compares_a_ruleset_id():
    over = {rel: hits for rel, hits in _scanned().items() if len(hits) > ALLOWED.get(rel, 0)}
    assert not over, ("ruleset ids compared outside rulesets/ (read the Ruleset instead): "
                      + "; ".join(f"{rel}:{line} {value!r}" for rel, hits in over.items() for line, value in hits))


def test_the_scan_finds_each_kind_of_comparison():
    source = '''
if ruleset == "dalbula": pass
x = "classic" != setup.ruleset
y = r in ("onuw", "other")
match r:
    case "classic": pass
    case "a" | "onuw": pass
z = then == "classic_then_end"  # a message id, not a ruleset id
w = r == DEFAULT_RULESET
'''
    assert Counter(value for _, value in ruleset_literals(source)) == Counter(
        {"dalbula": 1, "classic": 2, "onuw": 2})


def test_the_ruleset_says_what_the_drivers_used_to_ask_by_id():
    from onenight_core.catalog.loader import default_catalog
    from onenight_core.rulesets import RULESETS

    onuw, dalbula, classic = (RULESETS[r] for r in ("onuw", "dalbula", "classic"))
    assert [r.counts_deck for r in (onuw, dalbula, classic)] == [True, False, False]
    assert onuw.center(("seer", "alpha_wolf")) == 4 and dalbula.center(()) == 3
    assert classic.center(("werewolf", "thief")) == 2 and classic.center(("werewolf",)) == 0
    assert classic.own_cards and not onuw.own_cards and classic.most_players == 18 and onuw.most_players == 10
    assert dalbula.tokens and dalbula.draw_column == "s0" and onuw.draw_column == "app"
    mirror_man = default_catalog()["mirror_man"]  # its own place in Dalbula's night (S0's table)
    assert onuw.wake_code(mirror_man) == "-8-A" and dalbula.wake_code(mirror_man) == "-8-SV"


def ruleset_ids_written(source: str) -> list[tuple[int, str]]:
    """(line, id) of each string that is exactly a ruleset id in ``source``, docstrings aside: a default
    (``ruleset: str = "onuw"``), a set-up built for one ruleset (``Setup(..., "dalbula", ...)``), a lookup."""
    docstrings = {id(node.body[0].value) for node in walked(source)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in walked(source)
            if isinstance(node, ast.Constant) and node.value in IDS and id(node) not in docstrings]


def test_no_driver_writes_a_ruleset_id():
    """Beyond comparing: outside the rulesets and their ids' list, no code names a ruleset — a driver takes
    the ruleset it was given (the set-up's, a save's), ``DEFAULT_RULESET``, or what the ``Ruleset`` or
    ``ruleset_ids`` say (``COLLECTION_RULESETS``, ``brings_cards``)."""
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(EXEMPT):
            continue
        hits = [(line, value) for line, value in ruleset_ids_written(path.read_text(encoding="utf-8"))
                if value not in WRITTEN.get(rel, ())]
        if hits:
            found[rel] = hits
    assert not found, "ruleset ids written outside rulesets/: " + "; ".join(
        f"{rel}:{line} {value!r}" for rel, hits in found.items() for line, value in hits)


def test_the_written_scan_skips_docstrings_and_finds_values():
    source = '''"""The onuw module."""
def f(ruleset: str = "onuw"):
    """classic"""
    return Setup((), (), "dalbula")
x = "classic_then_end"
'''
    assert ruleset_ids_written(source) == [(2, "onuw"), (4, "dalbula")]
