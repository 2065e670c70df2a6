"""What the table hears drawn at random is a public event of the game, and the drivers read it from there.

A test-only behaviour stands in for the roles that do (the aliens, the ripple, the Oracle): the Seer's
step announces a random instruction drawn with ``draw_uniform(..., public=True)``. The engine records
it when the step is called — ghost or not — the hot-seat eyes-closed screen and the narrator read it
aloud from the game's public events (the narrator from ``table_heard``: the same events from the same
seed), the step keeps one action time, and nothing of it depends on who holds what."""

from __future__ import annotations

import pytest
from app_pilot import NAMES, SIZE, quiet_settings, screen_name, screen_text, settled_text, until, put_game
from test_privacy import normalized

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import Timing, narrate, table_heard
from onenight_core.engine.views import public_view
from onenight_core.model.kinds import PublicKind
from onenight_core.model.public import announced, heard, heard_through
from onenight_core.rulesets.draws import draw_uniform
from onenight_core.play.saves import SavedGame
from onenight_core.rulesets import ruleset_for
from onenight_tui.app import OneNightApp
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.screens.narrator.narrator import NarratorScreen
from onenight_tui.tables.one_night_calls import calls

INSTRUCTIONS = ("APPLEFT", "APPRIGHT", "APPCENTER", "APPNONE")
DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")
SEER_STEP = 1  # werewolves, seer, robber, troublemaker


@pytest.fixture
def announcing_seer(monkeypatch):
    """The onuw Seer's behaviour, plus a public draw of one of ``INSTRUCTIONS`` when its step is called."""
    registry = ruleset_for("onuw").behaviours
    seer = registry["seer"]

    class AnnouncingSeer(type(seer)):
        def announce(self, g, step):
            return draw_uniform(g, step.id, INSTRUCTIONS, public=True)[0]

    behaviour = AnnouncingSeer()
    behaviour.key = "seer"
    monkeypatch.setitem(registry, "seer", behaviour)
    return behaviour


def drawn(events) -> list[tuple[str, str]]:
    return [(e.id, dict(e.params)["value"]) for e in events if e.kind == PublicKind.DRAW]


def play_out(g):
    while (p := pending(g)) is not None:
        g = apply(g, p.options[-1])
    return g


def test_the_engine_records_the_draw_when_the_step_is_called_whoever_holds_the_role(announcing_seer):
    setup = Setup(NAMES[:3], DECK)
    # the same seed, two deals: the Seer dealt to a player, then lying in the center (a ghost step)
    dealt = new_game(setup, 5, deal=("seer", "werewolf", "robber", "werewolf", "troublemaker", "villager"))
    ghost = new_game(setup, 5, deal=("werewolf", "robber", "troublemaker", "werewolf", "seer", "villager"))
    assert pending(dealt).step == "werewolves" or pending(dealt).step == "seer"
    finished = [play_out(dealt), play_out(ghost)]
    assert finished[0].public == finished[1].public  # the table hears the same, wherever the Seer is
    steps = [e.id for e in heard(finished[0], PublicKind.STEP)]
    assert steps == [s.id for s in finished[0].script]
    assert len(drawn(finished[0].public)) == 1 and drawn(finished[0].public)[0][0] == "seer"
    assert announced(finished[0].public, SEER_STEP) == heard(finished[0], PublicKind.DRAW)
    assert announced(finished[0].public, 0) == () == announced(finished[0].public, 2)
    values = {drawn(play_out(new_game(setup, seed)).public)[0][1] for seed in range(30)}
    assert len(values) > 1  # a draw, not a constant


def test_a_table_with_physical_cards_hears_what_a_game_of_the_same_seed_hears(announcing_seer):
    setup = Setup(NAMES[:3], DECK)
    for seed in range(6):
        night = heard_through(play_out(new_game(setup, seed)).public, len(DECK))
        night = tuple(e for e in night if e.kind != PublicKind.PHASE)
        assert table_heard(DECK, seed) == night


def test_the_narration_reads_the_draw_after_the_call_with_one_action_time(announcing_seer):
    events = table_heard(DECK, 3)
    value = drawn(events)[0][1]
    plain, read = narrate(DECK), narrate(DECK, heard=events)
    seer = read.cues[SEER_STEP + 1]
    assert [line.text for line in seer.lines] == [default_catalog()["seer"].line("wake"), value,
                                                  "Seer, close your eyes."]
    assert [line.pause for line in seer.lines] == ["none", "action", "gap"]
    assert plain.duration(Timing()) == read.duration(Timing())  # the step lasts the same
    assert read.cues[:SEER_STEP + 1] == plain.cues[:SEER_STEP + 1]
    assert calls(seer)[0].text == f"{default_catalog()['seer'].line('wake')} {value}"


async def test_the_eyes_closed_screen_calls_the_draw_the_same_in_every_deal(announcing_seer):
    setup = Setup(NAMES[:3], DECK)
    deals = [("seer", "werewolf", "robber", "werewolf", "troublemaker", "villager"),
             ("werewolf", "robber", "troublemaker", "werewolf", "seer", "villager"),
             ("villager", "troublemaker", "werewolf", "robber", "werewolf", "seer")]
    value = drawn(table_heard(DECK, 9))[0][1]
    app = OneNightApp(quiet_settings(), start=None)
    said: list[str] = []
    texts: dict[int, set[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        app.say = lambda text: said.append(text)
        for cards in deals:
            g = new_game(setup, 9, deal=cards)
            states = []
            for step in g.script:
                states.append(g)
                while (p := pending(g)) is not None and g.phase == "night" and p.step == step.id:
                    g = apply(g, p.options[-1])
            for index, state in enumerate(states):
                put_game(app, state, SavedGame(setup, 9))
                said.clear()
                if screen_name(app) != "NightScreen":
                    app.table.move("night", step=index)
                    await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
                else:
                    app.screen._enter(index, speak=True)  # the step as the table reaches it
                text = await settled_text(pilot, lambda: screen_text(app))  # the step drawn whole
                texts.setdefault(index, set()).add(normalized(text))
                assert (value in text) == (index == SEER_STEP), f"step {index}"
                assert (value in " ".join(said)) == (index == SEER_STEP)
                if index == SEER_STEP:
                    assert len(app.screen.calls) == 1  # one call, one action time
                    assert public_view(state).announced(SEER_STEP)  # read from the game, not rebuilt
    assert all(len(seen) == 1 for seen in texts.values()), "a step's screen differs between deals"


async def test_the_narrator_reads_the_draw_of_its_seed(announcing_seer):
    value = drawn(table_heard(DECK, 4))[0][1]
    app = NarratorApp(roster=DECK, timing=Timing(action=30, gap=30, day=30), voice=False,
                      reading_pace=0.0, tick=0.02, seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NarratorScreen), "the narrator")
        screen = app.screen
        seer = screen.narration.cues[SEER_STEP + 1]
        assert value in [line.text for line in seer.lines]
        screen._start_cue(SEER_STEP + 1)
        screen.phase = "night"
        screen.line_index = 1
        screen._start_line()
        await until(pilot, lambda: value in screen_text(app), "the drawn value shown")
        assert value in screen_text(app)


def test_narrate_print_reads_the_draw_of_its_seed(announcing_seer, capsys):
    from onenight_tui.cli import main

    roles = ",".join(DECK)
    for seed in (4, 5):
        assert main(["narrate", "--roles", roles, "--print", "--seed", str(seed)]) == 0
        printed = capsys.readouterr().out
        value = drawn(table_heard(DECK, seed))[0][1]
        seer_part = printed.split("3. Seer")[1].split("4. Robber")[0]
        assert value in seer_part and seer_part.count("[10 s]") == 1
