"""The result is told from one outcome: the reveal's summary (each team's line and each lone seat's line),
its rows and the story's result section never disagree.

The Tanner case of issue 21: Ann (werewolf), Bo (villager), Cy (tanner); Ann and Bo vote Cy, Cy votes
Ann. The Tanner's death sinks the werewolves, so no line may say "the werewolves win", and the Tanner,
who won, has a line of his own."""

from __future__ import annotations

import random

import pytest

from onenight_core import Action, Setup, apply, default_catalog, new_game, pending
from onenight_core.catalog.deck import parse_deck
from onenight_core.catalog.presets import PRESETS
from onenight_core.play.bots import play_game
from onenight_core.model.messages import say
from onenight_core.play.story import sections
from onenight_core.rulesets import ruleset_for
from onenight_tui.tables.one_night_ending import summary
from onenight_tui.text.words import Wording

from conftest import names

# A seat may differ from its team's line only for a rule about that seat alone (W7 the traitor's own
# condition, W9/DW6c a ballot for a diseased player); its row then says so.
OWN_REASONS = {"voted_for_diseased", "traitor_teammate_died", "traitor_no_teammate_died",
               "traitor_tanner_died", "traitor_died_must_survive"}


def tanner_game():
    deck = parse_deck("werewolf,tanner,villager*4", default_catalog())
    g = new_game(Setup(players=("Ann", "Bo", "Cy"), deck=tuple(deck)), seed=2)
    votes = {0: "p2", 1: "p2", 2: "p0"}
    while (p := pending(g)) is not None:
        g = apply(g, Action("vote", (votes[p.seat],)) if p.kind == "vote" else p.options[0])
    return g


def assert_agree(g) -> None:
    o = g.outcome
    lines = {k: won for k, won, _ in o.teams}
    own = {s: won for s, won, _ in o.own_results()}
    for s in range(g.players):
        key = o.keys[s]
        assert (key in lines) != (s in own), f"seat {s} ({key}) must be told by exactly one summary line"
        if key in lines and (s in o.winners) != lines[key]:
            assert o.reasons[s].id in OWN_REASONS, (s, key, lines[key], o.reasons[s])
        if s in own:
            assert own[s] == (s in o.winners)
    result = next(sec for sec in sections(g) if sec.title == "result")
    told = [(m["team"], m.id == "team_won_because") for m in result.lines if m.id.startswith("team_")]
    assert told == [(k, won) for k, won, _ in o.teams]
    told_own = [(m["seat"], m.id == "own_won_because") for m in result.lines if m.id.startswith("own_")]
    assert told_own == [(s, won) for s, won, _ in o.own_results()]
    seats = [(m["seat"], m.id == "seat_won") for m in result.lines if m.id in ("seat_won", "seat_lost")]
    assert seats == [(s, s in o.winners) for s in range(g.players)]


def test_the_tanners_death_sinks_the_werewolves_line_and_the_tanner_has_his_own():
    g = tanner_game()
    o = g.outcome
    assert o.dead == {2} and o.winners == {2}
    assert ("werewolf", False) in [(k, won) for k, won, _ in o.teams]
    words = Wording(g.setup.players, default_catalog(), "en")
    lines = [line for line, _ in summary(o, words)]
    assert lines == ["The village loses: none of the werewolves died.",
                     "The werewolves lose: a Tanner died.",
                     "Cy (Tanner) wins: the Tanner died."]
    assert_agree(g)


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_lone_seats_line_is_worded_in_every_language(lang):
    g = tanner_game()
    words = Wording(g.setup.players, default_catalog(), lang)
    (line, title), = [pair for pair in summary(g.outcome, words) if "Cy" in pair[0]]
    assert line.startswith(title) and words.role("tanner") in title


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_with_bots_tells_one_result(preset):
    p = PRESETS[preset]
    setup = Setup(names(p.players), p.roles, ruleset=p.ruleset)
    for bot in ("informed", "random"):
        for seed in range(12):
            assert_agree(play_game(setup, seed, bot))


def test_dalbula_games_with_bots_tell_one_result():
    """Brought cards and whole tables under Dalbula (its own vetoes: DW6a the Tanner, DW6b the Synthetic
    Alien and the Mad Scientist, the A26 option)."""
    dalbula = ruleset_for("dalbula")
    catalog = default_catalog()
    playable = sorted(r.id for r in dalbula.roles(catalog) if dalbula.is_playable(r.id))
    rnd = random.Random(21)
    for game in range(300):
        players = rnd.randint(3, 8)
        deck = tuple(rnd.choice(playable) for _ in range(players))
        options = {"all_citizen_deaths_void_specials": game % 2 == 0}
        assert_agree(play_game(Setup(names(players), deck, ruleset="dalbula", options=options), game,
                               "random" if game % 3 else "informed"))


# Ed (seat 4) gets 6 votes, Di (seat 3) 1: werewolves, vampires and the village make an epic battle,
# where a lone top tier takes the next tier with it (V5e; Dalbula's walk to two deaths, DV5).
EPIC_SEATS = ("werewolf", "vampire", "seer", "villager", "villager", "villager", "villager")
EPIC_VOTES = (4, 4, 4, 4, 3, 4, 4)


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_an_epic_battles_second_tier_says_which_rule_took_it(ruleset):
    from test_dalbula_resolution import dawn_under
    o = dawn_under(ruleset, EPIC_SEATS, EPIC_VOTES)
    assert o.mode == "epic" and o.dead == {3, 4}
    causes = dict(o.deaths)
    assert causes[4].id == "voted_out" and causes[3].id == "voted_out_second"
    words = Wording(tuple(f"P{i}" for i in range(3)) + ("Di", "Ed", "Fa", "Gu"), default_catalog(), "en")
    line = words.say(say("reveal_died", seat=3, cause=causes[3]))
    assert line.startswith("Di died — voted out with 1 vote, the second most: with three teams or more")
    assert "the players with the next most die too" in line


def test_a_top_tie_in_an_epic_battle_is_only_voted_out():
    from test_dalbula_resolution import dawn_under
    o = dawn_under("onuw", EPIC_SEATS, (4, 4, 4, 0, 3, 3, 3))
    assert o.dead == {3, 4} and {c.id for _, c in o.deaths} == {"voted_out"}
