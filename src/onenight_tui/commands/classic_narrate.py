"""``onenight narrate --ruleset classic --print``: the classic script for a table with physical cards,
night 1 (with its first-night steps) and night 2 (without them), each followed by dawn and the day. The
steps and their order are the core's (``rulesets.classic.narration``); the words are the catalogs'
(table ``narrate_print``: ``narrate_classic_step_<step>``, ``narrate_classic_wake_<step>``,
``narrate_classic_sleep_<step>``, ``classic_script_*``), in each of the four languages: ``step_words``
and ``script_words`` give them by step and by part of the night, for the printed script and for any
reader of classic nights (``STEPS`` and ``WORDS``, by language)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from onenight_core.engine.narration import Cue, Line, Narration, Timing
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_core.rulesets.classic.catalog import SLOTS
from onenight_core.rulesets.classic.narration import FOLLOWERS, check_deck, night_steps

from ..cli_text import cli_text
from ..text.catalog import LANGUAGES

#: Nights the printed script shows: the first (with the thief, cupid and the lovers) and a later one.
NIGHTS = (1, 2)

#: Every step a classic night can call: the role slots and the steps that follow cupid and the piper.
ALL_STEPS = (*(slot for slot in SLOTS if slot), *FOLLOWERS.values())


@cache
def step_words(lang: str) -> dict[str, tuple[str, str, str]]:
    """Each step's heading, the line that wakes it and the line that puts it back to sleep, in ``lang``."""
    return {step: (cli_text(lang, f"narrate_classic_step_{step}"), cli_text(lang, f"narrate_classic_wake_{step}"),
                   cli_text(lang, f"narrate_classic_sleep_{step}")) for step in ALL_STEPS}


@cache
def script_words(lang: str) -> dict[str, Any]:
    """The rest of a classic night in ``lang``: ``night`` (a heading, ``{n}`` the night's number),
    ``dusk``, ``dawn`` and ``day`` (heading, line), ``sheriff`` (the first day's election)."""
    return {"night": cli_text(lang, "classic_script_night", number="{n}"),
            "dusk": cli_text(lang, "classic_script_dusk"),
            "dawn": (cli_text(lang, "classic_script_dawn_title"), cli_text(lang, "classic_script_dawn")),
            "day": (cli_text(lang, "classic_script_day_title"), cli_text(lang, "classic_script_day")),
            "sheriff": cli_text(lang, "classic_script_sheriff")}


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

    words, steps = script_words(lang), step_words(lang)
    action = say("narrate_wait", time=format_duration(timing.action, lang))
    out = [say("classic_script_header", count=len(deck), deck=format_deck(deck, lang)),
           say("classic_script_timing", action=format_duration(timing.action, lang),
               day=format_duration(timing.day, lang))]
    differs = night_steps(deck, 1) != night_steps(deck, 2)  # thief or cupid in the deck
    for night in NIGHTS:
        heading = ("classic_script_first" if night == 1 else "classic_script_later") if differs \
            else "classic_script_night"
        out += ["", say(heading, number=night), "   " + words["dusk"]]
        numbered = [(steps[s][0], [steps[s][1], action, steps[s][2]]) for s in night_steps(deck, night)]
        numbered.append((words["dawn"][0], [words["dawn"][1]]))
        sheriff = [words["sheriff"]] if night == 1 else []  # default option: elected on day 1
        numbered.append((words["day"][0], [*sheriff, words["day"][1],
                                           say("narrate_day_wait", time=format_duration(timing.day, lang))]))
        width = len(str(len(numbered)))
        for number, (title, lines) in enumerate(numbered, 1):
            out.append(f"{number:>{width}}. {title}")
            out += [f"{'':>{width}}  " + ("  " if line.startswith("[") else "") + line for line in lines]
    return "\n".join(out)


def classic_narration(deck: tuple[str, ...], lang: str, nights: int = 1) -> Narration:
    """Nights 1..``nights`` as the narrator app and ``--export`` read them: per night, night falls, every
    slot of the composition (its wake line, the action time, its sleep line; first-night slots on night
    1 only), dawn, then the day (its line waits the day's time). Lines are in ``lang`` when this module
    has its words, else in English (``spoken_langs`` says which)."""
    deck = check_deck(deck)
    said = lang if lang in WORDS else "en"
    words, steps = WORDS[said], STEPS[said]
    cues: list[Cue] = []
    for night in range(1, nights + 1):
        head = words["night"].format(n=night)
        cues.append(Cue("night_start", "start", None, head,
                        (Line("night_start", "wake", "night_start", words["dusk"], "gap"),)))
        for step in night_steps(deck, night):
            title, wake, sleep = steps[step]
            cues.append(Cue(step, "role", step if step in deck else None, f"{head} · {title}",
                            (Line(step, "wake", step, wake, "action"), Line(step, "sleep", step, sleep, "gap"))))
        dawn_title, dawn_text = words["dawn"]
        cues.append(Cue("dawn", "dawn", None, f"{head} · {dawn_title}",
                        (Line("dawn", "wake", "dawn", dawn_text, "gap"),)))
        day_title, day_text = words["day"]
        sheriff = (Line("day", "wake", "day", words["sheriff"], "none"),) if night == 1 else ()
        cues.append(Cue("day", "engine", None, f"{day_title} {night}",
                        (*sheriff, Line("day", "wake", "day", day_text, "day"))))
    return Narration(deck, lang, cues)


def spoken_langs(narration: Narration) -> tuple[str, ...]:
    """The language each line of a classic narration is spoken in."""
    said = narration.lang if narration.lang in WORDS else "en"
    return tuple(said for _ in narration.lines)
