"""The bundled voice: the espeak-ng library shipped inside the ``espeakng-loader`` wheel, called in-process.

The wheel carries ``libespeak-ng`` and its voice data for Linux, macOS and Windows, so a fresh machine
speaks English, Korean, Mandarin and French with nothing else installed (no espeak-ng program, no sound
player). Lines are synthesised through the library's C API (``AUDIO_OUTPUT_SYNCHRONOUS`` with a callback
that collects the samples) into a ``Clip``; a line takes a few milliseconds. The library keeps global
state, so one lock serialises every call, and it is loaded on first use, never at start-up (even
``ctypes`` is imported only then: the command line imports this module for its constants)."""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path

from onenight_core.languages import LANGUAGE_INFO

from .clip import Clip

#: espeak-ng voice per language (Mandarin is ``cmn``): ``Language.voice``.
VOICES = {lang.id: lang.voice for lang in LANGUAGE_INFO}
#: Speaking rate in words per minute: espeak-ng's range and its default.
MIN_RATE, MAX_RATE, DEFAULT_RATE = 80, 450, 160

_AUDIO_OUTPUT_SYNCHRONOUS = 2
_POS_CHARACTER = 1
_CHARS_UTF8 = 1
_PARAM_RATE = 1
_PARAM_VOLUME = 2


class EngineError(ValueError):
    """The bundled engine cannot be loaded, or cannot speak a language."""


class BundledEspeak:
    """The espeak-ng library of the ``espeakng-loader`` wheel. ``library`` says which file is used."""

    name = "espeak-ng"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lib: ctypes.CDLL | None = None
        self._rate = 0
        self._chunks: list[bytes] = []
        self._callback: object = None  # the C callback, kept alive as long as the engine
        self.library: Path | None = None
        self.data: Path | None = None
        self._failure: str | None = None

    def _collect(self, wav: ctypes._Pointer[ctypes.c_short], count: int, _events: int | None) -> int:
        if count > 0 and wav:
            self._chunks.append(self._string_at(wav, count * 2))
        return 0  # go on

    def load(self) -> None:
        """Load the library and its data (once). Raises EngineError."""
        if self._lib is not None:
            return
        if self._failure:
            raise EngineError(self._failure)
        import ctypes

        try:
            import espeakng_loader  # first use only
        except ImportError:
            self._failure = "the bundled voice (espeakng-loader) is not installed on this machine"
            raise EngineError(self._failure) from None
        try:
            library = Path(espeakng_loader.get_library_path())
            data = Path(espeakng_loader.get_data_path())
            lib = ctypes.CDLL(str(library))
            lib.espeak_Initialize.restype = ctypes.c_int
            lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
            lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
            lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
            lib.espeak_Synth.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int,
                                         ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
            callback_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                                             ctypes.c_void_p)
            lib.espeak_SetSynthCallback.argtypes = [callback_type]
            rate = lib.espeak_Initialize(_AUDIO_OUTPUT_SYNCHRONOUS, 0, str(data).encode(), 0)
        except (OSError, RuntimeError, AttributeError) as exc:
            self._failure = f"the bundled voice could not be loaded ({exc})"
            raise EngineError(self._failure) from None
        if rate <= 0:
            self._failure = f"the bundled voice could not read its data in {data}"
            raise EngineError(self._failure)
        self._string_at = ctypes.string_at
        self._callback = callback_type(self._collect)
        lib.espeak_SetSynthCallback(self._callback)
        self._lib, self._rate, self.library, self.data = lib, rate, library, data

    def speaks(self, lang: str) -> bool:
        return lang in VOICES

    def synthesize(self, text: str, lang: str = "en", *, rate: int = DEFAULT_RATE) -> Clip:
        """``text`` spoken in ``lang`` at ``rate`` words per minute. Raises EngineError."""
        voice = VOICES.get(lang)
        if voice is None:
            raise EngineError(f"the bundled voice does not speak {lang!r}")
        text = " ".join(text.split())
        with self._lock:
            self.load()
            lib = self._lib
            assert lib is not None  # (``load``)
            if lib.espeak_SetVoiceByName(voice.encode()) != 0:
                raise EngineError(f"the bundled voice has no {voice!r} voice")
            lib.espeak_SetParameter(_PARAM_RATE, max(MIN_RATE, min(MAX_RATE, int(rate))), 0)
            lib.espeak_SetParameter(_PARAM_VOLUME, 100, 0)
            self._chunks = []
            data = text.encode("utf-8") + b"\0"
            status = lib.espeak_Synth(data, len(data), 0, _POS_CHARACTER, 0, _CHARS_UTF8, None, None)
            lib.espeak_Synchronize()
            pcm, self._chunks = b"".join(self._chunks), []
        if status != 0:
            raise EngineError(f"the bundled voice failed on a line (status {status})")
        return Clip(pcm, self._rate)


_ENGINE: BundledEspeak | None = None
_ENGINE_LOCK = threading.Lock()


def bundled() -> BundledEspeak:
    """The process's one bundled engine (the library's state is global)."""
    global _ENGINE
    with _ENGINE_LOCK:
        if _ENGINE is None:
            _ENGINE = BundledEspeak()
        return _ENGINE
