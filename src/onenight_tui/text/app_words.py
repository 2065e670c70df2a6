"""The app's own words — titles, labels, hints, notices and the footer's key descriptions — in the
app's language, from the same catalogs as the engine's messages (docs/text.md, "The app's screens").

A screen asks for whole sentences by id with named parameters (``words("deal_hint", name=…, count=…)``),
never glues pieces together; ``count`` picks the plural form with the catalog's rule, as for the
engine's messages. The app's messages live in ``app/<lang>.toml`` (tables ``[app_…]``, one per
screen), parsed apart from the engine's and the command line's messages, which the set-up's first
frame does not need.

Key descriptions are catalog entries too: a binding with id ``setup-start`` is described by
``key_setup_start``. ``SpeaksBindings`` (a mixin for screens and widgets) rewrites the node's bindings
in the app's language when it is mounted, so the footer speaks it; the class-level ``BINDINGS`` keep
their English descriptions for Textual's own use and as the fallback.

This module reads only the catalogs (no engine import): the set-up screen's first frame uses it."""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Mapping
from typing import Any

from textual.dom import DOMNode

from .catalog import FRENCH_ELISION, LANGUAGES, MessageCatalog, load_app


class AppWords:
    """The app's messages in ``lang`` (English for an id the language lacks, the id itself for an id
    no catalog has: a bug the tests catch)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else LANGUAGES[0]
        self.messages: MessageCatalog = load_app(self.lang)
        self.fallback: MessageCatalog = load_app(LANGUAGES[0])

    def __call__(self, msg_id: str, /, **params: Any) -> str:
        count = params.get("count")
        number = count if isinstance(count, int) else None
        template = self.messages.template(msg_id, number)
        if template is None:
            template = self.fallback.template(msg_id, number)
        if template is None:
            return msg_id
        text = string.Formatter().vformat(template, (), params)
        if self.lang == "ko":
            from .korean import particles  # (imported on use: start-up in another language skips it)

            return particles(text)
        return FRENCH_ELISION.sub(r"\1'", text) if self.lang == "fr" else text

    def has(self, msg_id: str) -> bool:
        return msg_id in self.fallback


def app_words(node: DOMNode) -> AppWords:
    """The words of the app ``node`` belongs to, in its language (``app.lang``; English without one, or
    when the node is made outside a running app)."""
    try:
        app = node.app
    except Exception:  # noqa: BLE001 — Textual's NoActiveAppError: no app yet, English
        return AppWords(LANGUAGES[0])
    return AppWords(str(getattr(app, "lang", LANGUAGES[0])))


def preset_name(preset_id: str, words: AppWords) -> str:
    """A preset as a menu names it: its kind in the language (``vampire-5`` → "Vampire"; a menu lists
    the presets of one player count, or says the count beside it); an id without a name in the
    catalogs is shown as it is."""
    family, _, players = preset_id.rpartition("-")
    key = f"setup_preset_{family.replace('-', '_')}"
    return words(key) if players.isdigit() and words.has(key) else preset_id


def binding_message(binding_id: str) -> str:
    """The catalog id describing the binding ``binding_id`` (``setup-start`` → ``key_setup_start``)."""
    return "key_" + binding_id.replace("-", "_").replace(".", "_")


def name_bindings(node: DOMNode, names: Mapping[str, str], *, refresh: bool = False) -> bool:
    """Give ``node``'s bindings the descriptions ``names`` holds by binding id (the others keep theirs) —
    the one place a footer's words are set, before any footer shows them or, with ``refresh``, on a node
    already shown. Textual's ``Binding`` is frozen: each is replaced in the node's own copy of its class's
    bindings. True when a description changed."""
    table = node._bindings.key_to_bindings
    changed = False
    for key, bindings in table.items():
        said = [dataclasses.replace(b, description=names[b.id]) if b.id is not None and b.id in names else b
                for b in bindings]
        changed = changed or said != bindings
        table[key] = said
    if refresh and changed:
        node.refresh_bindings()
    return changed


def translate_bindings(node: DOMNode, words: AppWords, *, refresh: bool = True) -> None:
    """Describe ``node``'s bindings in ``words``' language (bindings without an id keep theirs), and
    refresh the footer when asked (a node already shown whose language changed)."""
    ids = {b.id for bindings in node._bindings.key_to_bindings.values() for b in bindings if b.id}
    name_bindings(node, {i: words(binding_message(i)) for i in ids if words.has(binding_message(i))},
                  refresh=refresh)


class SpeaksBindings:
    """Mixin (first in the bases) for a screen or widget: its footer descriptions follow the app's
    language. They are rewritten when the node is made, before any footer shows them: rewriting them
    later makes the footer recompose once more, at a moment that varies from run to run."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        assert isinstance(self, DOMNode)
        translate_bindings(self, app_words(self), refresh=False)


class SaysQuitHint:
    """Mixin for an ``App``: Ctrl+C (which Textual keeps for copying) says how to quit in the app's
    language, not Textual's English "Do you want to quit? Press ctrl+q to quit the app"."""

    def action_help_quit(self) -> None:
        app: Any = self
        for key, active in app.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                words = AppWords(str(getattr(app, "lang", LANGUAGES[0])))
                shown = "+".join(part.capitalize() for part in key.split("+"))  # ctrl+q → Ctrl+Q
                app.notify(words("app_quit_hint", key=shown), title=words("app_quit_hint_title"), markup=False)
                return


__all__ = ["AppWords", "SaysQuitHint", "SpeaksBindings", "app_words", "binding_message", "preset_name",
           "translate_bindings"]
