"""Batch statistics (onenight_core.play.simulate): deterministic for a seed, counts that agree with the games
they summarise, and the rules-derived relations between them (resolution.md 2.A)."""

from __future__ import annotations

import json

import pytest

from onenight_core import Setup, SetupError
from onenight_core.play.bots import play_game
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.simulate import game_seeds, game_to_json, simulate


def setup_of(preset: str) -> Setup:
    p = PRESETS[preset]
    return Setup(players=tuple(f"P{i}" for i in range(p.players)), deck=p.roles)


def test_same_seed_same_statistics():
    a = simulate(setup_of("base-5"), 60, seed=11)
    b = simulate(setup_of("base-5"), 60, seed=11)
    assert a == b and a.to_json() == b.to_json()
    assert simulate(setup_of("base-5"), 60, seed=12).to_json() != a.to_json()


def test_game_i_of_a_batch_can_be_replayed_on_its_own():
    setup = setup_of("base-6")
    seeds = list(game_seeds(5, 25))
    assert seeds == list(game_seeds(5, 25)) and len(set(seeds)) == 25
    stats = simulate(setup, 25, seed=5)
    wins: dict[str, int] = {}
    deaths = 0
    for s in seeds:
        o = play_game(setup, s).outcome
        for key in {o.keys[w] for w in o.winners}:
            wins[key] = wins.get(key, 0) + 1
        deaths += len(o.dead)
    assert dict(stats.wins) == wins
    assert stats.deaths == deaths


def test_counts_add_up():
    stats = simulate(setup_of("base-8"), 80, seed=3)
    n = 8
    assert sum(held for _, held in stats.held_by_role) == 80 * n  # every seat holds one role at the vote
    assert sum(d for _, d in stats.deaths_by_role) == stats.deaths
    assert 0 <= stats.no_deaths <= 80
    assert stats.average_deaths == pytest.approx(stats.deaths / 80)
    for team in stats.teams:
        assert 0 <= team.wins <= team.present <= 80
        assert team.win_rate == pytest.approx(team.wins / 80)


def test_base5_always_has_the_village_present():
    # base-5 has 8 cards, two of them werewolves and no other non-village card: at least three of the five
    # seats hold a village card at the vote, so the village team is present in every game.
    stats = simulate(setup_of("base-5"), 50, seed=1)
    assert stats.team("village").present == 50
    assert stats.team("werewolf").present <= 50
    assert "tanner" not in dict(stats.present)


def test_no_werewolf_in_play_village_wins_exactly_when_nobody_dies():
    # resolution.md 2.A: with no werewolf among the players the village wins iff nobody dies.
    setup = Setup(players=("A", "B", "C", "D"), deck=("villager",) * 4 + ("seer", "robber", "troublemaker"))
    stats = simulate(setup, 60, seed=2)
    assert stats.team("village").present == 60
    assert stats.team("village").wins == stats.no_deaths
    assert stats.no_winners == 60 - stats.no_deaths
    assert stats.to_json()["teams"]["village"]["wins"] == stats.no_deaths


def test_all_werewolves_win_exactly_when_nobody_dies():
    # Every card a werewolf: only the werewolf team is present, and it wins iff no werewolf (nobody) dies.
    setup = Setup(players=("A", "B", "C"), deck=("werewolf",) * 6)
    stats = simulate(setup, 40, seed=4, bot="random")
    assert [t.key for t in stats.teams] == ["werewolf"]
    assert stats.team("werewolf").wins == stats.no_deaths


def test_progress_is_reported_up_to_the_last_game():
    seen: list[int] = []
    simulate(setup_of("base-4"), 23, seed=0, progress=seen.append, every=10)
    assert seen == [10, 20, 23]


def test_bad_batches_are_refused():
    with pytest.raises(SetupError):
        simulate(setup_of("base-4"), 0)
    with pytest.raises(SetupError):
        simulate(setup_of("base-4"), 3, bot="psychic")


def test_to_json_is_serialisable_and_complete():
    data = json.loads(json.dumps(simulate(setup_of("base-7"), 30, seed=9).to_json()))
    assert data["games"] == 30 and data["seed"] == 9 and data["bot"] == "informed"
    assert set(data["teams"]) >= {"village", "werewolf"}
    assert set(data["deaths"]) == {"total", "average", "games_nobody_died", "by_role"}
    assert sum(r["held"] for r in data["deaths"]["by_role"].values()) == 30 * 7


def test_one_game_as_json():
    setup = setup_of("base-6")
    state = play_game(setup, 8)
    data = json.loads(json.dumps(game_to_json(state)))
    assert [data["deal"][f"p{s}"] for s in range(6)] == list(state.dealt)
    assert sorted(data["deal"].values()) == sorted(setup.deck)
    assert data["winners"] == sorted(state.outcome.winners)
    assert data["dead"] == sorted(state.outcome.dead)
    # reasons are message ids and parameters, never sentences (the core speaks no language)
    assert [s["reason"] for s in data["seats"]] == [r.to_json() for r in state.outcome.reasons]
    assert all(" " not in s["reason"]["id"] for s in data["seats"])
    # every journey ends where its card lies at the end
    for j in data["journeys"]:
        assert data["final"][j["positions"][-1]] == j["role"]
    assert "story" not in data  # the words are the app's: `onenight simulate --json` adds them


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_the_benchmark_runs_and_prints_its_figures():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "simulate.py"
    proc = subprocess.run([sys.executable, str(script), "--games", "30"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "games/s" in proc.stdout and "peak RSS" in proc.stdout
