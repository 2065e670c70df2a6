"""The bots of each game family, behind the one game interface: which bot kinds it has, the answering
function of a table of them for ``model.game.drive``, and the batch statistics ``simulate`` keeps for it.

Keyed by ``GameRules.family`` (the engine a ruleset is played by), never by a ruleset's id: onuw and
dalbula share the One Night engine's bots; classic brings its own (``rulesets.classic.bots``, and its
claiming bots ``play.classic_claims``: the table's bot seats, every seat a bot)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from attrs import frozen

from ..engine.game import ONE_NIGHT, rules_for
from ..errors import SetupError
from ..model.game import AnswerFn, GameRules
from ..model.messages import say
from ..model.values import Setup
from ..rulesets.classic.rules import CLASSIC_RULES
from . import bots, claims, classic_batch, classic_claims

@frozen
class Statistics:
    """What a family counts over a batch of bot games, for ``play.simulate.batch``'s one loop: ``tally()``
    a new empty tally (``add(result)``, ``merge(other)``: sums, so parts of a batch merge in any order),
    ``results(setup, bot, seeds, bring)`` each seeded game's result in order, ``stats(tally, setup, seed,
    games, bot)`` the batch's figures."""

    tally: Callable[[], Any]
    results: Callable[[Setup, str, Iterable[int], bool], Iterable[Any]]
    stats: Callable[[Any, Setup, int, int, str], Any]


@frozen
class Policies:
    """A family's bots: its kinds (the first is ``simulate``'s default), ``answers(setup, seed, kind)``
    for ``drive``, and ``statistics`` when the family keeps its own (None: One Night's, ``simulate``'s)."""

    kinds: tuple[str, ...]
    answers: Callable[[Setup, int, str], AnswerFn[Any]]
    statistics: Statistics | None = None


def _one_night_answers(setup: Setup, seed: int, kind: str) -> AnswerFn[Any]:
    if kind == "claiming":  # the bots that claim by day (play.claims)
        return claims.claiming_answers(setup, seed)
    return bots.bot_answers(setup, seed, kind)


POLICIES: dict[str, Policies] = {
    ONE_NIGHT.family: Policies((*bots.BOTS, "claiming"), _one_night_answers),
    CLASSIC_RULES.family: Policies(classic_claims.KINDS, classic_claims.classic_answers,
                                   Statistics(classic_batch.ClassicTally, classic_batch.results,
                                              classic_batch.statistics)),
}


def policies_for(rules: GameRules[Any]) -> Policies:
    return POLICIES[rules.family]


def check_bot(setup: Setup, bot: str) -> None:
    """One clear line (SetupError) for a bot kind ``setup``'s family does not have."""
    kinds = policies_for(rules_for(setup)).kinds
    if bot not in kinds:
        raise SetupError(said=say("error_unknown_bot", given=repr(bot), choices=", ".join(kinds)))


def answers_for(setup: Setup, seed: int, bot: str) -> AnswerFn[Any]:
    """The answering function of a table of ``bot``s for ``setup``'s game; one clear line for a bot kind
    its family does not have (``check_bot``)."""
    check_bot(setup, bot)
    return policies_for(rules_for(setup)).answers(setup, seed, bot)


__all__ = ["POLICIES", "Policies", "Statistics", "answers_for", "check_bot", "policies_for"]
