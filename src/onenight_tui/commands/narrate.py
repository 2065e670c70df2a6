"""``onenight narrate``: the night read aloud for a table that plays with physical cards.

``--print`` writes the whole script as text and exits (for a human narrator, or to check the order)
without importing Textual; ``--export night.wav`` writes the whole night read aloud to one WAV file
(bundled voice, no audio device needed; the same seed gives the same bytes); otherwise the narrator app opens,
reads each step on screen and aloud, and
times it. The roster is every card on the table, center included: ``--roles werewolf*2,seer,...`` or a
preset id, as for the game. The narrator accepts any official roster of at least six cards (three players
and the center); it does not deal, so it needs no player names."""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

from onenight_core.catalog.loader import LANGUAGES, default_catalog
from onenight_core.catalog.deck import parse_deck
from onenight_core.engine.narration import Narration, Timing, check_roster, narrate, table_heard

from onenight_tui.ambience import SOUNDS
from onenight_tui.sound.espeak import DEFAULT_RATE, MAX_RATE, MIN_RATE

DEFAULT_ACTION = 10.0
DEFAULT_DAY = 300.0

_WORDS = {
    "en": {"header": "Night script for {n} cards: {deck}",
           "timing": "Action time {action} per step · {night} of night · day {day}",
           "wait": "[{t}]", "day": "[day {t}]"},
    "ko": {"header": "밤 진행 대본 (카드 {n}장): {deck}",
           "timing": "단계마다 행동 시간 {action} · 밤 {night} · 낮 {day}",
           "wait": "[{t}]", "day": "[낮 {t}]"},
    "zh": {"header": "夜晚流程（{n}张牌）：{deck}",
           "timing": "每步行动时间 {action} · 夜晚 {night} · 白天 {day}",
           "wait": "[{t}]", "day": "[白天 {t}]"},
    "fr": {"header": "Script de la nuit pour {n} cartes : {deck}",
           "timing": "Temps d'action {action} par étape · {night} de nuit · jour {day}",
           "wait": "[{t}]", "day": "[jour {t}]"},
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
    from ..ruleset_args import add_ruleset_arguments  # noqa: PLC0415

    add_ruleset_arguments(p, subcommand=True, options=False)
    p.add_argument("--print", dest="print_script", action="store_true",
                   help="print the whole script as text and exit")
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                   help="language of the narration (en, ko, zh, fr)")
    p.add_argument("--action-time", type=_seconds(600), default=DEFAULT_ACTION, metavar="S",
                   help=f"seconds for each step's action (default {DEFAULT_ACTION:g}, like the official app)")
    p.add_argument("--day-time", type=_seconds(3600), default=DEFAULT_DAY, metavar="S",
                   help=f"seconds of day discussion after the night (default {DEFAULT_DAY:g})")
    p.add_argument("--random-delay", type=_seconds(60), default=0.0, metavar="S",
                   help="add up to S random seconds to each action time, so timing tells nothing")
    p.add_argument("--no-voice", action="store_true", help="show the lines without speaking them")
    p.add_argument("--sound", choices=SOUNDS, default=None,
                   help="background sound during the night (default: the remembered one, else none)")
    p.add_argument("--export", metavar="FILE.wav",
                   help="write the whole night read aloud (lines and timers) to a WAV file and exit")
    p.add_argument("--seed", type=int, default=argparse.SUPPRESS,
                   help="seed for the random delays and the night's random instructions (with --export also "
                        "for the background sound: same seed, same file)")
    p.add_argument("--rate", type=_int_range(MIN_RATE, MAX_RATE), default=None, metavar="WPM",
                   help=f"speaking speed in words per minute ({MIN_RATE}-{MAX_RATE}, default: the "
                        f"remembered one, else {DEFAULT_RATE})")
    p.add_argument("--volume", type=_int_range(0, 100), default=None, metavar="PERCENT",
                   help="volume of the night's sound, 0-100 (default: the remembered one, else 100)")
    p.add_argument("--tick", action=argparse.BooleanOptionalAction, default=None,
                   help="a soft tick in each of the last 3 seconds of a night step's action time")
    p.add_argument("--system-voice", action="store_true",
                   help="speak with the system's own voice (macOS say, Windows voices) when it has one "
                        "for the language; the bundled voice is used otherwise")
    p.add_argument("--voice-model", metavar="MODEL.onnx",
                   help="speak with a Piper voice model (needs the piper program: pip install piper-tts)")


def _int_range(low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a number from {low} to {high}, got {text!r}")
        return value

    return parse


def format_duration(seconds: float, lang: str = "en") -> str:
    """``10 s`` (``10초``), ``1:30``, ``5:00``: how a narrator reads a time."""
    seconds = round(seconds, 1)
    if seconds < 60:
        return {"ko": f"{seconds:g}초", "zh": f"{seconds:g}秒"}.get(lang, f"{seconds:g} s")
    whole = int(round(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def format_deck(roster, lang: str = "en") -> str:
    """``Werewolf ×2, Seer, Villager ×3`` in first-appearance order."""
    catalog = default_catalog()
    counts = Counter(roster)
    separator = "、" if lang == "zh" else ", "
    return separator.join(catalog[r].name(lang) + (f" ×{c}" if c > 1 else "") for r, c in counts.items())


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

    from ..ruleset_args import require_playable  # noqa: PLC0415

    if getattr(args, "ruleset", None) == "classic":  # its own night order (rulesets/classic/narration)
        return _run_classic(args)
    require_playable(args, "narrate: ")
    if (getattr(args, "ruleset", None) or "onuw") != "onuw":
        raise UsageError("narrate reads the official (onuw) night order only")
    lang = getattr(args, "lang", None) or "en"
    text = getattr(args, "roles", None)
    roster = check_roster(parse_deck(text)) if text else None
    timing = Timing(action=args.action_time, day=args.day_time)
    if args.print_script:
        if roster is None:
            raise UsageError("narrate --print needs --roles (e.g. --roles base-5)")
        print(format_script(narrate(roster, lang, heard=table_heard(roster, _seed(args))), timing))
        return 0
    from onenight_tui.settings import load_settings  # noqa: PLC0415

    settings, _notice = load_settings()
    sound = args.sound if args.sound is not None else settings.sound
    rate = args.rate if args.rate is not None else settings.voice_rate
    volume = (args.volume if args.volume is not None else settings.volume) / 100
    tick = args.tick if args.tick is not None else settings.night_tick
    speaker = _speaker(args, lang, rate, volume)
    if args.export:
        if roster is None:
            raise UsageError("narrate --export needs --roles (e.g. --roles base-5)")
        return _export(args, roster, lang, timing, speaker, sound=sound, tick=tick)
    if not (sys.stdin.isatty() and sys.__stderr__.isatty()):
        raise UsageError("narrate needs a terminal (use --print to write the script as text)")
    from onenight_tui.narrator_app import NarratorApp  # noqa: PLC0415 — Textual only when the app opens

    app = NarratorApp(roster=roster, lang=lang, timing=timing, voice=not args.no_voice, sound=sound,
                      random_delay=args.random_delay, speaker=speaker, tick_cue=tick,
                      seed=getattr(args, "seed", None))
    app.run()
    return app.return_code or 0


def _run_classic(args: argparse.Namespace) -> int:
    """The classic narrator: ``--print`` prints nights 1 and 2, ``--export`` writes night 1 and its dawn
    as WAV, otherwise the narrator app reads night after night for a table with physical cards."""
    from onenight_core.rulesets.classic.simulate import parse_classic_deck  # noqa: PLC0415

    from onenight_tui.usage import UsageError  # noqa: PLC0415

    from .classic_narrate import check_deck, classic_narration, format_classic_script, spoken_langs  # noqa: PLC0415

    text = getattr(args, "roles", None)
    if not text:
        raise UsageError("narrate --ruleset classic needs --roles (e.g. --roles werewolf*2,seer,witch,villager*3)")
    deck = check_deck(parse_classic_deck(text))
    lang = getattr(args, "lang", None) or "en"
    timing = Timing(action=args.action_time, day=args.day_time)
    if args.print_script:
        print(format_classic_script(deck, lang, timing, format_duration))
        return 0
    from onenight_tui.settings import load_settings  # noqa: PLC0415

    settings, _notice = load_settings()
    sound = args.sound if args.sound is not None else settings.sound
    rate = args.rate if args.rate is not None else settings.voice_rate
    volume = (args.volume if args.volume is not None else settings.volume) / 100
    tick = args.tick if args.tick is not None else settings.night_tick
    speaker = _speaker(args, lang, rate, volume)
    if args.export:
        from onenight_tui.sound.export import export_night  # noqa: PLC0415
        from onenight_tui.speech import SpeechError  # noqa: PLC0415

        path = Path(args.export)
        if path.suffix.lower() != ".wav":
            raise UsageError(f"--export writes a WAV file: give a name ending in .wav, got {str(path)!r}")
        night = classic_narration(deck, lang, 1)
        try:
            clip = export_night(path, night, timing, speaker, sound=sound, tick=tick, random_delay=args.random_delay,
                                seed=_seed(args), langs=spoken_langs(night))
        except SpeechError as exc:
            raise UsageError(f"cannot speak the night: {exc}") from None
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
        print(f"Wrote {path}: {format_duration(clip.seconds)} of the first classic night ({len(deck)} cards, {lang}).")
        return 0
    if not (sys.stdin.isatty() and sys.__stderr__.isatty()):
        raise UsageError("narrate needs a terminal (use --print to write the script as text)")
    from onenight_tui.narrator_app import ClassicNarratorApp  # noqa: PLC0415 — Textual only when the app opens

    app = ClassicNarratorApp(deck, lang, timing=timing, voice=not args.no_voice, sound=sound,
                             random_delay=args.random_delay, speaker=speaker, tick_cue=tick,
                             seed=getattr(args, "seed", None))
    app.run()
    return app.return_code or 0


def _seed(args: argparse.Namespace) -> int:
    """The seed of the night's public draws (a random instruction): ``--seed``, else 0, so a printed or
    exported script is the same file every time unless a seed is given."""
    return getattr(args, "seed", None) or 0


def _speaker(args: argparse.Namespace, lang: str, rate: int, volume: float):
    from onenight_tui.cli import UsageError  # noqa: PLC0415
    from onenight_tui.sound.platform_voice import VoiceModelError  # noqa: PLC0415
    from onenight_tui.speech import Speaker  # noqa: PLC0415

    try:
        return Speaker.auto(enabled=not args.no_voice, lang=lang, system_voice=args.system_voice,
                            voice_model=args.voice_model, rate=rate, volume=volume)
    except VoiceModelError as exc:
        raise UsageError(str(exc)) from None


def _export(args, roster, lang, timing, speaker, *, sound: str, tick: bool) -> int:
    from onenight_tui.cli import UsageError  # noqa: PLC0415
    from onenight_tui.sound.export import export_night  # noqa: PLC0415
    from onenight_tui.speech import SpeechError  # noqa: PLC0415

    path = Path(args.export)
    if path.suffix.lower() != ".wav":
        raise UsageError(f"--export writes a WAV file: give a name ending in .wav, got {str(path)!r}")
    try:
        night = narrate(roster, lang, heard=table_heard(roster, _seed(args)))
        clip = export_night(path, night, timing, speaker, sound=sound, tick=tick,
                            random_delay=args.random_delay, seed=getattr(args, "seed", None) or 0)
    except SpeechError as exc:
        raise UsageError(f"cannot speak the night: {exc}") from None
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
    print(f"Wrote {path}: {format_duration(clip.seconds)} of night ({len(roster)} cards, {lang}).")
    return 0
