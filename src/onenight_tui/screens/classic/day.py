"""The classic day (public): the status of the table (round, the living and the dead, the sheriff), what
dawn announced, and the discussion timer. Enter goes to the vote (the sheriff election first when it is
due); M lets a player check their own card and what they know (behind the name list). The timer only
guides: when it runs out the table hears the day's end and is told to vote.

The day's mechanics (the timer and its save, time up, the bots' panel with r and s, the key-guarded vote
key) are shared with One Night's day: ``common/day.BaseDayScreen``. Here: classic's words, status and
news, M, and the elections the vote key leads to first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Label, Static

from ...host import classic
from ...tables.classic.heard import part
from ...table_move import TableMove
from ...text.classic_words import ClassicWords, keys_hint
from ...text.app_words import name_bindings
from ..common.day import BaseDayScreen, bots_bindings

if TYPE_CHECKING:
    from ...tables.classic import ClassicTable


def speaking_order(table: ClassicTable) -> str:
    """Who speaks when (seed 004 step 8): the living clockwise from the left of the night's victim (the
    last player whose death the table heard), from the first seat before anyone died."""
    w, v = table.words, table.view()
    order = w.names(v.clockwise)
    if v.last_dead is None:
        return w.text("classic_speaking_order_first", players=order)
    return w.text("classic_speaking_order", player=w.name(v.last_dead), players=order)


def day_hint(w: ClassicWords, electing: bool) -> str:
    """The day's hint: the Executioner's election first, else the talk, naming M as its footer label does."""
    if electing:
        return w.text("classic_executioner_hint")
    return w.text("classic_day_hint", my_card=keys_hint(w, [("M", w.text("classic_key_my_card"))]))


class ClassicDayScreen(BaseDayScreen):
    CSS_PATH = "day.tcss"
    BOTS_HINT = "classic_day_bots_hint"
    BOTS_ID = "classic-day-bots"
    TIMER_ID = "classic-day-timer"
    SAVE_EVERY = 0.0  # the time left noted every second
    GUARD_VOTE = True  # (no question before the vote: a stray Enter as the day appears must not end it)
    BINDINGS = [
        Binding("enter", "vote", "Vote now", id="classic-day-vote"),
        Binding("m", "my_card", "My card", id="classic-day-card"),
        Binding("p", "pause", "Pause/resume", id="classic-day-pause"),
        # the bots' keys are named on their panel (as on One Night's day screen)
        *bots_bindings("classic-day"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="classic-day-box"):
            yield Label("", id="classic-day-title", markup=False)
            yield Static("", id="classic-day-status", markup=False)
            panel = self.bots_panel()  # the living bots' claims (``bots.SeatBots``)
            if panel is not None:
                yield panel
            yield self.countdown_widget()
            yield Static("", id="classic-day-hint", markup=False)
        yield Footer()

    def open_day(self) -> None:
        table = classic(self)
        w = table.words
        name_bindings(self, {"classic-day-vote": w.text("classic_key_vote"),
                         "classic-day-card": w.text("classic_key_my_card"),
                         "classic-day-pause": w.text("classic_key_pause")})
        p, g, seen = table.pending(), table.game, table.public_view()
        if (p is not None and p.step == "election" and seen.phase == "day"
                and g.setup.option("sheriff.election") == "day1_before_statements"
                and not table.meta("talked", False, bool)):
            self.call_later(self.post_message, TableMove("vote", talked=False))  # elected before the talk
        self.query_one("#classic-day-title", Label).update(w.text("classic_day_title", round=table.round))
        news = []
        for e in part(seen.public, "day", table.round):
            card = str(dict(e.params).get("card", ""))
            if e.id == "event":
                news.append(w.text("classic_event_revealed", event_name=w.event_name(card),
                                   event_text=w.event_text(card)))
            elif e.id == "event_void":
                news.append(w.text("classic_event_void", event_name=w.event_name(card)))
            elif e.id == "miracle":
                news.append(w.text("classic_miracle", player=w.name(int(dict(e.params)["seat"]))))
        self.query_one("#classic-day-status", Static).update("\n".join([table.status(), speaking_order(table), *news]))
        self.query_one("#classic-day-hint", Static).update(day_hint(w, self._electing()))

    def show_time_up(self) -> None:
        self.query_one("#classic-day-hint", Static).update(classic(self).words.text("classic_time_up"))

    def _electing(self) -> bool:
        """The Executioner card was just turned: the table elects him at once, before the talk."""
        p = classic(self).pending()
        return p is not None and p.step == "executioner_election"

    def to_vote(self) -> None:
        # the Executioner's election comes before the talk: the day goes on after it
        self.post_message(TableMove("vote", talked=not self._electing()))

    def action_my_card(self) -> None:
        from ..common.card import CardScreen
        from .who import ClassicWhoScreen

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.app.push_screen(CardScreen(seat))

        self.app.push_screen(ClassicWhoScreen(), chosen)
