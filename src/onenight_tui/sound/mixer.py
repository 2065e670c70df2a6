"""Several clips at once — the voice, the background sound, a cue — mixed into one stream.

The audio device pulls frames from ``Mixer.read`` on its own thread; the UI calls ``play``, ``stop``,
``pause`` and ``resume``, which take effect at the next block the device asks for (a few milliseconds),
so pause and stop are immediate. Each channel plays one clip (a new clip replaces the old one); a
looping clip starts over at its end. Kept free of any device so it can be tested on its own."""

from __future__ import annotations

import threading
from array import array

from .clip import RATE, Clip


class _Playing:
    __slots__ = ("samples", "pos", "loop", "gain")

    def __init__(self, clip: Clip, loop: bool, gain: float) -> None:
        self.samples = clip.samples()
        self.pos = 0
        self.loop = loop
        self.gain = gain

    def take(self, frames: int) -> array[int]:
        """The next ``frames`` samples (fewer when a one-shot clip ends)."""
        s = self.samples
        if not self.loop or not s:
            part = s[self.pos:self.pos + frames]
            self.pos += len(part)
            return part
        out = array("h")
        while len(out) < frames:
            part = s[self.pos:self.pos + frames - len(out)]
            out.extend(part)
            self.pos = (self.pos + len(part)) % len(s)
        return out

    @property
    def done(self) -> bool:
        return not self.loop and self.pos >= len(self.samples)


class Mixer:
    """Channels by name, a master ``volume`` (0..1), and a pause that holds every channel in place."""

    def __init__(self, rate: int = RATE) -> None:
        self.rate = rate
        self.volume = 1.0
        self.paused = False
        self._channels: dict[str, _Playing] = {}
        self._lock = threading.Lock()

    def play(self, channel: str, clip: Clip, *, loop: bool = False, gain: float = 1.0) -> None:
        playing = _Playing(clip.resampled(self.rate), loop, gain)
        with self._lock:
            self._channels[channel] = playing

    def stop(self, channel: str | None = None) -> None:
        """Silence ``channel`` (every channel when None) at once."""
        with self._lock:
            if channel is None:
                self._channels.clear()
            else:
                self._channels.pop(channel, None)

    def busy(self, channel: str) -> bool:
        """True while ``channel`` still has sound to play (a paused channel counts)."""
        with self._lock:
            playing = self._channels.get(channel)
            return playing is not None and not playing.done

    def read(self, frames: int) -> bytes:
        """The next ``frames`` frames of the mix, always exactly that many (silence when idle or paused)."""
        with self._lock:
            if self.paused or not self._channels:
                return bytes(2 * frames)
            mixed: list[int] | None = None
            for name, playing in list(self._channels.items()):
                part = playing.take(frames)
                if playing.done:
                    del self._channels[name]
                gain = playing.gain * self.volume
                if mixed is None:
                    mixed = [int(v * gain) for v in part] if gain != 1 else list(part)
                    mixed.extend([0] * (frames - len(mixed)))  # a clip that ends within the block
                else:
                    for i, v in enumerate(part):
                        mixed[i] += int(v * gain)
        assert mixed is not None
        out = array("h", (32767 if v > 32767 else -32767 if v < -32767 else v for v in mixed))
        return out.tobytes()
