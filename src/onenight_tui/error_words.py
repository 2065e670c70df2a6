"""An engine refusal in the player's language: the one place that words ``OneNightError.said``.

The core raises its errors with their English text and the same fact as a message (``said``, docs/text.md);
the command line, the app's notices and the set-up screens all show an error through ``error_text``, so a
refusal reads the same wherever it is met. Kept apart from ``cli`` so screens can use it without importing
the command line (and the app with it)."""

from __future__ import annotations

from .text.catalog import load as load_messages


def error_text(error: BaseException, lang: str) -> str:
    """The error's line in ``lang`` when the core said it as a message (``said``), else its own text."""
    said = getattr(error, "said", None)
    if said is None or said.id not in load_messages(lang):
        return str(error)
    from .text.words import Wording  # the role names only when an error needs them

    return Wording((), lang=lang).phrase(said)


__all__ = ["error_text"]
