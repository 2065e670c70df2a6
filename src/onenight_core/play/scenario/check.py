"""The result of playing a case, and every way it differs from what the file expects.

Apart from the driver so that ``onenight replay`` (``--check``, ``--json``, the story) and the tests
judge a case from one value: what the engine did is recorded once (``facts``, ``refused``,
``problems``), and the comparison with the file's ``expect`` is made here, in ``expect``'s normal form."""

from __future__ import annotations

from typing import Any

from attrs import field, frozen

from ...model.values import _tuple
from ...model.state import GameState
from .case import ScenarioCase
from .expect import file_shape, normalize, toml_text


@frozen
class Difference:
    """One way the engine's result differs from the file: a key, what was expected, what came out."""

    key: str
    expected: Any
    got: Any
    detail: str = ""

    def __str__(self) -> str:
        text = f"{self.key}: expected {toml_text(self.expected)}, got {toml_text(self.got)}"
        return f"{text} ({self.detail})" if self.detail else text


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


@frozen
class CaseResult:
    """What happened when a case was played.

    ``status`` is ``played``, ``error`` (the engine could not play it; ``reason`` says why) or
    ``skipped`` (a role or ruleset that is not playable yet). ``facts`` holds every ``expect`` key that
    applies, in the file's format; ``problems`` are step-level differences (an illegal step accepted, a
    normal step refused, a blocked seat allowed to act)."""

    case: ScenarioCase
    status: str
    reason: str = ""
    facts: tuple[tuple[str, Any], ...] = field(default=(), converter=_tuple)
    refused: tuple[int, ...] = field(default=(), converter=_tuple)
    refusals: tuple[Refusal, ...] = field(default=(), converter=_tuple)
    problems: tuple[Difference, ...] = field(default=(), converter=_tuple)
    transcript: tuple[str, ...] = field(default=(), converter=_tuple)
    state: GameState | None = field(default=None, eq=False)

    @property
    def id(self) -> str:
        return self.case.id

    def fact(self, key: str, default: Any = None) -> Any:
        return dict(self.facts).get(key, default)

    def differences(self) -> tuple[Difference, ...]:
        """Every way the result differs from the case's ``expect`` and step flags (empty: it passed)."""
        if self.status != "played":
            return ()
        diffs = list(self.problems)
        illegal = tuple(s.index for s in self.case.steps if s.illegal)
        if self.refused != illegal:
            diffs.insert(0, Difference("refused", list(illegal), list(self.refused),
                                       "indices of the steps marked illegal vs the steps the engine refused"))
        facts = dict(self.facts)
        for key, want in self.case.expect:
            if key not in facts:
                diffs.append(Difference(key, file_shape(key, want), None, "does not apply to this case"))
                continue
            got = normalize(key, facts[key])
            if got != want:
                diffs.append(Difference(key, file_shape(key, want), file_shape(key, got)))
        return tuple(diffs)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of docs/scenarios.md: ``id``, every applicable ``expect`` key and ``refused``, or
        ``error``; ``refusals``, where and why each refused step was refused; and ``draws``, every random
        draw the game made (docs/scenarios.md), when it made any."""
        if self.status != "played":
            return {"id": self.id, "error": self.reason}
        out: dict[str, Any] = {"id": self.id}
        out.update(self.facts)
        out["refused"] = list(self.refused)
        out["refusals"] = [r.to_json() for r in self.refusals]
        if self.state is not None and self.state.drawn:
            out["draws"] = drawn_json(self.state.drawn)
        return out


def drawn_json(drawn: tuple[tuple[str, Any], ...]) -> list[dict[str, Any]]:
    """The game's random draws (``GameState.drawn``) in draw order, for ``--json``: the stream of
    docs/rules.md §D.11 and what it gave (a list for a draw of several players)."""
    return [{"stream": stream, "value": list(value) if isinstance(value, tuple) else value}
            for stream, value in drawn]
