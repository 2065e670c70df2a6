"""The role catalog, loaded from ``roles.toml`` (the one source of role data; docs/roles-schema.md).

The loader validates as it reads and names the role and field of every problem, so a broken catalog
fails with one clear line rather than deep inside a game."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from attrs import field, frozen

from ..english import name_roles_with
from ..errors import CatalogError
from ..file_io import UnreadableFile, read_bytes
from ..ruleset_ids import DEFAULT_RULESET, RULESET_IDS, wake_field
from ..languages import LANGUAGES  # the one list (languages.py): every table of languages names each
from .rules import check_references, default_rules, default_rules_path, parse_data_file, read_data_file

EDITIONS = frozenset(
    "base daybreak vampire alien super_villains bonus1 bonus2 bonus3 bonus4 dalbula_custom".split()
)
TEAMS = frozenset("village_hero werewolf vampire alien villain special".split())
REPS = frozenset("werewolf vampire alien villain".split())
PHASES = frozenset("dusk twilight night none".split())
NIGHT_SIGNS = frozenset("!?-")
COPY_SIGNS = frozenset({"!", "~", "G", "-", "*", "G!", "G~"})  # G! / G~: joins the group and acts now / later
RULESETS = RULESET_IDS  # the rulesets a role may belong to (``ruleset_ids``: the one list)
ONUW_WAKE = re.compile(r"^-?\d+(-[A-Z]{1,2})*$")
DALBULA_WAKE = re.compile(r"^(X\d+|-?\d+[A-Z]?(-SV(-[A-Z])?)?|-?\d+X|-8-SV|1-SV-[A-Z])$")

_ROLE_KEYS = {
    "id", "number", "edition", "team", "special_team", "rep", "hero", "phase", "wake", "dalbula_wake",
    "group", "night", "doppelganger", "rulesets", "names", "text", "narration", "marks", "article",
}
_REQUIRED = ("id", "number", "edition", "team", "phase", "night", "doppelganger", "rulesets", "names", "text")
_NARRATION_KEYS = {"wake", "sleep", "doppelganger", "table_wake", "table_sleep", "table_doppelganger", "day",
                   "dalbula_wake", "dalbula_doppelganger"}  # Dalbula's own words where S0 differs
# "draw.<value>": the words of a public random draw of that role or step (engine/narration.draw_text)
_DRAW_LINE = re.compile(r"^draw\.[a-z0-9_]+$")


Narration = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


def _sorted_items(table: Mapping[str, str] | tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """A language table as sorted (language, text) pairs (hashable, comparable)."""
    return tuple(sorted(table.items() if isinstance(table, Mapping) else table))


def _narration_line(narration: Narration, kind: str, lang: str) -> str | None:
    for key, lines in narration:
        if key == kind:
            d = dict(lines)
            return d.get(lang) or d.get("en")
    return None


@frozen
class RoleInfo:
    """Everything the catalog says about one role. Behaviour lives in ``onenight_core.rulesets.onuw.roles``."""

    id: str
    number: int
    edition: str
    team: str
    phase: str
    night: str
    doppelganger: str
    rulesets: tuple[str, ...] = field(converter=tuple)
    names: tuple[tuple[str, str], ...] = field(converter=_sorted_items)
    text: tuple[tuple[str, str], ...] = field(converter=_sorted_items)
    special_team: str | None = None
    rep: str | None = None
    hero: bool = False
    wake: str | None = None
    dalbula_wake: str | None = None
    group: str | None = None
    narration: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    marks: tuple[str, ...] = field(default=(), converter=tuple)  # the marks this role gives at night
    articles: tuple[tuple[str, str], ...] = field(default=(), converter=_sorted_items)
    """The article a language puts before the name where it cannot be guessed (French: ``la`` for the
    Voyante, none for Cupidon); a language without an entry guesses (``le``, ``l'`` before a vowel)."""

    def name(self, lang: str = "en") -> str:
        """The role's name in ``lang``, falling back to English."""
        names = dict(self.names)
        return names.get(lang) or names["en"]

    def article(self, lang: str) -> str | None:
        """The article of the name in ``lang`` (``la``; ``""`` for a proper name), None to guess it."""
        return dict(self.articles).get(lang)

    def ability(self, lang: str = "en") -> str:
        texts = dict(self.text)
        return texts.get(lang) or texts["en"]

    def line(self, kind: str, lang: str = "en") -> str | None:
        """A narration line (``wake``, ``sleep`` or ``doppelganger``) in ``lang`` (English fallback)."""
        return _narration_line(self.narration, kind, lang)

    def wake_code(self, ruleset: str = DEFAULT_RULESET) -> str | None:
        """The wake code in ``ruleset``'s night order (the field it reads: ``ruleset_ids.wake_field``)."""
        code: str | None = getattr(self, wake_field(ruleset))
        return code


@frozen
class EngineStepInfo:
    """Narration of an engine step that belongs to no role (night start, mark check, lovers, dawn), and the
    heading the narrator shows for it where rules.toml does not name it (night, dawn)."""

    id: str
    narration: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    names: tuple[tuple[str, str], ...] = ()

    def name(self, lang: str = "en") -> str | None:
        """Its heading in ``lang`` (English fallback); None when roles.toml names it nowhere."""
        names = dict(self.names)
        return names.get(lang) or names.get(LANGUAGES[0])

    def line(self, kind: str, lang: str = "en") -> str | None:
        return _narration_line(self.narration, kind, lang)


@frozen
class Catalog:
    roles: tuple[RoleInfo, ...]
    steps: tuple[EngineStepInfo, ...] = ()
    _by_id: dict[str, RoleInfo] = field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {r.id: r for r in self.roles})

    def __getitem__(self, role_id: str) -> RoleInfo:
        try:
            return self._by_id[role_id]
        except KeyError:
            raise CatalogError(f"unknown role {role_id!r}") from None

    def __contains__(self, role_id: object) -> bool:
        return role_id in self._by_id

    def get(self, role_id: str) -> RoleInfo | None:
        return self._by_id.get(role_id)

    def step(self, step_id: str) -> EngineStepInfo | None:
        for s in self.steps:
            if s.id == step_id:
                return s
        return None

    def in_ruleset(self, ruleset: str) -> tuple[RoleInfo, ...]:
        return tuple(r for r in self.roles if ruleset in r.rulesets)

    def find(self, text: str) -> RoleInfo | None:
        """A role by id or by a name in any language (case-insensitive)."""
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        if key in self:
            return self[key]
        folded = text.strip().casefold()
        for r in self.roles:
            if any(n.casefold() == folded for _, n in r.names):
                return r
        return None


def _lang_table(where: str, value: Any, required: tuple[str, ...] = LANGUAGES[:1]) -> dict[str, str]:
    """A table of language = text: known languages only, each of ``required`` (a narration line: the
    fallback language, which a missing line is read in; a role's names and text: every language)."""
    if not isinstance(value, dict):
        raise CatalogError(f"{where}: expected a table of languages")
    for lang, text in value.items():
        if lang not in LANGUAGES:
            raise CatalogError(f"{where}: unknown language {lang!r}")
        if not isinstance(text, str) or not text.strip():
            raise CatalogError(f"{where}.{lang}: expected a non-empty string")
    for lang in required:
        if lang not in value:
            raise CatalogError(f"{where}: missing the {lang!r} translation")
    return value


def _articles(where: str, value: Any) -> dict[str, str]:
    """``article = { fr = "la" }``: per language, the article before the name (empty: a proper name)."""
    if not isinstance(value, dict) or any(not isinstance(v, str) for v in value.values()):
        raise CatalogError(f"{where}: expected a table of language = article")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise CatalogError(f"{where}: unknown language {unknown[0]!r}")
    return value


def _narration(where: str, value: Any) -> Narration:
    if not isinstance(value, dict):
        raise CatalogError(f"{where}: expected a table")
    out = []
    for key, lines in value.items():
        if key not in _NARRATION_KEYS and not _DRAW_LINE.match(key):
            raise CatalogError(f"{where}: unknown key {key!r}")
        out.append((key, tuple(sorted(_lang_table(f"{where}.{key}", lines).items()))))
    return tuple(out)


def _role(raw: Any, index: int) -> RoleInfo:
    if not isinstance(raw, dict):
        raise CatalogError(f"role #{index + 1}: expected a table")
    rid = raw.get("id")
    if not isinstance(rid, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", rid):
        raise CatalogError(f"role #{index + 1}: field 'id' must be a snake_case string")
    where = f"role {rid!r}"
    unknown = set(raw) - _ROLE_KEYS
    if unknown:
        raise CatalogError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    for key in _REQUIRED:
        if key not in raw:
            raise CatalogError(f"{where}: missing field {key!r}")

    def choice(key: str, allowed: frozenset[str]) -> str | None:
        value = raw.get(key)
        if value is not None and (not isinstance(value, str) or value not in allowed):
            raise CatalogError(f"{where}: field {key!r} has unknown value {value!r}")
        return value

    if not isinstance(raw["number"], int):
        raise CatalogError(f"{where}: field 'number' must be an integer")
    choice("edition", EDITIONS)
    choice("team", TEAMS)
    choice("rep", REPS)
    choice("phase", PHASES)
    choice("group", frozenset(g.id for g in default_rules().groups))
    choice("night", NIGHT_SIGNS)
    choice("doppelganger", COPY_SIGNS)
    if not isinstance(raw.get("hero", False), bool):
        raise CatalogError(f"{where}: field 'hero' must be true or false")
    wake = raw.get("wake")
    if wake is not None and (not isinstance(wake, str) or not ONUW_WAKE.match(wake)):
        raise CatalogError(f"{where}: field 'wake' is a malformed wake code: {wake!r}")
    dwake = raw.get("dalbula_wake")
    if dwake is not None and (not isinstance(dwake, str) or not DALBULA_WAKE.match(dwake)):
        raise CatalogError(f"{where}: field 'dalbula_wake' is a malformed wake code: {dwake!r}")
    rulesets = raw["rulesets"]
    if not isinstance(rulesets, list) or not rulesets or any(r not in RULESETS for r in rulesets):
        raise CatalogError(f"{where}: field 'rulesets' must list rulesets among {', '.join(RULESETS)}")
    marks = raw.get("marks", [])
    mark_ids = default_rules().mark_ids
    if not isinstance(marks, list) or any(m not in mark_ids for m in marks):
        raise CatalogError(f"{where}: field 'marks' must list mark ids among {', '.join(mark_ids)}")
    # every role is named and explained in all four languages (issue 15); narration lines may fall back
    names = _lang_table(f"{where}: field 'names'", raw["names"], required=LANGUAGES)
    text = _lang_table(f"{where}: field 'text'", raw["text"], required=LANGUAGES)
    narration = _narration(f"{where}: field 'narration'", raw.get("narration", {}))
    articles = _articles(f"{where}: field 'article'", raw.get("article", {}))
    return RoleInfo(
        id=rid, number=raw["number"], edition=raw["edition"], team=raw["team"], phase=raw["phase"],
        night=raw["night"], doppelganger=raw["doppelganger"], rulesets=rulesets, names=names, text=text,
        special_team=raw.get("special_team"), rep=raw.get("rep"), hero=raw.get("hero", False),
        wake=wake, dalbula_wake=dwake, group=raw.get("group"), narration=narration, marks=marks,
        articles=articles,
    )


def parse_catalog(data: dict[str, Any]) -> Catalog:
    """Validate parsed TOML and build the catalog."""
    unknown = set(data) - {"role", "step"}
    if unknown:
        raise CatalogError(f"roles.toml: unknown top-level key {sorted(unknown)[0]!r}")
    raw_roles = data.get("role")
    if not isinstance(raw_roles, list) or not raw_roles:
        raise CatalogError("roles.toml: no [[role]] tables")
    roles, seen = [], set()
    for i, raw in enumerate(raw_roles):
        role = _role(raw, i)
        if role.id in seen:
            raise CatalogError(f"role {role.id!r}: duplicate id")
        seen.add(role.id)
        roles.append(role)
    steps = []
    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list):
        raise CatalogError("roles.toml: 'step' must be [[step]] tables")
    for raw in raw_steps:
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise CatalogError("roles.toml: every [[step]] needs a string 'id'")
        extra = set(raw) - {"id", "narration", "names"}
        if extra:
            raise CatalogError(f"step {raw['id']!r}: unknown field {sorted(extra)[0]!r}")
        names = _lang_table(f"step {raw['id']!r}: field 'names'", raw["names"], required=LANGUAGES) \
            if "names" in raw else {}
        steps.append(EngineStepInfo(raw["id"], _narration(f"step {raw['id']!r}: field 'narration'",
                                                          raw.get("narration", {})), _sorted_items(names)))
    return Catalog(tuple(roles), tuple(steps))


def load_catalog_file(path: str | Path) -> Catalog:
    """Read and validate a roles.toml file; every problem is one CatalogError line naming the file
    (file_io: a regular UTF-8 file of bounded size and nesting)."""
    return _catalog_from_bytes(path, read_data_file(path))


def _catalog_from_bytes(path: str | Path, raw: bytes) -> Catalog:
    data = parse_data_file(path, raw)
    try:
        return parse_catalog(data)
    except CatalogError as exc:
        raise CatalogError(f"{path}: {exc}") from None


def default_catalog_path() -> Path:
    """roles.toml inside the installed package, or at the top of a source checkout."""
    packaged = resources.files("onenight_core") / "roles.toml"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "roles.toml"


def _english_name(role: str) -> str | None:
    info = default_catalog().get(role)
    return None if info is None else info.name("en")


name_roles_with(_english_name)  # errors name roles in English (english.py cannot import the catalog)


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The packaged roles.toml, checked against the packaged rules.toml (every role a rule names);
    kept parsed between runs in the user's cache folder (``catalog.cache``)."""
    from .cache import cache_file

    return load_default_catalog(cache_file("catalog.pickle"))


def load_default_catalog(cache_file: Path | None) -> Catalog:
    """The packaged catalog, read back from ``cache_file`` when it holds this very catalog, else parsed,
    checked and written there for the next run. At start-up reading it back takes ~1 ms instead of
    ~20 ms of parsing. The cache is keyed by the two files' bytes and this code, so an edited roles.toml
    is always parsed (and its errors reported) as if there were no cache."""
    from . import cache, rules

    path, rules_path = default_catalog_path(), default_rules_path()

    def checked(raw: bytes) -> Catalog:
        catalog = _catalog_from_bytes(path, raw)
        check_references(default_rules(), catalog)
        return catalog

    try:
        raw = read_bytes(path)
        key = cache.cache_key(raw, read_bytes(rules_path), cache.source_of(__file__),
                              cache.source_of(rules.__file__), " ".join(LANGUAGES).encode())
    except (UnreadableFile, OSError):  # no cache: the plain reading says what is wrong, if anything
        catalog = load_catalog_file(path)
        check_references(default_rules(), catalog)
        return catalog
    return cache.through_cache(cache_file, key, Catalog, lambda: checked(raw))
