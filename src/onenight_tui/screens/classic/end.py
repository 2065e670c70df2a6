"""The end of a classic game (public: the game is over, every card may be seen): who won and why, the
winners, every player's card, and the whole story round by round (``rulesets.classic.story``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from onenight_core.rulesets.classic.story import story

from ...host import classic, host
from ...classic_table_bots import truth_lines
from ...classic_words import name_keys
from ...text.app_words import SpeaksBindings


class ClassicEndScreen(SpeaksBindings, Screen[None]):
    CSS_PATH = "end.tcss"
    BINDINGS = [
        Binding("n", "again", "Play again", id="classic-end-again"),
        Binding("s", "setup", "New set-up", id="classic-end-setup"),
    ]

    def compose(self) -> ComposeResult:
        w = classic(self).words
        b = classic(self).board
        side = b.winning_side
        title = w.text("classic_end_title", side_name=w.side(side)) if side else w.text("classic_end_none")
        lines = [w.text("classic_end_why", reason_text=w.reason(b.reason)),
                 w.text("classic_end_winners", players=w.names(b.winners) if b.winners else w.text("nobody")),
                 w.text("classic_end_cards", cards=w.text("item_separator").join(
                     w.text("classic_dead_card", player=w.name(s), card_name=w.card(r))
                     for s, r in enumerate(b.roles))),
                 "", w.text("classic_end_story")]
        truth = truth_lines(classic(self))  # per bot: were its claims true (classic_table_bots)
        if truth:
            lines[3:3] = ["", w.text("classic_bots_truth_title"), *truth]
        current = None
        for line in story(b):
            if line.key == "deal":
                continue
            if line.round != current:
                current = line.round
                lines.append(f"— {w.round_label(current)}")
            lines.append(f"  {w.story_line(line)}")
        with Vertical(id="classic-end-box"):
            yield Label(title, id="classic-end-title", markup=False)
            with VerticalScroll(id="classic-end-scroll"):
                yield Static("\n".join(lines), id="classic-end-story", markup=False)
            yield Label(w.text("classic_end_hint"), id="classic-end-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        w = classic(self).words
        name_keys(self, {"classic-end-again": w.text("classic_key_again"),
                         "classic-end-setup": w.text("classic_key_setup")})
        self.query_one("#classic-end-scroll").focus()

    def action_again(self) -> None:
        host(self).play_again()

    def action_setup(self) -> None:
        host(self).change_setup()
