"""The card collections (Dalbula, seed 000 §3.8): each named player's cards, Seer tokens and stickers,
and the shop where 10 tokens buy a 10-card pack.

Opened from the set-up screen for the names typed there. A collection is private (issue 23: what a
player owns tells what he may bring): the list names the players, and a player's cards, tokens and shop
show only once that player opens them (Enter) alone at the laptop, behind a hand-over; Enter or Escape
hides them again, and moving to another name hides them too. Buying shows the pack's cards
(``PackScreen``), to the owner alone, and writes the collection at once."""

from __future__ import annotations

from functools import cached_property

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static

from onenight_core.play.collection import PACK_PRICE, PACK_SIZE, Collection

from ...host import host
from ...text import Wording
from ...widgets.footer import Footer
from ...text.app_words import SpeaksBindings
from ..common.hand_over import KeyGuard


class CollectionScreen(SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "collection.tcss"
    AUTO_FOCUS = "#collection-players"
    BINDINGS = [
        Binding("b", "buy", "Buy a pack", id="collection-buy"),
        Binding("escape", "back", "Back", id="collection-back"),
    ]

    def __init__(self, names: tuple[str, ...], ruleset: str) -> None:
        super().__init__()
        self.names = names
        self.ruleset = ruleset  # whose cards the packs hold (the ruleset that keeps collections)
        self.current = 0
        self.open = False  # the current player's collection is on screen (he alone looks)

    @cached_property
    def words(self) -> Wording:
        """The table's words in the app's language, made once: the screen is only opened from the set-up,
        inside a running app, and is closed before the language can change."""
        return Wording((), host(self).catalog, host(self).lang)

    def compose(self) -> ComposeResult:
        t = self.words.text
        yield Label(t("collection_title"), id="collection-title")
        with Horizontal(id="collection-columns"):
            yield OptionList(*self.names, id="collection-players")
            with Vertical(id="collection-detail"):
                yield Static("", id="collection-closed", markup=False)
                yield Label("", id="collection-owner", markup=False)
                yield Label("", id="collection-tokens", markup=False)
                yield Label("", id="collection-stickers", markup=False)
                yield Label("", id="collection-heading", markup=False)
                with VerticalScroll(id="collection-cards"):
                    yield Static("", id="collection-list", markup=False)
                yield Static("", id="collection-shop", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.arm()
        self.query_one("#collection-players", OptionList).highlighted = self.current  # Enter opens at once
        self._show()

    @property
    def collection(self) -> Collection:
        return host(self).collections.collection(self.names[self.current])

    @on(OptionList.OptionHighlighted, "#collection-players")
    def _player_chosen(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self.current:
            self.current, self.open = event.option_index, False
            self.arm()
            self._show()

    @on(OptionList.OptionSelected, "#collection-players")
    def _player_opens(self, event: OptionList.OptionSelected) -> None:
        """Enter: the named player sees his collection, or hides it again. The first key after the list
        changed hands opens nothing (a double press at the hand-over), and the second press of the double
        press that opened it does not hide it at once (played by hand: Enter Enter showed nothing)."""
        event.stop()
        if not self.ready:
            return
        self.current, self.open = event.option_index, not self.open
        self.arm()
        self._show()

    def _show(self) -> None:
        c, t = self.collection, self.words.text
        closed = self.query_one("#collection-closed", Static)
        closed.update(t("collection_closed", name=self.names[self.current]))
        closed.display = not self.open
        for part in ("#collection-owner", "#collection-tokens", "#collection-stickers", "#collection-heading",
                     "#collection-cards", "#collection-shop"):
            self.query_one(part).display = self.open
        if not self.open:
            self.refresh_bindings()
            return
        order = {info.id: i for i, info in enumerate(host(self).catalog.roles)}
        cards = sorted(c.cards, key=lambda item: order.get(item[0], len(order)))
        self.query_one("#collection-owner", Label).update(t("collection_of", name=c.name))
        self.query_one("#collection-tokens", Label).update(
            t("collection_tokens", tokens=c.tokens, wins=c.wins, packs=c.packs))
        stickers = [t(f"collection_sticker_{s}", n=n) for s, n in c.stickers]
        self.query_one("#collection-stickers", Label).update(
            t("collection_stickers", stickers=", ".join(stickers)) if stickers else t("collection_no_stickers"))
        self.query_one("#collection-heading", Label).update(
            t("collection_cards_heading", total=sum(n for _r, n in c.cards)))
        self.query_one("#collection-list", Static).update(
            "\n".join(t("collection_card_line", role=r, n=n) for r, n in cards))
        self.query_one("#collection-shop", Static).update(
            t("collection_shop", price=PACK_PRICE, size=PACK_SIZE) if c.can_buy else
            t("collection_shop_short", price=PACK_PRICE, size=PACK_SIZE, missing=PACK_PRICE - c.tokens))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "buy":
            return self.open and self.collection.can_buy
        return True

    def action_buy(self) -> None:
        if not self.open or not self.collection.can_buy:
            return
        from .collection_pack import PackScreen

        pack = host(self).collections.buy_pack(self.names[self.current], self.ruleset)
        self._show()
        self.app.push_screen(PackScreen(self.collection.name, pack))

    def action_back(self) -> None:
        if self.open:  # Escape hides the collection first; the list goes back to the set-up
            self.open = False
            self.arm()
            self._show()
            return
        self.dismiss(None)
