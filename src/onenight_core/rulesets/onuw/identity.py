"""Who each seat is at dawn: effective role, kind (team representative) and team key.

resolution.md Part 0 (§0.4–§0.7) for ``onuw``. Layers, lowest to highest: the card (with its
card-bound copy or P.I. change), an alienized card, the Mark of the Vampire, a role-changing artifact."""

from __future__ import annotations

from attrs import frozen

from ...catalog.loader import Catalog
from ...model.state import GameState

COPIERS = frozenset({"doppelganger", "copycat", "mirror_man"})
EVIL_KINDS = ("werewolf", "vampire", "alien", "villain")
ROLE_ARTIFACTS = {
    "claw_of_the_werewolf": "werewolf",
    "brand_of_the_villager": "villager",
    "cudgel_of_the_tanner": "tanner",
    "bow_of_the_hunter": "hunter",
    "cloak_of_the_prince": "prince",
    "sword_of_the_bodyguard": "bodyguard",
    "mist_of_the_vampire": "vampire",
    "alien_artifact": "alien",
}
OWN_KEY_ROLES = frozenset({
    "tanner", "apprentice_tanner", "synthetic_alien", "mad_scientist", "intern", "blob", "mortician",
    "family_man", "nostradamus",
})


def card_role(card) -> str:
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
    out = []
    for seat in range(g.players):
        card = g.cards[seat]
        role = card_role(card)
        artifact = g.artifacts[seat] if g.artifacts else None
        if artifact in ROLE_ARTIFACTS:
            role = ROLE_ARTIFACTS[artifact]
            kind = catalog[role].rep
            out.append(Identity(seat, card.role, role, kind, True))
            continue
        if g.marks[seat] == "mark_of_the_vampire":
            kind = "vampire"
        elif card.alienized:
            kind = "alien"
        else:
            kind = catalog[role].rep if role in catalog else None
        out.append(Identity(seat, card.role, role, kind))
    return tuple(out)


def team_keys(ids, kinds: dict[int, str | None], marks: tuple[str, ...]) -> dict[int, str]:
    """Each seat's team key (resolution.md §0.7, ``onuw`` column)."""
    roles = {i.seat: i.role for i in ids}
    has_kind = {k: any(kinds[s] == k for s in kinds) for k in EVIL_KINDS}
    conflict = any(r == "groob" for r in roles.values()) and any(r == "zerb" for r in roles.values())
    assassin_marked = any(m == "mark_of_the_assassin" for m in marks)
    assassin_seat = any(r == "assassin" for r in roles.values())
    keys = {}
    for s, role in roles.items():
        kind = kinds[s]
        if kind:
            keys[s] = role if (conflict and role in ("groob", "zerb") and kind == "alien") else kind
        elif role in ("minion", "squire"):
            keys[s] = "werewolf" if has_kind["werewolf"] else "minion_solo"
        elif role == "renfield":
            keys[s] = "vampire" if has_kind["vampire"] else "village"
        elif role == "assassin":
            keys[s] = "assassin" if assassin_marked else "village"
        elif role == "apprentice_assassin":
            keys[s] = "apprentice_assassin" if (assassin_seat or assassin_marked) else "village"
        elif role == "leader":
            keys[s] = "leader" if conflict else "village"
        elif role in OWN_KEY_ROLES:
            keys[s] = role
        else:
            keys[s] = "village"
    return keys
