"""The deck advisor: how a deck is likely to go for each team, and nearby decks closer to balance
(``onenight balance``; the set-up screen's advisor; issue 26).

A deck's **estimate** is the share of N seeded games of informed bots (``simulate.game_results``:
the batch kernel where it covers the deck, else the engine) that each team
won, with a 95 % Wilson score interval: the range the true share of such bot games lies in, 19 times
out of 20. These are bots, not people: a table of friends bluffs, claims and votes differently, so the
figures compare decks with each other, they do not predict a given evening.

**Suggestions** swap one card of the deck for another role of the ruleset's pool (the roles of the
deck's editions and the base game's, playable under the ruleset) and keep the swaps that bring the
village's win rate closest to 50 %: every legal swap in the needed direction (a village card in when
the village loses more than it wins, out when it wins more) is played for a few games first
(``screen_games``), and the most promising ones again with more (``confirm_games``); a swap is
suggested only when the confirmed figure is closer to even by at least ``MIN_GAIN``.

Every deck is played with the same game seeds (``simulate.game_seeds``), so two decks differ by their
cards, not by their luck, and every result is a pure function of its arguments. With ``jobs`` > 1 the
games are played in worker processes in the batches of ``simulate --jobs`` (``parallel.run_parts``);
the figures are the same for any number of jobs."""

from __future__ import annotations

import math
from itertools import groupby
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence

from attrs import frozen

from ..model.values import Setup, _tuple
from ..rulesets.onuw.identity import EVIL_KINDS
from .simulate import game_results, game_seeds

#: The z score of a 95 % interval.
Z95 = 1.959963984540054
#: The least a confirmed swap must bring the village's win rate closer to 50 % to be suggested.
MIN_GAIN = 0.02
#: The most suggestions given.
MAX_SUGGESTIONS = 3
#: Swaps played again with ``confirm_games`` after the first look.
CONFIRMED = 6
#: The teams' order when shown: the village first, then the kinds of rules.toml, then by name.
TEAM_ORDER = ("village", *EVIL_KINDS)

Progress = Callable[[int, int], None]
Stop = Callable[[], bool]


class Stopped(Exception):
    """The caller's ``stop()`` said to stop (the deck changed): nothing is returned."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` (95 % by default), as shares in [0, 1]."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@frozen
class TeamEstimate:
    """One team's (a seat's team key: village, werewolf, tanner, ...) wins over the games played."""

    key: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def _team_order(key: str) -> tuple[int, str]:
    return (TEAM_ORDER.index(key), "") if key in TEAM_ORDER else (len(TEAM_ORDER), key)


@frozen
class Estimate:
    """A deck's expected win rate per team, from ``games`` seeded games of informed bots."""

    players: int
    deck: tuple[str, ...]
    ruleset: str
    games: int
    seed: int
    teams: tuple[TeamEstimate, ...]

    def team(self, key: str) -> TeamEstimate | None:
        return next((t for t in self.teams if t.key == key), None)

    @property
    def village(self) -> float | None:
        """The village's win rate, or None when no seat can be on the village's side."""
        team = self.team("village")
        return team.rate if team is not None else None

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "deck": list(self.deck), "ruleset": self.ruleset, "games": self.games,
                "seed": self.seed, "bots": "informed",
                "teams": {t.key: {"wins": t.wins, "win_rate": round(t.rate, 6),
                                  "interval_95": [round(t.interval[0], 6), round(t.interval[1], 6)]}
                          for t in self.teams}}


@frozen
class Suggestion:
    """Swap one ``remove`` card for an ``add``: the village's win rate goes from ``before`` to
    ``after.village`` (``after`` is the swapped deck's confirmed estimate)."""

    remove: str
    add: str
    before: float
    after: Estimate

    @property
    def village_after(self) -> float:
        return self.after.village or 0.0

    def to_json(self) -> dict[str, object]:
        return {"remove": self.remove, "add": self.add, "deck": list(self.after.deck),
                "village_before": round(self.before, 6), "village_after": round(self.village_after, 6),
                "games": self.after.games}


@frozen
class Advice:
    estimate: Estimate
    suggestions: tuple[Suggestion, ...]

    def to_json(self) -> dict[str, object]:
        data = self.estimate.to_json()
        data["suggestions"] = [s.to_json() for s in self.suggestions]
        return data


def table_setup(players: int, deck: Iterable[str], ruleset: str = "onuw",
                options: Mapping[str, bool | int | str] | None = None) -> Setup:
    """A set-up of ``players`` seats (named P1, P2, ...: names change nothing the bots do)."""
    return Setup(tuple(f"P{i + 1}" for i in range(players)), _tuple(deck), ruleset, dict(options or {}))


# -- playing ------------------------------------------------------------------------------------------
Tally = dict[int, tuple[int, dict[str, int], dict[str, int]]]  # deck index -> (games, present, wins)


def _add(tally: Tally, index: int, keys: Sequence[str], winners: Iterable[int]) -> None:
    games, present, wins = tally.get(index) or (0, {}, {})
    for key in set(keys):
        present[key] = present.get(key, 0) + 1
    for key in {keys[s] for s in winners}:
        wins[key] = wins.get(key, 0) + 1
    tally[index] = (games + 1, present, wins)


def play_items(setups: tuple[Setup, ...], items: tuple[tuple[int, int], ...]) -> Tally:
    """Play each ``(deck index, game seed)`` of ``items`` with informed bots and count who won: one
    batch part (this process or a worker of ``run_parts``). Tallies of parts add up (``_merge``)."""
    tally: Tally = {}
    for index, group in groupby(items, key=lambda item: item[0]):
        for result in game_results(setups[index], "informed", [game_seed for _, game_seed in group]):
            _add(tally, index, result.keys, result.winners)
    return tally


def _merge(into: Tally, part: Tally) -> None:
    for index, (games, present, wins) in part.items():
        have_games, have_present, have_wins = into.get(index) or (0, {}, {})
        into[index] = (have_games + games, dict(Counter(have_present) + Counter(present)),
                       dict(Counter(have_wins) + Counter(wins)))


def play_decks(setups: Sequence[Setup], games: int, seed: int = 0, jobs: int = 1,
               progress: Progress | None = None, stop: Stop | None = None,
               cluster: str | None = None) -> list[Estimate]:
    """An estimate for each of ``setups``, each from the same ``games`` seeds. ``progress(done, total)``
    after every game (every finished part with ``jobs`` > 1 or on the Dask ``cluster``); ``stop()`` is
    asked as often and raises ``Stopped`` when true."""
    decks = tuple(setups)
    seeds = list(game_seeds(seed, games))
    items = [(i, s) for i in range(len(decks)) for s in seeds]
    total = len(items)
    tally: Tally = {}
    if cluster is not None or (jobs > 1 and total > 1):
        from .parallel import run_parts

        def told(done: int) -> None:
            if progress is not None:
                progress(done, total)

        for part in run_parts(play_items, (decks,), items, total, jobs, cluster, told):
            _merge(tally, part)
            if stop is not None and stop():
                raise Stopped
    else:
        done = 0
        for index, setup in enumerate(decks):
            deck_results = game_results(setup, "informed", seeds)  # (a generator: each game played when asked)
            for _ in seeds:
                if stop is not None and stop():
                    raise Stopped
                result = next(deck_results)
                _add(tally, index, result.keys, result.winners)
                done += 1
                if progress is not None:
                    progress(done, total)
    estimates = []
    for i, setup in enumerate(decks):
        played, present, wins = tally.get(i) or (0, {}, {})
        teams = tuple(TeamEstimate(key, wins.get(key, 0), played) for key in sorted(present, key=_team_order))
        estimates.append(Estimate(len(setup.players), setup.deck, setup.ruleset, played, seed, teams))
    return estimates


def estimate(setup: Setup, games: int = 2000, seed: int = 0, jobs: int = 1, progress: Progress | None = None,
             stop: Stop | None = None, cluster: str | None = None) -> Estimate:
    """``setup``'s expected win rate per team from ``games`` seeded games of informed bots."""
    return play_decks([setup], games, seed, jobs, progress, stop, cluster)[0]


# -- nearby decks -------------------------------------------------------------------------------------
def _pool(setup: Setup) -> list[tuple[str, bool]]:
    """The roles a swap may bring in, with whether each is on the village's side: the ruleset's playable
    roles of the deck's editions and of the base game."""
    from ..catalog.loader import default_catalog
    from ..rulesets import ruleset_for

    catalog = default_catalog()
    ruleset = ruleset_for(setup.ruleset)
    editions = {catalog[r].edition for r in setup.deck if r in catalog} | {"base"}
    return [(info.id, info.team == "village_hero") for info in ruleset.roles(catalog)
            if info.edition in editions and ruleset.is_playable(info.id)]


def _repeatable() -> frozenset[str]:
    """The roles a box holds several cards of (Werewolf, Villager, Mason...): those some preset deals twice.
    A swap never suggests a second card of any other role (a table has one Seer card)."""
    from collections import Counter

    from ..catalog.presets import PRESETS

    return frozenset(role for preset in PRESETS.values() for role, n in Counter(preset.roles).items() if n > 1)


def nearby_decks(setup: Setup, village: float) -> list[tuple[str, str, Setup]]:
    """The legal decks one swap away from ``setup``'s, in the direction the village needs (``village``:
    its win rate now): ``(card out, card in, set-up)``, in a fixed order. A role already in the deck is
    added only if a box has several of its cards (``_repeatable``)."""
    from ..engine.protocol import validate_setup
    from ..errors import OneNightError

    wants_village = village < 0.5
    repeatable = _repeatable()
    adds = [role for role, on_village in _pool(setup) if on_village == wants_village
            and (role not in setup.deck or role in repeatable)]
    out: list[tuple[str, str, Setup]] = []
    seen: set[tuple[str, ...]] = set()
    for remove in dict.fromkeys(setup.deck):
        for add in adds:
            if add == remove:
                continue
            deck = list(setup.deck)
            deck[deck.index(remove)] = add
            key = tuple(sorted(deck))
            if key in seen:
                continue
            seen.add(key)
            swapped = Setup(setup.players, tuple(deck), setup.ruleset, setup.options)
            try:
                validate_setup(swapped)
            except OneNightError:
                continue
            out.append((remove, add, swapped))
    return out


def suggest(setup: Setup, now: Estimate, screen_games: int = 300, confirm_games: int = 1000, seed: int = 0,
            jobs: int = 1, progress: Progress | None = None, stop: Stop | None = None,
            limit: int = MAX_SUGGESTIONS, cluster: str | None = None) -> tuple[Suggestion, ...]:
    """Up to ``limit`` swaps of one card that bring the village's win rate closer to 50 % (the module's
    docstring), the best first. None when the deck has no village side or is already even."""
    village = now.village
    if village is None:
        return ()
    near = nearby_decks(setup, village)
    if not near:
        return ()
    total = len(near) * screen_games + min(CONFIRMED, len(near)) * confirm_games
    done_before = 0

    def told(done: int, _total: int) -> None:
        if progress is not None:
            progress(done_before + done, total)

    first = play_decks([s for _, _, s in near], screen_games, seed, jobs, told, stop, cluster)
    ranked = sorted(range(len(near)), key=lambda i: (abs((first[i].village or 0.0) - 0.5), i))[:CONFIRMED]
    done_before = len(near) * screen_games
    confirmed = play_decks([near[i][2] for i in ranked], confirm_games, seed, jobs, told, stop, cluster)
    gap = abs(village - 0.5)
    found = [Suggestion(near[i][0], near[i][1], village, after)
             for i, after in zip(ranked, confirmed) if gap - abs((after.village or 0.0) - 0.5) >= MIN_GAIN]
    found.sort(key=lambda s: abs(s.village_after - 0.5))
    # Different cards taken out first (three ways to drop the same Villager say little), then the rest.
    varied = [s for i, s in enumerate(found) if all(s.remove != o.remove for o in found[:i])]
    return tuple((varied + [s for s in found if s not in varied])[:limit])


def advise(setup: Setup, games: int = 2000, seed: int = 0, jobs: int = 1, suggestions: bool = True,
           screen_games: int = 300, confirm_games: int | None = None, progress: Progress | None = None,
           stop: Stop | None = None, cluster: str | None = None) -> Advice:
    """The estimate of ``setup`` and, with ``suggestions``, the swaps toward balance (``suggest``: each
    nearby deck first played ``screen_games`` games, at most a quarter of ``games``; the confirming runs
    play ``games`` games unless ``confirm_games`` says otherwise)."""
    now = estimate(setup, games, seed, jobs, progress, stop, cluster)
    if not suggestions:
        return Advice(now, ())
    screen = min(screen_games, max(10, games // 4))  # a first look never longer than the deck's own
    found = suggest(setup, now, screen, confirm_games if confirm_games is not None else games, seed, jobs,
                    progress, stop, cluster=cluster)
    return Advice(now, found)
