"""The whole narrated night as one WAV file, for a table that plays it on a speaker or a phone.

Each line is spoken (the bundled voice unless another was chosen), each action time and gap is a stretch
of silence — or of the background sound, which then runs under the whole night until dawn — with an
optional soft tick in the last seconds of each action, and the file ends with "Everyone, wake up!" (the
day is the table's own). Everything is derived from the roster, the options and the seed, so the same
command gives the same bytes.

The file is streamed: each line and each wait is written to disk as it is made (``WavWriter``), never the
whole night in memory, with a progress callback per line (the command line shows it on a terminal). A
night's length is bounded before anything is made (``planned_seconds``, ``MAX_EXPORT_SECONDS``)."""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from onenight_core.engine.narration import Line, Narration, Timing
from onenight_core.model.rng import stream

from .clip import RATE, Clip, concat, silence
from .cues import tone
from .mixer import Mixer

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog

    from ..speech import Speaker

#: Seconds at the end of an action time that get a tick each (with ``tick``).
TICK_SECONDS = 3


def spoken_langs(narration: Narration, catalog: Catalog | None = None) -> tuple[str, ...]:
    """The language to speak each line in: the narration's, or English where the line has no
    translation yet and ``roles.toml`` gave the English text instead. A line the app worded from the
    core's ids (``said``: a classic night's) is in the narration's language: the catalogs have all four."""
    if narration.lang == "en" or all(line.said is not None for line in narration.lines):
        return tuple(narration.lang for _ in narration.lines)
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


#: The longest sound an export writes (its waits as planned): 4 hours is ~640 MB of WAV.
MAX_EXPORT_SECONDS = 4 * 3600


def planned_seconds(narration: Narration, timing: Timing, random_delay: float = 0.0) -> float:
    """The waits of ``narration`` under ``timing`` (at most: every day counted, each random delay at its
    longest): what an export would hold besides the spoken lines, known before anything is made."""
    total = 0.0
    for line in narration.lines:
        total += timing.seconds(line.pause)
        if line.pause == "action":
            total += random_delay
    return total


def night_audio(narration: Narration, timing: Timing, speaker: Speaker, *, sound: str = "none", tick: bool = False,
                random_delay: float = 0.0, seed: int = 0, langs: tuple[str, ...] | None = None) -> Clip:
    """The night read aloud as one clip (``night_parts`` joined)."""
    return concat(night_parts(narration, timing, speaker, sound=sound, tick=tick, random_delay=random_delay,
                              seed=seed, langs=langs))


def night_parts(narration: Narration, timing: Timing, speaker: Speaker, *, sound: str = "none", tick: bool = False,
                random_delay: float = 0.0, seed: int = 0, langs: tuple[str, ...] | None = None,
                said: Callable[[], None] | None = None) -> Iterator[Clip]:
    """The narration read aloud, piece by piece, for every ruleset (the one export): night after night
    (a night starts at a ``start`` cue: One Night's one, classic's many), its lines and waits with (with
    ``sound``) the background under the dark part, then its dawn and day read without it. The wait of
    the last line (the day's) is left out: the sound ends on the call that opens the last day; an
    earlier day's wait is silence. ``random_delay`` adds 0..S seconds to each action time, drawn from
    ``seed`` (night n: ``seed + n - 1``) as the narrator draws them. ``said`` is called after each
    line (progress)."""
    langs = langs if langs is not None else spoken_langs(narration)  # given by a night not from roles.toml
    nights = narration.by_night
    spoken = 0
    for number, cues in enumerate(nights):
        lines = tuple(line for cue in cues for line in cue.lines)
        last = number == len(nights) - 1
        yield from _one_night_parts(lines, langs[spoken:spoken + len(lines)], timing, speaker, sound=sound,
                                    tick=tick, random_delay=random_delay, seed=seed + number, said=said,
                                    last=last)
        spoken += len(lines)


#: The steps read in the light, after a night's dark part: dawn, and a classic night's day.
LIGHT = ("dawn", "day")


def _one_night_parts(lines: Sequence[Line], langs: Sequence[str], timing: Timing, speaker: Speaker, *, sound: str,
                     tick: bool, random_delay: float, seed: int, said: Callable[[], None] | None,
                     last: bool) -> Iterator[Clip]:
    rng = stream(seed, "narrator.delay")
    under = _Under(sound, seed) if sound != "none" else None
    light: list[Clip] = []
    for index, (line, lang) in enumerate(zip(lines, langs, strict=True)):
        spoken = speaker.synthesize(line.text, lang).resampled(RATE)
        if said is not None:
            said()
        pieces = [spoken]
        end = last and (line.pause == "day" or index == len(lines) - 1)
        if not end and line.pause != "none":
            seconds = timing.seconds(line.pause)
            if line.pause == "action" and random_delay:
                seconds += rng.uniform(0, random_delay)
            pieces.append(action_wait(seconds, tick) if line.pause == "action" else silence(seconds))
        if line.step in LIGHT:
            light.extend(pieces)  # after the night, without the background
        else:
            for piece in pieces:
                yield under.mix(piece) if under is not None else piece
        if end:
            break
    yield from light


def night_length(narration: Narration, timing: Timing, speaker: Speaker, *, tick: bool = False,
                 random_delay: float = 0.0, seed: int = 0, langs: tuple[str, ...] | None = None) -> float:
    """Seconds the night lasts when it is read aloud: every line as the voice speaks it, every wait, up to
    "Everyone, wake up!" — the length of the file ``--export`` writes for the same options (a background
    sound runs under the night and adds nothing). ``narrate --print`` states this total, so the two never
    disagree: it is ``night_parts``' own length, summed piece by piece (never the whole night in memory).
    Raises SpeechError when nothing can speak the lines."""
    return sum(part.seconds for part in night_parts(narration, timing, speaker, tick=tick,
                                                    random_delay=random_delay, seed=seed, langs=langs))


class _Under:
    """The background ``sound`` looping under the night, mixed in piece by piece: the same samples as
    mixing it under the whole night at once, without holding the night in memory."""

    def __init__(self, sound: str, seed: int) -> None:
        from ..ambience import GAIN, render
        from .clip import from_wav

        self.mixer = Mixer(RATE)
        self.mixer.play("ambience", from_wav(render(sound, seed=seed)), loop=True, gain=GAIN)

    def mix(self, piece: Clip) -> Clip:
        self.mixer.play("voice", piece)
        chunks, left = [], piece.frames
        while left > 0:
            n = min(left, RATE * 5)
            chunks.append(self.mixer.read(n))
            left -= n
        return Clip(b"".join(chunks), RATE)


class WavWriter:
    """A 16-bit mono WAV file written piece by piece into ``<path>.part`` and renamed to ``path`` when
    complete (``finish``); the sizes in its header are filled in at the end. A failure removes the part
    file (``abort``), never leaving half a file under the real name."""

    def __init__(self, path: str | Path, rate: int = RATE) -> None:
        self.path = Path(path)
        self.rate = rate
        self.frames = 0
        self.part = self.path.with_name(self.path.name + ".part")
        self._file = open(self.part, "wb")  # noqa: SIM115 — closed by finish or abort
        self._file.write(self._header(0))

    def _header(self, frames: int) -> bytes:
        size = 2 * frames
        return (b"RIFF" + struct.pack("<I", 36 + size) + b"WAVEfmt " +
                struct.pack("<IHHIIHH", 16, 1, 1, self.rate, 2 * self.rate, 2, 16) + b"data" + struct.pack("<I", size))

    @property
    def seconds(self) -> float:
        return self.frames / self.rate

    def write(self, clip: Clip) -> None:
        pcm = clip.resampled(self.rate).pcm
        self._file.write(pcm)
        self.frames += len(pcm) // 2

    def finish(self) -> float:
        """Fill in the header, close and rename; the seconds of sound written."""
        self._file.seek(0)
        self._file.write(self._header(self.frames))
        self._file.close()
        self.part.replace(self.path)
        return self.seconds

    def abort(self) -> None:
        try:
            self._file.close()
        except OSError:
            pass
        try:
            self.part.unlink()
        except OSError:
            pass


def stream_wav(path: str | Path, parts: Iterator[Clip]) -> float:
    """Write ``parts`` one after the other to ``path`` as a WAV file (``WavWriter``); the seconds of
    sound. Raises OSError, and whatever making a part raises, leaving no file behind."""
    writer = WavWriter(path)
    try:
        for part in parts:
            writer.write(part)
        return writer.finish()
    except BaseException:
        writer.abort()
        raise


def export_night(path: str | Path, narration: Narration, timing: Timing, speaker: Speaker, *,
                 sound: str = "none", tick: bool = False, random_delay: float = 0.0, seed: int = 0,
                 langs: tuple[str, ...] | None = None, said: Callable[[], None] | None = None) -> float:
    """Stream ``night_parts`` to ``path`` as a WAV file; the seconds written. Raises OSError."""
    return stream_wav(path, night_parts(narration, timing, speaker, sound=sound, tick=tick,
                                        random_delay=random_delay, seed=seed, langs=langs, said=said))


def write_wav(path: str | Path, clip: Clip) -> Clip:
    """Write ``clip`` to ``path`` as a WAV file, atomically (a ``.part`` file renamed), and return it.
    Raises OSError."""
    path = Path(path)
    tmp = path.with_name(path.name + ".part")
    tmp.write_bytes(clip.to_wav())
    tmp.replace(path)
    return clip
