"""The scenario verbs of each game family (``model.scenario.ScenarioVerbs``), keyed by ``GameRules.family``
(the engine a ruleset is played by, ``engine.game.rules_for``), never by a ruleset's id: onuw and dalbula
share the One Night family's (this package's parse/play/facts/expect), classic brings its own
(``rulesets.classic.scenario.CLASSIC_VERBS``). A new ruleset on the One Night engine needs nothing here; a
ruleset with its own game adds one entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.game import ONE_NIGHT, rules_for
from ...model.scenario import Played, ScenarioVerbs, Where
from ...rulesets.classic.rules import CLASSIC_RULES
from ...rulesets.classic.scenario import CLASSIC_VERBS
from .case import ScenarioCase
from .expect import file_shape, normalize
from .parse import read_case
from .play import play_one_night


class OneNightVerbs:
    """One night, one vote: ``step``s answer the night's prompts (verbs.py, match.py), ``votes`` the vote,
    a ``dawn`` table starts at the vote; the ``expect`` keys of docs/scenarios.md."""

    def read_case(self, raw: dict[str, Any], where: Where) -> ScenarioCase:
        return read_case(raw, where)

    def play(self, case: ScenarioCase) -> Played:
        return play_one_night(case)

    def normalize(self, key: str, value: Any) -> Any:
        return normalize(key, value)

    def file_shape(self, key: str, value: Any) -> Any:
        return file_shape(key, value)

    def json_fields(self, game: Any) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
        """After the facts, ``draws``: every random draw the game made (docs/scenarios.md), when any."""
        drawn = () if game is None else game.drawn
        return {}, ({"draws": drawn_json(drawn)} if drawn else {})


def drawn_json(drawn: tuple[tuple[str, Any], ...]) -> list[dict[str, Any]]:
    """The game's random draws (``GameState.drawn``) in draw order, for ``--json``: the stream of
    docs/rules.md §D.11 and what it gave (a list for a draw of several players)."""
    return [{"stream": stream, "value": list(value) if isinstance(value, tuple) else value}
            for stream, value in drawn]


ONE_NIGHT_VERBS = OneNightVerbs()

VERBS: dict[str, ScenarioVerbs] = {
    ONE_NIGHT.family: ONE_NIGHT_VERBS,
    CLASSIC_RULES.family: CLASSIC_VERBS,
}


def verbs_for(ruleset: str) -> ScenarioVerbs:
    """The scenario verbs of the family ``ruleset`` is played by."""
    return VERBS[rules_for(ruleset).family]


__all__ = ["ONE_NIGHT_VERBS", "OneNightVerbs", "VERBS", "drawn_json", "verbs_for"]
