"""The pack's choice so far tonight is the engine's answer (``classic.protocol.pack_choices``: seats, no
text), given only to the werewolf whose turn it is to name the victim, in his seat view (``view_for``);
the prompt screen words it."""

from __future__ import annotations

import inspect

from test_classic_app import NAMES, choose, make, press, to_the_werewolves

from app_pilot import SIZE, screen_name, until
from onenight_core.model.values import Action, Setup
from onenight_core.rulesets.classic.protocol import PackChoice, apply, new_game, pack_choices, pending, view_for

DECK = ["werewolf", "werewolf", "werewolf", "seer", "villager", "villager", "villager", "villager"]


def to_the_pack(game):
    while (p := pending(game)) is not None and p.step != "werewolf":
        game = apply(game, p.options[0])
    return game


def test_each_werewolf_sees_whom_the_pack_named_before_him_tonight_only():
    g = to_the_pack(new_game(Setup([f"P{i}" for i in range(8)], DECK, ruleset="classic"), 3, deal=DECK))
    assert pending(g).seat == 0 and pack_choices(g, 0) == ()
    g = apply(g, Action("kill", ("p4",)))
    assert pack_choices(g, 1) == (PackChoice(0, 4),)
    assert all(pack_choices(g, s) == () for s in range(8) if s != 1)  # only the wolf asked now
    g = apply(g, Action("kill", ("p5",)))
    assert pack_choices(g, 2) == (PackChoice(0, 4), PackChoice(1, 5))
    g = apply(g, Action("kill", ("p5",)))
    assert all(pack_choices(g, s) == () for s in range(8))  # the step is over
    while (p := pending(g)) is not None and not (p.step == "werewolf" and g.board.round == 2):
        g = apply(g, p.options[0])
    assert g.board.round == 2 and pack_choices(g, pending(g).seat) == ()  # last night's names are gone


def test_the_pack_so_far_is_in_the_werewolf_s_seat_view():
    """The prompt screen reads it from the seat's view (``GameRules.view_for``), as everything private."""
    g = to_the_pack(new_game(Setup([f"P{i}" for i in range(8)], DECK, ruleset="classic"), 3, deal=DECK))
    g = apply(g, Action("kill", ("p4",)))
    assert view_for(g, 1).pack == (PackChoice(0, 4),) and view_for(g, 0).pack == () == view_for(g, 5).pack


def test_the_prompt_screen_asks_the_engine():
    from onenight_tui.tables.classic import prompt as classic_prompt

    source = inspect.getsource(classic_prompt)
    assert "view.pack" in source and ".events" not in source


async def test_the_second_werewolf_reads_the_first_ones_choice_on_his_prompt():
    app = make(9, deck=("werewolf", "werewolf", "werewolf", "seer", "villager", "villager", "villager"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        await to_the_werewolves(pilot, app, ready=lambda: pending(app.state).role == "werewolf")
        first = pending(app.state)
        app.table.answer(first.options[-1])  # the first werewolf names the last player offered
        second = pending(app.state)
        assert second.role == "werewolf" and second.seat != first.seat
        await press(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "ClassicWhoScreen", "who holds the laptop")
        await choose(pilot, second.seat)
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
        victim = NAMES[int(first.options[-1].targets[0][1:])]
        await until(pilot, lambda: f"{NAMES[first.seat]} names {victim}"
                    in str(app.screen.query_one("#prompt-info").render()), "the first werewolf's choice")
        info = str(app.screen.query_one("#prompt-info").render())
        assert f"{NAMES[first.seat]} names {victim}" in info
