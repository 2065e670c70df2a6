"""Who each seat is at dawn: effective role, kind (team representative) and team key.

resolution.md Part 0 (§0.4–§0.7) for ``onuw``. Layers, lowest to highest: the card (with its
card-bound copy or P.I. change), an alienized card, the Mark of the Vampire, a role-changing artifact.
The kinds, the role-changing artifacts and the team-key rules are data (rules.toml)."""

from __future__ import annotations

from typing import Iterable

from attrs import frozen

from ...catalog.loader import Catalog
from ...catalog.rules import default_rules
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

    A copier card that never copied stays a powerless village card (resolution.md §0.4.2)."""
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
    return tuple(_identity(seat, card, artifacts[seat] if artifacts else None, marks[seat], catalog)
                 for seat, card in zip(range(g.players), g.cards))


_IDENTITIES: dict[tuple[int, int, str | None, str, int], tuple[Identity, Card, Catalog]] = {}


def _identity(seat: int, card: Card, artifact: str | None, mark: str, catalog: Catalog) -> Identity:
    """One seat's identity. Every resolution asks for each seat's, and the same few (seat, card, artifact,
    mark) recur across a batch of games (cards are shared values: protocol._fresh_card), so each is built
    once. The card and the catalog are keyed by identity (hashing a card is a Python call) and kept in
    the entry, so their ids cannot be reused while it exists."""
    key = (seat, id(card), artifact, mark, id(catalog))
    entry = _IDENTITIES.get(key)
    if entry is None or entry[1] is not card or entry[2] is not catalog:
        if len(_IDENTITIES) > 1024:  # copied cards are new each game: keep the cache small
            _IDENTITIES.clear()
        entry = _IDENTITIES[key] = (_build_identity(seat, card, artifact, mark, catalog), card, catalog)
    return entry[0]


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
    """Each seat's team key (resolution.md §0.7, ``onuw`` column), from rules.toml's ``[[team_key]]``
    rules: a seat's kind, else "village", unless a rule names its role."""
    roles = {i.seat: i.role for i in ids}
    in_play = frozenset(roles.values())
    present_kinds = frozenset(k for k in kinds.values() if k)
    held_marks = frozenset(marks)
    keys = {}
    for s, role in roles.items():
        kind = kinds[s]
        rule = _RULES.key_rule(role)
        if rule is None or not rule.applies(kind):
            keys[s] = kind or "village"
        elif rule.own:
            keys[s] = role
        elif rule.own_if:
            own = any(c.holds(in_play, held_marks) for c in rule.own_if)
            keys[s] = role if own else (kind or "village")
        else:  # serves a kind: its key while that kind is at the table, else the rule's other key
            keys[s] = rule.serves if rule.serves in present_kinds else rule.otherwise  # type: ignore[assignment]
    return keys
