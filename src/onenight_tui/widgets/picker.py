"""A one-line choice field, ``Day length 5 min ▼``: its label, its value, and a menu of the choices that
opens under it (Enter, space, up/down or a click; Escape closes it without choosing).

It does what the set-up screen needed from Textual's ``Select``, at a fraction of the start-up cost: a
``Select`` is six widgets (its current-value row, three labels, a menu list, and the field's label and
row beside it), all styled and laid out before the set-up screen is complete, five times over. A picker
is one widget that draws its own line; its menu (an ``OptionList``) is built the first time it opens,
which most pickers never do (docs/tui.md, "Start-up time")."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option
from ..text.app_words import SpeaksBindings


class PickerValueError(ValueError):
    """A value that is not one of the picker's choices."""


class PickerMenu(SpeaksBindings, OptionList):
    """The open menu of a picker: Enter or a click chooses, Escape or leaving it closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Dismiss menu", id="picker-close"),
    ]
    ALLOW_SELECT = False

    class Closed(Message):
        """The menu closes; ``chosen`` is the index of the choice made, or None."""

        def __init__(self, chosen: int | None, *, lost_focus: bool = False) -> None:
            super().__init__()
            self.chosen = chosen
            self.lost_focus = lost_focus

    def action_close(self) -> None:
        self.post_message(self.Closed(None))

    def _on_blur(self, event: events.Blur) -> None:
        self.post_message(self.Closed(None, lost_focus=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Closed(event.option_index))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # the picker's own business

    def on_key(self, event: events.Key) -> None:
        """A letter jumps to the next choice that starts with it, as in a menu."""
        char = event.character
        if char is None or not char.isprintable() or char == " " or not self.option_count:
            return
        event.stop()
        event.prevent_default()
        start = (self.highlighted if self.highlighted is not None else -1) + 1
        for step in range(self.option_count):
            index = (start + step) % self.option_count
            prompt = self.get_option_at_index(index).prompt
            if str(prompt).casefold().startswith(char.casefold()):
                self.highlighted = index
                return


class Picker(SpeaksBindings, Widget, can_focus=True):
    """One choice among a few: ``options`` are (shown text, value) pairs; ``value`` is the chosen one.
    Setting ``value`` (in code or from the menu) posts ``Picker.Changed`` when it changes."""

    DEFAULT_CSS = """
    Picker {
        width: 1fr;
        height: 1;
        background: $surface;
        color: $foreground;
        pointer: pointer;
        &:focus { background-tint: $foreground 5%; }
        & > .picker--label { background: $background; color: $foreground; }
        & > .picker--arrow { color: $foreground 50%; }
        & > PickerMenu {
            display: none;
            overlay: screen;
            constrain: none inside;
            height: auto;
            max-height: 12;
            border: none;
            padding: 0;
            background: $surface;
            &:focus { background-tint: $foreground 5%; }
        }
        &.-expanded > PickerMenu { display: block; }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"picker--label", "picker--arrow"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,down,space,up", "open", "Show the choices", show=False, id="picker-open"),
    ]
    ALLOW_SELECT = False

    expanded: var[bool] = var(False, init=False)
    """True while the menu is open."""

    class Changed(Message):
        """The picker's value is now ``value``."""

        def __init__(self, picker: Picker, value: Hashable) -> None:
            super().__init__()
            self.picker = picker
            self.value = value

        @property
        def control(self) -> Picker:
            return self.picker

    def __init__(self, options: Iterable[tuple[str, Hashable]], *, value: Hashable, label: str = "",
                 label_width: int = 0, id: str | None = None, classes: str | None = None,
                 tooltip: str | None = None) -> None:
        """``label`` is drawn in a column ``label_width`` cells wide before the value."""
        super().__init__(id=id, classes=classes)
        self.label = label
        self.label_width = max(label_width, cell_len(label) + 1) if label else 0
        self._options: list[tuple[str, Hashable]] = []
        self._value: Hashable = None
        self._menu: PickerMenu | None = None
        self._set_choices(options)
        self._value = self._checked(value)
        if tooltip is not None:
            self.tooltip = tooltip

    # -- the value ---------------------------------------------------------------------------------
    @property
    def value(self) -> Hashable:
        return self._value

    @value.setter
    def value(self, value: Hashable) -> None:
        value = self._checked(value)
        if value == self._value:
            return
        self._value = value
        self.refresh()
        self.post_message(self.Changed(self, value))

    @property
    def options(self) -> tuple[tuple[str, Hashable], ...]:
        return tuple(self._options)

    def _checked(self, value: Hashable) -> Hashable:
        if all(v != value for _, v in self._options):
            raise PickerValueError(f"{value!r} is not one of the choices of {self.id or 'this picker'}")
        return value

    def _set_choices(self, options: Iterable[tuple[str, Hashable]]) -> None:
        choices = [(str(prompt), value) for prompt, value in options]
        if not choices:
            raise PickerValueError("a picker needs at least one choice")
        self._options = choices

    def set_options(self, options: Iterable[tuple[str, Hashable]]) -> None:
        """New choices; the value becomes the first of them (as a ``Select`` without a blank does)."""
        self._set_choices(options)
        if self._menu is not None:
            self._menu.clear_options()
            self._menu.add_options([Option(prompt) for prompt, _ in self._options])
        self._value = None
        self.value = self._options[0][1]
        self.refresh()

    @property
    def _shown(self) -> str:
        return next(prompt for prompt, value in self._options if value == self._value)

    # -- drawing -----------------------------------------------------------------------------------
    def render(self) -> Text:
        width = self.size.width
        label = self.label + " " * max(0, self.label_width - cell_len(self.label))
        room = max(0, width - cell_len(label) - 3)  # " ▼ " after the value
        shown = self._shown
        if cell_len(shown) > room:  # a narrow terminal: the value cut with an ellipsis, the arrow kept
            cut = Text(shown)
            cut.truncate(room, overflow="ellipsis")
            shown = cut.plain
        value = shown + " " * max(0, room - cell_len(shown))
        return Text.assemble((label, self.get_component_rich_style("picker--label")), value, " ",
                             ("▲" if self.expanded else "▼", self.get_component_rich_style("picker--arrow")),
                             " ")

    # -- the menu ----------------------------------------------------------------------------------
    def action_open(self) -> None:
        if not self.expanded:
            self.expanded = True

    async def _on_click(self, event: events.Click) -> None:
        event.stop()
        self.expanded = not self.expanded

    async def _watch_expanded(self, expanded: bool) -> None:
        self.set_class(expanded, "-expanded")
        self.refresh()
        if not expanded:
            return
        if self._menu is None:  # built the first time it opens
            self._menu = PickerMenu(*[Option(prompt) for prompt, _ in self._options], compact=True)
            await self.mount(self._menu)
        menu = self._menu
        menu.styles.offset = (self.label_width, 1)
        menu.styles.width = max(1, self.size.width - self.label_width)
        menu.highlighted = next(i for i, (_, value) in enumerate(self._options) if value == self._value)
        menu.focus(scroll_visible=False)
        menu.scroll_to_highlight()

    def on_picker_menu_closed(self, event: PickerMenu.Closed) -> None:
        event.stop()
        self.expanded = False
        if event.chosen is not None:
            self.value = self._options[event.chosen][1]
        if not event.lost_focus:
            self.focus()
