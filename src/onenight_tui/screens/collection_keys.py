"""The collection screens' key descriptions in the table's language.

A ``Binding``'s description is fixed in the class; these screens describe their keys with the message
``key_<binding id>`` of the text catalog (``key_collection_buy``), rewritten on the screen's own copy of
its bindings when the screen is made, before its footer first shows them."""

from __future__ import annotations

import dataclasses

from textual.dom import DOMNode

from ..text import Wording


def translate_keys(node: DOMNode, words: Wording) -> None:
    """Describe ``node``'s bindings that have an id in ``words``' language."""
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [dataclasses.replace(b, description=words.text("key_" + b.id.replace("-", "_")))
                      if b.id else b for b in bindings]
