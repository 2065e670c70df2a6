"""The public vote: everyone points at once, then the votes are entered here, one line per player.

Each line offers that player's legal vote answers, in the engine's order (a later voter's options are
computed as if the earlier lines were answered, so roles that change the vote still work). The votes
are applied in the engine's order only when every line is filled; then the screen posts ``TableMove("over")``.
Until then Escape goes back to the day (``Back``), with the time it had left."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from onenight_core.engine.protocol import apply, pending
from onenight_core.engine.views import public_view
from onenight_core.model.values import Action

from ...table_move import TableMove
from ...host import host, one_night
from ...text.app_words import SpeaksBindings, app_words
from ...widgets.vote_row import VoteRow
from ...text.words import Wording


def named_twice(place: str) -> str:
    """One player named on both ballots: ``Mina ×2`` (the "×N" every language's role counts use)."""
    return f"{place} ×2"


class VoteScreen(SpeaksBindings, Screen[None]):
    CSS_PATH = "vote.tcss"
    BINDINGS = [
        Binding("enter", "count", "Count the votes", id="vote-count"),
        Binding("escape", "back", "Back to the day", id="vote-back"),
        Binding("down", "app.focus_next", "Next player", id="vote-down", show=False),
        Binding("up", "app.focus_previous", "Previous player", id="vote-up", show=False),
    ]

    def compose(self) -> ComposeResult:
        view = public_view(one_night(self).game)
        say = app_words(self)
        with Vertical(id="vote-box"):
            yield Label(say("vote_title"), id="vote-title")
            yield Static(say("vote_hint") + self._ripple_hint(view.players), id="vote-hint", markup=False)
            with VerticalScroll(id="vote-rows"):
                for seat in self._voters():
                    yield VoteRow(seat, view.players[seat], [], id=f"vote-row-{seat}")
            yield Label("", id="vote-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._refresh_options()
        rows = [row for row in self.query(VoteRow) if row.seat not in one_night(self).bot_seats()]
        for row in self.query(VoteRow):
            row.can_focus = row.seat not in one_night(self).bot_seats()  # a bot's ballot is its own
        if rows:
            rows[0].focus()

    def _ripple_hint(self, players: tuple[str, ...]) -> str:
        """What Dalbula's ripple changed about this vote, said again here (it was announced at night):
        who casts two ballots, or that the app (the dealer) may be voted for. Public: the ripple's draws
        are announced to the table."""
        facts, say = one_night(self).game.facts, app_words(self)
        if facts.ripple == "multi_vote" and facts.ripple_set:
            words = Wording(players, host(self).catalog, host(self).lang)
            return "\n" + say("vote_two_ballots", names=words.join(players[s] for s in facts.ripple_set))
        if facts.ripple == "dealer_vote":
            return "\n" + say("vote_dealer")
        return ""

    def _voters(self) -> list[int]:
        """The seats the engine still asks for a vote, in its order (a resumed game may have some)."""
        g, seats = one_night(self).game, []
        while (p := pending(g)) is not None and p.kind == "vote":
            seats.append(p.seat)
            g = apply(g, p.options[0])
        return seats

    @property
    def rows(self) -> dict[int, VoteRow]:
        return {row.seat: row for row in self.query(VoteRow)}

    def _walk(self, *, fill: bool) -> tuple[dict[int, list[Action]], list[Action] | None]:
        """Each voter's legal answers, walking the engine's vote prompts with the chosen answers
        (or, with ``fill``, the first legal one where none is chosen yet). Returns the answers in the
        engine's order when every voter has one."""
        g = one_night(self).game
        rows = self.rows
        bots = one_night(self).bots
        options: dict[int, list[Action]] = {}
        answers: list[Action] = []
        complete = True
        while (p := pending(g)) is not None and p.kind == "vote":
            options[p.seat] = list(p.options)
            row = rows.get(p.seat)
            chosen = row.action if row is not None else None
            if bots is not None and p.seat in bots.seats:  # a bot points where its claims-based vote goes
                chosen = bots.vote(g, p.seat)
                options[p.seat] = [chosen]
            if chosen not in p.options:
                complete = False
                if not fill:
                    break
                chosen = p.options[0]
            answers.append(chosen)
            g = apply(g, chosen)
        return options, (answers if complete else None)

    def _refresh_options(self) -> None:
        view = public_view(one_night(self).game)
        words = Wording(view.players, host(self).catalog, host(self).lang)
        options, _ = self._walk(fill=True)
        for seat, row in self.rows.items():
            labels = [(a, self._label(a, words)) for a in options.get(seat, [])]
            if [a for a, _ in labels] != [a for a, _ in row.options]:
                row.set_options(labels)
            if seat in one_night(self).bot_seats() and labels and row.action is None:
                row.pick(labels[0][0])
        self._show_status()

    @staticmethod
    def _label(action: Action, words: Wording) -> str:
        """Where the finger points: a player, two players (two ballots), one player twice, or the app."""
        places = [words.place(t) for t in action.targets]
        if len(places) == 2 and action.targets[0] == action.targets[1]:
            return named_twice(places[0])
        return ", ".join(places) or words.action(action)

    def _show_status(self) -> None:
        missing = [row.voter for row in self.rows.values() if row.action is None]
        status = self.query_one("#vote-status", Label)
        say = app_words(self)
        if missing:
            words = Wording(public_view(one_night(self).game).players, host(self).catalog, host(self).lang)
            status.update(say("vote_missing", names=words.join(missing), count=len(missing)))
        else:
            status.update(say("vote_complete"))
        self.refresh_bindings()

    @on(VoteRow.Changed)
    def _changed(self, _: VoteRow.Changed) -> None:
        self._refresh_options()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "count":
            return self._walk(fill=False)[1] is not None
        return True

    def action_count(self) -> None:
        _, answers = self._walk(fill=False)
        if answers is None:
            return
        for action in answers:
            one_night(self).answer(action)
        self.post_message(TableMove("over"))

    def action_back(self) -> None:
        self.post_message(TableMove("day"))

    def help_roles(self) -> tuple[str, ...]:
        return public_view(one_night(self).game).roster
