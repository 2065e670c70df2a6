"""Optional better voices of the player's system: macOS ``say``, the Windows voices (System.Speech
through PowerShell), and a Piper voice model given with ``--voice-model``.

These are the only child processes left in the sound code: each renders one line into a temporary WAV
file, which is then read into a ``Clip`` and played in-process like the bundled voice. They are offered,
never required: when one is missing, has no voice for the language, or fails, the speaker falls back to
the bundled voice (``espeak.bundled``), which always works."""

from __future__ import annotations

import base64
import json
import os
import platform
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable

from onenight_core.languages import LANGUAGE_INFO

from ..child_process import ps_quote, quiet_flags
from ..settings import Notice
from .clip import Clip, from_wav
from .espeak import DEFAULT_RATE, EngineError

#: Locale prefixes the macOS and Windows voices report, per language.
LOCALES = {lang.id: lang.locales for lang in LANGUAGE_INFO}  # ``Language.locales``

Which = Callable[[str], "str | None"]
Run = Callable[..., "subprocess.CompletedProcess[str]"]


class _ChildVoice:
    """A voice that renders a line to a WAV file with a program (blocking, with a timeout)."""

    name = "none"
    timeout = 30.0

    def __init__(self, program: str, run: Run = subprocess.run) -> None:
        self.program = program
        self._run = run
        self._voices: dict[str, str | None] = {}

    def speaks(self, lang: str) -> bool:
        return self.voice(lang) is not None

    def voice(self, lang: str) -> str | None:
        """The system voice for ``lang`` ("" for the default voice), or None when there is none."""
        if lang not in self._voices:
            self._voices[lang] = self._find_voice(lang)
        return self._voices[lang]

    def _find_voice(self, lang: str) -> str | None:
        raise NotImplementedError

    def command(self, text: str, lang: str, rate: int, path: Path) -> tuple[list[str], str | None]:
        """(argv, text for stdin or None) that writes ``text`` spoken to ``path``."""
        raise NotImplementedError

    def synthesize(self, text: str, lang: str = "en", *, rate: int = DEFAULT_RATE) -> Clip:
        if not self.speaks(lang):
            raise EngineError(f"{self.name} has no voice for {lang!r}")
        fd, name = tempfile.mkstemp(prefix="onenight-voice-", suffix=".wav")
        os.close(fd)
        path = Path(name)
        try:
            argv, stdin = self.command(" ".join(text.split()), lang, rate, path)
            done = self._run(argv, input=stdin, capture_output=True, text=True, timeout=self.timeout,
                             **({} if stdin is not None else {"stdin": subprocess.DEVNULL}), **quiet_flags())
            if done.returncode != 0 or path.stat().st_size == 0:
                raise EngineError(f"{self.name} could not speak a line (status {done.returncode})")
            return from_wav(path.read_bytes())
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            raise EngineError(f"{self.name} could not speak a line ({exc})") from None
        finally:
            path.unlink(missing_ok=True)

    def _query(self, argv: list[str]) -> str | None:
        try:
            done = self._run(argv, capture_output=True, text=True, timeout=5, stdin=subprocess.DEVNULL,
                             **quiet_flags())
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout or "" if done.returncode == 0 else None


class MacSay(_ChildVoice):
    """macOS ``say``: ``-v`` a voice found in ``say -v ?``, ``-r`` words per minute, ``-o`` a WAV file."""

    name = "macOS say"

    def command(self, text: str, lang: str, rate: int, path: Path) -> tuple[list[str], str | None]:
        voice = self.voice(lang)
        return ([self.program, *(["-v", voice] if voice else []), "-r", str(rate), "-o", str(path),
                 "--file-format=WAVE", "--data-format=LEI16@22050", "--", text], None)

    def _find_voice(self, lang: str) -> str | None:
        out = self._query([self.program, "-v", "?"])
        if out is None:
            return "" if lang == "en" else None
        for prefix in LOCALES.get(lang, (lang,)):  # "Yuna   ko_KR    # 안녕하세요. …"
            for line in out.splitlines():
                head = line.split("#", 1)[0].split()
                if len(head) >= 2 and head[-1].startswith(prefix):
                    return " ".join(head[:-1])
        return None


class WindowsVoice(_ChildVoice):
    """A Windows voice through PowerShell's System.Speech (installed with every Windows)."""

    name = "Windows voice"

    def command(self, text: str, lang: str, rate: int, path: Path) -> tuple[list[str], str | None]:
        lines = ["Add-Type -AssemblyName System.Speech",
                 "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer"]
        voice = self.voice(lang)
        if voice:
            lines.append(f"$s.SelectVoice({ps_quote(voice)})")
        lines += [f"$s.Rate = {max(-10, min(10, round((rate - DEFAULT_RATE) / 20)))}",
                  f"$s.SetOutputToWaveFile({ps_quote(str(path))})",
                  f"$s.Speak({ps_quote(text)})", "$s.Dispose()"]
        return self._powershell("; ".join(lines)), None

    def _powershell(self, script: str) -> list[str]:
        encoded = base64.b64encode(script.encode("utf-16-le")).decode("ascii")
        return [self.program, "-NoProfile", "-NonInteractive", "-EncodedCommand", encoded]

    def _find_voice(self, lang: str) -> str | None:
        out = self._query(self._powershell(
            "Add-Type -AssemblyName System.Speech; "
            "(New-Object System.Speech.Synthesis.SpeechSynthesizer).GetInstalledVoices() | "
            "ForEach-Object { $_.VoiceInfo.Culture.Name + '|' + $_.VoiceInfo.Name }"))
        if out is None:
            return "" if lang == "en" else None
        for prefix in LOCALES.get(lang, (lang,)):
            for line in out.splitlines():
                culture, _, name = line.strip().partition("|")
                if name and culture.replace("-", "_").startswith(prefix):
                    return name
        return None


class PiperVoice(_ChildVoice):
    """A Piper voice model (``.onnx``, with its ``.onnx.json``) run by the ``piper`` program
    (``pip install piper-tts``). The model speaks one language, read from its JSON when present."""

    name = "Piper"

    def __init__(self, program: str, model: Path, run: Run = subprocess.run) -> None:
        super().__init__(program, run)
        self.model = Path(model)
        self.name = f"Piper ({self.model.stem})"

    def _find_voice(self, lang: str) -> str | None:
        code = _model_language(self.model)
        return "" if code is None or code.split("_")[0].lower() in {lang, "cmn" if lang == "zh" else lang} \
            else None

    def command(self, text: str, lang: str, rate: int, path: Path) -> tuple[list[str], str | None]:
        scale = max(0.3, min(3.0, DEFAULT_RATE / max(1, rate)))
        return ([self.program, "--model", str(self.model), "--output_file", str(path),
                 "--length_scale", f"{scale:.2f}"], text)


def _model_language(model: Path) -> str | None:
    """The language code a Piper model's JSON names (``en_US``), or None when it cannot be read."""
    try:
        data = json.loads(Path(str(model) + ".json").read_text(encoding="utf-8"))
        return str(data["language"]["code"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


class VoiceModelError(ValueError):
    """A ``--voice-model`` that cannot be used (one line for the command line)."""


def piper_voice(model: str | Path, which: Which = shutil.which, run: Run = subprocess.run) -> PiperVoice:
    """The Piper voice for ``model``. Raises VoiceModelError when the file or ``piper`` is missing."""
    model = Path(model)
    if not model.is_file():
        raise VoiceModelError(Notice(f"no voice model at {model}", "speech_no_voice_model", path=str(model)))
    program = which("piper")
    if program is None:
        raise VoiceModelError(Notice("--voice-model needs the piper program (pip install piper-tts)",
                                     "speech_needs_piper"))
    return PiperVoice(program, model, run)


def system_voice(which: Which = shutil.which, system: str | None = None,
                 run: Run = subprocess.run) -> _ChildVoice | None:
    """The platform's own voice (macOS ``say``, Windows System.Speech), or None elsewhere."""
    system = system or platform.system()
    if system == "Darwin" and (path := which("say")):
        return MacSay(path, run)
    if system == "Windows" and (path := which("powershell")):
        return WindowsVoice(path, run)
    return None
