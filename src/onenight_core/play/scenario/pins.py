"""The case-level ``draws`` table of docs/scenarios.md: every key it may hold and the shape of its value.

A scenario pins the random tables (docs/rules.md §D) so that the case does not depend on its seed. The keys
are checked here, when the file is read, so that a typo (``oracel = "parity"``) is an error naming the
key instead of a pin that quietly pins nothing and lets the seed decide. Whether a well-shaped value can
happen in *that* game (an ineligible Oracle question, an entry of App weight 0 under ``onuw``) depends on
the game, so the draw API checks it when the draw is made (``rulesets.draws.DrawPinError``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from ...model.messages import Message, say
from ...model.values import DrawValue
from .case import POSITION

_PLAYER = re.compile(r"^p\d+$")
_PATTERN = re.compile(r"^(left|right|split)_[1-9]\d*$")
_ROLE_ID = re.compile(r"^[a-z][a-z0-9_]*$")

ORACLE_QUESTIONS = ("team_alien", "team_werewolf", "team_vampire", "alien_exchange", "oracle_exchange",
                    "view_center", "ripple", "parity", "view_player")
ALIEN_INSTRUCTIONS = ("view_each", "view_together", "stare", "pass_left", "pass_right", "show", "convert",
                      "recruit")
RIPPLES = ("repeat_night", "insomniac", "silence", "troublemaker", "robber", "witch", "view_one", "view_two",
           "reveal", "pair_view", "multi_vote", "swap_shuffle", "drunk", "dealer_vote", "repeat_role", "none")
IDENTIFIERS = ("neighbours", "even", "odd", "higher", "lower", "left2", "right2", "everyone")
CURATOR_TOKENS = ("void", "silence", "betrayal", "hunt", "protect", "noble", "boring", "despair", "wolf",
                  "blood", "alien", "bribe")
EXTRA_VILLAINS = ("dr_peeker", "rapscallion", "henchman_7")

# A checker returns the value as Setup.draws holds it, or None when the value has the wrong shape.
_Check = Callable[[object], DrawValue | None]


def _one_of(*choices: str) -> _Check:
    def check(value: object) -> DrawValue | None:
        return value if isinstance(value, str) and value in choices else None
    check.__doc__ = " | ".join(f'"{c}"' for c in choices)
    return check


def _number(low: int, high: int) -> _Check:
    def check(value: object) -> DrawValue | None:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        return None
    check.__doc__ = f"a number {low}..{high}"
    return check


def _boolean(value: object) -> DrawValue | None:
    """true | false"""
    return value if isinstance(value, bool) else None


def _player(value: object) -> DrawValue | None:
    """a player position "pK\""""
    return value if isinstance(value, str) and _PLAYER.match(value) else None


def _identifier(value: object) -> DrawValue | None:
    """an identifier (neighbours, even, odd, higher, lower, left2, right2, everyone) or a list of
    player positions"""
    if isinstance(value, str):
        return value if value in IDENTIFIERS else None
    return _players(value)


def _players(value: object) -> DrawValue | None:
    """a list of distinct player positions"""
    if not isinstance(value, list) or not value:
        return None
    if not all(isinstance(v, str) and _PLAYER.match(v) for v in value) or len(set(value)) != len(value):
        return None
    return tuple(str(v) for v in value)


def _actors(value: object) -> DrawValue | None:
    """a list of one or two distinct player positions"""
    players = _players(value)
    return players if isinstance(players, tuple) and len(players) <= 2 else None


def _pattern(value: object) -> DrawValue | None:
    """a pattern "left_K" | "right_K" | "split_K\""""
    return value if isinstance(value, str) and _PATTERN.match(value) else None


def _role(value: object) -> DrawValue | None:
    """a role id or team key"""
    return value if isinstance(value, str) and _ROLE_ID.match(value) else None


def _extra_villains(value: object) -> DrawValue | None:
    """a list of "dr_peeker" | "rapscallion" | "henchman_7\""""
    if not isinstance(value, list) or not value or not all(v in EXTRA_VILLAINS for v in value):
        return None
    return tuple(str(v) for v in value)


# the draws of one role that a Doppelganger's (Copycat's, Mirror Man's) copy draws again: dg_<key>
_OWN_DRAWS: dict[str, _Check] = {
    "oracle": _one_of(*ORACLE_QUESTIONS),
    "oracle_grant": _boolean,
    "oracle_count": _number(1, 3),
    "oracle_pass": _one_of("pass_left", "pass_right"),
    "oracle_redirect": _player,
    "body_snatcher": _one_of("steal_player", "steal_center", "pretend"),
    "psychic": _one_of("view_one", "view_two"),
    "psychic_id": _identifier,
    "rascal": _one_of("witch", "idiot", "drunk", "troublemaker", "robber"),
    "rascal_id": _identifier,
    "exposer": _number(1, 3),
    "mortician": _number(0, 2),
    "mortician_id": _one_of("choice", "left", "right"),
    "blob": _pattern,
    "family_man": _pattern,
    "empath": _number(1, 14),
    "empath_id": _identifier,
    "nostradamus": _role,
}

DRAW_KEYS: Mapping[str, _Check] = {
    "temptress_extra": _extra_villains,
    "alien": _one_of(*ALIEN_INSTRUCTIONS),
    "ripple": _one_of(*RIPPLES),
    "ripple_actors": _actors,
    "ripple_id": _identifier,
    "ripple_role": _role,
    "ripple_shuffle": _boolean,
    "curator": _one_of(*CURATOR_TOKENS),
    **_OWN_DRAWS,
    **{f"dg_{key}": check for key, check in _OWN_DRAWS.items()},
}


class PinError(ValueError):
    """One bad entry of a ``draws`` table; ``unknown`` when it is a key the format does not have."""

    def __init__(self, said: Message, unknown: bool = False) -> None:
        super().__init__(said, unknown)  # its arguments, so that it pickles
        self.said = said  # what is wrong, as a catalog message (docs/text.md)
        self.unknown = unknown

    def __str__(self) -> str:
        from ...english import english  # the English catalog, read for an error's text only

        return english(self.said)


def parse_pins(value: object, players: int) -> tuple[tuple[str, DrawValue], ...]:
    """The ``draws`` table of a case as ``Setup.draws`` pairs (sorted by key); raises PinError naming the
    key for an unknown key, a value of the wrong shape or a player who is not at the table."""
    if not isinstance(value, dict):
        raise PinError(say("scen_draws_table"))
    pins: list[tuple[str, DrawValue]] = []
    for key, raw in value.items():
        check = DRAW_KEYS.get(key)
        if check is None:
            raise PinError(say("scen_draws_unknown", given=repr(key), known=", ".join(sorted(DRAW_KEYS))),
                           unknown=True)
        pinned = check(raw)
        if pinned is None:
            shape = " ".join((check.__doc__ or "").split())  # one line, however the docstring wraps
            raise PinError(say("scen_draws_value", key=f"draws.{key}", shape=shape, given=repr(raw)))
        far = [p for p in _positions(pinned) if int(p[1:]) >= players]
        if far:
            raise PinError(say("scen_draws_seat", key=f"draws.{key}", given=far[0], last=players - 1))
        pins.append((key, pinned))
    return tuple(sorted(pins))


def _positions(value: DrawValue) -> tuple[str, ...]:
    items = value if isinstance(value, tuple) else (value,)
    return tuple(v for v in items if isinstance(v, str) and POSITION.match(v) and v.startswith("p"))


__all__ = ["DRAW_KEYS", "PinError", "parse_pins"]
