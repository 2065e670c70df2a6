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
    assert {r["preset"] for r in rows} == set(PRESETS)
    assert all(0 <= float(r["low_95"]) <= float(r["win_rate"]) <= float(r["high_95"]) <= 1 for r in rows)
    code, out, _ = run(capsys, "balance", "--presets", "--games", "2", "--jobs", "1", "--lang", "ko")
    assert code == 0 and "| 프리셋 | 인원 | 팀 | 승률 | 95% 구간 |" in out
    assert sum(line.startswith("| base-5 |") for line in out.splitlines()) == 2  # a row per team


@pytest.mark.parametrize(("argv", "said"), [
    ([], "--players is required"),
    (["--players", "2"], "balance: at least 3 players"),
    (["--players", "5", "--games", "x"], "--games must be a whole number"),
    (["--players", "5", "--games", "0"], "--games"),
    (["--players", "5", "--roles", "nope"], "unknown role or preset 'nope'"),
    (["--players", "6", "--roles", "werewolf,seer"], "6 players need 9 cards"),
    (["--presets", "--players", "5"], "leave out --players"),
    (["--players", "5", "--ruleset", "classic"], "classic ruleset has no advisor"),
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
        assert shown.border_title == "Win rates in bot games"
        assert lines[0].startswith("the village") and "█" in lines[0] and "%" in lines[0]
        assert shown.region.y > app.screen.query_one("#setup-deck").region.y  # under the deck
        # a long run under way when the app closes does not hold the exit (it once waited on the app's loop)
        monkeypatch.setattr(advisor, "GAMES", 50_000)
        shown.show_for(5, ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager",
                           "villager"))
        await until(pilot, lambda: "simulating… " in " ".join(shown.lines()) and shown._progress is not None,
                    "a long run", timeout=10)
        started = time.monotonic()
        app.exit()
    assert time.monotonic() - started < 10


def test_cluster_is_simulate_s(capsys):
    # --cluster goes to the batches of simulate --cluster: without dask, or with no scheduler there, one line
    code, out, err = run(capsys, "balance", "--lang", "en", "--players", "5", "--games", "20", "--cluster",
                         "127.0.0.1:1")
    assert code == 2 and out == "" and "dask" in err.lower() and len(err.strip().splitlines()) == 1
