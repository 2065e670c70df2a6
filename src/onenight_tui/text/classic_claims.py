"""The words of a classic bot's deeds (``ClassicClaim.deeds``: the Defender's protections, the Witch's
potions, night by night): ``On night 1 I protected Ann. On night 2 I saved Bo with my life potion.``

The claim's card and the Seer's looks are worded by ``onenight_tui.classic_table_bots.claim_part``;
``spoken_part`` is that part with the deeds after it (catalog keys ``classic_claim_deed_<verb>``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from onenight_core.play.classic_claims import ClassicClaim

    from ..classic_words import ClassicWords


def deeds_part(claim: ClassicClaim, w: ClassicWords) -> str:
    """The claim's deeds, one sentence each in night order ("" when it tells none)."""
    return w.text("classic_claim_deeds_separator").join(
        w.text(f"classic_claim_deed_{verb}", night=night, target=w.name(target))
        for night, verb, target in claim.deeds)


def spoken_part(claim: ClassicClaim, w: ClassicWords, base: Callable[[ClassicClaim, ClassicWords], str]) -> str:
    """``base``'s words for the claim (its card, its looks) and then its deeds, unless ``base`` says them."""
    part, deeds = base(claim, w), deeds_part(claim, w)
    if not deeds or deeds in part:
        return part
    return part + w.text("classic_claim_deeds_separator") + deeds


__all__ = ["deeds_part", "spoken_part"]
