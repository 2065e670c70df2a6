"""The reveal (public, once the game is over): who died and why, who won and why, every player's
starting and final card (with their final mark and artifact, when the game has them), the votes, and the
night told as a story with each card's journey.

Everything is public now, so this screen reads the finished state; before the end it is never shown."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from onenight_core.engine.views import public_view

from .. import night_story
from ..wording import TEAM_NAMES, Wording, artifact_name, artifact_text, mark_effect, mark_name

TEAM_TITLES = {"village": "The village", "werewolf": "The werewolves", "vampire": "The vampires",
               "alien": "The aliens", "villain": "The villains"}


class RevealScreen(Screen):
    CSS_PATH = "reveal.tcss"
    BINDINGS = [
        Binding("n", "again", "Play again", id="reveal-again"),
        Binding("s", "setup", "Change players/deck", id="reveal-setup"),
        Binding("q", "app.quit", "Quit", id="reveal-quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        g = self.app.state
        view = public_view(g)
        result = view.outcome
        words = Wording(view.players, self.app.catalog, self.app.lang)
        with VerticalScroll(id="reveal-scroll"):
            self.headline = self._headline(result, words)
            yield Label(self.headline, id="reveal-title", markup=False)
            for team, won, why in result.teams:
                name = TEAM_TITLES.get(team, TEAM_NAMES.get(team, team))
                verb = ("wins" if won else "loses") if team == "village" else ("win" if won else "lose")
                yield Static(Text.assemble((f"{name} {verb}", "bold"),
                                           f": {words.named(why)}."), classes="reveal-team")
            yield Label("Deaths", classes="reveal-heading")
            if result.deaths:
                for seat, cause in result.deaths:
                    yield Static(Text.assemble((words.seat(seat), "bold"), f" died — {words.named(cause)}."),
                                 classes="reveal-death")
            else:
                yield Static("Nobody died.", classes="reveal-death")
            yield Label("Players", classes="reveal-heading")
            yield Static(self._players_table(g, result, words), id="reveal-players")
            for line in self._legend(g):
                yield Static(line, classes="reveal-legend", markup=False)
            yield Label("The night", classes="reveal-heading")
            for line in night_story.night_lines(g, self.app.catalog, self.app.lang):
                yield Static(line, classes="reveal-story", markup=False)
            moved = night_story.moved_cards(g)
            if moved:
                yield Label("Where the cards went", classes="reveal-heading")
                for journey in moved:
                    path = " → ".join(words.place(p) for p in journey.positions)
                    yield Static(f"{words.role(journey.role)}: {path}", classes="reveal-journey", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.app.say(self.headline)

    @staticmethod
    def _headline(result, words: Wording) -> str:
        winners = sorted(result.winners)
        if not winners:
            return "Nobody wins."
        return "Winners: " + words.names(f"p{s}" for s in winners)

    @staticmethod
    def _has_marks(g) -> bool:
        return any(step.id == "mark_check" for step in g.script) or any(m != "mark_of_clarity" for m in g.marks)

    def _legend(self, g) -> list[str]:
        """What the final marks and the artifacts on the table do."""
        lines = []
        if self._has_marks(g):
            for mark in dict.fromkeys(g.marks):
                lines.append(f"{mark_name(mark)} — for its holder: {mark_effect(mark)}.")
        for artifact in dict.fromkeys(a for a in g.artifacts if a):
            lines.append(f"{artifact_name(artifact, self.app.lang)} — {artifact_text(artifact, self.app.lang)}")
        return lines

    def _players_table(self, g, result, words: Wording) -> Table:
        table = Table(expand=True, show_edge=False, pad_edge=False, box=None)
        table.add_column("Player", style="bold", no_wrap=True)
        table.add_column("Dealt")
        table.add_column("At dawn")
        table.add_column("Voted for")
        table.add_column("Result", ratio=1)
        votes = public_view(g).votes or ()
        for seat, name in enumerate(g.setup.players):
            card = g.cards[seat]
            final = words.role(card.role)
            effective = result.roles[seat] if seat < len(result.roles) else card.role
            if effective != card.role:
                final += f" (as {words.role(effective)})"
            final = Text(final)
            if self._has_marks(g):
                final.append(f"\n{mark_name(g.marks[seat])}", "italic")
            if g.artifacts[seat]:
                final.append(f"\n{artifact_name(g.artifacts[seat], self.app.lang)}", "italic")
            ballot = votes[seat] if seat < len(votes) and votes[seat] is not None else ()
            voted = ", ".join(words.seat(t) for t in ballot) or "—"
            won = seat in result.winners
            dead = " (died)" if seat in result.dead else ""
            outcome = Text.assemble(("won" if won else "lost", "green" if won else "red"), dead,
                                    f" — {words.named(result.reasons[seat])}")
            table.add_row(Text(name), words.role(g.dealt[seat]), final, Text(voted), outcome)
        return table

    class Again(Message):
        """The same players and deck, a new deal."""

    class ChangeSetup(Message):
        """Back to the set-up."""

    def action_again(self) -> None:
        self.post_message(self.Again())

    def action_setup(self) -> None:
        self.post_message(self.ChangeSetup())

    def help_roles(self) -> tuple[str, ...]:
        return public_view(self.app.state).roster
