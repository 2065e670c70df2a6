"""``onenight narrate --ruleset classic --print``: the classic script for a table with physical cards,
night 1 (with its first-night steps) and the later nights (``--nights``, default 2), each followed by dawn
and the day. The ruleset options (``--option``) that change what the narrator reads are followed: the
sheriff's election (none, day 1 before or after the statements, before night 1) and the event card
(``events.enabled``, or ``events.new_moon`` with a New Moon role: an event card turned before each day,
the Werewolf ally card's ``ally`` step opening the later nights, the Specter's and Full Moon Rising's
steps after the werewolves', each read "if yesterday's card was ..."). The
narration is the one interface's (``engine.narration.narration_for``, which reads the classic ruleset's
``narration``: ids and parameters); this module only words and lays it out. The words are the catalogs'
(table ``narrate_print``: ``narrate_classic_step_<step>``, ``narrate_classic_wake_<step>``,
``narrate_classic_sleep_<step>``, ``classic_script_*``), in each of the four languages: ``step_words``
and ``script_words`` give them by step and by part of the night, for the printed script and for any
reader of classic nights (``STEPS`` and ``WORDS``, by language)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from onenight_core.engine.narration import Narration, Timing
from onenight_core.rulesets.classic.catalog import SLOTS, classic_catalog
from onenight_core.rulesets.classic.events import EVENT_STEPS, events_played

from ..cli_text import cli_text
from . import script
from .catalog import LANGUAGES

#: Nights the printed and exported script give unless ``--nights`` says: the first (with the thief, cupid
#: and the lovers) and a later one.
NIGHTS = (1, 2)

#: Every step a classic night can call: the role slots and the steps that follow cupid and the piper.
ALL_STEPS = (*(slot for slot in SLOTS if slot), *(st.id for st in classic_catalog().steps if st.follows))


@cache
def step_words(lang: str) -> dict[str, tuple[str, str, str]]:
    """Each step's heading, the line that wakes it and the line that puts it back to sleep, in ``lang``."""
    words = {step: (cli_text(lang, f"narrate_classic_step_{step}"), cli_text(lang, f"narrate_classic_wake_{step}"),
                    cli_text(lang, f"narrate_classic_sleep_{step}")) for step in ALL_STEPS}
    # the Werewolf ally event's step: the same words as the hot-seat app's call
    words["ally"] = (cli_text(lang, "classic_step_ally"), cli_text(lang, "classic_script_wake_ally"),
                     cli_text(lang, "classic_script_sleep_ally"))
    # the Specter's and Full Moon Rising's steps, likewise
    words["specter"] = (cli_text(lang, "classic_step_specter"), cli_text(lang, "classic_script_wake_specter"),
                        cli_text(lang, "classic_script_sleep_specter"))
    words["full_moon"] = (cli_text(lang, "classic_step_full_moon"), cli_text(lang, "classic_script_wake_full_moon"),
                          cli_text(lang, "classic_script_sleep_full_moon"))
    return words


@cache
def script_words(lang: str) -> dict[str, Any]:
    """The rest of a classic night in ``lang``: ``night`` (a heading, ``{n}`` the night's number),
    ``dusk``, ``dawn`` and ``day`` (heading, line), ``sheriff`` (the first day's election)."""
    return {"night": cli_text(lang, "classic_script_night", number="{n}"),
            "dusk": cli_text(lang, "classic_script_dusk"),
            "dawn": (cli_text(lang, "classic_script_dawn_title"), cli_text(lang, "classic_script_dawn")),
            "day": (cli_text(lang, "classic_script_day_title"), cli_text(lang, "classic_script_day")),
            "sheriff": cli_text(lang, "classic_script_sheriff"),
            "sheriff_before": cli_text(lang, "classic_script_sheriff_before"),
            "sheriff_night1": cli_text(lang, "classic_script_sheriff_night1"),
            "event_draw": cli_text(lang, "classic_script_event_draw")}


class _ByLanguage(Mapping[str, Any]):
    """``words[lang]`` for the four languages, each built from the catalogs when first read."""

    def __init__(self, build: Callable[[str], Any]) -> None:
        self._build = build

    def __getitem__(self, lang: str) -> Any:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        return self._build(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


#: ``STEPS[lang][step]`` is ``step_words(lang)[step]``; ``WORDS[lang]`` is ``script_words(lang)``.
STEPS: Mapping[str, dict[str, tuple[str, str, str]]] = _ByLanguage(step_words)
WORDS: Mapping[str, dict[str, Any]] = _ByLanguage(script_words)

def role_name(role: str, lang: str) -> str:
    """A classic card's name in ``lang`` (classic.toml; a card it does not know, by its id)."""
    catalog = classic_catalog()
    return catalog.role(role).name(lang) if role in catalog else role


def format_deck(deck: tuple[str, ...], lang: str) -> str:
    """``Werewolf ×2, Seer, Villager ×3`` in first-appearance order, with the classic names."""
    return script.format_deck(deck, lang, role_name)


def format_nights(narration: Narration, timing: Timing) -> str:
    """A narration of classic nights (worded) as the printed script (``narrate --print``)."""
    lang, deck, chosen = narration.lang, narration.roster, dict(narration.options)
    words, steps = script_words(lang), step_words(lang)
    titles = {**{step: said[0] for step, said in steps.items()}, "dawn": words["dawn"][0], "day": words["day"][0]}
    out = [cli_text(lang, "classic_script_header", count=len(deck), deck=format_deck(deck, lang)),
           cli_text(lang, "classic_script_timing", action=script.format_duration(timing.action, lang),
                    day=script.format_duration(timing.day, lang))]
    differs = _first_night_differs(narration)  # thief or cupid in the deck
    played = events_played(bool(chosen["events.enabled"]), bool(chosen["events.new_moon"]), deck)
    for night, (start, *cues) in enumerate(narration.by_night, 1):
        later = "classic_script_later" if not played else "classic_script_night"
        heading = ("classic_script_first" if night == 1 else later) if differs else "classic_script_night"
        out += ["", cli_text(lang, heading, number=night), *("   " + line.text for line in start.lines)]
        out += script.cue_lines(cues, timing, lang, lambda cue: titles[cue.step])
    return "\n".join(out)


def _first_night_differs(narration: Narration) -> bool:
    """Whether night 1 calls steps of its own (the thief, cupid, the lovers), events aside."""
    both = narration if narration.nights >= 2 else narration.next_night()
    first, second = ([c.step for c in night if c.kind == "role" and c.step not in EVENT_STEPS]
                     for night in both.by_night[:2])
    return first != second


