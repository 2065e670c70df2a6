"""Scenario files (docs/scenarios.md): read them, play each case through the engine's one protocol, and
compare what happened with the case's ``expect`` table.

A scenario file is a bug report, a rule discussion and a test at once, so it must be played exactly as
a player would play it: through ``new_game``/``dawn_game``, ``pending`` and ``apply``, nothing else. The
replay holds no rule and no per-role code. Every ``do`` verb becomes an ``Action`` by the verb
convention of docs/engine.md (positions go in ``targets``, anything else in ``value``), so a role added
tomorrow is replayable the day its behaviour is registered.

Two kinds of failure are kept apart. A file that is not a scenario file (bad TOML, an unknown key, a
value of the wrong type) raises ``ScenarioError`` with one line naming the file, the case and the key:
nothing of it is played. A case the engine cannot play (unknown role, a prompt the file leaves
unanswered) gets an error of its own and the other cases still run."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Callable

from attrs import field, frozen

from .catalog import default_catalog
from .engine import apply, dawn_game, new_game, outcome, pending, validate_setup
from .errors import IllegalAction, OneNightError, ScenarioError, SetupError
from .identity import card_role
from .model import DONE, PASS, Action, Card, CardView, Learned, MarkView, Prompt, Setup, _tuple
from .positions import pos_name
from .roles import playable
from .state import CLARITY, GameState

POSITION = re.compile(r"^[pc]\d+$")
CASE_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
ANNOTATIONS = frozenset({"notes", "ambiguous"})
CASE_KEYS = frozenset({"id", "rule", "source", "ruleset", "seed", "deal", "center", "dawn", "votes",
                       "step", "expect"}) | ANNOTATIONS
STEP_KEYS = frozenset({"seat", "role", "copier", "do", "illegal", "blocked"}) | ANNOTATIONS
DAWN_KEYS = frozenset({"card", "copied", "mark", "couple", "artifact"}) | ANNOTATIONS
EXPECT_KEYS = ("final", "final_center", "seen", "marks", "dusk_marks", "learned", "effective", "shields",
               "face_up", "mode", "dead", "winners")
VOTE_KEYS = frozenset({"mode", "dead", "winners"})
COPIERS = ("doppelganger", "copycat", "mirror_man")
BLOCKERS = ("shield", "mark_of_fear")
RULESETS = ("onuw", "dalbula")
MARKS = ("mark_of_clarity", "mark_of_the_vampire", "mark_of_fear", "mark_of_the_bat", "mark_of_disease",
         "mark_of_love", "mark_of_the_traitor", "mark_of_the_assassin")
MARK_CHECK = "mark_check"


class CaseError(ScenarioError):
    """A case the engine cannot play; the other cases of the file still run."""


class CaseSkipped(CaseError):
    """A case that needs a role or ruleset that is not playable yet (not a failure)."""


# -- the file's contents ------------------------------------------------------------------------------

@frozen
class ScenarioStep:
    """One ``[[case.step]]``: ``seat`` acting as ``role`` (through ``copier``) answers with ``actions``."""

    index: int
    seat: int
    role: str
    actions: tuple[Action, ...] = field(converter=_tuple)
    copier: str | None = None
    illegal: bool = False
    blocked: str | None = None

    @property
    def label(self) -> str:
        who = f"p{self.seat} {self.role}" + (f" as {self.copier}" if self.copier else "")
        return f"step {self.index} ({who})"

    def asks(self, prompt: Prompt) -> bool:
        """Whether ``prompt`` is this step's turn: same seat, same role, same copier."""
        return (prompt.seat == self.seat and prompt.role == self.role and prompt.copier == self.copier
                and prompt.kind != "vote")


@frozen
class DawnSeat:
    """One seat of a ``dawn`` table: the card and what lies on or with it."""

    card: str
    copied: str | None = None
    mark: str = CLARITY
    couple: int | None = None
    artifact: str | None = None


@frozen
class ScenarioCase:
    """One ``[[case]]``: either a night (``deal``, ``center``, ``steps``) or a ``dawn`` table."""

    id: str
    file: str
    rule: str = ""
    source: str = ""
    ruleset: str = "onuw"
    seed: int = 0
    deal: tuple[str, ...] = field(default=(), converter=_tuple)
    center: tuple[str, ...] = field(default=(), converter=_tuple)
    dawn: tuple[DawnSeat, ...] = field(default=(), converter=_tuple)
    votes: tuple | None = None
    steps: tuple[ScenarioStep, ...] = field(default=(), converter=_tuple)
    expect: tuple[tuple[str, Any], ...] = field(default=(), converter=_tuple)

    @property
    def players(self) -> int:
        return len(self.dawn) if self.dawn else len(self.deal)

    @property
    def starts_at_dawn(self) -> bool:
        return bool(self.dawn)

    def expected(self) -> dict[str, Any]:
        return dict(self.expect)


def load_scenarios(path: str | Path) -> tuple[ScenarioCase, ...]:
    """Read a scenario file; raises ScenarioError (one line) for anything that is not a scenario file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ScenarioError(f"{path}: is a directory, not a scenario file") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a UTF-8 text file") from None
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return parse_scenarios(text, str(path))


def parse_scenarios(text: str, name: str = "<scenario>") -> tuple[ScenarioCase, ...]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{name}: bad TOML: {exc}") from None
    extra = sorted(set(data) - {"case"})
    if extra:
        raise ScenarioError(f"{name}: unknown top-level key {extra[0]!r} (a scenario file holds [[case]] tables)")
    raw_cases = data.get("case")
    if not isinstance(raw_cases, list) or not raw_cases:
        raise ScenarioError(f"{name}: no [[case]] tables")
    cases: list[ScenarioCase] = []
    seen_ids: set[str] = set()
    for number, raw in enumerate(raw_cases, 1):
        case = _parse_case(raw, name, number)
        if case.id in seen_ids:
            raise ScenarioError(f"{name}: case {case.id!r}: the id is used twice")
        seen_ids.add(case.id)
        cases.append(case)
    return tuple(cases)


class _Where:
    """Builds the one-line error messages: file, case, key."""

    def __init__(self, file: str, case: str):
        self.file, self.case = file, case

    def error(self, message: str) -> ScenarioError:
        return ScenarioError(f"{self.file}: case {self.case}: {message}")


def _parse_case(raw: Any, file: str, number: int) -> ScenarioCase:
    where = _Where(file, f"#{number}")
    if not isinstance(raw, dict):
        raise where.error("is not a table")
    case_id = raw.get("id")
    if not isinstance(case_id, str) or not CASE_ID.match(case_id):
        raise where.error(f"'id' must be a kebab-case string, got {case_id!r}")
    where = _Where(file, repr(case_id))
    _no_unknown_keys(raw, CASE_KEYS, where, "")
    for key in ("rule", "source"):
        if key in raw and not isinstance(raw[key], str):
            raise where.error(f"{key!r} must be a string")
    ruleset = raw.get("ruleset", "onuw")
    if ruleset not in RULESETS:
        raise where.error(f"'ruleset' must be one of {', '.join(RULESETS)}, got {ruleset!r}")
    seed = raw.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise where.error(f"'seed' must be an integer, got {seed!r}")
    _annotations(raw, where, "")

    if "dawn" in raw:
        for key in ("deal", "center", "step"):
            if key in raw:
                raise where.error(f"{key!r} cannot be used with 'dawn' (a dawn case has no night)")
        dawn = _parse_dawn(raw["dawn"], where)
        deal: tuple[str, ...] = ()
        center: tuple[str, ...] = ()
        steps: tuple[ScenarioStep, ...] = ()
        players = len(dawn)
    else:
        if "deal" not in raw or "center" not in raw:
            raise where.error("needs 'deal' and 'center' (or 'dawn')")
        deal = _role_list(raw["deal"], where, "deal")
        center = _role_list(raw["center"], where, "center")
        dawn = ()
        players = len(deal)
        steps = _parse_steps(raw.get("step", []), where, players)
    if players < 3:
        raise where.error(f"needs at least 3 players, got {players}")
    votes = _parse_votes(raw["votes"], where, players) if "votes" in raw else None
    expect = _parse_expect(raw.get("expect", {}), where, players)
    if votes is None:
        needs = sorted(VOTE_KEYS & {k for k, _ in expect})
        if needs:
            raise where.error(f"expect.{needs[0]} needs 'votes'")
    return ScenarioCase(
        id=case_id, file=file, rule=raw.get("rule", ""), source=raw.get("source", ""), ruleset=ruleset,
        seed=seed, deal=deal, center=center, dawn=dawn, votes=votes, steps=steps, expect=expect,
    )


def _no_unknown_keys(table: dict, allowed: frozenset[str], where: _Where, inside: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        known = ", ".join(sorted(allowed - ANNOTATIONS))
        place = f" in {inside}" if inside else ""
        raise where.error(f"unknown key {unknown[0]!r}{place} (allowed: {known}; annotations: notes, ambiguous)")


def _annotations(table: dict, where: _Where, prefix: str) -> None:
    if "notes" in table and not isinstance(table["notes"], str):
        raise where.error(f"{prefix}notes must be a string")
    if "ambiguous" in table and not isinstance(table["ambiguous"], bool):
        raise where.error(f"{prefix}ambiguous must be true or false")


def _role_list(value: Any, where: _Where, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise where.error(f"{key!r} must be a list of role ids")
    return tuple(value)


def _parse_dawn(value: Any, where: _Where) -> tuple[DawnSeat, ...]:
    if not isinstance(value, list) or not value:
        raise where.error("'dawn' must be a list with one entry per seat")
    seats = []
    for i, entry in enumerate(value):
        if isinstance(entry, str) and entry:
            seats.append(DawnSeat(entry))
            continue
        if not isinstance(entry, dict):
            raise where.error(f"dawn[{i}] must be a role id or a table with 'card'")
        _no_unknown_keys(entry, DAWN_KEYS, where, f"dawn[{i}]")
        _annotations(entry, where, f"dawn[{i}].")
        card = entry.get("card")
        if not isinstance(card, str) or not card:
            raise where.error(f"dawn[{i}] needs 'card' (a role id)")
        for key in ("copied", "artifact"):
            if key in entry and not (isinstance(entry[key], str) and entry[key]):
                raise where.error(f"dawn[{i}].{key} must be a string")
        mark = entry.get("mark", CLARITY)
        if mark not in MARKS:
            raise where.error(f"dawn[{i}].mark: unknown mark {mark!r} (one of {', '.join(MARKS)})")
        couple = entry.get("couple")
        if couple is not None and (not isinstance(couple, int) or isinstance(couple, bool)):
            raise where.error(f"dawn[{i}].couple must be an integer")
        if couple is not None and mark != "mark_of_love":
            raise where.error(f"dawn[{i}].couple needs mark = \"mark_of_love\"")
        seats.append(DawnSeat(card, entry.get("copied"), mark, couple, entry.get("artifact")))
    return tuple(seats)


def _parse_steps(value: Any, where: _Where, players: int) -> tuple[ScenarioStep, ...]:
    if not isinstance(value, list):
        raise where.error("'step' must be [[case.step]] tables")
    steps = []
    for index, raw in enumerate(value):
        label = f"step {index}"
        if not isinstance(raw, dict):
            raise where.error(f"{label} is not a table")
        _no_unknown_keys(raw, STEP_KEYS, where, label)
        _annotations(raw, where, f"{label}: ")
        seat = raw.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise where.error(f"{label}: 'seat' must be a seat number 0..{players - 1}, got {seat!r}")
        role = raw.get("role")
        if not isinstance(role, str) or not role:
            raise where.error(f"{label}: 'role' must be a role id")
        copier = raw.get("copier")
        if copier is not None and copier not in COPIERS:
            raise where.error(f"{label}: 'copier' must be one of {', '.join(COPIERS)}, got {copier!r}")
        illegal = raw.get("illegal", False)
        if not isinstance(illegal, bool):
            raise where.error(f"{label}: 'illegal' must be true or false")
        blocked = raw.get("blocked")
        if blocked is not None and blocked not in BLOCKERS:
            raise where.error(f"{label}: 'blocked' must be one of {', '.join(BLOCKERS)}, got {blocked!r}")
        if blocked and illegal:
            raise where.error(f"{label}: a step is either 'blocked' or 'illegal', not both")
        if "do" not in raw:
            raise where.error(f"{label}: needs 'do' (a list of verbs, e.g. do = [{{ pass = true }}])")
        actions = _parse_do(raw["do"], where, label)
        if blocked and actions != (PASS,):
            raise where.error(f"{label}: a blocked step is written as do = [{{ pass = true }}]")
        steps.append(ScenarioStep(index, seat, role, actions, copier, illegal, blocked))
    return tuple(steps)


def _parse_do(value: Any, where: _Where, label: str) -> tuple[Action, ...]:
    if not isinstance(value, list) or not value:
        raise where.error(f"{label}: 'do' must be a non-empty list of verbs, e.g. [{{ look = [\"p1\"] }}]")
    actions = []
    for entry in value:
        if not isinstance(entry, dict) or len(entry) != 1:
            raise where.error(f"{label}: each entry of 'do' is a table with one verb, e.g. {{ take = \"c1\" }}")
        (verb, arg), = entry.items()
        actions.append(verb_action(verb, arg, lambda m: where.error(f"{label}: {m}")))
    return tuple(actions)


def verb_action(verb: str, arg: Any, error: Callable[[str], Exception] = ScenarioError) -> Action:
    """The engine ``Action`` for one scenario verb (docs/engine.md, "Actions are the scenario verbs").

    Positions go in ``targets`` in the order written; a value that is not a position (a mark id,
    ``left``/``right``, an answer) goes in ``value``; ``verb = true`` is the bare verb. No verb is special."""
    if not re.match(r"^[a-z][a-z0-9_]*$", verb):
        raise error(f"{verb!r} is not a verb (lower-case snake_case)")
    if arg is True:
        return Action(verb)
    if arg is False:
        raise error(f"{verb} = false means nothing: leave the verb out")
    items = arg if isinstance(arg, list) else [arg]
    targets, values = [], []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise error(f"{verb}: {item!r} is neither a position nor a value")
        item = str(item)
        (targets if POSITION.match(item) else values).append(item)
    if len(values) > 1:
        raise error(f"{verb}: at most one value that is not a position, got {values}")
    if not targets and not values:
        raise error(f"{verb}: needs a position or a value")
    return Action(verb, tuple(targets), values[0] if values else None)


def _parse_votes(value: Any, where: _Where, players: int) -> tuple:
    if not isinstance(value, list) or len(value) != players:
        raise where.error(f"'votes' must list one vote per seat ({players}), got {value!r}")
    votes = []
    for seat, vote in enumerate(value):
        ballots = vote if isinstance(vote, list) else [vote]
        if not ballots or isinstance(vote, list) and len(vote) != 2:
            raise where.error(f"votes[{seat}]: a list entry is two ballots, got {vote!r}")
        for b in ballots:
            if isinstance(b, bool) or not (isinstance(b, int) or b == "dealer"):
                raise where.error(f"votes[{seat}]: {b!r} is neither a seat number nor \"dealer\"")
        votes.append(tuple(ballots) if isinstance(vote, list) else vote)
    return tuple(votes)


def _parse_expect(value: Any, where: _Where, players: int) -> tuple[tuple[str, Any], ...]:
    if not isinstance(value, dict):
        raise where.error("'expect' must be a table")
    _no_unknown_keys(value, frozenset(EXPECT_KEYS) | ANNOTATIONS, where, "expect")
    _annotations(value, where, "expect.")
    items = []
    for key in EXPECT_KEYS:
        if key in value:
            try:
                items.append((key, normalize(key, value[key])))
            except (TypeError, ValueError, KeyError, AttributeError):
                raise where.error(f"expect.{key} is malformed: {_show(value[key])} ({EXPECT_SHAPES[key]})") from None
    return tuple(items)


EXPECT_SHAPES = {
    "final": "a list of role ids, one per seat",
    "final_center": "a list of role ids",
    "seen": "a list of { seat, pos, role } or { seat, pos, mark }",
    "marks": "a table { p2 = \"mark_of_...\" }",
    "dusk_marks": "a table { p2 = \"mark_of_...\" }",
    "learned": "a list of { seat, who = [positions], as }",
    "effective": "a table { p0 = \"role\" }",
    "shields": "a list of positions",
    "face_up": "a list of positions",
    "mode": "\"normal\" or \"epic\"",
    "dead": "a list of seat numbers",
    "winners": "a list of seat numbers",
}


# -- comparing: one normal form per key, for the file's values and the engine's alike ----------------

def _pos_key(pos: str) -> tuple[int, int]:
    return (0 if pos[0] == "p" else 1, int(pos[1:]))


def _positions(value) -> tuple[str, ...]:
    out = tuple(value)
    if not all(isinstance(p, str) and POSITION.match(p) for p in out):
        raise ValueError(value)
    return out


def _strings(value) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(value)
    return tuple(value)


def _seats(value) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(value)
    return tuple(sorted(value))


def _seen(value) -> tuple:
    out = []
    for v in value:
        extra = set(v) - {"seat", "pos", "role", "mark"} - ANNOTATIONS
        if extra or ("role" in v) == ("mark" in v) or not isinstance(v["seat"], int):
            raise ValueError(v)
        kind = "role" if "role" in v else "mark"
        out.append((v["seat"], _positions([v["pos"]])[0], kind, str(v[kind])))
    return tuple(out)


def _learned(value) -> tuple:
    out = []
    for v in value:
        extra = set(v) - {"seat", "who", "as"} - ANNOTATIONS
        if extra or not isinstance(v["seat"], int) or not isinstance(v["as"], str):
            raise ValueError(v)
        out.append((v["seat"], tuple(sorted(_positions(v["who"]), key=_pos_key)), v["as"]))
    return tuple(sorted(out))


def _by_pos(value, drop: str | None = None) -> tuple:
    if not isinstance(value, dict):
        raise ValueError(value)
    items = [(_positions([k])[0], str(v)) for k, v in value.items() if v != drop]
    if not all(isinstance(v, str) for v in value.values()):
        raise ValueError(value)
    return tuple(sorted(items, key=lambda kv: _pos_key(kv[0])))


def _mode(value) -> str:
    if value not in ("normal", "epic"):
        raise ValueError(value)
    return value


_NORMAL: dict[str, Callable[[Any], Any]] = {
    "final": _strings, "final_center": _strings, "seen": _seen, "learned": _learned,
    "marks": lambda v: _by_pos(v, CLARITY), "dusk_marks": lambda v: _by_pos(v, CLARITY),
    "effective": _by_pos, "shields": lambda v: tuple(sorted(_positions(v), key=_pos_key)),
    "face_up": lambda v: tuple(sorted(_positions(v), key=_pos_key)), "mode": _mode, "dead": _seats,
    "winners": _seats,
}


def normalize(key: str, value: Any) -> Any:
    """The comparable form of an ``expect`` value (order kept where the format says "in order")."""
    return _NORMAL[key](value)


def _show(value: Any) -> str:
    """A compact TOML-like rendering for messages."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- the result of playing a case ---------------------------------------------------------------------

@frozen
class Difference:
    """One way the engine's result differs from the file: a key, what was expected, what came out."""

    key: str
    expected: Any
    got: Any
    detail: str = ""

    def __str__(self) -> str:
        text = f"{self.key}: expected {_show(self.expected)}, got {_show(self.got)}"
        return f"{text} ({self.detail})" if self.detail else text


@frozen
class CaseResult:
    """What happened when a case was played.

    ``status`` is ``played``, ``error`` (the engine could not play it; ``reason`` says why) or
    ``skipped`` (a role or ruleset that is not playable yet). ``facts`` holds every ``expect`` key that
    applies, in the file's format; ``problems`` are step-level differences (an illegal step accepted, a
    normal step refused, a blocked seat allowed to act)."""

    case: ScenarioCase
    status: str
    reason: str = ""
    facts: tuple[tuple[str, Any], ...] = field(default=(), converter=_tuple)
    refused: tuple[int, ...] = field(default=(), converter=_tuple)
    problems: tuple[Difference, ...] = field(default=(), converter=_tuple)
    transcript: tuple[str, ...] = field(default=(), converter=_tuple)
    state: GameState | None = field(default=None, eq=False)

    @property
    def id(self) -> str:
        return self.case.id

    def fact(self, key: str, default: Any = None) -> Any:
        return dict(self.facts).get(key, default)

    def differences(self) -> tuple[Difference, ...]:
        """Every way the result differs from the case's ``expect`` and step flags (empty: it passed)."""
        if self.status != "played":
            return ()
        diffs = list(self.problems)
        illegal = tuple(s.index for s in self.case.steps if s.illegal)
        if self.refused != illegal:
            diffs.insert(0, Difference("refused", list(illegal), list(self.refused),
                                       "indices of the steps marked illegal vs the steps the engine refused"))
        facts = dict(self.facts)
        for key, want in self.case.expect:
            if key not in facts:
                diffs.append(Difference(key, _plain(key, want), None, "does not apply to this case"))
                continue
            got = normalize(key, facts[key])
            if got != want:
                diffs.append(Difference(key, _plain(key, want), _plain(key, got)))
        return tuple(diffs)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of FORMAT.md: ``id``, every applicable ``expect`` key and ``refused``, or
        ``error``."""
        if self.status != "played":
            return {"id": self.id, "error": self.reason}
        out: dict[str, Any] = {"id": self.id}
        out.update(self.facts)
        out["refused"] = list(self.refused)
        return out


def _plain(key: str, value: Any) -> Any:
    """A normal form turned back into the file's shape, for messages."""
    if key == "seen":
        return [{"seat": s, "pos": p, k: v} for s, p, k, v in value]
    if key == "learned":
        return [{"seat": s, "who": list(w), "as": a} for s, w, a in value]
    if key in ("marks", "dusk_marks", "effective"):
        return dict(value)
    return list(value) if isinstance(value, tuple) else value


# -- playing ------------------------------------------------------------------------------------------

def play_case(case: ScenarioCase) -> CaseResult:
    """Play one case through the engine. Never raises for a case's own trouble: it becomes the result's
    ``error`` (or ``skipped``), so the other cases of a file still run."""
    replay = _Replay(case)
    try:
        replay.run()
    except CaseSkipped as exc:
        return CaseResult(case, "skipped", str(exc), transcript=replay.transcript)
    except OneNightError as exc:
        return CaseResult(case, "error", str(exc), transcript=replay.transcript, state=replay.g)
    except Exception as exc:  # an engine bug must not hide the other cases; report it in one line
        return CaseResult(case, "error", f"internal error: {type(exc).__name__}: {exc}",
                          transcript=replay.transcript, state=replay.g)
    return CaseResult(case, "played", facts=replay.facts(), refused=replay.refused, problems=replay.problems,
                      transcript=replay.transcript, state=replay.g)


def play_file(path: str | Path) -> tuple[CaseResult, ...]:
    return tuple(play_case(c) for c in load_scenarios(path))


class _Replay:
    """The driver: answers the engine's prompts from the case's steps (the protocol loop of design.md)."""

    def __init__(self, case: ScenarioCase):
        self.case = case
        self.g: GameState | None = None
        self.refused: list[int] = []
        self.problems: list[Difference] = []
        self.transcript: list[str] = []
        self.dusk_marks: tuple[str, ...] | None = None
        self.night_end: GameState | None = None
        self.mark_index: int | None = None
        self.first_marks: tuple[str, ...] = ()

    # -- set-up ----------------------------------------------------------------------------------
    def run(self) -> None:
        case = self.case
        self._check_ruleset()
        players = tuple(f"p{i}" for i in range(case.players))
        if case.starts_at_dawn:
            self.g = self._dawn(players)
            self.night_end = self.g
        else:
            self._check_roles(case.deal + case.center, "")
            for step in case.steps:
                self._check_roles((step.role,), f"{step.label}: ")
            deck = case.deal + case.center
            try:
                self.g = new_game(Setup(players, deck, case.ruleset), case.seed, deal=deck)
            except SetupError as exc:
                raise CaseError(str(exc)) from None
            self.mark_index = next((i for i, s in enumerate(self.g.script) if s.id == MARK_CHECK), None)
            self.first_marks = self.g.marks
            self.transcript.extend(f"      {_observation(o)}" for o in self.g.observations)
            self._note_dusk()
            self._night()
        self._votes()

    def _check_ruleset(self) -> None:
        try:  # the smallest playable table: only the ruleset can be wrong with it
            validate_setup(Setup(("a", "b", "c"), ("villager",) * 6, self.case.ruleset))
        except SetupError as exc:
            raise CaseSkipped(str(exc)) from None

    def _check_roles(self, roles, prefix: str) -> None:
        catalog = default_catalog()
        for role in roles:
            if role not in catalog:
                raise CaseError(f"{prefix}unknown role {role!r} (see `onenight roles`)")
        for role in roles:
            if not playable(role):
                raise CaseSkipped(f"{role} not playable yet")

    def _dawn(self, players) -> GameState:
        case = self.case
        catalog = default_catalog()
        for i, seat in enumerate(case.dawn):
            for role in (seat.card, seat.copied):
                if role is not None and role not in catalog:
                    raise CaseError(f"dawn[{i}]: unknown role {role!r} (see `onenight roles`)")
        table = [Card(i, s.card, copied=s.copied) for i, s in enumerate(case.dawn)]
        couples = tuple((i, s.couple) for i, s in enumerate(case.dawn) if s.couple is not None)
        try:
            return dawn_game(
                Setup(players, tuple(s.card for s in case.dawn), case.ruleset), table,
                marks=[s.mark for s in case.dawn], artifacts=[s.artifact for s in case.dawn],
                extra=(("couples", couples),) if couples else (), seed=case.seed)
        except SetupError as exc:
            raise CaseError(str(exc)) from None

    # -- the night -------------------------------------------------------------------------------
    def _night(self) -> None:
        steps = self.case.steps
        for step in steps:
            later = next((s for s in steps[step.index + 1:] if not s.illegal), None)
            if step.illegal:
                self._illegal(step, later)
            elif step.blocked:
                self._blocked(step, later)
            else:
                self._normal(step)
        self._until(lambda p: False)
        self.night_end = self.g

    def _normal(self, step: ScenarioStep) -> None:
        for n, action in enumerate(step.actions):
            def want(p: Prompt, action=action) -> bool:
                return step.asks(p) and (p.kind != "info" or shows(action, p))
            if n == 0:
                found = self._until(want, include_info=True)
            else:  # the same turn goes on: only results to see may come in between
                found = self._until(want, stop=lambda p: p.kind != "info", include_info=True)
            if not found:
                p = pending(self.g)
                now = f"; the engine now asks {_who(p)}" if p is not None and n else ""
                raise CaseError(f"{step.label}: the engine never asked p{step.seat} to act as {step.role}"
                                + (f" for {action}" if n else "") + now)
            p = pending(self.g)
            try:
                self._apply(action, p, "")
            except IllegalAction as exc:
                self.refused.append(step.index)
                self.problems.append(Difference(
                    f"step {step.index}", "accepted", "refused",
                    f"{step.label}: {action} refused: {exc}; the engine offers {_offers(p)}"))
                self.transcript.append(f"    {_who(p)}: {action} — REFUSED ({_offers(p)})")
                return

    def _illegal(self, step: ScenarioStep, later: ScenarioStep | None) -> None:
        """An illegal step is tried on the prompt it names, or refused because that prompt never comes
        before the next real step; either way the game goes on from where it was."""
        stop = later.asks if later is not None else (lambda p: False)
        found = self._until(step.asks, stop=stop)
        if not found:
            self.refused.append(step.index)
            self.transcript.append(f"    p{step.seat} {step.role}: {', '.join(map(str, step.actions))} — "
                                   f"refused (the engine does not ask p{step.seat} to act as {step.role} now)")
            return
        before, told, dusk = self.g, len(self.transcript), self.dusk_marks
        try:  # a trial: whatever it does is thrown away below
            for n, action in enumerate(step.actions):
                if n and not self._until(step.asks, stop=lambda p: p.kind != "info"):
                    raise IllegalAction("the turn is over")
                self._apply(action, pending(self.g), "")
        except IllegalAction as exc:
            del self.transcript[told:]
            self.refused.append(step.index)
            self.transcript.append(f"    {_who(pending(before))}: {', '.join(map(str, step.actions))} — "
                                   f"refused as expected ({exc})")
        else:
            del self.transcript[told:]
            self.problems.append(Difference(
                f"step {step.index}", "refused", "accepted",
                f"{step.label} is marked illegal but the engine accepted {', '.join(map(str, step.actions))}"))
            self.transcript.append(f"    {_who(pending(before))}: {', '.join(map(str, step.actions))} — "
                                   "ACCEPTED although marked illegal (ignored)")
        self.g, self.dusk_marks = before, dusk

    def _blocked(self, step: ScenarioStep, later: ScenarioStep | None) -> None:
        """A blocked seat may not act: if the engine wakes it at all, passing must be its only choice."""
        stop = later.asks if later is not None else (lambda p: False)
        if not self._until(step.asks, stop=stop, include_info=True):
            self.transcript.append(f"    p{step.seat} {step.role}: blocked by the {_blocker(step)} (not woken)")
            return
        p = pending(self.g)
        if p.kind == "info":
            self._apply(p.options[0], p, " (blocked)")
            return
        if tuple(p.options) != (PASS,):
            self.problems.append(Difference(
                f"step {step.index}", "pass only", [str(a) for a in p.options],
                f"{step.label} is blocked by the {_blocker(step)} but the engine lets it act"))
        if PASS in p.options:
            self._apply(PASS, p, f" (blocked by the {_blocker(step)})")
        else:
            raise CaseError(f"{step.label}: blocked by the {_blocker(step)}, yet the engine does not let "
                            f"{_who(p)} pass ({_offers(p)})")

    def _until(self, want: Callable[[Prompt], bool], stop: Callable[[Prompt], bool] | None = None,
               include_info: bool = False) -> bool:
        """Answer the prompts the file does not answer until ``want`` matches (True), ``stop`` matches or
        the night ends (False)."""
        while self.g.phase == "night" and (p := pending(self.g)) is not None:
            if want(p) and (include_info or p.kind != "info"):
                return True
            if stop is not None and stop(p):
                return False
            self._auto(p)
        return False

    def _auto(self, p: Prompt) -> None:
        """Pass where passing is legal; see and go on where there is only something to see."""
        if p.kind == "info":
            self._apply(DONE if DONE in p.options else p.options[0], p, "")
        elif PASS in p.options:
            self._apply(PASS, p, " (not in the file)")
        else:
            raise CaseError(f"{_who(p)} must choose ({_offers(p)}) but the file has no step for it")

    def _apply(self, action: Action, p: Prompt, note: str) -> None:
        if shows(action, p) and action.verb != "done":  # the look is the prompt's own view
            self.transcript.append(f"    {_who(p)}: {action}")
            action = DONE
        action = same_choice(action, p)
        before = len(self.g.observations)
        self.g = apply(self.g, action)  # raises IllegalAction and changes nothing
        if action.verb != "done":
            self.transcript.append(f"    {_who(p)}: {action}{note}")
        self.transcript.extend(f"      {_observation(o)}" for o in self.g.observations[before:])
        self._note_dusk()

    def _note_dusk(self) -> None:
        """Keep the marks as they stand when the mark check begins: what each player saw at dusk."""
        if self.dusk_marks is None and self.mark_index is not None:
            if self.g.step_index > self.mark_index or self.g.phase != "night":
                self.dusk_marks = self.g.marks

    # -- the day ---------------------------------------------------------------------------------
    def _votes(self) -> None:
        votes = self.case.votes
        if votes is None:
            return
        while (p := pending(self.g)) is not None:
            if p.kind != "vote":
                self._auto(p)
                continue
            vote = votes[p.seat]
            items = list(vote) if isinstance(vote, tuple) else [vote]
            action = verb_action("vote", [f"p{v}" if isinstance(v, int) else v for v in items], CaseError)
            if action not in p.options:
                if len(items) > 1:
                    raise CaseError(f"votes[{p.seat}]: the engine does not support two ballots "
                                    f"({action} is not a legal vote)")
                raise CaseError(f"votes[{p.seat}]: p{p.seat} cannot vote for {_show(vote)} "
                                f"(legal: {', '.join(' '.join(a.targets) for a in p.options)})")
            self.g = apply(self.g, action)

    # -- facts -----------------------------------------------------------------------------------
    def facts(self) -> tuple[tuple[str, Any], ...]:
        g = self.night_end
        n = g.players
        out: dict[str, Any] = {"final": [c.role for c in g.cards[:n]]}
        if not self.case.starts_at_dawn:
            out["final_center"] = [c.role for c in g.cards[n:]]
            out["seen"] = [_seen_entry(o) for o in g.observations
                           if isinstance(o, (CardView, MarkView)) and not _own_mark_check(o, n)]
        out["marks"] = {pos_name(s, n): m for s, m in enumerate(g.marks) if m != CLARITY}
        if not self.case.starts_at_dawn:  # without a mark check, nothing can change a mark at dusk
            dusk = self.dusk_marks or self.first_marks
            out["dusk_marks"] = {pos_name(s, n): m for s, m in enumerate(dusk) if m != CLARITY}
        if not self.case.starts_at_dawn:
            out["learned"] = [{"seat": o.seat, "who": list(o.who), "as": o.as_} for o in g.observations
                              if isinstance(o, Learned)]
        out["effective"] = {pos_name(i, n): card_role(c) for i, c in enumerate(g.cards) if card_role(c) != c.role}
        out["shields"] = [pos_name(i, n) for i in sorted(g.shields)]
        out["face_up"] = [pos_name(i, n) for i, c in enumerate(g.cards) if c.face_up]
        result = outcome(self.g)
        if result is not None:
            out["mode"] = result.mode
            out["dead"] = sorted(result.dead)
            out["winners"] = sorted(result.winners)
        return tuple(out.items())


def shows(action: Action, p: Prompt) -> bool:
    """Whether an info prompt is the written step: ``done``, or a ``look`` at exactly the cards the
    prompt shows (an Insomniac's look written explicitly)."""
    if p.kind != "info":
        return False
    if action.verb == "done":
        return True
    shown = sorted(o.pos for o in p.info if isinstance(o, CardView))
    return action.verb == "look" and bool(shown) and sorted(action.targets) == shown


def same_choice(action: Action, p: Prompt) -> Action:
    """The prompt's option that ``action`` means: itself, or the one option with the same verb and value
    whose targets are the same positions in another order (a Seer's center pair ``c2, c0`` is the
    engine's ``c0, c2``). Anything else is returned unchanged, for the engine to refuse."""
    if action in p.options:
        return action
    same = [o for o in p.options if o.verb == action.verb and o.value == action.value
            and sorted(o.targets) == sorted(action.targets)]
    return same[0] if len(same) == 1 else action


def _own_mark_check(o, players: int) -> bool:
    """The dusk look at one's own mark is not a "seen" entry (FORMAT.md)."""
    return isinstance(o, MarkView) and o.step == MARK_CHECK and o.pos == pos_name(o.seat, players)


def _seen_entry(o) -> dict[str, Any]:
    if isinstance(o, MarkView):
        return {"seat": o.seat, "pos": o.pos, "mark": o.mark}
    return {"seat": o.seat, "pos": o.pos, "role": o.role}


def _observation(o) -> str:
    if isinstance(o, CardView):
        return f"p{o.seat} sees {o.pos} = {o.role}"
    if isinstance(o, MarkView):
        return f"p{o.seat} sees the mark at {o.pos} = {o.mark}"
    if isinstance(o, Learned):
        return f"p{o.seat} learns {o.as_}: {', '.join(o.who) if o.who else 'nobody'}"
    return f"{o}"


def _who(p: Prompt | None) -> str:
    if p is None:
        return "nobody"
    copier = f" as {p.copier}" if p.copier else ""
    step = f" [{p.step}]" if p.step != p.role else ""
    return f"p{p.seat} {p.role}{copier}{step}"


def _offers(p: Prompt) -> str:
    shown = [str(a) for a in p.options[:8]]
    more = f", … {len(p.options) - 8} more" if len(p.options) > 8 else ""
    return ", ".join(shown) + more


def _blocker(step: ScenarioStep) -> str:
    return "shield" if step.blocked == "shield" else "Mark of Fear"


__all__ = ["CaseError", "CaseResult", "CaseSkipped", "DawnSeat", "Difference", "EXPECT_KEYS", "ScenarioCase",
           "ScenarioStep", "load_scenarios", "normalize", "parse_scenarios", "play_case", "play_file",
           "verb_action"]
