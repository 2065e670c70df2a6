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
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from enum import StrEnum

from attrs import field, frozen

from ...languages import LANGUAGES
from ...errors import CatalogError
from ...file_io import UnreadableFile, parse_toml, read_text

SIDES = ("werewolves", "villagers", "piper")
_KEYS = {"id", "side", "slot", "first_night_only", "unique", "names", "text"}
#: Every night step the classic game can call (the role slots, the steps that follow them, the New Moon
#: cards' event steps — the werewolves' ally's, the Specter's, Full Moon Rising's: ``events.NIGHT_STEPS``):
#: classic.toml has one ``[[step]]`` entry for each, in the order the night calls them
#: (``ClassicCatalog.night_order``: that order is written there only).
STEP_IDS = frozenset({"ally", "thief", "cupid", "lovers", "seer", "defender", "werewolf", "specter", "full_moon",
                      "witch", "piper", "charmed"})
_STEP_KEYS = {"id", "wakes"}
_STEP_OPTIONAL = {"follows"}


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
    follows: str = ""  # the step it comes right after, called with it (the lovers after cupid)


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
        raise CatalogError(f"unknown classic night step {step_id!r} (known: {', '.join(sorted(STEP_IDS))})")

    def step_card(self, step_id: str) -> ClassicRole | None:
        """The card whose presence calls the step: the role of that slot, or of the step it follows; None
        for an event's step (``ally``)."""
        follows = next((st.follows for st in self.steps if st.id == step_id and st.follows), step_id)
        return next((r for r in self.roles if r.slot == follows), None)

    def night_order(self) -> tuple[str, ...]:
        """Every step a night may call, in classic.toml's order (docs/resolution.md 4.3)."""
        return tuple(st.id for st in self.steps if self.step_card(st.id) is not None)

    def night_steps(self, composition: Collection[str], night: int) -> tuple[str, ...]:
        """The steps called on night ``night`` (1 = the first) of a game of ``composition``, in order: each
        step whose card is in the composition (dead or alive, A-C15), a first-night-only card's on night 1."""
        steps = []
        for step in self.night_order():
            card = self.step_card(step)
            if card is not None and card.id in composition and (night == 1 or not card.first_night_only):
                steps.append(step)
        return tuple(steps)


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


def _entry(raw: Any, index: int, kind: str, keys: frozenset[str] | set[str],
           optional: frozenset[str] | set[str] = frozenset()) -> str:
    """Check that the ``index``-th ``[[kind]]`` of classic.toml is a table with exactly ``keys``; return
    where it is, for the messages about its fields."""
    where = f"classic.toml {kind} #{index + 1}"
    if not isinstance(raw, dict):
        raise CatalogError(f"{where}: a [[{kind}]] must be a table")
    where = f"classic.toml {kind} {raw.get('id', '#' + str(index + 1))!r}"
    missing = keys - set(raw)
    if missing:
        raise CatalogError(f"{where}: missing field {min(missing)!r}")
    unknown = set(raw) - keys - optional
    if unknown:
        raise CatalogError(f"{where}: unknown field {min(unknown)!r}")
    return where


def _role(raw: Any, index: int) -> ClassicRole:
    where = _entry(raw, index, "role", _KEYS)
    if not isinstance(raw["id"], str) or not raw["id"].isidentifier():
        raise CatalogError(f"{where}: field 'id' must be a lower-case identifier")
    if raw["side"] not in SIDES:
        raise CatalogError(f"{where}: field 'side' must be one of {', '.join(SIDES)}")
    if raw["slot"] not in ("", *STEP_IDS):
        raise CatalogError(f"{where}: field 'slot' must be \"\" or a night step: {', '.join(sorted(STEP_IDS))}")
    for key in ("first_night_only", "unique"):
        if not isinstance(raw[key], bool):
            raise CatalogError(f"{where}: field {key!r} must be true or false")
    for key in ("names", "text"):
        _check_languages(where, key, raw[key])
    return ClassicRole(raw["id"], raw["side"], raw["slot"], raw["first_night_only"], raw["unique"],
                       raw["names"], raw["text"])


def _step(raw: Any, index: int) -> ClassicStep:
    where = _entry(raw, index, "step", _STEP_KEYS, _STEP_OPTIONAL)
    if raw["id"] not in STEP_IDS:
        raise CatalogError(f"{where}: field 'id' must be one of {', '.join(sorted(STEP_IDS))}")
    if raw.get("follows", "") not in ("", *STEP_IDS) or raw.get("follows") == raw["id"]:
        raise CatalogError(f"{where}: field 'follows' must name another step")
    if raw["wakes"] not in tuple(Wakes):
        raise CatalogError(f"{where}: field 'wakes' must be one of {', '.join(w.value for w in Wakes)}")
    return ClassicStep(raw["id"], Wakes(raw["wakes"]), raw.get("follows", ""))


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
    for sid in sorted(STEP_IDS):
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
    steps = _steps(data)
    following = {st.id for st in steps if st.follows}
    for role in parsed:
        if role.slot in following:
            raise CatalogError(f"classic.toml: role {role.id!r}: its slot {role.slot!r} follows another step")
    return ClassicCatalog(parsed, tuple(sorted(sheriff.items())), tuple(sorted(sheriff_text.items())), steps)


def _path() -> Path:
    packaged = resources.files("onenight_core") / "classic.toml"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[4] / "classic.toml"


def __getattr__(name: str) -> Any:
    """``SLOTS``: "" (no night step) and the roles' slots in the night's order, read from classic.toml."""
    if name == "SLOTS":
        follows = {st.id for st in classic_catalog().steps if st.follows}
        return ("", *(s for s in classic_catalog().night_order() if s not in follows))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    SLOTS: tuple[str, ...]


@lru_cache(maxsize=1)
def classic_catalog() -> ClassicCatalog:
    """The packaged classic.toml (read once)."""
    path = _path()
    try:
        return parse_catalog(read_text(path))
    except UnreadableFile as exc:
        raise CatalogError(f"{path}: {exc}") from None
