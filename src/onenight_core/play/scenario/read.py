"""Reading a scenario file, whatever its rulesets: the file, its TOML, its list of cases, each case's id
and ruleset, checked here once; the rest of a case is read by its game family's verbs (families.py).

A file that is not a scenario file (unreadable, bad TOML, a value of the wrong type) raises
``ScenarioError`` with one line naming the file, the case and the key, before anything of it is played:
a typo must not become a case that quietly tests something else. An unknown key (a typo of a key, a key
the ``draws`` table of docs/scenarios.md does not have) makes only its case an error case where the
family's format says so (One Night's: docs/scenarios.md); the file's other cases still run."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ...errors import ScenarioError
from ...file_io import UnreadableFile, parse_toml, read_text
from ...model.messages import say
from ...model.scenario import Case, Where
from ...ruleset_ids import DEFAULT_RULESET
from ...rulesets import RULESETS
from .families import verbs_for

CASE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def load_scenarios(path: str | Path) -> tuple[Any, ...]:
    """Read a scenario file; raises ScenarioError (one line) for anything that is not a scenario file."""
    path = Path(path)
    try:
        text = read_text(path)  # a regular UTF-8 file of bounded size: never a FIFO or /dev/zero
    except UnreadableFile as exc:
        raise ScenarioError(said=say("scen_file_unreadable", file=str(path), reason=exc.said)) from None
    return parse_scenarios(text, str(path))


def parse_scenarios(text: str, name: str = "<scenario>") -> tuple[Any, ...]:
    """The cases of a scenario file's text, each its family's case value (``model.scenario.Case``)."""
    try:
        data = parse_toml(text)  # bounded nesting, one-line reasons (file_io)
    except UnreadableFile as exc:
        raise ScenarioError(said=say("scen_file_unreadable", file=name, reason=exc.said)) from None
    extra = sorted(set(data) - {"case"})
    if extra:
        raise ScenarioError(said=say("scen_top_level_key", file=name, given=repr(extra[0])))
    raw_cases = data.get("case")
    if not isinstance(raw_cases, list) or not raw_cases:
        raise ScenarioError(said=say("scen_no_cases", file=name))
    cases: list[Case] = []
    seen_ids: set[str] = set()
    for number, raw in enumerate(raw_cases, 1):
        case = read_case(raw, name, number)
        if case.id in seen_ids:
            raise ScenarioError(said=say("scen_case_error", file=name, case=repr(case.id), detail=say("scen_id_twice")))
        seen_ids.add(case.id)
        cases.append(case)
    return tuple(cases)


def read_case(raw: Any, file: str, number: int) -> Case:
    """Case ``number`` of ``file``: its id and ruleset checked here, the rest by its family's verbs."""
    where = Where(file, f"#{number}")
    if not isinstance(raw, dict):
        raise where.error(say("scen_case_not_table"))
    case_id = raw.get("id")
    if not isinstance(case_id, str) or not CASE_ID.match(case_id):
        raise where.error(say("scen_id", given=repr(case_id)))
    where = Where(file, repr(case_id))
    ruleset = raw.get("ruleset", DEFAULT_RULESET)
    if not isinstance(ruleset, str) or ruleset not in RULESETS:  # RULESETS is a registry (a dict)
        raise where.error(say("scen_one_of", key="'ruleset'", choices=", ".join(RULESETS), given=repr(ruleset)))
    return verbs_for(ruleset).read_case(raw, where)


__all__ = ["CASE_ID", "load_scenarios", "parse_scenarios", "read_case"]
