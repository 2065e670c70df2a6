"""The center cards whose step still draws while nobody holds them, played without the engine:

* the Empath (``rulesets/onuw/roles/groups.Empath``): the app names a group (table ``id_g`` of draws.toml,
  stream ``empath.group``, its ``specific`` players from ``empath.group.players``; the Doppelganger's
  extra step: ``empath#dg.*``) and every player of it points at another player — a bot's draw from its own
  stream among the other players (``empath_group``: the group; ``night.py`` plays the pointing). Nobody
  watches the pointing, and pointing moves nothing a bot or the resolution reads;
* the Oracle (``rulesets/onuw/roles/oracle.Oracle.ghost``): a question drawn (stream ``oracle.question``,
  among ``eligible_for_roster`` of the players' cards) and a random answer (``ghost.oracle``). The game
  is the kernel's when the answer binds nothing the players act on (``quiet_oracle``): not a forced ripple
  nor an aliens' forced pass; a granted team switch changes only the center Oracle card nobody can take
  at a covered table, and the parity answer is a public announcement the bots do not read."""

from __future__ import annotations

from ...rulesets.draws import _weighted, draw_table, stream_random
from ...rulesets.onuw.roles.oracle import QUESTION_STREAM, YES_NO, eligible_for_roster
from .ripple import designated

LOUD_ORACLE = frozenset({"ripple", "alien_exchange"})
"""Questions whose "yes" binds the night (a forced ripple; the aliens' forced pass, Dalbula)."""


def empath_group(ruleset: str, players: int, seed: int, dg: bool) -> tuple[int, ...]:
    """The seats the Empath's step (``dg``: the Doppelganger's extra step) asks to point, ascending
    (``identifiers.designate(g, "id_g", None, ...)`` on the step's first call)."""
    return designated(ruleset, players, seed, "id_g", None, "empath#dg.group" if dg else "empath.group")


def quiet_oracle(ruleset: str, deck: tuple[str, ...], seed: int) -> bool:
    """Whether a ghost Oracle's answer in the game seeded ``seed`` (``deck``: its set-up's deck, the
    players' cards) binds nothing the players act on (the module docstring)."""
    eligible = eligible_for_roster(deck)
    items = [(key, weight) for key, weight in draw_table("oracle").weights(ruleset) if weight > 0 and key in eligible]
    question = _weighted(items, stream_random(seed, QUESTION_STREAM, 0))
    if question not in LOUD_ORACLE:
        return True
    answers = [a.value for a in YES_NO]  # (``spoken_answers`` of a yes/no question)
    return answers[stream_random(seed, "ghost.oracle", 0).randrange(len(answers))] != "yes"


__all__ = ["LOUD_ORACLE", "empath_group", "quiet_oracle"]
