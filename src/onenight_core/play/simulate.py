"""Batch statistics over seeded bot games (``onenight simulate --games K``).

Game ``i`` of a batch is played with the ``i``-th seed drawn from ``rng.stream(seed, "simulate")``
(``game_seeds``), so a batch is a pure function of its seed, and any single game of it can be played
again on its own with ``--seed``. Only counters are kept while the batch runs — never a game state —
so memory stays flat however many games are played.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any, Callable, Iterable, Iterator

from attrs import field, frozen

from .batch import Result, results as batch_results
from .bots import BOTS, play_game
from .collection import STARTER_SET
from .parallel import frozen_gc
from ..engine.game import rules_for
from ..ruleset_ids import DEFAULT_RULESET
from ..errors import SetupError
from ..model.game import drive
from .classic_batch import ClassicStats
from ..model.messages import say
from ..rulesets.onuw.identity import EVIL_KINDS
from ..model.values import ArtifactView, CardView, Learned, MarkView, Observation, Setup, _tuple
from ..model.outcome import Outcome
from ..model.rng import game_seeds, stream
from ..model.state import GameState
from .policies import Statistics, answers_for, check_bot, policies_for
from .story import journeys

TEAM_ORDER = ("village",) + EVIL_KINDS
# The bot kinds ``simulate`` plays: the engine's drivers (``bots.BOTS``) and the bots that claim by day.
BOT_KINDS = (*BOTS, "claiming")


def play_bot_game(setup: Setup, seed: int, bot: str = "informed") -> Any:
    """One seeded game of ``bot``s of any ruleset: the one loop (``model.game.drive``) over the set-up's
    rules (``engine.game.rules_for``) with its family's bots (``play.policies``). A One Night game is a
    ``GameState`` (``play_game``'s, or claiming bots' ``play_claiming_game``'s), a classic game a
    ``ClassicGame``."""
    rules = rules_for(setup)
    return drive(rules, rules.new_game(setup, seed), answers_for(setup, seed, bot))


def _team_order(key: str) -> tuple[int, str]:
    return (TEAM_ORDER.index(key), "") if key in TEAM_ORDER else (len(TEAM_ORDER), key)


def _pairs(mapping: dict[str, int],
           order: Callable[[str], tuple[int, str]] | None = None) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(mapping.items(), key=(lambda kv: order(kv[0])) if order else (lambda kv: kv[0])))


@frozen
class TeamResult:
    """How one team (a seat's team key: village, werewolf, tanner, minion_solo, ...) fared in a batch:
    in how many games a seat had that key, and in how many at least one such seat won."""

    key: str
    present: int
    wins: int
    games: int

    @property
    def win_rate(self) -> float:
        """Wins over all games of the batch."""
        return self.wins / self.games if self.games else 0.0

    @property
    def win_rate_when_present(self) -> float:
        return self.wins / self.present if self.present else 0.0


@frozen
class SimulationStats:
    """The statistics of a batch of bot games. Deterministic for a (setup, seed, games, bot)."""

    players: tuple[str, ...] = field(converter=_tuple)
    deck: tuple[str, ...] = field(converter=_tuple)
    seed: int = 0
    games: int = 0
    bot: str = "informed"
    ruleset: str = DEFAULT_RULESET
    present: tuple[tuple[str, int], ...] = field(default=(), converter=_tuple)
    wins: tuple[tuple[str, int], ...] = field(default=(), converter=_tuple)
    deaths_by_role: tuple[tuple[str, int], ...] = field(default=(), converter=_tuple)
    held_by_role: tuple[tuple[str, int], ...] = field(default=(), converter=_tuple)
    deaths: int = 0
    no_deaths: int = 0
    no_winners: int = 0
    epic: int = 0

    @property
    def teams(self) -> tuple[TeamResult, ...]:
        wins = dict(self.wins)
        return tuple(TeamResult(k, n, wins.get(k, 0), self.games) for k, n in self.present)

    def team(self, key: str) -> TeamResult:
        for t in self.teams:
            if t.key == key:
                return t
        return TeamResult(key, 0, 0, self.games)

    def win_rate(self, key: str) -> float:
        return self.team(key).win_rate

    @property
    def average_deaths(self) -> float:
        return self.deaths / self.games if self.games else 0.0

    def death_rate(self, role: str) -> float:
        """How often a seat holding ``role`` at the vote died."""
        held = dict(self.held_by_role).get(role, 0)
        return dict(self.deaths_by_role).get(role, 0) / held if held else 0.0

    def to_json(self) -> dict[str, Any]:
        held = dict(self.held_by_role)
        dead = dict(self.deaths_by_role)
        return {
            "games": self.games,
            "seed": self.seed,
            "bot": self.bot,
            "ruleset": self.ruleset,
            "players": list(self.players),
            "deck": list(self.deck),
            "teams": {
                t.key: {"present": t.present, "wins": t.wins, "win_rate": round(t.win_rate, 6),
                        "win_rate_when_present": round(t.win_rate_when_present, 6)}
                for t in self.teams
            },
            "deaths": {
                "total": self.deaths,
                "average": round(self.average_deaths, 6),
                "games_nobody_died": self.no_deaths,
                "by_role": {role: {"held": held[role], "died": dead.get(role, 0),
                                   "rate": round(self.death_rate(role), 6)}
                            for role in sorted(held)},
            },
            "games_nobody_won": self.no_winners,
            "games_epic": self.epic,
        }


class _Tally:
    """The running counters of a batch (mutable, private to ``simulate``). Tallies of parts of a batch
    add up (``merge``) to the tally of the whole, whatever the parts: sums do not depend on the order."""

    def __init__(self) -> None:
        self.present: Counter[str] = Counter()
        self.wins: Counter[str] = Counter()
        self.died: Counter[str] = Counter()
        self.held: Counter[str] = Counter()
        self.deaths = self.no_deaths = self.no_winners = self.epic = 0

    def add(self, result: Result) -> None:
        keys = result.keys
        for key in set(keys):
            self.present[key] += 1
        for key in {keys[s] for s in result.winners}:
            self.wins[key] += 1
        self.held.update(result.roles)
        for seat in result.dead:
            self.died[result.roles[seat]] += 1
        self.deaths += len(result.dead)
        self.no_deaths += not result.dead
        self.no_winners += not result.winners
        self.epic += result.mode == "epic"

    def merge(self, other: _Tally) -> None:
        self.present.update(other.present)
        self.wins.update(other.wins)
        self.died.update(other.died)
        self.held.update(other.held)
        self.deaths += other.deaths
        self.no_deaths += other.no_deaths
        self.no_winners += other.no_winners
        self.epic += other.epic


def _one_night_stats(tally: _Tally, setup: Setup, seed: int, games: int, bot: str) -> SimulationStats:
    return SimulationStats(
        players=setup.players, deck=setup.deck, seed=seed, games=games, bot=bot, ruleset=setup.ruleset,
        present=_pairs(tally.present, _team_order), wins=_pairs(tally.wins, _team_order),
        deaths_by_role=_pairs(tally.died), held_by_role=_pairs(tally.held),
        deaths=tally.deaths, no_deaths=tally.no_deaths, no_winners=tally.no_winners, epic=tally.epic,
    )


def _statistics(setup: Setup) -> Statistics:
    """What a batch of ``setup``'s games counts: its family's own statistics (``play.policies``), else the
    One Night engine's (teams, deaths by role)."""
    return policies_for(rules_for(setup)).statistics or ONE_NIGHT_STATISTICS


def play_chunk(setup: Setup, bot: str, seeds: tuple[int, ...], bring: bool = False) -> Any:
    """Play the games of ``seeds`` (a slice of ``game_seeds``) and tally them: one batch part, run in
    this process, a worker process (``--jobs``) or a Dask worker (``--cluster``), for any family (its
    ``Statistics``). ``bring``: see ``simulate``."""
    counted = _statistics(setup)
    tally = counted.tally()
    add = tally.add
    with frozen_gc():
        for result in counted.results(setup, bot, seeds, bring):
            add(result)
    return tally


def game_results(setup: Setup, bot: str, seeds: Iterable[int], bring: bool = False) -> Iterator[Result]:
    """The result of each seeded game, in order (what a tally reads of an ``Outcome``): the batch kernel's
    (``play.batch``) for the set-ups it covers, else the engine's, game by game — the same results."""
    play = play_game if bot != "claiming" else play_bot_game

    def engine(game_seed: int) -> Result:
        result: Outcome | None = play(with_brought(setup, game_seed) if bring else setup, game_seed, bot).outcome
        assert result is not None  # (a bot game is played to its end)
        return result

    return batch_results(setup, bot, seeds, engine, partial(with_brought, setup) if bring else None)


#: What a batch of One Night games counts (families without their own ``Statistics`` in ``play.policies``).
ONE_NIGHT_STATISTICS = Statistics(_Tally, game_results, _one_night_stats)


def starter_brought(players: int, seed: int) -> tuple[str, ...]:
    """S0's set-up played by bots (seed 000: each player submits a card they own): every seat brings one
    card of the starter collection, drawn uniformly per seat from the stream ``simulate.bring`` of the
    game's seed; the ruleset's set-up then draws the center from every role."""
    draws = stream(seed, "simulate.bring")
    return tuple(STARTER_SET[draws.randrange(len(STARTER_SET))] for _ in range(players))


def with_brought(setup: Setup, seed: int) -> Setup:
    """``setup`` with the starter cards its players bring in the game seeded ``seed``."""
    return Setup(setup.players, starter_brought(len(setup.players), seed), setup.ruleset, setup.options,
                 draws=setup.draws)


def batch(setup: Setup, games: int, seed: int = 0, bot: str = "informed",
          progress: Callable[[int], None] | None = None, every: int = 100,
          bring: bool = False, jobs: int = 1, cluster: str | None = None) -> SimulationStats | ClassicStats:
    """Play ``games`` seeded bot games of any ruleset's ``setup`` and count them: the one batch loop (its
    family's ``Statistics``: classic's wins per side, why games end and nights; the One Night engine's
    teams and deaths by role).

    With ``bring`` (Dalbula's S0 set-up) each game's players bring starter cards (``with_brought``):
    ``setup.deck`` is not used. ``jobs`` > 1 plays the batch in that many processes, ``cluster`` (a Dask
    scheduler's address) on a Dask cluster; either way the statistics are those of ``jobs=1``: game ``i``
    is seeded with the ``i``-th of ``game_seeds(seed)`` wherever it is played, and the counters are sums.
    ``progress(done)`` is called every ``every`` games (every finished part with ``jobs``) and at the end."""
    if games < 1:
        raise SetupError(said=say("error_games_count", given=games))
    check_bot(setup, bot)  # the bot kind, before the first game
    counted = _statistics(setup)
    tally = counted.tally()
    if cluster is not None or jobs > 1:
        from .parallel import run_parts

        part_of = partial(play_chunk, bring=True) if bring else play_chunk  # (a partial pickles)
        for part in run_parts(part_of, (setup, bot), game_seeds(seed, games), games, jobs, cluster, progress):
            tally.merge(part)
    else:
        add = tally.add
        done = 0
        with frozen_gc():
            for result in counted.results(setup, bot, game_seeds(seed, games), bring):
                add(result)
                done += 1
                if progress is not None and (done % every == 0 or done == games):
                    progress(done)
    stats: SimulationStats | ClassicStats = counted.stats(tally, setup, seed, games, bot)
    return stats


def simulate(setup: Setup, games: int, seed: int = 0, bot: str = "informed",
             progress: Callable[[int], None] | None = None, every: int = 100,
             bring: bool = False, jobs: int = 1, cluster: str | None = None) -> SimulationStats:
    """``batch`` for a ruleset played by the One Night engine: who won (per team) and who died."""
    stats = batch(setup, games, seed, bot, progress, every, bring, jobs, cluster)
    if not isinstance(stats, SimulationStats):
        raise TypeError(f"simulate: {setup.ruleset} keeps its own statistics: ask batch")
    return stats


# -- one game as JSON ---------------------------------------------------------------------------------

def _observation_json(obs: Observation) -> dict[str, Any]:
    if isinstance(obs, CardView):
        return {"seat": obs.seat, "step": obs.step, "type": "card", "pos": obs.pos, "role": obs.role}
    if isinstance(obs, MarkView):
        return {"seat": obs.seat, "step": obs.step, "type": "mark", "pos": obs.pos, "mark": obs.mark}
    if isinstance(obs, Learned):
        return {"seat": obs.seat, "step": obs.step, "type": "learned", "who": list(obs.who), "as": obs.as_}
    if isinstance(obs, ArtifactView):
        return {"seat": obs.seat, "step": obs.step, "type": "artifact", "pos": obs.pos, "artifact": obs.artifact}
    return {"seat": getattr(obs, "seat", None), "step": getattr(obs, "step", ""), "type": type(obs).__name__}


def game_to_json(state: GameState) -> dict[str, Any]:
    """One game, machine-readable: the deal, the night's events and observations, the table at dawn,
    the votes, deaths, winners with reasons (as message ids and parameters) and each card's journey.
    The readable story is the app's to add (``onenight_tui.text``): the core speaks no language."""
    trips = journeys(state)
    start = {j.positions[0]: j.role for j in trips}
    deal = {state.pos(i): start.get(state.pos(i)) for i in range(len(state.cards))}
    result: Outcome | None = state.outcome
    out: dict[str, Any] = {
        "seed": state.seed,
        "ruleset": state.setup.ruleset,
        "players": list(state.setup.players),
        "deck": list(state.setup.deck),
        "phase": state.phase,
        "deal": deal,
        "script": [{"id": s.id, "kind": s.kind, "role": s.role} for s in state.script],
        "events": [
            {"step": e.step, "kind": e.kind, "seat": e.seat, "role": e.role,
             "action": None if e.action is None else {
                 "verb": e.action.verb, "targets": list(e.action.targets), "value": e.action.value},
             "moves": [{"card": m.card, "from": m.src, "to": m.dst} for m in e.moves],
             "detail": None if e.detail is None else e.detail.to_json()}
            for e in state.events
        ],
        "observations": [_observation_json(o) for o in state.observations],
        "final": {state.pos(i): c.role for i, c in enumerate(state.cards)},
        "copied": {state.pos(i): c.copied for i, c in enumerate(state.cards) if c.copied},
        "votes": [None if v is None else [f"p{t}" for t in v] for v in state.votes],
        "journeys": [{"card": j.card, "role": j.role, "positions": list(j.positions)} for j in trips],
    }
    if result is not None:
        out.update({
            "mode": result.mode,
            "dead": sorted(result.dead),
            "deaths": [{"seat": s, "cause": cause.to_json()} for s, cause in result.deaths],
            "winners": sorted(result.winners),
            "teams": [{"team": k, "won": won, "reason": why.to_json()} for k, won, why in result.teams],
            "seats": [
                {"seat": s, "name": state.setup.players[s], "dealt": state.dealt[s],
                 "night_role": state.night_roles[s], "card": state.cards[s].role, "role": result.roles[s],
                 "team": result.keys[s], "won": s in result.winners, "reason": result.reasons[s].to_json()}
                for s in range(state.players)
            ],
        })
    return out


__all__ = ["BOT_KINDS", "SimulationStats", "TeamResult", "batch", "game_results", "game_seeds", "game_to_json",
           "play_bot_game", "play_chunk", "simulate", "starter_brought", "with_brought"]
