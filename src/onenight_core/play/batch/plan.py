"""The plan of a set-up: what every game of it shares, worked out once (``plan_for``).

The night is the engine's script (``Ruleset.build_script``) as a tuple of step codes; each seat's legal
choices are index tables in the engine's option order (``roles/base.py``: ``each``/``pairs``/``joined``),
so a bot's draw of option ``k`` is entry ``k`` of the table: no prompt, option or action is built. The
roles' sides (what the informed bots reason with) and team keys (what the resolution tallies) are read
from the catalog and rules.toml as the engine reads them."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from ...catalog.loader import default_catalog
from ...model.values import Setup
from ...rulesets import ruleset_for
from ...rulesets.onuw.identity import EVIL_KINDS, _KEY_RULES
from ..bots import _sides

# The engine's night steps the kernel plays, by step id (``night.play_night`` dispatches on the code).
DOPPELGANGER, WEREWOLVES, MINION, MASONS, SEER, ROBBER, TROUBLEMAKER, DRUNK, INSOMNIAC, DG_INSOMNIAC = range(10)
STEP_CODES = {"doppelganger": DOPPELGANGER, "werewolves": WEREWOLVES, "minion": MINION, "masons": MASONS,
              "seer": SEER, "robber": ROBBER, "troublemaker": TROUBLEMAKER, "drunk": DRUNK,
              "insomniac": INSOMNIAC, "doppelganger:insomniac": DG_INSOMNIAC}
ROLE_OF_STEP = {SEER: "seer", ROBBER: "robber", TROUBLEMAKER: "troublemaker", DRUNK: "drunk",
                INSOMNIAC: "insomniac"}
# What a Doppelganger does at once after copying a role (Doppelganger.act: ``!`` roles and the Minion)
ACTS_AT_ONCE = {"seer": SEER, "robber": ROBBER, "troublemaker": TROUBLEMAKER, "drunk": DRUNK, "minion": MINION}
COVERED_HANDS = frozenset({"doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker",
                           "drunk", "insomniac", "hunter", "tanner", "villager"})
WOLF_ROLES = frozenset({"werewolf"})  # the covered roles of the werewolves' group (all of them wake)
EVIL = frozenset(EVIL_KINDS)


class Seats:
    """Each seat's choices at a table of ``players`` seats and ``table`` cards, as index tables (what every
    game of every roster of that size shares)."""

    __slots__ = ("others", "pairs", "seer", "center", "vote_index")

    def __init__(self, players: int, table: int) -> None:
        n = players
        # each seat's other players (the Doppelganger's copies, the Robber's swaps, votes: seat order)
        self.others = tuple(tuple(t for t in range(n) if t != s) for s in range(n))
        # the Troublemaker's swaps: pairs of other players in ``itertools.combinations`` order
        self.pairs = tuple(tuple(combinations(self.others[s], 2)) for s in range(n))
        center = tuple(range(n, table))
        self.center = center  # the center cards, extra slots included (``common.center_positions``)
        # the Seer's looks: each other player, then each pair of center cards (ints, then pairs)
        self.seer: tuple[tuple[int | tuple[int, int], ...], ...] = tuple(
            self.others[s] + tuple(combinations(center, 2)) for s in range(n))
        # a vote for seat t by seat s is option ``vote_index[s][t]`` (-1: its own seat)
        self.vote_index = tuple(tuple(-1 if t == s else (t if t < s else t - 1) for t in range(n)) for s in range(n))


_SEATS: dict[tuple[int, int], Seats] = {}


def seats_for(players: int, table: int) -> Seats:
    seats = _SEATS.get((players, table))
    if seats is None:
        if len(_SEATS) > 64:
            _SEATS.clear()
        seats = _SEATS[(players, table)] = Seats(players, table)
    return seats


class Plan:
    """Everything the games of one roster share (immutable once built): the seat tables of its size, the
    night's steps, the roles' sides, kinds and team keys."""

    __slots__ = ("players", "table", "steps", "others", "pairs", "seer", "center", "sides", "kind", "key_with",
                 "key_without", "vote_index", "ruleset", "vetoes")

    def __init__(self, ruleset: str, players: int, table: int, roster: frozenset[str]) -> None:
        catalog = default_catalog()
        n = players
        self.ruleset = ruleset
        self.players = n
        self.table = table
        # The kernel's steps, in the script's order: the other steps of a covered table (a center card's
        # ghost, the mark check) play nothing (coverage.py), and leaving their roles out of the roster
        # changes no order between the kernel's steps (each step sorts by its own wake code).
        script = ruleset_for(ruleset).build_script(roster, catalog)
        self.steps = tuple(STEP_CODES[step.id] for step in script if step.id in STEP_CODES)
        seats = seats_for(n, table)
        self.others, self.pairs, self.seer = seats.others, seats.pairs, seats.seer
        self.center, self.vote_index = seats.center, seats.vote_index
        self.sides = _sides(catalog)
        self.kind, self.key_with, self.key_without = _teams(roster)  # (the roles a player can hold)
        # the teams a Tanner's death sinks: onuw's W5 (with the lone Minion), Dalbula's DW6a (evil teams only)
        self.vetoes = frozenset(EVIL_KINDS) | ({"minion_solo"} if ruleset == "onuw" else frozenset())


@lru_cache(maxsize=64)
def _teams(held: frozenset[str]) -> tuple[dict[str, str | None], dict[str, str], dict[str, str]]:
    """Each role's kind, and its team key with and without a werewolf at the table (identity.team_keys:
    a role's kind, else village, unless rules.toml's rule names it)."""
    catalog = default_catalog()
    kinds: dict[str, str | None] = {r: catalog[r].rep for r in held}
    with_wolf: dict[str, str] = {}
    without: dict[str, str] = {}
    for role in held:
        kind = kinds[role]
        rule = _KEY_RULES.get(role)
        if rule is None or not rule.applies(kind):
            with_wolf[role] = without[role] = kind or "village"
        elif rule.own:
            with_wolf[role] = without[role] = role
        elif rule.own_if or rule.serves != "werewolf" or rule.otherwise is None:
            raise ValueError(f"the batch kernel has no team key for {role!r}")  # (not a covered role)
        else:
            with_wolf[role], without[role] = rule.serves, rule.otherwise
    return kinds, with_wolf, without


_PLANS: dict[tuple[str, int, int, frozenset[str]], Plan] = {}


def plan_for(setup: Setup, table: Sequence[str]) -> Plan:
    """The plan of ``setup`` played on a covered table of the roles ``table`` (in any order), built once
    per ruleset, player count, table size and the table's covered roles (a Dalbula batch draws a center
    per game, mostly of roles nobody plays: a few plans serve it)."""
    key = (setup.ruleset, len(setup.players), len(table), COVERED_HANDS.intersection(table))
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) > 128:
            _PLANS.clear()
        plan = _PLANS[key] = Plan(*key)
    return plan


__all__ = ["ACTS_AT_ONCE", "Plan", "STEP_CODES", "plan_for"]
