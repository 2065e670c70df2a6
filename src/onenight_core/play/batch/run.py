"""The one dispatch ``play/simulate.py`` calls (``results``): a result per seed, in order, played by the
kernel when the set-up is covered (``coverage.covers``), by the mixed kernel when it is one of its decks
(``mixed.covers``; a game it does not play raises ``mixed.Fallback``), and by the engine (``fallback``)
otherwise."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from ...model.values import Setup
from ...rulesets import RULESETS
from .coverage import covers, game_ripple
from .extras import with_extras
from .night import Table, play_night
from .plan import Plan, plan_for
from .ripple import play_ripple
from .resolution import GameResult, Result, resolve
from . import mixed, trim
from .vote import cast_votes


def play(plan: Plan, cards: list[str], seed: int, informed: bool) -> GameResult:
    """One game of the kernel: the deal ``cards`` (table order), the night, the votes, the result."""
    t = Table(cards, plan.players, seed, informed)
    play_night(t, plan)
    return resolve(t, plan, cast_votes(t, plan))


def results(setup: Setup, bot: str, seeds: Iterable[int], fallback: Callable[[int], Result],
            game_setup: Callable[[int], Setup] | None = None) -> Iterator[Result]:
    """The result of each game of ``seeds`` (``GameResult`` or the engine's ``Outcome``: the same fields
    for a tally). ``fallback(seed)`` plays a game the kernel does not cover on the engine.
    ``game_setup(seed)``: every game has its own set-up (Dalbula's brought cards, ``simulate.with_brought``),
    and its own table: each game is covered or not on its own."""
    games = 0
    every = trim.TRIM_EVERY
    for result in _results(setup, bot, seeds, fallback, game_setup):
        yield result
        games += 1
        if games % every == 0:
            trim.trim_caches()  # flat memory (trim.py)


def _results(setup: Setup, bot: str, seeds: Iterable[int], fallback: Callable[[int], Result],
             game_setup: Callable[[int], Setup] | None) -> Iterator[Result]:
    if game_setup is not None:
        yield from _brought(game_setup, bot, seeds, fallback)
        return
    if not covers(setup, bot):
        if mixed.covers(setup, bot):
            yield from _mixed(setup, bot, seeds, fallback)
            return
        for seed in seeds:
            yield fallback(seed)
        return
    plan = plan_for(setup, setup.deck)
    deal = RULESETS[setup.ruleset].deal_for
    informed = bot == "informed"
    for seed in seeds:
        t = Table(deal(setup, seed), plan.players, seed, informed)
        play_night(t, plan)
        yield resolve(t, plan, cast_votes(t, plan))


def _mixed(setup: Setup, bot: str, seeds: Iterable[int], fallback: Callable[[int], Result]) -> Iterator[Result]:
    """The games of a deck of the mixed kernel (``mixed.py``): each played by it, or by the engine when
    its ripple is not one the kernel plays."""
    plan = mixed.plan_for(setup)
    informed = bot == "informed"
    play_mixed, deal, Fallback = mixed.play, mixed.deal, mixed.Fallback
    for seed in seeds:
        try:
            result: Result = play_mixed(plan, deal(setup, seed), seed, informed)
        except Fallback:
            result = fallback(seed)
        yield result


def _brought(game_setup: Callable[[int], Setup], bot: str, seeds: Iterable[int],
             fallback: Callable[[int], Result]) -> Iterator[Result]:
    informed = bot == "informed"
    for seed in seeds:
        setup = game_setup(seed)
        cards = with_extras(setup.ruleset, seed, RULESETS[setup.ruleset].deal_for(setup, seed))
        ripple = game_ripple(setup, bot, tuple(cards), seed)
        if ripple is not None:
            plan = plan_for(setup, cards)
            t = Table(cards, plan.players, seed, informed)
            play_night(t, plan)
            if ripple:  # (the night's last step, Z2)
                play_ripple(t, plan, ripple)
            yield resolve(t, plan, cast_votes(t, plan))
        else:
            yield fallback(seed)


__all__ = ["GameResult", "Result", "play", "results"]
