"""A narration's pieces, as plain values (the one narration interface, ``engine.narration.narration_for``):
a ``Line`` to read and what follows it, a ``Cue`` (one step's heading and lines), the ``Timing`` of the
pauses. They sit in the model so that a ruleset with a narration of its own (``Ruleset.narration``:
classic's) builds its cues without reading the engine; ``engine.narration`` gathers them into a
``Narration`` (and re-exports them)."""

from __future__ import annotations

from attrs import field, frozen

from ..errors import OneNightError
from .messages import Message, say
from .values import _tuple

#: What follows a line: nothing, a short gap between steps, the action time, the day discussion.
PAUSES = ("none", "gap", "action", "day")


class NarrationError(OneNightError):
    """A roster the narrator cannot read (unknown role, too few cards) or a missing narration line."""


_PAUSE_ERRORS = {"action": "error_pause_action", "gap": "error_pause_gap", "day": "error_pause_day"}


@frozen
class Timing:
    """Seconds for each kind of pause. The action time defaults to the official app's 10 seconds."""

    action: float = 10.0
    gap: float = 2.0
    day: float = 300.0

    def __attrs_post_init__(self) -> None:
        for name in ("action", "gap", "day"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or value < 0 or value != value:
                raise NarrationError(said=say(_PAUSE_ERRORS[name], given=repr(value)))

    def seconds(self, pause: str) -> float:
        if pause == "none":
            return 0.0
        if pause not in PAUSES:
            raise NarrationError(said=say("error_unknown_pause", given=repr(pause)))
        return float(getattr(self, pause))


@frozen
class Line:
    """One line to read. ``step`` is the script step it belongs to (``night_start`` and ``dawn`` frame
    the night); ``kind`` is the catalog line (``wake``, ``sleep``, ``doppelganger``) taken from
    ``source`` (a role id or an engine step id); ``pause`` is what follows it. ``said``: the line as an id
    and parameters, for a ruleset whose narration the app words (classic's: its ``text`` is then empty
    until the text layer fills it, ``text.script.worded``); None when ``text`` is roles.toml's words."""

    step: str
    kind: str
    source: str
    text: str
    pause: str
    said: Message | None = None

    def __attrs_post_init__(self) -> None:
        if self.pause not in PAUSES:
            raise NarrationError(said=say("error_unknown_pause", given=repr(self.pause)))


@frozen
class Cue:
    """One step as the narrator reads it: the heading shown on screen and its lines in order.
    ``kind`` is the script step's kind (``role``, ``group``, ``dg``, ``engine``) or ``start``/``dawn``."""

    step: str
    kind: str
    role: str | None
    title: str
    lines: tuple[Line, ...] = field(converter=_tuple)
    #: The script step's index (``-1`` for the night start and dawn): what the table's answers are keyed by.
    index: int = -1
    #: The heading as an id and parameters, for a narration the app words (``Line.said``); None: ``title``.
    said: Message | None = None
