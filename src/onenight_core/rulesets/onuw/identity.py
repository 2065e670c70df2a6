"""Who each seat is at dawn: effective role, kind (team representative) and team key.

docs/resolution.md Part 0 (§0.4–§0.7) for ``onuw``. Layers, lowest to highest: the card (with its
card-bound copy or P.I. change), an alienized card, the Mark of the Vampire, a role-changing artifact.
The kinds, the role-changing artifacts and the team-key rules are data (rules.toml)."""

from __future__ import annotations

from typing import Iterable

from attrs import frozen

from ...catalog.loader import Catalog
from ...catalog.rules import TeamKeyRule, default_rules
from ...model.state import GameState
from ...model.values import Card

COPIERS = frozenset({"doppelganger", "copycat", "mirror_man"})
_RULES = default_rules()
EVIL_KINDS = _RULES.kinds
"""The kinds a card can count as (rules.toml teams with ``kind = true``), in order."""
ROLE_ARTIFACTS = {a.id: a.role for a in _RULES.artifacts + _RULES.curator_tokens if a.role is not None}
"""Each role-changing artifact (or Dalbula Curator token) and the role it gives (rules.toml ``role``)."""


def card_role(card: Card) -> str:
    """The role a card stands for: its copy (Doppelganger/Copycat/Mirror Man, P.I. change) if any.

    A copier card that never copied stays a powerless village card (docs/resolution.md §0.4.2)."""
    return card.copied if card.copied is not None else card.role


@frozen
class Identity:
    """One seat's identity at dawn (before vote-time conversions)."""

    seat: int
    card: str  # printed role of the card held
    role: str  # effective role (card layer, copy, artifact)
    kind: str | None  # werewolf / vampire / alien / villain, or None
    artifact_role: bool = False


def identities(g: GameState, catalog: Catalog) -> tuple[Identity, ...]:
    artifacts, marks = g.artifacts, g.marks
    built = _built_identities(catalog)
    out = []
    for seat, card in zip(range(g.players), g.cards):  # (a loop, not a call per seat: every resolution)
        artifact = artifacts[seat] if artifacts else None
        key = (seat, id(card), artifact, marks[seat])
        entry = built.get(key)
        if entry is None or entry[0] is not card:
            if len(built) > 8192:
                built.clear()
            entry = built[key] = (card, _build_identity(seat, card, artifact, marks[seat], catalog))
        out.append(entry[1])
    return tuple(out)


_IdentityKey = tuple[int, int, str | None, str]
_IDENTITIES: dict[int, tuple[Catalog, dict[_IdentityKey, tuple[Card, Identity]]]] = {}


def _built_identities(catalog: Catalog) -> dict[_IdentityKey, tuple[Card, Identity]]:
    """The identities built so far with ``catalog``. Every resolution asks for each seat's, and the same
    few (seat, card, artifact, mark) recur across a batch of games, so each is built once. Cards are
    keyed by identity, and the entry holds the card, so its id cannot be reused: the engine shares its
    cards between games (the dealt cards, ``protocol._dealt_cards``; the copier cards, made once per
    card and copy), so the same few card objects recur. (Keying by value hashed each card through
    ``Card``'s Python-level cached ``__hash__``, ten calls per resolution; before the cards were
    shared, keying by object missed and refilled all the time.) A card made anew in each game (a
    ruleset that evolves cards) only misses: its identity is built again. The catalog is keyed by
    identity and kept in the entry, so its id cannot be reused while it exists."""
    entry = _IDENTITIES.get(id(catalog))
    if entry is None or entry[0] is not catalog:
        if len(_IDENTITIES) > 16:
            _IDENTITIES.clear()
        entry = _IDENTITIES[id(catalog)] = (catalog, {})
    return entry[1]


def _build_identity(seat: int, card: Card, artifact: str | None, mark: str, catalog: Catalog) -> Identity:
    role = card_role(card)
    if artifact in ROLE_ARTIFACTS:
        role = ROLE_ARTIFACTS[artifact]
        return Identity(seat, card.role, role, catalog[role].rep, True)
    if mark == "mark_of_the_vampire":
        kind: str | None = "vampire"
    elif card.alienized:
        kind = "alien"
    elif card.team_switch is not None:  # the Oracle's team question, answered yes and granted
        kind = card.team_switch
    else:
        kind = catalog[role].rep if role in catalog else None
    return Identity(seat, card.role, role, kind)


def team_keys(ids: Iterable[Identity], kinds: dict[int, str | None], marks: tuple[str, ...]) -> dict[int, str]:
    """Each seat's team key (docs/resolution.md §0.7, ``onuw`` column), from rules.toml's ``[[team_key]]``
    rules: a seat's kind, else "village", unless a rule names its role."""
    roles = {i.seat: i.role for i in ids}
    in_play = frozenset(roles.values())
    present_kinds = frozenset(kinds.values())  # (None among them never matches a rule's ``serves``)
    held_marks = frozenset(marks)
    keys = {}
    rule_of = _KEY_RULES.get  # (``_key_rule``: a dict read, not a cached call, ten times per resolution)
    for s, role in roles.items():
        kind = kinds[s]
        rule = rule_of(role)
        if rule is None or not rule.applies(kind):
            keys[s] = kind or "village"
        elif rule.own:
            keys[s] = role
        elif rule.own_if:
            own = any(c.holds(in_play, held_marks) for c in rule.own_if)
            keys[s] = role if own else (kind or "village")
        else:  # serves a kind: its key while that kind is at the table, else the rule's other key
            serves, otherwise = rule.serves, rule.otherwise
            assert serves is not None and otherwise is not None  # rules.toml's loader: they go together
            keys[s] = serves if serves in present_kinds else otherwise
    return keys


# rules.toml's team-key rule of each role that has one (``_RULES.key_rule(role)``, as a plain dict read
# for every seat of every resolution)
_KEY_RULES: dict[str, TeamKeyRule] = {r: rule for rule in _RULES.team_keys for r in rule.roles}
