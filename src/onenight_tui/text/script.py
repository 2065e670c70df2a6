"""A narration in words, and as a printed script (``onenight narrate --print``), for every game family.

Every driver reads a night through the one interface, ``engine.narration.narration_for``, then
``worded``: a line or heading the core gives as an id and parameters (``said``: classic's) gets its words
from the catalogs here; one it gives worded (the One Night engine's, from roles.toml) stays as it is.
A ``Narration`` (cues of lines, each with its pause) is printed the same way whoever built it: a
numbered heading per cue, its lines, and the waits between them (``cue_lines``). The One Night engine's
night is one run of cues (``format_script``); a classic game's nights are several, each under its own
heading (``text.classic_script.format_nights``, which gives only its nights' headings and its cues'
short titles)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from attrs import evolve

from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import Cue, Narration, Timing, narration_for
from onenight_core.model.messages import Message

from ..cli_text import cli_text


def word(lang: str, said: Message) -> str:
    """A narration's message in ``lang``: its id's catalog line, message parameters worded first."""
    params = {k: word(lang, v) if isinstance(v, Message) else v for k, v in said.params}
    return cli_text(lang, said.id, **params)


def worded(narration: Narration) -> Narration:
    """``narration`` with every heading and line the core gave as ``said`` worded in its language."""
    lang = narration.lang
    if not any(cue.said is not None or any(line.said is not None for line in cue.lines)
               for cue in narration.cues):
        return narration
    cues = tuple(evolve(cue, title=word(lang, cue.said) if cue.said is not None else cue.title,
                        lines=tuple(evolve(line, text=word(lang, line.said)) if line.said is not None else line
                                    for line in cue.lines))
                 for cue in narration.cues)
    return evolve(narration, cues=cues)


def narration_words(ruleset: str, roster: Iterable[str], lang: str, **given: Any) -> Narration:
    """What a narrator reads, in words: the one interface (``narration_for``, its keyword arguments
    ``nights``, ``options``, ``seed``, ``answers``, ``heard``, ``catalog``), ``worded``."""
    return worded(narration_for(ruleset, roster, lang, **given))


def format_duration(seconds: float, lang: str = "en") -> str:
    """``10 s`` (``10초``, ``10秒``), ``1:30``, ``5:00``: how a narrator reads a time."""
    seconds = round(seconds, 1)
    if seconds < 60:
        return cli_text(lang, "narrate_seconds", seconds=f"{seconds:g}")
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def format_deck(roster: Iterable[str], lang: str = "en", name: Callable[[str, str], str] | None = None) -> str:
    """``Werewolf ×2, Seer, Villager ×3`` in first-appearance order; ``name(role, lang)`` names a role
    (default: the One Night catalog's name; a role it does not know, by its id)."""
    named = name or _catalog_name
    counts = Counter(roster)
    return cli_text(lang, "narrate_deck_separator").join(
        named(r, lang) if c == 1 else cli_text(lang, "narrate_many", role=named(r, lang), count=c)
        for r, c in counts.items())


def _catalog_name(role: str, lang: str) -> str:
    catalog = default_catalog()
    return catalog[role].name(lang) if role in catalog else role


def cue_lines(cues: Sequence[Cue], timing: Timing, lang: str,
              title: Callable[[Cue], str] = lambda cue: cue.title) -> list[str]:
    """Cues as script lines: ``1. Title``, its lines indented under it, and after a line that waits the
    action's or the day's time, that wait (``[10 s]``, ``[day 5:00]``)."""
    waits = {"action": cli_text(lang, "narrate_wait", time=format_duration(timing.action, lang)),
             "day": cli_text(lang, "narrate_day_wait", time=format_duration(timing.day, lang))}
    width = len(str(len(cues)))
    out: list[str] = []
    for number, cue in enumerate(cues, 1):
        out.append(f"{number:>{width}}. {title(cue)}")
        for line in cue.lines:
            out.append(f"{'':>{width}}  {line.text}")
            if line.pause in waits:
                out.append(f"{'':>{width}}    {waits[line.pause]}")
    return out


def format_script(narration: Narration, timing: Timing, night: float | None = None) -> str:
    """The whole One Night night as text: the roster and the times, then every cue (``cue_lines``).
    ``night`` is how long the night lasts read aloud (``sound.export.night_length``); without it, the
    waits alone."""
    lang = narration.lang
    out = [cli_text(lang, "narrate_header", count=len(narration.roster), deck=format_deck(narration.roster, lang)),
           cli_text(lang, "narrate_timing", action=format_duration(timing.action, lang),
                    night=format_duration(narration.duration(timing) if night is None else night, lang),
                    day=format_duration(timing.day, lang)),
           ""]
    return "\n".join(out + cue_lines(narration.cues, timing, lang))


__all__ = ["cue_lines", "format_deck", "format_duration", "format_script", "narration_words", "word",
           "worded"]
