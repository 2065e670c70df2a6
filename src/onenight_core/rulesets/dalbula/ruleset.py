"""The ``dalbula`` ruleset (the Korean 하룻밤 달뷸라 variant): its own wake order (``dalbula_wake``) and
behaviours layered on ``onuw``'s, overriding only what differs. Not playable until its issue lands."""

from __future__ import annotations

from collections.abc import Iterable

from ...catalog.loader import Catalog
from ...model.kinds import Phase
from ...model.values import Step
from ..night_script import build_script
from ..onuw.ruleset import check_setup, deal
from ..options import OptionSpec, OptionsSchema
from ..ruleset import Ruleset, nothing_to_resolve
from . import roles  # noqa: F401 — registers dalbula's own behaviours in its layer
from .behaviours import BEHAVIOURS

DALBULA_OPTIONS = OptionsSchema("dalbula", (
    OptionSpec("all_citizen_deaths_void_specials", "bool", False),
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
    check_setup=check_setup,
    deal=deal,
    resolve=nothing_to_resolve,
    not_playable="the dalbula ruleset is not playable yet (only onuw is, for now)",
)
