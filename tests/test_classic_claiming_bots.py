"""Classic bots that claim against each other (issue 26): ``simulate --ruleset classic --bots claiming`` plays
whole games of ``play.classic_claims``' table bots, every seat a bot, through the one loop."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from onenight_core.errors import SetupError
from onenight_core.model.game import drive
from onenight_core.model.values import Setup
from onenight_core.play import classic_claims
from onenight_core.play.batch.classic import ClassicResult, covers
from onenight_core.play.classic_batch import results
from onenight_core.play.classic_claims import ClassicTableBots, claiming_bots, play_claiming_game
from onenight_core.play.policies import answers_for, check_bot
from onenight_core.play.simulate import batch
from onenight_core.rulesets.classic.deck import default_classic_deck
from onenight_core.rulesets.classic.rules import CLASSIC_RULES


def _setup(players: int = 9) -> Setup:
    return Setup(players=tuple(f"P{i}" for i in range(players)), deck=default_classic_deck(players),
                 ruleset="classic")


def test_classic_has_claiming_bots():
    check_bot(_setup(), "claiming")  # no longer refused
    assert "claiming" in classic_claims.KINDS
    with pytest.raises(SetupError):
        check_bot(_setup(), "chatty")


def test_the_same_seed_gives_the_same_game_and_claims():
    a, b = play_claiming_game(_setup(), 11), play_claiming_game(_setup(), 11)
    assert a[0].inputs == b[0].inputs and a[1] == b[1] and a[2] == b[2]
    assert a[0].inputs != play_claiming_game(_setup(), 12)[0].inputs


def test_the_policy_answers_are_the_claiming_game():
    setup = _setup()
    game = drive(CLASSIC_RULES, CLASSIC_RULES.new_game(setup, 5), answers_for(setup, 5, "claiming"))
    assert game.inputs == play_claiming_game(setup, 5)[0].inputs


def test_claims_are_made_every_day_and_checked():
    setup = _setup()
    lies = truths = 0
    for seed in range(12):
        game, claims, checks = play_claiming_game(setup, seed)
        b = game.board
        assert claims and checks
        days = {c.round for c in claims}
        assert 1 in days and days <= set(range(1, b.round + 1))
        for c in claims:  # a claim a day per living bot: never twice a day
            assert sum(1 for d in claims if (d.seat, d.round) == (c.seat, c.round)) == 1
        for k in checks:  # the werewolves lie (a village card), the village tells the truth
            if game.deal[k.seat] == "werewolf":
                assert k.lied
                lies += 1
            elif b.side(k.seat) == "villagers":  # (not a villager an event card turned)
                assert not k.lied
                truths += 1
        assert checks == classic_claims.check(b, game.deal, claims)
    assert lies and truths


def test_claims_and_votes_follow_the_table_bots():
    # the answering function is the table's bots with every seat a bot (the logic is not copied)
    bots, answer = claiming_bots(_setup(), 3)
    assert isinstance(bots, ClassicTableBots) and bots.seats == frozenset(range(9))
    game = drive(CLASSIC_RULES, CLASSIC_RULES.new_game(_setup(), 3), answer)
    assert tuple(bots.claims) == play_claiming_game(_setup(), 3)[1]
    assert bots.pointings  # the ballots were pointed as at the table
    assert game.board.winning_side is not None or game.board.reason


def test_the_batch_plays_them_on_the_engine_game_for_game():
    setup = _setup()
    assert not covers(setup, "claiming")  # never the fast path: the engine, cleanly
    seeds = [3, 99, 12345]
    assert list(results(setup, "claiming", seeds)) == [ClassicResult.of(play_claiming_game(setup, s)[0].board)
                                                       for s in seeds]


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_jobs_1_and_2_give_the_same_figures():
    setup = _setup(8)
    one, two = batch(setup, 24, 7, "claiming", jobs=1), batch(setup, 24, 7, "claiming", jobs=2)
    assert one == two and one.games == 24 and one.bot == "claiming"


def test_claiming_bots_win_differently_from_the_informed():
    setup = _setup()
    assert batch(setup, 40, 0, "claiming").wins != batch(setup, 40, 0, "informed").wins


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(5, 14))
def test_every_game_ends_with_legal_answers(seed, players):
    setup = _setup(players)
    bots, answer = claiming_bots(setup, seed)
    g = CLASSIC_RULES.new_game(setup, seed)
    while (p := CLASSIC_RULES.pending(g)) is not None:
        a = answer(g, p)
        assert a in p.options
        g = CLASSIC_RULES.apply(g, a)
    assert CLASSIC_RULES.is_over(g)
    assert all(c.seat in range(players) for c in bots.claims)


def test_simulate_tells_the_claims_and_the_verdicts(capsys):
    from onenight_tui.cli import main

    assert main(["simulate", "--ruleset", "classic", "--players", "9", "--bot", "claiming", "--seed", "4",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Claims" in out and "Day 1 — " in out and " lied: “I am " in out and " told the truth: “" in out
    assert main(["simulate", "--ruleset", "classic", "--players", "9", "--bot", "claiming", "--seed", "4",
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    verdicts = {c["verdict"] for c in record["claims"]}
    assert verdicts == {"true", "lie"} and all(c["said"] for c in record["claims"])


def test_simulate_games_plays_classic_claiming_bots(capsys):
    from onenight_tui.cli import main

    assert main(["simulate", "--ruleset", "classic", "--players", "9", "--bot", "claiming", "--games", "20",
                 "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["games"] == 20 and record["bot"] == "claiming"


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_the_claims_benchmark_prints_classic_beside_one_night():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "claims.py"
    proc = subprocess.run([sys.executable, str(script), "--games", "10", "--presets", "base-5", "--classic", "9"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert any(line.startswith("base-5 ") for line in lines)
    assert any(line.startswith("classic-9 ") and "villagers" in line for line in lines)
    assert any(line.startswith("classic-9 ") and "werewolves" in line for line in lines)
    bad = subprocess.run([sys.executable, str(script), "--classic", "two"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "--classic" in bad.stderr


# -- richer claims: the Defender's protections, the Witch's potions -----------------------------------------

DEEDS_DECK = ("werewolf", "werewolf", "seer", "witch", "defender", "little_girl", "cupid", "villager", "villager",
              "hunter")


def _deeds_setup() -> Setup:
    return Setup(players=tuple(f"P{i}" for i in range(10)), deck=DEEDS_DECK, ruleset="classic")


@functools.cache
def _deeds_game(seed: int):
    """One seeded claiming game of the deeds deck, played once for the three tests that read seeds 0..79
    (the game, its claims and checks are frozen values)."""
    return play_claiming_game(_deeds_setup(), seed)


def test_a_village_defender_and_witch_tell_what_they_did_every_night():
    told = set()
    for seed in range(25):
        game, claims, checks = _deeds_game(seed)
        for c in claims:
            if game.deal[c.seat] in ("defender", "witch") and game.board.side(c.seat) == "villagers":
                assert c.role == game.deal[c.seat]
                assert set(c.deeds) <= set(classic_claims.deeds_done(game.board, c.seat))
                assert [d for d in classic_claims.deeds_done(game.board, c.seat) if d[0] <= c.round] == list(c.deeds)
                told |= {verb for _n, verb, _t in c.deeds}
            if c.role not in ("defender", "witch", "little_girl"):
                assert c.deeds == ()
    assert told >= {"protect", "save"}


def test_a_false_defender_or_witch_lies_consistently_with_the_table():
    fakes = 0
    for seed in range(60):
        game, claims, checks = _deeds_game(seed)
        b = game.board
        lied = {k.seat: k.lied for k in checks}
        quiet = classic_claims._quiet_nights(b)
        for c in claims:
            if game.deal[c.seat] != "werewolf" or c.role not in ("defender", "witch"):
                continue
            fakes += 1
            assert lied[c.seat]
            nights = [n for n, _v, _t in c.deeds]
            assert nights == sorted(set(nights)) and all(1 <= n <= c.round for n in nights)
            if c.role == "witch":  # a save on a quiet night, of the pack's victim, once; never a poison
                assert [v for _n, v, _t in c.deeds] in ([], ["save"])
                assert all(quiet.get(n) == t for n, _v, t in c.deeds)
            else:  # never the same player two nights running, never one the werewolves killed that night
                assert all(a[2] != b_[2] for a, b_ in zip(c.deeds, c.deeds[1:]) if b_[0] == a[0] + 1)
                assert c.seat not in {t for _n, _v, t in c.deeds}
        # a liar's later claims keep the earlier ones: its story never changes
        for c in claims:
            if game.deal[c.seat] == "werewolf":
                later = [d for d in claims if d.seat == c.seat and d.round > c.round]
                assert all(d.deeds[:len(c.deeds)] == c.deeds and d.role == c.role for d in later)
    assert fakes


def test_a_made_up_deed_is_checked_as_a_lie():
    setup = _deeds_setup()
    game, claims, checks = play_claiming_game(setup, 0)
    b = game.board
    defender = next(s for s in range(10) if game.deal[s] == "defender")
    true = [c for c in claims if c.seat == defender]
    assert true and not classic_claims.check(b, game.deal, true)[0].lied
    real = true[-1]
    wrong = (1, "protect", next(t for t in range(10) if (1, "protect", t) not in real.deeds))
    from attrs import evolve

    fake = evolve(real, deeds=(wrong,))
    assert classic_claims.check(b, game.deal, [fake])[0].lied


@pytest.mark.parametrize(("lang", "protect", "save"), [
    ("en", "On night 1 I protected P1.", "On night 2 I saved P3 with my life potion."),
    ("ko", "1번째 밤에 P1 님을 지켰습니다.", "2번째 밤에 생명의 물약으로 P3 님을 살렸습니다."),
    ("zh", "第1晚我守护了P1。", "第2晚我用解药救了P3。"),
    ("fr", "La nuit 1, j'ai protégé P1.", "La nuit 2, j'ai sauvé P3 avec ma potion de vie."),
])
def test_deeds_are_worded_in_every_language(lang, protect, save):
    from onenight_tui.text.classic_words import ClassicWords
    from onenight_tui.text.classic_claims import claim_part, claim_text, deeds_part

    w = ClassicWords([f"P{i}" for i in range(5)], lang)
    claim = classic_claims.ClassicClaim(0, 2, "witch", deeds=((1, "protect", 1), (2, "save", 3)))
    said = deeds_part(claim, w)
    assert protect in said and save in said
    for verb in ("poison", "spied"):
        other = deeds_part(classic_claims.ClassicClaim(0, 2, "witch", deeds=((2, verb, 4),)), w)
        assert "P4" in other and "{" not in other and "2" in other
    whole = claim_part(claim, w)  # what the table's day and end screens and simulate say
    card_only = claim_part(classic_claims.ClassicClaim(0, 2, "witch"), w)
    assert whole.startswith(card_only) and whole.endswith(said) and whole.count(protect) == 1
    assert said in claim_text(claim, w) and "P0" in claim_text(claim, w)


def test_simulate_json_has_the_deeds(capsys):
    from onenight_tui.cli import main

    assert main(["simulate", "--ruleset", "classic", "--players", "10", "--roles", ",".join(DEEDS_DECK),
                 "--bot", "claiming", "--seed", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    told = [c for c in record["claims"] if c["deeds"]]
    assert told and all(c["role"] in ("defender", "witch") for c in told)
    assert any("protected" in c["said"] for c in told)


def test_the_advisor_sizes_classic_claiming_batches_for_their_cost():
    from onenight_core.play.balance import games_within

    setup = _setup()  # about 1 ms a seat on the engine (benchmarks/claims.py): a 1.5 s budget, ~140 games
    assert games_within(setup, "claiming", 1500, 50, 2000) <= 1500 / (1.0 * 9)


def test_a_little_girl_tells_the_werewolves_she_saw_and_the_village_believes_her():
    seen = 0
    for seed in range(80):
        game, claims, checks = _deeds_game(seed)
        b = game.board
        for c in claims:
            spied = [t for _n, verb, t in c.deeds if verb == "spied"]
            if not spied:
                continue
            seen += 1
            assert c.role == "little_girl" and game.deal[c.seat] == "little_girl"
            assert all(b.roles[t] == "werewolf" for t in spied)
            assert not next(k for k in checks if k.seat == c.seat).lied
        if seen:
            break
    assert seen
    # a village bot who hears her accuses the werewolf she names
    girl = next(c for c in claims if any(v == "spied" for _n, v, _t in c.deeds))
    wolf = next(t for _n, v, t in girl.deeds if v == "spied")
    from attrs import evolve

    board = evolve(b, alive=tuple(True for _ in b.roles), observations=(), public=(), round=girl.round)
    listener = next(s for s in range(10) if s not in (girl.seat, wolf) and board.side(s) == "villagers"
                    and not classic_claims.known_wolves(board, s))
    said = classic_claims.suspect(board, 0, listener, [girl])
    assert (said.target, said.reason) == (wolf, "accused")


def test_every_deed_verb_has_its_sentence():
    from onenight_core.play.classic_claims import DEED_VERBS
    from onenight_tui.text.classic_claims import DEEDS

    assert {verb for verbs in DEED_VERBS.values() for verb in verbs} == set(DEEDS)
