"""The classic family's deck list on the set-up screen: a row per classic card (``classic.toml``, every one
playable), with its name and side in the table's language, in the catalog's order — the order a classic
deck is written in. ``setup_facts.build`` reads it (``OWN_DECK_ROWS``) when the set-up's facts are built,
so the set-up itself never imports the classic rules."""

from __future__ import annotations

from onenight_core.rulesets.classic.catalog import classic_catalog

from ...text.classic_words import ClassicWords
from ...text.app_words import AppWords

#: A classic side in the deck list's short words, the One Night deck's ("Loups", "Village", "À part"): the
#: story's "le Joueur de flûte" did not fit the column at 80 cells.
SHORT_SIDES = {"werewolves": "setup_side_werewolf", "villagers": "setup_side_village_hero", "piper": "setup_side_own"}


def classic_rows(lang: str) -> tuple[tuple[str, str, str, bool], ...]:
    """(id, name, side, playable) per classic card, in classic.toml's order: all are playable."""
    w = ClassicWords((), lang)
    say = AppWords(lang)
    return tuple((r.id, w.card(r.id), say(SHORT_SIDES[r.side]) if r.side in SHORT_SIDES else w.side(r.side), True)
                 for r in classic_catalog().roles)
