"""The one text layer: every word a player reads, from a message catalog per language.

The engine returns ids and parameters (``onenight_core.model.messages.Message``); ``Wording`` turns them,
and the app's own messages, into sentences from ``en.toml`` / ``ko.toml`` (``catalog.py`` says why
TOML catalogs). ``story.tell`` words a whole game for the command line and the reveal; ``app_words``
gives the screens their words (and their keys' descriptions) before the engine is loaded.

``Wording`` and its helpers are imported on first use: importing them loads the engine, and the
set-up screen's first frame reads its words from this package without it (docs/design.md, "Speed budgets")."""

from __future__ import annotations

from typing import Any

from .catalog import LANGUAGES, MessageCatalog, load

_LAZY = {"Wording", "clean_name", "pretty_id"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from . import words

        return getattr(words, name)
    raise AttributeError(name)


__all__ = ["LANGUAGES", "MessageCatalog", "Wording", "clean_name", "load", "pretty_id"]
