"""Scenario files (docs/scenarios.md): read them, play each case through the engine's one protocol, and
compare what happened with the case's ``expect`` table.

A scenario file is a bug report, a rule discussion and a test at once, so it must be played exactly as
a player would play it: through ``new_game``/``dawn_game``, ``pending`` and ``apply``, nothing else. The
replay holds no rule and no per-role code. Every ``do`` verb becomes an ``Action`` by the verb
convention of docs/engine.md (positions go in ``targets``, anything else in ``value``), so a role added
tomorrow is replayable the day its behaviour is registered.

Two kinds of failure are kept apart. A file that is not a scenario file (unreadable, bad TOML, a value
of the wrong type) raises ``ScenarioError`` with one line naming the file, the case and the key: nothing
of it is played. A case the engine cannot play (unknown role, a prompt the file leaves unanswered) or
that holds a key this version does not know gets an error of its own, and the other cases still run.

ONE player for every ruleset: reading the file, the cases' ids and rulesets, the result of a case, its
comparison with ``expect`` and the report are written once; what differs by game family (a case's own keys,
how its steps answer the prompts, the facts its ``expect`` keys read) is the family's ``ScenarioVerbs``
(``model/scenario.py``), found by ``GameRules.family`` (families.py): the One Night family's below, classic's
in ``rulesets/classic/scenario.py``.

One module per job, in the order a file goes through them, so that a change to the format, to the
driver or to the comparison touches one of them:

* ``read`` — the file, its TOML, its cases, each case's id and ruleset (every family's);
* ``families`` — the scenario verbs of each game family, and the One Night family's;
* ``player`` — a case played by its family's verbs (``play_case``, ``play_file``);
* ``check`` — the result of a case and every way it differs from the file (every family's);
* the One Night family's verbs: ``case`` (the values a case becomes: a case, its night steps, the seats of a
  dawn table), ``parse`` (reading and validating its TOML into those values), ``verbs`` (the verb convention:
  the ``Action`` a ``do`` verb is, the prompt option it stands for), ``match`` (which prompt a step answers),
  ``expect`` (its ``expect`` keys: shapes, normal forms), ``play`` (playing a case through the rules: steps,
  refused steps, auto-answers, votes), ``facts`` (the ``expect`` keys read off the game a case ends with).

Callers import from the package itself; the modules are its own layout."""

from ...model.scenario import Difference, UnknownKey
from .case import DawnSeat, Refusal, ScenarioCase, ScenarioStep
from .check import CaseResult
from .expect import EXPECT_KEYS, normalize
from .families import verbs_for
from .play import CaseError, CaseSkipped
from .player import play_case, play_file
from .read import load_scenarios, parse_scenarios
from .verbs import verb_action

__all__ = ["CaseError", "CaseResult", "CaseSkipped", "DawnSeat", "Difference", "EXPECT_KEYS", "Refusal", "ScenarioCase",
           "ScenarioStep", "UnknownKey", "load_scenarios", "normalize", "parse_scenarios", "play_case", "play_file",
           "verb_action", "verbs_for"]
