"""The classic deck on the set-up screen: its rows (every classic card, with its name and side in the
table's language) for the deck list, the order a deck is written in, and the default composition for a
number of players (``rulesets.classic.deck.default_classic_deck``)."""

from __future__ import annotations

from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_core.rulesets.classic.deck import default_classic_deck

from .classic_words import ClassicWords


#: A classic side in the deck list's short words, the One Night deck's ("Loups", "Village", "À part"): the
#: story's "le Joueur de flûte" did not fit the column at 80 cells.
SHORT_SIDES = {"werewolves": "setup_side_werewolf", "villagers": "setup_side_village_hero", "piper": "setup_side_own"}


def classic_rows(lang: str) -> list[tuple[str, str, str, bool]]:
    """(id, name, side, playable) per classic card, in classic.toml's order: all are playable."""
    from .text.app_words import AppWords

    w = ClassicWords((), lang)
    say = AppWords(lang)
    return [(r.id, w.card(r.id), say(SHORT_SIDES[r.side]) if r.side in SHORT_SIDES else w.side(r.side), True)
            for r in classic_catalog().roles]


def classic_order(role: str) -> int:
    ids = classic_catalog().ids()
    return ids.index(role) if role in ids else len(ids)


def default_deck(players: int) -> tuple[str, ...]:
    return default_classic_deck(max(players, 3))
