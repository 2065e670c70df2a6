"""The players' card collections (Dalbula) as the hot-seat table uses them: opened on first use, a
file that could not be used said once on screen, a pack bought, and the rewards after the reveal of a
game played with brought cards (docs/rules.md §3.8). The files themselves are ``collection_store``'s."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .settings import said_notice

if TYPE_CHECKING:
    from onenight_core.model.state import GameState
    from onenight_core.play.collection import Collection
    from onenight_core.play.saves import SavedGame

    from .app import OneNightApp
    from .collection_store import CollectionStore


class TableCollections:
    """The collections of the players at ``app``'s table: on disk in ``folder``, else for this session."""

    def __init__(self, app: OneNightApp, folder: Path | None) -> None:
        self._app = app
        self._folder = folder
        self._files: CollectionStore | None = None

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

    def buy_pack(self, name: str) -> tuple[str, ...]:
        """Spend ``name``'s tokens on the next pack; the collection is written at once."""
        bought, pack = self.collection(name).buy_pack([i.id for i in self._app.catalog.in_ruleset("dalbula")])
        self.store(bought)
        return pack

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
