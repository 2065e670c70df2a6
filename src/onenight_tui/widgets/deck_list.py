"""The deck picker: every role of the ruleset with its count, ``− 2 + Werewolf  Werewolf``.

One list widget (not a widget per role: the catalog has over eighty roles and the set-up screen must
open fast). Up/down move; right/+ and left/− change the count; a click on − takes a card out and a
click elsewhere on the line adds one. Roles that are not playable yet are listed disabled ("not yet").
Each line fits the 80-column set-up: the team column starts after the longest name, so no name is cut."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..text.app_words import SpeaksBindings, app_words

MAX_COPIES = 4


class DeckList(SpeaksBindings, OptionList):
    BINDINGS = [
        Binding("right,plus,equals_sign", "more", "Add", id="deck-more"),
        Binding("left,minus", "fewer", "Remove", id="deck-fewer"),
    ]

    class Changed(Message):
        """The count of ``role`` is now ``count``."""

        def __init__(self, deck: "DeckList", role: str, count: int) -> None:
            super().__init__()
            self.deck = deck
            self.role = role
            self.count = count

        @property
        def control(self) -> "DeckList":
            return self.deck

    def __init__(self, roles: list[tuple[str, str, str, bool]], counts: dict[str, int] | None = None, *,
                 id: str | None = None) -> None:
        """``roles``: (id, label, team, playable) in display order; ``team`` is the short side the team
        column shows ("Werewolf", "Own team")."""
        self.roles = [r for r, *_ in roles]
        self._rows = {r: (label, team, ok) for r, label, team, ok in roles}
        # The team column starts after the longest name, so no name is ever cut short by its team.
        self._label_width = max((cell_len(label) for _, label, _, _ in roles), default=0) + 1
        self.counts = {r: n for r, n in (counts or {}).items() if r in self._rows and self._rows[r][2]}
        super().__init__(*[self._option(r) for r in self.roles], id=id)

    def _line(self, role: str) -> Text:
        label, team, ok = self._rows[role]
        label = label + " " * max(1, self._label_width - cell_len(label))
        if not ok:
            return Text.assemble("      ", label, (app_words(self)("deck_not_yet"), "italic"))  # not playable yet
        count = self.counts.get(role, 0)
        shown = f"{count:>2}" if count else " ·"
        return Text.assemble(("−", "bold"), shown, " ", ("+", "bold"), " ",
                             (label, "bold" if count else ""), (team, "dim"))

    def _option(self, role: str) -> Option:
        return Option(self._line(role), id=f"deck-{role}", disabled=not self._rows[role][2])

    @property
    def current(self) -> str | None:
        return self.roles[self.highlighted] if self.highlighted is not None else None

    def set_counts(self, counts: dict[str, int]) -> None:
        """Show a whole new deck (a preset) without announcing each change."""
        self.counts = {r: n for r, n in counts.items() if r in self._rows and self._rows[r][2]}
        for index, role in enumerate(self.roles):
            self.replace_option_prompt_at_index(index, self._line(role))
        self.refresh_bindings()

    def change(self, role: str, delta: int) -> None:
        if role not in self._rows or not self._rows[role][2]:
            return
        count = max(0, min(MAX_COPIES, self.counts.get(role, 0) + delta))
        if count == self.counts.get(role, 0):
            return
        if count:
            self.counts[role] = count
        else:
            self.counts.pop(role, None)
        self.replace_option_prompt_at_index(self.roles.index(role), self._line(role))
        self.refresh_bindings()
        self.post_message(self.Changed(self, role, count))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        role = self.current
        if action == "more":
            return role is not None and self.counts.get(role, 0) < MAX_COPIES
        if action == "fewer":
            return role is not None and self.counts.get(role, 0) > 0
        return True

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self.refresh_bindings()

    def action_more(self) -> None:
        if self.current:
            self.change(self.current, +1)

    def action_fewer(self) -> None:
        if self.current:
            self.change(self.current, -1)

    def action_select(self) -> None:
        self.action_more()

    async def _on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("option")
        if index is None or self._options[index].disabled:
            return
        self.highlighted = index
        offset = event.get_content_offset(self)
        self.change(self.roles[index], -1 if offset is not None and offset.x <= 1 else +1)
