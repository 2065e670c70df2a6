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


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_worker_processes_give_the_same_figures():
    # the batches of ``simulate --jobs`` (parallel.run_parts), parts cut across the decks (a classic deck's too)
    other = table_setup(5, PRESETS["beginner-5"].roles)
    decks = [BASE5, other, _classic(8)]
    assert play_decks(decks, 12, seed=5, jobs=2) == play_decks(decks, 12, seed=5)


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


# -- classic (issue 26: the advisor for the classic ruleset) ------------------------------------------------
def _classic(players: int, deck: tuple[str, ...] | None = None):
    from onenight_core.rulesets.classic.deck import default_classic_deck

    return table_setup(players, deck or default_classic_deck(players), "classic")


CLASSIC8 = _classic(8)  # werewolf×2, seer, witch, hunter, cupid, little girl, villager: the fast path's roles


def test_a_classic_estimate_counts_classic_s_sides_as_simulate_does():
    from onenight_core.play.simulate import batch

    first = estimate(CLASSIC8, 60, seed=2)
    assert first == estimate(CLASSIC8, 60, seed=2) and first != estimate(CLASSIC8, 60, seed=3)
    assert first.village_key == "villagers" and first.village == first.team("villagers").rate
    assert [t.key for t in first.teams][:2] == ["villagers", "werewolves"]  # the village first
    # the same games as ``simulate --ruleset classic``: the same wins per side
    wins = dict(batch(CLASSIC8, 60, 2, "informed").wins)
    assert {t.key: t.wins for t in first.teams if t.wins} == {k: v for k, v in wins.items() if k != "none"}
    data = first.to_json()
    assert data["ruleset"] == "classic" and data["village"] == "villagers" and data["bots"] == "informed"


def test_classic_nearby_decks_follow_classic_s_composition_rules():
    from collections import Counter

    from onenight_core.engine.protocol import validate_setup
    from onenight_core.rulesets.classic.catalog import classic_catalog

    catalog = classic_catalog()
    for village, village_side in ((0.3, True), (0.7, False)):
        near = nearby_decks(CLASSIC8, village)
        assert near
        for _remove, add, swapped in near:
            assert (catalog.side(add) == "villagers") is village_side
            validate_setup(swapped)  # legal: the cards match the seats, a werewolf and another card
            assert all(n == 1 or not catalog.role(r).unique for r, n in Counter(swapped.deck).items())
            assert len(swapped.deck) == 8 and swapped.ruleset == "classic"
    # a village that wins too much gets a werewolf or the piper, never a second seer
    assert {add for _, add, _ in nearby_decks(CLASSIC8, 0.7)} == {"werewolf", "piper"}
    # the one werewolf of a small deck is never swapped away (classic needs one)
    assert all(remove != "werewolf" for remove, _, _ in nearby_decks(_classic(5), 0.3))


def test_classic_suggestions_are_legal_and_move_toward_even(monkeypatch):
    monkeypatch.setattr(balance, "CONFIRMED", 2)
    five = _classic(5)
    now = estimate(five, 80)
    found = suggest(five, now, screen_games=15, confirm_games=80)
    assert found == suggest(five, now, screen_games=15, confirm_games=80)
    for s in found:
        assert s.after.ruleset == "classic"
        assert abs(now.village - 0.5) - abs(s.village_after - 0.5) >= MIN_GAIN


def test_classic_s_own_decks_are_its_presets():
    decks = balance.own_decks("classic")
    assert [n for _, n, _ in decks] == list(range(3, 19))  # 3 to classic's most players
    assert decks[5] == ("classic-8", 8, CLASSIC8.deck)
    assert balance.own_decks("onuw") == () and balance.own_decks("dalbula") == ()


def test_the_claiming_bots_play_as_simulate_plays_them():
    from onenight_core.model.rng import game_seeds
    from onenight_core.play.simulate import game_results

    claiming = estimate(BASE5, 12, bot="claiming")
    assert claiming.bot == "claiming" and claiming.to_json()["bots"] == "claiming"
    results = list(game_results(BASE5, "claiming", game_seeds(0, 12)))
    village_wins = sum(any(r.keys[s] == "village" for s in r.winners) for r in results)
    assert claiming.team("village").wins == village_wins
    assert claiming != estimate(BASE5, 12)  # not the informed bots' figures
    # the swaps are played by the same bots
    found = suggest(BASE5, claiming, screen_games=3, confirm_games=5)
    assert all(s.after.bot == "claiming" for s in found)


def test_a_family_without_the_bot_kind_is_one_clear_error():
    from onenight_core.errors import SetupError

    with pytest.raises(SetupError) as caught:
        estimate(CLASSIC8, 5, bot="chatty")  # (classic has claiming bots since issue 26)
    assert caught.value.said.id == "error_unknown_bot" and "'chatty'" in str(dict(caught.value.said.params))


def test_classic_claiming_bots_are_weighed_too():
    assert estimate(CLASSIC8, 5, bot="claiming").games == 5


def test_batch_sizes_follow_the_cost_of_a_game():
    thief = _classic(8, ("werewolf", "werewolf", "seer", "witch", "thief", "villager", "villager", "villager"))
    # the fast path plays the default decks; a thief is the engine's, ten times slower
    assert balance.game_ms(thief) > 5 * balance.game_ms(CLASSIC8)
    assert balance.game_ms(BASE5, "claiming") > 5 * balance.game_ms(BASE5)
    assert balance.games_within(CLASSIC8, "informed", 600, 200, 1000) == 1000
    assert 200 <= balance.games_within(thief, "informed", 600, 200, 1000) < 1000
    assert balance.games_within(thief, "informed", 1, 200, 1000) == 200  # never fewer than asked
    assert balance.games_within(BASE5, "claiming", 600, 50, 5000) < balance.games_within(BASE5, "informed", 600, 50,
                                                                                          5000)


def test_a_search_budget_keeps_the_cheapest_nearby_decks_and_cuts_their_games(monkeypatch):
    near = nearby_decks(CLASSIC8, 0.3)
    kept = balance._affordable(near, "informed", balance.LEAST_SCREEN, 200.0)
    assert 1 <= len(kept) < len(near)
    cost = {id(d): balance.game_ms(d[2]) for d in near}
    assert max(cost[id(d)] for d in kept) <= min(cost[id(d)] for d in near if d not in kept)
    assert balance._affordable(near, "informed", 15, None) == near
    assert len(balance._affordable(near, "informed", 15, 0.0)) == 1  # at least one
    # the budget sizes the search: fewer games than without it, the same answer twice
    played: list[int] = []
    real = balance.play_decks

    def counting(setups, games, *args, **kwargs):
        played.append(sum(games) if not isinstance(games, int) else games * len(setups))
        return real(setups, games, *args, **kwargs)

    monkeypatch.setattr(balance, "play_decks", counting)
    now = estimate(CLASSIC8, 40)
    played.clear()
    first = suggest(CLASSIC8, now, 30, 100, budget_ms=150.0)
    assert first == suggest(CLASSIC8, now, 30, 100, budget_ms=150.0)
    assert 0 < sum(played[:2]) < len(near) * 30 + balance.CONFIRMED * 100  # what the search plays unbudgeted

