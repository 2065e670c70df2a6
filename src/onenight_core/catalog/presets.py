"""Named deck presets for each player count: the base game, Vampire and epic battles, Daybreak and Bonus,
Alien, Super Villains and the mixed ones.

The presets are data: ``presets.toml`` (beside ``roles.toml``; packaged as ``onenight_core/presets.toml``)
holds them in the order the set-up screen lists them, with what each deck is about (a message id, ``about``:
the words, in every language, are the app's; docs/text.md). This module reads that file once, the first
time a preset is asked for (``PRESETS``): importing it costs nothing, so a start that needs no preset
(``--help``, the set-up screen, which reads its cached facts) never parses the file. ``deck`` (parsing)
reads the presets from here and never the other way round."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

from ..errors import CatalogError
from ..model.values import _tuple
from ..ruleset_ids import DEFAULT_RULESET, RULESET_IDS


@frozen
class Preset:
    """A named deck for ``players`` players (``players + 3`` cards, more with Alpha Wolf)."""

    id: str
    players: int
    roles: tuple[str, ...] = field(converter=_tuple)
    about: str = ""
    """The message id of the preset's description (``preset_chaos_7``): the words are in the app's
    catalogs, one per language (onenight_tui/text/*.toml, table ``[presets]``)."""
    ruleset: str = DEFAULT_RULESET


def default_presets_path() -> Path:
    """presets.toml inside the installed package, or at the top of a source checkout (like roles.toml)."""
    packaged = resources.files("onenight_core") / "presets.toml"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "presets.toml"


_KEYS = {"id", "players", "roles", "about", "ruleset"}


def parse_presets(data: dict[str, Any], file: str = "presets.toml") -> dict[str, Preset]:
    """The presets of a parsed presets.toml, in its order; one CatalogError line for a malformed entry."""
    raw = data.get("preset")
    if not isinstance(raw, list) or not raw:
        raise CatalogError(f"{file}: needs [[preset]] entries")
    presets: dict[str, Preset] = {}
    for number, entry in enumerate(raw, 1):
        where = f"{file}: preset {entry.get('id', number)!r}" if isinstance(entry, dict) else f"{file}: preset {number}"
        if not isinstance(entry, dict):
            raise CatalogError(f"{where} is not a table")
        unknown = sorted(set(entry) - _KEYS)
        if unknown:
            raise CatalogError(f"{where}: unknown field {unknown[0]!r}")
        pid, players, roles = entry.get("id"), entry.get("players"), entry.get("roles")
        about, ruleset = entry.get("about", ""), entry.get("ruleset", DEFAULT_RULESET)
        if not isinstance(pid, str) or not pid:
            raise CatalogError(f"{where}: needs an id")
        if pid in presets:
            raise CatalogError(f"{where} is defined twice")
        if not isinstance(players, int) or isinstance(players, bool) or players < 1:
            raise CatalogError(f"{where}: 'players' must be a whole number")
        if not isinstance(roles, list) or not roles or not all(isinstance(r, str) and r for r in roles):
            raise CatalogError(f"{where}: 'roles' must list role ids")
        if not isinstance(about, str):
            raise CatalogError(f"{where}: 'about' must be a message id")
        if ruleset not in RULESET_IDS:
            raise CatalogError(f"{where}: 'ruleset' must be one of {', '.join(RULESET_IDS)}")
        presets[pid] = Preset(pid, players, tuple(roles), about, ruleset)
    return presets


@lru_cache(maxsize=1)
def _packaged() -> dict[str, Preset]:
    from .rules import parse_data_file, read_data_file

    path = default_presets_path()
    return parse_presets(parse_data_file(path, read_data_file(path)), path.name)


if TYPE_CHECKING:
    #: Every preset by id, in the set-up screen's order (read from presets.toml when first used).
    PRESETS: dict[str, Preset]


def __getattr__(name: str) -> Any:
    if name == "PRESETS":
        return _packaged()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def presets_for(players: int, ruleset: str = DEFAULT_RULESET) -> list[Preset]:
    return [p for p in _packaged().values() if p.players == players and p.ruleset == ruleset]


def default_preset(players: int) -> Preset | None:
    return _packaged().get(f"base-{players}")
