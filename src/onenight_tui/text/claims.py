"""Bots' claims in words: what a bot says by day, its answer to "who do you suspect?", and the reveal's
verdict on each claim (``onenight_core.play.claims`` makes them; the catalogs' ``[bot_claims]`` words them)."""

from __future__ import annotations

from typing import Iterable

from onenight_core.play.claims import Claim, ClaimCheck, Suspicion, check_message, claim_message, suspicion_message

from .words import Wording


def claim_text(claim: Claim, players: Iterable[str], lang: str = "en", deck: Iterable[str] = ()) -> str:
    """``Bo: “I am the Seer. I looked at Cy: Werewolf.”`` in ``lang``. ``deck``: the table's deck (public),
    whose counts choose the article as a speaker does: "the Seer" for a role with one card in the deck,
    "a Villager" / "a Werewolf" for one with several (``{role:a_or_the}``; without a deck, "the")."""
    words = Wording(players, lang=lang, deck=deck)
    return words.text("claim_line", seat=claim.seat, part=words.say(claim_message(claim)))


def suspicion_text(suspicion: Suspicion, players: Iterable[str], lang: str = "en") -> str:
    """``Bo: “I suspect Cy: their claim does not match what I saw.”`` in ``lang``."""
    words = Wording(players, lang=lang)
    return words.text("suspect_line", seat=suspicion.seat, part=words.say(suspicion_message(suspicion)))


def check_text(check: ClaimCheck, players: Iterable[str], lang: str = "en") -> str:
    """``Bo lied.`` / ``Bo told the truth.`` / ``Bo claimed nothing.`` in ``lang``."""
    return Wording(players, lang=lang).say(check_message(check))


__all__ = ["check_text", "claim_text", "suspicion_text"]
