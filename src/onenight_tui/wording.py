"""Words for the engine's values, for the screens that import them from here: the text layer's
``Wording`` and a few one-word helpers in a language (``onenight_tui.text`` is the one place words live).

Marks are named from the message catalog, artifacts from
``onenight_core.rulesets.onuw.artifacts.artifact_info``."""

from __future__ import annotations

from typing import Iterable

from onenight_core.catalog.loader import Catalog
from onenight_core.rulesets.onuw.marks import MARKS

from .text.words import PROPER_NAMES, Wording, clean_name, pretty_id


def _words(lang: str) -> Wording:
    return Wording((), None, lang)


def mark_name(mark: str, lang: str = "en") -> str:
    """``mark_of_fear`` → ``Mark of Fear``."""
    return _words(lang).mark_name(mark)


def mark_effect(mark: str, lang: str = "en") -> str:
    """What the mark does, said to its holder (``you may not do your night action tonight``)."""
    return _words(lang).mark_effect(mark)


def mark_short(mark: str, lang: str = "en") -> str:
    """``Mark of the Vampire`` → ``Vampire``: the mark on a small box of the table picture."""
    return _words(lang).mark_short(mark)


def artifact_name(artifact: str, lang: str = "en") -> str:
    return _words(lang).artifact_name(artifact)


def artifact_text(artifact: str, lang: str = "en") -> str:
    return _words(lang).artifact_text(artifact)


def marks_in_deck(deck: Iterable[str], catalog: Catalog, lang: str = "en") -> list[str]:
    """The marks a game with ``deck`` hands out, for the set-up's explanation: none without a mark role
    (``script.MARK_ROLES``: no mark check), else the Mark of Clarity everyone starts with and the marks
    the deck's roles give (roles.toml ``marks``) — a role in a group (The Master, The Count) also gives
    its group's (the vampires' Mark of the Vampire)."""
    from onenight_core.rulesets.night_script import GROUP_LEADS, MARK_ROLES

    roles = set(deck)
    if not roles & MARK_ROLES:
        return []
    given = {"mark_of_clarity"}
    for role in roles:
        info = catalog.get(role)
        if info is None:
            continue
        given.update(info.marks)
        lead = GROUP_LEADS.get(info.group or "")
        if lead in catalog:
            given.update(catalog[lead].marks)
    return [m for m in MARKS if m in given]



__all__ = ["PROPER_NAMES", "Wording", "artifact_name", "artifact_text", "clean_name", "mark_effect", "mark_name",
           "mark_short", "marks_in_deck", "pretty_id"]
