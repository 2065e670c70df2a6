"""The words of a classic bot's claim, one place for the table (day and end screens) and ``simulate``:
its card, the Seer's looks, then its deeds night by night (``ClassicClaim.deeds``: the Defender's
protections, the Witch's potions, the Little Girl's sightings) — ``I am the Defender. On night 1 I
protected Ann.`` (catalog keys ``classic_claim_*``, ``classic_claim_deed_<verb>``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from onenight_core.play.classic_claims import ClassicClaim, ClassicClaimCheck

    from .classic_words import ClassicWords


#: A deed's sentence per verb (``play.classic_claims.DEED_VERBS``; ids literal: the catalog check reads them).
DEEDS = {"protect": "classic_claim_deed_protect", "save": "classic_claim_deed_save",
         "poison": "classic_claim_deed_poison", "spied": "classic_claim_deed_spied"}


def deeds_part(claim: ClassicClaim, w: ClassicWords) -> str:
    """The claim's deeds, one sentence each in night order ("" when it tells none)."""
    return w.text("classic_claim_deeds_separator").join(
        w.text(DEEDS[verb], night=night, target=w.name(target)) for night, verb, target in claim.deeds)


def claim_part(claim: ClassicClaim, w: ClassicWords) -> str:
    """``I am the Seer. I looked at Ann: Werewolf; Bo: not a werewolf.`` and then its deeds."""
    card = w.card(claim.role)
    if claim.looks:
        looks = w.text("classic_claim_looks_separator").join(
            w.text("classic_claim_look", target=w.name(t), seen=w.know_card(seen)) for t, seen in claim.looks)
        part = w.text("classic_claim_looked", card_name=card, looks=looks)
    else:
        part = w.text("classic_claim_villager" if claim.role == "villager" else "classic_claim_role", card_name=card)
    deeds = deeds_part(claim, w)
    return part + w.text("classic_claim_deeds_separator") + deeds if deeds else part


def claim_text(claim: ClassicClaim, w: ClassicWords) -> str:
    """``Robot 2: “I am the Seer. I looked at Ann: Werewolf; Bo: not a werewolf.”``"""
    return w.text("classic_claim_line", player=w.name(claim.seat), part=claim_part(claim, w))


def verdict_lines(checks: Iterable[ClassicClaimCheck], w: ClassicWords) -> list[str]:
    """Per bot that claimed, its last claim and whether its claims were true (the end screen, ``simulate``)."""
    return [w.text("classic_bot_lied" if k.lied else "classic_bot_truth", player=w.name(k.seat),
                   claim=claim_part(k.claim, w)) for k in checks]


__all__ = ["DEEDS", "claim_part", "claim_text", "deeds_part", "verdict_lines"]
