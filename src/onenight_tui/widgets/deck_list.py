"""The deck picker: every role of the ruleset with its count, ``− 2 + Werewolf  Werewolf``.

One widget drawing its own lines (not a widget per role: the catalog has over eighty roles and the
set-up screen must open fast; not Textual's ``OptionList`` either, which measures every option and lays
the screen out again once it knows its height, and renders each line through its rich-text pipeline:
a third of the set-up's fill; docs/tui.md, "Start-up time"). It keys and looks like an option list: up/down
(skipping disabled lines), home/end, page up/down; right/+ and left/− change the count; a click on −
takes a card out and a click elsewhere on the line adds one. Roles that are not playable yet are listed
disabled ("not yet"). Each line fits the 80-column set-up: the team column starts after the longest
name, so no name is cut."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..text.app_words import SpeaksBindings, app_words

if TYPE_CHECKING:
    from textual.binding import BindingType

MAX_COPIES = 4

BOLD, DIM, ITALIC = Style(bold=True), Style(dim=True), Style(italic=True)


class DeckLine(NamedTuple):
    """One line of the list as shown: its text and whether it can be chosen."""

    prompt: Text
    disabled: bool


class DeckList(SpeaksBindings, ScrollView, can_focus=True):
    # The option list's keys and looks (Textual's OptionList), for the deck's lines.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor_down", "Down", show=False, id="deck-down"),
        Binding("up", "cursor_up", "Up", show=False, id="deck-up"),
        Binding("home", "first", "First", show=False, id="deck-first"),
        Binding("end", "last", "Last", show=False, id="deck-last"),
        Binding("pagedown", "page_down", "Page Down", show=False, id="deck-page-down"),
        Binding("pageup", "page_up", "Page Up", show=False, id="deck-page-up"),
        Binding("enter", "select", "Select", show=False, id="deck-select"),
        Binding("right,plus,equals_sign", "more", "Add", id="deck-more"),
        Binding("left,minus", "fewer", "Remove", id="deck-fewer"),
    ]
    COMPONENT_CLASSES = {"deck-list--option", "deck-list--option-highlighted", "deck-list--option-disabled",
                         "deck-list--option-hover"}
    DEFAULT_CSS = """
    DeckList {
        height: auto;
        max-height: 100%;
        color: $foreground;
        overflow-x: hidden;
        border: tall $border-blurred;
        padding: 0 1;
        background: $surface;
        & > .deck-list--option-highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .deck-list--option-highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        & > .deck-list--option-disabled {
            color: $text-disabled;
        }
        & > .deck-list--option-hover {
            background: $block-hover-background;
        }
    }
    """

    highlighted: reactive[int | None] = reactive(None)
    """The line of the cursor (a playable role's), or None."""

    class Changed(Message):
        """The count of ``role`` is now ``count``."""

        def __init__(self, deck: DeckList, role: str, count: int) -> None:
            super().__init__()
            self.deck = deck
            self.role = role
            self.count = count

        @property
        def control(self) -> DeckList:
            return self.deck

    def __init__(self, roles: list[tuple[str, str, str, bool]], counts: dict[str, int] | None = None, *,
                 id: str | None = None) -> None:
        """``roles``: (id, label, team, playable) in display order; ``team`` is the short side the team
        column shows ("Werewolf", "Own team")."""
        super().__init__(id=id)
        self.roles = [r for r, *_ in roles]
        self._rows = {r: (label, team, ok) for r, label, team, ok in roles}
        # The team column starts after the longest name, so no name is ever cut short by its team.
        self._label_width = max((cell_len(label) for _, label, _, _ in roles), default=0) + 1
        self.counts = {r: n for r, n in (counts or {}).items() if r in self._rows and self._rows[r][2]}
        self._hover: int | None = None
        self._not_yet: str | None = None
        # One line per role: the height is known before any layout, so the screen is laid out once.
        self.set_reactive(ScrollView.virtual_size, Size(0, len(self.roles)))
        self.set_reactive(DeckList.highlighted, self._next_enabled(None, +1))

    def on_mount(self) -> None:
        # The list (80 roles) is longer than a terminal is high: its scroll bar is shown from the start,
        # so the first layout places it (Textual would find it missing then and lay the screen out again).
        # A list that turns out to fit loses the bar at that layout.
        if self.styles.overflow_y != "hidden":
            self.show_vertical_scrollbar = True

    # -- what a line says ----------------------------------------------------------------------------
    def _parts(self, role: str) -> list[tuple[str, Style | None]]:
        label, team, ok = self._rows[role]
        label = label + " " * max(1, self._label_width - cell_len(label))
        if not ok:
            if self._not_yet is None:
                self._not_yet = app_words(self)("deck_not_yet")
            return [("      ", None), (label, None), (self._not_yet, ITALIC)]  # not playable yet
        count = self.counts.get(role, 0)
        shown = f"{count:>2}" if count else " ·"
        return [("−", BOLD), (shown, None), (" ", None), ("+", BOLD), (" ", None), (label, BOLD if count else None),
                (team, DIM)]

    def _line(self, role: str) -> Text:
        return Text.assemble(*((text, style or "") for text, style in self._parts(role)))

    def get_option_at_index(self, index: int) -> DeckLine:
        """Line ``index`` as shown (an option list's name for it)."""
        role = self.roles[index]
        return DeckLine(self._line(role), not self._rows[role][2])

    @property
    def current(self) -> str | None:
        return self.roles[self.highlighted] if self.highlighted is not None else None

    # -- drawing -------------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = self.scroll_offset.y + y
        if not 0 <= index < len(self.roles):
            return Strip.blank(width, self.get_visual_style("deck-list--option").rich_style)
        role = self.roles[index]
        component = ""
        if not self._rows[role][2]:
            component = "deck-list--option-disabled"
        elif index == self.highlighted:
            component = "deck-list--option-highlighted"
        elif index == self._hover:
            component = "deck-list--option-hover"
        names = ("deck-list--option", component) if component else ("deck-list--option",)
        base = self.get_visual_style(*names).rich_style
        segments, used = [], 0
        for text, style in self._parts(role):
            segments.append(Segment(text, base + style if style is not None else base))
            used += cell_len(text)
        strip = Strip(segments, used)
        if used > width:  # one line per role: cut with an ellipsis rather than wrap
            strip = strip.crop(0, max(0, width - 1)).extend_cell_length(width - 1, base)
            strip = Strip([*strip, Segment("…", base)], width)
        else:
            strip = strip.extend_cell_length(width, base)
        return strip.apply_meta({"option": index})

    def _refresh_line(self, index: int | None) -> None:
        if index is not None:
            y = index - self.scroll_offset.y
            self.refresh(Region(0, y, self.scrollable_content_region.width, 1))

    # -- the cursor ----------------------------------------------------------------------------------
    def _enabled(self, index: int) -> bool:
        return self._rows[self.roles[index]][2]

    def _next_enabled(self, anchor: int | None, direction: int, wrap: bool = True) -> int | None:
        """The next playable line from ``anchor`` in ``direction`` (wrapping round, as an option list)."""
        count = len(self.roles)
        if not count:
            return None
        start = (-1 if direction > 0 else count) if anchor is None else anchor
        for step in range(1, count + 1):
            index = start + direction * step
            if not wrap and not 0 <= index < count:
                return None
            index %= count
            if self._enabled(index):
                return index
        return None

    def validate_highlighted(self, highlighted: int | None) -> int | None:
        if highlighted is None or not self.roles:
            return None
        return max(0, min(len(self.roles) - 1, highlighted))

    def watch_highlighted(self, old: int | None, highlighted: int | None) -> None:
        self._refresh_line(old)
        self._refresh_line(highlighted)
        if highlighted is not None and self._enabled(highlighted):
            self.scroll_to_highlight()
        self.refresh_bindings()

    def on_resize(self) -> None:
        # shorter now (the deck advisor came in below it): the highlighted role stays in sight
        if self.highlighted is not None:
            self.call_after_refresh(self.scroll_to_highlight)

    def scroll_to_highlight(self, top: bool = False) -> None:
        if self.highlighted is None or not self.is_mounted:
            return
        self.scroll_to_region(Region(0, self.highlighted, self.scrollable_content_region.width, 1), force=True,
                              animate=False, top=top, immediate=True)

    def action_cursor_down(self) -> None:
        self.highlighted = self._next_enabled(self.highlighted, +1)

    def action_cursor_up(self) -> None:
        self.highlighted = self._next_enabled(self.highlighted, -1)

    def action_first(self) -> None:
        self.highlighted = self._next_enabled(None, +1)

    def action_last(self) -> None:
        self.highlighted = self._next_enabled(None, -1)

    def _move_page(self, direction: int) -> None:
        """About one page in ``direction``, on a playable line (not past the ends)."""
        if not self.roles:
            return
        height = self.scrollable_content_region.height
        y = max(0, min(len(self.roles) - 1, (self.highlighted or 0) + direction * height))
        if self._enabled(y):
            self.highlighted = y
            return
        found = self._next_enabled(y, direction, wrap=False)
        self.highlighted = found if found is not None else self._next_enabled(y, -direction, wrap=False)

    def action_page_down(self) -> None:
        if self.highlighted is None:
            self.action_last()
        else:
            self._move_page(+1)

    def action_page_up(self) -> None:
        if self.highlighted is None:
            self.action_first()
        else:
            self._move_page(-1)

    # -- the counts ----------------------------------------------------------------------------------
    def set_counts(self, counts: dict[str, int]) -> None:
        """Show a whole new deck (a preset) without announcing each change."""
        self.counts = {r: n for r, n in counts.items() if r in self._rows and self._rows[r][2]}
        self.refresh()
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
        self._refresh_line(self.roles.index(role))
        self.refresh_bindings()
        self.post_message(self.Changed(self, role, count))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        role = self.current
        if action == "more":
            return role is not None and self.counts.get(role, 0) < MAX_COPIES
        if action == "fewer":
            return role is not None and self.counts.get(role, 0) > 0
        return True

    def action_more(self) -> None:
        if self.current:
            self.change(self.current, +1)

    def action_fewer(self) -> None:
        if self.current:
            self.change(self.current, -1)

    def action_select(self) -> None:
        self.action_more()

    # -- the mouse -----------------------------------------------------------------------------------
    def _on_mouse_move(self, event: events.MouseMove) -> None:
        hover = event.style.meta.get("option")
        if hover != self._hover:
            before, self._hover = self._hover, hover
            self._refresh_line(before)
            self._refresh_line(hover)

    def _on_leave(self, _: events.Leave) -> None:
        before, self._hover = self._hover, None
        self._refresh_line(before)

    async def _on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("option")
        if index is None or not self._enabled(index):
            return
        self.highlighted = index
        offset = event.get_content_offset(self)
        self.change(self.roles[index], -1 if offset is not None and offset.x <= 1 else +1)
