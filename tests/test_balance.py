"""The deck advisor's core (``onenight_core.play.balance``, issue 26): seeded, deterministic figures,
the Wilson interval, the nearby decks and the swaps toward balance. Plain functions, small batches."""

from __future__ import annotations

import math

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.play import balance
from onenight_core.play.balance import (MIN_GAIN, Stopped, advise, estimate, nearby_decks, play_decks, suggest,
                                        table_setup, wilson)

BASE5 = table_setup(5, PRESETS["base-5"].roles)


def test_wilson_matches_the_formula_and_stays_inside_zero_and_one():
    low, high = wilson(81, 263)
    p, n, z = 81 / 263, 263, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert (low, high) == pytest.approx((centre - half, centre + half))
    assert (round(low, 3), round(high, 3)) == (0.255, 0.366)
    assert wilson(0, 10)[0] == 0.0 and 0 < wilson(0, 10)[1] < 0.35
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(10, 10)[0] > 0.65
    a, b = wilson(5, 10)
    assert a == pytest.approx(1 - b)
    assert wilson(0, 0) == (0.0, 1.0)


def test_an_estimate_is_a_pure_function_of_its_arguments():
    first = estimate(BASE5, 40, seed=3)
    assert first == estimate(BASE5, 40, seed=3)
    assert first != estimate(BASE5, 40, seed=4)
    assert [t.key for t in first.teams] == ["village", "werewolf"]  # the village first
    assert all(t.games == 40 for t in first.teams)
    assert first.village == first.team("village").wins / 40
    data = first.to_json()
    assert data["teams"]["village"]["interval_95"][0] <= data["teams"]["village"]["win_rate"]


def test_every_deck_plays_the_same_seeds():
    # the same deck given twice among others comes out the same: each deck is played with the batch's seeds
    other = table_setup(5, PRESETS["beginner-5"].roles)
    one, two, three = play_decks([BASE5, other, BASE5], 30, seed=1)
    assert one.teams == three.teams and one == estimate(BASE5, 30, seed=1)


def test_stop_and_progress():
    seen: list[tuple[int, int]] = []
    estimate(BASE5, 5, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 5) for i in range(1, 6)]
    with pytest.raises(Stopped):
        estimate(BASE5, 5, progress=None, stop=lambda: len(seen) > 0)


def test_nearby_decks_swap_one_card_in_the_needed_direction():
    catalog = default_catalog()
    low = nearby_decks(BASE5, 0.3)  # the village loses: a village card comes in
    high = nearby_decks(BASE5, 0.7)  # the village wins: a card of another side comes in
    assert low and high
    for near, village_side in ((low, True), (high, False)):
        for remove, add, setup in near:
            assert (catalog[add].team == "village_hero") is village_side
            assert sorted(setup.deck) == sorted([*BASE5.deck[:BASE5.deck.index(remove)],
                                                 *BASE5.deck[BASE5.deck.index(remove) + 1:], add])
            assert catalog[add].edition == "base"  # a base deck draws on the base game's roles
    assert len({tuple(sorted(s.deck)) for _, _, s in low}) == len(low)  # no deck twice


def test_suggestions_move_the_village_toward_even(monkeypatch):
    monkeypatch.setattr(balance, "CONFIRMED", 3)
    now = estimate(BASE5, 200)
    found = suggest(BASE5, now, screen_games=30, confirm_games=200)
    assert found == suggest(BASE5, now, screen_games=30, confirm_games=200)  # deterministic
    assert 1 <= len(found) <= 3
    for s in found:
        assert s.before == now.village
        assert abs(now.village - 0.5) - abs(s.village_after - 0.5) >= MIN_GAIN
        assert s.after == estimate(table_setup(5, s.after.deck), 200)
    assert [abs(s.village_after - 0.5) for s in found] == sorted(abs(s.village_after - 0.5) for s in found)


def test_no_suggestion_without_a_village_side_or_when_even():
    now = estimate(BASE5, 20)
    assert suggest(BASE5, balance.Estimate(5, BASE5.deck, "onuw", 20, 0, ()), 10, 10) == ()
    plain = advise(BASE5, 20, suggestions=False)
    assert plain.suggestions == () and plain.estimate == now


def test_worker_processes_give_the_same_figures():
    # the batches of ``simulate --jobs`` (parallel.run_parts), parts cut across the decks
    other = table_setup(5, PRESETS["beginner-5"].roles)
    assert play_decks([BASE5, other], 12, seed=5, jobs=2) == play_decks([BASE5, other], 12, seed=5)


def test_a_swap_never_adds_a_second_card_of_a_one_card_role():
    """A box has one Seer card: "Troublemaker → Robber" beside a Robber is no deck a table can lay out."""
    from collections import Counter

    from onenight_core.catalog.presets import PRESETS
    from onenight_core.model.values import Setup
    from onenight_core.play.balance import _repeatable, nearby_decks

    preset = PRESETS["base-6"]
    setup = Setup(tuple(f"P{i}" for i in range(preset.players)), tuple(preset.roles))
    for village in (0.2, 0.8):
        decks = nearby_decks(setup, village)
        assert decks
        for _out, add, swapped in decks:
            counts = Counter(swapped.deck)
            assert counts[add] == 1 or add in _repeatable(), (add, swapped.deck)
