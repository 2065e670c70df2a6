"""The names the protocol speaks: the phases of a game, the kinds of prompt and the kinds of public event.

They are ``StrEnum``s, so each member is also its plain string (``Phase.NIGHT == "night"``): saves, JSON
output and the app's comparisons read the same as before, while the engine and its type hints name a
closed set instead of free strings."""

from __future__ import annotations

from enum import StrEnum


class _Kind(StrEnum):
    def __repr__(self) -> str:  # valid Python, like every value's repr (model.values)
        return f"{type(self).__name__}.{self.name}"


class Phase(_Kind):
    """Where a game is. A ruleset's phase machine says which phases it plays and in which order
    (``onuw``: night, vote, over); a many-round ruleset repeats its phases with a growing round number."""

    NIGHT = "night"
    DAY = "day"
    VOTE = "vote"
    OVER = "over"


class PromptKind(_Kind):
    """What a prompt asks: a choice (``act``), something to see whose only answer is ``done`` (``info``),
    or a ballot (``vote``): a vote of any phase, by day or by night, uses the same kind."""

    ACT = "act"
    INFO = "info"
    VOTE = "vote"


class PublicKind(_Kind):
    """What the table hears, as ids and parameters, never prose (``GameState.public``): a phase begins,
    a night step is called (ghost steps too), or a random draw the whole table learns."""

    PHASE = "phase"
    STEP = "step"
    DRAW = "draw"
