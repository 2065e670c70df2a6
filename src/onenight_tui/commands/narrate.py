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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from onenight_core.catalog.deck import parse_deck
from onenight_core.engine.narration import Narration, Timing, check_roster
from onenight_core.languages import LANGUAGES

from onenight_tui.ambience import SOUNDS
from onenight_tui.cli_text import args_language, cli_text
from onenight_tui.families import NIGHTS_AND_DAYS, ONE_NIGHT
from onenight_tui.text.script import format_duration, format_script, narration_words
from onenight_tui.settings import said_notice
from onenight_tui.sound.espeak import DEFAULT_RATE, MAX_RATE, MIN_RATE
from onenight_tui.sound.export import MAX_EXPORT_SECONDS, planned_seconds

if TYPE_CHECKING:
    from onenight_tui.settings import Settings
    from onenight_tui.speech import Speaker

DEFAULT_ACTION = 10.0
DEFAULT_DAY = 300.0
MOST_NIGHTS, MOST_ACTION, MOST_DAY = 30, 600, 3600  # the bounds --help states
#: Nights ``--print`` and ``--export`` read unless ``--nights`` says, for a ruleset whose narration goes on
#: night after night (classic: the first, with the thief, cupid and the lovers, and a later one).
DEFAULT_NIGHTS = 2

def _seconds(limit: float, lang: str = "en") -> Callable[[str], float]:
    """An argparse type: a number of seconds from 0 to ``limit`` (its complaint in ``lang``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(cli_text(lang, "cli_seconds_expected", given=repr(text))) from None
        if not math.isfinite(value) or value < 0 or value > limit:
            raise argparse.ArgumentTypeError(cli_text(lang, "cli_seconds_range", high=f"{limit:g}",
                                                      given=repr(text)))
        return value

    return parse


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str = "en") -> None:
    def say(msg_id: str, **params: object) -> str:
        return cli_text(lang, msg_id, **params)

    p = subparsers.add_parser("narrate", help=say("help_narrate_command"), description=say("help_narrate_about"))
    seconds = say("metavar_seconds")
    # SUPPRESS keeps `onenight --roles ... --lang ko narrate` working: the top-level values stay.
    p.add_argument("--roles", default=argparse.SUPPRESS, metavar=say("metavar_deck"), help=say("help_narrate_deck"))
    from ..ruleset_args import add_ruleset_arguments

    add_ruleset_arguments(p, subcommand=True, lang=lang)  # --option: classic only (its sheriff, its events)
    p.add_argument("--print", dest="print_script", action="store_true", help=say("help_narrate_print"))
    p.add_argument("--nights", type=_int_range(1, MOST_NIGHTS, lang), default=None, metavar="N",
                   help=cli_text(lang, "help_narrate_nights", most=MOST_NIGHTS))
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=say("help_lang"))
    p.add_argument("--action-time", type=_seconds(MOST_ACTION, lang), default=DEFAULT_ACTION, metavar=seconds,
                   help=cli_text(lang, "help_narrate_action", default=f"{DEFAULT_ACTION:g}", most=MOST_ACTION))
    p.add_argument("--day-time", type=_seconds(MOST_DAY, lang), default=DEFAULT_DAY, metavar=seconds,
                   help=cli_text(lang, "help_narrate_day", default=f"{DEFAULT_DAY:g}", most=MOST_DAY))
    p.add_argument("--random-delay", type=_seconds(60, lang), default=0.0, metavar=seconds,
                   help=say("help_narrate_delay", metavar=seconds))
    p.add_argument("--no-voice", action="store_true", help=say("help_narrate_no_voice"))
    p.add_argument("--sound", choices=SOUNDS, default=None, help=say("help_narrate_sound"))
    p.add_argument("--export", metavar=say("metavar_wav"),
                   help=cli_text(lang, "help_narrate_export", hours=MAX_EXPORT_SECONDS // 3600))
    p.add_argument("--seed", type=int, default=argparse.SUPPRESS, metavar=say("metavar_seed"),
                   help=say("help_narrate_seed"))
    p.add_argument("--rate", type=_int_range(MIN_RATE, MAX_RATE, lang), default=None, metavar=say("metavar_wpm"),
                   help=say("help_narrate_rate", low=MIN_RATE, high=MAX_RATE, default=DEFAULT_RATE))
    p.add_argument("--volume", type=_int_range(0, 100, lang), default=None, metavar=say("metavar_percent"),
                   help=say("help_narrate_volume"))
    p.add_argument("--tick", action=argparse.BooleanOptionalAction, default=None, help=say("help_narrate_tick"))
    p.add_argument("--system-voice", action="store_true", help=say("help_narrate_system_voice"))
    p.add_argument("--voice-model", metavar=say("metavar_model"), help=say("help_narrate_voice_model"))


def _int_range(low: int, high: int, lang: str = "en") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (its complaint in ``lang``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(cli_text(lang, "cli_whole_expected", given=repr(text))) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(cli_text(lang, "cli_whole_range", low=low, high=high,
                                                      given=repr(text)))
        return value

    return parse


def run(args: argparse.Namespace) -> int:
    """One command for every ruleset: the roster, ``--print``, ``--export`` and the narrator app are read
    and run the same way. The narration is the one interface's for every ruleset (``narration``:
    ``engine.narration.narration_for``, worded), read aloud by the one export (``sound.export``); what
    differs is its game family's (``NARRATORS``, ``families.by_family``): how a roster is read, how its
    printed script is laid out; one app hosts the one narrator screen for every ruleset."""
    from onenight_tui.usage import UsageError

    from ..families import by_family
    from ..ruleset_args import chosen_options, require_playable

    require_playable(args, "narrate: ")
    lang = args_language(args)
    family = by_family(getattr(args, "ruleset", None), NARRATORS)
    if getattr(args, "options", None) and not family.takes_options:
        raise UsageError(cli_text(lang, "cli_narrate_option_classic_only"))
    ruleset, options = chosen_options(args)
    text = getattr(args, "roles", None)
    if not text and family.needs_roles:
        raise UsageError(cli_text(lang, family.needs_roles))
    roster = family.roster(text, ruleset) if text else None
    timing = Timing(action=args.action_time, day=args.day_time)
    if args.print_script:
        if roster is None:
            raise UsageError(cli_text(lang, "cli_narrate_print_needs_roles"))
        from onenight_tui.console import print_wrapped  # (Rich only when printing)

        print_wrapped(family.script(args, narration(args, roster, ruleset, options, lang), timing))
        return 0
    remembered = _remembered()
    sound, tick, speaker = _sound_and_speaker(args, lang, remembered)
    if args.export:
        if roster is None:
            raise UsageError(cli_text(lang, "cli_narrate_export_needs_roles"))
        return _export(args, roster, ruleset, options, lang, timing, speaker, sound=sound, tick=tick)
    if not (sys.stdin.isatty() and sys.__stderr__ is not None and sys.__stderr__.isatty()):
        raise UsageError(cli_text(lang, "cli_narrate_needs_terminal"))
    lang = app_language(args, remembered)  # the screen sets the speaker's language from it
    app = _app(roster, lang, ruleset, options, timing=timing, voice=not args.no_voice, sound=sound,
               random_delay=args.random_delay, speaker=speaker, tick_cue=tick, seed=getattr(args, "seed", None))
    app.run()
    return int(app.return_code or 0)


def _remembered() -> Settings:
    """The remembered settings (a first start: the locale's language)."""
    from onenight_tui.settings import load_settings, system_language

    return load_settings(lang=system_language())[0]


def app_language(args: argparse.Namespace, settings: Settings) -> str:
    """The narrator app's language: ``--lang``, else the language the app remembers, as the hot-seat
    app does (docs/decisions.md, "The language of the command line and of the apps"); the command
    line's own lines (``--print``, ``--export``, errors) follow the locale instead (``args_language``)."""
    lang = getattr(args, "lang", None)
    return lang if lang in LANGUAGES else settings.lang


def _sound_and_speaker(args: argparse.Namespace, lang: str, settings: Settings) -> tuple[str, bool, Speaker]:
    """The sound, night tick and speaker: each option given on the command line, else the remembered setting."""
    sound = args.sound if args.sound is not None else settings.sound
    rate = args.rate if args.rate is not None else settings.voice_rate
    volume = (args.volume if args.volume is not None else settings.volume) / 100
    tick = args.tick if args.tick is not None else settings.night_tick
    return sound, tick, _speaker(args, lang, rate, volume)


def check_export_length(night: Narration, timing: Timing, random_delay: float, lang: str) -> None:
    """Refuse, before anything is made, an export whose waits alone pass ``MAX_EXPORT_SECONDS``."""
    from onenight_tui.usage import UsageError

    planned = planned_seconds(night, timing, random_delay)
    if planned > MAX_EXPORT_SECONDS:
        raise UsageError(cli_text(lang, "cli_export_too_long", duration=format_duration(planned, lang),
                                  hours=MAX_EXPORT_SECONDS // 3600))


class ExportProgress:
    """"Writing night.wav: line 12 of 80" on standard error while an export is made, when standard
    error is a terminal (nothing in a pipe or a log); the line is cleared at the end."""

    def __init__(self, path: Path, total: int, lang: str) -> None:
        self.path, self.total, self.lang, self.done = path, total, lang, 0
        stream = sys.stderr
        self.shown = stream is not None and hasattr(stream, "isatty") and stream.isatty()

    def step(self) -> None:
        self.done += 1
        if self.shown:
            text = cli_text(self.lang, "cli_export_progress", path=self.path, done=min(self.done, self.total),
                            total=self.total)
            sys.stderr.write("\r" + text + "\x1b[K")
            sys.stderr.flush()

    def __enter__(self) -> "ExportProgress":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.shown and self.done:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _words(lang: str) -> Callable[..., str]:
    """``cli_text`` in ``lang``, as a notice's ``worded`` takes it."""

    def words(msg_id: str, **params: object) -> str:
        return cli_text(lang, msg_id, **params)

    return words


def export_problem(exc: Exception, path: Path, lang: str) -> str:
    """Why the export failed, in ``lang``: the voice (SpeechError) or the disk (OSError, worded by errno)."""
    from onenight_tui.settings import reason_notice

    words = _words(lang)
    if isinstance(exc, OSError):
        return cli_text(lang, "cli_cannot_write", path=path, problem=reason_notice(exc).worded(words))
    problem = exc.args[0] if exc.args else str(exc)
    return cli_text(lang, "cli_cannot_speak", problem=said_notice(problem, words))


def _seed(args: argparse.Namespace) -> int:
    """The seed of the night's public draws (a random instruction): ``--seed``, else 0, so a printed or
    exported script is the same file every time unless a seed is given."""
    return getattr(args, "seed", None) or 0


def _speaker(args: argparse.Namespace, lang: str, rate: int, volume: float) -> Speaker:
    from onenight_tui.usage import UsageError
    from onenight_tui.sound.platform_voice import VoiceModelError
    from onenight_tui.speech import Speaker

    try:
        return Speaker.auto(enabled=not args.no_voice, lang=lang, system_voice=args.system_voice,
                            voice_model=args.voice_model, rate=rate, volume=volume)
    except VoiceModelError as exc:
        raise UsageError(said_notice(exc.args[0], _words(lang))) from None


def _spoken_length(args: argparse.Namespace, night: Narration, timing: Timing) -> float | None:
    """How long ``night`` lasts read aloud with the voice, rate, tick and delays ``--export`` would use:
    the length of the file it writes (``night_length``). None when no voice can speak it."""
    from onenight_tui.sound.export import night_length
    from onenight_tui.speech import SpeechError

    _sound, tick, speaker = _sound_and_speaker(args, night.lang, _remembered())
    try:
        return night_length(night, timing, speaker, tick=tick, random_delay=args.random_delay, seed=_seed(args))
    except SpeechError:
        return None


def narration(args: argparse.Namespace, roster: tuple[str, ...], ruleset: str, options: Mapping[str, object],
              lang: str) -> Narration:
    """What ``--print`` shows and ``--export`` reads aloud, for every ruleset: the one narration interface
    (``narration_for``), worded — a One Night night with its public draws seeded by ``--seed``, classic's
    nights 1..``--nights`` under its options."""
    return narration_words(ruleset, roster, lang, nights=getattr(args, "nights", None) or DEFAULT_NIGHTS,
                           options=options, seed=_seed(args))


def _export(args: argparse.Namespace, roster: tuple[str, ...], ruleset: str,
            options: Mapping[str, object], lang: str, timing: Timing, speaker: Speaker, *,
            sound: str, tick: bool) -> int:
    """``--export``: the night ``--print`` shows, read aloud into a WAV file by the one export."""
    from onenight_tui.usage import UsageError
    from onenight_tui.sound.export import export_night  # (audio only when exporting)
    from onenight_tui.speech import SpeechError

    path = Path(args.export)
    if path.suffix.lower() != ".wav":
        raise UsageError(cli_text(lang, "cli_export_wav", given=repr(str(path))))
    try:
        night = narration(args, roster, ruleset, options, lang)  # what --print reads, read aloud
        check_export_length(night, timing, args.random_delay, lang)
        with ExportProgress(path, len(night.lines), lang) as progress:
            seconds = export_night(path, night, timing, speaker, sound=sound, tick=tick, said=progress.step,
                                   random_delay=args.random_delay, seed=_seed(args))
    except (SpeechError, OSError) as exc:
        raise UsageError(export_problem(exc, path, lang)) from None
    print(cli_text(lang, "cli_wrote_export", path=path, duration=format_duration(seconds, lang),
                   count=len(roster), language=lang))
    return 0


def _app(roster: tuple[str, ...] | None, lang: str, ruleset: str, options: Mapping[str, object],
         **common: Any) -> Any:
    """The narrator app for every ruleset: the one narrator screen reading ``ruleset``'s narration
    (under its ``options``), with the cards of ``roster`` (None: its set-up asks for them)."""
    from onenight_tui.narrator_app import NarratorApp  # (Textual only when the app opens)

    return NarratorApp(roster=roster, lang=lang, ruleset=ruleset, game_options=options, **common)


# -- each game family's part: how its roster is read and its printed script's layout --

class _Narrator(NamedTuple):
    """What ``narrate`` does its own way for one game family (``NARRATORS``)."""

    takes_options: bool  # whether the narrator follows ``--option`` (classic: its sheriff, its events)
    needs_roles: str | None  # the complaint when ``--roles`` is missing (None: the app asks for them)
    roster: Callable[[str, str], tuple[str, ...]]  # ``--roles`` for the ruleset, checked
    script: Callable[[argparse.Namespace, Narration, Timing], str]  # ``--print``'s layout of the narration


def _one_night_roster(text: str, ruleset: str) -> tuple[str, ...]:
    return check_roster(parse_deck(text), ruleset=ruleset)


def _one_night_script(args: argparse.Namespace, night: Narration, timing: Timing) -> str:
    return format_script(night, timing, _spoken_length(args, night, timing))


def _nights_roster(text: str, ruleset: str) -> tuple[str, ...]:
    from onenight_core.rulesets.classic.deck import check_deck, parse_classic_deck

    return check_deck(parse_classic_deck(text))


def _nights_script(args: argparse.Namespace, night: Narration, timing: Timing) -> str:
    from ..text.classic_script import format_nights

    return format_nights(night, timing)


#: Each game family's narrator parts (``families.by_family``): ``run`` is the one flow over them.
NARRATORS: Mapping[str, _Narrator] = {
    ONE_NIGHT: _Narrator(False, None, _one_night_roster, _one_night_script),
    NIGHTS_AND_DAYS: _Narrator(True, "cli_narrate_classic_needs_roles", _nights_roster, _nights_script),
}
