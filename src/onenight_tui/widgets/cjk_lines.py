"""Chinese (and Japanese) text broken into lines the way those languages break them.

Textual wraps a line at spaces and folds a word longer than the width between any two characters. A
Chinese sentence has no spaces, so it is one long "word", folded wherever the width runs out: a line
could then start with "。" or "，" (the narrator showed "…并指出来" over a lone "。"). Here a Chinese
line may break between any two characters except before closing punctuation or after opening
punctuation (the line-breaking rules of Chinese and Japanese typesetting); other text keeps Textual's
wrapping at spaces (Korean too, which is written with spaces). ``CJKLines`` is a Visual that breaks its
text for the width it is given, so it follows the widget's size; ``str()`` of it is the text itself."""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.style import Style
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.visual import RenderOptions, Visual

# The ideographs, kana and full-width forms that may be broken between (Hangul is not among them).
_CJK = "\u2e80-\u2fdf\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_HAS_CJK = re.compile(f"[{_CJK}]")
_TOKEN = re.compile(f"\\s+|[{_CJK}]|[^\\s{_CJK}]+")
#: Never at the start of a line: closing brackets and quotes, stops, commas, the ellipsis…
NO_LINE_START = frozenset("，。、！？；：）》」』】〕〉”’…—·%,.!?;:)]}")
#: Never at the end of a line: opening brackets and quotes.
NO_LINE_END = frozenset("（《「『【〔〈“‘([{")


def has_cjk(text: str) -> bool:
    return _HAS_CJK.search(text) is not None


def _units(paragraph: str) -> list[tuple[str, bool]]:
    """The unbreakable pieces of ``paragraph``, each with whether a space came before it."""
    units: list[tuple[str, bool]] = []
    spaced = False
    glue_next = False
    for token in _TOKEN.findall(paragraph):
        if token.isspace():
            spaced, glue_next = True, False
            continue
        if units and not spaced and (glue_next or token[0] in NO_LINE_START):
            units[-1] = (units[-1][0] + token, units[-1][1])
        else:
            units.append((token, spaced))
        glue_next = token[-1] in NO_LINE_END
        spaced = False
    return units


def break_lines(text: str, width: int) -> list[str]:
    """``text`` as lines of at most ``width`` cells, broken as Chinese is (a piece wider than ``width``,
    a long Latin word, is left whole for Textual to fold). Text without CJK characters is one line."""
    if width <= 0 or not has_cjk(text):
        return [text]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for unit, spaced in _units(paragraph):
            piece = (" " if spaced and line else "") + unit
            if not line or cell_len(line + piece) <= width:
                line += piece
            else:
                lines.append(line)
                line = unit
        lines.append(line)
    return lines


class CJKLines(Visual):
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


def cjk_lines(text: str) -> str | CJKLines:
    """What to give ``Static.update``: the text itself unless it has CJK characters to break."""
    return CJKLines(text) if has_cjk(text) else text
