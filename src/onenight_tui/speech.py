"""The machine's voice: the night's lines spoken aloud by an offline text-to-speech engine.

A back-end is chosen automatically from what the machine has: espeak-ng (or the older espeak) on Linux,
``say`` on macOS, the Windows voice through PowerShell's System.Speech. Speaking runs in a child process,
so ``say`` returns at once and the UI never waits for the voice. Nothing here touches the network. When no
voice is available the speaker says so once (``take_notice``) and every call is a harmless no-op, so the
narrator and the game simply continue with text.

Used by ``onenight narrate`` and by the hot-seat night to call each step."""

from __future__ import annotations

import base64
import platform
import shutil
import subprocess
from pathlib import Path
from typing import Callable, Sequence

from .child_process import ps_quote, quiet_flags, terminate

#: espeak voice per language (espeak-ng names its Mandarin voice ``cmn``).
ESPEAK_VOICES = {"en": "en-us", "ko": "ko", "zh": "cmn", "fr": "fr"}
#: Locale prefixes that the macOS and Windows voices report, per language.
LOCALES = {"en": ("en_US", "en_GB", "en"), "ko": ("ko",), "zh": ("zh",), "fr": ("fr",)}
LANG_NAMES = {"en": "English", "ko": "Korean", "zh": "Chinese", "fr": "French"}

Which = Callable[[str], "str | None"]
Run = Callable[..., subprocess.CompletedProcess]


class SpeechError(ValueError):
    """Speech that cannot be produced: no back-end, no voice for the language, or the engine failed."""


def _safe(text: str) -> str:
    """One line of text that no engine reads as an option."""
    text = " ".join(text.split())
    return " " + text if text.startswith("-") else text


class Backend:
    """One text-to-speech program: how to speak a line and how to write it to a WAV file."""

    name = "none"

    def __init__(self, program: str, run: Run = subprocess.run) -> None:
        self.program = program
        self._run = run
        self._voices: dict[str, str | None] = {}

    def speak_command(self, text: str, lang: str) -> list[str]:
        raise NotImplementedError

    def wav_command(self, text: str, lang: str, path: Path) -> list[str]:
        raise NotImplementedError

    def voice(self, lang: str) -> str | None:
        """The voice for ``lang`` ("" for the engine's default), or None when the machine has none."""
        if lang not in self._voices:
            self._voices[lang] = self._find_voice(lang)
        return self._voices[lang]

    def _find_voice(self, lang: str) -> str | None:
        raise NotImplementedError

    def _query(self, argv: Sequence[str]) -> str | None:
        """The output of a quick voice query, or None if it could not run (then the voice is assumed)."""
        try:
            done = self._run(list(argv), capture_output=True, text=True, timeout=5,
                             stdin=subprocess.DEVNULL, **quiet_flags())
        except (OSError, subprocess.SubprocessError):
            return None
        if done.returncode != 0:
            return None
        return done.stdout or ""


class Espeak(Backend):
    """espeak-ng (or espeak): ``-v`` picks the voice, ``-w`` writes a WAV file instead of playing."""

    def __init__(self, program: str, name: str, run: Run = subprocess.run) -> None:
        super().__init__(program, run)
        self.name = name

    def speak_command(self, text: str, lang: str) -> list[str]:
        return [self.program, "-v", self._voice_or_default(lang), "-s", "150", "--", _safe(text)]

    def wav_command(self, text: str, lang: str, path: Path) -> list[str]:
        return [self.program, "-v", self._voice_or_default(lang), "-s", "150", "-w", str(path), "--",
                _safe(text)]

    def _voice_or_default(self, lang: str) -> str:
        return self.voice(lang) or ESPEAK_VOICES["en"]

    def _find_voice(self, lang: str) -> str | None:
        voice = ESPEAK_VOICES.get(lang)
        if voice is None:
            return None
        out = self._query([self.program, f"--voices={lang}"])
        if out is None:
            return voice
        # The first line is the table's header; any further line is a voice for the language.
        return voice if len([l for l in out.splitlines() if l.strip()]) > 1 else None


class MacSay(Backend):
    """macOS ``say``: ``-v`` picks a voice found in ``say -v ?``, ``-o`` writes a WAV file."""

    name = "say"

    def speak_command(self, text: str, lang: str) -> list[str]:
        return [self.program, *self._voice_args(lang), _safe(text)]

    def wav_command(self, text: str, lang: str, path: Path) -> list[str]:
        return [self.program, *self._voice_args(lang), "-o", str(path), "--file-format=WAVE",
                "--data-format=LEI16@22050", _safe(text)]

    def _voice_args(self, lang: str) -> list[str]:
        voice = self.voice(lang)
        return ["-v", voice] if voice else []

    def _find_voice(self, lang: str) -> str | None:
        out = self._query([self.program, "-v", "?"])
        if out is None:
            return "" if lang == "en" else None
        # Lines look like "Yuna                ko_KR    # 안녕하세요. 제 이름은 유나입니다."
        for prefix in LOCALES.get(lang, (lang,)):
            for line in out.splitlines():
                head = line.split("#", 1)[0].split()
                if len(head) >= 2 and head[-1].startswith(prefix):
                    return " ".join(head[:-1])
        return None


class WindowsVoice(Backend):
    """The Windows voice through PowerShell's System.Speech (installed with every Windows)."""

    name = "windows"

    def speak_command(self, text: str, lang: str) -> list[str]:
        return self._powershell(self._script(text, lang))

    def wav_command(self, text: str, lang: str, path: Path) -> list[str]:
        return self._powershell(self._script(text, lang, path))

    def _script(self, text: str, lang: str, path: Path | None = None) -> str:
        lines = ["Add-Type -AssemblyName System.Speech",
                 "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer"]
        voice = self.voice(lang)
        if voice:
            lines.append(f"$s.SelectVoice({ps_quote(voice)})")
        if path is not None:
            lines.append(f"$s.SetOutputToWaveFile({ps_quote(str(path))})")
        lines += [f"$s.Speak({ps_quote(_safe(text))})", "$s.Dispose()"]
        return "; ".join(lines)

    def _powershell(self, script: str) -> list[str]:
        encoded = base64.b64encode(script.encode("utf-16-le")).decode("ascii")
        return [self.program, "-NoProfile", "-NonInteractive", "-EncodedCommand", encoded]

    def _find_voice(self, lang: str) -> str | None:
        script = ("Add-Type -AssemblyName System.Speech; "
                  "(New-Object System.Speech.Synthesis.SpeechSynthesizer).GetInstalledVoices() | "
                  "ForEach-Object { $_.VoiceInfo.Culture.Name + '|' + $_.VoiceInfo.Name }")
        out = self._query(self._powershell(script))
        if out is None:
            return "" if lang == "en" else None
        for prefix in LOCALES.get(lang, (lang,)):
            for line in out.splitlines():
                culture, _, name = line.strip().partition("|")
                if name and culture.replace("-", "_").startswith(prefix):
                    return name
        return None


def find_backend(which: Which = shutil.which, system: str | None = None,
                 run: Run = subprocess.run) -> Backend | None:
    """The first text-to-speech program the machine has, in this platform's order of preference."""
    system = system or platform.system()
    espeaks = [("espeak-ng", lambda p: Espeak(p, "espeak-ng", run)),
               ("espeak", lambda p: Espeak(p, "espeak", run))]
    if system == "Darwin":
        order = [("say", lambda p: MacSay(p, run)), *espeaks]
    elif system == "Windows":
        order = [("powershell", lambda p: WindowsVoice(p, run)), *espeaks]
    else:
        order = espeaks
    for program, make in order:
        path = which(program)
        if path:
            return make(path)
    return None


class Speaker:
    """Speaks one line at a time without blocking; a new line interrupts the one being spoken.

    ``Speaker.auto()`` picks the back-end. ``available`` is False when speech is switched off, when the
    machine has no engine or no voice for the language, or after the engine failed to start; ``say``
    then does nothing and ``take_notice`` returns the reason once."""

    def __init__(self, backend: Backend | None, *, enabled: bool = True, lang: str = "en",
                 popen: Callable[..., subprocess.Popen] = subprocess.Popen,
                 run: Run = subprocess.run) -> None:
        self.backend = backend
        self.enabled = enabled
        self.lang = lang
        self._popen = popen
        self._run = run
        self._process: subprocess.Popen | None = None
        self._stopping: list[subprocess.Popen] = []
        self._failure: str | None = None
        self._told: set[str] = set()

    @classmethod
    def auto(cls, enabled: bool = True, lang: str = "en", *, which: Which = shutil.which,
             system: str | None = None, popen: Callable[..., subprocess.Popen] = subprocess.Popen,
             run: Run = subprocess.run) -> "Speaker":
        """A speaker with the best back-end this machine has (or none)."""
        return cls(find_backend(which, system, run), enabled=enabled, lang=lang, popen=popen, run=run)

    @property
    def name(self) -> str:
        return self.backend.name if self.backend else "none"

    @property
    def available(self) -> bool:
        return self.enabled and self.unavailable_reason() is None

    def unavailable_reason(self) -> str | None:
        """Why this machine cannot speak ``lang`` (None when it can), whether or not speech is on."""
        if self.backend is None:
            return "No text-to-speech engine found (install espeak-ng); the night is shown as text only."
        if self._failure:
            return self._failure
        if self.backend.voice(self.lang) is None:
            language = LANG_NAMES.get(self.lang, self.lang)
            return f"{self.name} has no {language} voice; the night is shown as text only."
        return None

    def take_notice(self) -> str | None:
        """The reason speech is unavailable, the first time it is asked for each reason; else None."""
        if not self.enabled:
            return None
        reason = self.unavailable_reason()
        if reason is None or reason in self._told:
            return None
        self._told.add(reason)
        return reason

    @property
    def speaking(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def say(self, text: str) -> bool:
        """Start speaking ``text`` (stopping any line still being spoken). True if speech started."""
        self.stop()
        if not self.available or not text.strip():
            return False
        assert self.backend is not None
        try:
            self._process = self._popen(
                self.backend.speak_command(text, self.lang), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **quiet_flags())
        except OSError as exc:
            self._failure = (f"Could not start {self.name} ({exc.strerror or exc}); "
                             "the night is shown as text only.")
            self._process = None
            return False
        return True

    def stop(self) -> None:
        """Silence the current line at once; never waits for the process."""
        self._reap()
        process, self._process = self._process, None
        if terminate(process):
            self._stopping.append(process)

    def _reap(self) -> None:
        self._stopping = [p for p in self._stopping if p.poll() is None]

    def write_wav(self, text: str, path: str | Path, timeout: float = 30.0) -> Path:
        """Speak ``text`` into a WAV file instead of the speakers (blocking). Raises SpeechError."""
        reason = self.unavailable_reason()
        if reason is not None:
            raise SpeechError(reason)
        assert self.backend is not None
        path = Path(path)
        try:
            done = self._run(self.backend.wav_command(text, self.lang, path), stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=timeout, **quiet_flags())
        except (OSError, subprocess.SubprocessError) as exc:
            raise SpeechError(f"{self.name} could not write {path}: {exc}") from None
        if done.returncode != 0 or not path.is_file() or path.stat().st_size == 0:
            detail = (done.stderr or "").strip().splitlines()
            raise SpeechError(f"{self.name} could not write {path}" + (f": {detail[-1]}" if detail else ""))
        return path
