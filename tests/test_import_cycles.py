"""No import circles (issue 9): no module of ``onenight_core`` or ``onenight_tui`` imports, directly or
through others, a module that imports it back — counting the imports made inside functions too (the
old deck⇄presets, app⇄too_small and cli⇄commands/play circles were partly lazy). Imports under
``if TYPE_CHECKING:`` are type hints, not imports, and are left out."""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

from source_tree import tree

SRC = Path(__file__).resolve().parents[1] / "src"


def _modules(src: Path) -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in src.rglob("*.py"):
        parts = list(path.relative_to(src).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def import_graph(src: Path) -> dict[str, set[str]]:
    """Module -> the project modules it imports (at the top or inside functions). Built once per state
    of the files (several meta-tests read it: tests/source_tree.py); each caller gets its own copy."""
    modules = _modules(src)
    texts = tuple((name, path.read_text(encoding="utf-8"), is_package)
                  for name, (path, is_package) in sorted(modules.items()))
    return {module: set(targets) for module, targets in _graph_of(texts).items()}


@functools.lru_cache(maxsize=8)
def _graph_of(texts: tuple[tuple[str, str, bool], ...]) -> dict[str, frozenset[str]]:
    modules = {name for name, _, _ in texts}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, text, is_package in texts:
        base = name.split(".") if is_package else name.split(".")[:-1]

        def visit(node: ast.AST, name: str = name, base: list[str] = base) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.dump(child.test):
                    continue
                targets: list[str] = []
                if isinstance(child, ast.Import):
                    targets = [a.name for a in child.names]
                elif isinstance(child, ast.ImportFrom):
                    where = base[: len(base) - (child.level - 1)] if child.level else []
                    module = ".".join(where + ([child.module] if child.module else []))
                    targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module
                               for a in child.names]
                for target in targets:
                    while target and target not in modules:
                        target = target.rpartition(".")[0]
                    if target and target != name:
                        graph[name].add(target)
                visit(child)

        visit(tree(text))
    return {module: frozenset(targets) for module, targets in graph.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in graph:
        if v not in index:
            strong(v)
    return found


def test_no_import_circles_in_the_project():
    graph = import_graph(SRC)
    assert "onenight_core.engine.protocol" in graph and "onenight_tui.cli" in graph
    assert circles(graph) == []


def test_the_check_sees_a_circle_made_of_a_lazy_import(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import B\nA = 1\n")
    (pkg / "b.py").write_text("B = 2\ndef f():\n    from .a import A\n    return A\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n")
    assert circles(import_graph(tmp_path)) == [["pkg.a", "pkg.b"]]
