"""Help: each role in play — its team and what it does — and the keys that always work. The roles and
their words come from the ``HelpRoster`` the screen is given (``help_roster.py``), the same way for every
game family."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from ...host import host
from ...text.app_words import AppWords, SpeaksBindings, app_words, translate_bindings

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog

    from ...help_roster import HelpCard, HelpRoster


class HelpScreen(SpeaksBindings, ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("escape,q,f1", "close", "Close", id="help-close")]

    def __init__(self, roster: HelpRoster, title: str | None = None, *,
                 lang: str | None = None, catalog: Catalog | None = None, keys: str = "help_keys",
                 note: str | tuple[str, ...] | None = None) -> None:
        """``roster``: the cards to explain and the family whose words explain them (``help_roster.py``:
        the screen renders its rows the same way for every family). ``title``: the id of the heading when
        the roles listed are not the game's (the roles the players of a Dalbula table own, before they
        bring one each). ``lang``, ``catalog`` and ``keys`` (the id of the keys' paragraph) serve the
        narrator, whose language is its own (``l``) and whose app holds no catalog. ``note``: the id (or
        ids) of paragraphs about the screen below (the set-up's bot seats and deck advisor)."""
        super().__init__()
        self.roster = roster
        self.title_id = title
        self.help_lang = lang
        self.help_catalog = catalog
        self.keys_id = keys
        self.note_ids = (note,) if isinstance(note, str) else tuple(note or ())
        if lang is not None:
            translate_bindings(self, self._words(), refresh=False)

    def _words(self) -> AppWords:
        return AppWords(self.help_lang) if self.help_lang is not None else app_words(self)

    def _lang(self) -> str:
        return self.help_lang if self.help_lang is not None else host(self).lang

    def _catalog(self) -> Catalog:
        return self.help_catalog if self.help_catalog is not None else host(self).catalog

    def compose(self) -> ComposeResult:
        say = self._words()
        cards = self.roster.cards(self._lang(), self._catalog())
        with Vertical(id="help-box"):
            yield Label(say(self.title_id or ("help_title_roles" if cards else "help_title")), id="help-title")
            with VerticalScroll(id="help-roles"):
                if not cards:
                    yield Static(say("help_no_roles"))
                for card in cards:
                    yield from self._card(card, say)
            # The notes and the keys below the roles, in a part of their own that never takes more than its
            # share of the box (it scrolls past that): at 80x24 the set-up's notes left the roles no row.
            with VerticalScroll(id="help-more"):
                if self.note_ids:
                    yield Static("\n".join(say(i) for i in self.note_ids), id="help-note", markup=False)
                yield Static(say(self.keys_id), id="help-keys")
        yield Footer()

    def _card(self, card: HelpCard, say: AppWords) -> ComposeResult:
        name = say("role_times", role=card.name, count=card.count) if card.count > 1 else card.name
        yield Static(Text.assemble((name, "bold"), "  ", (card.team, "dim")), classes="help-role-name")
        if card.text is not None:
            yield Static(card.text, classes="help-role-text", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
