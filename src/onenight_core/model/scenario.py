"""What the one scenario player (``play/scenario``) and a game family's scenario verbs say to each other.

A scenario file is read, checked, played and judged by ONE player: the file and its TOML errors, the list
of cases, the ``ruleset`` of each case, the result of a case, its comparison with ``expect``, ``--check``,
``--json`` and every one-line error are the player's. What differs by game family is behind
``ScenarioVerbs`` (keyed by ``GameRules.family`` in ``play/scenario/families.py``, like the bot policies):
the keys of a case beyond the shared ones (One Night's ``step``/``dawn``/``votes``, classic's
``[[case.night]]``/``[[case.day]]``), how a written step answers the game's prompts (the verbs), and the
facts its ``expect`` keys are read from. The values both sides share live here, in the model, because a
ruleset's own verbs (``rulesets/classic/scenario.py``) may not import ``play/``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

from attrs import field, frozen

from ..english import english
from ..errors import ScenarioError
from .messages import Message, say
from .values import _tuple


@frozen
class Where:
    """Where a case is in its file, for the one-line errors: the file, and the case (``#3`` or its id)."""

    file: str
    case: str

    def error(self, detail: Message) -> ScenarioError:
        """What is wrong in this case (``detail``, a catalog message), naming the file and the case: the
        whole file is refused (nothing of it is played)."""
        return ScenarioError(said=say("scen_case_error", file=self.file, case=self.case, detail=detail))

    def unknown(self, detail: Message) -> UnknownKey:
        """A key this version does not know: only this case becomes an error case (docs/scenarios.md)."""
        return UnknownKey(detail=detail, said=say("scen_case_error", file=self.file, case=self.case, detail=detail))


class UnknownKey(ScenarioError):
    """A key this version does not know (a newer format's ``draws``, a misspelt key): the case becomes an
    error of its own and the file's other cases still run."""

    def __init__(self, *, detail: Message, said: Message) -> None:
        super().__init__(said=said)
        self.detail = detail

    @property
    def reason(self) -> str:
        """What is wrong, without the file and the case: the case's error in the report (English)."""
        return english(self.detail)


def toml_text(value: Any) -> str:
    """A compact TOML-like rendering for messages, always on one line (a key or a string holding a line
    break or a quote is written with escapes, as TOML would)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {toml_text(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _toml_key(key: Any) -> str:
    text = str(key)
    bare = text and all(c.isascii() and (c.isalnum() or c in "_-") for c in text)
    return text if bare else json.dumps(text, ensure_ascii=False)


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


class Case(Protocol):
    """A case as the player reads it, whatever its family: its id, rule, ruleset, ``expect`` (key, value in
    the family's normal form) and the indices of the steps it marks illegal."""

    @property
    def id(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def ruleset(self) -> str: ...

    @property
    def expect(self) -> tuple[tuple[str, Any], ...]: ...

    @property
    def illegal(self) -> tuple[int, ...]: ...


class Refused(Protocol):
    """A refused step as ``--json`` reports it (each family's own shape: where it was tried)."""

    @property
    def step(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


@frozen
class Played:
    """What a family's verbs did with one case: ``status`` ``played``, ``error`` (the engine could not
    play it; ``reason`` says why) or ``skipped`` (a role or ruleset not playable yet); the ``expect`` facts
    (every key that applies, in the file's format); the steps refused and where (``refused``: their indices,
    in order); the step-level differences (an illegal step accepted, a normal step refused); the lines of the family's
    transcript; the game as it ended (the family's own game value)."""

    status: str
    reason: str = ""
    facts: tuple[tuple[str, Any], ...] = field(default=(), converter=_tuple)
    refusals: tuple[Refused, ...] = field(default=(), converter=_tuple)
    problems: tuple[Difference, ...] = field(default=(), converter=_tuple)
    transcript: tuple[str, ...] = field(default=(), converter=_tuple)
    game: Any = field(default=None, eq=False)

    @property
    def refused(self) -> tuple[int, ...]:
        """The indices of the steps refused, in the order of ``refusals``."""
        return tuple(r.step for r in self.refusals)


class ScenarioVerbs(Protocol):
    """What a game family brings to the one scenario player.

    * ``read_case(raw, where)`` — the family's case from one ``[[case]]`` table whose id and ruleset the
      player has checked (``where`` names the file and the case): its own keys, steps and ``expect``
      values, each checked, ``where.error(...)`` (the whole file refused) or ``where.unknown(...)`` (this
      case only) for what is wrong;
    * ``play(case)`` — the case played through the game's rules (``engine.game.rules_for``), its written
      steps answering the prompts: a ``Played``, never an exception for the case's own trouble;
    * ``normalize(key, value)`` / ``file_shape(key, value)`` — an ``expect`` value in its comparable form
      and back in the file's notation (for messages);
    * ``json_fields(game)`` — what ``--json`` reports of a played case besides the shared ``id``, facts,
      ``refused`` and ``refusals``: fields before the facts and fields after them."""

    def read_case(self, raw: dict[str, Any], where: Where) -> Case: ...

    def play(self, case: Any) -> Played: ...

    def normalize(self, key: str, value: Any) -> Any: ...

    def file_shape(self, key: str, value: Any) -> Any: ...

    def json_fields(self, game: Any) -> tuple[Mapping[str, Any], Mapping[str, Any]]: ...


__all__ = ["Case", "Difference", "Played", "Refused", "ScenarioVerbs", "UnknownKey", "Where", "toml_text"]
