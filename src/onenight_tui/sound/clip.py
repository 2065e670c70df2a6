"""A piece of sound: mono, signed 16-bit little-endian samples at a known rate.

Every sound of the night (a spoken line, the background, a chime) is a ``Clip``, so the mixer, the
exporter and the tests deal with one shape. The operations are the few the night needs, in pure Python
(the standard library has no resampler and ``audioop`` is gone in 3.13)."""

from __future__ import annotations

import io
import math
import sys
import wave
from array import array
from collections.abc import Iterable

from attrs import field, frozen

#: The rate of the bundled voice, used for every sound of the night.
RATE = 22050


def _bytes(value: bytes | bytearray | memoryview | array[int]) -> bytes:
    return bytes(value)


@frozen
class Clip:
    """``pcm`` holds mono signed 16-bit little-endian samples at ``rate`` samples per second."""

    pcm: bytes = field(converter=_bytes, repr=lambda b: f"<{len(b)} bytes>")
    rate: int = RATE

    def __attrs_post_init__(self) -> None:
        if len(self.pcm) % 2:
            raise ValueError("16-bit sound needs an even number of bytes")
        if self.rate <= 0:
            raise ValueError(f"the sample rate must be positive, got {self.rate}")

    @property
    def frames(self) -> int:
        return len(self.pcm) // 2

    @property
    def seconds(self) -> float:
        return self.frames / self.rate

    def samples(self) -> array[int]:
        """The samples as an ``array('h')`` in this machine's byte order."""
        out = array("h", self.pcm)
        if sys.byteorder != "little":  # pragma: no cover — WAV and the device both use little-endian
            out.byteswap()
        return out

    @classmethod
    def from_samples(cls, samples: array[int] | Iterable[float], rate: int = RATE) -> "Clip":
        """A clip from numbers in -1..1 (floats) or an ``array('h')``, clipped to the 16-bit range."""
        if isinstance(samples, array) and samples.typecode == "h":
            pcm = array("h", samples)
        else:
            pcm = array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples))
        if sys.byteorder != "little":  # pragma: no cover
            pcm.byteswap()
        return cls(pcm.tobytes(), rate)

    def gained(self, gain: float) -> "Clip":
        """The clip ``gain`` times as loud (0 is silence, 1 unchanged)."""
        if gain == 1:
            return self
        if gain <= 0:
            return silence(self.seconds, self.rate)
        return Clip.from_samples(array("h", (max(-32767, min(32767, int(s * gain)))
                                             for s in self.samples())), self.rate)

    def resampled(self, rate: int) -> "Clip":
        """The clip at ``rate`` (linear interpolation: plenty for a voice and soft background sound)."""
        if rate == self.rate or not self.pcm:
            return Clip(self.pcm, rate)
        src = self.samples()
        n = max(1, int(round(len(src) * rate / self.rate)))
        step = self.rate / rate
        last = len(src) - 1
        out = array("h", bytes(2 * n))
        for i in range(n):
            x = i * step
            j = int(x)
            if j >= last:
                out[i] = src[last]
            else:
                f = x - j
                out[i] = int(src[j] + (src[j + 1] - src[j]) * f)
        return Clip.from_samples(out, rate)

    def sliced(self, seconds: float) -> "Clip":
        """The first ``seconds`` of the clip, looping it when it is shorter (for a background bed)."""
        want = max(0, int(round(seconds * self.rate))) * 2
        if not self.pcm:
            return silence(seconds, self.rate)
        reps = -(-want // len(self.pcm)) if want else 0
        return Clip((self.pcm * reps)[:want], self.rate)

    def peak(self) -> int:
        """The loudest sample's magnitude (0 for silence)."""
        s = self.samples()
        return max((abs(v) for v in s), default=0)

    def rms(self) -> float:
        s = self.samples()
        return math.sqrt(sum(v * v for v in s) / len(s)) if s else 0.0

    def to_wav(self) -> bytes:
        """The clip as a WAV file's bytes (the same clip always gives the same bytes)."""
        out = io.BytesIO()
        with wave.open(out, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(self.rate)
            w.writeframes(self.pcm)
        return out.getvalue()


class ClipError(ValueError):
    """A sound file that cannot be read as 8/16-bit PCM WAV."""


def from_wav(data: bytes, rate: int | None = RATE) -> Clip:
    """A clip from WAV bytes (8 or 16 bit, mono or stereo), at ``rate`` when given."""
    try:
        with wave.open(io.BytesIO(data), "rb") as w:
            channels, width, frame_rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
            raw = w.readframes(w.getnframes())
    except (wave.Error, EOFError) as exc:
        raise ClipError(f"not a PCM WAV file ({exc})") from None
    if width == 1:  # unsigned 8-bit
        samples = array("h", ((b - 128) << 8 for b in raw))
    elif width == 2:
        samples = array("h", raw)
        if sys.byteorder != "little":  # pragma: no cover
            samples.byteswap()
    else:
        raise ClipError(f"{8 * width}-bit WAV is not supported (8 or 16 bit)")
    if channels > 1:
        samples = array("h", (sum(samples[i:i + channels]) // channels
                              for i in range(0, len(samples) - channels + 1, channels)))
    clip = Clip.from_samples(samples, frame_rate)
    return clip.resampled(rate) if rate else clip


def silence(seconds: float, rate: int = RATE) -> Clip:
    return Clip(bytes(2 * max(0, int(round(seconds * rate)))), rate)


def concat(clips: Iterable[Clip], rate: int = RATE) -> Clip:
    """One clip after another, each brought to ``rate``."""
    return Clip(b"".join(c.resampled(rate).pcm for c in clips), rate)
