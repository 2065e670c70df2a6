"""Benchmark: seeded bot games per second, and peak memory as the number of games grows.

    python3 benchmarks/simulate.py                 # 100,000 games of preset base-10 with informed bots
    python3 benchmarks/simulate.py --games 5000    # a quick run
    python3 benchmarks/simulate.py --profile       # also print the hottest functions (cProfile)
    python3 benchmarks/simulate.py --jobs 2        # also play the batch in 2 processes (simulate --jobs)
    python3 benchmarks/simulate.py --engine        # the engine's games only (no batch kernel): before/after
    python3 benchmarks/simulate.py --preset dalbula-7   # Dalbula, 7 players bringing starter cards (S0)
    python3 benchmarks/simulate.py --ruleset classic --players 9   # classic Werewolf, its default deck

The games are played one after another in this process (one core), exactly as ``onenight simulate``
plays them (``simulate.game_results``: the batch kernel for the set-ups it covers, else the engine).
Peak memory is the process's peak resident set size (``ru_maxrss``), read after 1,000 games and again
at the end: flat memory means the two figures are (nearly) the same. Target (issue 9, on the
project's two-core machine): at least 4,000 games/s, and flat memory (issue 25: the end within 1.1x of
the figure at 1,000 games).

The same run plays the same number of games with the minimal mutable simulator of
``benchmarks/reference_sim.py`` (the base roles only: for an ``onuw`` preset of other roles, such as
mixed-all-10, it plays the base preset of the same player count, the yardstick of a game of that size) and
prints its rate beside ours: issue 25 asks for at least 0.5x of it for base-10, 0.25x for mixed-all-10.
With ``--ruleset classic`` the games are classic Werewolf games of the default deck for ``--players``
(``simulate --ruleset classic``'s batch: the fast path of ``play/batch/classic.py``), beside the
reference's classic game (``reference_sim.play_classic``): issue 25 asks for at least 0.25x for 9 players.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
import cProfile
import io
import os
import pstats
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from onenight_core.play.bots import play_game  # noqa: E402
from onenight_core.catalog.presets import PRESETS  # noqa: E402
from onenight_core.model.values import Setup  # noqa: E402
from onenight_core.play.parallel import frozen_gc, run_parts  # noqa: E402
from onenight_core.play.simulate import (_Tally, batch, game_results, game_seeds, play_chunk, simulate,  # noqa: E402
                                         starter_brought, with_brought)

import reference_sim  # noqa: E402  (benchmarks/ is the script's folder: on sys.path)

TARGET_RATE = 4_000
CHECKPOINT = 1_000


def peak_rss_mib() -> float:
    """Peak resident set size of this process so far, in MiB (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


DALBULA = "dalbula-"  # ``dalbula-7``: Dalbula, 7 players bringing starter cards (simulate --ruleset dalbula)
DECKS = sorted(PRESETS) + [f"{DALBULA}{n}" for n in range(3, 11)]


def setup_of(deck: str) -> tuple[Setup, bool]:
    """The set-up of a deck name (a preset, or ``dalbula-N``), and whether its players bring their cards."""
    if deck.startswith(DALBULA):
        n = int(deck[len(DALBULA):])
        players = tuple(f"P{i}" for i in range(n))
        return Setup(players=players, deck=starter_brought(n, 0), ruleset="dalbula"), True
    p = PRESETS[deck]
    return Setup(players=tuple(f"P{i}" for i in range(p.players)), deck=p.roles, ruleset=p.ruleset), False


def engine_results(setup, bot, seeds, bring=False):
    """The engine's game for each seed (what ``simulate`` played before the batch kernel)."""
    for game_seed in seeds:
        yield play_game(with_brought(setup, game_seed) if bring else setup, game_seed, bot).outcome


def run(games: int, preset: str, bot: str, seed: int, engine: bool = False) -> dict:
    setup, bring = setup_of(preset)
    play = engine_results if engine else game_results
    for _ in play(setup, bot, range(50), bring):  # warm the caches (catalog, scripts, plans) outside the timing
        pass
    tally = _Tally()
    figures: dict = {"games": games, "preset": preset, "bot": bot}
    start, cpu_start = time.perf_counter(), time.process_time()
    done = 0
    with frozen_gc():  # as simulate() plays a batch
        for result in play(setup, bot, game_seeds(seed, games), bring):
            tally.add(result)
            done += 1
            if done == CHECKPOINT:
                figures["rss_at_1000"] = peak_rss_mib()
                figures["rate_at_1000"] = done / (time.perf_counter() - start)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    figures.update(seconds=elapsed, rate=games / elapsed, cpu_rate=games / cpu if cpu else 0.0,
                   rss_end=peak_rss_mib(),
                   wins=dict(tally.wins), deaths=tally.deaths)
    return figures


def run_reference(games: int, preset: str, seed: int) -> dict | None:
    """The reference simulator on the same number of games (None: it does not cover the deck). For
    ``dalbula-N`` and the ``onuw`` decks of roles it does not play (``mixed-all-10``) it plays the base deck
    of that many players: the yardstick of a game of that size (issue 25 sets mixed-all-10's goal
    against it)."""
    p = PRESETS[f"base-{preset[len(DALBULA):]}" if preset.startswith(DALBULA) else preset]
    if p.ruleset == "onuw" and not reference_sim.covers(p.roles) and f"base-{p.players}" in PRESETS:
        p = PRESETS[f"base-{p.players}"]  # (a deck it does not play: its base game of that size, the yardstick)
    if p.ruleset != "onuw" or not reference_sim.covers(p.roles):
        return None
    seeds = list(game_seeds(seed, games))
    start, cpu_start = time.perf_counter(), time.process_time()
    wins = reference_sim.run(p.roles, p.players, seeds)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return {"rate": games / elapsed, "cpu_rate": games / cpu if cpu else 0.0, "wins": dict(wins), "preset": p.id}


def classic_setup(players: int) -> Setup:
    from onenight_core.rulesets.classic.deck import default_classic_deck

    return Setup(players=tuple(f"P{i}" for i in range(players)), deck=default_classic_deck(players),
                 ruleset="classic")


def run_classic(games: int, players: int, bot: str, seed: int) -> dict:
    """``run`` for classic: the games a classic ``batch`` plays, one after another in this process."""
    from onenight_core.play.batch.classic import player
    from onenight_core.play.classic_batch import ClassicTally

    setup = classic_setup(players)
    play = player(setup, bot)
    play(0)  # warm the caches outside the timing
    tally = ClassicTally()
    figures: dict = {"games": games, "bot": bot}
    start, cpu_start = time.perf_counter(), time.process_time()
    done = 0
    with frozen_gc():
        for game_seed in game_seeds(seed, games):
            tally.add(play(game_seed))
            done += 1
            if done == CHECKPOINT:
                figures["rss_at_1000"] = peak_rss_mib()
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    figures.update(seconds=elapsed, rate=games / elapsed, cpu_rate=games / cpu if cpu else 0.0,
                   rss_end=peak_rss_mib(), wins=dict(tally.wins), deaths=tally.deaths)
    return figures


def run_classic_reference(games: int, players: int, seed: int) -> dict | None:
    setup = classic_setup(players)
    if not reference_sim.covers_classic(setup.deck):
        return None
    seeds = list(game_seeds(seed, games))
    start, cpu_start = time.perf_counter(), time.process_time()
    wins = reference_sim.run_classic(setup.deck, players, seeds)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return {"rate": games / elapsed, "cpu_rate": games / cpu if cpu else 0.0, "wins": dict(wins)}


def timed_classic_chunk(setup, bot, seeds):
    """``play_chunk`` of a classic batch, with the worker's id and its CPU seconds since it started."""
    return play_chunk(setup, bot, seeds), os.getpid(), time.process_time()


def run_classic_jobs(games: int, players: int, bot: str, seed: int, jobs: int) -> dict:
    """``run_jobs`` for classic: ``batch`` with one job, then its parts in ``jobs`` workers
    (wall clock, CPU seconds, the idle-core estimate), and whether the figures agree."""
    from onenight_core.play.classic_batch import ClassicTally

    setup = classic_setup(players)
    start, cpu = time.perf_counter(), time.process_time()
    one = batch(setup, games, seed, bot, jobs=1)
    wall_one, cpu_one = time.perf_counter() - start, time.process_time() - cpu
    start, cpu = time.perf_counter(), time.process_time()
    tally, workers = ClassicTally(), {}
    for part, pid, seconds in run_parts(timed_classic_chunk, (setup, bot), game_seeds(seed, games), games, jobs):
        tally.merge(part)
        workers[pid] = max(seconds, workers.get(pid, 0.0))
    wall_many, parent_cpu = time.perf_counter() - start, time.process_time() - cpu
    many = batch(setup, games, seed, bot, jobs=jobs)
    same = many == one and dict(tally.wins) == dict(one.wins) and tally.deaths == one.deaths
    return {"same": same, "one": wall_one, "many": wall_many, "cpu_one": cpu_one,
            "worker_cpu": sum(workers.values()), "estimate": cpu_one / (max(workers.values()) + parent_cpu)}


def timed_chunk(setup, bot, bring, seeds):
    """``play_chunk``, with the worker's id and its CPU seconds since it started (imports included)."""
    tally = play_chunk(setup, bot, seeds, bring)
    return tally, os.getpid(), time.process_time()


def run_jobs(games: int, preset: str, bot: str, seed: int, jobs: int) -> dict:
    """The same batch in this process (``simulate(jobs=1)``), then in ``jobs`` worker processes (the
    parts ``simulate(jobs=N)`` plays): wall clock, CPU seconds, and whether the statistics are the same.

    On a shared machine the wall-clock ratio says little: Linux groups a session's processes
    (``sched_autogroup``), and a busy machine gives the group the same share whatever its number of
    processes. The CPU figures do not depend on that: ``estimate`` is the speed-up on ``jobs`` idle cores
    from the busiest worker's CPU seconds (its start-up included) and the parent's."""
    setup, bring = setup_of(preset)
    start, cpu = time.perf_counter(), time.process_time()
    one = simulate(setup, games, seed, bot, jobs=1, bring=bring)
    wall_one, cpu_one = time.perf_counter() - start, time.process_time() - cpu
    start, cpu = time.perf_counter(), time.process_time()
    tally, workers = _Tally(), {}
    for part, pid, seconds in run_parts(timed_chunk, (setup, bot, bring), game_seeds(seed, games), games, jobs):
        tally.merge(part)
        workers[pid] = max(seconds, workers.get(pid, 0.0))
    wall_many, parent_cpu = time.perf_counter() - start, time.process_time() - cpu
    many = simulate(setup, games, seed, bot, jobs=jobs, bring=bring)  # (and the statistics through simulate itself)
    same = many == one and vars(tally)["deaths"] == one.deaths
    return {"same": same, "one": wall_one, "many": wall_many, "cpu_one": cpu_one,
            "worker_cpu": sum(workers.values()), "estimate": cpu_one / (max(workers.values()) + parent_cpu)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000, help="games to play (default 100,000)")
    ap.add_argument("--preset", default="base-10", choices=DECKS,
                    help="deck (default base-10; dalbula-N: Dalbula with N players bringing starter cards)")
    ap.add_argument("--bot", default="informed", choices=("informed", "random"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--profile", action="store_true", help="profile 2,000 games and print the hot spots")
    ap.add_argument("--engine", action="store_true", help="play every game on the engine (no batch kernel)")
    ap.add_argument("--jobs", type=int, default=0,
                    help="also play the batch with simulate(jobs=1) and simulate(jobs=N) and compare")
    ap.add_argument("--ruleset", default="onuw", choices=("onuw", "classic"),
                    help="classic: classic Werewolf's default deck for --players (default onuw: --preset)")
    ap.add_argument("--players", type=int, default=9, help="with --ruleset classic: the players (default 9)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.ruleset == "classic":
        if not 3 <= args.players <= 40:
            ap.error("--players must be between 3 and 40")
        return main_classic(args)

    print(f"{args.games:,} games of {args.preset} with {args.bot} bots, one core, "
          f"{'the engine only' if args.engine else 'as simulate plays them'} (Python {sys.version.split()[0]})")
    f = run(args.games, args.preset, args.bot, args.seed, args.engine)
    print(f"  speed:  {f['rate']:,.0f} games/s ({f['seconds']:.1f} s; target {TARGET_RATE:,} games/s"
          f" -> {'met' if f['rate'] >= TARGET_RATE else 'NOT met'})")
    # On a shared machine the wall-clock rate depends on the other processes; the CPU-time rate does not
    # (much): compare two versions by it when the load is not zero.
    print(f"          {f['cpu_rate']:,.0f} games per CPU second (load average {os.getloadavg()[0]:.1f})")
    if "rss_at_1000" in f:
        growth = f["rss_end"] - f["rss_at_1000"]
        ratio = f["rss_end"] / f["rss_at_1000"]
        print(f"  memory: peak RSS {f['rss_at_1000']:.1f} MiB after {CHECKPOINT:,} games, "
              f"{f['rss_end']:.1f} MiB after {args.games:,} games (growth {growth:+.1f} MiB, "
              f"{ratio:.2f}x; target 1.1x -> {'met' if ratio <= 1.1 else 'NOT met'})")
    else:
        print(f"  memory: peak RSS {f['rss_end']:.1f} MiB after {args.games:,} games "
              f"(run at least {CHECKPOINT:,} games to compare)")
    print(f"  wins:   {', '.join(f'{k} {v:,}' for k, v in sorted(f['wins'].items()))}; "
          f"{f['deaths']:,} deaths")
    ref = run_reference(args.games, args.preset, args.seed)
    if ref is None:
        print(f"  reference: benchmarks/reference_sim.py does not cover {args.preset} (base roles only)")
    else:
        if args.preset.startswith(DALBULA):
            print(f"  reference: (no Dalbula in benchmarks/reference_sim.py: its base-{args.preset[len(DALBULA):]} "
                  f"game instead)")
        elif ref["preset"] != args.preset:
            print(f"  reference: (benchmarks/reference_sim.py plays the base roles only: its {ref['preset']} "
                  f"game instead, the yardstick of a game of that size)")
        print(f"  reference: {ref['rate']:,.0f} games/s, {ref['cpu_rate']:,.0f} games per CPU second "
              f"(benchmarks/reference_sim.py, same games); ours {f['cpu_rate'] / ref['cpu_rate']:.2f}x "
              f"by CPU time, {f['rate'] / ref['rate']:.2f}x by wall clock")
        print(f"             its wins: {', '.join(f'{k} {v:,}' for k, v in sorted(ref['wins'].items()))}")
    if args.jobs > 1:
        print_jobs(run_jobs(args.games, args.preset, args.bot, args.seed, args.jobs), args.jobs)

    if args.profile:
        setup, bring = setup_of(args.preset)
        played = (engine_results if args.engine else game_results)(setup, args.bot, game_seeds(args.seed, 2_000), bring)
        print_profile(lambda: all(True for _ in played))
    return 0


def print_jobs(j: dict, jobs: int) -> None:
    """The figures of ``run_jobs``/``run_classic_jobs``: one process against ``jobs``, same statistics."""
    print(f"  jobs:   1 process {j['one']:.1f} s, {jobs} processes {j['many']:.1f} s wall clock "
          f"({j['one'] / j['many']:.2f}x; load average {os.getloadavg()[0]:.1f}); "
          f"statistics {'the same' if j['same'] else 'DIFFERENT'}")
    print(f"          CPU: {j['cpu_one']:.1f} s in one process, {j['worker_cpu']:.1f} s in {jobs} workers; "
          f"on {jobs} idle cores about {j['estimate']:.2f}x (target 1.7x)")


def print_profile(play: Callable[[], object]) -> None:
    """The 20 functions ``play()`` spent most of its own time in (cProfile)."""
    prof = cProfile.Profile()
    prof.enable()
    play()
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(20)
    print(out.getvalue())


def main_classic(args: argparse.Namespace) -> int:
    print(f"{args.games:,} classic games of {args.players} players (default deck) with {args.bot} bots, "
          f"one core (Python {sys.version.split()[0]})")
    f = run_classic(args.games, args.players, args.bot, args.seed)
    print(f"  speed:  {f['rate']:,.0f} games/s ({f['seconds']:.1f} s); {f['cpu_rate']:,.0f} games per CPU second "
          f"(load average {os.getloadavg()[0]:.1f})")
    if "rss_at_1000" in f:
        print(f"  memory: peak RSS {f['rss_at_1000']:.1f} MiB after {CHECKPOINT:,} games, "
              f"{f['rss_end']:.1f} MiB after {args.games:,} games ({f['rss_end'] / f['rss_at_1000']:.2f}x)")
    print(f"  wins:   {', '.join(f'{k} {v:,}' for k, v in sorted(f['wins'].items()))}; {f['deaths']:,} deaths")
    ref = run_classic_reference(args.games, args.players, args.seed)
    if ref is None:
        print("  reference: benchmarks/reference_sim.py does not cover this deck")
    else:
        ratio = f["cpu_rate"] / ref["cpu_rate"]
        print(f"  reference: {ref['rate']:,.0f} games/s, {ref['cpu_rate']:,.0f} games per CPU second "
              f"(benchmarks/reference_sim.py's classic game, same seeds); ours {ratio:.2f}x by CPU time, "
              f"{f['rate'] / ref['rate']:.2f}x by wall clock (target 0.25x -> {'met' if ratio >= 0.25 else 'NOT met'})")
        print(f"             its wins: {', '.join(f'{k} {v:,}' for k, v in sorted(ref['wins'].items()))}")
    if args.jobs > 1:
        print_jobs(run_classic_jobs(args.games, args.players, args.bot, args.seed, args.jobs), args.jobs)
    if args.profile:
        from onenight_core.play.batch.classic import player

        play = player(classic_setup(args.players), args.bot)
        print_profile(lambda: [play(game_seed) for game_seed in game_seeds(args.seed, 2_000)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
