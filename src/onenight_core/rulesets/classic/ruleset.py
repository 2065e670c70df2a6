"""The ``classic`` ruleset (Werewolf / Mafia: many nights and days, eliminations, potions, a sheriff).
Its roles are its own (``classic``'s seer is not the One Night seer); the catalog has none yet. Not
playable until its issue lands; its options schema is rules/resolution.md §4.9."""

from __future__ import annotations

from collections.abc import Iterable

from ...catalog.loader import Catalog
from ...errors import SetupError
from ...model.kinds import Phase
from ...model.values import Setup, Step
from ..behaviours import BehaviourRegistry
from ..options import OptionSpec, OptionsSchema
from ..ruleset import Ruleset, nothing_to_resolve

BEHAVIOURS = BehaviourRegistry("classic")

CLASSIC_OPTIONS = OptionsSchema("classic", (
    OptionSpec("sheriff.enabled", "bool", True, "a sheriff is elected"),
    OptionSpec("sheriff.election", "choice", "day1_after_statements", "when the sheriff is elected",
               ("day1_after_statements", "day1_before_statements", "night1")),
    OptionSpec("sheriff.double_vote", "bool", True, "the sheriff's vote counts twice"),
    OptionSpec("vote.procedure", "choice", "simultaneous_point", "how the day vote is cast",
               ("simultaneous_point", "sequential_hands")),
    OptionSpec("vote.tie_policy", "choice", "no_elimination", "what a tied day vote does",
               ("no_elimination", "revote_after_speeches", "mob_runoff", "sheriff_decides")),
    OptionSpec("vote.max_runoffs", "int", 2, "run-offs before a random pick among the tied", low=1, high=9),
    OptionSpec("seer.reveals", "choice", "role", "what the seer learns", ("role", "wolf_or_not")),
    OptionSpec("witch.potions", "choice", "two", "the witch's potions", ("two", "single_either")),
    OptionSpec("reveal_role_on_death", "bool", True, "a dead player's card is shown"),
    OptionSpec("werewolves.win_rule", "choice", "all_dead", "when the werewolves win",
               ("all_dead", "parity")),
    OptionSpec("events.enabled", "bool", False, "New Moon event cards"),
))


def no_script(_roster: Iterable[str], _catalog: Catalog) -> tuple[Step, ...]:
    return ()


def as_given(deck: tuple[str, ...], _seed: int) -> list[str]:
    """Never reached while classic is not playable (its set-ups are refused)."""
    return list(deck)


def check_setup(setup: Setup, _catalog: Catalog) -> None:
    raise SetupError("the classic ruleset has no roles yet")


CLASSIC = Ruleset(
    id="classic",
    title="Classic Werewolf",
    summary="classic Werewolf: many nights and days, eliminations, potions and a sheriff",
    options=CLASSIC_OPTIONS,
    behaviours=BEHAVIOURS,
    phases=(Phase.NIGHT, Phase.DAY, Phase.VOTE, Phase.OVER),
    build_script=no_script,
    check_setup=check_setup,
    deal=as_given,
    resolve=nothing_to_resolve,
    not_playable="the classic ruleset is not playable yet (only onuw is, for now)",
)
