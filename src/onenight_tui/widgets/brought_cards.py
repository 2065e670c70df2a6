"""What the set-up shows in place of the deck under Dalbula's own set-up (docs/rules.md §2.1): each player
brings one card from their collection, so the table's cards are not chosen here. A deck list there would
be a picker whose choice is ignored; instead the named players and what their collections hold (cards,
Seer tokens), and the keys that lead on: F3 for the collections and the shop, Ctrl+S to pick the cards.

Public like the collection screen: a collection is not a secret of the game (which card a player brings
is chosen later, privately, behind a hand-over)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from ..text.app_words import app_words


class BroughtCards(Static):
    """The players' collections, one line each; ``show`` redraws it for the names typed."""

    def show(self, names: list[str]) -> None:
        say = app_words(self)
        lines = [say("setup_brought_intro"), ""]
        load = getattr(self.app, "collection", None)
        for name in names:
            if load is None:
                lines.append(name)
                continue
            collection = load(name)  # the app says once, on screen, when a file could not be used
            cards = sum(n for _role, n in collection.cards)
            lines.append(say("setup_brought_player", name=name, count=cards, tokens=collection.tokens))
        lines += ["", say("setup_brought_keys")]
        self.update("\n".join(lines))


def roles_owned(app: Any, names: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Every role some of ``names`` owns, in the catalog's order: what help explains before the cards
    are brought (any of them may be)."""
    store = getattr(app, "collections", None)
    owned = {role for name in names for role in store.load(name)[0].roles} if store is not None else set()
    order = {info.id: i for i, info in enumerate(app.catalog.roles)}
    return tuple(sorted((r for r in owned if r in order), key=order.__getitem__))


__all__ = ["BroughtCards", "roles_owned"]
