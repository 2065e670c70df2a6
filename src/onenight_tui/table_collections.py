"""The players' card collections (Dalbula) as the hot-seat table uses them: opened on first use, a
file that could not be used said once on screen, a pack bought, the cards each player brings to a game
(picked privately one by one, saved as they are picked, then dealt: ``bring``, ``note_picks``,
``deal_brought``), and the rewards after the reveal of a game played with brought cards (docs/rules.md
§2.1, §3.8). The files themselves are ``collection_store``'s; the app only asks whether the game it
deals was brought (``take_brought``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .settings import said_notice

if TYPE_CHECKING:
    from onenight_core.model.state import GameState
    from onenight_core.play.collection import Collection
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.options import Options

    from .app import OneNightApp
    from .collection_store import CollectionStore


class TableCollections:
    """The collections of the players at ``app``'s table: on disk in ``folder``, else for this session."""

    def __init__(self, app: OneNightApp, folder: Path | None) -> None:
        self._app = app
        self._folder = folder
        self._files: CollectionStore | None = None
        self._bringing = False  # the game being dealt is made of the cards the players brought

    @property
    def files(self) -> CollectionStore:
        """The collections' files, opened on first use. Not at start-up: they import the rulesets'
        draws, hence the whole engine."""
        if self._files is None:
            from .collection_store import CollectionStore

            self._files = CollectionStore(self._folder)
        return self._files

    def collection(self, name: str) -> Collection:
        """``name``'s collection (a starter set for a new player); a file that could not be used is
        said once, on screen."""
        collection, notice = self.files.load(name)
        if notice:
            app = self._app
            app.notify(said_notice(notice, app.words), severity="warning", timeout=8, markup=False)
        return collection

    def store(self, collection: Collection) -> None:
        """Write ``collection`` at once; a write that failed is said on screen."""
        problem = self.files.store(collection)
        if problem:
            self._app.notify(said_notice(problem, self._app.words), severity="warning", markup=False)

    def buy_pack(self, name: str, ruleset: str) -> tuple[str, ...]:
        """Spend ``name``'s tokens on the next pack of ``ruleset``'s cards; the collection is written at once."""
        bought, pack = self.collection(name).buy_pack([i.id for i in self._app.catalog.in_ruleset(ruleset)])
        self.store(bought)
        return pack

    # -- the cards the players bring ----------------------------------------------------------------
    def bring(self, players: tuple[str, ...], ruleset: str, options: Options = (), brought: tuple[str, ...] = (),
              *, saved: SavedGame | None = None) -> None:
        """Each player privately picks the card they bring first (``ruleset``'s own set-up). The picks
        are saved as they are made (stage ``bring``): quitting asks, and the table resumes at the next
        player's pick (``saved``). An interrupted game is never overwritten without asking."""
        from onenight_core.model.values import Setup
        from onenight_core.play.saves import SavedGame

        from .screens.setup.bring_card import BringCardScreen

        app = self._app
        if saved is None and not app.interrupted_dropped and not app.in_game:
            old = app.interrupted()
            if old is not None and old != app.saved:
                say = app.words
                app.ask_about(old, say("app_start_new_title"), say("app_start_new_text"),
                              say("app_start_new_yes"), lambda: self.bring(players, ruleset, options, brought))
                return
        if saved is None:
            saved = SavedGame(Setup(players, brought, ruleset, options), app.seed_for_picks(), (),
                              {"stage": "bring", "lang": app.lang})
        app.table, app.saved = None, saved
        app.persist()
        app.open_screen(BringCardScreen(players, options, brought))

    @property
    def picking(self) -> bool:
        """The players are picking the cards they bring."""
        saved = self._app.saved
        return self._app.table is None and saved is not None and saved.get("stage") == "bring"

    def note_picks(self, brought: tuple[str, ...]) -> None:
        """Save the cards picked so far (private: like the save of a game, which holds every card)."""
        saved = self._app.saved
        if self.picking and saved is not None:
            from attrs import evolve

            self._app.saved = evolve(saved, setup=evolve(saved.setup, deck=brought))
            self._app.persist()

    def deal_brought(self, players: tuple[str, ...], brought: tuple[str, ...], options: Options = ()) -> None:
        """Start the game with the cards the players brought, in seat order: the ruleset's set-up draws
        the center from the whole catalogue (docs/rules.md §2.1); the usual deal follows."""
        from onenight_core.errors import OneNightError
        from onenight_core.model.values import Setup

        app = self._app
        assert app.saved is not None and self.picking, "no cards are being picked"
        ruleset = app.saved.setup.ruleset
        seed = app.take_seed()
        self._bringing = True  # the save notes it: the reveal rewards the collections
        try:
            app.begin_game(Setup(players, brought, ruleset, options), seed)
        except OneNightError as exc:
            self._bringing = False
            app.notify(app.error_text(exc), severity="error", markup=False)
            app.show_setup()

    def take_brought(self) -> bool:
        """Whether the game being dealt is made of the cards the players brought (asked once, by the deal)."""
        brought, self._bringing = self._bringing, False
        return brought

    def reward(self, g: GameState, saved: SavedGame) -> SavedGame:
        """After the reveal of a game with brought cards: a Seer token per winner, a Diseased sticker
        per winner the Diseased voted for (docs/rules.md §3.8), said on screen; once per game (the save
        returned notes it)."""
        if g.outcome is None or not saved.get("brought", False, bool) or saved.get("rewarded", False, bool):
            return saved
        from onenight_core.play.collection import rewards

        outcome = g.outcome
        got = rewards(outcome.winners, outcome.roles, g.votes)
        saved = saved.with_meta(rewarded=True)
        players = g.setup.players
        for seat, name in enumerate(players):
            if seat in got.winners or seat in got.stickers:
                collection = self.collection(name)
                if seat in got.winners:
                    collection = collection.with_win()
                if seat in got.stickers:
                    collection = collection.with_sticker()
                self.store(collection)
        from .text.words import Wording

        app = self._app
        words = Wording(players, app.catalog, app.lang)
        if got.winners:
            names = ", ".join(players[s] for s in sorted(got.winners))
            app.notify(words.text("collection_rewards_tokens", names=names), timeout=8, markup=False)
        if got.stickers:
            app.notify(words.text("collection_rewards_stickers",
                                  names=", ".join(players[s] for s in sorted(got.stickers))), timeout=8, markup=False)
        return saved
