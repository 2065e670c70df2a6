"""The rulesets' ids, in their one order: the one place they are written.

The registry (``onenight_core.rulesets.RULESETS``, which builds every ruleset and with it the engine)
and the catalog (``catalog.loader``: the ``rulesets`` a role of ``roles.toml`` belongs to) both read
this tuple, and the registry checks that it builds exactly these. Front ends that only need the names
(the command line's ``--ruleset`` choices) read them here, without building any ruleset."""

from __future__ import annotations

RULESET_IDS = ("onuw", "dalbula", "classic")

#: The ruleset a game is played with when none is named.
DEFAULT_RULESET = "onuw"
