"""``onenight narrate --ruleset classic --print``: the classic script for a table with physical cards,
night 1 (with its first-night steps) and night 2 (without them), each followed by dawn and the day. The
steps and their order are the core's (``rulesets.classic.narration``); the words are the catalogs'
(table ``narrate_print``: ``classic_step_<step>``, ``classic_wake_<step>``, ``classic_sleep_<step>``), in
each of the four languages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from onenight_core.engine.narration import Timing
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_core.rulesets.classic.narration import check_deck, night_steps

from ..cli_text import cli_text

#: Nights the printed script shows: the first (with the thief, cupid and the lovers) and a later one.
NIGHTS = (1, 2)

def format_deck(deck: tuple[str, ...], lang: str) -> str:
    """``Werewolf ×2, Seer, Villager ×3`` in first-appearance order, with the classic names."""
    catalog = classic_catalog()

    def name(role: str) -> str:
        return catalog.role(role).name(lang) if role in catalog else role

    return cli_text(lang, "narrate_deck_separator").join(
        name(r) if c == 1 else cli_text(lang, "narrate_many", role=name(r), count=c) for r, c in Counter(deck).items())


def format_classic_script(deck: tuple[str, ...], lang: str, timing: Timing,
                          format_duration: Callable[[float, str], str]) -> str:
    """Nights 1 and 2 as text: per night a numbered heading per step with its lines and waits, then
    dawn and the day. ``format_duration`` is the narrator's way to read a time (``narrate`` passes its
    own, so the two scripts read times alike without importing each other)."""
    deck = check_deck(deck)

    def say(msg_id: str, **params: object) -> str:
        return cli_text(lang, msg_id, **params)

    action = say("narrate_wait", time=format_duration(timing.action, lang))
    out = [say("classic_script_header", count=len(deck), deck=format_deck(deck, lang)),
           say("classic_script_timing", action=format_duration(timing.action, lang),
               day=format_duration(timing.day, lang))]
    differs = night_steps(deck, 1) != night_steps(deck, 2)  # thief or cupid in the deck
    for night in NIGHTS:
        heading = ("classic_script_first" if night == 1 else "classic_script_later") if differs \
            else "classic_script_night"
        out += ["", say(heading, number=night), "   " + say("classic_script_dusk")]
        numbered = [(say(f"classic_step_{s}"), [say(f"classic_wake_{s}"), action, say(f"classic_sleep_{s}")])
                    for s in night_steps(deck, night)]
        numbered.append((say("classic_script_dawn_title"), [say("classic_script_dawn")]))
        sheriff = [say("classic_script_sheriff")] if night == 1 else []  # default option: elected on day 1
        numbered.append((say("classic_script_day_title"),
                         [*sheriff, say("classic_script_day"),
                          say("narrate_day_wait", time=format_duration(timing.day, lang))]))
        width = len(str(len(numbered)))
        for number, (title, lines) in enumerate(numbered, 1):
            out.append(f"{number:>{width}}. {title}")
            out += [f"{'':>{width}}  " + ("  " if line.startswith("[") else "") + line for line in lines]
    return "\n".join(out)
