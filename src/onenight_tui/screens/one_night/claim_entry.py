"""The public form where the table enters what a human player said aloud by day, at a table with bots
(the day screen's ``c``; issue 26, ``onenight_core.play.spoken_claims``): who spoke, the role claimed
(the roles in play, in the table's language), then at most the story the claim model has for that role
("I looked at Bo: Werewolf", "I took Cy's card and became the Villager", "I swapped Ann's and Bo's
cards"), and a last look at the claim as the bots will hear it before it is saved.

Public: it shows only the names, the roles in play and what the table says; nothing of anyone's card.
Esc cancels at any point (the claims already entered stay as they were); Backspace goes back one question.
What was chosen stays highlighted when the table comes back to a question, also after an Esc (the day
screen keeps the draft), and a player's earlier claim is highlighted when the table changes it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static

from onenight_core.catalog.loader import Catalog
from onenight_core.play.claims import Claim
from onenight_core.play.spoken_claims import NOTHING_MORE, ClaimTable, Question, answers_of, claim_from, next_question

from ...text.app_words import SpeaksBindings, app_words
from ...text.claims import claim_text
from ...text.words import Wording

Draft = dict[tuple[object, ...], str]  # what was chosen at each question (seat, role, answer index) -> value


#: The message of each question of a claim's story (``spoken_claims``' question keys).
QUESTIONS = {"look": "claim_entry_look", "seen": "claim_entry_seen", "rob": "claim_entry_rob",
             "became": "claim_entry_became", "copy": "claim_entry_copy", "first": "claim_entry_first",
             "second": "claim_entry_second", "take": "claim_entry_take", "woke": "claim_entry_woke",
             "partner": "claim_entry_partner"}

class ClaimChoices(SpeaksBindings, OptionList):
    """The options of the question asked; Enter chooses the highlighted one (named in the footer)."""

    BINDINGS = [Binding("enter", "select", "Choose", id="claim-entry-choose")]


class ClaimEntryScreen(SpeaksBindings, ModalScreen[Claim | None]):
    """Dismissed with the claim entered, or None (cancelled: nothing changes)."""

    CSS_PATH = "claim_entry.tcss"
    AUTO_FOCUS = "#claim-entry-list"
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="claim-entry-cancel"),
                Binding("backspace", "back", "Back", id="claim-entry-back")]

    def __init__(self, table: ClaimTable, players: Sequence[str], seats: Sequence[int], catalog: Catalog,
                 lang: str, earlier: Mapping[int, Claim] | None = None, draft: Draft | None = None) -> None:
        super().__init__()
        self.table = table
        self.players = tuple(players)
        self.seats = tuple(seats)  # the seats whose claims the table may enter (the humans')
        self.words = Wording(self.players, catalog, lang)
        self.catalog = catalog
        self.draft: Draft = draft if draft is not None else {}
        for seat, claim in (earlier or {}).items():  # a claim being changed: its answers highlighted
            if claim.role is not None:
                self.draft.setdefault(("role", seat), claim.role)
                for i, answer in enumerate(answers_of(claim)):
                    self.draft.setdefault(("answer", seat, claim.role, i), answer)
        self.seat: int | None = self.seats[0] if len(self.seats) == 1 else None
        self.role: str | None = None
        self.answers: list[str] = []
        self.values: list[str] = []  # the values of the options shown, in order

    def compose(self) -> ComposeResult:
        with Vertical(id="claim-entry-box"):
            yield Label("", id="claim-entry-title", markup=False)
            yield Label("", id="claim-entry-question", markup=False)
            yield Static("", id="claim-entry-claim", markup=False)
            yield ClaimChoices(id="claim-entry-list")
            yield Label(app_words(self)("claim_entry_hint"), id="claim-entry-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    # -- where the form is ---------------------------------------------------------------------------
    def question(self) -> Question | None:
        assert self.seat is not None and self.role is not None
        return next_question(self.table, self.seat, self.role, self.answers)

    def claim(self) -> Claim:
        assert self.seat is not None and self.role is not None
        return claim_from(self.table, self.seat, self.role, self.answers)

    def claim_said(self) -> str:
        """The whole claim as the bots will hear it (``Ann: “I am a Villager.”``: the roster, which is the
        deck, chooses "a" or "the")."""
        return claim_text(self.claim(), self.players, self.words.lang, self.table.roster)

    def _key(self) -> tuple[object, ...]:
        if self.seat is None:
            return ("who",)
        if self.role is None:
            return ("role", self.seat)
        return ("answer", self.seat, self.role, len(self.answers))

    def show(self) -> None:
        """Draw the question the form is at (or the claim to save), with what was chosen there before."""
        say = app_words(self)
        words = self.words
        title = self.query_one("#claim-entry-title", Label)
        ask = self.query_one("#claim-entry-question", Label)
        line = self.query_one("#claim-entry-claim", Static)
        line.display = False
        if self.seat is None:
            title.update(say("claim_entry_title"))
            ask.update(say("claim_entry_who"))
            options = [(f"p{s}", self.players[s]) for s in self.seats]
        else:
            name = self.players[self.seat]
            title.update(say("claim_entry_title_of", name=name))
            if self.role is None:
                ask.update(say("claim_entry_role", name=name))
                options = [(r, words.role(r)) for r in sorted(self.table.roles, key=self._order)]
            else:
                question = self.question()
                if question is None:  # the whole claim: look at it, then save
                    ask.update(say("claim_entry_check", name=name))
                    line.update(self.claim_said())
                    line.display = True
                    options = [("save", say("claim_entry_save"))]
                else:
                    about = words.card(question.about) if question.about else ""
                    ask.update(say(QUESTIONS[question.key], name=name, card=about))
                    values = sorted(question.options, key=self._order) if question.of_roles else question.options
                    options = [(v, self._option(question, v)) for v in values]
                    if question.optional:
                        options.insert(0, (NOTHING_MORE, say("claim_entry_nothing_more")))
        self.values = [v for v, _ in options]
        choices = self.query_one(ClaimChoices)
        choices.clear_options()
        choices.add_options([label for _, label in options])
        before = self.draft.get(self._key())
        choices.highlighted = self.values.index(before) if before in self.values else 0
        choices.focus()
        self.refresh_bindings()  # Backspace in the key bar only past the first question

    def _order(self, role: str) -> tuple[int, str]:
        """The roles as the day screen lists them: by their number in the rules."""
        return (self.catalog[role].number if role in self.catalog else 999, role)

    def saved(self) -> None:
        """After a claim is saved: the next one starts from the top of the players (its other choices
        stay highlighted)."""
        self.draft.pop(("who",), None)

    def _option(self, question: Question, value: str) -> str:
        if question.of_roles:
            return self.words.role(value)
        places = value.split()
        label = self.words.cards(places) if len(places) > 1 else self.words.place(value)
        return label[:1].upper() + label[1:]  # ("les cartes du milieu n° 1 et 2" opens a line of the list)

    # -- answers -------------------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#claim-entry-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if not 0 <= index < len(self.values):
            return
        value = self.values[index]
        if self.seat is None:
            self.draft[self._key()] = value
            self.seat = int(value[1:])
        elif self.role is None:
            self.draft[self._key()] = value
            self.role = value
        elif self.question() is None:
            self.saved()
            self.dismiss(self.claim())
            return
        else:
            self.draft[self._key()] = value
            self.answers.append(value)
        self.show()

    def can_go_back(self) -> bool:
        """Whether the form is past its first question (Backspace goes one back)."""
        return bool(self.answers) or self.role is not None or (self.seat is not None and len(self.seats) > 1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar offers Backspace only where it goes back: not at the first question."""
        if action == "back":
            return self.can_go_back()
        return True

    def action_back(self) -> None:
        """One question back (what was chosen there stays highlighted); at the first question, nothing."""
        if self.answers:
            self.answers.pop()
        elif self.role is not None:
            self.role = None
        elif self.seat is not None and len(self.seats) > 1:
            self.seat = None
        else:
            return
        self.show()

    def action_cancel(self) -> None:
        self.dismiss(None)
