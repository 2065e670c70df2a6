"""Bots at the table (issue 26): who is a bot (names field, ``--players``, the save), the bots' night,
claims, votes and reveal lines as the screens compute them, seeded replays, and privacy: nothing public
depends on what a bot holds. One Pilot test plays a whole 1-human + 4-bot game."""

from __future__ import annotations

import argparse

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import default_preset
from onenight_core.engine.narration import narrate
from onenight_core.engine.timeout import UNOPENED
from onenight_core.engine.views import public_view
from onenight_core.model.public import heard_through
from onenight_core.model.kinds import PromptKind
from onenight_core.play.saves import SavedGame
from onenight_tui import cli
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.bot_seats import (bot_name, bots_line, bots_note, practice_game, read_bots_note, seat_names,
                                    toggle_at)
from onenight_tui.text.app_words import AppWords
from onenight_tui.commands.play import start_from_args
from onenight_tui.settings import load_settings
from onenight_tui.day_prompts import day_prompt
from onenight_tui.tables.one_night_calls import step_calls
from onenight_tui.bots.one_night import TableBots, claim_lines, resume_bots, reveal_lines, suspicion_line
from onenight_tui.text.words import Wording

from app_pilot import SIZE, flat, quiet_settings, screen_name, until

CATALOG = default_catalog()
FIVE = default_preset(5).roles
PLAYERS = ("Ann", "Robot 1", "Robot 2", "Robot 3", "Robot 4")
BOTS = frozenset({1, 2, 3, 4})


# -- who is a bot ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,first,second", [("en", "Robot 1", "Robot 2"), ("ko", "로봇 1", "로봇 2"),
                                               ("zh", "机器人1", "机器人2"), ("fr", "Robot 1", "Robot 2")])
def test_at_bot_seats_get_the_languages_default_names(lang, first, second):
    assert seat_names(["Ann", "Bo", "@bot", "@BOT"], lang) == (("Ann", "Bo", first, second), frozenset({2, 3}))
    assert bot_name(lang, 1) == first


def test_a_named_bot_and_default_names_that_stay_unique():
    names, bots = seat_names(["Ann", "@Zed", "@bot", "Robot 1", ""], "en")
    assert names == ("Ann", "Zed", "Robot 2", "Robot 1") and bots == {1, 2}
    assert not practice_game(4, bots) and practice_game(5, BOTS)


def test_the_set_up_line_under_the_names():
    say = AppWords("en")
    assert bots_line(4, (), say) == ""  # (how to make one: the names field's tooltip and F1)
    assert bots_line(4, {3}, say) == "Bot seat: 4"
    assert bots_line(6, {1, 2, 4}, say) == "Bot seats: 2, 3, 5"
    assert bots_line(10, set(range(1, 10)), say) == "Practice game — bot seats: 2–10"
    assert bots_line(5, BOTS, AppWords("ko")) == "연습 게임 — 봇 자리: 2–5"


@pytest.mark.parametrize("text,cursor,expected", [
    ("Ann, Bo, Cy", 6, ("Ann, @Bo, Cy", 8)),       # the name under the cursor becomes a bot seat
    ("Ann, @Bo, Cy", 7, ("Ann, Bo, Cy", 7)),       # and back
    ("Ann, Bo, ", 9, ("Ann, Bo, @Robot 1", 17)),   # an empty name: the next default bot name
    ("Ann,@Robot 1,", 13, ("Ann,@Robot 1, @Robot 2", 22)),  # a new name after a comma gets its space
])
def test_the_set_up_toggle_switches_the_name_under_the_cursor(text, cursor, expected):
    assert toggle_at(text, cursor, "en") == expected


def args(*argv: str) -> argparse.Namespace:
    return cli.build_parser().parse_args(list(argv))


def test_players_on_the_command_line_may_be_bots():
    start = start_from_args(args("--seed", "3", "--players", "Ann,Bo,@bot,@bot", "--lang", "ko"))
    assert start.setup.players == ("Ann", "Bo", "로봇 1", "로봇 2") and start.bots == {2, 3} and start.seed == 3
    human = start_from_args(args("--seed", "3", "--players", "Ann,Bo,Cy"))
    assert human == NewGame(human.setup, 3) and not human.bots


@pytest.mark.parametrize("argv,message", [
    (["--players", "@bot,@bot,@bot"], "at least one player must be a human"),
])
def test_bad_bot_tables_get_one_line_and_status_2(argv, message, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err.lower() and err.count("\n") == 1


def test_the_set_up_knows_which_rulesets_bots_play_by_game_family():
    """The set-up's bot check reads the ruleset's facts (no ruleset id in the screen): the claiming bots
    play the One Night family, classic's table bots its nights and days (test_classic_table_bots.py)."""
    from onenight_tui.setup_facts import build

    facts = build("en", CATALOG)
    assert {r.id: r.bots_play for r in facts.rulesets} == {"onuw": True, "dalbula": True, "classic": True}


def test_the_saves_note_of_bot_seats_and_old_saves_without_it():
    assert bots_note({3, 1}) == "1,3" and read_bots_note("1,3", 5) == {1, 3}
    assert read_bots_note("1,x,9", 5) == {1} and read_bots_note(None, 5) == frozenset()

    assert resume_bots(SavedGame(Setup(PLAYERS, FIVE), 7, (), {"stage": "day"}), CATALOG) is None  # before bots


# -- a game driven as the screens drive it -----------------------------------------------------------

def play(setup: Setup, seed: int, bots: frozenset[int], human=None):
    """The night as the eyes-closed screen runs it (each step: the bots answer theirs, a human's prompt
    is answered by ``human`` or times out unopened), the claims at dawn, the bots' ballots; a human
    votes for the first it may. Returns the game, its answers, the table's bots and the public view after each step."""
    table = TableBots(len(setup.players), seed, bots, CATALOG)
    g = new_game(setup, seed, catalog=CATALOG)
    answers, publics = [], []
    for step in g.script:
        while (p := pending(g)) is not None and p.step == step.id and g.phase == "night" and day_prompt(g) is None:
            action = table.own_answer(g)
            if action is None:
                action = human(g, p) if human else UNOPENED
            answers.append(action)
            g = apply(g, action)
        publics.append(public_view(g))
    while (p := pending(g)) is not None and p.kind != PromptKind.VOTE:  # leftovers and day steps: as the app
        action = table.own_answer(g) or next((a for a in p.options if a.verb == "pass"), UNOPENED)
        answers.append(action)
        g = apply(g, action)
    table.dawn(g)
    while (p := pending(g)) is not None:
        action = table.vote(g, p.seat) if p.seat in bots else p.options[0]
        answers.append(action)
        g = apply(g, action)
    return g, answers, table, publics


def test_the_bots_claim_vote_and_are_checked_in_the_tables_language():
    g, _, table, _ = play(Setup(PLAYERS, FIVE), 7, BOTS)
    lines = claim_lines(table, g, PLAYERS, "en")
    assert [line.split(":")[0] for line in lines] == ["Robot 1", "Robot 2", "Robot 3", "Robot 4"]
    assert lines[0] == "Robot 1: “I am the Troublemaker. I swapped the cards of Ann and Robot 4.”"
    assert claim_lines(table, g, PLAYERS, "ko")[2] == "Robot 3: “저는 마을시민입니다.”"
    assert suspicion_line(table, g, 4, PLAYERS, "en") == \
        "Robot 4: “I suspect Robot 3: their claim does not match what I saw.”"
    assert suspicion_line(table, g, 4, PLAYERS, "en") == suspicion_line(table, g, 4, PLAYERS, "en")  # no change
    reveal = reveal_lines(table, g, PLAYERS, "en")
    assert reveal[0] == "Robot 1 told the truth. “I am the Troublemaker. I swapped the cards of Ann and Robot 4.”"
    assert reveal[2] == "Robot 3 lied. “I am the Villager.”"
    assert [r.split(" ")[2] for r in reveal] == ["told", "lied.", "lied.", "lied."]


@pytest.mark.parametrize("ruleset,players", [("onuw", 5), ("dalbula", 6)])
def test_same_set_up_seed_and_human_answers_give_the_same_bot_game(ruleset, players):
    deck = FIVE if ruleset == "onuw" else default_preset(6).roles
    names = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:players]
    setup = Setup(names, deck, ruleset)
    bots = frozenset(range(2, players))

    def human(g, p):
        return p.options[-1]

    first = play(setup, 11, bots, human)
    second = play(setup, 11, bots, human)
    assert first[1] == second[1]  # the same bot actions and votes
    assert first[2].all_claims() == second[2].all_claims()
    # a resumed game rebuilds its bots from the save's answers: the same claims, the same ballots
    rebuilt = TableBots.rebuild(setup, 11, bots, first[1], CATALOG)
    assert rebuilt.all_claims() == first[2].all_claims()
    g = new_game(setup, 11, catalog=CATALOG)
    for action in first[1]:
        p = pending(g)
        if p.kind == PromptKind.VOTE and p.seat in bots:
            assert rebuilt.vote(g, p.seat) == action
        g = apply(g, action)


def test_public_screens_are_the_same_whatever_a_bot_holds():
    """A bot's night leaves no public trace: what the eyes-closed screen shows at each step (the table's
    heard events up to it, its calls) and what the day's table is drawn from (names, roles in play,
    center, script, the public notes on the table) are the same whether bot seat 1 holds the Seer, a
    Werewolf or the Robber. (The engine may walk past steps nobody acts in, for bots as for humans: the
    screens read only what the table heard up to the step being called, ``heard_through``.)"""
    setup = Setup(PLAYERS, FIVE)
    words = Wording(PLAYERS, CATALOG, "en")
    by_card: dict[str, tuple] = {}
    for seed in range(40):
        g = new_game(setup, seed, catalog=CATALOG)
        if g.dealt[0] != "villager" or g.dealt[1] in by_card:  # the human holds the same card
            continue
        _, _, _, publics = play(setup, seed, BOTS)
        night = []
        for i, view in enumerate(publics):
            heard = heard_through(view.heard, i)
            narration = narrate(tuple(view.roster), "en", CATALOG, heard, "onuw")
            night.append((heard, step_calls(narration, CATALOG, heard, i, "en")))
        day = publics[-1]
        by_card[g.dealt[1]] = (night, day.players, day.roster, day.center, day.script, words.table_notes(day))
    assert {"seer", "werewolf", "robber"} <= set(by_card)
    seen = list(by_card.values())
    assert all(other == seen[0] for other in seen[1:])


# -- the whole game in the app -------------------------------------------------------------------------

async def test_one_human_and_four_bots_play_a_whole_game():
    app = OneNightApp(quiet_settings(action_seconds=10), start=NewGame(Setup(PLAYERS, FIVE), 7, BOTS))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        await pilot.press("enter")  # the one hand-over of the deal: Ann's; the bots need none
        await until(pilot, lambda: screen_name(app) == "CardScreen", "Ann's card")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.done, "everyone has a card")
        assert app.saved.get("bots") == "1,2,3,4"
        await pilot.pause(app.KEY_GUARD_SECONDS)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        seen_steps = []
        while screen_name(app) == "NightScreen":
            screen = app.screen
            seen_steps.append(screen.index)
            assert not screen._waiting()  # Ann (villager) never acts; the bots have answered theirs at once
            assert screen.duration == (10 if 0 <= screen.index < len(screen.steps) else 3)  # every step alike
            screen.fast_forward()
            await until(pilot, lambda: app.screen is not screen or screen.index != seen_steps[-1], "the next step")
        assert seen_steps == list(range(-1, len(app.state.script) + 1))
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        await until(pilot, lambda: "Robot 1: “I am the Troublemaker." in flat(app), "the bots' claims")
        await pilot.press("s", "s", "s", "s")
        await until(pilot, lambda: "I suspect Robot 3" in flat(app), "Robot 4's answer")
        await pilot.press("v", "y")
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        assert app.focused.seat == 0  # only Ann's finger is entered by hand
        await pilot.press("right", "enter")
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        await until(pilot, lambda: "Robot 3 lied. “I am the Villager.”" in flat(app), "the truth check")


async def test_the_set_up_makes_bot_seats_and_remembers_them(tmp_path):
    """Ctrl+B on the names field makes the name under the cursor a bot seat (an empty one: the next
    default bot name); the deal then hands the laptop only to the humans, and the form remembers the
    bot seats for next time."""
    config = tmp_path / "settings.toml"
    app = OneNightApp(quiet_settings(), settings_file=config)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up")
        screen = app.screen
        await until(pilot, lambda: screen.filled, "the form")
        await pilot.press(*"Mina, Oskar, Pia", "ctrl+b", *", ", "ctrl+b")
        await until(pilot, lambda: screen.problem is None, "a valid set-up")
        assert screen.names == ["Mina", "Oskar", "Pia", "Robot 1"] and screen.bots == {2, 3}
        assert "Bot seats: 3, 4" in flat(app)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        assert app.table.bots.seats == {2, 3} and app.saved.get("bots") == "2,3"
        for name in ("Mina", "Oskar"):
            await until(pilot, lambda: screen_name(app) == "DealScreen" and name in flat(app), name)
            await pilot.pause(app.KEY_GUARD_SECONDS)
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
            await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.done, "no hand-over to a bot")
    remembered, _ = load_settings(config)
    assert remembered.players == ("Mina", "Oskar", "@Pia", "@Robot 1")
