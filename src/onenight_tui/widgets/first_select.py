"""A ``Select`` whose menu, opened with no value chosen yet, highlights its first choice: Textual's own
highlights nothing then, so the first Enter did nothing (issue 23)."""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.widgets import Select
from textual.widgets._select import SelectOverlay


class FirstSelect(Select[str]):
    def _watch_expanded(self, expanded: bool) -> None:
        super()._watch_expanded(expanded)
        if not expanded or self.value is not self.NULL:
            return
        try:
            overlay = self.query_one(SelectOverlay)
        except NoMatches:
            return
        first = 1 if self._allow_blank else 0  # the blank prompt's row comes first
        if overlay.option_count > first:
            overlay.highlighted = first
