"""The deck advisor: how a deck is likely to go for each team, and nearby decks closer to balance
(``onenight balance``; the set-up screen's advisor; issue 26).

A deck's **estimate** is the share of N seeded bot games that each team won, with a 95 % Wilson score
interval: the range the true share of such bot games lies in, 19 times out of 20. The bots are the
informed bots by default, or any kind the deck's game family has (``policies``: the One Night bots that
claim by day, ``claiming``, as a table with bot seats plays them). These are bots, not people: a table
of friends bluffs, claims and votes differently, so the figures compare decks with each other, they do
not predict a given evening.

What differs per game family (``GameRules.family``, never a ruleset's id) is a ``Family`` (``family_for``): how a game
is played and tallied (One Night: ``simulate.game_results``, the batch kernel where it covers the deck,
else the engine; classic: ``play.batch.classic.player``, its fast path where it covers the deck, else
its engine), which team is the village, which cards a swap may bring in, which roles a box has several
cards of, a rough cost per game (``game_ms``: the app sizes its batches by it), and the decks a ruleset
proposes of its own (classic's default deck per player count, its "presets").

**Suggestions** swap one card of the deck for another role of the family's pool and keep the swaps that
bring the village's win rate closest to 50 %: every legal swap in the needed direction (a village card in
when the village loses more than it wins, out when it wins more) is played for a few games first
(``screen_games``), and the most promising ones again with more (``confirm_games``); a swap is suggested
only when the confirmed figure is closer to even by at least ``MIN_GAIN``. Legal means the ruleset's
own set-up check passes (``validate_setup``: classic's composition rules for a classic deck).

Every deck is played with the same game seeds (``simulate.game_seeds``; a deck given fewer games plays
the first of them), so two decks differ by their cards, not by their luck, and every result is a pure
function of its arguments. With ``jobs`` > 1 the games are played in worker processes in the batches of
``simulate --jobs`` (``parallel.run_parts``); the figures are the same for any number of jobs."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import groupby

from attrs import frozen

from ..model.values import Setup, _tuple
from ..ruleset_ids import DEFAULT_RULESET
from ..rulesets.onuw.identity import EVIL_KINDS
from .policies import check_bot as check_bot  # (the bot-kind check the app asks here too)
from .simulate import game_results, game_seeds

#: The z score of a 95 % interval.
Z95 = 1.959963984540054
#: The least a confirmed swap must bring the village's win rate closer to 50 % to be suggested.
MIN_GAIN = 0.02
#: The most suggestions given.
MAX_SUGGESTIONS = 3
#: Swaps played again with ``confirm_games`` after the first look.
CONFIRMED = 6
#: The bots the advisor plays by default (every family has them).
DEFAULT_BOT = "informed"
#: The fewest games a nearby deck is played when a time budget sizes the search (``suggest``).
LEAST_SCREEN, LEAST_CONFIRM = 15, 50

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


def _team_order(order: Sequence[str]) -> Callable[[str], tuple[int, str]]:
    return lambda key: (order.index(key), "") if key in order else (len(order), key)


@frozen
class Estimate:
    """A deck's expected win rate per team, from ``games`` seeded games of ``bot`` bots; ``village_key``
    is the village's team among ``teams`` (its family's: ``village`` for One Night, ``villagers`` for
    classic)."""

    players: int
    deck: tuple[str, ...]
    ruleset: str
    games: int
    seed: int
    teams: tuple[TeamEstimate, ...]
    bot: str = DEFAULT_BOT
    village_key: str = "village"

    def team(self, key: str) -> TeamEstimate | None:
        return next((t for t in self.teams if t.key == key), None)

    @property
    def village(self) -> float | None:
        """The village's win rate, or None when no seat can be on the village's side."""
        team = self.team(self.village_key)
        return team.rate if team is not None else None

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "deck": list(self.deck), "ruleset": self.ruleset, "games": self.games,
                "seed": self.seed, "bots": self.bot, "village": self.village_key,
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


def table_setup(players: int, deck: Iterable[str], ruleset: str = DEFAULT_RULESET,
                options: Mapping[str, bool | int | str] | None = None) -> Setup:
    """A set-up of ``players`` seats (named P1, P2, ...: names change nothing the bots do)."""
    return Setup(tuple(f"P{i + 1}" for i in range(players)), _tuple(deck), ruleset, dict(options or {}))


# -- the game families ----------------------------------------------------------------------------------
#: One game's tally: the teams at the table and the teams that won.
Played = tuple[frozenset[str], frozenset[str]]


@frozen
class Family:
    """What the advisor does its own way for one game family (``FAMILIES``)."""

    village: str
    """The village's team key."""
    order: tuple[str, ...]
    """The teams' order when shown (the village first); other teams after them, by name."""
    play: Callable[[Setup, str, Sequence[int]], Iterator[Played]]
    """Each seeded game of a set-up played by bots of a kind, tallied (``Played``), in order."""
    pool: Callable[[Setup], list[tuple[str, bool]]]
    """The roles a swap may bring in, with whether each is on the village's side."""
    repeatable: Callable[[], frozenset[str]]
    """The roles a box holds several cards of: the only ones a swap adds a second card of."""
    game_ms: Callable[[Setup, str], float]
    """A rough cost of one game on this machine in milliseconds (the app sizes its batches by it)."""
    own_decks: Callable[[str], tuple[tuple[str, int, tuple[str, ...]], ...]]
    """The decks a ruleset of the family proposes beside presets.toml's: ``(name, players, deck)``."""


def _one_night_play(setup: Setup, bot: str, seeds: Sequence[int]) -> Iterator[Played]:
    for result in game_results(setup, bot, seeds):  # (a generator: each game played when asked)
        keys = result.keys
        yield frozenset(keys), frozenset(keys[s] for s in result.winners)


def _one_night_pool(setup: Setup) -> list[tuple[str, bool]]:
    """The ruleset's playable roles of the deck's editions and of the base game."""
    from ..catalog.loader import default_catalog
    from ..rulesets import ruleset_for

    catalog = default_catalog()
    ruleset = ruleset_for(setup.ruleset)
    editions = {catalog[r].edition for r in setup.deck if r in catalog} | {"base"}
    return [(info.id, info.team == "village_hero") for info in ruleset.roles(catalog)
            if info.edition in editions and ruleset.is_playable(info.id)]


def _one_night_repeatable() -> frozenset[str]:
    """The roles some preset deals twice (Werewolf, Villager, Mason...): a table has one Seer card."""
    from ..catalog.presets import PRESETS

    return frozenset(role for preset in PRESETS.values() for role, n in Counter(preset.roles).items() if n > 1)


def _one_night_ms(setup: Setup, bot: str) -> float:
    from .batch import mixed
    from .batch.coverage import covers

    # measured (benchmarks/simulate.py; this machine, 2026-12): the kernel ~0.015 ms a seat, its mixed
    # roles' part (the aliens, the villains, the Blob...: ``batch.mixed``) ~3x that, the engine's informed
    # bots ~0.1, the claiming bots (always the engine) ~0.15
    if covers(setup, bot):
        per_seat = 0.015
    elif mixed.covers(setup, bot):
        per_seat = 0.045
    else:
        per_seat = 0.15 if bot == "claiming" else 0.1
    return per_seat * len(setup.players)


def _no_own_decks(_ruleset: str) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    return ()  # (presets.toml holds the One Night decks)


def _classic_play(setup: Setup, bot: str, seeds: Sequence[int]) -> Iterator[Played]:
    from ..rulesets.classic.board import side_of
    from .classic_batch import results

    for result in results(setup, bot, seeds):  # the fast path when it covers the set-up, else the engine
        won = frozenset({result.winning_side} if result.winning_side else ())
        yield frozenset(side_of(role) for role in result.roles) | won, won


def _classic_pool(_setup: Setup) -> list[tuple[str, bool]]:
    from ..rulesets.classic.catalog import classic_catalog

    catalog = classic_catalog()
    return [(role.id, catalog.side(role.id) == CLASSIC_VILLAGE) for role in catalog.roles]


def _classic_repeatable() -> frozenset[str]:
    from ..rulesets.classic.catalog import classic_catalog

    return frozenset(role.id for role in classic_catalog().roles if not role.unique)


def _classic_ms(setup: Setup, bot: str) -> float:
    from .batch.classic import covers

    # measured: the fast path ~0.04 ms a seat (a 12-seat game 0.34 ms), the engine ~0.45 on an idle
    # machine (8 seats 3.5 ms) and twice that on a busy one: 0.7; the claiming bots (always the engine,
    # claims and pointing each day) ~0.9 a seat at 9 seats, 1.2 at 12, on a busy machine: 1.2
    if covers(setup, bot):
        return 0.04 * len(setup.players)
    return (1.2 if bot == "claiming" else 0.7) * len(setup.players)


def _classic_own_decks(ruleset: str) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """Classic's default deck for each player count it plays (``default_classic_deck``): its presets."""
    from ..rulesets import ruleset_for
    from ..rulesets.classic.deck import DEFAULT_SHAPES, default_classic_deck

    most = ruleset_for(ruleset).most_players
    return tuple((f"{ruleset}-{n}", n, default_classic_deck(n)) for n in range(min(DEFAULT_SHAPES), most + 1))


#: Classic's village side.
CLASSIC_VILLAGE = "villagers"


@functools.cache
def _families() -> dict[str, Family]:
    """The families' parts, built once (their imports are late: classic's modules load when asked)."""
    from ..engine.game import ONE_NIGHT
    from ..rulesets.classic.rules import CLASSIC_RULES
    from ..rulesets.classic.board import SIDES

    return {
        ONE_NIGHT.family: Family("village", ("village", *EVIL_KINDS), _one_night_play, _one_night_pool,
                                 _one_night_repeatable, _one_night_ms, _no_own_decks),
        CLASSIC_RULES.family: Family(CLASSIC_VILLAGE, SIDES, _classic_play, _classic_pool, _classic_repeatable,
                                     _classic_ms, _classic_own_decks),
    }


def family_for(ruleset: Setup | str) -> Family:
    """The advisor's parts for the family ``ruleset`` (or a set-up's) is played by."""
    from ..engine.game import rules_for

    return _families()[rules_for(ruleset).family]


def game_ms(setup: Setup, bot: str = DEFAULT_BOT) -> float:
    """A rough cost of one of ``setup``'s games played by ``bot`` bots, in milliseconds on this machine."""
    return family_for(setup).game_ms(setup, bot)


def games_within(setup: Setup, bot: str, budget_ms: float, least: int, most: int) -> int:
    """The games of ``setup`` that fit in about ``budget_ms`` (``game_ms``), at least ``least`` and at
    most ``most``: the app's batch size (a pure function of its arguments, so its figures are too)."""
    return max(1, min(most, max(least, int(budget_ms / game_ms(setup, bot)))))


def own_decks(ruleset: str) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """The decks ``ruleset`` proposes beside presets.toml's (classic's default decks): ``(name, players,
    deck)``."""
    return family_for(ruleset).own_decks(ruleset)


# -- playing ------------------------------------------------------------------------------------------
Tally = dict[int, tuple[int, dict[str, int], dict[str, int]]]  # deck index -> (games, present, wins)


def _add(tally: Tally, index: int, played: Played) -> None:
    games, present, wins = tally.get(index) or (0, {}, {})
    for key in played[0]:
        present[key] = present.get(key, 0) + 1
    for key in played[1]:
        wins[key] = wins.get(key, 0) + 1
    tally[index] = (games + 1, present, wins)


def play_items(setups: tuple[Setup, ...], bot: str, items: tuple[tuple[int, int], ...]) -> Tally:
    """Play each ``(deck index, game seed)`` of ``items`` with ``bot`` bots and count who won: one
    batch part (this process or a worker of ``run_parts``). Tallies of parts add up (``_merge``)."""
    tally: Tally = {}
    for index, group in groupby(items, key=lambda item: item[0]):
        setup = setups[index]
        for played in family_for(setup).play(setup, bot, [game_seed for _, game_seed in group]):
            _add(tally, index, played)
    return tally


def _merge(into: Tally, part: Tally) -> None:
    for index, (games, present, wins) in part.items():
        have_games, have_present, have_wins = into.get(index) or (0, {}, {})
        into[index] = (have_games + games, dict(Counter(have_present) + Counter(present)),
                       dict(Counter(have_wins) + Counter(wins)))


def play_decks(setups: Sequence[Setup], games: int | Sequence[int], seed: int = 0, jobs: int = 1,
               progress: Progress | None = None, stop: Stop | None = None,
               cluster: str | None = None, bot: str = DEFAULT_BOT) -> list[Estimate]:
    """An estimate for each of ``setups``, each from the same seeds: ``games`` of them, or ``games[i]``
    for deck ``i`` (the first of the same seeds). ``progress(done, total)`` after every game (every
    finished part with ``jobs`` > 1 or on the Dask ``cluster``); ``stop()`` is asked as often and raises
    ``Stopped`` when true."""
    decks = tuple(setups)
    for setup in dict.fromkeys(decks):
        check_bot(setup, bot)
    counts = [games] * len(decks) if isinstance(games, int) else list(games)
    seeds = list(game_seeds(seed, max(counts, default=0)))
    items = [(i, s) for i in range(len(decks)) for s in seeds[:counts[i]]]
    total = len(items)
    tally: Tally = {}
    if cluster is not None or (jobs > 1 and total > 1):
        from .parallel import run_parts

        def told(done: int) -> None:
            if progress is not None:
                progress(done, total)

        for part in run_parts(play_items, (decks, bot), items, total, jobs, cluster, told):
            _merge(tally, part)
            if stop is not None and stop():
                raise Stopped
    else:
        done = 0
        for index, setup in enumerate(decks):
            deck_games = family_for(setup).play(setup, bot, seeds[:counts[index]])
            for _ in range(counts[index]):
                if stop is not None and stop():
                    raise Stopped
                _add(tally, index, next(deck_games))
                done += 1
                if progress is not None:
                    progress(done, total)
    estimates = []
    for i, setup in enumerate(decks):
        played, present, wins = tally.get(i) or (0, {}, {})
        family = family_for(setup)
        teams = tuple(TeamEstimate(key, wins.get(key, 0), played)
                      for key in sorted(present, key=_team_order(family.order)))
        estimates.append(Estimate(len(setup.players), setup.deck, setup.ruleset, played, seed, teams, bot,
                                  family.village))
    return estimates


def estimate(setup: Setup, games: int = 2000, seed: int = 0, jobs: int = 1, progress: Progress | None = None,
             stop: Stop | None = None, cluster: str | None = None, bot: str = DEFAULT_BOT) -> Estimate:
    """``setup``'s expected win rate per team from ``games`` seeded games of ``bot`` bots."""
    return play_decks([setup], games, seed, jobs, progress, stop, cluster, bot)[0]


# -- nearby decks -------------------------------------------------------------------------------------
def _pool(setup: Setup) -> list[tuple[str, bool]]:
    """The roles a swap may bring in, with whether each is on the village's side (the family's)."""
    return family_for(setup).pool(setup)


def _repeatable(setup: Setup | str = DEFAULT_RULESET) -> frozenset[str]:
    """The roles a box holds several cards of (Werewolf, Villager, Mason...): a swap never suggests a
    second card of any other role (a table has one Seer card)."""
    return family_for(setup).repeatable()


def nearby_decks(setup: Setup, village: float) -> list[tuple[str, str, Setup]]:
    """The legal decks one swap away from ``setup``'s, in the direction the village needs (``village``:
    its win rate now): ``(card out, card in, set-up)``, in a fixed order. A role already in the deck is
    added only if a box has several of its cards (``_repeatable``); the ruleset's set-up check passes."""
    from ..engine.protocol import validate_setup
    from ..errors import OneNightError

    wants_village = village < 0.5
    repeatable = _repeatable(setup)
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


def _sized(setups: Sequence[Setup], bot: str, games: int, least: int, budget_ms: float | None) -> list[int]:
    """``games`` for each deck, or with a ``budget_ms`` shared evenly among them, what fits of it
    (``games_within``; never more than ``games``)."""
    if budget_ms is None or not setups:
        return [games] * len(setups)
    share = budget_ms / len(setups)
    return [games_within(s, bot, share, min(least, games), games) for s in setups]


def _affordable(near: list[tuple[str, str, Setup]], bot: str, least: int, budget_ms: float | None,
                cheapest: bool = True) -> list[tuple[str, str, Setup]]:
    """The nearby decks a search of ``budget_ms`` plays: all of them without a budget; else as many as
    ``least`` games each fit in the budget (``game_ms``: a classic deck of roles its fast path does not
    play costs ten times more), and at least one, taken in the order given or, with ``cheapest``, the
    cheapest first (then in the order given)."""
    if budget_ms is None:
        return near
    costs = [game_ms(s, bot) * least for _, _, s in near]
    order = sorted(range(len(near)), key=lambda i: (costs[i], i)) if cheapest else list(range(len(near)))
    kept: list[int] = []
    spent = 0.0
    for i in order:
        if kept and spent + costs[i] > budget_ms:
            break
        kept.append(i)
        spent += costs[i]
    return [near[i] for i in sorted(kept)] if cheapest else [near[i] for i in kept]


def suggest(setup: Setup, now: Estimate, screen_games: int = 300, confirm_games: int = 1000, seed: int = 0,
            jobs: int = 1, progress: Progress | None = None, stop: Stop | None = None,
            limit: int = MAX_SUGGESTIONS, cluster: str | None = None,
            budget_ms: float | None = None) -> tuple[Suggestion, ...]:
    """Up to ``limit`` swaps of one card that bring the village's win rate closer to 50 % (the module's
    docstring), the best first, played by the bots of ``now``. None when the deck has no village side or
    is already even. ``budget_ms``: the search's time on this machine (``game_ms``), half for the first
    look and half for the confirming runs, each nearby deck's games cut to its share (at least
    ``LEAST_SCREEN`` / ``LEAST_CONFIRM``), the costliest nearby decks left out when even that does not
    fit (``_affordable``); None: every nearby deck, the games as given."""
    village = now.village
    if village is None:
        return ()
    near = nearby_decks(setup, village)
    if not near:
        return ()
    bot = now.bot
    half = None if budget_ms is None else budget_ms / 2
    near = _affordable(near, bot, min(LEAST_SCREEN, screen_games), half)
    screen = _sized([s for _, _, s in near], bot, screen_games, LEAST_SCREEN, half)
    chosen = min(CONFIRMED, len(near))
    done_before = 0
    total = sum(screen) + chosen * confirm_games  # (the confirming runs' own count is known after the look)

    def told(done: int, _total: int) -> None:
        if progress is not None:
            progress(done_before + done, total)

    first = play_decks([s for _, _, s in near], screen, seed, jobs, told, stop, cluster, bot)
    ranked = sorted(range(len(near)), key=lambda i: (abs((first[i].village or 0.0) - 0.5), i))[:CONFIRMED]
    best = _affordable([near[i] for i in ranked], bot, min(LEAST_CONFIRM, confirm_games), half, cheapest=False)
    confirm = _sized([deck for _, _, deck in best], bot, confirm_games, LEAST_CONFIRM, half)
    done_before, total = sum(screen), sum(screen) + sum(confirm)
    confirmed = play_decks([deck for _, _, deck in best], confirm, seed, jobs, told, stop, cluster, bot)
    gap = abs(village - 0.5)
    found = [Suggestion(remove, add, village, after)
             for (remove, add, _), after in zip(best, confirmed) if gap - abs((after.village or 0.0) - 0.5) >= MIN_GAIN]
    found.sort(key=lambda s: abs(s.village_after - 0.5))
    # Different cards taken out first (three ways to drop the same Villager say little), then the rest.
    varied = [s for i, s in enumerate(found) if all(s.remove != o.remove for o in found[:i])]
    return tuple((varied + [s for s in found if s not in varied])[:limit])


def advise(setup: Setup, games: int = 2000, seed: int = 0, jobs: int = 1, suggestions: bool = True,
           screen_games: int = 300, confirm_games: int | None = None, progress: Progress | None = None,
           stop: Stop | None = None, cluster: str | None = None, bot: str = DEFAULT_BOT,
           budget_ms: float | None = None) -> Advice:
    """The estimate of ``setup`` with ``bot`` bots and, with ``suggestions``, the swaps toward balance
    (``suggest``: each nearby deck first played ``screen_games`` games, at most a quarter of ``games``;
    the confirming runs play ``games`` games unless ``confirm_games`` says otherwise; ``budget_ms``
    sizes the search to about that time, ``suggest``'s)."""
    now = estimate(setup, games, seed, jobs, progress, stop, cluster, bot)
    if not suggestions:
        return Advice(now, ())
    screen = min(screen_games, max(10, games // 4))  # a first look never longer than the deck's own
    found = suggest(setup, now, screen, confirm_games if confirm_games is not None else games, seed, jobs,
                    progress, stop, cluster=cluster, budget_ms=budget_ms)
    return Advice(now, found)
