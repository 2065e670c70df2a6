"""One voter's line on the public vote screen: ``Ann  points at  ‹ Bo ›``.

The choices are the voter's legal vote answers, in the engine's order. Left/right (or a click on the
left or right part of the choice) cycle through them."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from onenight_core.model.values import Action

from ..text.app_words import SpeaksBindings, app_words

NAME_WIDTH = 14
CHOICE_WIDTH = 22


def _pad(text: str, width: int) -> str:
    while cell_len(text) > width:
        text = text[:-1]
    return text + " " * (width - cell_len(text))


class VoteRow(SpeaksBindings, Widget, can_focus=True):
    BINDINGS = [
        Binding("right", "next", "Next choice", id="vote-next"),
        Binding("left", "previous", "Previous choice", id="vote-previous"),
    ]

    DEFAULT_CSS = """
    VoteRow { height: 1; width: 100%; padding: 0 1; }
    VoteRow:focus { background: $accent 30%; }
    VoteRow.-unset { color: $text-muted; }
    """

    choice: reactive[int | None] = reactive(None, init=False)

    class Changed(Message):
        def __init__(self, row: "VoteRow") -> None:
            super().__init__()
            self.row = row

        @property
        def control(self) -> "VoteRow":
            return self.row

    def __init__(self, seat: int, name: str, options: list[tuple[Action, str]], *,
                 id: str | None = None) -> None:
        super().__init__(id=id, classes="-unset")
        self.seat = seat
        self.voter = name
        self.options = list(options)

    @property
    def action(self) -> Action | None:
        return self.options[self.choice][0] if self.choice is not None else None

    def set_options(self, options: list[tuple[Action, str]]) -> None:
        """New legal choices (they may depend on earlier votes); keep the current one if still legal."""
        current = self.action
        self.options = list(options)
        actions = [a for a, _ in self.options]
        self.choice = actions.index(current) if current in actions else None

    def render(self) -> Text:
        label = self.options[self.choice][1] if self.choice is not None else "—"
        return Text.assemble(_pad(self.voter, NAME_WIDTH), self._points_at(), ("‹ ", "bold"),
                             _pad(label, CHOICE_WIDTH), (" ›", "bold"))

    def _points_at(self) -> str:
        """`` points at  `` between the voter and the choice, in the app's language."""
        say = app_words(self)
        two = any(len(a.targets) == 2 for a, _ in self.options)  # Dalbula's ripple "multi vote": two ballots
        words = say("vote_points_at_two" if two else "vote_points_at")
        width = max(cell_len(say("vote_points_at")), cell_len(say("vote_points_at_two")))  # the choices align
        return " " + words + " " * (width - cell_len(words)) + "  "

    def watch_choice(self, choice: int | None) -> None:
        self.set_class(choice is None, "-unset")
        self.refresh()
        self.post_message(self.Changed(self))

    def pick(self, action: Action) -> None:
        self.choice = [a for a, _ in self.options].index(action)

    def action_next(self) -> None:
        if self.options:
            self.choice = 0 if self.choice is None else (self.choice + 1) % len(self.options)

    def action_previous(self) -> None:
        if self.options:
            self.choice = len(self.options) - 1 if self.choice is None else (self.choice - 1) % len(self.options)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        start = NAME_WIDTH + cell_len(self._points_at())
        if offset.x < start + 2:
            self.action_previous()
        else:
            self.action_next()
