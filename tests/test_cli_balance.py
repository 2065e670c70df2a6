"""``onenight balance`` (issue 26): the figures, JSON, the presets' table, and one-line errors. In-process,
small batches."""

from __future__ import annotations

import csv
import io
import json
import time

import pytest

from onenight_core.catalog.presets import PRESETS
from onenight_core.play.balance import estimate, table_setup
from onenight_tui.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_deck_s_win_rates_intervals_and_swaps(capsys):
    code, out, _ = run(capsys, "balance", "--players", "5", "--roles", "base-5", "--games", "60", "--lang", "en")
    assert code == 0
    expected = estimate(table_setup(5, PRESETS["base-5"].roles), 60)
    village = expected.team("village")
    assert "5 players, deck Werewolf ×2, Seer" in out and "60 games of informed bots, seed 0" in out
    line = next(line for line in out.splitlines() if "the village" in line)
    low, high = village.interval
    assert f"{village.rate * 100:.1f}%" in line and f"({low * 100:.1f}%–{high * 100:.1f}%)" in line
    assert "Swaps toward balance:" in out and "bots, not people" in out


def test_json_has_the_teams_intervals_and_suggestions(capsys):
    code, out, _ = run(capsys, "balance", "--players", "6", "--roles", "werewolf*2,seer,robber,troublemaker,"
                       "villager,drunk,insomniac,minion", "--games", "40", "--json", "--seed", "2")
    assert code == 0
    data = json.loads(out)
    assert data["players"] == 6 and data["games"] == 40 and data["seed"] == 2 and data["bots"] == "informed"
    assert set(data["teams"]) >= {"village", "werewolf"}
    low, high = data["teams"]["village"]["interval_95"]
    assert low <= data["teams"]["village"]["win_rate"] <= high
    assert len(data["suggestions"]) <= 3
    for s in data["suggestions"]:
        assert s["village_before"] == data["teams"]["village"]["win_rate"] and len(s["deck"]) == 9


def test_presets_table_in_csv_and_markdown(capsys):
    code, out, _ = run(capsys, "balance", "--presets", "--games", "3", "--format", "csv", "--jobs", "1")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    # every preset of presets.toml, and classic's own decks (its default deck per player count)
    assert {r["preset"] for r in rows} == set(PRESETS) | {f"classic-{n}" for n in range(3, 19)}
    assert {r["team"] for r in rows if r["ruleset"] == "classic"} >= {"villagers", "werewolves"}
    assert {r["bots"] for r in rows} == {"informed"}
    assert all(0 <= float(r["low_95"]) <= float(r["win_rate"]) <= float(r["high_95"]) <= 1 for r in rows)
    code, out, _ = run(capsys, "balance", "--presets", "--games", "2", "--jobs", "1", "--lang", "ko")
    assert code == 0 and "| 프리셋 | 인원 | 팀 | 승률 | 95% 구간 |" in out
    assert sum(line.startswith("| base-5 |") for line in out.splitlines()) == 2  # a row per team
    assert "| classic-8 | 8 | 마을 사람들 |" in out and "정보형 봇 게임 2판" in out


@pytest.mark.parametrize(("argv", "said"), [
    ([], "--players is required"),
    (["--players", "2"], "balance: at least 3 players"),
    (["--players", "5", "--games", "x"], "--games must be a whole number"),
    (["--players", "5", "--games", "0"], "--games"),
    (["--players", "5", "--roles", "nope"], "unknown role or preset 'nope'"),
    (["--players", "6", "--roles", "werewolf,seer"], "6 players need 9 cards"),
    (["--presets", "--players", "5"], "leave out --players"),
    (["--players", "5", "--ruleset", "classic", "--roles", "seer*2,werewolf,villager*2"], "at most one seer"),
    (["--players", "5", "--ruleset", "classic", "--roles", "werewolf,seer"], "one card per player"),
    (["--players", "5", "--bot", "nobody"], "invalid choice"),
    (["--players", "5", "--ruleset", "dalbula"], "name one with --roles"),
    (["--presets", "--format", "xml"], "invalid choice"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, said):
    code, out, err = run(capsys, "balance", "--lang", "en", *argv)
    assert code == 2 and out == ""
    assert said in err and len(err.strip().splitlines()) == 1 and err.startswith("onenight: ")


async def test_the_advisor_appears_under_the_deck(monkeypatch):
    # ONE cheap app test (issue 26): the advisor mounts after the set-up is complete, plays its games in a
    # thread and shows a bar per team; small batches here
    from app_pilot import SIZE, quiet_settings, screen_name, until
    from onenight_tui.app import OneNightApp
    from onenight_tui.widgets import advisor

    monkeypatch.setattr(advisor, "ENABLED", True)
    monkeypatch.setattr(advisor, "GAMES", 30)
    monkeypatch.setattr(advisor, "SCREEN_GAMES", 5)
    monkeypatch.setattr(advisor, "CONFIRM_GAMES", 10)
    monkeypatch.setattr(advisor, "SETTLE", 0.01)
    app = OneNightApp(quiet_settings(players=("Ana", "Ben", "Cleo", "Dev", "Eli")))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await until(pilot, lambda: bool(app.screen.query("#setup-advisor")), "the advisor", timeout=10)
        shown = app.screen.query_one("#setup-advisor", advisor.DeckAdvisor)
        await until(pilot, lambda: any(": village" in line or "no one-card" in line for line in shown.lines()),
                    "the advisor's swaps", timeout=30)
        lines = shown.lines()
        assert shown.border_title == "Win rates · informed bots"
        assert lines[0].startswith("the village") and "█" in lines[0] and "%" in lines[0]
        assert shown.region.y > app.screen.query_one("#setup-deck").region.y  # under the deck
        # a long run under way when the app closes does not hold the exit (it once waited on the app's loop)
        monkeypatch.setattr(advisor, "GAMES", 50_000)
        monkeypatch.setattr(advisor, "LEAST_GAMES", 50_000)  # the batch is sized by cost: force a long one
        shown.show_for(5, ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager",
                           "villager"))
        await until(pilot, lambda: "simulating… " in " ".join(shown.lines()) and shown._progress is not None,
                    "a long run", timeout=10)
        started = time.monotonic()
        app.exit()
    assert time.monotonic() - started < 10


def test_a_classic_deck_s_sides_intervals_and_swaps(capsys):
    from onenight_core.rulesets.classic.deck import default_classic_deck

    code, out, _ = run(capsys, "balance", "--ruleset", "classic", "--players", "5", "--games", "40", "--lang", "en")
    assert code == 0
    expected = estimate(table_setup(5, default_classic_deck(5), "classic"), 40)
    assert "5 players, deck Werewolf, Seer, Witch, Villager ×2: 40 games of informed bots, seed 0" in out
    line = next(line for line in out.splitlines() if line.strip().startswith("villagers"))
    low, high = expected.team("villagers").interval
    assert f"({low * 100:.1f}%–{high * 100:.1f}%)" in line
    assert "werewolves" in out and "Swaps toward balance:" in out and "bots, not people" in out
    code, out, _ = run(capsys, "balance", "--ruleset", "classic", "--players", "6", "--roles",
                       "werewolf*2,seer,villager*3", "--games", "20", "--json")
    data = json.loads(out)
    assert code == 0 and data["ruleset"] == "classic" and data["village"] == "villagers" and data["games"] == 20
    for s in data["suggestions"]:
        assert len(s["deck"]) == 6 and s["village_before"] == data["teams"]["villagers"]["win_rate"]


def test_claiming_bots_and_what_the_figures_mean(capsys):
    code, out, _ = run(capsys, "balance", "--players", "5", "--roles", "base-5", "--games", "8", "--bot", "claiming",
                       "--lang", "en")
    assert code == 0
    assert "8 games of claiming bots" in out and "claiming bots play every seat" in out
    expected = estimate(table_setup(5, PRESETS["base-5"].roles), 8, bot="claiming")
    assert f"{expected.team('village').rate * 100:.1f}%" in next(line for line in out.splitlines()
                                                                 if "the village" in line)
    code, out, _ = run(capsys, "balance", "--players", "5", "--roles", "base-5", "--games", "8", "--bots", "claiming",
                       "--json")
    assert json.loads(out)["bots"] == "claiming"
    code, out, _ = run(capsys, "balance", "--players", "5", "--roles", "base-5", "--games", "4", "--bot", "claiming",
                       "--lang", "ko")
    assert "주장하는 봇 게임 4판" in out


def test_without_games_a_deck_s_batch_is_sized_to_its_cost(capsys, monkeypatch):
    # no --games: as many games as fit in about ESTIMATE_MS (at least LEAST_GAMES), the search sized too
    from onenight_core.play import balance as core
    from onenight_tui.commands import balance

    monkeypatch.setattr(balance, "ESTIMATE_MS", 1)
    monkeypatch.setattr(balance, "LEAST_GAMES", 25)
    monkeypatch.setattr(balance, "SEARCH_MS", 1)
    asked = []
    real = core.advise
    monkeypatch.setattr(core, "advise", lambda *a, **k: asked.append(k) or real(*a, **k))
    code, out, _ = run(capsys, "balance", "--ruleset", "classic", "--players", "6", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 25 and asked[-1]["budget_ms"] == 1
    code, out, _ = run(capsys, "balance", "--ruleset", "classic", "--players", "6", "--games", "12", "--json")
    assert json.loads(out)["games"] == 12 and asked[-1]["budget_ms"] is None  # asked: every count as given


async def test_the_advisor_weighs_a_classic_deck(monkeypatch):
    # ONE cheap app test for classic (issue 26): classic chosen once the advisor is there, it shows classic's
    # sides, from the classic bots' games, still under the deck list (now classic's); small batches here
    from app_pilot import SIZE, quiet_settings, screen_name, until
    from onenight_tui.app import OneNightApp
    from onenight_tui.widgets import advisor
    from onenight_tui.widgets.picker import Picker

    monkeypatch.setattr(advisor, "ENABLED", True)
    monkeypatch.setattr(advisor, "GAMES", 30)
    monkeypatch.setattr(advisor, "SCREEN_GAMES", 4)
    monkeypatch.setattr(advisor, "CONFIRM_GAMES", 8)
    monkeypatch.setattr(advisor, "SETTLE", 0.01)
    names = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")
    app = OneNightApp(quiet_settings(players=names))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await until(pilot, lambda: bool(app.screen.query("#setup-advisor")), "the advisor", timeout=10)
        shown = app.screen.query_one("#setup-advisor", advisor.DeckAdvisor)
        app.screen.query_one("#setup-ruleset", Picker).value = "classic"
        await until(pilot, lambda: shown.key is not None and shown.key[2] == "classic"
                    and any(line.startswith("the werewolves") for line in shown.lines()), "the classic bars",
                    timeout=30)
        assert shown.display
        assert shown.key[1] == tuple(sorted(app.screen.deck)) and len(app.screen.deck) == 8
        lines = shown.lines()
        assert lines[0].startswith("the village") and "%" in lines[0] and ("█" in lines[0] or "░" in lines[0])
        assert shown.border_title == "Win rates · informed bots"
        assert shown.region.y > app.screen.query_one("#setup-deck").region.y  # under the classic deck


def test_cluster_is_simulate_s(capsys):
    # --cluster goes to the batches of simulate --cluster: without dask, or with no scheduler there, one line
    code, out, err = run(capsys, "balance", "--lang", "en", "--players", "5", "--games", "20", "--cluster",
                         "127.0.0.1:1")
    assert code == 2 and out == "" and "dask" in err.lower() and len(err.strip().splitlines()) == 1
