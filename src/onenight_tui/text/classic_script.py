"""``onenight narrate --ruleset classic --print``: the classic script for a table with physical cards,
night 1 (with its first-night steps) and the later nights (``--nights``, default 2), each followed by dawn
and the day. The ruleset options (``--option``) that change what the narrator reads are followed: the
sheriff's election (none, day 1 before or after the statements, before night 1) and the event card
(``events.enabled``, or ``events.new_moon`` with a New Moon role: an event card turned before each day,
the Werewolf ally card's ``ally`` step opening the later nights, the Specter's and Full Moon Rising's
steps after the werewolves', each read "if yesterday's card was ..."). The
steps and their order are the core's (``rulesets.classic.narration``); the words are the catalogs'
(table ``narrate_print``: ``narrate_classic_step_<step>``, ``narrate_classic_wake_<step>``,
``narrate_classic_sleep_<step>``, ``classic_script_*``), in each of the four languages: ``step_words``
and ``script_words`` give them by step and by part of the night, for the printed script and for any
reader of classic nights (``STEPS`` and ``WORDS``, by language)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from onenight_core.engine.narration import Cue, Line, Narration, Timing
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_core.rulesets.classic.catalog import SLOTS
from onenight_core.rulesets.classic.events import EVENT_DECK, events_played
from onenight_core.rulesets.classic.deck import check_deck
from onenight_core.rulesets.classic.narration import FOLLOWERS, night_steps
from onenight_core.rulesets.classic.options import CLASSIC_OPTIONS

from ..cli_text import cli_text
from . import script
from .catalog import LANGUAGES

#: Nights the printed and exported script give unless ``--nights`` says: the first (with the thief, cupid
#: and the lovers) and a later one.
NIGHTS = (1, 2)

#: Every step a classic night can call: the role slots and the steps that follow cupid and the piper.
ALL_STEPS = (*(slot for slot in SLOTS if slot), *FOLLOWERS.values())


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


def read_options(options: Mapping[str, object] | None) -> dict[str, object]:
    """Every classic option, ``options`` over the §4.9 defaults (SetupError, one line, for a bad one)."""
    return dict(CLASSIC_OPTIONS.validate(dict(options or {})))


def _plan(deck: tuple[str, ...], night: int, options: Mapping[str, object]
          ) -> tuple[tuple[str, ...], str | None, tuple[str, ...]]:
    """What night ``night`` reads under ``options``: its steps (the ``ally`` step first on the night after
    the event card), the sheriff line read before it (election on night 1) and the day's extra lines
    (the event card revealed when day 1 starts, the sheriff's election), as ``script_words`` keys."""
    events = events_played(bool(options["events.enabled"]), bool(options["events.new_moon"]), deck) \
        and night <= len(EVENT_DECK) + 1
    steps = night_steps(deck, night)
    if events and night >= 2:  # the night cards' steps, each read "if yesterday's card was ..."
        i = steps.index("werewolf") + 1
        steps = ("ally", *steps[:i], "specter", "full_moon", *steps[i:])
    election = options["sheriff.election"] if options["sheriff.enabled"] and night == 1 else None
    before = "sheriff_night1" if election == "night1" else None
    day: list[str] = []
    if events and night <= len(EVENT_DECK):
        day.append("event_draw")
    if election == "day1_before_statements":
        day.append("sheriff_before")
    elif election == "day1_after_statements":
        day.append("sheriff")
    return steps, before, tuple(day)


def _girl(step: str, deck: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The werewolves' call tells the Little Girl she may spy (seed 004 step 5) when she is in the deck."""
    return (cli_text(lang, "narrate_classic_girl_spies"),) if step == "werewolf" and "little_girl" in deck else ()


def _said(words: dict[str, Any], key: str) -> str:
    return str(words[key])


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


def format_classic_script(deck: tuple[str, ...], lang: str, timing: Timing, nights: int = len(NIGHTS),
                          options: Mapping[str, object] | None = None) -> str:
    """Nights 1..``nights`` of ``classic_narration`` as text, worded as every narration is
    (``text.script.cue_lines``): per night its heading (the first night's says which steps it alone has),
    the lines read as night falls, then its steps, dawn and the day, numbered, with their waits."""
    narration = classic_narration(deck, lang, nights, options)
    deck, chosen = narration.roster, read_options(options)
    words, steps = script_words(lang), step_words(lang)
    titles = {**{step: said[0] for step, said in steps.items()}, "dawn": words["dawn"][0], "day": words["day"][0]}
    out = [cli_text(lang, "classic_script_header", count=len(deck), deck=format_deck(deck, lang)),
           cli_text(lang, "classic_script_timing", action=script.format_duration(timing.action, lang),
                    day=script.format_duration(timing.day, lang))]
    differs = night_steps(deck, 1) != night_steps(deck, 2)  # thief or cupid in the deck
    played = events_played(bool(chosen["events.enabled"]), bool(chosen["events.new_moon"]), deck)
    for night, (start, *cues) in enumerate(_nights(narration.cues), 1):
        later = "classic_script_later" if not played else "classic_script_night"
        heading = ("classic_script_first" if night == 1 else later) if differs else "classic_script_night"
        out += ["", cli_text(lang, heading, number=night), *("   " + line.text for line in start.lines)]
        out += script.cue_lines(cues, timing, lang, lambda cue: titles[cue.step])
    return "\n".join(out)


def _nights(cues: tuple[Cue, ...]) -> list[list[Cue]]:
    """A classic narration's cues night by night, each night's first cue its start (night falls)."""
    nights: list[list[Cue]] = []
    for cue in cues:
        if cue.kind == "start" or not nights:
            nights.append([])
        nights[-1].append(cue)
    return nights


def classic_narration(deck: tuple[str, ...], lang: str, nights: int = 1,
                      options: Mapping[str, object] | None = None) -> Narration:
    """Nights 1..``nights`` as the narrator app and ``--export`` read them: per night, night falls, every
    slot of the composition (its wake line, the action time, its sleep line; first-night slots on night
    1 only; the ``ally`` step on the night after the event card), dawn, then the day (its line waits the
    day's time), with the sheriff's election where ``options`` put it. Lines are in ``lang`` when this
    module has its words, else in English (``spoken_langs`` says which)."""
    deck = check_deck(deck)
    chosen = read_options(options)
    said = lang if lang in WORDS else "en"
    words, steps = WORDS[said], STEPS[said]
    cues: list[Cue] = []
    for night in range(1, nights + 1):
        head = words["night"].format(n=night)
        plan, before, extra = _plan(deck, night, chosen)
        election = (Line("night_start", "wake", "night_start", words[before], "none"),) if before else ()
        cues.append(Cue("night_start", "start", None, head,
                        (*election, Line("night_start", "wake", "night_start", words["dusk"], "gap"))))
        for step in plan:
            title, wake, sleep = steps[step]
            woken = tuple(Line(step, "wake", step, text, "none") for text in (wake, *_girl(step, deck, said)))
            woken = (*woken[:-1], Line(step, "wake", step, woken[-1].text, "action"))
            cues.append(Cue(step, "role", step if step in deck else None, f"{head} · {title}",
                            (*woken, Line(step, "sleep", step, sleep, "gap"))))
        dawn_title, dawn_text = words["dawn"]
        cues.append(Cue("dawn", "dawn", None, f"{head} · {dawn_title}",
                        (Line("dawn", "wake", "dawn", dawn_text, "gap"),)))
        day_title, day_text = words["day"]
        day_lines = tuple(Line("day", "wake", "day", _said(words, k), "none") for k in extra)
        cues.append(Cue("day", "engine", None, f"{day_title} {night}",
                        (*day_lines, Line("day", "wake", "day", day_text, "day"))))
    return Narration(deck, lang, cues)


def spoken_langs(narration: Narration) -> tuple[str, ...]:
    """The language each line of a classic narration is spoken in."""
    said = narration.lang if narration.lang in WORDS else "en"
    return tuple(said for _ in narration.lines)


def classic_audio(narration: Narration, timing: Timing, speaker: Any, *, seed: int = 0,
                  langs: tuple[str, ...] | None = None, **options: Any) -> Any:
    """Every night of ``narration`` read aloud, one after the other, as one ``Clip`` (``classic_parts``)."""
    from ..sound.clip import concat  # audio only when exporting

    return concat(classic_parts(narration, timing, speaker, seed=seed, langs=langs, **options))


def classic_parts(narration: Narration, timing: Timing, speaker: Any, *, seed: int = 0,
                  langs: tuple[str, ...] | None = None, said: Any = None, **options: Any) -> Any:
    """Every night of ``narration`` read aloud, piece by piece: each night as the One Night export reads
    one (its lines, action times and the background sound under the dark part), then its dawn and its
    day, whose timer is silence — the whole script the narrator app reads, in order. The sound ends on
    the last day's call; a table that needs a longer day pauses the player. ``said`` is called after
    each line (progress)."""
    from ..sound.clip import RATE, silence  # audio only when exporting
    from ..sound.export import night_parts

    langs = langs if langs is not None else spoken_langs(narration)
    nights = _nights(narration.cues)
    spoken = 0
    for number, cues in enumerate(nights):
        dark = [c for c in cues if c.step not in ("dawn", "day")]
        count = sum(len(c.lines) for c in dark)
        yield from night_parts(Narration(narration.roster, narration.lang, dark), timing, speaker,
                               seed=seed + number, langs=langs[spoken:spoken + count], said=said, **options)
        spoken += count
        light = [line for c in cues if c.step in ("dawn", "day") for line in c.lines]
        for index, line in enumerate(light):
            yield speaker.synthesize(line.text, langs[spoken]).resampled(RATE)
            if said is not None:
                said()
            spoken += 1
            last = number == len(nights) - 1 and index == len(light) - 1
            if not last and line.pause != "none":
                yield silence(timing.seconds(line.pause))


def export_classic(path: Any, narration: Narration, timing: Timing, speaker: Any, **options: Any) -> float:
    """Stream ``classic_parts`` to ``path`` as a WAV file; the seconds written. Raises OSError."""
    from onenight_tui.sound.export import stream_wav

    return stream_wav(path, classic_parts(narration, timing, speaker, **options))
