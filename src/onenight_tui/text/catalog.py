"""Message catalogs: one TOML file per language beside this module, read and checked once.

Why TOML and not gettext ``.po``/``.mo`` or Babel (docs/decisions.md, "Text layer"): the standard
library reads TOML (``tomllib``) with no build step and no new dependency, the role data already lives
in TOML (roles.toml), and a catalog is keyed by *message ids* with *named* parameters, which is what
the engine's ``Message`` values carry. gettext keys messages by their English text and needs a compile
step (``msgfmt``) that the standard library does not ship; Babel would bring both for a feature we
need only a small part of. What gettext gives that matters — plural forms per language — is here too:
a message may be a table of CLDR plural categories (``one``, ``other``…), chosen by its ``count``
parameter with the rule the catalog names in ``[meta] plural``. A new language is a new file; a new
plural rule is a line in ``PLURAL_RULES``.

Each language has two files: ``<lang>.toml`` (the engine's and the command line's messages) and
``app/<lang>.toml`` (the app's screens, read alone by ``load_app`` for the set-up's first frame);
``load`` merges them. A catalog file is tables of messages (the table names only group them for
translators); every message id is unique across tables. Each message is a whole sentence (or a whole
phrase) with ``{named}``
parameters — never pieces glued together — so a language can put the words in its own order."""

from __future__ import annotations

import re
import string
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Callable

from onenight_core.languages import LANGUAGES as _LANGUAGES

HERE = Path(__file__).parent
LANGUAGES = _LANGUAGES
"""The languages with a catalog (the one list, onenight_core/languages.py); the first is the fallback for a
missing message."""

#: CLDR plural categories of a count, per rule (https://cldr.unicode.org/index/cldr-spec/plural-rules).
PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "other": lambda n: "other",                           # Korean, Chinese: no plural forms
    "one_other": lambda n: "one" if n == 1 else "other",  # English
    "one_upto_1": lambda n: "one" if n in (0, 1) else "other",  # French
}
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


class TextCatalogError(ValueError):
    """A catalog file is malformed (a bug in the shipped files: the tests load every catalog)."""


#: French elides « de » and « que » before a vowel, which a template cannot know: « la carte d'Ann »,
#: « qu'Eve a la Marque… ». Only whole words (« chaque autre » stays).
FRENCH_ELISION = re.compile(r"\b(d|qu)e (?=[AEIOUYÀÂÉÈÊËÎÏÔÛÙaeiouyàâéèêëîïôûù])")


@dataclass(frozen=True)  # not attrs: the set-up screen's first frame reads a catalog, and attrs costs an import
class MessageCatalog:
    """One language's messages: ``id -> template`` or ``id -> {category: template}`` for plurals."""

    lang: str
    plural: str
    messages: dict[str, str | dict[str, str]]

    def template(self, msg_id: str, count: int | None = None) -> str | None:
        entry = self.messages.get(msg_id)
        if entry is None or isinstance(entry, str):
            return entry
        category = PLURAL_RULES[self.plural](count if count is not None else 0)
        return entry.get(category, entry["other"])

    def __contains__(self, msg_id: str) -> bool:
        return msg_id in self.messages


def parameters(template: str) -> set[str]:
    """The parameter names of a template (``{seat} voted for {positions}`` → seat, positions)."""
    names = set()
    for _text, name, _spec, _conv in string.Formatter().parse(template):
        if name is not None:
            if not name or not name.isidentifier():
                raise TextCatalogError(f"bad parameter {{{name}}} in {template!r}")
            names.add(name)
    return names


def entry_parameters(entry: str | dict[str, str]) -> set[str]:
    if isinstance(entry, str):
        return parameters(entry)
    return set().union(*(parameters(t) for t in entry.values()))


def _check(path: Path, raw: dict[str, Any]) -> MessageCatalog:
    meta = raw.pop("meta", None)
    if not isinstance(meta, dict) or meta.get("plural") not in PLURAL_RULES or not isinstance(meta.get("lang"), str):
        raise TextCatalogError(f"{path.name}: [meta] needs lang and plural (one of {', '.join(PLURAL_RULES)})")
    messages: dict[str, str | dict[str, str]] = {}
    for group, table in raw.items():
        if not isinstance(table, dict):
            raise TextCatalogError(f"{path.name}: {group!r} must be a table of messages")
        for msg_id, entry in table.items():
            where = f"{path.name}: [{group}] {msg_id}"
            if msg_id in messages:
                raise TextCatalogError(f"{where}: the id is used twice")
            if isinstance(entry, dict):
                if "other" not in entry or set(entry) - set(PLURAL_CATEGORIES) or \
                        not all(isinstance(t, str) for t in entry.values()):
                    raise TextCatalogError(f"{where}: a plural table needs 'other' and CLDR categories only")
            elif not isinstance(entry, str):
                raise TextCatalogError(f"{where}: expected a string or a plural table")
            entry_parameters(entry)  # raises on a malformed template
            messages[msg_id] = entry
    return MessageCatalog(meta["lang"], meta["plural"], messages)


def _parse(path: Path) -> MessageCatalog:
    import tomllib  # here: a start reads the catalogs back from their cache (read_catalog)

    with path.open("rb") as f:
        return _check(path, tomllib.load(f))


def read_catalog(path: Path, cache_file: Path | None) -> MessageCatalog:
    """The checked catalog of ``path``, read back from ``cache_file`` when it was parsed from this very
    file by this very code (their sizes and modification times, and the Python version, as Python checks
    its bytecode), else parsed and kept there. Parsing app/en.toml is ~20 M instructions of the set-up's
    first frame; reading it back, well under one. A missing, stale or damaged cache only costs a parse."""
    from onenight_core.catalog import cache

    try:
        stamps = [(str(p), st.st_size, st.st_mtime_ns) for p in (path, Path(__file__)) for st in (p.stat(),)]
    except OSError:
        return _parse(path)
    key = f"messages 1\0{sys.version}\0{stamps!r}".encode("utf-8", "surrogateescape")
    return cache.through_cache(cache_file, key, MessageCatalog, lambda: _parse(path))


def _read(path: Path) -> MessageCatalog:
    """A packaged catalog, kept parsed in the user's cache folder (``catalog.cache``)."""
    from onenight_core.catalog.cache import cache_file

    return read_catalog(path, cache_file(f"messages-{path.parent.name}-{path.stem}.pickle"))


@cache
def load_app(lang: str) -> MessageCatalog:
    """The app screens' messages of ``lang`` only (``app/<lang>.toml``): what the set-up's first frame
    needs, without parsing the engine's and the command line's messages (text/app_words.py)."""
    return _read(HERE / "app" / f"{lang if lang in LANGUAGES else LANGUAGES[0]}.toml")


@cache
def load(lang: str) -> MessageCatalog:
    """The catalog of ``lang`` (``en``, ``ko``, ``zh``, ``fr``): its engine and command-line messages
    (``<lang>.toml``) with its app screens' (``app/<lang>.toml``); an unknown language reads as English."""
    if lang not in LANGUAGES:
        lang = LANGUAGES[0]
    main, app = _read(HERE / f"{lang}.toml"), load_app(lang)
    both = set(main.messages) & set(app.messages)
    if both:
        raise TextCatalogError(f"{lang}.toml and app/{lang}.toml both have {sorted(both)[0]!r}")
    return MessageCatalog(main.lang, main.plural, {**main.messages, **app.messages})


__all__ = ["LANGUAGES", "MessageCatalog", "PLURAL_RULES", "TextCatalogError", "load", "load_app", "parameters"]
