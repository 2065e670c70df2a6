"""Help: each role in play — its team and what it does — and the keys that always work."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from ...host import host
from ...text.app_words import AppWords, SpeaksBindings, app_words, translate_bindings
from ...text.words import Wording

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog


class HelpScreen(SpeaksBindings, ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("escape,q,f1", "close", "Close", id="help-close")]

    def __init__(self, deck: tuple[str, ...], title: str | None = None, classic: bool = False, *,
                 lang: str | None = None, catalog: Catalog | None = None, keys: str = "help_keys",
                 note: str | tuple[str, ...] | None = None) -> None:
        """``title``: the id of the heading when the roles listed are not the game's (the roles the
        players of a Dalbula table own, before they bring one each). ``classic``: classic cards share ids
        with One Night's ("seer"), not their texts. ``lang``, ``catalog`` and ``keys`` (the id of the keys'
        paragraph) serve the narrator, whose language is its own (``l``) and whose app holds no catalog.
        ``note``: the id (or ids) of paragraphs about the screen below (the set-up's bot seats and deck
        advisor)."""
        super().__init__()
        self.deck = deck
        self.title_id = title
        self.classic = classic
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
        counts = Counter(self.deck)
        say = self._words()
        with Vertical(id="help-box"):
            yield Label(say(self.title_id or ("help_title_roles" if counts else "help_title")), id="help-title")
            with VerticalScroll(id="help-roles"):
                if not counts:
                    yield Static(say("help_no_roles"))
                if self.classic:
                    yield from self._classic_roles(counts, say)
                else:
                    yield from self._roles(counts, say)
            if self.note_ids:
                yield Static("\n".join(say(i) for i in self.note_ids), id="help-note", markup=False)
            yield Static(say(self.keys_id), id="help-keys")
        yield Footer()

    def _roles(self, counts: Counter[str], say: AppWords) -> ComposeResult:
        words = Wording((), self._catalog(), self._lang())
        for role, count in sorted(counts.items(), key=lambda rc: self._order(rc[0])):
            info = self._catalog().get(role)
            name = say("role_times", role=words.role(role), count=count) if count > 1 else words.role(role)
            yield Static(Text.assemble((name, "bold"), "  ", (words.team(role), "dim")), classes="help-role-name")
            if info is not None:
                yield Static(info.ability(self._lang()), classes="help-role-text", markup=False)

    def _classic_roles(self, counts: Counter[str], say: AppWords) -> ComposeResult:
        """The classic deck's cards with their classic side and text (classic.toml), in its order."""
        from ...classic_deck import classic_order
        from ...classic_words import ClassicWords

        w = ClassicWords((), self._lang())
        for role, count in sorted(counts.items(), key=lambda rc: classic_order(rc[0])):
            name = say("role_times", role=w.card(role), count=count) if count > 1 else w.card(role)
            side = w.catalog.role(role).side if role in w.catalog else None
            yield Static(Text.assemble((name, "bold"), "  ", (w.side(side), "dim")), classes="help-role-name")
            yield Static(w.role_text(role), classes="help-role-text", markup=False)

    def _order(self, role: str) -> tuple[int, str]:
        info = self._catalog().get(role)
        return (info.number if info else 999, role)

    def action_close(self) -> None:
        self.dismiss(None)
