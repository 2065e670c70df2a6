"""How each classic night step wakes its players is the ruleset's data (classic.toml ``[[step]] wakes``),
validated by the loader and checked against the game itself: a step where several seats answer in one
night wakes them in turn, a step that teaches a seat it never asked lets its players look."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from onenight_core.errors import CatalogError
from onenight_core.model.rng import stream
from onenight_core.model.values import Setup
from onenight_core.rulesets.classic.catalog import STEP_IDS, Wakes, classic_catalog, parse_catalog
from onenight_core.rulesets.classic.protocol import chance_from_seed, drive, full_deck

CLASSIC_TOML = (Path(__file__).resolve().parents[1] / "classic.toml").read_text(encoding="utf-8")
DECK = ("werewolf", "werewolf", "werewolf", "little_girl", "seer", "witch", "defender", "cupid", "piper",
        "thief", "hunter", "villager", "villager", "elder")


def test_every_step_the_game_calls_has_one_entry():
    catalog = classic_catalog()
    assert set(STEP_IDS) == set(catalog.night_order()) | {"ally", "specter", "full_moon"}  # the event cards' steps
    assert sorted(st.id for st in catalog.steps) == sorted(STEP_IDS)
    assert catalog.step("werewolf").wakes is Wakes.IN_TURN
    assert {s for s in STEP_IDS if catalog.step(s).wakes is Wakes.LOOK} == {"lovers", "charmed", "ally"}


def test_the_night_order_and_its_first_night_steps_are_written_once_in_classic_toml():
    """§4.3: classic.toml's [[step]] order is the night's; a step follows its role's first-night rule."""
    catalog = classic_catalog()
    assert catalog.night_order() == ("thief", "cupid", "lovers", "seer", "defender", "werewolf", "witch",
                                     "piper", "charmed")
    every = {r.id for r in catalog.roles}
    assert catalog.night_steps(every, 1) == catalog.night_order()
    assert catalog.night_steps(every, 2) == ("seer", "defender", "werewolf", "witch", "piper", "charmed")
    # reordering the file reorders the night (nothing else writes it)
    swapped = CLASSIC_TOML.replace('id = "seer"\nwakes', 'id = "TMP"\nwakes').replace(
        'id = "defender"\nwakes', 'id = "seer"\nwakes').replace('id = "TMP"\nwakes', 'id = "defender"\nwakes')
    assert parse_catalog(swapped).night_steps(every, 2)[:2] == ("defender", "seer")


@pytest.mark.parametrize(("old", "new", "words"), [
    ('follows = "cupid"', 'follows = "nobody"', "'follows'"),
    ('follows = "cupid"', 'follows = "lovers"', "'follows'"),
    ('slot = "seer"', 'slot = "lovers"', "follows another step"),
])
def test_a_bad_night_step_is_one_line(old, new, words):
    with pytest.raises(CatalogError) as caught:
        parse_catalog(CLASSIC_TOML.replace(old, new, 1))
    assert words in str(caught.value)


def _night_facts(games: int) -> tuple[dict[str, int], dict[str, set[int]], dict[str, set[int]]]:
    """Over seeded random bot games: the most seats one night step asked in one night, the seats each
    step ever asked, and the seats each step taught something (observations carry their step)."""
    most: dict[str, int] = defaultdict(int)
    asked: dict[str, set[int]] = defaultdict(set)
    taught: dict[str, set[int]] = defaultdict(set)
    for seed in range(games):
        setup = Setup([f"P{i}" for i in range(len(DECK) - 2)], DECK, ruleset="classic",
                      options={"events.enabled": True})
        cards = list(full_deck(setup))
        stream(seed, "deal").shuffle(cards)
        tonight: dict[tuple[int, str], set[int]] = defaultdict(set)
        rng = stream(seed, "bots")

        def answer(b, p):
            if b.phase == "night":
                tonight[b.round, p.step].add(p.seat)
            return rng.choice(p.options)

        board = drive(setup, cards, answer, chance_from_seed(seed))
        game_asked: dict[str, set[int]] = defaultdict(set)
        for (_, step), seats in tonight.items():
            most[step] = max(most[step], len(seats))
            game_asked[step] |= seats
        for o in board.observations:
            if o.step in STEP_IDS and o.seat not in game_asked[o.step]:
                taught[o.step].add(o.seat)  # a seat the step never asked in this game
        for step, seats in game_asked.items():
            asked[step] |= seats
    return most, asked, taught


def test_the_data_matches_what_the_game_does():
    most, asked, taught = _night_facts(40)
    catalog = classic_catalog()
    for step in STEP_IDS:
        wakes = catalog.step(step).wakes
        assert (most[step] > 1) == (wakes is Wakes.IN_TURN), step  # several seats answer in one night
        assert (step in taught) == (wakes is Wakes.LOOK), step  # seats that look without being asked
    assert {"ally", "thief", "cupid", "seer", "defender", "werewolf", "witch", "piper"} <= set(asked)


@pytest.mark.parametrize("change, message", [
    (('wakes = "in_turn"', 'wakes = "together"'), "field 'wakes' must be one of one, in_turn, look"),
    (('id = "charmed"\nwakes = "look"', 'id = "charmed"\nwakes = "look"\nsays = "x"'), "unknown field 'says'"),
    (('id = "charmed"\nwakes = "look"', 'id = "charmed"'), "missing field 'wakes'"),
    (('id = "charmed"', 'id = "sheriff"'), "field 'id' must be one of"),
    (('id = "charmed"', 'id = "lovers"'), "'lovers' is defined twice"),
])
def test_a_malformed_step_is_refused_in_one_line(change, message):
    old, new = change
    assert old in CLASSIC_TOML
    with pytest.raises(CatalogError, match=message) as err:
        parse_catalog(CLASSIC_TOML.replace(old, new))
    assert "\n" not in str(err.value)


def test_a_missing_step_is_refused():
    without = CLASSIC_TOML.replace('[[step]]\nid = "charmed"\nwakes = "look"\nfollows = "piper"\n', "")
    with pytest.raises(CatalogError, match="no \\[\\[step\\]\\] for the night step 'charmed'"):
        parse_catalog(without)
    roles_only = CLASSIC_TOML[:CLASSIC_TOML.index("[[step]]")]
    with pytest.raises(CatalogError, match="no \\[\\[step\\]\\] tables"):
        parse_catalog(roles_only)


def test_the_night_screen_reads_the_data_not_its_own_lists():
    import inspect

    from onenight_tui.tables.classic import calls as classic_night

    source = inspect.getsource(classic_night)
    assert "LOOK_STEPS" not in source and "SHARED_STEPS" not in source and "Wakes." in source
