"""No public screen ever shows a player's role or anything a player saw.

Two complementary checks, on the text the terminal actually shows (the composited screen):

* Indistinguishability: the same players and deck dealt with different seeds give different cards,
  actors, ghost steps and night results — yet every public screen (hand-over, eyes closed at each step,
  eyes closed after the actor is done, day, vote) must read exactly the same, apart from the clock.
  A public screen that depended on anything private would differ between some two seeds.
* No pairing: no line of a public screen names a player together with a role.

The first test plays whole games through the real flow (hand-overs, private prompts opened with the key,
someone knocking in steps where nobody acts); the second covers many more deals by pointing one running
app at engine states taken at each step of the night."""

from __future__ import annotations

import random
import re

import pytest
from textual.widgets import Digits

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.rulesets.onuw.marks import MARKS
from onenight_core.play.saves import SavedGame

from app_pilot import (NAMES, SIZE, deal, make_app, night, put_game, quiet_settings, screen_name, screen_text,
                       settled_text, until)
from onenight_tui.app import OneNightApp
from onenight_tui.text.words import Wording


DECKS = {
    "base": ("doppelganger", "werewolf", "werewolf", "minion", "seer", "robber", "troublemaker"),
    "vampire": ("vampire", "vampire", "renfield", "cupid", "priest", "diseased", "villager"),
    "masons": ("werewolf", "werewolf", "minion", "mason", "mason", "seer", "robber", "insomniac",
               "troublemaker"),
    # the Temptress's extra villain card, the villains' group turns and the Evilometer's tap (issue 12)
    "villains": ("villainous_temptress", "dr_peeker", "henchman_7", "evilometer", "mad_scientist", "intern",
                 "detector", "switcheroo"),
}
_CLOCK = re.compile(r"\b\d+:\d\d\b")
_BAR = re.compile(r"[━╸╺╴╶]+")

MARK_NAMES = {m: Wording((), None, "en").mark_name(m) for m in MARKS}  # the English words of the text layer
MARK_EFFECTS = {m: Wording((), None, "en").mark_effect(m) for m in MARKS}


def normalized(text: str) -> str:
    return _BAR.sub("<bar>", _CLOCK.sub("#:##", text))


def public_text(app) -> str:
    """The screen as text with the big clock digits blanked: a slow machine may show 5:00 on one deal and
    4:59 on another, which says nothing about the deal (the small clock is masked by ``normalized``)."""
    lines = screen_text(app).split("\n")
    for digits in app.screen.query(Digits):
        r = digits.region
        for y in range(r.y, min(r.y + r.height, len(lines))):
            lines[y] = lines[y][:r.x] + " " * r.width + lines[y][r.x + r.width:]
    return "\n".join(lines)


def role_names(deck) -> list[str]:
    """The words that would give a player away beside their name: the roles, and the marks."""
    catalog = default_catalog()
    return sorted({catalog[r].name() for r in deck} | {"Werewolf", "Villager"} | set(MARK_NAMES.values()),
                  key=len, reverse=True)


_PANEL_EDGE = re.compile(r"[│┃║]")


def assert_no_pairing(text: str, players, deck, where: str) -> None:
    """No line of a panel names both a player and a role (panels side by side — the day's roles in
    play beside the table picture — are read separately: they only share the terminal's row)."""
    roles = role_names(deck)
    for line in (part for row in text.splitlines() for part in _PANEL_EDGE.split(row)):
        who = [p for p in players if re.search(rf"\b{re.escape(p)}\b", line)]
        what = [r for r in roles if re.search(rf"\b{re.escape(r)}\b", line)]
        assert not (who and what), f"{where}: {line.strip()!r} names {who} and {what}"


@pytest.mark.parametrize("name,seeds", [("base", (1, 2, 3)), ("vampire", (1, 2)), ("villains", (1, 2, 3))])
async def test_public_screens_read_the_same_whatever_the_deal(name, seeds):
    """The whole flow, the mark check's hand-overs included (the vampire deck): every public screen
    reads the same in every deal."""
    deck = DECKS[name]
    players = len(deck) - 3
    seen: dict[str, dict[str, set[str]]] = {}
    for seed in seeds:
        app = make_app(deck, players, seed=seed)
        screens: dict[str, set[str]] = {}

        def record(key: str, text: str) -> None:
            assert_no_pairing(text, NAMES[:players], deck, key)
            screens.setdefault(key, set()).add(normalized(text))

        async with app.run_test(size=SIZE) as pilot:
            hand_overs = iter(range(players + 1))
            await deal(pilot, lambda text: record(f"deal-{next(hand_overs)}", text))
            mark_hand_overs = iter(range(players + 1))
            await night(pilot, random.Random(seed),
                        lambda index, text: record(f"night-{index}", text) if screen_name(app) ==
                        "NightScreen" else record(f"knock-{index}", text), knock=True,
                        on_marks=lambda text: record(f"marks-{next(mark_hand_overs)}", text))
            await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
            record("day", await settled_text(pilot, lambda: public_text(app)))
            await pilot.press("v", "y")  # vote now, after a yes
            await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
            record("vote", await settled_text(pilot, lambda: screen_text(app)))
        for key, texts in screens.items():
            assert len(texts) == 1, f"{key} changed within one game (seed {seed})"
            seen.setdefault(key, {})[seed] = texts
    for key, by_seed in seen.items():
        texts = set().union(*by_seed.values())
        assert len(texts) == 1, f"the {key} screen differs between deals"
        if not key.startswith("knock-"):  # knocking happens only in steps nobody is acting in
            assert len(by_seed) == len(seeds), f"the {key} screen was not shown in every game"
    if name == "vampire":
        assert {f"marks-{i}" for i in range(players + 1)} <= set(seen)


def night_states(setup: Setup, seed: int):
    """For each step of the script: the state when the table reaches it, and the state once every
    actor of that step is done. Answers are random legal ones."""
    rng = random.Random(seed)
    g = new_game(setup, seed)
    out = []
    for index, step in enumerate(g.script):
        before = g
        while (p := pending(g)) is not None and g.phase == "night" and p.step == step.id:
            g = apply(g, rng.choice(p.options))
        out.append((index, before, g))
    return g, out


@pytest.mark.parametrize("name", sorted(DECKS))
async def test_no_deal_shows_through_the_eyes_closed_day_and_vote_screens(name):
    deck = DECKS[name]
    players = len(deck) - 3
    setup = Setup(NAMES[:players], deck)
    reference: dict[str, str] = {}
    app = OneNightApp(quiet_settings(), start=None)
    async with app.run_test(size=SIZE) as pilot:
        for seed in range(6):
            dawn, steps = night_states(setup, seed)
            setup_script = [step.id for step in dawn.script]
            for index, before, after in steps:
                if setup_script[index] == "mark_check":
                    continue  # not an eyes-closed step: its hand-overs are checked through the whole flow
                for moment, state in (("at", before), ("after", after)):
                    if moment == "after" and after is before:
                        continue  # nobody acted in this step
                    put_game(app, state, SavedGame(setup, seed))
                    if screen_name(app) != "NightScreen":
                        app.table.move("night", step=index)
                        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
                    else:
                        app.screen._enter(index, speak=False)  # the step as the table reaches it
                    text = await settled_text(pilot, lambda: screen_text(app))
                    assert_no_pairing(text, setup.players, deck, f"night step {index}")
                    key = f"night-{index}-{moment}"
                    assert normalized(text) == reference.setdefault(key, normalized(text)), \
                        f"seed {seed}: the eyes-closed screen of step {index} ({moment} the actors) differs"
            app.table.game = dawn
            for key in ("day", "vote"):
                app.table.move(key)
                await until(pilot, lambda: screen_name(app) == f"{key.title()}Screen", key)
                text = await settled_text(pilot, lambda: public_text(app))
                assert_no_pairing(text, setup.players, deck, key)
                assert normalized(text) == reference.setdefault(key, normalized(text)), \
                    f"seed {seed}: the {key} screen differs"
