"""Batches played in parts (onenight_core.play.parallel): ``simulate --jobs N`` and ``--cluster`` give
the statistics of one process, game for game (each game seeded from the batch seed and its index)."""

from __future__ import annotations

import gc

import pytest

from onenight_core import Setup
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.parallel import frozen_gc, part_size, parts
from onenight_core.play.simulate import game_seeds, play_chunk, simulate


def setup_of(preset: str) -> Setup:
    p = PRESETS[preset]
    return Setup(players=tuple(f"P{i}" for i in range(p.players)), deck=p.roles)


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_two_jobs_give_the_statistics_of_one():
    setup = setup_of("base-6")
    seen: list[int] = []
    one = simulate(setup, 300, seed=7)
    two = simulate(setup, 300, seed=7, jobs=2, progress=seen.append)
    assert two == one and two.to_json() == one.to_json()
    assert seen and seen[-1] == 300 and seen == sorted(seen)


def test_parts_cover_the_batch_in_order_whatever_their_size():
    seeds = list(game_seeds(3, 101))
    for size in (1, 7, 100, 101, 500):
        assert [s for chunk in parts(seeds, size) for s in chunk] == seeds
    assert part_size(100_000, 2) == 2_000 and part_size(10, 2) == 2 and part_size(1, 8) == 1


def test_tallies_of_parts_add_up_to_the_whole():
    setup = setup_of("base-5")
    seeds = tuple(game_seeds(11, 90))
    whole = play_chunk(setup, "informed", seeds)
    merged = play_chunk(setup, "informed", seeds[:40])
    merged.merge(play_chunk(setup, "informed", seeds[40:]))
    assert vars(merged) == vars(whole)


def test_a_batch_freezes_the_collector_and_thaws_it_after():
    before = gc.get_freeze_count()
    with frozen_gc():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == before


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_the_cli_plays_with_jobs(capsys):
    import json

    from onenight_tui.__main__ import main

    results = []
    for jobs in ("1", "2"):
        assert main(["simulate", "--players", "5", "--games", "200", "--seed", "3", "--jobs", jobs, "--json"]) == 0
        results.append(json.loads(capsys.readouterr().out))
    assert results[0] == results[1] and results[0]["games"] == 200


@pytest.mark.subprocess  # a Dask worker asks `uname -p` (platform.processor): a child process
def test_a_local_dask_cluster_gives_the_statistics_of_one_job():
    distributed = pytest.importorskip("distributed")
    setup = setup_of("base-5")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        on_cluster = simulate(setup, 120, seed=5, cluster=cluster.scheduler_address)
    assert on_cluster == simulate(setup, 120, seed=5, jobs=1)


# -- memory: per-prompt option tuples are built once (issue 25) ----------------------------------------

def _option_tuples(setup: Setup, seed: int) -> list[tuple]:
    """The options of every prompt of one bot game, in order (the ``play_game`` loop)."""
    from onenight_core.engine.protocol import apply, new_game
    from onenight_core.engine.views import view_for
    from onenight_core.play.bots import make_bots

    bots = make_bots("informed", len(setup.players), seed)
    state, seen = new_game(setup, seed), []
    while (prompt := state.prompt) is not None:
        seen.append(prompt.options)
        answer = prompt.options[0] if len(prompt.options) == 1 else bots[prompt.seat].answer(
            view_for(state, prompt.seat))
        state = apply(state, answer)
    return seen


def test_options_built_per_prompt_are_one_shared_tuple_per_value():
    # instructed-3 has the Empath, whose respondents' pointing options were a new tuple per prompt: each
    # filled the caches keyed by an option tuple's identity (engine, bots) with an entry never met again.
    setup = setup_of("instructed-3")
    for seed in range(40):
        first, again = _option_tuples(setup, seed), _option_tuples(setup, seed)
        assert first == again
        assert all(a is b for a, b in zip(first, again)), seed


def test_shared_options_are_one_tuple_per_value():
    from onenight_core.model.values import Action, shared_options

    a = shared_options([Action("point", ("p1",)), Action("point", ("p2",))])
    b = shared_options((Action("point", ("p1",)), Action("point", ("p2",))))
    assert a is b and a == (Action("point", ("p1",)), Action("point", ("p2",)))
    assert shared_options(a) is a


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_two_jobs_with_brought_cards_and_claiming_bots():
    # Dalbula's S0 set-up (each game's players bring starter cards) and the claiming bots: the parts
    # play the same games as one process.
    p = PRESETS["base-5"]
    setup = Setup(players=tuple(f"P{i}" for i in range(p.players)), deck=p.roles, ruleset="dalbula")
    assert simulate(setup, 40, seed=2, bring=True, jobs=2) == simulate(setup, 40, seed=2, bring=True)
    assert simulate(setup_of("base-5"), 30, seed=4, bot="claiming", jobs=2) == simulate(
        setup_of("base-5"), 30, seed=4, bot="claiming")
