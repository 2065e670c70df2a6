"""The rulesets: how a game of each kind is played, in ONE registry that everything reads (the engine,
the command line, the settings, the set-up screens, the narrator, ``roles --ruleset``).

All three play: ``onuw`` (One Night Ultimate Werewolf and its expansions) and ``dalbula`` on the One
Night engine, ``classic`` with its own game (``Ruleset.game``); ``engine.game.rules_for`` gives any
set-up's rules behind the one game interface (``model.game.GameRules``). The ids and their order are
written once (``onenight_core.ruleset_ids``, which the catalog reads too), checked here against the
rulesets built, so the lists cannot drift apart."""

from __future__ import annotations

from collections.abc import Mapping

from ..catalog.loader import RULESETS as CATALOG_RULESETS
from ..errors import SetupError
from ..model.messages import say
from ..model.values import check_setups_with
from ..ruleset_ids import DEFAULT_RULESET, RULESET_IDS
from .options import OptionValue, Options
from .classic.ruleset import CLASSIC
from .dalbula.ruleset import DALBULA
from .onuw.ruleset import ONUW
from .ruleset import Ruleset

RULESETS: dict[str, Ruleset] = {r.id: r for r in (ONUW, DALBULA, CLASSIC)}
assert tuple(RULESETS) == RULESET_IDS == CATALOG_RULESETS, "the ruleset registry and its ids differ"


def ruleset_ids() -> tuple[str, ...]:
    return tuple(RULESETS)


def known_rulesets_text() -> str:
    """``onuw, dalbula or classic``: how an error line lists the choices."""
    ids = ruleset_ids()
    return ", ".join(ids[:-1]) + " or " + ids[-1]


def ruleset_for(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; one clear line (SetupError) for an unknown one."""
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        raise SetupError(f"unknown ruleset {ruleset_id!r} ({known_rulesets_text()})",
                         said=say("error_unknown_ruleset", given=repr(ruleset_id),
                                  choices=", ".join(ruleset_ids()))) from None


def _check_setup(ruleset_id: str, options: Mapping[str, OptionValue] | Options | None) -> Options:
    """``Setup``'s check: a known ruleset, and its options validated with the defaults filled in."""
    return ruleset_for(ruleset_id).options.validate(options)


check_setups_with(_check_setup)

__all__ = ["DEFAULT_RULESET", "RULESETS", "Ruleset", "known_rulesets_text", "ruleset_for", "ruleset_ids"]
