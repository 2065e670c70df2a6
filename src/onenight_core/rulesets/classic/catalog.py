"""The ``classic`` role catalog, read from ``classic.toml`` beside ``roles.toml``: classic roles are not
One Night roles (the classic seer inspects every night, the One Night seer once), so they keep their own
namespace and their own file. Every malformed entry is refused in one line (CatalogError).

Its ``[[step]]`` entries say how each night step wakes its players on the one laptop (``wakes``): one
player answers, several answer in turn, or the woken players only look. That is rules knowledge the
hot-seat night screen needs (who may open which prompt), so it lives here, not in the screen."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, TypeVar

from enum import StrEnum

from attrs import field, frozen

from ...catalog.loader import LANGUAGES
from ...errors import CatalogError
from ...file_io import UnreadableFile, parse_toml, read_text

SIDES = ("werewolves", "villagers", "piper")
SLOTS = ("", "thief", "cupid", "seer", "defender", "werewolf", "witch", "piper")
_KEYS = {"id", "side", "slot", "first_night_only", "unique", "names", "text"}
#: Every night step the classic game calls (``game.NIGHT_SLOTS`` and the New Moon cards' steps, ``events.NIGHT_STEPS``):
#: classic.toml has one ``[[step]]`` entry for each.
STEP_IDS = ("ally", "thief", "cupid", "lovers", "seer", "defender", "werewolf", "specter", "full_moon", "witch",
            "piper", "charmed")
_STEP_KEYS = {"id", "wakes"}


class Wakes(StrEnum):
    """How a night step wakes its players (classic.toml ``[[step]] wakes``)."""

    ONE = "one"           # the step's one player answers: the called player opens his prompt at once
    IN_TURN = "in_turn"   # several players answer in turn (the little girl, then each werewolf): the laptop
    #                       first asks who holds it, so nobody opens another player's prompt
    LOOK = "look"         # the woken players look at what they learn (after the step's one choice, if any)


def _pairs(mapping: Any) -> tuple[tuple[str, str], ...]:
    """Language -> text, as sorted pairs (hashable)."""
    return tuple(sorted(dict(mapping).items()))


@frozen
class ClassicRole:
    """One classic card: its side (docs/resolution.md 4.2) and the night slot it is called in (4.3)."""

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
class ClassicStep:
    """One night step (docs/resolution.md 4.3) and how it wakes its players."""

    id: str
    wakes: Wakes


@frozen
class ClassicCatalog:
    roles: tuple[ClassicRole, ...]
    sheriff_names: tuple[tuple[str, str], ...] = ()
    sheriff_text: tuple[tuple[str, str], ...] = ()
    steps: tuple[ClassicStep, ...] = ()

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

    def step(self, step_id: str) -> ClassicStep:
        for st in self.steps:
            if st.id == step_id:
                return st
        raise CatalogError(f"unknown classic night step {step_id!r} (known: {', '.join(STEP_IDS)})")


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


def _entry(raw: Any, index: int, kind: str, keys: frozenset[str] | set[str]) -> str:
    """Check that the ``index``-th ``[[kind]]`` of classic.toml is a table with exactly ``keys``; return
    where it is, for the messages about its fields."""
    where = f"classic.toml {kind} #{index + 1}"
    if not isinstance(raw, dict):
        raise CatalogError(f"{where}: a [[{kind}]] must be a table")
    where = f"classic.toml {kind} {raw.get('id', '#' + str(index + 1))!r}"
    missing = keys - set(raw)
    if missing:
        raise CatalogError(f"{where}: missing field {min(missing)!r}")
    unknown = set(raw) - keys
    if unknown:
        raise CatalogError(f"{where}: unknown field {min(unknown)!r}")
    return where


def _role(raw: Any, index: int) -> ClassicRole:
    where = _entry(raw, index, "role", _KEYS)
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


def _step(raw: Any, index: int) -> ClassicStep:
    where = _entry(raw, index, "step", _STEP_KEYS)
    if raw["id"] not in STEP_IDS:
        raise CatalogError(f"{where}: field 'id' must be one of {', '.join(STEP_IDS)}")
    if raw["wakes"] not in tuple(Wakes):
        raise CatalogError(f"{where}: field 'wakes' must be one of {', '.join(w.value for w in Wakes)}")
    return ClassicStep(raw["id"], Wakes(raw["wakes"]))


_Entry = TypeVar("_Entry", ClassicRole, ClassicStep)


def _entries(data: dict[str, Any], kind: str, parse: Callable[[Any, int], _Entry]) -> tuple[_Entry, ...]:
    """The ``[[kind]]`` tables of classic.toml, each parsed, no id twice."""
    raw = data.get(kind)
    if not isinstance(raw, list) or not raw:
        raise CatalogError(f"classic.toml: no [[{kind}]] tables")
    parsed = tuple(parse(entry, i) for i, entry in enumerate(raw))
    ids = [entry.id for entry in parsed]
    for eid in ids:
        if ids.count(eid) > 1:
            raise CatalogError(f"classic.toml: {kind} {eid!r} is defined twice")
    return parsed


def _steps(data: dict[str, Any]) -> tuple[ClassicStep, ...]:
    """The ``[[step]]`` entries: exactly one for every step the game calls."""
    steps = _entries(data, "step", _step)
    ids = [st.id for st in steps]
    for sid in STEP_IDS:
        if sid not in ids:
            raise CatalogError(f"classic.toml: no [[step]] for the night step {sid!r}")
    return steps


def parse_catalog(text: str) -> ClassicCatalog:
    """A catalog from the text of a classic.toml; one line (CatalogError) for anything malformed."""
    try:
        data = parse_toml(text)  # the guarded reader: bounded nesting, one line for bad TOML
    except UnreadableFile as exc:
        raise CatalogError(f"classic.toml: {exc}") from None
    parsed = _entries(data, "role", _role)
    ids = [r.id for r in parsed]
    for needed in ("werewolf", "villager"):
        if needed not in ids:
            raise CatalogError(f"classic.toml: the role {needed!r} is required")
    titles = data.get("title", {})
    title = titles.get("sheriff", {}) if isinstance(titles, dict) else None
    if not isinstance(title, dict):
        raise CatalogError("classic.toml: [title.sheriff] must be a table")
    sheriff, sheriff_text = title.get("names", {"en": "Sheriff"}), title.get("text", {})
    if title:
        _check_languages("classic.toml [title.sheriff]", "names", sheriff)
        _check_languages("classic.toml [title.sheriff]", "text", sheriff_text)
    return ClassicCatalog(parsed, tuple(sorted(sheriff.items())), tuple(sorted(sheriff_text.items())),
                          _steps(data))


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
