"""The ``--roles`` value of the game and of ``simulate``, read the same way by both: a deck, a preset, or
nothing; an empty value is a mistake (one line, exit 2), never a silent default deck."""

from __future__ import annotations

from .cli_text import cli_text
from .usage import UsageError


def deck_argument(text: str | None, flag: str = "--roles", lang: str = "en") -> tuple[str, ...] | None:
    """A ``--roles`` value as role ids: None when the flag was not given; an empty value is an error (in
    ``lang``), not a silent default deck."""
    if text is None:
        return None
    if not text.strip(" ,"):
        raise UsageError(cli_text(lang, "cli_empty_deck", flag=flag))
    from onenight_core.catalog.deck import parse_deck  # the catalog only when a deck is read

    return parse_deck(text)
