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

One module per job, in the order a file goes through them, so that a change to the format, to the
driver or to the comparison touches one of them:

* ``case`` — the values a file becomes: a case, its night steps, the seats of a dawn table;
* ``parse`` — reading and validating the TOML into those values (every ``ScenarioError`` message);
* ``verbs`` — the verb convention: the ``Action`` a ``do`` verb is, the prompt option it stands for;
* ``match`` — which prompt a step answers (group steps, forced parts of a turn; docs/scenarios.md);
* ``expect`` — the ``expect`` keys: their shapes, one comparable normal form each, the way back to text;
* ``play`` — playing a case through the protocol: steps, refused steps, auto-answers, votes;
* ``facts`` — the ``expect`` keys read off the game a case ends with;
* ``check`` — the result of a case and every way it differs from the file.

Callers import from the package itself; the modules are its own layout."""

from .case import DawnSeat, ScenarioCase, ScenarioStep
from .check import CaseResult, Difference, Refusal
from .expect import EXPECT_KEYS, normalize
from .parse import load_scenarios, parse_scenarios
from .play import CaseError, CaseSkipped, play_case, play_file
from .verbs import verb_action

__all__ = ["CaseError", "CaseResult", "CaseSkipped", "DawnSeat", "Difference", "EXPECT_KEYS", "Refusal", "ScenarioCase",
           "ScenarioStep", "load_scenarios", "normalize", "parse_scenarios", "play_case", "play_file",
           "verb_action"]
