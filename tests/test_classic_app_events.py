"""New Moon event cards (issue 14, resolution.md §4.6): the seed's ``werewolf_ally`` (more cards:
tests/test_classic_new_moon.py). Revealed before day 1 (in public), applied on night 2: the
earliest-eliminated player designates a living non-werewolf, who is shown the werewolves and wins if and
only if they win; allies block neither side (§4.7 rules 4 and 5, A-C17)."""

from __future__ import annotations

from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Learned
from onenight_core.rulesets.classic.events import EVENT_CARDS, EVENT_DECK, earliest_eliminated
from onenight_core.rulesets.classic.game import victory
from onenight_core.rulesets.classic.options import ClassicRules

from classic_helpers import run, setup_for, votes

DEAL = ["werewolf", "seer", "villager", "villager", "villager"]
EVENTS = {"events.enabled": True, "sheriff.enabled": False}


def test_the_event_deck_is_the_cards_on_file_one_of_each():
    assert EVENT_DECK[0] == "werewolf_ally" and set(EVENT_DECK) == set(EVENT_CARDS) and len(EVENT_DECK) == 16
    assert EVENT_CARDS["werewolf_ally"].duration == "next_night"


def _to_night_two(ally_answer=None):
    # night 1: the werewolf (p0) kills the seer (p1); day 1: a tie, nobody eliminated
    answers = ["look p0", "kill p1", *votes(2, 0, 0, 2), ]
    if ally_answer:
        answers.append(ally_answer)
    return run(DEAL, answers, EVENTS, events=("werewolf_ally",))


def test_werewolf_ally_is_revealed_before_day_one_and_acts_on_night_two():
    board, prompt, _ = _to_night_two()
    assert any(e.kind == PublicKind.DRAW and e.id == "event" and dict(e.params)["card"] == "werewolf_ally"
               for e in board.public)
    # the earliest-eliminated player (the seer, dead) designates among the living non-werewolves
    assert prompt is not None and prompt.step == "ally" and prompt.seat == 1 == earliest_eliminated(board)
    assert {a.targets[0] for a in prompt.options} == {"p2", "p3", "p4"}
    board, prompt, _ = _to_night_two("ally p3")
    assert board.allies == frozenset({3})
    shown = [o for o in board.observations if isinstance(o, Learned) and o.seat == 3 and o.step == "ally"]
    assert {o.as_ for o in shown} == {"werewolf_ally", "werewolf"}
    assert any(o.who == ("p0",) for o in shown)
    assert prompt is not None and prompt.step == "werewolf"  # then the night goes on as usual


def test_without_events_there_is_no_reveal_and_no_ally_step():
    board, prompt, _ = run(DEAL, ["look p0", "kill p1", *votes(2, 0, 0, 2)], {"sheriff.enabled": False})
    assert not any(e.id == "event" for e in board.public)
    assert prompt is not None and prompt.step == "werewolf"  # the seer is dead: the pack acts first


def test_an_ally_blocks_neither_side_and_wins_only_with_the_werewolves():
    rules = ClassicRules.of(setup_for(DEAL, EVENTS))
    board, _, _ = _to_night_two("ally p3")
    # werewolf and the ally alone: no villager-side player counts → the werewolves and the ally win
    only = board.but(alive=(True, False, False, True, False))
    winners, side, reason = victory(only, rules)
    assert side == "werewolves" and winners == (0, 3) and reason == "no_villagers_left"
    # the werewolf dead, the ally alive with villagers: the villagers win without the ally
    village = board.but(alive=(False, False, True, True, True))
    winners, side, _ = victory(village, rules)
    assert side == "villagers" and 3 not in winners and set(winners) == {1, 2, 4}
    # werewolf, ally and one villager: the game goes on (the ally does not count as a villager, the
    # villager still blocks the werewolves)
    assert victory(board.but(alive=(True, False, True, True, False)), rules) is None


async def test_the_app_announces_the_event_by_day_and_calls_the_ally_step_first_on_night_two(monkeypatch):
    from app_pilot import SIZE, screen_name, screen_text, until
    from test_classic_app import make, step

    monkeypatch.setattr("onenight_core.rulesets.classic.game.EVENT_DECK", ("werewolf_ally",))  # drawn on day 1
    app = make(9, **EVENTS)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        day_text = None
        for _ in range(300):
            if screen_name(app) == "ClassicDayScreen" and day_text is None:
                day_text = screen_text(app)
            if screen_name(app) == "NightScreen" and app.table.round == 2 and app.screen.index >= 0:
                break
            await step(pilot)
        else:
            raise AssertionError("no second night")
        assert day_text is not None and "Event card: Werewolf ally" in day_text
        night = app.screen
        assert night.steps[0] == "ally" and night.index == 0
        assert "Werewolf ally" in screen_text(app)
        await step(pilot)  # the first player eliminated names the ally behind the laptop
        assert len(app.state.board.allies) == 1


async def test_the_executioner_is_elected_from_the_day_screen_and_looks_at_a_face_down_card(monkeypatch):
    """The Executioner card (New Moon reference #8) in the app: the day screen tells the card and Enter
    opens its election before the talk; a player voted out dies with his card face down, and the
    Executioner sees it behind the name list (M), like any private screen."""
    from app_pilot import SIZE, screen_name, screen_text, until
    from test_classic_app import make, press, step, step_until

    monkeypatch.setattr("onenight_core.rulesets.classic.game.EVENT_DECK", ("executioner",))
    app = make(2, **EVENTS)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        await step_until(pilot, lambda: screen_name(app) == "ClassicDayScreen", "the day")
        assert "Executioner" in screen_text(app) and "elect the Executioner now" in screen_text(app)
        await step(pilot)
        assert screen_name(app) == "ClassicTableScreen" and "electing the Executioner" in screen_text(app)
        await step_until(pilot, lambda: any(e.id == "executioner_card" for e in app.table.heard())
                         and screen_name(app) == "ClassicTableScreen" and app.screen.prompt is None,
                         "a card face down")
        card = next(dict(e.params) for e in app.table.heard() if e.id == "executioner_card")
        assert "face down" in screen_text(app)
        await press(pilot, "m")
        await until(pilot, lambda: screen_name(app) == "ClassicWhoScreen", "the name list")
        await press(pilot, "home", *(["down"] * int(card["executioner"])), "enter")
        await until(pilot, lambda: screen_name(app) == "CardScreen", "the Executioner's card screen")
        seat = int(card["seat"])
        shown = app.table.words.text("classic_know_card", target=app.table.words.text(
            "classic_name_dead", player=app.table.words.name(seat)),
            card_name=app.table.words.card(app.state.board.roles[seat]))
        assert shown in screen_text(app)  # "Cy (dead): Werewolf", on the Executioner's own screen only
