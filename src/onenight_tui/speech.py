"""The machine's voice: the night's lines spoken aloud, in-process, with the bundled espeak-ng.

``Speaker`` is the one voice of the project (the narrator and the hot-seat night). It synthesises a line
with the espeak-ng library bundled by the ``espeakng-loader`` wheel (en, ko, zh, fr; no program to
install) — or, when asked, with a better voice of the system (macOS ``say``, Windows voices, a Piper
model), falling back to the bundled one — and plays it through the process's audio output (miniaudio).
``say`` returns at once; a new line interrupts the one being spoken; ``pause``/``resume``/``stop`` are
immediate. Nothing touches the network.

When the sound cannot be heard (no audio device, speech switched off) ``say`` returns False and
``take_notice`` gives the reason once; the night then runs as text with its timers. Start-up pays
nothing: the engine and the device are loaded on first use (``prepare`` does both, for a worker thread)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from onenight_core.languages import FALLBACK, LANGUAGE_INFO, language

from .sound.clip import Clip, concat, silence
from .settings import Notice, reason_notice
from .sound.espeak import DEFAULT_RATE, MAX_RATE, MIN_RATE, EngineError, bundled

if TYPE_CHECKING:
    from .sound.output import AudioOutput


class SpeechEngine(Protocol):
    """A voice that renders a line (``sound.espeak.BundledEspeak``, ``sound.platform_voice``'s)."""

    name: str

    def speaks(self, lang: str) -> bool: ...

    def synthesize(self, text: str, lang: str = "en", *, rate: int = DEFAULT_RATE) -> Clip: ...


#: Each language's name in English (languages.py), for the English line of a missing voice.
LANG_NAMES = {lang.id: lang.english for lang in LANGUAGE_INFO}
#: The cues ``Speaker.cue`` knows.
CUE_NAMES = ("day_end", "tick", "chime")


def countdown(lang: str) -> str:
    """What the speaker says (after a gong) when the day's time is up (``speech_countdown``)."""
    from .text.catalog import load

    return load(lang).template("speech_countdown") or load(FALLBACK).template("speech_countdown") or ""


def spoken_lang(text: str, lang: str) -> str:
    """The language to speak ``text`` in: ``lang``, except English for a Korean or Chinese line written
    without a single Hangul or CJK character (an untranslated line that fell back to English)."""
    info = language(lang)
    if info is not None and not info.written_in(text):  # ``Language.letters`` (Hangul, CJK)
        return FALLBACK if any(c.isalpha() for c in text) else lang
    return lang


class SpeechError(ValueError):
    """Speech that cannot be produced: no voice for the language, or the engine failed."""


class Speaker:
    """Speaks one line at a time without blocking, through an ``AudioOutput``.

    ``voice`` is the engine (the bundled espeak-ng by default; a platform voice falls back to it);
    ``output`` the audio output (the process's device, opened on first use, when None). ``rate`` is in
    words per minute, ``volume`` from 0 to 1 (the whole night's sound)."""

    def __init__(self, voice: SpeechEngine | None = None, *, enabled: bool = True, lang: str = "en",
                 output: AudioOutput | None = None,
                 rate: int = DEFAULT_RATE, volume: float = 1.0) -> None:
        self.voice = voice if voice is not None else bundled()
        self.enabled = enabled
        self.lang = lang
        self.rate = rate
        self._volume = max(0.0, min(1.0, volume))
        self._output = output
        #: The output handed over (e.g. a test's recorder), for the background sound to share; None
        #: when the process's device is used.
        self.fixed_output = output
        self._output_failure: str | None = None
        self._voice_failure: str | None = None
        self._told: set[str] = set()
        self._lock = threading.Lock()
        self.volume = volume  # onto the handed-over output too
        # A platform voice renders in a worker thread; a newer line or ``stop`` makes its result stale.
        self._generation = 0
        self._pending = False
        self._line_lock = threading.Lock()
        self._worker: threading.Thread | None = None

    @classmethod
    def auto(cls, enabled: bool = True, lang: str = "en", *, system_voice: bool = False,
             voice_model: str | Path | None = None, output: AudioOutput | None = None, rate: int | None = None,
             volume: float | None = None) -> "Speaker":
        """A speaker with the bundled voice; with ``system_voice`` the platform's own voice when it has
        one, with ``voice_model`` a Piper model (VoiceModelError when it cannot be used). ``rate`` and
        ``volume`` default to the remembered ones (settings.toml), so the game's night speaks as the
        narrator was last set."""
        if rate is None or volume is None:
            from .settings import load_settings

            remembered, _problem = load_settings()
            rate = remembered.voice_rate if rate is None else rate
            volume = remembered.volume / 100 if volume is None else volume
        voice = None
        if voice_model is not None or system_voice:
            from .sound import platform_voice

            voice = (platform_voice.piper_voice(voice_model) if voice_model is not None
                     else platform_voice.system_voice())
        return cls(voice, enabled=enabled, lang=lang, output=output, rate=rate, volume=volume)

    # -- what can be heard -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.voice.name

    @property
    def rate(self) -> int:
        return self._rate

    @rate.setter
    def rate(self, value: int) -> None:
        self._rate = max(MIN_RATE, min(MAX_RATE, int(value)))

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = max(0.0, min(1.0, float(value)))
        if self._output is not None:
            self._output.volume = self._volume

    @property
    def available(self) -> bool:
        """On, and nothing known to stop it (the device is only tried by ``prepare``/``say``)."""
        return self.enabled and self._known_reason() is None

    def _known_reason(self) -> str | None:
        if not self._voice_for(self.lang):
            return f"No {LANG_NAMES.get(self.lang, self.lang)} voice: the night is shown as text only."
        return self._voice_failure or self._output_failure

    def unavailable_reason(self) -> str | None:
        """Why the night cannot be heard (None when it can), trying the device if not tried yet."""
        self.output()
        return self._known_reason()

    def take_notice(self) -> str | None:
        """The reason speech cannot be heard, the first time it is asked for each reason; else None."""
        if not self.enabled:
            return None
        reason = self.unavailable_reason()
        if reason is None or reason in self._told:
            return None
        self._told.add(reason)
        return reason

    def output(self) -> AudioOutput | None:
        """The audio output, opened on first use; None when the machine has none."""
        with self._lock:
            if self._output is None and self._output_failure is None:
                from .sound.output import NoAudioDevice, shared_output

                try:
                    self._output = shared_output()
                    self._output.volume = self._volume
                except NoAudioDevice as exc:
                    self._output_failure = str(exc)
            return self._output

    def prepare(self) -> None:
        """Load the voice and open the device now (slow-ish the first time: for a worker thread)."""
        try:
            self.synthesize(".")
        except SpeechError:
            pass
        if self.enabled:  # a silent narrator leaves the device alone
            self.output()

    # -- speaking ----------------------------------------------------------------------------------

    def _voice_for(self, lang: str) -> SpeechEngine | None:
        """The voice that speaks ``lang``: the chosen one, else the bundled one; None when neither does."""
        if self.voice.speaks(lang):
            return self.voice
        fallback = bundled()
        return fallback if fallback.speaks(lang) else None

    def synthesize(self, text: str, lang: str | None = None) -> Clip:
        """``text`` spoken (blocking; a few milliseconds with the bundled voice). Raises SpeechError."""
        lang = lang or self.lang
        voice = self._voice_for(lang)
        if voice is None:
            raise SpeechError(Notice(f"No {LANG_NAMES.get(lang, lang)} voice.", "speech_no_voice",
                                     language=LANG_NAMES.get(lang, lang), code=lang))
        try:
            return voice.synthesize(text, lang, rate=self.rate)
        except EngineError:
            if voice is not bundled():  # the platform voice failed: the bundled one always works
                self._voice_failure = None
                try:
                    return bundled().synthesize(text, lang, rate=self.rate)
                except EngineError as again:
                    exc = again
            self._voice_failure = f"The voice failed ({exc}): the night is shown as text only."
            raise SpeechError(Notice(str(exc), "speech_voice_failed", problem=str(exc))) from None

    def say(self, text: str, lang: str | None = None) -> bool:
        """Start speaking ``text`` (stopping any line still being spoken) in ``lang`` (the speaker's
        language when None). True if it is being heard."""
        self.stop()
        if not self.enabled or not text.strip():
            return False
        output = self.output()
        if output is None:
            return False
        label = " ".join(text.split())
        lang = lang or spoken_lang(text, self.lang)
        voice = self._voice_for(lang)
        if voice is None:
            return False
        if voice is bundled():  # a few milliseconds: at once
            try:
                clip = self.synthesize(text, lang)
            except SpeechError:
                return False
            output.play("voice", clip, label=label)
            return True
        # A platform voice takes up to a second per line: never on the UI thread.
        generation = self._generation
        self._pending = True

        def render() -> None:
            try:
                clip = self.synthesize(text, lang)
            except SpeechError:
                clip = None
            with self._line_lock:
                if generation == self._generation:
                    if clip is not None:
                        output.play("voice", clip, label=label)
                    self._pending = False

        self._worker = threading.Thread(target=render, name="onenight-voice", daemon=True)
        self._worker.start()
        return True

    def settle(self, timeout: float = 30.0) -> None:
        """Wait until a line given to a platform voice is rendered (for tests and the exporter)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def cue(self, name: str) -> bool:
        """Play a cue of the night: ``day_end`` (a gong, then "3, 2, 1, vote!"), ``tick`` or ``chime``.
        True if it is being heard; nothing happens when speech is off or there is no device."""
        if name not in CUE_NAMES:
            raise ValueError(f"unknown cue {name!r} ({', '.join(CUE_NAMES)})")
        if not self.enabled:
            return False
        output = self.output()
        if output is None:
            return False
        from .sound.cues import tone

        if name != "day_end":
            output.play("cue", tone(name), label=name)
            return True
        self.stop()
        gong = tone("gong")
        words = countdown(self.lang)
        try:
            spoken = self.synthesize(words)
        except SpeechError:
            output.play("cue", gong, label="gong")
            return True
        # One clip on the voice channel, so that "speaking" lasts until the last word.
        output.play("voice", concat([gong, silence(0.2), spoken]), label=f"gong + {words}")
        return True

    @property
    def speaking(self) -> bool:
        return self._pending or (self._output is not None and self._output.busy("voice"))

    def stop(self) -> None:
        """Silence the current line at once (a line still being rendered is dropped)."""
        with self._line_lock:
            self._generation += 1
            self._pending = False
        if self._output is not None:
            self._output.stop("voice")

    def pause(self) -> None:
        """Hold every sound of the night where it is (voice, background, cue)."""
        if self._output is not None:
            self._output.pause()

    def resume(self) -> None:
        if self._output is not None:
            self._output.resume()

    def write_wav(self, text: str, path: str | Path) -> Path:
        """Speak ``text`` into a WAV file instead of the speakers (blocking). Raises SpeechError."""
        path = Path(path)
        try:
            path.write_bytes(self.synthesize(text).to_wav())
        except OSError as exc:
            raise SpeechError(Notice(f"could not write {path} ({exc.strerror or exc})", "speech_cannot_write",
                                     path=str(path), reason=reason_notice(exc))) from None
        return path
