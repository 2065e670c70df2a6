"""The set-up's style sheets kept parsed between runs, so a start does not parse Textual CSS again.

Textual parses the app's .tcss files and the default CSS of every kind of widget it mounts (Button's
alone is ~7 000 characters) at every start: ~14 ms of the set-up's start, more than the whole screen's
first layout (docs/tui.md, "Start-up time"). Textual keeps what it parsed for the length of a run only
(``Stylesheet._parse_rules``' cache); this module keeps the same results in the user's cache folder
(``css.pickle``), read back in ~2 ms.

It hooks a private part of Textual, so it is guarded: it is installed only for the Textual version it
was written against (``TEXTUAL_VERSION``) and only when ``_parse_rules`` still takes the arguments it
knows; any other Textual parses as if there were no cache. A parse is reused only for the very same
CSS text, origin, scope and theme variables (the parsed rules have the variables substituted). The
file is keyed by the Python and Textual versions. A missing, stale or damaged file costs a parse; the
file is written once the first screen is complete (``keep``), with what was parsed for it, so the
styles of screens shown later are not read back at every start."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

#: The Textual version whose private ``Stylesheet._parse_rules`` this module wraps.
TEXTUAL_VERSION = "8.2.8"
_PARAMETERS = ("self", "css", "read_from", "is_default_rules", "tie_breaker", "scope")
FILE_NAME = "css.pickle"

# The parses read back from the file, and those made or reused in this run (what ``keep`` writes).
_known: dict[tuple[Any, ...], Any] = {}
_used: dict[tuple[Any, ...], Any] = {}
_path: Path | None = None
_installed = False
_dirty = False


def _key() -> bytes:
    return b"textual-css 1\0" + sys.version.encode() + b"\0" + TEXTUAL_VERSION.encode()


def _hookable() -> bool:
    """Whether this Textual is the one the hook was written for (else: Textual parses, uncached). The
    version is read from the installed package's metadata folder's name: ``textual.__version__`` reads
    the metadata itself (importlib.metadata, ~8 ms at start)."""
    import textual
    from textual.css.stylesheet import Stylesheet

    installed = Path(str(textual.__file__)).parent.parent / f"textual-{TEXTUAL_VERSION}.dist-info"
    if not installed.is_dir():
        return False
    code = getattr(getattr(Stylesheet, "_parse_rules", None), "__code__", None)
    if code is None:
        return False
    return tuple(code.co_varnames[:code.co_argcount]) == _PARAMETERS


def install(path: Path | None) -> bool:
    """Reuse the parses kept at ``path`` (None: no cache folder) from now on; True when hooked. Once per
    process: later calls change nothing."""
    global _installed, _path
    if _installed:
        return True
    if not _hookable():
        return False
    from onenight_core.catalog.cache import read_cached
    from textual.css.stylesheet import Stylesheet

    _path = path
    kept = read_cached(path, _key(), dict)
    if kept is not None:
        _known.update(kept)
    parse_rules: Callable[..., Any] = Stylesheet._parse_rules
    variables_seen: dict[int, tuple[Any, ...]] = {}

    def cached_parse_rules(self: Stylesheet, css: str, read_from: Any, is_default_rules: bool = False,
                           tie_breaker: int = 0, scope: str = "") -> Any:
        global _dirty
        variables = self._variables
        named = variables_seen.get(id(variables))
        if named is None or named[0] is not variables:
            named = (variables, tuple(sorted(variables.items())))
            variables_seen[id(variables)] = named
        key = (css, read_from, is_default_rules, tie_breaker, scope, named[1])
        rules = _known.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            _known[key] = rules
            _dirty = True
        _used[key] = rules
        return rules

    Stylesheet._parse_rules = cached_parse_rules  # type: ignore[method-assign]
    _installed = True
    return True


def keep() -> None:
    """Write the parses used so far for the next start, when any was new (best effort: never raises)."""
    global _dirty
    if not _installed or not _dirty:
        return
    from onenight_core.catalog.cache import write_cached

    _dirty = False
    write_cached(_path, _key(), dict(_used))
