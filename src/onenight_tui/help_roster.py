"""What the help screen (F1) explains: the cards a screen names, and the game family whose words explain
them — One Night's roles from ``roles.toml`` (their team and ability), or classic's cards from
``classic.toml`` (their side and text; a classic card shares its id with a One Night role, "seer", not its
text).

A screen that shows help says what it explains with ``help_topic()`` (a ``HelpRoster``: the set-up for
the ruleset chosen, the narrator for the ruleset it reads, a Dalbula player's collection); the game's
screens name their deck (``help_roles``) and the table driver's family explains it. The help screen
renders the ``HelpCard`` rows a roster gives in one way for every family: no family is named there.
A family's entry in ``EXPLAINERS`` is all a ruleset with cards of its own adds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from attrs import frozen

from .families import NIGHTS_AND_DAYS, ONE_NIGHT, family_of

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog

    from .tables import TableDriver


@frozen
class HelpCard:
    """One card explained: its name in the language, how many are in play, its team (side) and what it
    does (None: the catalog has no text for it)."""

    role: str
    count: int
    name: str
    team: str
    text: str | None


#: How a family explains the cards of a deck (their counts): the rows in the family's own card order.
Explainer = Callable[["Counter[str]", str, "Catalog"], tuple[HelpCard, ...]]


def one_night_cards(counts: Counter[str], lang: str, catalog: Catalog) -> tuple[HelpCard, ...]:
    """One Night's roles (``roles.toml``): team and ability, in the catalog's order."""
    from .text.words import Wording

    words = Wording((), catalog, lang)

    def order(role: str) -> tuple[int, str]:
        info = catalog.get(role)
        return (info.number if info else 999, role)

    cards = []
    for role in sorted(counts, key=order):
        info = catalog.get(role)
        cards.append(HelpCard(role, counts[role], words.role(role), words.team(role),
                              info.ability(lang) if info is not None else None))
    return tuple(cards)


def nights_and_days_cards(counts: Counter[str], lang: str, catalog: Catalog) -> tuple[HelpCard, ...]:
    """Classic's cards (``classic.toml``, its own catalog): side and text, in its deck's order."""
    from .text.classic_words import ClassicWords

    words = ClassicWords((), lang)
    ids = words.catalog.ids()  # classic.toml's order, the order a classic deck is written in
    cards = []
    for role in sorted(counts, key=lambda r: ids.index(r) if r in ids else len(ids)):
        side = words.catalog.role(role).side if role in words.catalog else None
        cards.append(HelpCard(role, counts[role], words.card(role), words.side(side), words.role_text(role)))
    return tuple(cards)


#: Each game family's explainer (``families.py``).
EXPLAINERS: Mapping[str, Explainer] = {ONE_NIGHT: one_night_cards, NIGHTS_AND_DAYS: nights_and_days_cards}


@frozen
class HelpRoster:
    """The cards F1 explains (``deck``: each card once per copy) and the game family whose words explain
    them (``families.ONE_NIGHT``, ``families.NIGHTS_AND_DAYS``)."""

    deck: tuple[str, ...]
    family: str = ONE_NIGHT

    def cards(self, lang: str, catalog: Catalog) -> tuple[HelpCard, ...]:
        """The rows of the help: each card once, with its count, in ``lang``."""
        return EXPLAINERS[self.family](Counter(self.deck), lang, catalog)


def help_roster(deck: Iterable[str], ruleset: str | None) -> HelpRoster:
    """The roster of ``deck`` explained by the family ``ruleset`` is played by (None: the default
    ruleset's)."""
    return HelpRoster(tuple(deck), family_of(ruleset))


def screen_topic(screen: object, table: TableDriver | None) -> HelpRoster:
    """What F1 explains over ``screen`` in the game's app: the screen's own topic (``help_topic()``: the
    set-up, the narrator, a Dalbula collection), else the deck it names (``help_roles()``: a One Night
    game's screens) or, without one, the table's public roster (``TableDriver.help_roles``) — explained by
    the family of the table's game (before any game, the default ruleset's)."""
    topic = getattr(screen, "help_topic", None)
    if callable(topic):
        roster: HelpRoster = topic()
        return roster
    roles = getattr(screen, "help_roles", None)
    if callable(roles):
        deck = tuple(roles())
    else:
        deck = table.help_roles() if table is not None else ()  # public only, never the set-up's deck
    return HelpRoster(deck, table.family if table is not None else family_of(None))
