"""Text from players and files made safe to print on one line of a terminal.

Player names, role ids and scenario notes come from people and files: ``Eve\x1b[2J`` would clear the
screen of whoever runs ``onenight replay``, ``Bo\nThe village wins`` would forge a line of the story,
and a right-to-left override can make a name read backwards. Everything the command line prints that
came from outside goes through ``one_line`` (the app's widgets show names as text, not markup; that is
the screens' job, not this module's)."""

from __future__ import annotations

import re
import unicodedata

# ESC-introduced sequences: CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), and two-byte escapes;
# the 8-bit CSI (U+009B) too. What is left of a broken sequence is removed as control characters below.
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"          # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC (title, hyperlink, clipboard)
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"   # DCS, SOS, PM, APC
    r"|\x1b[ -/]*[0-~]"                 # two-byte escapes (ESC c resets the terminal)
    r"|\x9b[0-?]*[ -/]*[@-~]"           # 8-bit CSI
)
# Bidirectional overrides and isolates: they reorder what follows them on the line.
_BIDI = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"))


def one_line(text: object) -> str:
    """``text`` without escape sequences or control characters, on one line: every line break, tab or
    other control becomes a space, runs of spaces become one, and the ends are trimmed."""
    value = _ESCAPES.sub("", str(text)).translate(_BIDI)
    value = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in value)
    return " ".join(value.split())


def printable(text: object) -> str:
    """``text`` without escape sequences, bidirectional overrides or control characters other than the
    line breaks it is made of: for a block the program composed itself (its spacing is kept), whose
    parts came from outside and were passed through ``one_line``."""
    value = _ESCAPES.sub("", str(text)).translate(_BIDI)
    return "".join(c if c == "\n" or unicodedata.category(c) != "Cc" else " " for c in value)


# The comma a player types: ASCII, the full-width comma and the enumeration comma a Chinese (or Japanese)
# input method gives for the "," key — "张三，李四，王五" is three names, not one.
_NAME_SEPARATORS = re.compile(r"[,\uff0c\u3001]")


def split_names(text: str) -> list[str]:
    """The comma-separated parts of ``text`` (any of the commas above), each stripped; empty parts kept,
    so a caller can tell "Ann,,Bo" from "Ann,Bo"."""
    return [part.strip() for part in _NAME_SEPARATORS.split(text)]
