"""What every table driver (tables/) holds alike: its app, the save of the game on the table, its bots, and
the save's notes every router reads the same way."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from onenight_core.play.saves import SavedGame

    from ..app import OneNightApp
    from ..bots import SeatBots


class TablePlumbing:
    """What every driver holds alike: its app, the save of the game on the table and its bots."""

    app: OneNightApp
    bots: SeatBots | None  # the game's bots (bots/: one interface, an implementation per family), None: humans

    @property
    def saved(self) -> SavedGame:
        saved = self.app.saved
        assert saved is not None, "a game on the table has its save"
        return saved

    def bot_seats(self) -> frozenset[int]:
        return self.bots.seats if self.bots is not None else frozenset()

    # The save's notes are read by type and range: a hand-edited save opens where it can.
    def deal_screen(self) -> Screen[None]:
        """The deal's hand-over at the seat the save noted (never past the deal)."""
        from ..screens.common.deal import DealScreen

        deal = self.saved.get("deal", 0, int)
        return DealScreen(deal if 0 <= deal <= len(self.saved.setup.players) else 0)

    def day_left(self) -> float:
        """The time the day had left when the save noted it (a resumed game), else a whole day."""
        left = self.saved.get("day_left", None, float)
        known = left is not None and 0 <= left <= 24 * 3600
        return left if known else float(self.app.settings.day_seconds)


__all__ = ["TablePlumbing"]
