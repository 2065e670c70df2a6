"""What a ruleset is: one object that says how a game of its kind is played (think of OpenSpiel's
``Game``). The engine, the command line, the settings, the set-up screens and the narrator read rulesets
only through this object, found by id in the one registry (``rulesets.ruleset_for``).

A ruleset owns: its catalog view (the roles in its own id namespace), its behaviour registry, its night
script builder (from its own wake codes), its phase machine, its set-up rules, its resolver and its
options schema. A ruleset that cannot be played yet says so in one line (``not_playable``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from attrs import frozen

from ..catalog.loader import Catalog, RoleInfo
from ..errors import SetupError
from ..model.messages import say
from ..model.kinds import Phase
from ..model.values import Setup, Step
from ..ruleset_ids import wake_field
from .behaviours import BehaviourRegistry
from .options import OptionsSchema

if TYPE_CHECKING:
    from ..model.game import GameRules
    from ..model.narration import Cue
    from ..model.state import GameState

ScriptBuilder = Callable[[Iterable[str], Catalog], tuple[Step, ...]]
SetupRules = Callable[[Setup, Catalog], None]
Resolver = Callable[["GameState", Catalog], Any]
Dealer = Callable[[tuple[str, ...], int], list[str]]
SetupDealer = Callable[[Setup, int], list[str]]


@frozen(eq=False)
class Ruleset:
    """How a game of one kind is played.

    ``phases`` is the phase machine of one round, ending with ``Phase.OVER`` (``onuw``: night, vote,
    over). ``deal`` lays the deck out in table order from the seed (players, then the center),
    ``build_script`` orders the night's steps for a roster, ``check_setup`` raises one clear line for a
    set-up it cannot play, ``resolve`` turns the final state into an outcome."""

    id: str
    title: str
    summary: str
    options: OptionsSchema
    behaviours: BehaviourRegistry
    phases: tuple[Phase, ...]
    build_script: ScriptBuilder
    check_setup: SetupRules
    deal: Dealer
    resolve: Resolver
    not_playable: str = ""  # one line saying what is not playable yet; empty when the ruleset plays
    menu_label: str = ""  # its short name in a menu (the set-up screen); the title when empty
    # a deal that reads the whole set-up (its players, its options): Dalbula's, whose center cards are
    # drawn from the catalogue when the deck is the cards the players bring; None: ``deal`` of the deck
    deal_setup: SetupDealer | None = None
    most_players: int = 10  # the largest table it plays (a set-up screen's limit); classic's village is larger
    tells_battle: bool = False  # the table is told which battle the vote was (Dalbula's 일반 / 에픽 전투)
    # What a driver reads instead of asking which ruleset it is (the set-up screen, the narrator, the words):
    counts_deck: bool = False  # a deck is one card per player plus its center, checked as it is chosen (onuw)
    base_center: int = 0  # the center cards of every deck (One Night's three)
    # the center cards a card in the deck adds beside its behaviour's ``extra_center`` (classic's thief: two)
    center_cards: tuple[tuple[str, int], ...] = ()
    own_cards: bool = False  # its cards are its own (classic.toml), not roles.toml's: no One Night presets
    # its own default deck for a table of n players (a ruleset with cards of its own: classic's); None:
    # its decks are One Night's presets
    default_deck: Callable[[int], tuple[str, ...]] | None = None
    tokens: bool = False  # what a player is given face down is a token (Dalbula's Curator), not an artifact
    draw_column: str = "app"  # the weight column of draws.toml its draws read (Dalbula's: S0's, ``s0``)
    # the team keys a Tanner's death sinks beside the evil kinds, as its resolver judges them (onuw's W5: the
    # lone Minion's too, ``onuw.resolution.TANNER_SINKS_ALSO``; Dalbula's DW6a: none), for the batch kernel
    tanner_sinks_also: frozenset[str] = frozenset()
    # its own game (``model.game.GameRules``: classic's nights and days); None: it is played by the One
    # Night engine, which its behaviours, script, phases and resolver plug into (``engine.game.rules_for``)
    game: GameRules[Any] | None = None
    # its own narration for a table with physical cards, night after night (``engine.narration.narration_for``,
    # the one interface every narrator driver reads): ``narration(roster, *, nights, options)``, the cues of
    # nights 1..n and their days as ids and parameters (classic's); None: the One Night engine's one night,
    # narrated from its night script
    narration: Callable[..., tuple[Cue, ...]] | None = None

    def deal_for(self, setup: Setup, seed: int) -> list[str]:
        """The table in order (players, then the center) for ``setup`` and ``seed``."""
        if self.deal_setup is not None:
            return self.deal_setup(setup, seed)
        return self.deal(setup.deck, seed)

    @property
    def wake_field(self) -> str:
        """The ``roles.toml`` field of its night's wake codes (``wake``; Dalbula's ``dalbula_wake``)."""
        return wake_field(self.id)

    def wake_code(self, info: RoleInfo) -> str | None:
        """The wake code of ``info`` in this ruleset's night order."""
        return info.wake_code(self.id)

    def extra_center(self) -> tuple[tuple[str, int], ...]:
        """The center cards each role's card adds (the Alpha Wolf's werewolf card; classic's thief's two)."""
        extra = dict(self.center_cards)
        for role, behaviour in self.behaviours.items():
            if behaviour.extra_center:
                extra[role] = extra.get(role, 0) + behaviour.extra_center
        return tuple(extra.items())

    def center(self, deck: Iterable[str]) -> int:
        """The center cards a set-up of ``deck`` lays out: the base center and what its cards add."""
        extra = dict(self.extra_center())
        return self.base_center + sum(extra.get(role, 0) for role in deck)

    @property
    def label(self) -> str:
        return self.menu_label or self.title

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
            raise SetupError(said=say("error_ruleset_not_playable", ruleset=self.id,
                                                         why=say(f"ruleset_{self.id}_not_playable")))
        self.check_setup(setup, catalog)


def nothing_to_resolve(_g: GameState, _catalog: Catalog) -> Any:
    """The resolver of a ruleset that is not playable yet (never reached: its set-ups are refused)."""
    raise SetupError(said=say("error_ruleset_unresolved"))
