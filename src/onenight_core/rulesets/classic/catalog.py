"""The ``classic`` role catalog, read from ``classic.toml`` beside ``roles.toml``: classic roles are not
One Night roles (the classic seer inspects every night, the One Night seer once), so they keep their own
namespace and their own file. Every malformed entry is refused in one line (CatalogError)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from attrs import field, frozen

from ...catalog.loader import LANGUAGES
from ...errors import CatalogError
from ...file_io import UnreadableFile, read_text

SIDES = ("werewolves", "villagers", "piper")
SLOTS = ("", "thief", "cupid", "seer", "defender", "werewolf", "witch", "piper")
_KEYS = {"id", "side", "slot", "first_night_only", "unique", "names", "text"}


def _pairs(mapping: Any) -> tuple[tuple[str, str], ...]:
    """Language -> text, as sorted pairs (hashable)."""
    return tuple(sorted(dict(mapping).items()))


@frozen
class ClassicRole:
    """One classic card: its side (resolution.md 4.2) and the night slot it is called in (4.3)."""

    id: str
    side: str
    slot: str
    first_night_only: bool
    unique: bool
    names: tuple[tuple[str, str], ...] = field(converter=_pairs)
    text: tuple[tuple[str, str], ...] = field(converter=_pairs)

    def name(self, lang: str = "en") -> str:
        names = dict(self.names)
        return names.get(lang) or names["en"]


@frozen
class ClassicCatalog:
    roles: tuple[ClassicRole, ...]
    sheriff_names: tuple[tuple[str, str], ...] = ()
    sheriff_text: tuple[tuple[str, str], ...] = ()

    def __contains__(self, role_id: object) -> bool:
        return any(r.id == role_id for r in self.roles)

    def role(self, role_id: str) -> ClassicRole:
        for r in self.roles:
            if r.id == role_id:
                return r
        raise CatalogError(f"unknown classic role {role_id!r} (known: {', '.join(self.ids())})")

    def ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.roles)

    def side(self, role_id: str) -> str:
        return self.role(role_id).side


def _check_languages(where: str, key: str, value: Any) -> None:
    """A names or text table: a non-empty string in each of the four languages, and no other key."""
    if not isinstance(value, dict) or not all(isinstance(v, str) and v.strip() for v in value.values()):
        raise CatalogError(f"{where}: field {key!r} must be a table of language = non-empty text")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise CatalogError(f"{where}: field {key!r} has unknown language {unknown[0]!r}")
    missing = [lang for lang in LANGUAGES if lang not in value]
    if missing:
        raise CatalogError(f"{where}: field {key!r} has no {missing[0]!r} text")


def _role(raw: Any, index: int) -> ClassicRole:
    where = f"classic.toml role #{index + 1}"
    if not isinstance(raw, dict):
        raise CatalogError(f"{where}: a [[role]] must be a table")
    where = f"classic.toml role {raw.get('id', '#' + str(index + 1))!r}"
    missing = _KEYS - set(raw)
    if missing:
        raise CatalogError(f"{where}: missing field {min(missing)!r}")
    unknown = set(raw) - _KEYS
    if unknown:
        raise CatalogError(f"{where}: unknown field {min(unknown)!r}")
    if not isinstance(raw["id"], str) or not raw["id"].isidentifier():
        raise CatalogError(f"{where}: field 'id' must be a lower-case identifier")
    if raw["side"] not in SIDES:
        raise CatalogError(f"{where}: field 'side' must be one of {', '.join(SIDES)}")
    if raw["slot"] not in SLOTS:
        raise CatalogError(f"{where}: field 'slot' must be one of {', '.join(repr(s) for s in SLOTS)}")
    for key in ("first_night_only", "unique"):
        if not isinstance(raw[key], bool):
            raise CatalogError(f"{where}: field {key!r} must be true or false")
    for key in ("names", "text"):
        _check_languages(where, key, raw[key])
    return ClassicRole(raw["id"], raw["side"], raw["slot"], raw["first_night_only"], raw["unique"],
                       raw["names"], raw["text"])


def parse_catalog(text: str) -> ClassicCatalog:
    """A catalog from the text of a classic.toml; one line (CatalogError) for anything malformed."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"classic.toml: {exc}") from None
    roles = data.get("role")
    if not isinstance(roles, list) or not roles:
        raise CatalogError("classic.toml: no [[role]] tables")
    parsed = tuple(_role(raw, i) for i, raw in enumerate(roles))
    ids = [r.id for r in parsed]
    for rid in ids:
        if ids.count(rid) > 1:
            raise CatalogError(f"classic.toml: role {rid!r} is defined twice")
    for needed in ("werewolf", "villager"):
        if needed not in ids:
            raise CatalogError(f"classic.toml: the role {needed!r} is required")
    title = data.get("title", {}).get("sheriff", {})
    sheriff, sheriff_text = title.get("names", {"en": "Sheriff"}), title.get("text", {})
    if title:
        _check_languages("classic.toml [title.sheriff]", "names", sheriff)
        _check_languages("classic.toml [title.sheriff]", "text", sheriff_text)
    return ClassicCatalog(parsed, tuple(sorted(sheriff.items())), tuple(sorted(sheriff_text.items())))


def _path() -> Path:
    packaged = resources.files("onenight_core") / "classic.toml"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[4] / "classic.toml"


@lru_cache(maxsize=1)
def classic_catalog() -> ClassicCatalog:
    """The packaged classic.toml (read once)."""
    path = _path()
    try:
        return parse_catalog(read_text(path))
    except UnreadableFile as exc:
        raise CatalogError(f"{path}: {exc}") from None
