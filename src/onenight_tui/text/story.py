"""The story of a game in words: ``onenight_core.play.story``'s messages, worded by the text layer.

The command line (``simulate``, ``replay``) and the reveal screen all read the story from here, so a
game is told the same way everywhere and in every language. One loop words any game family's story
(``story_of(game)``: sections of messages); a family contributes only its words (``FAMILY_WORDS``): how a
section's heading reads and which table words its lines — the One Night engine's messages through the
catalogs' ``Wording``, the classic game's lines through ``cli_classic_story_<key>`` with its parameters
worded by name (``CLASSIC_PARAMS``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from onenight_core.catalog.loader import Catalog
from onenight_core.model.messages import Message
from onenight_core.model.state import GameState
from onenight_core.play.story import CardJourney, journeys, sections, story_of

from ..cli_text import cli_text
from ..families import NIGHTS_AND_DAYS, ONE_NIGHT, family_of
from .words import Wording


class StoryWords(Protocol):
    """How one family's story is worded for a table (``names``) in a language."""

    def heading(self, section: str) -> str: ...

    def line(self, line: Message) -> str: ...


class _OneNightWords:
    """The One Night engine's story: headings ``section_<id>``, lines the engine's messages (``Wording``)."""

    def __init__(self, names: Sequence[str], lang: str, catalog: Catalog | None) -> None:
        self.words = Wording(names, catalog, lang)

    def heading(self, section: str) -> str:
        return self.words.text(f"section_{section}")

    def line(self, line: Message) -> str:
        return self.words.say(line)


# -- the classic family's words: a round's heading, a line's parameters by name ------------------------

def _seat(value: object, names: Sequence[str], lang: str) -> str:
    """A seat as the player's name: the engine's seat ids (``p3``) are never shown (issue 23)."""
    if isinstance(value, int) and 0 <= value < len(names):
        return str(names[value])
    return str(value)


def _positions(text: object, names: Sequence[str], lang: str) -> str:
    """``p4 p6`` as ``Eve, Gus``; no position (``-``, ``pass``, nothing) as nobody."""
    seats = [int(p[1:]) for p in str(text).split() if p.startswith("p") and p[1:].isdigit()]
    if not seats:
        return cli_text(lang, "classic_nobody")
    return cli_text(lang, "item_separator").join(_seat(s, names, lang) for s in seats)


def _role(role: object, names: Sequence[str] = (), lang: str = "en") -> str:
    from onenight_core.rulesets.classic.catalog import classic_catalog

    catalog = classic_catalog()
    return catalog.role(str(role)).name(lang) if role in catalog else str(role)


def _cards(value: object, names: Sequence[str], lang: str) -> str:
    return cli_text(lang, "item_separator").join(_role(r, names, lang) for r in str(value).split(",") if r)


def _card(value: object, names: Sequence[str], lang: str) -> str:
    if str(value)[:1] == "c" and str(value)[1:].isdigit():  # the Thief's middle card
        return cli_text(lang, "classic_middle_card", number=int(str(value)[1:]) + 1)
    return str(value)


def _event(value: object, names: Sequence[str], lang: str) -> str:
    from .classic_words import ClassicWords

    return ClassicWords(names, lang).event_name(str(value))


def _side_word(kind: str) -> Callable[[object, Sequence[str], str], str]:
    def word(value: object, names: Sequence[str], lang: str) -> str:
        return cli_text(lang, f"cli_classic_{kind}_{value}") if value else str(value)

    return word


#: How each parameter of a classic story line is worded, by its name (any other: as given).
CLASSIC_PARAMS: Mapping[str, Callable[[object, Sequence[str], str], str]] = {
    "seat": _seat, **dict.fromkeys(("target", "targets", "lovers", "winners", "choice"), _positions),
    "cards": _cards, "role": _role, "card": _card, "event": _event,
    **{kind: _side_word(kind) for kind in ("side", "cause", "reason")}}


def render(line: Any, names: Sequence[str], lang: str = "en") -> str:
    """One line of the classic story (``rulesets.classic.story``: a ``StoryLine``, or its message as
    ``play.story.story_of`` gives it) in ``lang``: seats as names, roles, sides, causes and reasons as words."""
    key = line.id if isinstance(line, Message) else line.key
    params = {name: CLASSIC_PARAMS[name](value, names, lang) if name in CLASSIC_PARAMS else str(value)
              for name, value in line.params}
    return cli_text(lang, f"cli_classic_story_{key}", **params)


def round_title(label: str, lang: str = "en") -> str:
    """``night2`` as ``Night 2``, ``day1`` as ``Day 1``, ``end`` as ``End``."""
    for kind, msg_id in (("night", "classic_round_night"), ("day", "classic_round_day")):
        if label.startswith(kind) and label[len(kind):].isdigit():
            return cli_text(lang, msg_id, number=int(label[len(kind):]))
    return cli_text(lang, "classic_round_end") if label == "end" else label


class _ClassicWords:
    """The classic story: headings the rounds (``Night 2``), lines ``render``'s."""

    def __init__(self, names: Sequence[str], lang: str, catalog: Catalog | None) -> None:
        self.names, self.lang = names, lang

    def heading(self, section: str) -> str:
        return round_title(section, self.lang)

    def line(self, line: Message) -> str:
        return render(line, self.names, self.lang)


class _Family(NamedTuple):
    """A family's part of the story in words: its words, and how a heading is set above its lines."""

    words: Callable[[Sequence[str], str, Catalog | None], StoryWords]
    heading: str  # the heading's line, ``{}`` its words


#: Each game family's words (``families.family_of``): the one loop below reads them.
FAMILY_WORDS: Mapping[str, _Family] = {ONE_NIGHT: _Family(_OneNightWords, "{}"),
                                       NIGHTS_AND_DAYS: _Family(_ClassicWords, "-- {}")}


def told(game: Any, names: Sequence[str] | None = None, lang: str = "en",
         catalog: Catalog | None = None) -> list[tuple[str, list[str]]]:
    """Each section of any game's story (``story_of``) as its heading line and its lines in ``lang``;
    ``names`` are the players' (default: the set-up's)."""
    family = FAMILY_WORDS[family_of(game.setup.ruleset)]
    words = family.words(game.setup.players if names is None else names, lang, catalog)
    return [(family.heading.format(words.heading(section.title)), [words.line(line) for line in section.lines])
            for section in story_of(game)]


def tell(game: Any, catalog: Catalog | None = None, lang: str = "en", names: Sequence[str] | None = None,
         indent: str = "") -> list[str]:
    """The readable story of any game as plain text lines: each section's heading, then its lines indented
    by two spaces (the whole by ``indent``). No markup, no control characters (names are cleaned)."""
    return [indent + text for heading, lines in told(game, names, lang, catalog)
            for text in (heading, *("  " + line for line in lines))]


def night_lines(state: GameState, catalog: Catalog | None = None, lang: str = "en") -> list[str]:
    """One line per thing that happened at night, in script order (the reveal's "The night")."""
    words = Wording(state.setup.players, catalog, lang)
    return [words.say(line) for section in sections(state, catalog) if section.title == "night"
            for line in section.lines]


def moved_cards(state: GameState) -> list[CardJourney]:
    """Every card that changed place during the night, with the positions it went through."""
    return [journey for journey in journeys(state) if journey.moved]


__all__ = ["CLASSIC_PARAMS", "FAMILY_WORDS", "StoryWords", "moved_cards", "night_lines", "render", "round_title",
           "tell", "told"]
