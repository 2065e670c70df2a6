"""The classic story in words (``simulate --ruleset classic`` and ``replay`` of classic scenario files):
the core tells a classic game as message ids (``rulesets.classic.story``); ``render`` words one line in
the ``--lang`` language from the catalogs (``cli_classic_story_<key>``), ``round_title`` a round's heading."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cli_text import cli_text

if TYPE_CHECKING:
    from onenight_core.model.messages import Message
    from onenight_core.rulesets.classic.story import StoryLine

#: Parameters that hold positions (``p3``, several separated by spaces): worded as the players' names.
_POSITIONS = ("target", "targets", "lovers", "winners", "choice")


def _seat(value: object, names: Sequence[str], lang: str) -> str:
    """A seat as the player's name: the engine's seat ids (``p3``) are never shown (issue 23)."""
    if isinstance(value, int) and 0 <= value < len(names):
        return str(names[value])
    return str(value)


def _positions(text: str, names: Sequence[str], lang: str) -> str:
    """``p4 p6`` as ``Eve, Gus``; no position (``-``, ``pass``, nothing) as nobody."""
    seats = [int(p[1:]) for p in str(text).split() if p.startswith("p") and p[1:].isdigit()]
    if not seats:
        return cli_text(lang, "classic_nobody")
    return cli_text(lang, "item_separator").join(_seat(s, names, lang) for s in seats)


def _role(role: object, lang: str) -> str:
    from onenight_core.rulesets.classic.catalog import classic_catalog

    catalog = classic_catalog()
    return catalog.role(str(role)).name(lang) if role in catalog else str(role)


def render(line: StoryLine | Message, names: Sequence[str], lang: str = "en") -> str:
    """One line of the classic story (``rulesets.classic.story``: a ``StoryLine``, or its message as
    ``play.story.story_of`` gives it) in ``lang``: seats as names, roles, sides, causes and reasons as words."""
    from onenight_core.model.messages import Message

    line_key = line.id if isinstance(line, Message) else line.key
    params: dict[str, str] = {}
    for key, value in line.params:
        if key == "seat":
            params[key] = _seat(value, names, lang)
        elif key in _POSITIONS:
            params[key] = _positions(str(value), names, lang)
        elif key == "cards":
            params[key] = cli_text(lang, "item_separator").join(_role(r, lang) for r in str(value).split(",") if r)
        elif key == "role":
            params[key] = _role(value, lang)
        elif key == "card" and str(value)[:1] == "c" and str(value)[1:].isdigit():  # the Thief's middle card
            params[key] = cli_text(lang, "classic_middle_card", number=int(str(value)[1:]) + 1)
        elif key == "event":
            from ..classic_words import ClassicWords

            params[key] = ClassicWords(names, lang).event_name(str(value))
        elif key in ("side", "cause", "reason") and value:
            params[key] = cli_text(lang, f"cli_classic_{key}_{value}")
        else:
            params[key] = str(value)
    return cli_text(lang, f"cli_classic_story_{line_key}", **params)


def round_title(label: str, lang: str = "en") -> str:
    """``night2`` as ``Night 2``, ``day1`` as ``Day 1``, ``end`` as ``End``."""
    for kind, msg_id in (("night", "classic_round_night"), ("day", "classic_round_day")):
        if label.startswith(kind) and label[len(kind):].isdigit():
            return cli_text(lang, msg_id, number=int(label[len(kind):]))
    return cli_text(lang, "classic_round_end") if label == "end" else label
