"""Help: each role in play — its team and what it does — and the keys that always work."""

from __future__ import annotations

from collections import Counter

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from ..wording import Wording

KEYS = ("F1 help · F2 light/dark theme · Ctrl+Q quit (asks first during a game) · "
        "Tab moves between controls · the footer shows what works now\n"
        "Night step: every step of the night lasts exactly this long, whether anyone acts or not; "
        "whoever has not chosen in time passes (or gets a random choice where passing is not allowed). "
        "F1 on your night prompt explains your role.")


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [Binding("escape,q", "close", "Close", id="help-close")]

    def __init__(self, deck: tuple[str, ...]) -> None:
        super().__init__()
        self.deck = deck

    def compose(self) -> ComposeResult:
        words = Wording((), self.app.catalog, self.app.lang)
        counts = Counter(self.deck)
        with Vertical(id="help-box"):
            yield Label("Roles in play" if counts else "Help", id="help-title")
            with VerticalScroll(id="help-roles"):
                if not counts:
                    yield Static("Pick roles on the set-up screen to read about them here.")
                for role, count in sorted(counts.items(), key=lambda rc: self._order(rc[0])):
                    info = self.app.catalog.get(role)
                    times = f" ×{count}" if count > 1 else ""
                    yield Static(f"[b]{words.role(role)}{times}[/b]  [dim]{words.team(role)}[/dim]",
                                 classes="help-role-name")
                    if info is not None:
                        yield Static(info.ability(self.app.lang), classes="help-role-text", markup=False)
            yield Static(KEYS, id="help-keys")
        yield Footer()

    def _order(self, role: str) -> tuple:
        info = self.app.catalog.get(role)
        return (info.number if info else 999, role)

    def action_close(self) -> None:
        self.dismiss(None)
