"""The set-up's key bar: one widget drawing the line of keys Textual's ``Footer`` shows, as it shows them.

Textual's footer is a scrolling container holding one ``FooterKey`` widget per key, each styled, laid
out and rendered on its own; at start-up the set-up's six keys were ~65 M instructions, the largest
single part of the set-up's cost over a bare Textual app (docs/tui.md, "Start-up time"). This bar draws
the same line — `` ^s Start  ^n Narrator …``, in the footer's colours — from one widget.

It shows what the footer shows: the screen's active bindings that are shown (``Binding.show``), one key
per action (the first), those ``check_action`` hides left out and those it disables (``None``) dimmed.
It is redrawn only when that list changes (the screen's ``bindings_updated_signal``, as the footer).
A key is clickable as the footer's are (a disabled one rings the bell), lit under the pointer, and its
tooltip (the binding's, or why it is disabled) shows over it. Not supported, as the set-up has none:
binding groups (drawn here as plain keys) and the command palette's key. A line wider than the
terminal is cut at its right edge."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen


class ShownKey(NamedTuple):
    """One key of the bar, as the footer's ``FooterKey`` is made."""

    key: str
    key_display: str
    description: str
    action: str
    enabled: bool
    tooltip: str


class KeyBar(Widget, can_focus=False):
    """The screen's keys on one line at the bottom (the look of Textual's ``Footer``, not compact)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description", "key-bar--hover"}
    # The footer's and its keys' rules (textual/widgets/_footer.py), on one widget.
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
        text-overflow: clip;
        .key-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-bar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .key-bar--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: tuple[ShownKey, ...] | None = None  # drawn last (None: not yet)
        self._spans: list[tuple[int, int, ShownKey]] = []  # each key's cells, start to end
        self._hover: int | None = None  # the key under the pointer

    # -- what it shows ---------------------------------------------------------------------------------
    def shown_keys(self) -> tuple[ShownKey, ...]:
        """The keys the footer would show now, in its order (one per action: the first bound)."""
        app = self.app
        keys: dict[str, ShownKey] = {}
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in keys:
                keys[binding.action] = ShownKey(binding.key, app.get_key_display(binding), binding.description,
                                                binding.action, enabled, tooltip or "")
        return tuple(keys.values())

    @property
    def keys(self) -> tuple[ShownKey, ...]:
        """The keys drawn last (empty before the first frame)."""
        return self._shown or ()

    def render(self) -> Text:
        shown = self._shown = self.shown_keys()
        key_style = self.get_component_rich_style("key-bar--key", partial=True)
        description_style = self.get_component_rich_style("key-bar--description", partial=True)
        base = self.rich_style
        lit = base + self.get_component_rich_style("key-bar--hover", partial=True)
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, ShownKey]] = []
        at = 0
        for index, key in enumerate(shown):
            item = (Text.assemble((f" {key.key_display} ", key_style), (f"{key.description} ", description_style))
                    if key.description else Text.assemble((key.key_display, key_style)))
            under = lit if index == self._hover else base
            if not key.enabled:
                under += Style(dim=True)
            item.stylize_before(under)
            width = cell_len(item.plain)
            spans.append((at, at + width, key))
            at += width
            line.append_text(item)
        self._spans = spans
        return line

    # -- keeping it up to date -------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus:  # (as the footer: not while the terminal is in the background)
            return
        if self.is_attached and screen is self.screen and self._shown is not None and self.shown_keys() != self._shown:
            self.refresh()

    # -- the pointer -----------------------------------------------------------------------------------
    def _key_at(self, x: int) -> int | None:
        return next((index for index, (start, end, _) in enumerate(self._spans) if start <= x < end), None)

    def _point(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.tooltip = self._spans[index][2].tooltip or None if index is not None else None
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._point(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._point(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._key_at(event.x)
        if index is None:
            return
        key = self._spans[index][2]
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
