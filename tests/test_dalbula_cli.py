"""The command line under ``dalbula`` (issue 13): simulate prints win rates per team, with a whole table
or with the cards the players bring; the narrator reads Dalbula's own night order; the app refuses the
brought cards (its collection deal is not built yet) in one line, in the chosen language."""

from __future__ import annotations

import json

from onenight_core.engine.narration import narrate
from onenight_tui.cli import main


def test_simulate_prints_win_rates_per_team_under_dalbula(capsys):
    assert main(["simulate", "--ruleset", "dalbula", "--players", "7", "--games", "300", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["games"], out["ruleset"]) == (300, "dalbula")
    assert {"village", "werewolf"} <= set(out["teams"])
    assert all(0 <= t["win_rate"] <= 1 and t["wins"] <= t["present"] for t in out["teams"].values())


def test_simulate_plays_the_cards_the_players_bring(capsys):
    argv = ["simulate", "--ruleset", "dalbula", "--players", "5", "--roles",
            "werewolf,seer,sleepwalker,mayor,curator", "--games", "200"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "200 games" in out and "Win rate" in out


def test_the_narrator_reads_the_dalbula_night_order():
    roster = ["mayor", "werewolf", "sleepwalker", "seer", "villager", "tanner"]
    steps = narrate(roster, "ko", ruleset="dalbula").steps
    assert steps == ("sleepwalker", "werewolves", "seer", "sleepwalker_return", "mayor")


def test_brought_cards_on_the_command_line_start_a_game_with_them():
    """Under dalbula a deck of one card per player is the cards the players bring: the game starts with
    them, the ruleset's set-up drawing the center (roles.md §2.1)."""
    from onenight_core import new_game
    from onenight_tui.app import NewGame
    from onenight_tui.cli import build_parser
    from onenight_tui.commands.play import start_from_args

    argv = ["--lang", "ko", "--ruleset", "dalbula", "--players", "민수,지연,현우", "--roles", "mayor,werewolf,seer",
            "--seed", "4"]
    start = start_from_args(build_parser().parse_args(argv))
    assert isinstance(start, NewGame) and start.setup.deck == ("mayor", "werewolf", "seer")
    g = new_game(start.setup, start.seed)
    assert sorted(c.role for c in g.cards[:3]) == ["mayor", "seer", "werewolf"] and len(g.cards) >= 6


# -- privacy: what the table hears never depends on who holds what ------------------------------------------

def test_the_dalbula_night_sounds_the_same_in_every_deal():
    from onenight_core import Setup, apply, new_game, pending
    from onenight_core.model.values import PASS

    deck = ("sleepwalker", "mayor", "curator", "alien", "werewolf", "seer", "villager", "robber")
    setup = Setup(("A", "B", "C", "D", "E"), deck, ruleset="dalbula",
                  draws={"alien": "stare", "ripple": "multi_vote", "ripple_id": ["p1", "p3"]})
    deals = [deck, deck[::-1], deck[3:] + deck[:3]]
    heard = []
    for cards in deals:
        g = new_game(setup, 4, deal=cards)
        while (p := pending(g)) is not None and g.phase == "night":
            g = apply(g, PASS if PASS in p.options else p.options[0])
        heard.append(g.public)
    assert heard[0] == heard[1] == heard[2]
    assert any(e.id == "sleepwalker_return" for e in heard[0]) and any(e.id == "mayor" for e in heard[0])


def test_simulate_under_dalbula_defaults_to_the_s0_set_up(capsys):
    """Issue 23: without --roles each player brings a starter card and the center is drawn from every
    role; --option official_setup=true deals the base preset's whole table."""
    from onenight_core.play.collection import STARTER_SET

    decks = []
    for seed in ("1", "2", "3"):
        assert main(["simulate", "--ruleset", "dalbula", "--players", "6", "--seed", seed, "--json"]) == 0
        game = json.loads(capsys.readouterr().out)
        assert len(game["deck"]) == 6 and set(game["deck"]) <= set(STARTER_SET)
        decks.append(tuple(game["deck"]))
    assert len(set(decks)) > 1  # each game's players bring their own cards
    assert main(["simulate", "--ruleset", "dalbula", "--players", "6", "--option", "official_setup=true",
                 "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["deck"]) == 9
    assert main(["simulate", "--ruleset", "dalbula", "--players", "6", "--games", "40", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["brought"] == "starter"
