"""The day screen's panel of what the bots say (issue 26, ``bots.SeatBots.claim_lines``): each bot's claim,
in the order spoken, like a player speaking, with the humans' claims the table entered among them, and under
them the answers to "who do you suspect?" asked so far. Public: the bots speak to the whole table."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static


class BotClaims(VerticalScroll):
    """The claims (``claims``) and the answers given since (``answers``), one line each."""

    DEFAULT_CSS = """
    BotClaims { height: auto; max-height: 40%; margin: 0 1; border: round $accent;
                border-title-color: $accent; border-subtitle-color: $text-muted; padding: 0 1;
                scrollbar-size-vertical: 1; }
    BotClaims > .bot-claim { height: auto; }
    BotClaims > .bot-answer { height: auto; color: $text-muted; }
    """

    def __init__(self, claims: list[str], *, title: str = "", hint: str = "", id: str | None = None) -> None:
        super().__init__(*[Static(line, classes="bot-claim", markup=False) for line in claims], id=id)
        self.border_title = title
        self.border_subtitle = hint
        self.claims = list(claims)
        self.answers: list[str] = []

    def add_answer(self, line: str) -> None:
        """A bot's answer, under the claims (the last few kept)."""
        self.answers.append(line)
        self.mount(Static(line, classes="bot-answer", markup=False))
        self.call_after_refresh(self.scroll_end, animate=False)

    def set_claims(self, claims: list[str]) -> None:
        """New claims (a human's claim entered or changed), the answers kept under them."""
        self.claims = list(claims)
        self.remove_children()
        self.mount_all([*(Static(line, classes="bot-claim", markup=False) for line in self.claims),
                        *(Static(line, classes="bot-answer", markup=False) for line in self.answers)])

    def to_claims(self) -> None:
        """Back to the claims (a repeat)."""
        self.scroll_home(animate=False)
