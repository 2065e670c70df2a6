"""Background sound for the narrated night: a soft bed of sound that hides small noises at the table.

The sound is generated here, offline and from a fixed seed, as a short WAV file that loops (no sample
files, no network, no terminal bell). It is played by whatever player the machine has (paplay, aplay,
pw-play or sox's play on Linux, afplay on macOS, the Windows SoundPlayer through PowerShell); without
one, or when the player fails (no sound card), the narrator says so once and the night goes on in
silence."""

from __future__ import annotations

import io
import math
import os
import platform
import random
import shutil
import subprocess
import tempfile
import wave
from array import array
from pathlib import Path
from typing import Callable

from .child_process import ps_quote, quiet_flags, terminate
from .speech import Which

#: The background sounds on offer; ``none`` is silence.
SOUNDS = ("none", "wind", "crickets")
RATE = 16000


def render(kind: str, seconds: float = 20.0, rate: int = RATE, seed: int = 0) -> bytes:
    """A mono 16-bit WAV of ``seconds`` of ``kind`` that fades in and out so that it loops softly."""
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


def find_player(which: Which = shutil.which, system: str | None = None) -> tuple[str, list[str]] | None:
    """(name, argv before the file) of a WAV player on this machine, or None."""
    system = system or platform.system()
    if system == "Darwin":
        order = [("afplay", [])]
    elif system == "Windows":
        order = [("powershell", [])]
    else:
        order = [("paplay", []), ("pw-play", []), ("aplay", ["-q"]), ("play", ["-q"])]
    for name, args in order:
        path = which(name)
        if path:
            return name, [path, *args]
    return None


class Ambience:
    """Loops one background sound in a child process. ``keep_playing`` (called on the screen's tick)
    restarts the loop when a pass ends and notices a player that failed."""

    def __init__(self, kind: str, player: tuple[str, list[str]] | None, *,
                 popen: Callable[..., subprocess.Popen] = subprocess.Popen,
                 cache_dir: str | Path | None = None) -> None:
        if kind not in SOUNDS:
            raise ValueError(f"unknown background sound {kind!r} ({', '.join(SOUNDS)})")
        self.kind = kind
        self.player = player
        self._popen = popen
        self._cache = Path(cache_dir) if cache_dir else Path(tempfile.gettempdir()) / "onenight-sounds"
        self._process: subprocess.Popen | None = None
        self._file: Path | None = None
        self._playing = False
        self._failure: str | None = None
        self._told = False

    @classmethod
    def auto(cls, kind: str, *, which: Which = shutil.which, system: str | None = None,
             popen: Callable[..., subprocess.Popen] = subprocess.Popen) -> "Ambience":
        return cls(kind, find_player(which, system) if kind != "none" else None, popen=popen)

    @property
    def name(self) -> str:
        return self.player[0] if self.player else "none"

    @property
    def available(self) -> bool:
        return self.kind != "none" and self.player is not None and self._failure is None

    @property
    def playing(self) -> bool:
        return self._playing

    def take_notice(self) -> str | None:
        """Why the chosen sound cannot play, once; None for silence or when it plays."""
        if self.kind == "none" or self._told:
            return None
        reason = self._failure
        if self.player is None:
            reason = "No sound player found (paplay, aplay, afplay): the night stays silent."
        if reason is not None:
            self._told = True
        return reason

    def prepare(self) -> Path | None:
        """Write the sound's WAV file (once; it is cached). Slow-ish: call it from a worker thread."""
        if self.kind == "none":
            return None
        if self._file is None:
            path = self._cache / f"{self.kind}-{RATE}.wav"
            try:
                if not path.is_file() or path.stat().st_size == 0:
                    self._cache.mkdir(parents=True, exist_ok=True)
                    tmp = path.with_suffix(f".{os.getpid()}.tmp")
                    tmp.write_bytes(render(self.kind))
                    os.replace(tmp, path)
            except OSError as exc:
                self._failure = f"Cannot write the background sound ({exc.strerror or exc}): silence."
                return None
            self._file = path
        return self._file

    def start(self) -> None:
        """Start looping (after ``prepare``)."""
        self._playing = True
        self._spawn()

    def keep_playing(self) -> None:
        """Restart the loop when the last pass ended; give up (with a notice) when the player failed."""
        if not self._playing or self._process is None:
            return
        code = self._process.poll()
        if code is None:
            return
        if code != 0:
            self._failure = (f"The background sound could not play ({self.name} exited with status "
                             f"{code}): silence.")
            self._playing = False
            self._process = None
            return
        self._spawn()

    def stop(self) -> None:
        self._playing = False
        process, self._process = self._process, None
        terminate(process)

    def _spawn(self) -> None:
        if not self.available or self._file is None:
            self._playing = False
            return
        assert self.player is not None
        name, argv = self.player
        if name == "powershell":
            argv = [*argv, "-NoProfile", "-NonInteractive", "-Command",
                    f"(New-Object Media.SoundPlayer {ps_quote(str(self._file))}).PlaySync()"]
        else:
            argv = [*argv, str(self._file)]
        try:
            self._process = self._popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, **quiet_flags())
        except OSError as exc:
            self._failure = f"Could not start {name} ({exc.strerror or exc}): the night stays silent."
            self._playing = False
            self._process = None
