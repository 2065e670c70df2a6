"""``onenight narrate``: the night read aloud for a table that plays with physical cards.

``--print`` writes the whole script as text and exits (for a human narrator, or to check the order)
without importing Textual; otherwise the narrator app opens, reads each step on screen and aloud, and
times it. The roster is every card on the table, center included: ``--roles werewolf*2,seer,...`` or a
preset id, as for the game. The narrator accepts any official roster of at least six cards (three players
and the center); it does not deal, so it needs no player names."""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter

from onenight_core.catalog.loader import LANGUAGES, default_catalog
from onenight_core.catalog.deck import parse_deck
from onenight_core.engine.narration import Narration, Timing, check_roster, narrate

from onenight_tui.ambience import SOUNDS

DEFAULT_ACTION = 10.0
DEFAULT_DAY = 300.0

_WORDS = {
    "en": {"header": "Night script for {n} cards: {deck}",
           "timing": "Action time {action} per step · {night} of night · day {day}",
           "wait": "[{t}]", "day": "[day {t}]"},
    "ko": {"header": "밤 진행 대본 (카드 {n}장): {deck}",
           "timing": "단계마다 행동 시간 {action} · 밤 {night} · 낮 {day}",
           "wait": "[{t}]", "day": "[낮 {t}]"},
}


def _seconds(limit: float):
    """An argparse type: a number of seconds from 0 to ``limit``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
        if not math.isfinite(value) or value < 0 or value > limit:
            raise argparse.ArgumentTypeError(f"expected seconds between 0 and {limit:g}, got {text!r}")
        return value

    return parse


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "narrate", help="read the night aloud for a table with physical cards",
        description="The night read aloud, step by step, with timers, for a table that plays with its "
                    "own cards. --print writes the script as text instead.")
    # SUPPRESS keeps `onenight --roles ... --lang ko narrate` working: the top-level values stay.
    p.add_argument("--roles", default=argparse.SUPPRESS,
                   help="every card on the table, center included: werewolf*2,seer,... or a preset id "
                        "(without it the app asks)")
    p.add_argument("--print", dest="print_script", action="store_true",
                   help="print the whole script as text and exit")
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                   help="language of the narration (en, ko; others fall back to English)")
    p.add_argument("--action-time", type=_seconds(600), default=DEFAULT_ACTION, metavar="S",
                   help=f"seconds for each step's action (default {DEFAULT_ACTION:g}, like the official app)")
    p.add_argument("--day-time", type=_seconds(3600), default=DEFAULT_DAY, metavar="S",
                   help=f"seconds of day discussion after the night (default {DEFAULT_DAY:g})")
    p.add_argument("--random-delay", type=_seconds(60), default=0.0, metavar="S",
                   help="add up to S random seconds to each action time, so timing tells nothing")
    p.add_argument("--no-voice", action="store_true", help="show the lines without speaking them")
    p.add_argument("--sound", choices=SOUNDS, default="none",
                   help="background sound during the night (default none: silence)")


def format_duration(seconds: float, lang: str = "en") -> str:
    """``10 s`` (``10초``), ``1:30``, ``5:00``: how a narrator reads a time."""
    seconds = round(seconds, 1)
    if seconds < 60:
        return f"{seconds:g}초" if lang == "ko" else f"{seconds:g} s"
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def format_deck(roster, lang: str = "en") -> str:
    """``Werewolf ×2, Seer, Villager ×3`` in first-appearance order."""
    catalog = default_catalog()
    counts = Counter(roster)
    return ", ".join(catalog[r].name(lang) + (f" ×{c}" if c > 1 else "") for r, c in counts.items())


def format_script(narration: Narration, timing: Timing) -> str:
    """The whole night as text: a numbered heading per step, its lines, and the waits between them."""
    words = _WORDS.get(narration.lang, _WORDS["en"])
    deck = format_deck(narration.roster, narration.lang)
    out = [words["header"].format(n=len(narration.roster), deck=deck),
           words["timing"].format(action=format_duration(timing.action, narration.lang),
                                  night=format_duration(narration.duration(timing), narration.lang),
                                  day=format_duration(timing.day, narration.lang)),
           ""]
    width = len(str(len(narration.cues)))
    for number, cue in enumerate(narration.cues, 1):
        out.append(f"{number:>{width}}. {cue.title}")
        for line in cue.lines:
            out.append(f"{'':>{width}}  {line.text}")
            if line.pause == "action":
                wait = format_duration(timing.action, narration.lang)
                out.append(f"{'':>{width}}    {words['wait'].format(t=wait)}")
            elif line.pause == "day":
                day = format_duration(timing.day, narration.lang)
                out.append(f"{'':>{width}}    {words['day'].format(t=day)}")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    from onenight_tui.usage import UsageError  # noqa: PLC0415

    if (getattr(args, "ruleset", None) or "onuw") != "onuw":
        raise UsageError("narrate reads the official (onuw) night order only")
    lang = getattr(args, "lang", None) or "en"
    text = getattr(args, "roles", None)
    roster = check_roster(parse_deck(text)) if text else None
    timing = Timing(action=args.action_time, day=args.day_time)
    if args.print_script:
        if roster is None:
            raise UsageError("narrate --print needs --roles (e.g. --roles base-5)")
        print(format_script(narrate(roster, lang), timing))
        return 0
    if not (sys.stdin.isatty() and sys.__stderr__.isatty()):
        raise UsageError("narrate needs a terminal (use --print to write the script as text)")
    from onenight_tui.narrator_app import NarratorApp  # noqa: PLC0415 — Textual only when the app opens

    app = NarratorApp(roster=roster, lang=lang, timing=timing, voice=not args.no_voice, sound=args.sound,
                      random_delay=args.random_delay)
    app.run()
    return app.return_code or 0
