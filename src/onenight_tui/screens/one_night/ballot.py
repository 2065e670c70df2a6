"""The private ballot's hand-over screen (public): it names only the next voter.

"Pass the laptop to Mina to vote" — Mina presses a key and votes on a private prompt screen, which
clears itself before the laptop moves on. Once every vote is in, the screen posts ``TableMove("tally")`` and the
router hands the laptop back to the middle (``TallyScreen``) before anyone sees the result. Until the
first vote is cast the table may go back to the day (``Back``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label

from onenight_core.engine.protocol import apply, pending
from onenight_core.engine.views import public_view

from ...table_move import TableMove
from ...bots.one_night import cast_bot_ballots
from ...host import one_night
from ...text.app_words import SpeaksBindings, app_words
from ..common.hand_over import KeyGuard


class BallotScreen(SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "ballot.tcss"
    BINDINGS = [
        Binding("enter,space", "open", "Vote", id="ballot-open"),
        Binding("escape", "back", "Back to the day", id="ballot-back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="ballot-box"):
            yield Label(app_words(self)("ballot_title"), id="ballot-title")
            yield Label("", id="ballot-name", markup=False)
            yield Label("", id="ballot-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _voter(self) -> int | None:
        """The next voter to hand the laptop to: a bot's ballot needs no hand-over, so the bots asked
        before the next human are walked past (their ballots are cast when that human votes:
        ``action_open``; until a ballot is in, the table may still go back to the day)."""
        g, bots = one_night(self).game, one_night(self).bots
        while (p := pending(g)) is not None and p.kind == "vote":
            if bots is None or p.seat not in bots.seats:
                return p.seat
            g = apply(g, bots.vote(g, p.seat))
        return None

    def _show(self) -> None:
        seat = self._voter()
        if seat is None:
            return
        view = public_view(one_night(self).game)
        name = view.players[seat]
        self.query_one("#ballot-name", Label).update(name)
        self.query_one("#ballot-hint", Label).update(
            app_words(self)("ballot_hint", name=name, votes=view.votes_in, count=len(view.players)))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return public_view(one_night(self).game).votes_in == 0
        return True

    def action_open(self) -> None:
        if not self.let_through():
            return  # a double press: the key that cast the last vote must not open the next ballot
        seat = self._voter()
        cast_bot_ballots(one_night(self))
        if seat is None:
            self.post_message(TableMove("tally"))
            return
        from ..common.prompt import PromptScreen

        self.app.push_screen(PromptScreen(seat), self._after_vote)

    def _after_vote(self, _: object) -> None:
        if pending(one_night(self).game) is not None and self._voter() is None:
            cast_bot_ballots(one_night(self))  # the last ballots are bots': cast, and the vote is over
        if self._voter() is None:
            self.post_message(TableMove("tally"))
        else:
            self._show()

    def action_back(self) -> None:
        self.post_message(TableMove("day"))

    def help_roles(self) -> tuple[str, ...]:
        return public_view(one_night(self).game).roster
