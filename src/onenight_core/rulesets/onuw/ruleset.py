"""The ``onuw`` ruleset: One Night Ultimate Werewolf and its expansions, one night, one vote.

Set-up rules (docs/rules.md §2): every card of the deck is a role of this ruleset that the engine can
play, and the deck holds one card per player plus three center cards, plus the extra center cards some
roles lay beside the center (Alpha Wolf)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ...catalog.loader import Catalog
from ...errors import SetupError
from ...model.kinds import Phase
from ...model.messages import say
from ...model.rng import shuffled
from ...model.values import Setup, Step
from ..night_script import build_script
from ..behaviours import BehaviourRegistry
from ..options import OptionSpec, OptionsSchema
from ..ruleset import Ruleset
from .resolution import TANNER_SINKS_ALSO, resolve
from .roles import BEHAVIOURS
from .roles.registry import set_aside

BASE_CENTER = 3

ONUW_OPTIONS = OptionsSchema("onuw", (
    OptionSpec("traitor_must_survive", "bool", False),
))


def check_setup(setup: Setup, catalog: Catalog, behaviours: BehaviourRegistry = BEHAVIOURS) -> None:
    """One clear line (SetupError) for a deck this ruleset cannot play (``behaviours``: the registry of
    the ruleset being checked, onuw's or one layered on it)."""
    for role in setup.deck:
        info = catalog.get(role)
        if info is None:
            raise SetupError(said=say("error_unknown_role", given=repr(role)))
        if setup.ruleset not in info.rulesets:
            raise SetupError(said=say("error_role_not_in_ruleset", role=role, ruleset=setup.ruleset))
        if not behaviours.is_playable(role):
            raise SetupError(said=say("error_role_not_playable", role=role))
    extra = sum(behaviours[r].extra_center for r in setup.deck if r in behaviours)
    need = len(setup.players) + BASE_CENTER + extra
    if len(setup.deck) != need:
        raise SetupError(
            said=say("error_card_count", players=len(setup.players), count=need, center=BASE_CENTER + extra,
                     cards=len(setup.deck)))
    set_aside(setup.deck)  # raises SetupError when a role's extra center card is missing (Alpha Wolf)


def deal(deck: tuple[str, ...], seed: int) -> list[str]:
    """The deck shuffled from the seed in table order; the extra center cards some roles lay beside the
    center (the Alpha Wolf's center werewolf card) are not shuffled and go last (docs/rules.md §2.2)."""
    dealt, aside = _laid_out(deck)
    cards = shuffled(seed, "deal", dealt)  # ``stream(seed, "deal").shuffle``, draw for draw
    return cards + list(aside)


@lru_cache(maxsize=256)
def _laid_out(deck: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``set_aside(deck)``, worked out once per deck (every simulated game deals one)."""
    cards, aside = set_aside(deck)
    return tuple(cards), tuple(aside)


def onuw_script(roster: Iterable[str], catalog: Catalog) -> tuple[Step, ...]:
    return build_script(roster, catalog, "onuw")


ONUW = Ruleset(
    id="onuw",
    title="One Night Ultimate Werewolf",
    summary="One Night Ultimate Werewolf and its expansions: one night, then one vote",
    options=ONUW_OPTIONS,
    behaviours=BEHAVIOURS,
    tanner_sinks_also=TANNER_SINKS_ALSO,
    phases=(Phase.NIGHT, Phase.VOTE, Phase.OVER),
    build_script=onuw_script,
    check_setup=check_setup,
    deal=deal,
    resolve=resolve,
    menu_label="One Night (onuw)",
    counts_deck=True,
    base_center=BASE_CENTER,
)
