"""``onenight simulate --ruleset classic``: a story round by round, win rates over a batch, JSON, and one
clear line for a bad deck; the app still refuses classic in one line."""

from __future__ import annotations

import json

from onenight_tui.cli import main


def test_one_classic_game_tells_its_story(capsys):
    assert main(["simulate", "--ruleset", "classic", "--players", "8", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "-- Night 1" in out and "-- Day 1" in out and "The game is over" in out


def test_the_same_seed_tells_the_same_story(capsys):
    main(["simulate", "--ruleset", "classic", "--players", "7", "--seed", "9", "--json"])
    first = capsys.readouterr().out
    main(["simulate", "--ruleset", "classic", "--players", "7", "--seed", "9", "--json"])
    assert capsys.readouterr().out == first
    record = json.loads(first)
    assert record["ruleset"] == "classic" and record["story"][0]["key"] == "deal"


def test_win_rates_over_a_batch(capsys):
    argv = ["simulate", "--ruleset", "classic", "--players", "9", "--games", "200", "--json",
            "--roles", "werewolf*2,seer,witch,hunter,cupid,little_girl,piper,villager",
            "--option", "vote.tie_policy=mob_runoff"]
    assert main(argv) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["games"] == 200 and sum(stats["wins"].values()) == 200
    assert stats["wins"]["villagers"] > 0 and stats["wins"]["werewolves"] > 0


def test_a_bad_classic_deck_is_one_line(capsys):
    assert main(["simulate", "--ruleset", "classic", "--players", "5", "--roles", "werewolf,seer,oracle"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown classic role 'oracle'" in err


def test_the_app_plays_classic_and_refuses_a_bad_classic_deck_in_one_line(capsys):
    from onenight_tui.commands.play import start_from_args
    from onenight_tui.cli import build_parser

    start = start_from_args(build_parser().parse_args(
        ["--ruleset", "classic", "--players", "a,b,c,d,e", "--option", "vote.tie_policy=mob_runoff"]))
    assert start.setup.ruleset == "classic" and start.setup.option("vote.tie_policy") == "mob_runoff"
    assert "werewolf" in start.setup.deck
    assert main(["--ruleset", "classic", "--players", "a,b,c,d", "--roles", "werewolf,seer,oracle,villager"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown classic role 'oracle'" in err
