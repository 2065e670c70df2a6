"""Decks: parsing ``werewolf*2,seer,...`` and the named presets for each player count.

Presets are the decks the set-up screen, ``simulate`` and the narrator offer. Other modules (expansions)
add their presets with ``add_preset``."""

from __future__ import annotations

from attrs import field, frozen

from .catalog import Catalog, default_catalog
from .errors import SetupError
from .model import _tuple


@frozen
class Preset:
    """A named deck for ``players`` players (``players + 3`` cards, more with Alpha Wolf)."""

    id: str
    players: int
    roles: tuple[str, ...] = field(converter=_tuple)
    description: str = ""
    ruleset: str = "onuw"


_BASE = ("werewolf", "werewolf", "seer", "robber", "troublemaker")
_BASE_ADD = {
    3: ("villager",),
    4: ("villager", "drunk"),
    5: ("villager", "drunk", "insomniac"),
    6: ("villager", "drunk", "insomniac", "minion"),
    7: ("villager", "drunk", "insomniac", "minion", "hunter"),
    8: ("villager", "drunk", "insomniac", "minion", "hunter", "tanner"),
    9: ("villager", "drunk", "insomniac", "minion", "hunter", "tanner", "doppelganger"),
    10: ("mason", "mason", "drunk", "insomniac", "minion", "hunter", "tanner", "doppelganger"),
}

PRESETS: dict[str, Preset] = {}


def add_preset(preset: Preset) -> Preset:
    PRESETS[preset.id] = preset
    return preset


for _n, _extra in _BASE_ADD.items():
    add_preset(Preset(f"base-{_n}", _n, _BASE + _extra,
                      f"One Night Ultimate Werewolf, {_n} players: the classic mix of the base game"))
add_preset(Preset("beginner-5", 5, ("werewolf", "werewolf", "seer", "robber", "troublemaker",
                                    "villager", "villager", "villager"),
                  "First game: two werewolves, the three classic village powers and villagers"))
add_preset(Preset("chaos-7", 7, ("doppelganger", "werewolf", "werewolf", "minion", "seer", "robber",
                                 "troublemaker", "drunk", "insomniac", "tanner"),
                  "Lots of swaps, a Doppelganger and a Tanner: nobody knows who they are"))
add_preset(Preset("masons-6", 6, ("werewolf", "werewolf", "minion", "mason", "mason", "seer",
                                  "robber", "troublemaker", "villager"),
                  "Two Masons who can vouch for each other against a Minion"))


def presets_for(players: int, ruleset: str = "onuw") -> list[Preset]:
    return [p for p in PRESETS.values() if p.players == players and p.ruleset == ruleset]


def default_preset(players: int) -> Preset | None:
    return PRESETS.get(f"base-{players}")


def parse_deck(text: str, catalog: Catalog | None = None) -> tuple[str, ...]:
    """``werewolf*2,seer,robber`` or a preset id (``base-5``), or a mix, as a tuple of role ids.

    Roles may be written by id or by name in any language; raises SetupError naming a bad item."""
    catalog = catalog or default_catalog()
    roles: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        if item in PRESETS:
            roles.extend(PRESETS[item].roles)
            continue
        name, _, count = item.partition("*")
        if not count and "x" in item and item.rsplit("x", 1)[1].isdigit() and catalog.find(item.rsplit("x", 1)[0]):
            name, count = item.rsplit("x", 1)
        try:
            times = int(count) if count else 1
        except ValueError:
            raise SetupError(f"bad count in {item!r} (write role*2)") from None
        if times < 1 or times > 20:
            raise SetupError(f"bad count in {item!r}")
        info = catalog.find(name)
        if info is None:
            raise SetupError(f"unknown role or preset {name.strip()!r} (see `onenight roles`)")
        roles.extend([info.id] * times)
    if not roles:
        raise SetupError("no roles given")
    return tuple(roles)


def format_deck(roles) -> str:
    """The compact form ``werewolf*2,seer`` of a deck, in first-appearance order."""
    counts: dict[str, int] = {}
    for r in roles:
        counts[r] = counts.get(r, 0) + 1
    return ",".join(f"{r}*{c}" if c > 1 else r for r, c in counts.items())


from . import presets_vampire  # noqa: E402,F401  (Vampire and epic-battle presets)
from . import presets_expansions  # noqa: E402,F401 — registers the Daybreak and Bonus presets
