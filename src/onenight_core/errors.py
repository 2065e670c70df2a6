"""Typed errors. Every error a player or a file can cause subclasses ``ValueError`` so drivers can
print one clear line instead of a traceback.

An error a player causes from the command line or the set-up may also carry ``said``: the same fact as a
message id and parameters (``Message``), which the app words in the player's language (docs/text.md);
the English line stays the error's text, for logs and for errors without one."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model.messages import Message


class OneNightError(ValueError):
    """Base class of every error the engine raises for bad input."""

    def __init__(self, *args: object, said: Message | None = None) -> None:
        super().__init__(*args)
        self.said = said


def said_of(error: BaseException) -> Message:
    """What ``error`` said as a message, for a message that names it as its cause (a save whose set-up
    the engine refuses): its ``said``, or, for an error without one, its text as it is."""
    from .model.messages import say  # errors.py is imported before the model

    said = getattr(error, "said", None)
    return said if said is not None else say("error_text", text=str(error))


class IllegalAction(OneNightError):
    """An answer that is not among the pending prompt's legal answers, or no prompt is pending."""


class SetupError(OneNightError):
    """A game that cannot be set up: unknown role, wrong card count, too few players, ..."""


class CatalogError(OneNightError):
    """roles.toml is malformed; the message names the role and the field."""


class ScenarioError(OneNightError):
    """A scenario file that cannot be read or played."""


class SaveError(OneNightError):
    """A saved game that cannot be read."""
