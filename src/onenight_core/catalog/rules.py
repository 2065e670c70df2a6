"""The rule data that is not about one role, loaded from ``rules.toml`` beside ``roles.toml``.

Teams (with their side and whether a card can count as them), the rules that give a seat its team key,
the groups and the role each group step is filed under, the engine's own night steps (their order among
the wake codes and the roles that call them), the marks and the artifacts, each with names in every
language the catalog has. The engine, the night script and the resolution read these instead of
keeping their own tables of role ids (docs/roles-schema.md, "rules.toml").

The file is validated as it is read: every problem is one ``CatalogError`` line naming the file, the
table and the key. References to roles are checked against the role catalog by ``check_references``
(the catalog loader calls it), so a rule can never name a role that does not exist."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

from ..errors import CatalogError
from ..file_io import UnreadableFile, decode_utf8, parse_toml, read_bytes
from ..languages import LANGUAGES

if TYPE_CHECKING:
    from .loader import Catalog

SIDES = ("village", "evil", "special")
_LANGS = LANGUAGES
NAME_LANGUAGES = _LANGS  # every names/effect/text table has every language (languages.py; issue 15)
_TABLES = {
    "team": ({"id", "side", "names"}, {"kind"}),
    "team_key": ({"roles"}, {"own", "own_if", "serves", "otherwise", "over_kind"}),
    "group": ({"id", "lead", "names"}, set()),
    "engine_step": ({"id", "order", "when", "names"}, {"turns"}),
    "mark": ({"id", "names", "effect"}, set()),
    "artifact": ({"id", "edition", "names", "text"}, {"role"}),
    "curator_token": ({"id", "names", "text"}, {"edition", "role"}),
}

Names = tuple[tuple[str, str], ...]


def _pick(table: Names, lang: str) -> str:
    d = dict(table)
    return d.get(lang) or d["en"]


class _Named:
    """A rule entry with names in every language: ``name(lang)`` picks one (English as the fallback)."""

    __slots__ = ()
    names: Names

    def name(self, lang: str = "en") -> str:
        return _pick(self.names, lang)


@frozen
class TeamInfo(_Named):
    """A team key a seat can have at the vote. ``kind``: a card can count as this team (a
    representative: werewolf, vampire, alien, villain)."""

    id: str
    side: str
    names: Names
    kind: bool = False


@frozen
class Condition:
    """One ``own_if`` condition: ``mark`` (some player holds ``ids[0]``), ``role`` (some seat is
    ``ids[0]``) or ``roles`` (every one of ``ids`` is some seat's role)."""

    kind: str
    ids: tuple[str, ...]

    def holds(self, roles: frozenset[str], marks: frozenset[str]) -> bool:
        if self.kind == "mark":
            return self.ids[0] in marks
        return all(r in roles for r in self.ids)


@frozen
class TeamKeyRule:
    """How the seats holding one of ``roles`` get their team key (docs/resolution.md §0.7)."""

    roles: tuple[str, ...]
    own: bool = False
    own_if: tuple[Condition, ...] = ()
    serves: str | None = None
    otherwise: str | None = None
    over_kind: str | None = None  # the kind whose seats the rule also applies to

    def applies(self, kind: str | None) -> bool:
        return kind is None or kind == self.over_kind


@frozen
class GroupInfo(_Named):
    """Roles that wake together; a group step is filed under ``lead`` (its wake code, its narration)."""

    id: str
    lead: str
    names: Names


@frozen
class EngineStepRule(_Named):
    """A night step that belongs to no role: where it sorts among the wake codes, which roles call it."""

    id: str
    order: float
    when: frozenset[str]
    names: Names
    turns: str = "timed"  # how the table plays it: "timed" (one called step), "round" (each player in turn)
    # or "day" (its prompt stays pending through the day: the Mayor's reveal)


@frozen
class MarkInfo(_Named):
    id: str
    names: Names
    effects: Names

    def effect(self, lang: str = "en") -> str:
        return _pick(self.effects, lang)


@frozen
class ArtifactInfo(_Named):
    """One artifact: the role it turns its holder into (if any), names and text."""

    id: str
    edition: str
    names: Names
    texts: Names
    role: str | None = None

    @property
    def name_en(self) -> str:
        return self.name("en")

    @property
    def name_ko(self) -> str:
        return self.name("ko")

    @property
    def text_en(self) -> str:
        return self.text("en")

    @property
    def text_ko(self) -> str:
        return self.text("ko")

    def text(self, lang: str = "en") -> str:
        return _pick(self.texts, lang)


@frozen
class Rules:
    """Everything ``rules.toml`` says, with look-ups by id."""

    teams: tuple[TeamInfo, ...]
    team_keys: tuple[TeamKeyRule, ...]
    groups: tuple[GroupInfo, ...]
    engine_steps: tuple[EngineStepRule, ...]
    marks: tuple[MarkInfo, ...]
    artifacts: tuple[ArtifactInfo, ...]
    curator_tokens: tuple[ArtifactInfo, ...] = ()
    _key_rules: dict[str, TeamKeyRule] = field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_key_rules", {r: rule for rule in self.team_keys for r in rule.roles})

    @property
    def kinds(self) -> tuple[str, ...]:
        """The teams a card can count as, in file order (werewolf, vampire, alien, villain)."""
        return tuple(t.id for t in self.teams if t.kind)

    @property
    def mark_ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.marks)

    def team(self, team_id: str) -> TeamInfo | None:
        return next((t for t in self.teams if t.id == team_id), None)

    def key_rule(self, role: str) -> TeamKeyRule | None:
        return self._key_rules.get(role)

    def group(self, group_id: str) -> GroupInfo | None:
        return next((g for g in self.groups if g.id == group_id), None)

    def engine_step(self, step_id: str) -> EngineStepRule | None:
        return next((s for s in self.engine_steps if s.id == step_id), None)

    def mark(self, mark_id: str) -> MarkInfo | None:
        return next((m for m in self.marks if m.id == mark_id), None)

    def artifact(self, artifact_id: str) -> ArtifactInfo | None:
        return next((a for a in self.artifacts + self.curator_tokens if a.id == artifact_id), None)


# -- reading ------------------------------------------------------------------------------------------

class _Reader:
    """Validates one file's tables; every error names the file, the table entry and the key."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, problem: str) -> CatalogError:
        return CatalogError(f"{self.file}: {where}: {problem}")

    def entries(self, data: dict[str, Any], table: str) -> list[tuple[str, dict[str, Any]]]:
        raw = data.get(table, [])
        if not isinstance(raw, list):
            raise self.fail(f"[[{table}]]", "must be an array of tables")
        required, optional = _TABLES[table]
        out = []
        for i, entry in enumerate(raw):
            where = f"[[{table}]] #{i + 1}"
            if not isinstance(entry, dict):
                raise self.fail(where, "is not a table")
            if isinstance(entry.get("id"), str):
                where = f"[[{table}]] {entry['id']!r}"
            unknown = set(entry) - required - optional
            if unknown:
                raise self.fail(where, f"unknown key {sorted(unknown)[0]!r}")
            missing = [k for k in sorted(required) if k not in entry]
            if missing:
                raise self.fail(where, f"missing key {missing[0]!r}")
            if "id" in entry and (not isinstance(entry["id"], str) or not entry["id"]):
                raise self.fail(where, "key 'id' must be a non-empty string")
            out.append((where, entry))
        ids = [e["id"] for _, e in out if "id" in e]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise self.fail(f"[[{table}]] {dupes[0]!r}", "duplicate id")
        return out

    def names(self, where: str, key: str, value: Any) -> Names:
        if not isinstance(value, dict) or any(not isinstance(v, str) or not v for v in value.values()):
            raise self.fail(where, f"key {key!r} must be a table of language = text")
        unknown = set(value) - set(_LANGS)
        if unknown:
            raise self.fail(where, f"key {key!r} has unknown language {sorted(unknown)[0]!r}")
        missing = [lang for lang in NAME_LANGUAGES if lang not in value]
        if missing:
            raise self.fail(where, f"key {key!r} has no {missing[0]!r} text")
        return tuple(sorted(value.items()))

    def string_list(self, where: str, key: str, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not value or any(not isinstance(v, str) or not v for v in value):
            raise self.fail(where, f"key {key!r} must be a non-empty list of ids")
        return tuple(value)

    def flag(self, where: str, key: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"key {key!r} must be true or false")
        return value


def _condition(reader: _Reader, where: str, text: str) -> Condition:
    kind, sep, rest = text.partition(":")
    ids = tuple(rest.split("+")) if kind == "roles" else (rest,)
    if not sep or kind not in ("mark", "role", "roles") or not all(ids):
        raise reader.fail(where, f"key 'own_if' has a malformed condition {text!r} "
                                 "(write mark:<id>, role:<id> or roles:<a>+<b>)")
    return Condition(kind, ids)


def parse_rules(data: dict[str, Any], file: str = "rules.toml") -> Rules:
    """Validate parsed TOML and build the rules (role references are checked by ``check_references``)."""
    r = _Reader(file)
    unknown = set(data) - set(_TABLES)
    if unknown:
        raise CatalogError(f"{file}: unknown top-level key {sorted(unknown)[0]!r}")
    teams = []
    for where, e in r.entries(data, "team"):
        if not isinstance(e["side"], str) or e["side"] not in SIDES:
            raise r.fail(where, f"key 'side' must be one of {', '.join(SIDES)}, got {e['side']!r}")
        kind = r.flag(where, "kind", e.get("kind", False))
        if kind and e["side"] != "evil":
            raise r.fail(where, "key 'kind' is only for evil teams")
        teams.append(TeamInfo(e["id"], e["side"], r.names(where, "names", e["names"]), kind))
    if not teams or teams[0].id != "village":
        raise CatalogError(f"{file}: [[team]]: the first team must be 'village'")
    team_ids = {t.id for t in teams}
    kinds = {t.id for t in teams if t.kind}

    key_rules = []
    seen_roles: set[str] = set()
    for i, (where, e) in enumerate(r.entries(data, "team_key")):
        where = f"[[team_key]] #{i + 1}"
        roles = r.string_list(where, "roles", e["roles"])
        twice = sorted(set(roles) & seen_roles)
        if twice:
            raise r.fail(where, f"role {twice[0]!r} already has a team_key rule")
        seen_roles.update(roles)
        own = r.flag(where, "own", e.get("own", False))
        own_if = tuple(_condition(r, where, c) for c in
                       (r.string_list(where, "own_if", e["own_if"]) if "own_if" in e else ()))
        serves, otherwise = e.get("serves"), e.get("otherwise")
        if sum((own, bool(own_if), serves is not None)) != 1:
            raise r.fail(where, "give exactly one of 'own', 'own_if' or 'serves'")
        if serves is not None and (not isinstance(serves, str) or serves not in kinds):
            raise r.fail(where, f"key 'serves' must be a team with kind = true, got {serves!r}")
        if (serves is None) != (otherwise is None):
            raise r.fail(where, "keys 'serves' and 'otherwise' go together")
        if otherwise is not None and (not isinstance(otherwise, str) or otherwise not in team_ids):
            raise r.fail(where, f"key 'otherwise' names no [[team]]: {otherwise!r}")
        over_kind = e.get("over_kind")
        if over_kind is not None and (not isinstance(over_kind, str) or over_kind not in kinds):
            raise r.fail(where, f"key 'over_kind' must be a team with kind = true, got {over_kind!r}")
        key_rules.append(TeamKeyRule(roles, own, own_if, serves, otherwise, over_kind))

    groups = [GroupInfo(e["id"], e["lead"], r.names(where, "names", e["names"]))
              for where, e in r.entries(data, "group")]
    for where, e in r.entries(data, "group"):
        if not isinstance(e["lead"], str):
            raise r.fail(where, "key 'lead' must be a role id")

    steps = []
    for where, e in r.entries(data, "engine_step"):
        if isinstance(e["order"], bool) or not isinstance(e["order"], (int, float)):
            raise r.fail(where, "key 'order' must be a number")
        turns = e.get("turns", "timed")
        if not isinstance(turns, str) or turns not in ("timed", "round", "day"):
            raise r.fail(where, "key 'turns' must be 'timed', 'round' or 'day'")
        steps.append(EngineStepRule(e["id"], float(e["order"]), frozenset(r.string_list(where, "when", e["when"])),
                                    r.names(where, "names", e["names"]), turns))

    marks = [MarkInfo(e["id"], r.names(where, "names", e["names"]), r.names(where, "effect", e["effect"]))
             for where, e in r.entries(data, "mark")]
    if not marks or marks[0].id != "mark_of_clarity":
        raise CatalogError(f"{file}: [[mark]]: the first mark must be 'mark_of_clarity' (everyone's first)")

    def artifacts(table: str) -> list[ArtifactInfo]:
        out = []
        for where, e in r.entries(data, table):
            role = e.get("role")
            if role is not None and not isinstance(role, str):
                raise r.fail(where, "key 'role' must be a role id")
            out.append(ArtifactInfo(e["id"], e.get("edition", "dalbula"), r.names(where, "names", e["names"]),
                                    r.names(where, "text", e["text"]), role))
        return out

    return Rules(tuple(teams), tuple(key_rules), tuple(groups), tuple(steps), tuple(marks),
                 tuple(artifacts("artifact")), tuple(artifacts("curator_token")))


def check_references(rules: Rules, catalog: "Catalog", file: str = "rules.toml") -> None:
    """Every role a rule names exists in the catalog, every group of the catalog has a [[group]], and
    each group's lead is one of its members. Raises CatalogError naming the file and key."""
    def known(where: str, key: str, role: str) -> None:
        if role not in catalog:
            raise CatalogError(f"{file}: {where}: key {key!r} names an unknown role {role!r}")

    for i, rule in enumerate(rules.team_keys):
        for role in rule.roles:
            known(f"[[team_key]] #{i + 1}", "roles", role)
        for c in rule.own_if:
            if c.kind in ("role", "roles"):
                for role in c.ids:
                    known(f"[[team_key]] #{i + 1}", "own_if", role)
            elif c.ids[0] not in rules.mark_ids:
                raise CatalogError(f"{file}: [[team_key]] #{i + 1}: key 'own_if' names an unknown mark "
                                   f"{c.ids[0]!r}")
    for g in rules.groups:
        known(f"[[group]] {g.id!r}", "lead", g.lead)
        if catalog[g.lead].group != g.id:
            raise CatalogError(f"{file}: [[group]] {g.id!r}: key 'lead' {g.lead!r} is not in the group")
    for s in rules.engine_steps:
        for role in sorted(s.when):
            known(f"[[engine_step]] {s.id!r}", "when", role)
    for a in rules.artifacts + rules.curator_tokens:
        if a.role is not None:
            known(f"[[artifact]] {a.id!r}", "role", a.role)
    group_ids = {g.id for g in rules.groups}
    for info in catalog.roles:
        if info.group and info.group not in group_ids:
            raise CatalogError(f"roles.toml: role {info.id!r}: group {info.group!r} has no [[group]] in {file}")


def default_rules_path() -> Path:
    """rules.toml inside the installed package, or at the top of a source checkout (like roles.toml)."""
    packaged = resources.files("onenight_core") / "rules.toml"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[3] / "rules.toml"


def read_data_file(path: str | Path) -> bytes:
    """The bytes of a data file (rules.toml, roles.toml): a regular file of bounded size (file_io); a
    problem is a CatalogError naming the file."""
    try:
        return read_bytes(path)
    except UnreadableFile as exc:
        raise CatalogError(f"cannot read {path}: {exc}") from None


def parse_data_file(path: str | Path, raw: bytes) -> dict[str, Any]:
    """The TOML table of a data file's bytes (UTF-8, bounded nesting); a problem is a CatalogError
    naming the file."""
    try:
        return parse_toml(decode_utf8(raw))
    except UnreadableFile as exc:
        raise CatalogError(f"cannot read {path}: {exc}") from None


def load_rules_file(path: str | Path) -> Rules:
    """Read and validate a rules.toml file."""
    return _rules_from_bytes(path, read_data_file(path))


def _rules_from_bytes(path: str | Path, raw: bytes) -> Rules:
    return parse_rules(parse_data_file(path, raw), str(path))


@lru_cache(maxsize=1)
def default_rules() -> Rules:
    """The packaged rules.toml, kept parsed between runs in the user's cache folder (``catalog.cache``)."""
    from .cache import cache_file

    return load_default_rules(cache_file("rules.pickle"))


def load_default_rules(cache_file: Path | None) -> Rules:
    """The packaged rules, read back from ``cache_file`` when it holds these very rules (keyed by
    rules.toml's bytes and this module's source), else parsed and written there for the next run."""
    from . import cache

    path = default_rules_path()
    try:
        raw = read_bytes(path)
        key = cache.cache_key(raw, cache.source_of(__file__), " ".join(LANGUAGES).encode())
    except (UnreadableFile, OSError):  # no cache: the plain reading says what is wrong, if anything
        return load_rules_file(path)
    return cache.through_cache(cache_file, key, Rules, lambda: _rules_from_bytes(path, raw))


__all__ = ["ArtifactInfo", "Condition", "EngineStepRule", "GroupInfo", "MarkInfo", "Rules", "TeamInfo",
           "TeamKeyRule", "check_references", "default_rules", "load_rules_file", "parse_rules"]
