"""The face of one seat's private card, worked out from that seat's view alone (no widgets).

Every game family shows its dealt card on the one private card screen (``screens/common/card.py``);
what the card says comes from the family's driver (``TableDriver.card_face``), built here from what the
seat may know (``view_for(seat)``) and public facts only — so a test reads every card of every family in
every language without starting the app."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog
    from onenight_core.engine.views import SeatView
    from onenight_core.rulesets.classic.protocol import ClassicSeatView

    from .text.classic_words import ClassicWords


@dataclass(frozen=True)
class CardFace:
    """``who``: whose card it is; ``role``: the card's name; ``side``: the team it plays for; ``text``:
    what the card does; ``goal``: how it wins (empty: the family does not say it apart); ``known``: what
    the seat has learned, its heading and one line per thing (empty: nothing); ``hint``: how to hide it;
    ``hide_key``: the footer's word for the hide key."""

    who: str
    role: str
    side: str
    text: str
    hint: str
    hide_key: str
    goal: str = ""
    known: tuple[str, ...] = ()


def one_night_face(view: SeatView, catalog: Catalog, lang: str) -> CardFace:
    """The One Night (and Dalbula) card of ``view``'s seat: the role it was dealt, its team, its ability
    and its goal, in ``lang``."""
    from .text.app_words import AppWords
    from .text.words import Wording

    say = AppWords(lang)
    words = Wording(view.public.players, catalog, lang, me=view.seat)
    return CardFace(
        who=say("card_who", name=view.name),
        role=words.role(view.dealt),
        side=words.team(view.dealt),
        text=catalog[view.dealt].ability(lang),
        goal=words.goal(view.dealt, view.public.roster, view.public.ruleset),
        hint=say("private_hide_hint"),
        hide_key=say("key_card_hide"),
    )


def classic_face(view: ClassicSeatView, words: ClassicWords, dead: Iterable[int] = ()) -> CardFace:
    """The classic card of ``view``'s seat: its card, its side, its text and what the seat has learned
    (its lover, the pack, the Seer's looks…), a player the table knows to be ``dead`` marked so."""
    return CardFace(
        who=words.text("classic_card_title", player=words.name(view.seat)),
        role=words.card(view.role),
        side=words.text("classic_card_side", side_name=words.side(words.catalog.side(view.role))),
        text=words.role_text(view.role),
        known=words.known_lines(view.known, dead),
        hint=words.text("classic_hide_hint"),
        hide_key=words.text("classic_key_hide"),
    )


__all__ = ["CardFace", "classic_face", "one_night_face"]
