"""Where the night's sound goes: the audio device, behind one small interface.

``AudioOutput`` is what the voice, the background sound and the cues play through: ``play(channel,
clip)``, ``stop``, ``pause``/``resume`` (immediate: the device pulls each block from the mixer), ``busy``
and a master ``volume``. ``DeviceOutput`` is the real one — miniaudio, in-process, on the machine's
default device — and ``RecordingOutput`` the one the tests use, which remembers what was played, in
order. ``open_device`` raises ``NoAudioDevice`` with one line for the screen when the machine has no
device (a server, a muted container): the night then runs as text with its timers.

miniaudio's thread lives and dies with this process, so nothing is left playing after the app exits or
crashes; ``close`` (also run at exit) stops the device cleanly."""

from __future__ import annotations

import atexit
import ctypes
import platform
import threading
from collections.abc import Generator
from types import ModuleType
from typing import TYPE_CHECKING

from attrs import field, frozen

from .clip import RATE, Clip
from .mixer import Mixer

if TYPE_CHECKING:
    import miniaudio

#: The channels of the night: one voice, one background bed, one cue at a time.
CHANNELS = ("voice", "ambience", "cue")
NO_DEVICE = "No audio device found: the night is shown as text only, with its timers."


class NoAudioDevice(ValueError):
    """The machine has no audio device that can be opened (the message is one line for the screen)."""


@frozen
class Played:
    """One clip handed to the output: on which channel, what it is (``label``), and how long it lasts."""

    channel: str
    label: str
    seconds: float
    loop: bool = False
    clip: Clip | None = field(default=None, repr=False, eq=False)


class AudioOutput:
    """The interface every output follows; it also keeps the log of what was played (``played``)."""

    name = "none"

    def __init__(self, rate: int = RATE) -> None:
        self.mixer = Mixer(rate)
        self.played: list[Played] = []

    @property
    def volume(self) -> float:
        return self.mixer.volume

    @volume.setter
    def volume(self, value: float) -> None:
        self.mixer.volume = max(0.0, min(1.0, float(value)))

    @property
    def paused(self) -> bool:
        return self.mixer.paused

    def play(self, channel: str, clip: Clip, *, label: str = "", loop: bool = False,
             gain: float = 1.0) -> None:
        if channel not in CHANNELS:
            raise ValueError(f"unknown channel {channel!r} ({', '.join(CHANNELS)})")
        self.played.append(Played(channel, label, round(clip.seconds, 3), loop, clip))
        self.mixer.play(channel, clip, loop=loop, gain=gain)

    def stop(self, channel: str | None = None) -> None:
        self.mixer.stop(channel)

    def pause(self) -> None:
        self.mixer.paused = True

    def resume(self) -> None:
        self.mixer.paused = False

    def busy(self, channel: str) -> bool:
        return self.mixer.busy(channel)

    def close(self) -> None:
        self.mixer.stop()


class RecordingOutput(AudioOutput):
    """An output with no device, for tests: it records each clip handed to it.

    By default a one-shot clip is over as soon as it is played (the tests need not wait for it); with
    ``instant=False`` clips last until ``advance(seconds)`` pulls that much sound through the mixer."""

    name = "recorder"

    def __init__(self, rate: int = RATE, *, instant: bool = True) -> None:
        super().__init__(rate)
        self.instant = instant

    def play(self, channel: str, clip: Clip, *, label: str = "", loop: bool = False, gain: float = 1.0) -> None:
        super().play(channel, clip, label=label, loop=loop, gain=gain)
        if self.instant and not loop:
            self.mixer.stop(channel)  # heard at once

    def advance(self, seconds: float) -> bytes:
        """Pull ``seconds`` of the mix, as the device would."""
        return self.mixer.read(int(round(seconds * self.mixer.rate)))

    @property
    def labels(self) -> list[tuple[str, str]]:
        """(channel, label) of every clip played, in order."""
        return [(p.channel, p.label) for p in self.played]


class DeviceOutput(AudioOutput):
    """The machine's default audio device through miniaudio (its own thread pulls the mixer)."""

    def __init__(self, rate: int = RATE, *, backends: list[miniaudio.Backend] | None = None) -> None:
        """``backends`` (miniaudio ``Backend`` values) replaces this platform's list: the tests use
        miniaudio's silent "null" device to drive the real playback thread without a sound card."""
        super().__init__(rate)
        self._device = None
        self._backends = backends

    def open(self) -> None:
        """Open and start the device. Raises NoAudioDevice."""
        _quiet_alsa()
        try:
            import miniaudio  # first use only (its import takes ~0.1 s)
        except ImportError:
            raise NoAudioDevice("The sound library (miniaudio) is not installed: the night is shown as "
                                "text only, with its timers.") from None
        try:
            device = miniaudio.PlaybackDevice(
                output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1, sample_rate=self.mixer.rate,
                buffersize_msec=40, backends=self._backends or _backends(miniaudio), app_name="onenight")
        except (miniaudio.MiniaudioError, OSError):
            raise NoAudioDevice(NO_DEVICE) from None
        stream = _pull(self.mixer)
        next(stream)
        try:
            device.start(stream)
        except miniaudio.MiniaudioError:
            device.close()
            raise NoAudioDevice(NO_DEVICE) from None
        self._device = device
        self.name = f"miniaudio/{device.backend}"

    def close(self) -> None:
        super().close()
        device, self._device = self._device, None
        if device is not None:
            device.close()


def _pull(mixer: Mixer) -> Generator[bytes, int, None]:
    """The generator miniaudio pulls: it is sent a number of frames and yields that many."""
    frames = yield b""
    while True:
        frames = yield mixer.read(frames)


def _backends(miniaudio: ModuleType) -> list[miniaudio.Backend]:
    """The real devices of this platform, never miniaudio's silent "null" device (nor JACK, which
    prints to the terminal when no server runs)."""
    b = miniaudio.Backend
    system = platform.system()
    if system == "Darwin":
        return [b.COREAUDIO]
    if system == "Windows":
        return [b.WASAPI, b.DSOUND, b.WINMM]
    if system == "Linux":
        return [b.PULSEAUDIO, b.ALSA]
    return [b.SNDIO, b.AUDIO4, b.OSS, b.PULSEAUDIO, b.ALSA]


_ALSA_HANDLER: object = None  # the C handler given to libasound (False: there is no libasound)


def _quiet_alsa() -> None:
    """Stop libasound from printing its complaints (no card, no config) onto the terminal the app draws
    on: it writes straight to file descriptor 2, which is the screen under Textual."""
    global _ALSA_HANDLER
    if _ALSA_HANDLER is not None or platform.system() != "Linux":
        return
    try:
        asound = ctypes.CDLL("libasound.so.2")  # (find_library would start ldconfig)
    except OSError:
        _ALSA_HANDLER = False
        return
    handler_type = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int,
                                    ctypes.c_char_p)
    _ALSA_HANDLER = handler_type(lambda *_: None)  # kept alive: libasound holds the pointer
    asound.snd_lib_error_set_handler(_ALSA_HANDLER)


_SHARED: AudioOutput | None = None
_SHARED_FAILURE: str | None = None
_SHARED_LOCK = threading.Lock()


def shared_output() -> AudioOutput:
    """The process's one audio device, opened on first use and closed at exit. Raises NoAudioDevice
    (every time, without trying again) when it cannot be opened."""
    global _SHARED, _SHARED_FAILURE
    with _SHARED_LOCK:
        if _SHARED is not None:
            return _SHARED
        if _SHARED_FAILURE is not None:
            raise NoAudioDevice(_SHARED_FAILURE)
        device = DeviceOutput()
        try:
            device.open()
        except NoAudioDevice as exc:
            _SHARED_FAILURE = str(exc)
            raise
        atexit.register(device.close)
        _SHARED = device
        return device
