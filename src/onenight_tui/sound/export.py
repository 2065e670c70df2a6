"""The whole narrated night as one WAV file, for a table that plays it on a speaker or a phone.

Each line is spoken (the bundled voice unless another was chosen), each action time and gap is a stretch
of silence — or of the background sound, which then runs under the whole night until dawn — with an
optional soft tick in the last seconds of each action, and the file ends with "Everyone, wake up!" (the
day is the table's own). Everything is derived from the roster, the options and the seed, so the same
command gives the same bytes."""

from __future__ import annotations

from pathlib import Path

from onenight_core.engine.narration import Narration, Timing
from onenight_core.model.rng import stream

from .clip import RATE, Clip, concat, silence
from .cues import tone
from .mixer import Mixer

#: Seconds at the end of an action time that get a tick each (with ``tick``).
TICK_SECONDS = 3


def spoken_langs(narration: Narration, catalog=None) -> tuple[str, ...]:
    """The language to speak each line in: the narration's, or English where the line has no
    translation yet and ``roles.toml`` gave the English text instead."""
    if narration.lang == "en":
        return tuple("en" for _ in narration.lines)
    english = narration.english(catalog).lines  # the same draws, ruleset and table: line for line
    return tuple("en" if line.text == en.text else narration.lang
                 for line, en in zip(narration.lines, english, strict=True))


def action_wait(seconds: float, tick: bool, rate: int = RATE) -> Clip:
    """``seconds`` of silence, with a tick starting each of the last ``TICK_SECONDS`` seconds."""
    if not tick or seconds < TICK_SECONDS:
        return silence(seconds, rate)
    beat = tone("tick", rate)
    ticks = [concat([beat, silence(1.0 - beat.seconds, rate)], rate)] * TICK_SECONDS
    return concat([silence(seconds - TICK_SECONDS, rate), *ticks], rate)


def night_audio(narration: Narration, timing: Timing, speaker, *, sound: str = "none", tick: bool = False,
                random_delay: float = 0.0, seed: int = 0, langs: tuple[str, ...] | None = None) -> Clip:
    """The night read aloud: lines, waits and (with ``sound``) the background under everything up to
    dawn. ``random_delay`` adds 0..S seconds to each action time, drawn from ``seed`` as the narrator
    draws them."""
    rng = stream(seed, "narrator.delay")
    langs = langs if langs is not None else spoken_langs(narration)  # given by a night not from roles.toml
    night: list[Clip] = []
    dawn: list[Clip] = []
    for line, lang in zip(narration.lines, langs, strict=True):
        part = dawn if line.step == "dawn" else night
        part.append(speaker.synthesize(line.text, lang).resampled(RATE))
        if line.pause == "day":
            break
        seconds = timing.seconds(line.pause)
        if line.pause == "action" and random_delay:
            seconds += rng.uniform(0, random_delay)
        part.append(action_wait(seconds, tick) if line.pause == "action" else silence(seconds))
    track = concat(night)
    if sound != "none":
        track = _under(track, sound, seed)
    return concat([track, *dawn])


def night_length(narration: Narration, timing: Timing, speaker, *, tick: bool = False, random_delay: float = 0.0,
                 seed: int = 0, langs: tuple[str, ...] | None = None) -> float:
    """Seconds the night lasts when it is read aloud: every line as the voice speaks it, every wait, up to
    "Everyone, wake up!" — the length of the file ``--export`` writes for the same options (a background
    sound runs under the night and adds nothing). ``narrate --print`` states this total, so the two never
    disagree: it is ``night_audio``'s own length (a few milliseconds a line with the bundled voice).
    Raises SpeechError when nothing can speak the lines."""
    return night_audio(narration, timing, speaker, tick=tick, random_delay=random_delay, seed=seed,
                       langs=langs).seconds


def _under(track: Clip, sound: str, seed: int) -> Clip:
    """``track`` with the background ``sound`` looping under it."""
    from ..ambience import GAIN, render  # noqa: PLC0415
    from .clip import from_wav  # noqa: PLC0415

    mixer = Mixer(RATE)
    mixer.play("voice", track)
    mixer.play("ambience", from_wav(render(sound, seed=seed)), loop=True, gain=GAIN)
    chunks, left = [], track.frames
    while left > 0:
        n = min(left, RATE * 5)
        chunks.append(mixer.read(n))
        left -= n
    return Clip(b"".join(chunks), RATE)


def export_night(path: str | Path, narration: Narration, timing: Timing, speaker, **options) -> Clip:
    """Write ``night_audio`` to ``path`` as a WAV file (atomically) and return it. Raises OSError."""
    return write_wav(path, night_audio(narration, timing, speaker, **options))


def write_wav(path: str | Path, clip: Clip) -> Clip:
    """Write ``clip`` to ``path`` as a WAV file, atomically (a ``.part`` file renamed), and return it.
    Raises OSError."""
    path = Path(path)
    tmp = path.with_name(path.name + ".part")
    tmp.write_bytes(clip.to_wav())
    tmp.replace(path)
    return clip
