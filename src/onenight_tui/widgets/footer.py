"""The key bar at the bottom of a screen: Textual's ``Footer``, rebuilt only when the keys it shows change.

Textual's footer removes and mounts all its keys again whenever a screen says its bindings may have
changed (``refresh_bindings``: a focus change, a validation, a new deck), a few milliseconds each time.
The set-up screen says so several times while it is built, and most of those times nothing the footer
shows has changed; at start-up those rebuilds were a good part of the time until the screen is complete
(docs/tui.md, "Start-up time"). This footer compares what it would show with what it shows and rebuilds
only on a difference, at most once per refresh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

# What one key in the bar shows: key, how it is written, description, action, enabled, tooltip, group.
ShownKey = tuple[str, str, str, str, bool, str, object]


class Footer(TextualFooter):
    """A footer that keeps its keys while the screen's shown bindings stay the same."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: tuple[ShownKey, ...] | None = None  # None: nothing composed yet
        self._update_pending = False

    def _shown_keys(self) -> tuple[ShownKey, ...]:
        """The keys the footer would show now, in order (the parts of a binding its keys display)."""
        app = self.app
        return tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action, enabled,
             tooltip, binding.group)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values() if binding.show
        )

    def compose(self) -> ComposeResult:
        self._shown = self._shown_keys() if self._bindings_ready else None
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not self.compact:
                # A key starts compact and is set back to the footer's (not compact) once mounted: two
                # restylings per key, at every rebuild. Made not compact from the start, it has none.
                widget.set_reactive(FooterKey.compact, False)
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._update_pending:
            self._update_pending = True
            self.call_after_refresh(self._update_keys)

    async def _update_keys(self) -> None:
        self._update_pending = False
        if self.is_attached and self._shown_keys() != self._shown:
            await self.recompose()
