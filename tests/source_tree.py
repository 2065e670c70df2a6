"""The project's source read once per test process (issue 25: the fast core under a minute).

The meta-tests (layers, import circles, message ids, ruleset literals, words per language, the table
router) each parsed and walked every module of ``src/`` again: about 6 s of the fast core. They now
share one parse and one walk of each source text; the trees are read-only to them (``ast.walk`` and
``isinstance`` checks), so sharing cannot make one test see another's edits. A test that writes its
own source (a temporary package) gets a fresh parse: the key is the text itself."""

from __future__ import annotations

import ast
import functools


@functools.cache
def tree(source: str) -> ast.Module:
    """``ast.parse(source)``, once per distinct text."""
    return ast.parse(source)


@functools.cache
def walked(source: str) -> tuple[ast.AST, ...]:
    """Every node of ``source``'s tree in ``ast.walk`` order, once per distinct text."""
    return tuple(ast.walk(tree(source)))
