"""The private ballot's hand-over screen (public): it names only the next voter.

"Pass the laptop to Mina to vote" — Mina presses a key and votes on a private prompt screen, which
clears itself before the laptop moves on. Once every vote is in, the reveal follows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label

from onenight_core.engine.protocol import pending
from onenight_core.engine.views import public_view


class BallotScreen(Screen):
    CSS_PATH = "ballot.tcss"
    BINDINGS = [Binding("enter,space", "open", "Vote", id="ballot-open")]

    def compose(self) -> ComposeResult:
        with Vertical(id="ballot-box"):
            yield Label("Secret vote — pass the laptop to", id="ballot-title")
            yield Label("", id="ballot-name")
            yield Label("", id="ballot-hint")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _voter(self) -> int | None:
        p = pending(self.app.state)
        return p.seat if p is not None and p.kind == "vote" else None

    def _show(self) -> None:
        seat = self._voter()
        if seat is None:
            return
        view = public_view(self.app.state)
        name = view.players[seat]
        self.query_one("#ballot-name", Label).update(name)
        self.query_one("#ballot-hint", Label).update(
            f"{name}: press Enter to vote where nobody else can see.\n"
            f"{view.votes_in} of {len(view.players)} votes are in.")

    def action_open(self) -> None:
        seat = self._voter()
        if seat is None:
            self.app.show_reveal()
            return
        from .prompt import PromptScreen

        self.app.push_screen(PromptScreen(seat), self._after_vote)

    def _after_vote(self, _: object) -> None:
        if self.app.state.phase == "over":
            self.app.show_reveal()
        else:
            self._show()

    def help_roles(self) -> tuple[str, ...]:
        return public_view(self.app.state).roster
