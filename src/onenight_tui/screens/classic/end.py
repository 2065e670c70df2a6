"""The end of a classic game (public: the game is over, every card may be seen): who won and why, the
winners, every player's card (the game interface's ``outcome``), and the whole story round by round
(``play.story.story_of``: the one story teller of every family, a section per round)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from onenight_core.play.story import story_of

from ...host import classic, host
from ...classic_words import ClassicWords, keys_hint, name_keys
from ...text.app_words import SpeaksBindings, app_words

#: The end's own keys: binding id, the key as the panel names it, its label's message id (footer and panel).
END_KEYS = (("classic-end-again", "N", "classic_key_again"), ("classic-end-setup", "S", "classic_key_setup"))


def end_hint(w: ClassicWords, quit_label: str) -> str:
    """The panel's hint: the end's keys in the words of their footer labels, then the app's quit key
    (``quit_label``: the footer's label of Ctrl+Q)."""
    return keys_hint(w, [*((key, w.text(msg)) for _, key, msg in END_KEYS), ("Ctrl+Q", quit_label)])


class ClassicEndScreen(SpeaksBindings, Screen[None]):
    CSS_PATH = "end.tcss"
    BINDINGS = [
        Binding("n", "again", "Play again", id="classic-end-again"),
        Binding("s", "setup", "New set-up", id="classic-end-setup"),
    ]

    def compose(self) -> ComposeResult:
        w = classic(self).words
        table = classic(self)
        o = table.rules.outcome(table.game)  # the game interface: over on this screen
        assert o is not None
        side = o.side
        title = w.text("classic_end_title", side_name=w.side(side)) if side else w.text("classic_end_none")
        lines = [w.text("classic_end_why", reason_text=w.reason(o.reason)),
                 w.text("classic_end_winners", players=w.names(o.winners) if o.winners else w.text("nobody")),
                 w.text("classic_end_cards", cards=w.text("item_separator").join(
                     w.text("classic_dead_card", player=w.name(s), card_name=w.card(r))
                     for s, r in enumerate(o.roles))),
                 "", w.text("classic_end_story")]
        bots = table.bots  # per bot: were its claims true (``bots.SeatBots``)
        truth = bots.truth_lines() if bots is not None else []
        if bots is not None and truth:
            lines[3:3] = ["", bots.truth_title(), *truth]
        for section in story_of(table.game):  # a section per round (``night1``, ``day1``...)
            told = [f"  {w.story_line(line)}" for line in section.lines if line.id != "deal"]
            if told:
                lines += [f"— {w.round_label(section.title)}", *told]
        with Vertical(id="classic-end-box"):
            yield Label(title, id="classic-end-title", markup=False)
            with VerticalScroll(id="classic-end-scroll"):
                yield Static("\n".join(lines), id="classic-end-story", markup=False)
            yield Label(end_hint(w, app_words(self)("key_quit")), id="classic-end-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        w = classic(self).words
        name_keys(self, {binding: w.text(msg) for binding, _, msg in END_KEYS})
        self.query_one("#classic-end-scroll").focus()

    def action_again(self) -> None:
        host(self).play_again()

    def action_setup(self) -> None:
        host(self).change_setup()
