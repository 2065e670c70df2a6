"""Text broken into lines where its language allows a break, for the narrator's large lines.

Textual wraps a line at any space and folds a word longer than the width between any two characters.
Two languages of the narrator need more:

* Chinese has no spaces, so a sentence is one long "word", folded wherever the width runs out: a line
  could start with "。" or "，" (the narrator showed "…并指出" over "来。", or a lone "。"). Here a Chinese
  line breaks between any two characters except before closing punctuation or after opening punctuation
  (the line-breaking rules of Chinese and Japanese typesetting).
* French puts a space before ";", ":", "?", "!" and "»" and after "«", and Textual broke there: a line
  started with "; les morts restent…". Here that space never breaks.

Every other widget gets the same rules from ``text/wrapping.py`` (Rich's wrapper, taught them); this
Visual stays for the narrator's large lines. Other text (Korean, written with spaces; English) keeps
Textual's wrapping. ``LineBreaks`` is a Visual that breaks its text for the width the widget gives, so it
follows the widget's size; ``str()`` of it is the text itself."""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from onenight_tui.text.wrapping import CJK as _CJK
from onenight_tui.text.wrapping import NO_LINE_END, NO_LINE_START, needs_breaking

_TOKEN = re.compile(f"\\s+|[{_CJK}]|[^\\s{_CJK}]+")
__all__ = ["NO_LINE_END", "NO_LINE_START", "LineBreaks", "break_lines", "broken", "needs_breaking"]


def _units(paragraph: str) -> list[tuple[str, str]]:
    """The unbreakable pieces of ``paragraph``, each with the space before it ("" for none)."""
    units: list[tuple[str, str]] = []
    gap = ""
    glue_next = False
    for token in _TOKEN.findall(paragraph):
        if token.isspace():
            gap = token
            continue
        if units and (glue_next or token[0] in NO_LINE_START):
            units[-1] = (units[-1][0] + gap + token, units[-1][1])
        else:
            units.append((token, gap))
        glue_next = token[-1] in NO_LINE_END
        gap = ""
    return units


def break_lines(text: str, width: int) -> list[str]:
    """``text`` as lines of at most ``width`` cells, broken only where its language allows (a piece
    wider than ``width``, a long word, is left whole for Textual to fold). Text that Textual breaks well
    is one line, left to it."""
    if width <= 0 or not needs_breaking(text):
        return [text]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit, gap in _units(paragraph):
            piece = (gap if line else "") + unit
            if not line or cell_len(line + piece) <= width:
                line += piece
            else:
                lines.append(line)
                line = unit
        lines.append(line)
    return lines


class LineBreaks(Visual):
    """Plain text shown as ``break_lines`` breaks it at the width the widget gives (text-align applies
    to each line, as to any content)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def _at(self, width: int) -> Content:
        return Content("\n".join(break_lines(self.text, width)))

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self._at(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return Content(self.text).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self._at(width).get_height(rules, width)


def broken(text: str) -> str | LineBreaks:
    """What to give ``Static.update``: the text itself unless Textual would break it badly."""
    return LineBreaks(text) if needs_breaking(text) else text
