"""Where a line of Chinese or French may break, for every wrap Rich and Textual do (issue 15).

Rich and Textual wrap all text with one function, ``rich._wrap.divide_line``: it breaks at spaces and folds
a word wider than the line between any two characters. That is wrong in two of our languages:

* Chinese has no spaces, so a sentence is one long "word" folded wherever the width runs out, and a line
  could start with "，" or "。". Chinese and Japanese typesetting never starts a line with closing
  punctuation nor ends one with opening punctuation.
* French puts a space before ";", ":", "?", "!" and "»" and after "«", and a break there started a line with
  "; les morts restent…" or "»".

Marking the text instead (a word joiner, a no-break space) does not work: both wrappers take U+00A0 and
U+202F for spaces to break at, and fold a long "word" without looking at U+2060. So the one place to fix is
the wrapper itself: ``keep_line_breaks`` puts ``divide_line`` in front of Rich's, in ``rich.text`` (the
command line's tables) and ``textual.content`` (every widget of the apps). It asks Rich's function for the
first break, moves that break back to the nearest place the language allows, and wraps the rest again from
there, so each line still fits. Text with neither Chinese nor spaced French punctuation (English, Korean)
is left to Rich's function untouched, so those screens wrap as before.

This module imports neither Rich nor Textual until ``keep_line_breaks`` runs (the command line's fast
paths stay fast)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from functools import cache

# The ideographs, kana and full-width forms that may be broken between (Hangul is not among them).
CJK = "\u2e80-\u2fdf\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_FIRST_CJK = "\u2e80"  # no character below it is one of CJK's
#: Never at the start of a line: closing brackets and quotes, stops, commas, the ellipsis…
NO_LINE_START = frozenset("，。、！？；：）》」』】〕〉”’…—·%,.!?;:)]}»")
#: Never at the end of a line: opening brackets and quotes.
NO_LINE_END = frozenset("（《「『【〔〈“‘([{«")
# Text that a plain wrapper could break badly: a CJK character (``_has_cjk``), or a space before closing /
# after opening punctuation.
_SPACED_PUNCTUATION = re.compile("\\s[;:?!»]|«\\s")


@cache
def _cjk_char() -> re.Pattern[str]:
    """The CJK characters' pattern, compiled the first time a text reaches above ``_FIRST_CJK``: its
    ranges take a few milliseconds to compile, which an English start (its first frame) does not pay."""
    return re.compile(f"[{CJK}]")


def _has_cjk(text: str) -> bool:
    return bool(text) and max(text) >= _FIRST_CJK and _cjk_char().search(text) is not None


def _is_cjk(char: str) -> bool:
    return char >= _FIRST_CJK and _cjk_char().match(char) is not None


DivideLine = Callable[..., list[int]]


def needs_breaking(text: str) -> bool:
    return _SPACED_PUNCTUATION.search(text) is not None or _has_cjk(text)


def may_break_at(text: str, at: int) -> bool:
    """Whether a line may start at ``text[at]`` (0 < at < len(text)): after a space, or next to a CJK
    character, never before closing or after opening punctuation."""
    here = text[at]
    before = text[at - 1]
    if here.isspace() or here in NO_LINE_START:
        return False
    if before.isspace():
        glued = text[:at].rstrip()
        return not glued or glued[-1] not in NO_LINE_END
    if before in NO_LINE_END:
        return False
    return before == "-" or _is_cjk(here) or _is_cjk(before)


def _may_fold_at(text: str, at: int) -> bool:
    """Whether a word too wide for any line may be cut before ``text[at]``: not before punctuation that
    closes, nor after punctuation that opens."""
    return not (text[at].isspace() or text[at] in NO_LINE_START or text[at - 1].isspace()
                or text[at - 1] in NO_LINE_END)


def _allowed_break(text: str, at: int, floor: int, fold: bool) -> int:
    """``at`` if a line may start there, else the nearest earlier place after ``floor`` where one may; when
    there is none (a word and its punctuation wider than the line), the nearest place to cut that word,
    else ``at`` itself."""
    for candidate in range(at, floor, -1):
        if may_break_at(text, candidate):
            return candidate
    if fold:
        for candidate in range(at, floor, -1):
            if _may_fold_at(text, candidate):
                return candidate
    return at


def divide_keeping_breaks(divide_line: DivideLine, text: str, width: int, fold: bool = True) -> list[int]:
    """``divide_line``'s offsets for ``text``, each moved back to a place its language allows a break."""
    if not needs_breaking(text):
        return divide_line(text, width, fold=fold)
    offsets: list[int] = []
    start = 0
    while True:
        rest = divide_line(text[start:], width, fold=fold)
        if not rest:
            return offsets
        start = _allowed_break(text, start + rest[0], start, fold)
        offsets.append(start)


def keep_line_breaks() -> None:
    """Make Rich's and Textual's wrapping keep Chinese and French lines whole (idempotent). Call it before
    text is wrapped: the apps when they start, the command line's consoles when they are made."""
    import rich.text  # only when wrapping is about to happen

    modules = [rich.text]
    if "textual.content" in sys.modules or "textual" in sys.modules:
        import textual.content

        modules.append(textual.content)
    for module in modules:
        original: DivideLine = module.divide_line
        if getattr(original, "keeps_line_breaks", False):
            continue

        def divide_line(text: str, width: int, fold: bool = True, _rich: DivideLine = original) -> list[int]:
            return divide_keeping_breaks(_rich, text, width, fold)

        divide_line.keeps_line_breaks = True  # type: ignore[attr-defined]
        module.divide_line = divide_line  # type: ignore[attr-defined]
