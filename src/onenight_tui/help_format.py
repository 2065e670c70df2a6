"""``--help`` laid out by terminal cells, not by characters.

argparse wraps help text and aligns the help column by ``len()``; a Korean or Chinese letter takes two
cells of the terminal, so Korean help ran past the terminal's edge and a Korean metavar (``--players
플레이어``) pushed its help text out of line. These formatters wrap by cells (a run of Chinese, which has
no spaces, is broken between letters) and take back the extra padding a wide invocation got."""

from __future__ import annotations

import argparse
import re
import unicodedata

from .text.wrapping import divide_keeping_breaks, needs_breaking

#: One part of a usage line as argparse lays them out: ``[--x X]``, ``(a | b)`` or a word.
_USAGE_PART = re.compile(r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+")


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide (East Asian) letter, one otherwise."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _fit(word: str, width: int) -> int:
    """How many letters of ``word`` fit in ``width`` cells (at least one)."""
    used = 0
    for index, ch in enumerate(word):
        used += cells(ch)
        if used > width:
            return max(index, 1)
    return len(word)


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between words, or between the letters of a
    word wider than a line; Chinese and French where their languages allow (``text/wrapping.py``)."""
    width = max(width, 2)
    if needs_breaking(text):
        from rich._wrap import divide_line  # only for Chinese or French help

        flat = " ".join(text.split())
        offsets = divide_keeping_breaks(divide_line, flat, width)
        return [flat[a:b].strip() for a, b in zip([0, *offsets], [*offsets, len(flat)], strict=True)]
    lines: list[str] = []
    line: list[str] = []
    used = 0
    for word in text.split():
        while cells(word) > width:
            if line:
                lines.append(" ".join(line))
                line, used = [], 0
            cut = _fit(word, width)
            lines.append(word[:cut])
            word = word[cut:]
        size = cells(word)
        if line and used + 1 + size > width:
            lines.append(" ".join(line))
            line, used = [], 0
        used += size + (1 if line else 0)
        line.append(word)
    if line:
        lines.append(" ".join(line))
    return lines


class WideHelpFormatter(argparse.HelpFormatter):
    """argparse's layout, measured in terminal cells."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is not argparse.SUPPRESS:  # the help column starts after the widest invocation
            invocation = self._format_action_invocation(action)
            self._action_max_length = max(self._action_max_length, cells(invocation) + self._current_indent)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _format_usage(self, usage, actions, groups, prefix) -> str:  # type: ignore[no-untyped-def]
        """argparse's usage, its parts re-wrapped by cells when a wide metavar ran past the edge."""
        text = super()._format_usage(usage, actions, groups, prefix)
        lines = text.rstrip("\n").split("\n")
        if len(lines) < 2 or all(cells(line) <= self._width for line in lines):
            return text
        indent = len(lines[1]) - len(lines[1].lstrip(" "))  # argparse's: under the first part
        head = lines[0][:indent]
        parts = _USAGE_PART.findall(" ".join([lines[0][indent:], *(line.strip() for line in lines[1:])]))
        out, line = [], head + parts[0]
        for part in parts[1:]:
            if cells(line) + 1 + cells(part) > self._width:
                out.append(line)
                line = " " * indent + part
            else:
                line += " " + part
        out.append(line)
        return "\n".join(out) + "\n\n"

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))

    def _format_action(self, action: argparse.Action) -> str:
        text = super()._format_action(action)
        invocation = self._format_action_invocation(action)
        extra = cells(invocation) - len(invocation)
        head, found, rest = text.partition(invocation)
        pad = len(rest) - len(rest.lstrip(" "))
        if extra and found and not rest.lstrip(" ").startswith("\n") and pad - extra >= 2:
            text = head + found + rest[extra:]
        return text


class WideRawDescriptionHelpFormatter(WideHelpFormatter):
    """The same, with the description and epilog kept as written (the rulesets' list)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "".join(indent + line for line in text.splitlines(keepends=True))


__all__ = ["WideHelpFormatter", "WideRawDescriptionHelpFormatter", "cells", "wrap"]
