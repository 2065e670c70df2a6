"""Background sound for the narrated night: a soft bed of sound that hides small noises at the table.

The sound is generated here, offline and from a fixed seed (no sample files, no network, no terminal
bell), and loops in-process through the night's audio output (``sound.output``) on its own channel,
under the voice. Without an audio device the narrator says so once and the night goes on in silence."""

from __future__ import annotations

import io
import math
import random
import threading
import wave
from array import array
from functools import lru_cache
from typing import TYPE_CHECKING

from .sound.clip import RATE, Clip, from_wav

if TYPE_CHECKING:
    from .sound.output import AudioOutput

#: The background sounds on offer; ``none`` is silence.
SOUNDS = ("none", "wind", "crickets")
#: Loudness of the background under the voice.
GAIN = 0.6


@lru_cache(maxsize=4)
def render(kind: str, seconds: float = 20.0, rate: int = RATE, seed: int = 0) -> bytes:
    """A mono 16-bit WAV of ``seconds`` of ``kind`` that fades in and out so that it loops softly.
    (About a second of pure Python for the 20-second loop: kept once made.)"""
    if kind not in SOUNDS or kind == "none":
        raise ValueError(f"unknown background sound {kind!r} ({', '.join(SOUNDS[1:])})")
    n = max(1, int(seconds * rate))
    rnd = random.Random(f"onenight/ambience/{kind}/{seed}")
    samples = _wind(n, rate, rnd) if kind == "wind" else _crickets(n, rate, rnd)
    fade = min(n // 4, rate)  # one second (at most a quarter of the loop) in and out
    for i in range(fade):
        k = i / fade
        samples[i] *= k
        samples[n - 1 - i] *= k
    pcm = array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples))
    if pcm.itemsize != 2:  # pragma: no cover — every CPython platform has 16-bit shorts
        raise RuntimeError("16-bit samples are needed")
    if array("h", [1]).tobytes()[0] != 1:  # WAV is little-endian
        pcm.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())
    return out.getvalue()


def _wind(n: int, rate: int, rnd: random.Random) -> list[float]:
    """Brown noise (integrated white noise) swelling slowly, like wind outside."""
    out = [0.0] * n
    level = 0.0
    gauss = rnd.gauss
    swell = 2 * math.pi / (rate * 7.0)
    for i in range(n):
        level = level * 0.998 + gauss(0.0, 0.02)
        out[i] = level * (0.6 + 0.4 * math.sin(i * swell)) * 0.2
    return out


def _crickets(n: int, rate: int, rnd: random.Random) -> list[float]:
    """Faint wind with cricket chirps: bursts of three 4.5 kHz pulses, irregularly spaced."""
    out = [s * 0.5 for s in _wind(n, rate, rnd)]
    pulse = int(0.018 * rate)
    step = 2 * math.pi * 4500 / rate
    at = int(rnd.uniform(0.2, 0.6) * rate)
    while at < n:
        for p in range(3):
            start = at + p * int(0.035 * rate)
            for j in range(pulse):
                if start + j < n:
                    envelope = math.sin(math.pi * j / pulse)
                    out[start + j] += 0.05 * envelope * math.sin(j * step)
        at += int(rnd.uniform(0.5, 1.4) * rate)
    return out




class Ambience:
    """Loops one background sound on the output's ``ambience`` channel. ``prepare`` renders it (slow-ish:
    call it from a worker thread), ``start``/``stop`` play and silence it at once."""

    def __init__(self, kind: str, output: AudioOutput | None = None) -> None:
        if kind not in SOUNDS:
            raise ValueError(f"unknown background sound {kind!r} ({', '.join(SOUNDS)})")
        self.kind = kind
        self._output = output
        self._clip: Clip | None = None
        self._playing = False
        self._failure: str | None = None
        self._told = False
        self._lock = threading.Lock()

    @classmethod
    def auto(cls, kind: str, output: AudioOutput | None = None) -> "Ambience":
        return cls(kind, output)

    @property
    def name(self) -> str:
        return self._output.name if self._output is not None else "none"

    @property
    def available(self) -> bool:
        return self.kind != "none" and self._failure is None

    @property
    def playing(self) -> bool:
        return self._playing

    def take_notice(self) -> str | None:
        """Why the chosen sound cannot play, once; None for silence or when it plays."""
        if self.kind == "none" or self._told or self._failure is None:
            return None
        self._told = True
        return self._failure

    def output(self) -> AudioOutput | None:
        with self._lock:
            if self._output is None and self._failure is None:
                from .sound.output import NoAudioDevice, shared_output

                try:
                    self._output = shared_output()
                except NoAudioDevice as exc:
                    self._failure = str(exc)  # the speaker's notice too: shown once
            return self._output

    def prepare(self) -> Clip | None:
        """Render the sound (once) and open the device. Call it from a worker thread."""
        if self.kind == "none":
            return None
        if self._clip is None:
            self._clip = from_wav(render(self.kind))
        return self._clip if self.output() is not None else None

    def start(self) -> None:
        """Start looping (after ``prepare``)."""
        output = self.output()
        if self.kind == "none" or output is None or self._clip is None:
            return
        self._playing = True
        output.play("ambience", self._clip, label=self.kind, loop=True, gain=GAIN)

    def keep_playing(self) -> None:
        """Nothing to do: the loop runs in the mixer (kept so callers need not know)."""

    def stop(self) -> None:
        self._playing = False
        if self._output is not None:
            self._output.stop("ambience")
