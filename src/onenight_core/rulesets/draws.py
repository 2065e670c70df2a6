"""Random draws as the official app makes them: weighted tables, named streams, pins (docs/rules.md §D).

The Alien, Super Villains and Bonus 3–4 roles (and Dalbula) get their instructions from random tables:
the Oracle's question, the aliens' instruction, the Psychic's identifier, the ripple... Every such draw
goes through ``draw`` (a weighted table of draws.toml) or ``draw_uniform`` (a uniform pick from the game,
such as the ripple's actor), so that:

* it comes from the game's seed by the reproducibility recipe of docs/rules.md §D.11: one named stream per
  decision and a counter per stream (``sha256(f"{seed}|{stream}|{k}")``), so adding a draw never shifts
  another and a replay draws the same;
* the weights are the ruleset's column of draws.toml (``onuw`` the app's, ``dalbula`` S0's, E-18), with
  ineligible entries dropped and the rest renormalised (§D.1);
* a scenario can pin its outcome (``Setup.draws``, docs/scenarios.md ``draws``): a pinned value is used
  instead of the stream, after checking that it is a possible outcome of that game (``DrawPinError``);
* it is recorded in ``GameState.drawn`` (stream, value), and, when the whole table hears it (the app
  announces it aloud), as a public ``DRAW`` event that the narrator and the eyes-closed screen read.

A private draw (what only the acting player is told, such as the Psychic's identifier) is never public:
pass ``public=False`` and show it in the private prompt.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TypeVar

from attrs import frozen

from ..catalog.rules import parse_data_file, read_data_file
from ..errors import CatalogError, SetupError
from ..model.kinds import PublicKind
from ..model.state import GameState
from ..model.values import DrawValue, PublicEvent
from ..ruleset_ids import draw_column

T = TypeVar("T")


class DrawPinError(SetupError):
    """A pinned draw (a scenario's ``draws``) that cannot happen in this game: an unknown value, an
    ineligible entry, or an entry of weight 0 under this ruleset."""


@frozen
class DrawTable:
    """One random table of draws.toml: entries in their fixed order, each with its S0 and App weight."""

    id: str
    entries: tuple[tuple[str, int, int], ...]

    def weights(self, ruleset: str) -> tuple[tuple[str, int], ...]:
        """(key, weight) in table order under ``ruleset``: the column its ``Ruleset.draw_column`` names
        (S0's for ``dalbula``), else the app's."""
        column = draw_column(ruleset)  # "s0" or "app"
        return tuple((key, s0 if column == "s0" else app) for key, s0, app in self.entries)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(entry[0] for entry in self.entries)


def stream_random(seed: int, stream: str, k: int = 0) -> random.Random:
    """The independent RNG of draw ``k`` of ``stream`` in the game seeded with ``seed`` (docs/rules.md §D.11)."""
    digest = hashlib.sha256(f"{seed}|{stream}|{k}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def draw(g: GameState, table: str, *, stream: str | None = None, pin: str | None = None,
         eligible: Callable[[str], bool] | Collection[str] | None = None,
         public: bool = False) -> tuple[GameState, str]:
    """Draw from the weighted table ``table`` of draws.toml.

    ``stream`` names the stream (default: the table id; e.g. "oracle#dg" for a Doppelganger's own
    question); ``pin`` is the scenario key that may pin it (default: the table id; "dg_oracle" for the
    copy); ``eligible`` keeps only some keys (a set of keys or a predicate). ``public`` records the
    outcome as a public event named by the pin key. Returns the new state and the key drawn."""
    info = draw_table(table)
    pin = pin or table
    stream = stream or table
    keep = _eligible(eligible)
    items = [(key, weight) for key, weight in info.weights(g.setup.ruleset) if weight > 0 and keep(key)]
    pinned = pinned_draw(g, pin)
    if pinned is not None:
        value = str(pinned).lower() if isinstance(pinned, bool) else str(pinned)
        if value not in (key for key, _ in items):
            raise DrawPinError(f"draws: {pin} = {pinned!r} cannot be drawn in this game "
                               f"(possible: {', '.join(key for key, _ in items) or 'nothing'})")
    else:
        if not items:
            raise DrawPinError(f"the random table {table!r} has nothing to draw in this game")
        value = _weighted(items, stream_random(g.seed, stream, _count(g, stream)))
    return _record(g, stream, pin, value, public), value


def draw_uniform(g: GameState, stream: str, choices: Sequence[T], *, pin: str | None = None,
                 pin_index: int = 0, public: bool = False) -> tuple[GameState, T]:
    """A uniform pick among ``choices`` (a ripple's actor, a redirected view...) from ``stream``; ``pin``
    (default: none) is the scenario key that may pin it, compared by ``str``; when the pinned value is a
    list, element ``pin_index`` is this draw's (``ripple_actors = ["p1", "p4"]``: actor 1, actor 2).
    Returns the new state and the element."""
    if not choices:
        raise DrawPinError(f"the random draw {stream!r} has nothing to draw from")
    pinned = pinned_draw(g, pin) if pin else None
    if isinstance(pinned, tuple):
        if pin_index >= len(pinned):
            raise DrawPinError(f"draws: {pin} needs at least {pin_index + 1} values")
        pinned = pinned[pin_index]
    if pinned is not None:
        matches = [c for c in choices if _same(c, pinned)]
        if not matches:
            raise DrawPinError(f"draws: {pin} = {pinned!r} cannot be drawn in this game")
        value = matches[0]
    else:
        value = choices[stream_random(g.seed, stream, _count(g, stream)).randrange(len(choices))]
    return _record(g, stream, pin or stream, value, public), value


def draw_sample(g: GameState, stream: str, population: Sequence[T], size: int, *, pin: str | None = None,
                public: bool = False) -> tuple[GameState, tuple[T, ...]]:
    """``size`` distinct elements of ``population`` drawn uniformly without replacement, in population
    order (the "specific players" of an identifier). A pin is a list of the same elements."""
    if size > len(population):
        raise DrawPinError(f"the random draw {stream!r} needs {size} of {len(population)}")
    pinned = pinned_draw(g, pin) if pin else None
    if pinned is not None:
        wanted = pinned if isinstance(pinned, tuple) else (pinned,)
        picked = [c for c in population if any(_same(c, w) for w in wanted)]
        if len(picked) != len(wanted) or len(picked) != size:
            raise DrawPinError(f"draws: {pin} = {list(wanted)!r} is not {size} of the possible ones")
    else:
        rng = stream_random(g.seed, stream, _count(g, stream))
        chosen = set(rng.sample(range(len(population)), size))
        picked = [c for i, c in enumerate(population) if i in chosen]
    value = tuple(picked)
    return _record(g, stream, pin or stream, value, public), value


def pinned_draw(g: GameState, pin: str) -> DrawValue | None:
    """The value a scenario pinned for the draw key ``pin``, or None."""
    for key, value in g.setup.draws:
        if key == pin:
            return value
    return None


def drawn(g: GameState, stream: str) -> tuple[object, ...]:
    """Every value drawn so far from ``stream``, in order."""
    return tuple(value for name, value in g.drawn if name == stream)


def _weighted(items: Sequence[tuple[str, int]], rng: random.Random) -> str:
    """The weighted draw of §D.11: integer weights, fixed table order."""
    x = rng.randrange(sum(weight for _, weight in items))
    for key, weight in items:
        if x < weight:
            return key
        x -= weight
    raise AssertionError("unreachable: x < the total weight")


def _count(g: GameState, stream: str) -> int:
    return sum(1 for name, _ in g.drawn if name == stream)


def _record(g: GameState, stream: str, what: str, value: object, public: bool) -> GameState:
    g = g.replace(drawn=g.drawn + ((stream, value),))
    if public:
        shown = ",".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
        g = g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, what, (("value", shown),)),))
    return g


def _same(choice: object, pinned: object) -> bool:
    return str(choice).lower() == str(pinned).lower()


def _eligible(eligible: Callable[[str], bool] | Collection[str] | None) -> Callable[[str], bool]:
    if eligible is None:
        return lambda key: True
    if callable(eligible):
        return eligible
    keys = frozenset(eligible)
    return keys.__contains__


# -- draws.toml -------------------------------------------------------------------------------------------

def default_draws_path() -> Path:
    """draws.toml inside the installed package, or at the top of a source checkout (like rules.toml)."""
    packaged = resources.files("onenight_core") / "draws.toml"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "draws.toml"


#: Every table the game draws from and the outcomes its rules play: draws.toml may weigh them (and leave
#: some out), never add one (an outcome no rule plays would be drawn and then played as nothing).
KNOWN_OUTCOMES: dict[str, frozenset[str]] = {table: frozenset(keys.split()) for table, keys in {
    "oracle": "team_alien team_werewolf team_vampire alien_exchange oracle_exchange view_center ripple parity "
              "view_player",
    "oracle_grant": "true false", "oracle_count": "1 2 3", "oracle_pass": "pass_left pass_right",
    "alien": "view_each view_together stare pass_left pass_right show convert recruit",
    "body_snatcher": "steal_player steal_center pretend", "psychic": "view_one view_two",
    "rascal": "witch idiot drunk troublemaker robber", "exposer": "1 2 3", "mortician": "0 1 2",
    "mortician_id": "choice left right", "blob_odd": "left right", "blob_even": "left split right",
    "empath": " ".join(str(n) for n in range(1, 15)),
    "ripple": "repeat_night insomniac silence troublemaker robber witch view_one view_two reveal pair_view "
              "multi_vote swap_shuffle drunk dealer_vote repeat_role none",
    "swap_shuffle": "true false", "temptress_extra": "dr_peeker rapscallion henchman_7",
    "id_1": "specific neighbours even odd higher lower", "id_2": "specific neighbours even odd higher lower",
    "id_3": "specific even odd higher lower", "id_4": "specific even odd",
    "id_tm": "left2 right2 higher lower neighbours",
    "id_g": "specific even odd everyone",
}.items()}


def parse_draw_tables(data: dict[str, object], file: str = "draws.toml") -> dict[str, DrawTable]:
    """The tables of a parsed draws.toml, checked (a bad file is one CatalogError line): known tables
    and outcomes only (``KNOWN_OUTCOMES``), each key once, and some weight in each column."""
    tables: dict[str, DrawTable] = {}
    raw = data.get("table")
    if not isinstance(raw, list):
        raise CatalogError(f"{file}: needs [[table]] entries")
    for number, entry in enumerate(raw, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise CatalogError(f"{file}: table {number} needs an id")
        rows = entry.get("entries")
        if not isinstance(rows, list) or not rows or not all(
                isinstance(r, list) and len(r) == 3 and isinstance(r[0], str)
                and all(isinstance(w, int) and not isinstance(w, bool) and w >= 0 for w in r[1:]) for r in rows):
            raise CatalogError(f"{file}: table {entry['id']!r}: entries must be [key, S0 weight, App weight]")
        if entry["id"] in tables:
            raise CatalogError(f"{file}: table {entry['id']!r} is defined twice")
        known = KNOWN_OUTCOMES.get(entry["id"])
        if known is None:
            raise CatalogError(f"{file}: table {entry['id']!r} is not a table the game draws from")
        keys = [r[0] for r in rows]
        unknown = next((k for k in keys if k not in known), None)
        if unknown is not None:
            raise CatalogError(f"{file}: table {entry['id']!r}: {unknown!r} is not an outcome of this table "
                               f"({', '.join(sorted(known))})")
        if len(set(keys)) != len(keys):
            raise CatalogError(f"{file}: table {entry['id']!r}: an outcome is listed twice")
        if not sum(r[1] for r in rows) or not sum(r[2] for r in rows):
            raise CatalogError(f"{file}: table {entry['id']!r}: each weight column needs a weight above 0")
        tables[entry["id"]] = DrawTable(entry["id"], tuple((r[0], r[1], r[2]) for r in rows))
    return tables


@lru_cache(maxsize=1)
def draw_tables() -> dict[str, DrawTable]:
    """Every random table, read once (lazily: only games with random-table roles need it)."""
    path = default_draws_path()
    return parse_draw_tables(parse_data_file(path, read_data_file(path)), str(path))


def draw_table(table: str) -> DrawTable:
    try:
        return draw_tables()[table]
    except KeyError:
        raise CatalogError(f"draws.toml has no table {table!r}") from None


__all__ = ["KNOWN_OUTCOMES", "DrawPinError", "DrawTable", "draw", "draw_sample", "draw_table", "draw_tables",
           "draw_uniform", "drawn", "pinned_draw", "stream_random"]
