"""The result of playing a case, and every way it differs from what the file expects: one value for every
game family.

Apart from the family's verbs so that ``onenight replay`` (``--check``, ``--json``, the story) and the tests
judge a case from one value: what the engine did is recorded once (``facts``, ``refused``, ``problems``),
and the comparison with the file's ``expect`` is made here, in the normal form the family's verbs give
each key (``ScenarioVerbs.normalize``)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...model.scenario import Case, Difference, Played, Refused
from .families import verbs_for


@frozen
class CaseResult:
    """What happened when a case was played: the case and what its family's verbs did with it
    (``Played``: ``status`` ``played``, ``error`` or ``skipped``, the ``expect`` facts that apply, the steps
    refused, the step-level differences, the transcript, the game as it ended), read through the properties
    below."""

    case: Case
    played: Played

    @property
    def status(self) -> str:
        return self.played.status

    @property
    def reason(self) -> str:
        return self.played.reason

    @property
    def facts(self) -> tuple[tuple[str, Any], ...]:
        return self.played.facts

    @property
    def refused(self) -> tuple[int, ...]:
        return self.played.refused

    @property
    def refusals(self) -> tuple[Refused, ...]:
        return self.played.refusals

    @property
    def problems(self) -> tuple[Difference, ...]:
        return self.played.problems

    @property
    def transcript(self) -> tuple[str, ...]:
        return self.played.transcript

    @property
    def state(self) -> Any:
        """The game as it ended (the family's own game value)."""
        return self.played.game

    @property
    def id(self) -> str:
        return self.case.id

    def fact(self, key: str, default: Any = None) -> Any:
        return dict(self.facts).get(key, default)

    def differences(self) -> tuple[Difference, ...]:
        """Every way the result differs from the case's ``expect`` and step flags (empty: it passed)."""
        if self.status != "played":
            return ()
        verbs = verbs_for(self.case.ruleset)
        diffs = list(self.problems)
        illegal = self.case.illegal
        if self.refused != illegal:
            diffs.insert(0, Difference("refused", list(illegal), list(self.refused),
                                       "indices of the steps marked illegal vs the steps the engine refused"))
        facts = dict(self.facts)
        for key, want in self.case.expect:
            if key not in facts:
                diffs.append(Difference(key, verbs.file_shape(key, want), None, "does not apply to this case"))
                continue
            got = verbs.normalize(key, facts[key])
            if got != want:
                diffs.append(Difference(key, verbs.file_shape(key, want), verbs.file_shape(key, got)))
        return tuple(diffs)

    def passed(self) -> bool:
        """It played without a difference, or it needs what is not playable yet."""
        return self.status == "skipped" or (self.status == "played" and not self.differences())

    def to_json(self) -> dict[str, Any]:
        """The JSON object of docs/scenarios.md: ``id``, every applicable ``expect`` key and ``refused``, or
        ``error``; ``refusals``, where and why each refused step was refused; and what the family's format
        adds (``ScenarioVerbs.json_fields``: One Night's ``draws``, every random draw the game made;
        classic's ``status``)."""
        if self.status != "played":
            return {"id": self.id, "error": self.reason}
        before, after = verbs_for(self.case.ruleset).json_fields(self.state)
        out: dict[str, Any] = {"id": self.id, **before}
        out.update(self.facts)
        out["refused"] = list(self.refused)
        out["refusals"] = [r.to_json() for r in self.refusals]
        out.update(after)
        return out

