"""Every public announcement comes at the same moment, with the same kind of content, whoever holds the
card and wherever it lies (issue 21, "Secrets that leak").

Nostradamus's team was read with his call when his card lay in the center (the ghost step draws it as the
step is called) and never when a player held it (his team is known only once he stops): the eyes-closed
screen told the table whether anyone held the card. The roles checked here are not listed by hand: every
playable role of every One Night ruleset is dealt to a player, laid in the center, copied by a
Doppelgänger or not, and its game played with several answers; the roles whose games announce anything
are collected from what the games announced, and checked against the behaviours that have an ``announce``
hook. For each step the test compares what the eyes-closed screen shows when the step is called
(``tables.one_night_calls.step_calls``, the screen's own words, from the public events the game has recorded
by then): the same draws, in the same call of the same step, and the same words once the value a player
chose (a team, a parity) is set aside."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pytest
from app_pilot import SIZE, FakeClock, quiet_settings, screen_name, screen_text, until, put_game

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import LATE_DRAWS, narrate
from onenight_core.errors import SetupError
from onenight_core.model.kinds import PublicKind
from onenight_core.model.public import announced, announcer_for, heard_through
from onenight_core.model.state import GameState
from onenight_core.model.values import PublicEvent
from onenight_core.play.saves import SavedGame
from onenight_core.rulesets import ruleset_for
from onenight_core.rulesets.night_script import REPEATED_ROLE_DRAW
from onenight_tui.app import OneNightApp
from onenight_tui.tables.one_night_calls import step_calls

RULESETS = ("onuw", "dalbula")  # the rulesets whose night the eyes-closed screen calls (classic has its own)
PLAYERS = ("P1", "P2", "P3", "P4", "P5")
FILL = ("werewolf", "villager", "villager", "villager", "seer", "robber")
SEEDS = (0, 1, 2, 3, 4, 5)
MASK = "«{}»"

Pick = Callable[[tuple], object]
PICKS: tuple[Pick, ...] = (lambda o: o[0], lambda o: o[-1], lambda o: o[len(o) // 2])


def deals(role: str, fill: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The same cards laid four ways (players first, then the center): the role held (the Doppelgänger
    beside it copies it with the first answer), the role in the center, the Doppelgänger in the center,
    both in the center."""
    n = len(PLAYERS)
    rest = list(fill)
    return {
        "held": ("doppelganger", role, *rest),
        "center": ("doppelganger", *rest[:n - 1], role, *rest[n - 1:]),
        "dg in the center": (role, *rest[:n - 1], "doppelganger", *rest[n - 1:]),
        "both in the center": (*rest[:n], "doppelganger", role, *rest[n:]),
    }


def table_for(ruleset: str, role: str) -> tuple[Setup, tuple[str, ...]] | None:
    """A set-up of five players with ``role``, a Doppelgänger and plain cards (a villager more while the
    ruleset asks for more cards: the Alpha Wolf's extra center card), or None."""
    options = (("official_setup", True),) if ruleset == "dalbula" else ()
    fill = FILL
    for _ in range(3):
        setup = Setup(PLAYERS, (role, "doppelganger", *fill), ruleset, options)
        try:
            new_game(setup, 0)
            return setup, fill
        except SetupError:
            fill = (*fill, "villager")
    return None


def entries(g: GameState, pick: Pick) -> list[GameState]:
    """The game as it stands when each step of the night is called (what the eyes-closed screen reads
    then): every prompt of the earlier steps answered, whatever the engine has walked ahead."""
    states, index = [], 0
    while index < len(g.script):  # the script may grow (the ripple's repeated night)
        states.append(g)
        step = g.script[index]
        while (p := pending(g)) is not None and g.phase == "night" and p.step == step.id:
            g = apply(g, pick(p.options))
        index += 1
    return states


def shown_draws(heard: tuple[PublicEvent, ...], index: int) -> tuple[PublicEvent, ...]:
    """The draws read while step ``index`` is called: the late ones of the step before, then its own."""
    late = tuple(e for e in announced(heard, index - 1) if e.id in LATE_DRAWS) if index > 0 else ()
    return late + tuple(e for e in announced(heard, index) if e.id not in LATE_DRAWS)


@lru_cache(maxsize=512)
def _texts(roster: tuple[str, ...], heard: tuple[PublicEvent, ...], index: int, ruleset: str) -> tuple[str, ...]:
    return step_calls(narrate(roster, "en", None, heard, ruleset), default_catalog(), heard, index, "en")


def masked(heard: tuple[PublicEvent, ...], other: tuple[PublicEvent, ...]) -> tuple[PublicEvent, ...]:
    """``heard`` with each draw whose value differs from the same draw in ``other`` (a value a player
    chose: a team, a parity) replaced by a mark naming the draw, so that only its kind is compared."""
    out = []
    for mine, theirs in zip(heard, other, strict=True):
        if mine.kind == PublicKind.DRAW and mine.params != theirs.params:
            mine = PublicEvent(mine.kind, mine.id, (("value", MASK.format(mine.id)),))
        out.append(mine)
    return tuple(out)


def screens(states: list[GameState]) -> list[tuple[str, tuple[str, ...], tuple[PublicEvent, ...]]]:
    """Per step: its id, the draws the screen reads when it is called, and the table's events by then."""
    out = []
    for index, g in enumerate(states):
        heard = heard_through(g.public, index)
        out.append((g.script[index].id, tuple(e.id for e in shown_draws(heard, index)), heard))
    return out


def compare(ruleset: str, roster: tuple[str, ...], a: list, b: list, what: str) -> None:
    assert [(s, d) for s, d, _h in a] == [(s, d) for s, d, _h in b], f"{what}: steps or announcements differ"
    for index, ((step, draws, heard_a), (_s, _d, heard_b)) in enumerate(zip(a, b)):
        if not draws:
            continue  # nothing announced: the call is the script's, the same in every deal
        read_a, read_b = read_at(heard_a, index), read_at(heard_b, index)
        assert [(e.kind, e.id) for e in read_a] == [(e.kind, e.id) for e in read_b], f"{what}, step {step}"
        texts_a = _texts(roster, masked(read_a, read_b), index, ruleset)
        texts_b = _texts(roster, masked(read_b, read_a), index, ruleset)
        assert texts_a == texts_b, f"{what}, step {step}: {texts_a} / {texts_b}"


def read_at(heard: tuple[PublicEvent, ...], index: int) -> tuple[PublicEvent, ...]:
    """The events heard by step ``index`` without the draws not read at it: those of earlier steps were
    compared at their own step (a ripple's repeated night keeps its draw: it lengthens the script)."""
    out, step = [], -1
    for event in heard:
        if event.kind == PublicKind.STEP:
            step += 1
        late = event.id in LATE_DRAWS
        if (event.kind != PublicKind.DRAW or (step == index and not late) or (step == index - 1 and late)
                or event.id == REPEATED_ROLE_DRAW or dict(event.params).get("value") == "repeat_night"):
            out.append(event)
    return tuple(out)


def test_every_announcement_comes_at_the_same_moment_whoever_holds_the_card():
    catalog = default_catalog()
    announcing: dict[str, set[str]] = {}  # ruleset -> behaviour keys whose steps announced something
    late_heard: set[tuple[str, str]] = set()  # (late draw id, deal) seen
    for ruleset in RULESETS:
        rules = ruleset_for(ruleset)
        roles = [r.id for r in rules.roles(catalog) if rules.is_playable(r.id) and r.id != "doppelganger"]
        assert len(roles) > 50
        for role in roles:
            table = table_for(ruleset, role)
            assert table is not None, f"{ruleset}: no table for {role}"
            setup, fill = table
            for seed in SEEDS if role in ("oracle", "nostradamus") else SEEDS[:1]:
                for pick in PICKS:
                    seen = {}
                    for name, cards in deals(role, fill).items():
                        states = entries(new_game(setup, seed, deal=cards), pick)
                        seen[name] = screens(states)
                        for index, (_step, draws, _heard) in enumerate(seen[name]):
                            if draws:
                                key_step = states[index].script[index]
                                behaviour = announcer_for(rules.behaviours, key_step)
                                announcing.setdefault(ruleset, set()).add(getattr(behaviour, "key", key_step.id))
                                late_heard |= {(d, name) for d in draws if d in LATE_DRAWS}
                    first = next(iter(seen))
                    for name in seen:
                        compare(ruleset, setup.deck, seen[first], seen[name],
                                f"{ruleset} {role} seed {seed}: {first} vs {name}")
        hooked = {key for key, b in rules.behaviours.items() if b.announces}
        assert hooked <= announcing[ruleset], f"{ruleset}: never announced: {hooked - announcing[ruleset]}"
        assert "nostradamus" in announcing[ruleset]  # announced by his ghost and by his answer alike
    assert {d for d, _name in late_heard} == LATE_DRAWS
    assert {name for d, name in late_heard if d == "nostradamus"} == set(deals("x", FILL))


def test_a_held_nostradamus_is_announced_with_the_next_call_like_one_in_the_center():
    """The issue's game: Bo holds Nostradamus (seed 1). The team is read when his step is over, in the
    next step's first call, as it is when his card lies in the center."""
    setup = Setup(("Ann", "Bo", "Cy"), ("nostradamus", "henchman_7", "villager", "seer", "robber", "troublemaker"))
    texts = {}
    for name, cards in {"held": ("robber", "nostradamus", "seer", "henchman_7", "villager", "troublemaker"),
                        "center": ("robber", "troublemaker", "seer", "henchman_7", "villager", "nostradamus")
                        }.items():
        states = entries(new_game(setup, 1, deal=cards), lambda o: o[-1])
        step = [s.id for s in states[0].script].index("nostradamus")
        shown = []
        for index, g in enumerate(states):
            heard = heard_through(g.public, index)
            shown.append(step_calls(narrate(setup.deck, "en", None, heard), default_catalog(), heard, index, "en"))
        assert all("Nostradamus's team" not in " ".join(t) for i, t in enumerate(shown) if i != step + 1), name
        assert shown[step + 1][0].startswith("Nostradamus's team: "), name
        texts[name] = shown
    assert len(texts["held"]) == len(texts["center"])


@pytest.mark.parametrize("holder", ["held", "center"])
async def test_the_eyes_closed_screen_reads_nostradamus_team_after_his_step_held_or_not(holder):
    """The eyes-closed screen of the issue's game: nothing at his call, his team with the next call."""
    setup = Setup(("Ann", "Bo", "Cy"), ("nostradamus", "henchman_7", "villager", "seer", "robber", "troublemaker"))
    cards = {"held": ("robber", "nostradamus", "seer", "henchman_7", "villager", "troublemaker"),
             "center": ("robber", "troublemaker", "seer", "henchman_7", "villager", "nostradamus")}[holder]
    g = new_game(setup, 1, deal=cards)
    step = [s.id for s in g.script].index("nostradamus")
    g = entries(g, lambda o: o[-1])[step]  # the earlier steps played
    app = OneNightApp(quiet_settings(), start=None)
    app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        put_game(app, g, SavedGame(setup, 1))
        app.table.move("night", step=step)
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
        night = app.screen
        await until(pilot, lambda: "Nostradamus, wake up" in screen_text(app), "his call")
        assert "Nostradamus's team" not in screen_text(app)
        while (p := pending(app.state)) is not None and p.step == "nostradamus":
            app.table.answer(p.options[-1])  # he looks (or his time runs out: the same moment)
        night.fast_forward()
        await until(pilot, lambda: night.index == step + 1, "the next step")
        await until(pilot, lambda: "Nostradamus's team: " in screen_text(app), "his team announced")
        assert "Nostradamus's team: " in screen_text(app)
