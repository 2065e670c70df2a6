"""The ``classic`` options of docs/resolution.md §4.9, each with its default, and ``ClassicRules``: the
set-up's option values read once under names that say what they are."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...model.values import Setup
from ..options import OptionSpec, OptionsSchema

CLASSIC_OPTIONS = OptionsSchema("classic", (
    OptionSpec("sheriff.enabled", "bool", True),
    OptionSpec("sheriff.election", "choice", "day1_after_statements",
               ("day1_after_statements", "day1_before_statements", "night1")),
    OptionSpec("sheriff.double_vote", "bool", True),
    OptionSpec("vote.procedure", "choice", "simultaneous_point", ("simultaneous_point", "sequential_hands")),
    OptionSpec("vote.tie_policy", "choice", "no_elimination",
               ("no_elimination", "revote_after_speeches", "mob_runoff", "sheriff_decides")),
    OptionSpec("vote.max_runoffs", "int", 2, low=1, high=9),
    OptionSpec("seer.reveals", "choice", "role", ("role", "wolf_or_not")),
    OptionSpec("witch.potions", "choice", "two", ("two", "single_either")),
    OptionSpec("witch.can_self_save", "choice", "always", ("always", "first_night_only", "never")),
    OptionSpec("witch.may_self_poison", "bool", True),
    OptionSpec("witch.knows_victim", "bool", True),
    OptionSpec("reveal_role_on_death", "bool", True),
    OptionSpec("lovers.know_roles", "bool", False),
    OptionSpec("cupid.wins_with_lovers", "bool", False),
    OptionSpec("thief.must_take_werewolf", "bool", True),
    OptionSpec("werewolves.win_rule", "choice", "all_dead", ("all_dead", "parity")),
    OptionSpec("little_girl.risk", "choice", "small", ("small", "big")),
    OptionSpec("little_girl.caught_savable_by_witch", "bool", True),
    OptionSpec("defender.same_target_twice", "bool", False),
    OptionSpec("elder.lives", "int", 2, low=1, high=9),
    OptionSpec("elder.revenge", "bool", True),
    OptionSpec("elder.witch_save_restores_life", "bool", False),
    OptionSpec("idiot.dies_with_elder", "bool", False),
    OptionSpec("piper.charms_per_night", "int", 2, low=1, high=9),
    OptionSpec("piper.charm_ends_on_death", "bool", True),
    OptionSpec("events.enabled", "bool", False),
    OptionSpec("events.new_moon", "bool", True),
))

_RISK = {"small": 0.2, "big": 0.4}


@frozen
class ClassicRules:
    """The options of one set-up, as attributes (``rules.tie_policy``)."""

    sheriff: bool
    election: str
    double_vote: bool
    procedure: str
    tie_policy: str
    max_runoffs: int
    seer_reveals: str
    single_potion: bool
    self_save: str
    self_poison: bool
    witch_knows_victim: bool
    reveal_on_death: bool
    lovers_know_roles: bool
    cupid_wins_with_lovers: bool
    thief_must_take_werewolf: bool
    parity: bool
    spy_chance: float
    caught_savable: bool
    defender_twice: bool
    elder_lives: int
    elder_revenge: bool
    elder_save_restores: bool
    idiot_dies_with_elder: bool
    charms_per_night: int
    charm_ends_on_death: bool
    events: bool
    new_moon_events: bool

    @classmethod
    def of(cls, setup: Setup) -> ClassicRules:
        o: dict[str, Any] = dict(setup.options)
        return cls(
            o["sheriff.enabled"], o["sheriff.election"], o["sheriff.double_vote"], o["vote.procedure"],
            o["vote.tie_policy"], o["vote.max_runoffs"], o["seer.reveals"], o["witch.potions"] == "single_either",
            o["witch.can_self_save"], o["witch.may_self_poison"], o["witch.knows_victim"],
            o["reveal_role_on_death"], o["lovers.know_roles"], o["cupid.wins_with_lovers"],
            o["thief.must_take_werewolf"], o["werewolves.win_rule"] == "parity", _RISK[o["little_girl.risk"]],
            o["little_girl.caught_savable_by_witch"], o["defender.same_target_twice"], o["elder.lives"],
            o["elder.revenge"], o["elder.witch_save_restores_life"], o["idiot.dies_with_elder"],
            o["piper.charms_per_night"], o["piper.charm_ends_on_death"], o["events.enabled"], o["events.new_moon"],
        )
