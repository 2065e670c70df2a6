"""The night script: which steps are called, in which order (docs/rules.md §A).

Steps are built from the roster (every card in play, center included), so roles that sit only in the
center are still called ("ghost steps", §A.4). The order comes from the wake codes in roles.toml: a
code is a number followed by letter parts (``-6-B``, ``1-SV-E``); a Doppelganger's extra step for a role
sorts right after that role's step; the engine's own steps (the mark check, the lovers, the artifacts)
come from rules.toml's ``[[engine_step]]`` tables: the roles that call each, and where it sorts.

One builder serves every ruleset that wakes roles by code: each reads its own codes (``onuw`` the
``wake`` field, ``dalbula`` the ``dalbula_wake`` field; ``RoleInfo.wake_code``)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from ..catalog.loader import Catalog, RoleInfo
from ..catalog.rules import default_rules
from ..model.values import Step

_CODE = re.compile(r"^(-?\d+)((?:-[A-Z]+)*)$")
_RULES = default_rules()
_MARK_CHECK = _RULES.engine_step("mark_check")
MARK_ROLES: frozenset[str] = _MARK_CHECK.when if _MARK_CHECK is not None else frozenset()
"""The roles whose presence calls the mark check (rules.toml; none if it had no mark check)."""
GROUP_LEADS = {g.id: g.lead for g in _RULES.groups}
WakeKey = tuple[float, tuple[str, ...], int]
ENGINE_STEPS: dict[str, WakeKey] = {s.id: (s.order, (), 0) for s in _RULES.engine_steps}
"""Each engine step's sort key among the wake codes' keys (rules.toml ``order``)."""


# Dalbula's codes (S0) write the letter without a dash (``-6B``, ``2B``, ``-7X``, ``1-SV-A``); ``X1``...
# ``X14`` mark roles that never wake.
_DALBULA_CODE = re.compile(r"^(-?\d+)([A-Z]?)((?:-[A-Z]+)*)$")


def wakes(code: str | None) -> bool:
    """Whether a wake code calls a step at night (Dalbula's ``X``-codes do not)."""
    return code is not None and code != "" and not code.startswith("X")


@lru_cache(maxsize=512)
def wake_key(code: str, dg: bool = False) -> WakeKey:
    """Sort key of a wake code (official ``-6-B`` or Dalbula ``-6B``); a Doppelganger extra step sorts
    right after its role."""
    m = _CODE.match(code)
    if m:
        parts = tuple(p for p in m.group(2).split("-") if p)
        return (int(m.group(1)), parts, 1 if dg else 0)
    m = _DALBULA_CODE.match(code)
    if not m:
        raise ValueError(f"malformed wake code {code!r}")
    parts = tuple(p for p in (m.group(2), *m.group(3).split("-")) if p)
    return (int(m.group(1)), parts, 1 if dg else 0)


def step_key(step: Step) -> WakeKey:
    if step.kind == "engine":
        return ENGINE_STEPS[step.id]
    return wake_key(step.code.rstrip("a"), step.kind == "dg")


# Roles that wake in another role's step when both are in the roster (the official Alien app calls the
# Groob and the Zerb together, one joint step 1-D: docs/rules.md #19/#20 OFF). Alone, each keeps its own step.
JOINT_STEPS = {"zerb": "groob"}

_SCRIPTS: dict[tuple[frozenset[str], int, str], tuple[Step, ...]] = {}


def build_script(roster: Iterable[str], catalog: Catalog, ruleset: str = "onuw") -> tuple[Step, ...]:
    """The ordered night steps for ``roster`` (the role ids of every card in play), from the wake codes
    of ``ruleset``."""
    key = (frozenset(roster), id(catalog), ruleset)
    script = _SCRIPTS.get(key)
    if script is None:
        if len(_SCRIPTS) > 512:  # (Dalbula's drawn centers: a roster per game; flat memory, issue 25)
            _SCRIPTS.clear()
        script = _SCRIPTS[key] = _build(key[0], catalog, ruleset)
    return script


def _inside_group(code: str, group_code: str | None) -> bool:
    """Whether a group member's code is its group's step: the same code, or a sub-action of it, a code
    that differs from the group's only in its last letter part after a lettered part (Dalbula's villains:
    ``1-SV-A`` Temptress, ``1-SV-B`` Dr. Peeker, ``1-SV-C`` Rapscallion, ``1-SV-D`` Henchman #7 are the
    sub-actions A–D of the one villain step, docs/rules.md #22–#25). ``2B`` (the Alpha Wolf) or ``1-D`` (the
    Groob) are steps of their own."""
    if group_code is None:
        return False
    if code == group_code:
        return True
    number, parts, _ = wake_key(code)
    group_number, group_parts, _ = wake_key(group_code)
    return number == group_number and len(parts) >= 2 and parts[:-1] == group_parts[:-1]


_GroupCodes = tuple[dict[str, str], tuple[tuple[str, str, frozenset[str]], ...]]
_GROUP_CODES: dict[tuple[int, str], tuple[Catalog, _GroupCodes]] = {}


def _group_codes(catalog: Catalog, ruleset: str) -> _GroupCodes:
    """Each waking group's code and (name, code, members): the same for every roster of a catalog and
    ruleset, worked out once (a Dalbula batch builds a script per game: its center is drawn)."""
    entry = _GROUP_CODES.get((id(catalog), ruleset))
    if entry is None or entry[0] is not catalog:
        groups: dict[str, list[RoleInfo]] = {}
        for info in catalog.roles:
            if info.group:
                groups.setdefault(info.group, []).append(info)
        group_codes = {}
        waking = []
        for name, members in groups.items():
            codes = [c for c in (m.wake_code(ruleset) for m in members) if wakes(c)]
            if not codes:
                continue
            code = min((c for c in codes if c is not None), key=wake_key)
            group_codes[name] = code
            waking.append((name, code, frozenset(m.id for m in members)))
        if len(_GROUP_CODES) > 16:
            _GROUP_CODES.clear()
        entry = _GROUP_CODES[(id(catalog), ruleset)] = (catalog, (group_codes, tuple(waking)))
    return entry[1]


def _build(roster: frozenset[str], catalog: Catalog, ruleset: str) -> tuple[Step, ...]:
    steps: list[Step] = []
    group_codes, waking = _group_codes(catalog, ruleset)
    for name, code, ids in waking:
        if ids & roster:
            steps.append(Step(name, code, "group", GROUP_LEADS.get(name, sorted(ids)[0]), ids))
    for role in sorted(roster):
        info = catalog[role]
        wake = info.wake_code(ruleset)
        if wake is None or not wakes(wake):
            continue
        if info.group and _inside_group(wake, group_codes.get(info.group)):
            continue  # acts inside its group's step
        if JOINT_STEPS.get(role) in roster:
            continue  # acts inside the other role's step (JOINT_STEPS)
        steps.append(Step(role, wake, "role", role))
        if "doppelganger" in roster and "~" in info.doppelganger:
            steps.append(Step(f"doppelganger:{role}", wake + "a", "dg", role))
    for engine_step in _RULES.engine_steps:
        if roster & engine_step.when:
            steps.append(Step(engine_step.id, engine_step.id.upper(), "engine", turns=engine_step.turns))
    steps.sort(key=step_key)
    return tuple(steps)


REPEAT_FROM_STEP = "ripple"


def repeated_script(script: tuple[Step, ...]) -> tuple[Step, ...]:
    """The script of a night that repeats (the ripple ``repeat_night``, docs/rules.md A.5): every step before
    the ripple is called once more right after it, on the current state, with no further ripple; the steps
    after the ripple (the artifacts, Z3) follow. A script without a ripple step is returned unchanged."""
    ids = [step.id for step in script]
    if REPEAT_FROM_STEP not in ids:
        return script
    at = ids.index(REPEAT_FROM_STEP)
    return script[:at + 1] + script[:at] + script[at + 1:]


REPEATED_ROLE_DRAW = "ripple_role"
"""The public draw that names the step the ripple ``repeat_role`` calls again (Dalbula, docs/rules.md D.8)."""


def role_repeated_script(script: tuple[Step, ...], step_id: str) -> tuple[Step, ...]:
    """The script once the ripple ``repeat_role`` drew step ``step_id`` (a role or group step, docs/rules.md
    D.8): that step, and the Doppelganger's extra step for it if the night has one, are called again right
    after the ripple, on the current state. A script without a ripple step is returned unchanged."""
    ids = [step.id for step in script]
    if REPEAT_FROM_STEP not in ids:
        return script
    at = ids.index(REPEAT_FROM_STEP)
    again = tuple(s for s in script[:at] if s.id in (step_id, f"doppelganger:{step_id}"))
    return script[:at + 1] + again + script[at + 1:]


def marks_in_deck(deck: Iterable[str], catalog: Catalog) -> list[str]:
    """The marks a game with ``deck`` hands out, for the set-up's explanation: none without a mark role
    (``MARK_ROLES``: no mark check), else the Mark of Clarity everyone starts with and the marks the
    deck's roles give (roles.toml ``marks``) — a role in a group (The Master, The Count) also gives its
    group's (the vampires' Mark of the Vampire). In the order of the marks boards (rules.toml)."""
    roles = set(deck)
    if not roles & MARK_ROLES:
        return []
    given = {"mark_of_clarity"}
    for role in roles:
        info = catalog.get(role)
        if info is None:
            continue
        given.update(info.marks)
        lead = GROUP_LEADS.get(info.group or "")
        if lead is not None and lead in catalog:
            given.update(catalog[lead].marks)
    return [m for m in _RULES.mark_ids if m in given]
