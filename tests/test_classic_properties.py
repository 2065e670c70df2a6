"""Hypothesis properties of the classic engine: every game ends; the same seed gives the same game; the
living never grow; a pending prompt always has a legal answer; the dead never vote; boards are values
(never mutated); a side wins only when resolution.md §4.7 says so; the protocol and the one-pass driver
play the same game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onenight_core.model.kinds import PromptKind
from onenight_core.model.rng import stream
from onenight_core.model.values import Setup
from onenight_core.rulesets.classic.board import side_of
from onenight_core.play.simulate import play_bot_game as play_game_of_any_ruleset
from onenight_core.rulesets.classic.bots import random_answers
from onenight_core.rulesets.classic.options import CLASSIC_OPTIONS
from onenight_core.rulesets.classic.protocol import (
    apply,
    chance_from_seed,
    drive,
    full_deck,
    new_game,
    outcome,
    pending,
)


def play_bot_game(setup, seed, bot="random"):
    """A whole classic bot game's board, through the one loop (``play.simulate.play_bot_game``)."""
    return play_game_of_any_ruleset(setup, seed, bot).board

SPECIALS = ["seer", "witch", "hunter", "cupid", "little_girl", "thief", "village_idiot", "elder", "scapegoat",
            "defender", "piper"]


@st.composite
def setups(draw):
    n = draw(st.integers(3, 11))
    wolves = draw(st.integers(1, max(1, n // 3)))
    specials = draw(st.lists(st.sampled_from(SPECIALS), unique=True, max_size=n - wolves))
    deck = ["werewolf"] * wolves + specials + ["villager"] * (n - wolves - len(specials))
    options = {}
    for spec in CLASSIC_OPTIONS.specs:
        if not draw(st.booleans()):
            continue
        if spec.kind == "bool":
            options[spec.name] = draw(st.booleans())
        elif spec.kind == "int":
            options[spec.name] = draw(st.integers(spec.low, min(spec.high, 3)))
        else:
            options[spec.name] = draw(st.sampled_from(spec.choices))
    return Setup(players=[f"P{i}" for i in range(n)], deck=deck, ruleset="classic", options=options)


def expected_victory(b, setup) -> bool:
    """§4.7 read independently: is the declared result the first matching rule?"""
    living = b.living()
    wolves = [s for s in living if side_of(b.roles[s]) == "werewolves"]
    others = [s for s in living if side_of(b.roles[s]) != "werewolves" and s not in b.allies]  # §4.2 allies
    if b.reason == "nobody_alive":
        return not living
    if b.winning_side == "lovers":
        return set(living) == set(b.lovers) and b.mixed_couple()
    if b.winning_side == "piper":
        return any(b.roles[s] == "piper" for s in living) and \
            all(s in b.charmed for s in living if b.roles[s] != "piper")
    if b.winning_side == "werewolves":
        parity = setup.option("werewolves.win_rule") == "parity"
        return (wolves or b.allies) and (not others or (parity and len(wolves) >= len(others)))
    if b.winning_side == "villagers":
        return others and not wolves
    return b.reason == "round_limit"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.integers(0, 2**32 - 1))
def test_every_bot_game_ends_by_the_rules(setup, seed):
    boards = []
    bot = random_answers(seed)

    def answer(board, prompt):
        assert prompt.options, "a pending prompt always has a legal answer"
        if prompt.kind == PromptKind.VOTE:
            assert board.alive[prompt.seat], "the dead never vote"
        if boards:
            # the living never grow — but for the Miracle event card, which brings the night's victim back
            revived = {dict(p.params)["seat"] for p in board.public if p.id == "miracle"}
            assert set(board.living()) - set(boards[-1][1]) <= revived, "the living never grow"
        boards.append((board, board.living(), hash(board)))
        return bot(board, prompt)

    cards = list(full_deck(setup))
    stream(seed, "deal").shuffle(cards)
    final = drive(setup, cards, answer, chance_from_seed(seed))
    assert final.phase == "over"
    assert expected_victory(final, setup), (final.winning_side, final.reason, final.living())
    side = final.winning_side
    if side in ("werewolves", "villagers"):
        mixed = set(final.lovers) if final.mixed_couple() else set()
        side_seats = {s for s in range(final.players) if side_of(final.roles[s]) == side} - mixed
        # a werewolf ally (event card) wins if and only if the werewolves win (§4.2, A-C17)
        expected = side_seats | set(final.allies) if side == "werewolves" else side_seats - set(final.allies)
        assert set(final.winners) == expected
    # boards are values: an earlier board is unchanged by everything that came after
    for board, living, digest in boards:
        assert board.living() == living and hash(board) == digest


@settings(max_examples=40, deadline=None)
@given(setups(), st.integers(0, 2**32 - 1))
def test_same_seed_same_game(setup, seed):
    assert play_bot_game(setup, seed) == play_bot_game(setup, seed)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.integers(0, 2**32 - 1))
def test_the_protocol_plays_the_same_game_as_the_driver(setup, seed):
    bot = random_answers(seed)
    game = new_game(setup, seed)
    steps = 0
    while (prompt := pending(game)) is not None:
        before = game
        game = apply(game, bot(game.board, prompt))
        assert before.inputs == game.inputs[:len(before.inputs)]  # the old state is untouched
        steps += 1
    result = outcome(game)
    assert result is not None and result.winners == game.board.winners
    cards = list(game.deal)
    again = drive(setup, cards, random_answers(seed), chance_from_seed(seed))
    assert again == game.board


def test_a_board_cannot_be_changed_in_place():
    import attrs
    import pytest
    board = play_bot_game(Setup(players=["a", "b", "c", "d"], deck=["werewolf", "seer", "villager", "villager"],
                                ruleset="classic"), 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        board.alive = ()


@settings(max_examples=40, deadline=None)
@given(setups(), st.integers(0, 2**32 - 1))
def test_every_slot_of_the_composition_is_called_every_night_dead_or_alive(setup, seed):
    """A-C15: the steps the table hears depend on the deck only, never on who holds what or who lives."""
    from onenight_core.rulesets.classic.catalog import classic_catalog

    catalog = classic_catalog()
    NIGHT_SLOTS = catalog.night_order()
    FIRST_NIGHT_SLOTS = {s for s in NIGHT_SLOTS if catalog.step_card(s).first_night_only}
    _SLOT_CARD = {s: catalog.step_card(s).id for s in NIGHT_SLOTS}

    board = play_bot_game(setup, seed)
    deck = set(full_deck(setup))
    for night in range(1, board.round + 1):
        called = [p.id for p in board.public if p.kind == "step" and ("round", night) in p.params
                  and p.id in NIGHT_SLOTS]
        expected = [s for s in NIGHT_SLOTS if _SLOT_CARD[s] in deck and (night == 1 or s not in FIRST_NIGHT_SLOTS)]
        assert called == expected  # every night played is called in full before its dawn


# The day's ballots (an event card's immediate second vote too: Enthusiasm and Dissatisfaction hold one after
# the day's result), which follow the day, not the deal.
DAY_VOTES = ("election", "vote", "revote", "runoff", "tie_break", "second_vote",
             "nightmare", "great_distrust", "punishment",
             "executioner_election")  # (New Moon's Executioner card: a public election by day)


@settings(max_examples=40, deadline=None)
@given(setups(), st.integers(0, 2**32 - 1))
def test_the_public_record_names_no_card_but_the_revealed_dead(setup, seed):
    """Privacy: the table hears roles only in death announcements, and not at all without
    reveal_role_on_death — or, once the Somnambulism event card is turned, the card the Seer saw (the card's
    rule), never whom she looked at; the night steps called are the same whoever holds the cards."""
    board = play_bot_game(setup, seed)
    reveal = setup.option("reveal_role_on_death")
    for event in board.public:
        params = dict(event.params)
        if "role" in params:
            somnambulism = event.id == "somnambulism" and set(params) == {"role"}
            assert (event.id == "death" and reveal) or somnambulism
    other = play_bot_game(setup, seed + 1)  # another deal of the same deck
    steps = [p for p in board.public if p.kind == "step" and ("round", 1) in p.params and p.id != "discussion"]
    steps_other = [p for p in other.public if p.kind == "step" and ("round", 1) in p.params and p.id != "discussion"]
    night = [p.id for p in steps if p.id not in DAY_VOTES]
    night_other = [p.id for p in steps_other if p.id not in DAY_VOTES]
    assert night == night_other


def test_public_view_shows_seats_not_roles():
    from onenight_core.rulesets.classic.protocol import public_view
    game = new_game(Setup(players=["a", "b", "c", "d"], deck=["werewolf", "seer", "villager", "villager"],
                          ruleset="classic"), 4)
    view = public_view(game)
    assert view.turn == pending(game).seat and view.living == (0, 1, 2, 3)
    assert all("role" not in dict(p.params) for p in view.public)


def test_informed_werewolves_never_name_their_pack_by_day():
    setup = Setup(players=[f"P{i}" for i in range(8)], ruleset="classic",
                  deck=["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "villager"])
    ballots = 0
    for seed in range(60):
        board = play_bot_game(setup, seed, "informed")
        for e in board.events:
            if e.kind == "vote" and e.action is not None and e.action.verb == "vote" \
                    and side_of(board.roles[e.seat]) == "werewolves":
                ballots += 1
                assert side_of(board.roles[int(e.action.targets[0][1:])]) != "werewolves"
    assert ballots > 0
    assert play_bot_game(setup, 7, "informed") == play_bot_game(setup, 7, "informed")
