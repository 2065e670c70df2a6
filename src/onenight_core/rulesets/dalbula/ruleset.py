"""The ``dalbula`` ruleset (the Korean 하룻밤 달뷸라 variant): its own wake order (``dalbula_wake``) and
behaviours layered on ``onuw``'s, overriding only what differs, and its own vote and victory rules
(``resolution``: docs/resolution.md 1.B/2.B). The deck given is the cards the players bring plus the center."""

from __future__ import annotations

from collections.abc import Iterable

from ...catalog.loader import Catalog
from ...ruleset_ids import draw_column
from ...model.kinds import Phase
from ...model.values import Step
from ..night_script import build_script
from ..onuw.ruleset import BASE_CENTER, deal
from ..options import OptionSpec, OptionsSchema
from ..ruleset import Ruleset
from . import aliens, curator, mayor, oracle, ripple, roles, sleepwalker  # noqa: F401 — register dalbula's own behaviours in its layer
from .behaviours import BEHAVIOURS
from .resolution import resolve
from .setup import dalbula_check_setup, dalbula_deal

DALBULA_OPTIONS = OptionsSchema("dalbula", (
    OptionSpec("all_citizen_deaths_void_specials", "bool", False),
    OptionSpec("official_setup", "bool", False),
))


def dalbula_script(roster: Iterable[str], catalog: Catalog) -> tuple[Step, ...]:
    return build_script(roster, catalog, "dalbula")


DALBULA = Ruleset(
    id="dalbula",
    title="Dalbula",
    summary="the Korean One Night variant with its own wake order, set-up and battle rules",
    options=DALBULA_OPTIONS,
    behaviours=BEHAVIOURS,
    phases=(Phase.NIGHT, Phase.VOTE, Phase.OVER),
    build_script=dalbula_script,
    check_setup=dalbula_check_setup,
    deal=deal,
    deal_setup=dalbula_deal,
    resolve=resolve,
    tells_battle=True,
    base_center=BASE_CENTER,
    tokens=True,  # the Curator's 토큰
    draw_column=draw_column("dalbula"),  # S0's weights (draws.toml; ruleset_ids.DRAW_COLUMNS)
)
