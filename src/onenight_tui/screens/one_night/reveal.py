"""The reveal (public, once the game is over): who died and why, who won and why, every player's
starting and final card (with their final mark and artifact, when the game has them), the votes, and the
night told as a story with each card's journey.

Everything is public now, so this screen reads the finished state; before the end it is never shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from onenight_core.engine.views import public_view
from onenight_core.model.messages import say
from onenight_core.play.story import battle_line, dealer_line

from ...host import host, one_night
from ...text.app_words import SpeaksBindings
from ...text.story import moved_cards, night_lines
from ...text.words import Wording

if TYPE_CHECKING:
    from onenight_core.model.state import GameState
    from onenight_core.model.outcome import Outcome


class RevealScreen(SpeaksBindings, Screen[None]):
    CSS_PATH = "reveal.tcss"
    BINDINGS = [
        Binding("n", "again", "Play again", id="reveal-again"),
        Binding("s", "setup", "Change players/deck", id="reveal-setup"),
        Binding("q", "app.quit", "Quit", id="reveal-quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        g = one_night(self).game
        view = public_view(g)
        result = view.outcome
        assert result is not None  # the reveal shows a game that is over
        words = Wording(view.players, host(self).catalog, host(self).lang)
        t = words.text
        with VerticalScroll(id="reveal-scroll"):
            self.headline = self._headline(result, words)
            yield Label(self.headline, id="reveal-title", markup=False)
            for line, title in self.summary(result, words):
                yield Static(self._bold(line, title), classes="reveal-team")
            battle, dealer = battle_line(g, result), dealer_line(g, result)  # issue 23
            if battle is not None:
                yield Static(Text(words.say(battle)), classes="reveal-team")
            yield Label(t("reveal_heading_deaths"), classes="reveal-heading")
            if dealer is not None:
                yield Static(Text(words.say(dealer)), classes="reveal-death")
            if result.deaths:
                for seat, cause in result.deaths:
                    yield Static(Text(words.say(say("reveal_died", seat=seat, cause=cause))),
                                 classes="reveal-death")
            elif not result.dealer_out:
                yield Static(t("nobody_died"), classes="reveal-death", markup=False)
            for seat, why in result.saved:
                yield Static(Text(words.say(say("saved_from_vote", seat=seat, why=why))),
                             classes="reveal-death")
            bots = one_night(self).bots
            if bots is not None:  # which bot told the truth, which lied (issue 26; ``bots.SeatBots``)
                yield Label(bots.truth_title(), classes="reveal-heading")  # "claims" when humans' were entered
                for line in bots.truth_lines():
                    yield Static(line, classes="reveal-bot", markup=False)
            yield Label(t("reveal_heading_players"), classes="reveal-heading")
            yield Static(self._players_table(g, result, words), id="reveal-players")
            for line in self._legend(g, words):
                yield Static(line, classes="reveal-legend", markup=False)
            yield Label(t("reveal_heading_center"), classes="reveal-heading")
            for i in range(g.players, len(g.cards)):
                yield Static(Text(words.say(say("reveal_center_card", pos=g.pos(i), role=g.cards[i].role))),
                             classes="reveal-center")
            yield Label(t("reveal_heading_night"), classes="reveal-heading")
            for line in night_lines(g, host(self).catalog, host(self).lang):
                yield Static(line, classes="reveal-story", markup=False)
            moved = moved_cards(g)
            if moved:
                yield Label(t("reveal_heading_moved"), classes="reveal-heading")
                for journey in moved:
                    yield Static(t("reveal_journey", role=journey.role, positions=journey.positions),
                                 classes="reveal-journey", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        host(self).say(self.headline)

    @staticmethod
    def summary(result: Outcome, words: Wording) -> list[tuple[str, str]]:
        """Who won and why, as (line, its title): each main team, then each seat that plays for itself
        (the Tanner, the Assassin...), all read from the one outcome the rows are read from."""
        t = words.text
        lines = []
        for team, won, why in result.teams:
            title = t(f"{'wins' if won else 'loses'}_{team}")
            lines.append((t("reveal_team", title=title, why=words.phrase(why)), title))
        for seat, won, why in result.own_results():
            title = words.say(say("wins_own" if won else "loses_own", seat=seat, role=result.roles[seat]))
            lines.append((t("reveal_team", title=title, why=words.phrase(why)), title))
        return lines

    @staticmethod
    def _headline(result: Outcome, words: Wording) -> str:
        winners = sorted(result.winners)
        if not winners:
            return words.text("reveal_nobody_wins")
        return words.text("reveal_winners", whom=words.names(f"p{s}" for s in winners))

    @staticmethod
    def _bold(line: str, part: str, style: str = "bold") -> Text:
        """``line`` as plain text (names are never markup) with its first ``part`` styled."""
        text = Text(line)
        start = line.find(part)
        if part and start >= 0:
            text.stylize(style, start, start + len(part))
        return text

    @staticmethod
    def _has_marks(g: GameState) -> bool:
        return any(step.id == "mark_check" for step in g.script) or any(m != "mark_of_clarity" for m in g.marks)

    def _legend(self, g: GameState, words: Wording) -> list[str]:
        """What the final marks and the artifacts on the table do."""
        lines = []
        if self._has_marks(g):
            for mark in dict.fromkeys(g.marks):
                lines.append(words.mark_line(mark))
        for artifact in dict.fromkeys(a for a in g.artifacts if a):
            lines.append(words.text("artifact_explained", artifact=artifact, effect=words.artifact_text(artifact)))
        return lines

    def _players_table(self, g: GameState, result: Outcome, words: Wording) -> Table:
        t = words.text
        table = Table(expand=True, show_edge=False, pad_edge=False, box=None)
        table.add_column(t("reveal_col_player"), style="bold", no_wrap=True)
        table.add_column(t("reveal_col_dealt"))
        table.add_column(t("reveal_col_dawn"))
        table.add_column(t("reveal_col_voted"))
        table.add_column(t("reveal_col_result"), ratio=1, overflow="fold")  # wide (Korean) words: never cut
        votes = public_view(g).votes or ()
        for seat in range(g.players):
            card = g.cards[seat]
            effective = result.roles[seat] if seat < len(result.roles) else card.role
            final = Text(words.role(card.role) if effective == card.role
                         else t("reveal_as_role", card_role=card.role, role=effective))
            if self._has_marks(g):
                final.append(f"\n{words.mark_name(g.marks[seat])}", "italic")
            artifact = g.artifacts[seat]
            if artifact:
                final.append(f"\n{words.artifact_name(artifact)}", "italic")
            ballot = votes[seat] if seat < len(votes) and votes[seat] is not None else ()
            voted = words.join(words.seat(x) for x in ballot) if ballot else "—"
            if votes and seat < len(votes) and votes[seat] == () and g.facts.ripple == "dealer_vote":
                voted = t("reveal_voted_app")  # the ripple "vote for the app"
            won = seat in result.winners
            verdict = t("reveal_won" if won else "reveal_lost")
            line = t("reveal_result_died" if seat in result.dead else "reveal_result", verdict=verdict,
                     reason=words.phrase(result.reasons[seat]))
            outcome = self._bold(line, verdict, "green" if won else "red")
            table.add_row(Text(words.seat(seat)), Text(words.role(g.dealt[seat])), final, Text(voted), outcome)
        return table

    def action_again(self) -> None:
        host(self).play_again()

    def action_setup(self) -> None:
        host(self).change_setup()

    def help_roles(self) -> tuple[str, ...]:
        return public_view(one_night(self).game).roster
