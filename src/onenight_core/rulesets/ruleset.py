"""What a ruleset is: one object that says how a game of its kind is played (think of OpenSpiel's
``Game``). The engine, the command line, the settings, the set-up screens and the narrator read rulesets
only through this object, found by id in the one registry (``rulesets.ruleset_for``).

A ruleset owns: its catalog view (the roles in its own id namespace), its behaviour registry, its night
script builder (from its own wake codes), its phase machine, its set-up rules, its resolver and its
options schema. A ruleset that cannot be played yet says so in one line (``not_playable``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from attrs import field, frozen

from ..catalog.loader import Catalog, RoleInfo
from ..errors import SetupError
from ..model.kinds import Phase
from ..model.values import Setup, Step
from .behaviours import BehaviourRegistry
from .options import OptionsSchema

if TYPE_CHECKING:
    from ..model.state import GameState

ScriptBuilder = Callable[[Iterable[str], Catalog], tuple[Step, ...]]
SetupRules = Callable[[Setup, Catalog], None]
Resolver = Callable[["GameState", Catalog], Any]


@frozen(eq=False)
class Ruleset:
    """How a game of one kind is played.

    ``phases`` is the phase machine of one round, ending with ``Phase.OVER`` (``onuw``: night, vote,
    over). ``build_script`` orders the night's steps for a roster, ``check_setup`` raises one clear line
    for a set-up it cannot play, ``resolve`` turns the final state into an outcome."""

    id: str
    title: str
    summary: str
    options: OptionsSchema
    behaviours: BehaviourRegistry
    phases: tuple[Phase, ...] = field(converter=tuple)
    build_script: ScriptBuilder
    check_setup: SetupRules
    resolve: Resolver
    not_playable: str = ""  # one line saying what is not playable yet; empty when the ruleset plays

    @property
    def playable(self) -> bool:
        return not self.not_playable

    def roles(self, catalog: Catalog) -> tuple[RoleInfo, ...]:
        """This ruleset's view of the catalog: its roles only (``classic`` has its own, not One Night's)."""
        return catalog.in_ruleset(self.id)

    def is_playable(self, role_id: str) -> bool:
        """Whether the engine can play ``role_id`` under this ruleset."""
        return self.playable and self.behaviours.is_playable(role_id)

    def first_phase(self) -> Phase:
        return self.phases[0]

    def next_phase(self, phase: Phase | str) -> Phase:
        """The phase after ``phase`` (``over`` stays over)."""
        index = self.phases.index(Phase(phase))
        return self.phases[min(index + 1, len(self.phases) - 1)]

    def validate(self, setup: Setup, catalog: Catalog) -> None:
        """One clear line (SetupError) if ``setup`` cannot be played under this ruleset."""
        if self.not_playable:
            raise SetupError(self.not_playable)
        self.check_setup(setup, catalog)


def nothing_to_resolve(_g: "GameState", _catalog: Catalog) -> Any:
    """The resolver of a ruleset that is not playable yet (never reached: its set-ups are refused)."""
    raise SetupError("this ruleset cannot be resolved yet")
