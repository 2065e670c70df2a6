"""``onenight roles`` and ``onenight simulate``: output, JSON, and one-line errors with exit status 2.

Expected catalog facts come from roles.toml / rules/roles.md §4, read independently of the command."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from onenight_core.rulesets.onuw.roles import playable
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]


def raw_roles() -> list[dict]:
    with open(ROOT / "roles.toml", "rb") as fh:
        return tomllib.load(fh)["role"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- roles -----------------------------------------------------------------------------------------------

def test_roles_json_lists_the_onuw_catalog(capsys):
    code, out, err = run(capsys, "roles", "--json")
    assert code == 0 and err == ""
    roles = json.loads(out)
    expected = [r["id"] for r in raw_roles() if "onuw" in r["rulesets"]]
    assert [r["id"] for r in roles] == expected
    for r in roles:
        assert {"id", "names", "edition", "team", "wake", "playable", "text", "rep", "hero", "group"} <= set(r)
        assert r["playable"] is playable(r["id"])
        assert "en" in r["names"] and "ko" in r["names"]
    by_id = {r["id"]: r for r in roles}
    # roles.md §4: Werewolf wakes at 2, base edition, werewolf team and representative; playable (issue 2).
    wolf = by_id["werewolf"]
    assert (wolf["wake"], wolf["edition"], wolf["team"], wolf["rep"]) == ("2", "base", "werewolf", "werewolf")
    assert wolf["names"]["ko"] == "늑대인간" and wolf["playable"] is True
    assert by_id["villager"]["wake"] is None
    assert by_id["mirror_man"]["wake"] == "-8-A"  # the official code (OFF column)


def test_roles_json_for_dalbula(capsys):
    code, out, _ = run(capsys, "roles", "--json", "--ruleset", "dalbula")
    assert code == 0
    by_id = {r["id"]: r for r in json.loads(out)}
    assert by_id["mirror_man"]["wake"] == "-8-SV"  # roles.md §4, S0 code
    assert "sleepwalker" in by_id  # a Dalbula custom role, not in the official game


def test_roles_table_in_korean(capsys):
    code, out, _ = run(capsys, "roles", "--lang", "ko")
    assert code == 0
    assert "늑대인간" in out and "강도" in out
    assert "werewolf" in out
    code, out, _ = run(capsys, "--lang", "ko", "roles")  # the top-level --lang works too
    assert "늑대인간" in out


def test_roles_table_says_what_is_playable(capsys):
    code, out, _ = run(capsys, "roles")
    n = sum(1 for r in raw_roles() if "onuw" in r["rulesets"])
    assert code == 0
    assert f"Roles (onuw): {n}," in out
    assert "yes" in out and "no" in out


@pytest.mark.subprocess  # starts a child Python: after the fast core
def test_roles_json_in_a_subprocess():
    proc = subprocess.run([sys.executable, "-m", "onenight_tui", "roles", "--json"], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    roles = json.loads(proc.stdout)
    assert len(roles) == sum(1 for r in raw_roles() if "onuw" in r["rulesets"])


def test_roles_bad_option(capsys):
    code, out, err = run(capsys, "roles", "--ruleset", "bogus")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("onenight: ") and "classic" in err


def test_roles_of_every_ruleset_lists_its_catalog(capsys):
    # classic lists its own catalog (classic.toml, tests/test_cli_roles_classic.py); dalbula lists its
    # 81 roles, all playable (issue 13)
    code, out, err = run(capsys, "roles", "--ruleset", "classic", "--json")
    assert code == 0 and json.loads(out) and err == ""
    code, out, err = run(capsys, "roles", "--ruleset", "dalbula", "--json")
    roles = json.loads(out)
    assert code == 0 and len(roles) == 81
    assert all(r["playable"] for r in roles)
    code, out, err = run(capsys, "roles", "--ruleset", "classic")
    assert code == 0 and "not playable yet" not in out  # classic plays in the app now (issue 14)
    code, out, err = run(capsys, "roles", "--ruleset", "dalbula")
    assert code == 0 and "not playable yet" not in out  # every dalbula role plays (issue 13)


# -- simulate: one game ------------------------------------------------------------------------------------

def test_one_game_prints_its_story(capsys):
    code, out, err = run(capsys, "simulate", "--players", "Ann,Bo,Cy,Dee,Eve", "--roles", "base-5",
                         "--seed", "3")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Seed 3, 5 players, informed bots."
    for title in ("Deal", "Night", "Dawn", "Vote", "Result", "Card journeys"):
        assert title in lines
    assert "  Ann was dealt " in out
    assert "Winners: " in out
    assert "(p0)" not in out and " c0" not in out  # players by name, center cards by number (issue 10)


def test_one_game_story_in_korean(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "Ann,Bo,Cy,Dee,Eve", "--roles", "base-5",
                       "--seed", "3", "--lang", "ko")
    assert code == 0
    story = out.splitlines()[1:]
    assert story[0] == "카드 배분" and "  Ann: 받은 카드 " in out
    assert not any(w in out for w in ("was dealt", "nobody woke", "Winners", "voted for"))


def test_one_game_is_reproducible(capsys):
    first = run(capsys, "simulate", "--players", "6", "--seed", "42")
    second = run(capsys, "simulate", "--players", "6", "--seed", "42")
    assert first == second and first[0] == 0


def test_one_game_json(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "5",
                       "--roles", "werewolf*2,seer,robber,troublemaker,villager*3",
                       "--seed", "7", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seed"] == 7 and data["bot"] == "informed"
    assert sorted(data["deal"].values()) == sorted(["werewolf"] * 2 + ["seer", "robber", "troublemaker"]
                                                   + ["villager"] * 3)
    assert len(data["votes"]) == 5 and all(v is not None for v in data["votes"])
    assert {"dead", "deaths", "winners", "teams", "seats", "events", "journeys", "story"} <= set(data)
    assert all(s["reason"] for s in data["seats"])


# -- simulate: many games ----------------------------------------------------------------------------------

def test_many_games_json_is_deterministic(capsys):
    argv = ("simulate", "--players", "5", "--games", "40", "--seed", "1", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 40 and data["deck"] == sorted(data["deck"], key=data["deck"].index)
    assert data["teams"]["village"]["present"] == 40
    assert run(capsys, *argv)[1] == out


def test_many_games_table(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "4", "--games", "30", "--bot", "random")
    assert code == 0
    assert "30 games, seed 0, 4 players, random bots" in out
    assert "Wins per team" in out and "village" in out and "the werewolves" in out
    assert "Deaths per role" in out


# -- simulate: bad input -----------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ("simulate", "--players", "2"),
    ("simulate", "--players", "Ann,Bo"),
    ("simulate", "--players", "Ann,Ann,Bo"),
    ("simulate", "--players", "5", "--roles", "werewolf*2,seer"),            # 3 cards for 5 players
    ("simulate", "--players", "5", "--roles", "werewolf*2,seer,robber,troublemaker,villager,goblin,drunk"),
    ("simulate", "--players", "5", "--roles", "werewolf*x,seer"),
    ("simulate", "--players", "5", "--games", "0"),
    ("simulate", "--players", "5", "--games", "many"),
    ("simulate", "--players", "5", "--seed", "1.5"),
    ("simulate", "--players", "11"),                                          # no default deck for 11
    ("simulate", "--players", "5", "--bot", "clever"),
    ("simulate",),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("onenight: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_wrong_card_count_message_says_what_is_needed(capsys):
    _, _, err = run(capsys, "simulate", "--players", "5", "--roles", "werewolf*2,seer")
    assert "8 cards" in err


def test_unknown_role_message_names_it(capsys):
    _, _, err = run(capsys, "simulate", "--players", "3", "--roles", "werewolf,goblin,seer,robber,villager*2")
    assert "goblin" in err
