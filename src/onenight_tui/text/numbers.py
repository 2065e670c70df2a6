"""Numbers as each language writes them.

French groups thousands with a narrow no-break space, writes a decimal comma and spaces the percent sign
("3 317 parties/s", "36,0 %"): "3,317" reads as three and a bit in French. English, Korean and Chinese
write "3,317" and "36.0%". The command line's statistics (``simulate --games``) go through ``number``."""

from __future__ import annotations

NARROW_NO_BREAK_SPACE = "\u202f"

#: (thousands separator, decimal mark, space before "%") where they differ from Python's "," and "."
STYLES: dict[str, tuple[str, str, str]] = {"fr": (NARROW_NO_BREAK_SPACE, ",", NARROW_NO_BREAK_SPACE)}


def number(value: float, spec: str = ",", lang: str = "en") -> str:
    """``format(value, spec)`` written the way ``lang`` writes numbers (``spec`` may group with ",",
    round with ".2f" and end in "%")."""
    text = format(value, spec)
    style = STYLES.get(lang)
    if style is None:
        return text
    group, decimal, before_percent = style
    text = text.replace(",", "\0").replace(".", decimal).replace("\0", group)
    if text.endswith("%"):
        text = text[:-1] + before_percent + "%"
    return text
