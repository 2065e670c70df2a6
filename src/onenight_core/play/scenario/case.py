"""The values a One Night case of a scenario file becomes: a case, its night steps, the seats of a dawn table,
a refused step.

They are apart from the parser so that the driver, the result and ``onenight replay`` read one plain
shape, whatever the TOML looked like. The two spellings every part of a file shares (a position, the
annotation keys) live here too, so that reading a case and comparing its ``expect`` agree on them."""

from __future__ import annotations

import re
from typing import Any

from attrs import field, frozen

from ...ruleset_ids import DEFAULT_RULESET
from ...model.values import Action, Prompt, _tuple
from ...model.state import CLARITY

POSITION = re.compile(r"^[pc]\d+$")
ANNOTATIONS = frozenset({"notes", "ambiguous"})

# One ballot of a ``votes`` list: a seat number, or "dealer" (the seat playing the dealer).
Ballot = int | str
# One seat's entry of ``votes``: a ballot, or two ballots (a double vote).
VoteEntry = Ballot | tuple[Ballot, ...]


@frozen
class ScenarioStep:
    """One ``[[case.step]]``: ``seat`` acting as ``role`` (through ``copier``) answers with ``actions``."""

    index: int
    seat: int
    role: str
    actions: tuple[Action, ...] = field(converter=_tuple)
    copier: str | None = None
    illegal: bool = False
    blocked: str | None = None

    @property
    def label(self) -> str:
        who = f"p{self.seat} {self.role}" + (f" as {self.copier}" if self.copier else "")
        return f"step {self.index} ({who})"

    def asks(self, prompt: Prompt) -> bool:
        """Whether ``prompt`` is this step's turn: same seat, same role, same copier."""
        return (prompt.seat == self.seat and prompt.role == self.role and prompt.copier == self.copier
                and prompt.kind != "vote")


@frozen
class DawnSeat:
    """One seat of a ``dawn`` table: the card and what lies on or with it."""

    card: str
    copied: str | None = None
    mark: str = CLARITY
    couple: int | None = None
    artifact: str | None = None


@frozen
class ScenarioCase:
    """One ``[[case]]``: either a night (``deal``, ``center``, ``steps``) or a ``dawn`` table; or, with
    ``error``, a case this version could not read (its other fields are what could be read of it)."""

    id: str
    file: str
    rule: str = ""
    source: str = ""
    ruleset: str = DEFAULT_RULESET
    seed: int = 0
    deal: tuple[str, ...] = field(default=(), converter=_tuple)
    center: tuple[str, ...] = field(default=(), converter=_tuple)
    dawn: tuple[DawnSeat, ...] = field(default=(), converter=_tuple)
    votes: tuple[VoteEntry, ...] | None = None
    # the case-level ``draws`` table (docs/scenarios.md): pinned outcomes of the random tables, as the
    # sorted (key, value) pairs of ``Setup.draws``
    draws: tuple[tuple[str, Any], ...] = field(default=(), converter=_tuple)
    steps: tuple[ScenarioStep, ...] = field(default=(), converter=_tuple)
    expect: tuple[tuple[str, Any], ...] = field(default=(), converter=_tuple)
    error: str = ""  # set when the case could not be read (an unknown key): it plays as that error

    @property
    def players(self) -> int:
        return len(self.dawn) if self.dawn else len(self.deal)

    @property
    def starts_at_dawn(self) -> bool:
        return bool(self.dawn)

    @property
    def illegal(self) -> tuple[int, ...]:
        """The indices of the steps marked illegal: the engine must refuse exactly these."""
        return tuple(s.index for s in self.steps if s.illegal)

    def expected(self) -> dict[str, Any]:
        return dict(self.expect)


@frozen
class Refusal:
    """One step the engine refused, and where: the step's index, the prompt it was tried at (seat, role,
    copier, the night step's id), what was answered and the engine's message (id and English text)."""

    step: int
    seat: int
    role: str
    at: str
    action: str
    message: str
    reason: str
    copier: str | None = None

    def to_json(self) -> dict[str, Any]:
        prompt: dict[str, Any] = {"seat": self.seat, "role": self.role, "step": self.at}
        if self.copier:
            prompt["copier"] = self.copier
        return {"step": self.step, "prompt": prompt, "action": self.action, "message": self.message,
                "reason": self.reason}
