"""The Mayor's reveal by day (Dalbula, roles.md #81, E-53; issue 13): the engine's ``mayor`` step is played
by day (``turns = "day"``): the night never calls it, its prompt stays pending through the day, the day
screen's key lets anyone claim it (public pick, hand-over, private screen), a flip shows at once, and the
vote answers ``pass`` for a Mayor who never flipped."""

from __future__ import annotations

import random

from app_pilot import NAMES, SIZE, FakeClock, deal, flat, night, public_screens_by_seed, quiet_settings, \
    screen_name, settled_text, until

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.rules import default_rules
from onenight_core.model.values import Action
from onenight_core.play.saves import SavedGame, replay
from onenight_tui.app import NewGame, OneNightApp
from onenight_core.rulesets.dalbula.mayor import MayorClaim, mayor_claim
from onenight_tui.day_prompts import close_the_day, day_prompt, day_step_ids, flip_for

# The official set-up (n+3 cards dealt at random): the Mayor is dealt to seat 1 with seed 1, seat 4 with
# seed 2, and lies in the center with seed 4 (checked below, so a changed deal cannot hide it).
DECK = ("sleepwalker", "alien", "werewolf", "seer", "villager", "robber", "troublemaker", "mayor")
PINS = {"alien": "stare", "ripple": "multi_vote", "ripple_id": ["p1", "p3"]}
MAYOR_AT = {1: 1, 2: 4, 4: None}


def setup() -> Setup:
    return Setup(NAMES[:5], DECK, ruleset="dalbula", draws=PINS)


def mayor_seat(g) -> int | None:
    return next((s for s in range(g.players) if g.night_roles[s] == "mayor"), None)


def to_the_day(seed: int):
    """The engine walked through the night with the first answer everywhere, and the saved answers."""
    g, saved = new_game(setup(), seed), SavedGame(setup(), seed)
    while (p := pending(g)) is not None and day_prompt(g) is None and g.phase == "night":
        g, saved = apply(g, p.options[0]), saved.with_answer(p.options[0])
    return g, saved


# -- the engine, as the app drives it -------------------------------------------------------------------

def test_the_mayor_step_is_played_by_day():
    assert default_rules().engine_step("mayor").turns == "day"
    g, _ = to_the_day(1)
    assert day_step_ids(g.script) == {"mayor"} and g.script[-1].id == "mayor"


def test_the_mayors_prompt_waits_through_the_day_for_the_dealt_mayor_only():
    for seed, seat in MAYOR_AT.items():
        g, _ = to_the_day(seed)
        assert mayor_seat(g) == seat
        p = day_prompt(g)
        if seat is None:  # nobody holds the Mayor: the night ends at the vote
            assert p is None and g.phase == "vote"
            continue
        assert p is not None and p.seat == seat and g.phase == "night"
        assert flip_for(g, seat) == Action("flip", (f"p{seat}",))
        assert all(flip_for(g, other) is None for other in range(g.players) if other != seat)


def test_a_flip_by_day_turns_the_card_face_up_and_the_vote_follows():
    g, _ = to_the_day(1)
    before = g.cards[1].role
    flipped = apply(g, flip_for(g, 1))
    assert flipped.cards[1].face_up and flipped.cards[1].role == before and flipped.phase == "vote"
    assert not g.cards[1].face_up  # apply never mutates


class _Table:
    """Stands in for the app: ``close_the_day`` answers through ``app.answer``."""

    def __init__(self, state) -> None:
        self.state, self.answers = state, []

    @property
    def game(self):  # what the app's screens and ``close_the_day`` read (host.Host)
        return self.state

    def answer(self, action):
        self.state = apply(self.state, action)
        self.answers.append(action)
        return self.state


def test_the_vote_answers_pass_for_a_mayor_who_never_flipped():
    g, _ = to_the_day(2)
    table = _Table(g)
    close_the_day(table)
    assert [a.verb for a in table.answers] == ["pass"] and table.state.phase == "vote"
    assert not any(c.face_up for c in table.state.cards)
    after_flip = _Table(apply(g, flip_for(g, 4)))
    close_the_day(after_flip)
    assert after_flip.answers == []  # nothing left to answer


def test_a_doppelganger_who_copied_the_mayor_decides_after_him():
    """Two Mayors (roles.md §E Doppelgänger: "becomes the role"): the engine asks them in seat order; the
    second may flip once the first has decided."""
    deck = ("doppelganger", "mayor", "werewolf", "villager", "seer", "robber")
    g = new_game(Setup(NAMES[:3], deck, ruleset="dalbula"), 1, deal=deck)
    while (p := pending(g)) is not None and day_prompt(g) is None:
        g = apply(g, next((a for a in p.options if a.targets == ("p1",)), p.options[0]))
    assert g.night_roles[:2] == ("mayor", "mayor")
    assert flip_for(g, 0) is not None and flip_for(g, 1) is None and mayor_claim(g, 1) == MayorClaim.WAIT
    g = apply(g, Action("pass"))
    assert flip_for(g, 1) == Action("flip", ("p1",)) and mayor_claim(g, 1) != MayorClaim.WAIT


# -- the hot-seat app ------------------------------------------------------------------------------------

def korean_app(seed: int, **settings) -> OneNightApp:
    return OneNightApp(quiet_settings(lang="ko", vote_mode="public", **settings), start=NewGame(setup(), seed))


async def claim(pilot, seat: int, key: str) -> dict[str, str]:
    """On the day screen: claim the Mayor's reveal for ``seat``, open his screen, press ``key``; the texts
    of the screens on the way (the private one is PRIVATE)."""
    app = pilot.app
    seen = {}
    await pilot.press("m")
    await until(pilot, lambda: screen_name(app) == "MayorClaimScreen", "the claim")
    seen["claim"] = flat(app)
    await pilot.press(*["down"] * seat, "enter")  # the first player is highlighted
    await until(pilot, lambda: screen_name(app) == "MayorRevealScreen", "the hand-over")
    seen["hand_over"] = flat(app).replace(NAMES[seat], "NAME")
    assert not app.screen.opened
    await until(pilot, lambda: app.screen.ready, "the hand-over's key guard")
    await pilot.press("enter")
    await until(pilot, lambda: app.screen.opened and app.screen.query("#mayor-text"), "the private screen")
    await settled_text(pilot, lambda: flat(app))  # drawn whole
    assert app.screen.PRIVATE
    seen["private"] = flat(app)
    await pilot.press(key)
    await until(pilot, lambda: screen_name(app) == "DayScreen", "the day again")
    seen["day"] = await settled_text(pilot, lambda: flat(app))  # drawn whole
    return seen


_WALKED: dict[int, tuple[SavedGame, list[int]]] = {}


async def walked_to_the_day(seed: int) -> tuple[SavedGame, list[int]]:
    """Seed ``seed`` dealt and walked through the night in the app (the laptop passed round, each actor
    answering on their prompt, ``random.Random(seed)``'s answers), once for the module: the save at the
    day and the night steps the eyes-closed screen called. The day tests start from that save."""
    if seed not in _WALKED:
        app = korean_app(seed)
        app.clock = FakeClock()
        called: list[int] = []
        async with app.run_test(size=SIZE) as pilot:
            await deal(pilot)
            await night(pilot, random.Random(seed), lambda index, text: called.append(index))
            await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
            _WALKED[seed] = (app.saved, called)
    return _WALKED[seed]


async def korean_day(seed: int) -> OneNightApp:
    """The app at the day of ``walked_to_the_day(seed)``, its whole time left, on a clock the test moves."""
    saved, _ = await walked_to_the_day(seed)
    app = OneNightApp(quiet_settings(lang="ko", vote_mode="public"),
                      start=saved.with_meta(stage="day", day_left=300.0))
    app.clock = FakeClock()
    return app


async def test_the_night_never_calls_the_mayor():
    _, called = await walked_to_the_day(1)
    assert called and all(index != 8 for index in called)  # the Mayor's step (index 8) is never called


async def test_the_mayor_flips_by_day_after_the_timer_started():
    app = await korean_day(1)
    clock = app.clock
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        await until(pilot, lambda: "시장 공개" in flat(app), "the day's key, in Korean")
        clock.advance(40)
        await until(pilot, lambda: app.screen.countdown.remaining < 300, "the day's timer to run", limit=4000)
        started = app.screen.countdown.remaining
        answers = len(app.saved.answers)
        role = app.state.cards[1].role
        seen = await claim(pilot, 1, "f")
        assert "당신은 시장입니다" in seen["private"] and "시장입니다" not in seen["day"]
        assert app.state.cards[1].face_up and len(app.saved.answers) == answers + 1
        assert app.catalog[role].name("ko") in seen["day"]  # the table shows the card face up at once
        assert 0 < app.screen.countdown.remaining <= started  # the day goes on with its time
        assert replay(app.saved) == app.state
        await pilot.press("v", "y")
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        assert len(app.saved.answers) == answers + 1  # nothing more to answer for the Mayor


async def test_a_claim_by_a_non_mayor_looks_like_a_mayor_who_declines():
    app = await korean_day(1)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        answers = len(app.saved.answers)
        declined = await claim(pilot, 1, "n")  # Oskar holds the Mayor: not now
        not_mayor = await claim(pilot, 0, "enter")  # Mina is not the Mayor
        assert "당신은 시장이 아닙니다" in not_mayor["private"] and "당신은 시장입니다" in declined["private"]
        assert "n 지금은 안 함" in declined["private"] and "f 내 카드 공개" in declined["private"]
        for key in ("claim", "hand_over", "day"):
            assert declined[key] == not_mayor[key], key  # the public screens read the same
        assert len(app.saved.answers) == answers and day_prompt(app.state) is not None
        assert not any(c.face_up for c in app.state.cards)
        await pilot.press("v", "y")
        await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
        assert app.saved.answers[answers:] == (Action("pass"),)  # the Mayor never flipped: pass
        assert app.state.phase == "vote" and replay(app.saved) == app.state


async def test_the_public_screens_read_the_same_wherever_the_mayor_is():
    """With the Mayor on seat 1, seat 4 or in the center (and nobody flipping), every public screen of the
    deal, the night and the day reads the same; the night never calls the Mayor."""
    seen = await public_screens_by_seed(korean_app, 5, DECK, seeds=tuple(MAYOR_AT))
    assert "night-8" not in seen and "knock-8" not in seen
    for key, texts in seen.items():
        assert len(texts) == 1, f"the {key} screen differs with the Mayor's seat"


async def test_a_game_resumes_in_the_day_before_and_after_the_flip():
    g, saved = to_the_day(1)
    flip = flip_for(g, 1)
    for answers, face_up in ((saved, False), (saved.with_answer(flip), True)):
        app = OneNightApp(quiet_settings(lang="ko"), start=answers.with_meta(stage="day", day_left=120.0))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
            await settled_text(pilot, lambda: flat(app))  # drawn whole
            assert app.state.cards[1].face_up is face_up
            assert (day_prompt(app.state) is None) is face_up
            shown = app.catalog[app.state.cards[1].role].name("ko") in flat(app)
            if face_up:
                assert shown
