"""The hot-seat app's voice: the narrator's lines read aloud and the game's short sounds (cues).

The voice is looked for on first use, in the table's language (looking for a speech engine takes a
moment), again after the language changes or speech is switched back on, and never stops the game: a
speech or sound failure leaves the table with the text on screen (``speech.Speaker``)."""

from __future__ import annotations

from typing import Protocol


class Voice(Protocol):
    """What the app asks of a voice (``speech.Speaker``; tests give their own). ``available``, ``cue``
    and ``take_notice`` are read when the voice has them."""

    def say(self, text: str) -> object: ...

    def stop(self) -> object: ...


class TableVoice:
    """The voice of the app: given (``OneNightApp(speaker=...)``) or found for the app's language."""

    def __init__(self, speaker: Voice | None) -> None:
        self.speaker = speaker
        self._looked = speaker is not None
        self._own = speaker is None  # a voice the app found (for its language), not one given to it

    def found(self, lang: str, speech: bool) -> Voice | None:
        """The voice, looked for on first use when ``speech`` (the setting) is on."""
        if self.speaker is None and speech and not self._looked:
            self._looked = True
            self.speaker = _make_speaker(lang)
        return self.speaker

    def say(self, text: str | None, lang: str, speech: bool) -> None:
        """Read a narration line aloud, when speech is on and the machine can speak."""
        if text and self.found(lang, speech) is not None and getattr(self.speaker, "available", False):
            assert self.speaker is not None
            try:
                self.speaker.say(text)
            except Exception:  # noqa: BLE001 — a speech failure must never stop the game
                self.speaker = None

    def stop(self) -> None:
        if self.speaker is not None:
            try:
                self.speaker.stop()
            except Exception:  # noqa: BLE001
                pass

    def cue(self, name: str, lang: str, speech: bool) -> bool:
        """Play the cue ``name`` when the voice has one; whether it played."""
        play = getattr(self.found(lang, speech), "cue", None)
        if callable(play):
            try:
                return bool(play(name))
            except Exception:  # noqa: BLE001 — a sound failure must never stop the game
                return False
        return False

    def take_notice(self, lang: str, speech: bool) -> str | None:
        """Why the voice cannot speak although speech is on (once; in English, from the sound modules)."""
        take = getattr(self.found(lang, speech), "take_notice", None)
        notice = take() if callable(take) and speech else None
        return str(notice) if notice else None

    def new_language(self) -> None:
        """The table speaks another language: a voice the app found is looked for again."""
        if self._own and self.speaker is not None:
            self.stop()
            self.speaker = None
        if self._own:
            self._looked = False

    def switched(self, speech: bool, was_on: bool) -> None:
        """Speech switched off (the voice stops and goes) or back on (looked for at the next line)."""
        if not speech and self.speaker is not None:
            self.stop()
            self.speaker = None
        if speech and not was_on:
            self._looked = False


def _make_speaker(lang: str) -> Voice | None:
    """The narrator's voice, when the speech module and a speech engine are there."""
    try:
        from .speech import (
            Speaker,  # written concurrently; the game runs silently without it
        )
    except ImportError:
        return None
    try:
        return Speaker.auto(enabled=True, lang=lang)
    except Exception:  # noqa: BLE001 — no voice is never an error
        return None
