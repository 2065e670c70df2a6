"""An error's English line, from the English catalog: the message id is the one source of its words.

The core raises its errors with a message id and parameters only (``SetupError(said=say("error_deck_empty"))``,
``errors.py``); the catalogs of the app (``onenight_tui/text/en.toml`` and ``app/en.toml``) hold the
sentence in every language. An error's ``str`` — what a log, a test's ``match=``, ``replay``'s report and
a driver without a language read — is that message worded from the English catalog by this small renderer.

The catalog files are read as data, the first time an error's text is asked for: the core never imports
the app's code (``importlib.util.find_spec`` finds the installed package's folder without running it). The
renderer knows only what errors say: a parameter that is a message is worded in turn, a role id by its
English name in roles.toml (``{role:a}``, ``{role:the}`` with an article), a seat as "player N", anything
else as it is; a message with plural forms picks ``one`` for a count of 1. The app words the same message
in the player's language with its full text layer (``onenight_tui.error_words.error_text``). Without the
app's catalogs (the core installed alone) the line is the id followed by its parameters.
docs/decisions.md, "An error's English words come from the catalog", says why."""

from __future__ import annotations

import string
import tomllib
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Callable

from .model.messages import Message


@lru_cache(maxsize=1)
def english_catalog() -> dict[str, Any]:
    """Every message of the English catalogs (``en.toml`` and ``app/en.toml``), by id."""
    spec = find_spec("onenight_tui")
    folders = list(spec.submodule_search_locations or ()) if spec is not None else []
    messages: dict[str, Any] = {}
    for folder in folders:
        for name in ("text/en.toml", "text/app/en.toml"):
            path = Path(folder) / name
            if path.is_file():
                with path.open("rb") as file:
                    for key, table in tomllib.load(file).items():
                        if key != "meta" and isinstance(table, dict):
                            messages.update(table)
    return messages


def english(message: Message) -> str:
    """``message`` as an English line (its template in the English catalog, filled)."""
    template = english_catalog().get(message.id)
    if isinstance(template, dict):  # plural forms: one | other
        template = template.get("one" if message.get("count") == 1 else "other")
    if not isinstance(template, str):
        return " ".join([message.id, *(f"{k}={_value(k, v, '')}" for k, v in message.params)])
    return _Fill(message).format(template)


class _Fill(string.Formatter):
    def __init__(self, message: Message) -> None:
        self.message = message

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        return key

    def format_field(self, value: Any, format_spec: str) -> str:
        return _value(str(value), self.message.get(str(value)), format_spec)


def _value(name: str, value: Any, spec: str) -> str:
    if isinstance(value, Message):
        return english(value)
    if value is None:
        return ""
    if name in ("seat", "by") and isinstance(value, int):
        return english(Message("player_number", {"count": value + 1}))
    if (name == "role" or name.endswith("_role")) and isinstance(value, str):
        return _role(value, spec)
    return str(value)


#: A role's English name (``catalog.loader`` installs it when it is imported: the catalog is above this
#: module, whose errors it raises, so this module cannot import it). Until then a role is its id.
_english_name: Callable[[str], str | None] = lambda role: None


def name_roles_with(name: Callable[[str], str | None]) -> None:
    """Word roles in errors with ``name(role)`` (the English name of a role of roles.toml, or None)."""
    global _english_name
    _english_name = name


def _role(role: str, spec: str) -> str:
    name = _english_name(role)
    if name is None:
        return role
    if name.lower().startswith("the ") or spec not in ("a", "the"):
        return name
    if spec == "a":
        return ("an " if name[0] in "AEIOU" else "a ") + name
    return f"the {name}"


__all__ = ["english", "english_catalog", "name_roles_with"]
