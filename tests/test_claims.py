"""Bots that claim by day (issue 26, core): claims from the claimant's own view, lies that fit,
votes on claims, the truth check, words in four languages, ``simulate --bots claiming``."""

from __future__ import annotations

import pytest

import json

from hypothesis import given, settings, strategies as st

from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.protocol import apply, new_game
from onenight_core.engine.views import view_for
from onenight_core.model.values import Action, Setup
from onenight_core.play.bots import _sides
from onenight_core.play.claims import (Claim, ClaimingBot, available_roles, check_claims, claim_round,
                                       claiming_bots, play_claiming_game)
from onenight_core.play.simulate import play_bot_game, simulate
from onenight_core.catalog.loader import default_catalog

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
PRESET_NAMES = ("base-5", "base-7", "base-10", "daybreak-8", "bonus-5", "vampire-6")


def setup_of(preset: str) -> Setup:
    p = PRESETS[preset]
    return Setup(players=NAMES[:p.players], deck=p.roles)


def to_day(setup: Setup, seed: int) -> tuple[object, list[ClaimingBot]]:
    """The night played by claiming bots, up to the first ballot (no claims yet)."""
    bots = claiming_bots(len(setup.players), seed)
    state = new_game(setup, seed)
    while (prompt := state.prompt) is not None and prompt.kind != "vote":
        option = prompt.options[0] if len(prompt.options) == 1 else bots[prompt.seat].answer(
            view_for(state, prompt.seat))
        state = apply(state, option)
    return state, bots


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 2**32 - 1))
def test_village_claims_are_true_and_lies_fit_the_liars_view(preset, seed):
    setup = setup_of(preset)
    state, bots = to_day(setup, seed)
    roster = view_for(state, 0).public.roster
    sides = _sides(default_catalog())
    claims: list[Claim] = []
    for bot in bots:
        view = view_for(state, bot.seat)
        left = available_roles(bot, view, tuple(claims))  # before it speaks, from its own view
        claim = bot.claim(view, tuple(claims))
        claims.append(claim)
        if not bot.lying:
            continue
        # a lie names a village role of the roster, and one with a copy left by what the liar knows
        # whenever there is one (a Tanner may counter-claim a role claimed before it)
        assert claim.role is None or (claim.role in roster and sides[claim.role] == "village")
        if left and sides.get(bot.own_role()) in ("werewolf", "vampire", "alien", "villain"):
            assert claim.role in left
        assert claim.role != "mason"
    for check, bot in zip(check_claims(state, claims), bots):
        if not bot.lying:
            assert check.verdict == "true", (check, state.dealt)
        assert check.claim.seat == bot.seat


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 2**32 - 1))
def test_same_seed_same_claims_and_votes_and_every_ballot_is_legal(preset, seed):
    setup = setup_of(preset)
    first, claims = play_claiming_game(setup, seed)
    again, claims_again = play_claiming_game(setup, seed)
    assert claims == claims_again and first.votes == again.votes and first.outcome == again.outcome
    assert first.outcome is not None  # every ballot went through the engine's vote prompt
    assert len(claims) == len(setup.players) and [c.seat for c in claims] == list(range(len(setup.players)))
    for seat, ballot in enumerate(first.votes):
        assert ballot is not None and seat not in ballot


def test_the_night_is_the_informed_bots_night():
    """Claiming bots act at night exactly as the informed bots do: only the day differs."""
    from onenight_core.play.bots import play_game

    setup = setup_of("base-10")
    for seed in range(5):
        informed = play_game(setup, seed)
        claiming, _ = play_claiming_game(setup, seed)
        night = [e for e in informed.events if e.step != "vote"]
        assert [e for e in claiming.events if e.step != "vote"] == night and night


def _seed_where(setup: Setup, seat: int, role: str) -> int:
    return next(s for s in range(500) if new_game(setup, s).dealt[seat] == role)


def _play_to_vote(state, choose):
    while (prompt := state.prompt) is not None and prompt.kind != "vote":
        state = apply(state, choose(prompt))
    return state


def test_truth_check_on_hand_built_claims():
    setup = setup_of("base-5")
    seed = _seed_where(setup, 0, "seer")
    looked = Action("look", ("p1",))

    def choose(prompt):
        if prompt.seat == 0 and looked in prompt.options:
            return looked
        return next((o for o in prompt.options if o.verb == "pass"), prompt.options[0])

    state = _play_to_vote(new_game(setup, seed), choose)
    bo = state.dealt[1]
    other = next(r for r in ("villager", "robber", "werewolf") if r != bo)
    claims = (
        Claim(0, "seer", looked, (("p1", bo),)),  # the truth
        Claim(1, other),  # a role Bo was not dealt
        Claim(2, state.dealt[2]),  # the truth, plainly
        Claim(3, "seer", looked, (("p1", bo),)),  # another seat's story: Dee never looked
        Claim(4),  # silence
    )
    checks = check_claims(state, claims)
    assert [c.verdict for c in checks] == ["true", "lie", "true", "lie", "silent"]
    assert checks[0].role_true and checks[0].action_true and checks[0].seen_true == (True,)
    assert checks[3].action_true is False and checks[3].seen_true == (False,)
    wrong_sight = check_claims(state, (Claim(0, "seer", looked, (("p1", other),)),))[0]
    assert wrong_sight.role_true and wrong_sight.action_true and wrong_sight.seen_true == (False,)
    assert wrong_sight.verdict == "lie"


def test_a_claim_that_contradicts_what_a_bot_saw_counts_against_the_claimant():
    """The Seer saw Bo's card; Bo claims another role: the Seer suspects Bo and votes for Bo."""
    setup = Setup(players=NAMES[:5], deck=("werewolf", "werewolf", "seer", "villager", "villager", "robber",
                                           "troublemaker", "drunk"))
    seed = next(s for s in range(500) if new_game(setup, s).dealt[0] == "seer"
                and new_game(setup, s).dealt[1] in ("villager", "robber", "troublemaker", "drunk"))
    bots = claiming_bots(5, seed)
    looked = Action("look", ("p1",))

    def choose(prompt):
        if prompt.seat == 0 and looked in prompt.options:
            bots[0].moves.append(looked)  # (the bot remembers its move, as its ``answer`` does)
            bots[0]._remember(looked)
            return looked
        return next((o for o in prompt.options if o.verb == "pass"), prompt.options[0])

    state = _play_to_vote(new_game(setup, seed), choose)
    bo = state.dealt[1]
    lie = "seer" if bo != "seer" else "villager"
    said = {1: Claim(1, lie)}
    claim_round(state, {0: bots[0]}, said)
    view = view_for(state, 0)
    suspicion = bots[0].suspect(view)
    assert suspicion.target == 1 and suspicion.reason in ("contradicts_seen", "claims_my_role")
    assert bots[0].suspect(view) == suspicion  # asking again gives the same answer
    ballot = bots[0].answer(view) if state.prompt.seat == 0 else None
    if ballot is not None:
        assert ballot == Action("vote", ("p1",))


def test_a_claim_of_the_bots_own_unique_role_counts_against_the_claimant():
    setup = setup_of("base-5")
    seed = _seed_where(setup, 2, "insomniac")
    state, bots = to_day(setup, seed)
    claims = claim_round(state, {2: bots[2]}, {0: Claim(0, "insomniac", None, (("p0", "insomniac"),))})
    if not bots[2].lying:  # (an Insomniac that woke as a werewolf lies instead)
        assert claims[2].role == "insomniac"
        assert bots[2].suspect(view_for(state, 2)).target == 0


def test_simulate_claiming_is_seeded_and_default_results_are_unchanged():
    setup = setup_of("base-5")
    a = simulate(setup, 40, 3, "claiming")
    assert a == simulate(setup, 40, 3, "claiming") and a.bot == "claiming"
    assert play_bot_game(setup, 5, "informed") == __import__("onenight_core.play.bots", fromlist=["x"]).play_game(
        setup, 5)


def test_claims_in_every_language_read_as_sentences():
    from onenight_tui.text.claims import check_text, claim_text, suspicion_text

    for preset in ("base-5", "base-10"):
        setup = setup_of(preset)
        state, bots = to_day(setup, 11)
        claims = claim_round(state, bots)
        for lang in ("en", "ko", "zh", "fr"):
            for claim, check, bot in zip(claims, check_claims(state, claims), bots):
                for line in (claim_text(claim, setup.players, lang), check_text(check, setup.players, lang),
                             suspicion_text(bot.suspect(view_for(state, bot.seat)), setup.players, lang)):
                    assert "{" not in line and "_" not in line and setup.players[claim.seat] in line, line
                    if lang == "ko":  # no particle placeholders (issue 26: neutral Korean for now)
                        assert "(으)" not in line and "(이)" not in line and "을(를)" not in line, line


def test_simulate_command_plays_claiming_bots(capsys):
    from onenight_tui.cli import main

    assert main(["simulate", "--players", "5", "--bots", "claiming", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Claims" in out and ("told the truth" in out or "lied" in out)
    assert main(["simulate", "--players", "5", "--bot", "claiming", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bot"] == "claiming" and len(data["claims"]) == 5
    assert {c["verdict"] for c in data["claims"]} <= {"true", "lie", "silent"}


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_the_claims_benchmark_runs_and_prints_both_bot_kinds():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "claims.py"
    proc = subprocess.run([sys.executable, str(script), "--games", "20", "--presets", "base-5"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "informed" in proc.stdout and "claiming" in proc.stdout and "village" in proc.stdout


def test_claiming_a_role_the_bot_saw_in_the_center_counts_against_the_claimant():
    """The Seer saw the Robber among the center cards; Bo says he is the Robber: the Seer suspects Bo."""
    setup = setup_of("base-5")
    looked = Action("look", ("c0", "c1"))
    for seed in range(500):
        state = new_game(setup, seed)
        if state.dealt[0] == "seer" and "robber" in (state.cards[5].role, state.cards[6].role):
            break
    bots = claiming_bots(5, seed)

    def choose(prompt):
        if prompt.seat == 0 and looked in prompt.options:
            bots[0].moves.append(looked)
            return looked
        return next((o for o in prompt.options if o.verb == "pass"), prompt.options[0])

    state = _play_to_vote(state, choose)
    claim_round(state, {0: bots[0]}, {1: Claim(1, "robber", Action("swap", ("p1", "p2")), (("p1", "villager"),))})
    suspicion = bots[0].suspect(view_for(state, 0))
    if not bots[0].lying:  # (a Seer that saw werewolves in play still tells the truth: it is village)
        assert suspicion.target == 1 and suspicion.reason in ("contradicts_seen", "seen_evil")


def test_dalbula_tables_claim_and_vote_too():
    p = PRESETS["base-7"]
    setup = Setup(players=NAMES[:p.players], deck=p.roles, ruleset="dalbula")
    for seed in range(8):
        state, claims = play_claiming_game(setup, seed)
        assert state.outcome is not None and len(claims) == len(setup.players)
        assert (state, claims) == play_claiming_game(setup, seed)
