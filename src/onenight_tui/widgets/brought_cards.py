"""What the set-up shows in place of the deck under Dalbula's own set-up (docs/rules.md §2.1): each player
brings one card from their collection, so the table's cards are not chosen here. A deck list there would
be a picker whose choice is ignored; instead the named players and what their collections hold (cards,
Seer tokens), and the keys that lead on: F3 for the collections and the shop, Ctrl+S to pick the cards.

Public: it says how many cards and Seer tokens each collection holds, never which cards (a collection
is private, issue 23: each player opens his own behind a hand-over on the collection screen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Static

from ..host import host
from ..text.app_words import app_words

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog


class BroughtCards(Static):
    """The players' collections, one line each; ``show`` redraws it for the names typed."""

    def show(self, names: list[str]) -> None:
        say = app_words(self)
        lines = [say("setup_brought_intro"), ""]
        for name in names:
            # the app says once, on screen, when a file could not be used
            collection = host(self).collections.collection(name)
            cards = sum(n for _role, n in collection.cards)
            lines.append(say("setup_brought_player", name=name, count=cards, tokens=collection.tokens))
        lines += ["", say("setup_brought_keys")]
        self.update("\n".join(lines))


def collection_roles(catalog: Catalog, ruleset: str) -> tuple[str, ...]:
    """Every role of ``ruleset`` (one whose players bring cards: Dalbula), in the catalog's order: what help
    explains before the cards are brought. Never the roles the players own: a collection is private
    (issue 23), and the center is drawn from every role anyway, so any of them may be in play."""
    return tuple(info.id for info in catalog.in_ruleset(ruleset))


__all__ = ["BroughtCards", "collection_roles"]
