"""Properties of the engine with the Daybreak and Bonus roles in play (Hypothesis).

Random decks (base roles mixed with every Daybreak and Bonus role, Alpha Wolves with their center
werewolf cards), random seeds and random answers. After every transition:
* cards are conserved: every card once, the deck's roles exactly;
* a shielded card never moves, is never viewed or flipped, never gets an artifact (roles.md §1.1), and
  shields are never lifted;
* artifacts are conserved: the drawn ones are the top of the seeded stack, each on at most one player;
* a face-up card stays face up;
* the pending prompt always has legal answers, and every one of them is accepted;
and every game ends, and the same seed with the same answers gives the same game.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from onenight_core import CardView, Setup, apply, new_game, pending
from onenight_core.rulesets.onuw.artifacts import ArtifactView, artifact_pool
from onenight_core.rulesets.onuw.roles.base import group_roles

from conftest import assert_replays_the_same, names

EXPANSION = ("sentinel", "alpha_wolf", "mystic_wolf", "dream_wolf", "apprentice_seer",
             "paranormal_investigator", "witch", "village_idiot", "revealer", "curator", "bodyguard",
             "prince", "cursed", "aura_seer", "apprentice_tanner", "thing", "squire", "beholder")
BASE = ("doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker", "drunk", "insomniac",
        "villager", "hunter", "tanner")
# Super Villains and Bonus 3-4 (issue 12, the villains' part): a Temptress adds an extra villain card,
# drawn at set-up, after the center (the table holds the deck and those extras).
SUPER_VILLAINS = ("villainous_temptress", "dr_peeker", "rapscallion", "henchman_7", "evilometer", "mirror_man",
                  "mad_scientist", "intern", "annoying_lad", "nostradamus", "detector", "role_retriever",
                  "switcheroo", "self_awareness_girl", "flipper", "voodoo_lou", "innocent_bystander",
                  "the_sponge", "ricochet_rhino", "defender_er", "windy_wendy")
EXTRA_VILLAINS = ("dr_peeker", "rapscallion", "henchman_7")
CENTER_WOLVES = ("werewolf", "dream_wolf", "mystic_wolf")
MAX_PROMPTS = 400


@st.composite
def decks(draw) -> tuple[int, tuple[str, ...]]:
    players = draw(st.integers(3, 9))
    # the shield, the artifacts and the copies interact with everything: put them in often
    roles = [role for role in ("sentinel", "curator", "doppelganger") if draw(st.booleans())]
    pool = EXPANSION + EXPANSION + BASE + SUPER_VILLAINS
    roles += draw(st.lists(st.sampled_from(pool), min_size=players + 3 - len(roles),
                           max_size=players + 3 - len(roles)))
    roles += [draw(st.sampled_from(CENTER_WOLVES)) for _ in range(roles.count("alpha_wolf"))]
    return players, tuple(roles)


def play_randomly(players: int, deck: tuple[str, ...], seed: int, choices: int):
    """Play a whole game answering at random; check the invariants after every transition."""
    g = new_game(Setup(names(players), deck), seed)
    n = players
    wolves = group_roles("werewolves")
    for k in range(deck.count("alpha_wolf")):  # the center werewolf cards lie beside the center
        assert g.cards[n + 3 + k].role in wolves
    extras = [c.role for c in g.cards[len(deck):]]  # the Temptresses' extra villains, one each
    assert len(extras) == deck.count("villainous_temptress") and set(extras) <= set(EXTRA_VILLAINS)
    table = Counter(deck) + Counter(extras)
    rnd = random.Random(choices)
    pool = artifact_pool(seed)
    shielded: dict[int, tuple[int, bool, int]] = {}  # index -> (card id, face up, observations then)
    face_up: set[int] = set()
    answers = []
    for _ in range(MAX_PROMPTS):
        p = pending(g)
        if p is None:
            break
        assert p.options and len(set(p.options)) == len(p.options)
        for option in p.options:  # every offered answer is legal
            apply(g, option)
        answer = rnd.choice(p.options)
        answers.append(answer)
        g = apply(g, answer)

        # cards conserved
        assert sorted(c.id for c in g.cards) == list(range(len(deck) + len(extras)))
        assert Counter(c.role for c in g.cards) == table
        # shields: never lifted, the card never moves, flips or is viewed once shielded
        assert set(shielded) <= g.shields
        for index in g.shields - set(shielded):
            assert index < n  # only player cards are shielded
            shielded[index] = (g.cards[index].id, g.cards[index].face_up, len(g.observations))
        for index, (card, up, since) in shielded.items():
            assert g.cards[index].id == card and g.cards[index].face_up == up
            pos = g.pos(index)
            assert not [o for o in g.observations[since:] if isinstance(o, CardView) and o.pos == pos]
        # artifacts: the top of the stack, each on one player at most, never on a shielded card
        drawn = g.facts.artifacts_drawn
        held = [a for a in g.artifacts if a is not None]
        assert sorted(held) == sorted(pool[:drawn]) and len(set(held)) == len(held)
        assert not any(g.artifacts[s] is not None for s in g.shields)
        for o in g.observations:
            if isinstance(o, ArtifactView):
                assert g.artifacts[o.seat] == o.artifact
        # face-up cards stay face up
        now_up = {c.id for c in g.cards if c.face_up}
        assert face_up <= now_up
        face_up = now_up
    assert pending(g) is None and g.phase == "over" and g.outcome is not None, "the game did not end"
    return g, answers


@settings(max_examples=300, deadline=None)
@given(decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_random_games_keep_the_invariants_and_end(table, seed, choices):
    players, deck = table
    play_randomly(players, deck, seed, choices)


@settings(max_examples=40, deadline=None)
@given(decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_same_seed_and_answers_give_the_same_game(table, seed, choices):
    players, deck = table
    first, answers = play_randomly(players, deck, seed, choices)
    assert_replays_the_same(first, Setup(names(players), deck), seed, answers)


# -- the Alien expansion (issue 12): the aliens' instruction, the Oracle, the Cow, Groob and Zerb, the Body
# Snatcher, the Leader and the ripple, with the base and Daybreak roles (the shield, the copies) -------------

ALIEN_ROLES = ("alien", "alien", "synthetic_alien", "cow", "groob", "zerb", "body_snatcher", "leader", "oracle")
ALIEN_INSTRUCTIONS = ("view_each", "view_together", "stare", "pass_left", "pass_right", "show")
RIPPLES = ("repeat_night", "insomniac", "silence", "troublemaker", "robber", "witch", "view_one", "view_two",
           "reveal", "pair_view", "swap_shuffle", "drunk", "dealer_vote", "none")


@st.composite
def alien_decks(draw) -> tuple[int, tuple[str, ...], dict[str, str]]:
    """A deck with at least one alien-class card, and (sometimes) the alien instruction and the ripple
    pinned, so that every instruction and every ripple is played often."""
    players = draw(st.integers(3, 9))
    roles = [draw(st.sampled_from(("alien", "groob", "zerb", "body_snatcher", "synthetic_alien")))]
    roles += [role for role in ("sentinel", "doppelganger", "copycat") if draw(st.booleans())]
    roles += draw(st.lists(st.sampled_from(ALIEN_ROLES * 2 + EXPANSION + BASE + ("vampire",)),
                           min_size=players + 3 - len(roles), max_size=players + 3 - len(roles)))
    roles += [draw(st.sampled_from(CENTER_WOLVES)) for _ in range(roles.count("alpha_wolf"))]
    pins = {}
    if draw(st.booleans()):
        pins["alien"] = draw(st.sampled_from(ALIEN_INSTRUCTIONS))
    if draw(st.booleans()):
        ripple = draw(st.sampled_from(RIPPLES))
        if ripple != "none" or "oracle" not in roles:  # "none" cannot follow the Oracle's "ripple: yes"
            pins["ripple"] = ripple
    return players, tuple(roles), pins


def play_alien_game(players: int, deck: tuple[str, ...], pins: dict[str, str], seed: int, choices: int):
    """A whole game answered at random: cards conserved, shielded cards never move, every offered answer
    is legal, the game ends."""
    g = new_game(Setup(names(players), deck, draws=pins), seed)
    rnd = random.Random(choices)
    answers = []
    shielded: dict[int, int] = {}
    for _ in range(MAX_PROMPTS * 2):  # a repeated night doubles the prompts
        p = pending(g)
        if p is None:
            break
        assert p.options and len(set(p.options)) == len(p.options)
        for option in p.options:
            apply(g, option)
        answer = rnd.choice(p.options)
        answers.append(answer)
        g = apply(g, answer)
        assert sorted(c.id for c in g.cards) == list(range(len(deck)))
        assert Counter(c.role for c in g.cards) == Counter(deck)
        for index in g.shields - set(shielded):
            shielded[index] = g.cards[index].id
        for index, card in shielded.items():
            assert g.cards[index].id == card
    assert pending(g) is None and g.phase == "over" and g.outcome is not None, "the game did not end"
    return g, answers


@settings(max_examples=300, deadline=None)
@given(alien_decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_alien_games_keep_the_invariants_and_end(table, seed, choices):
    players, deck, pins = table
    play_alien_game(players, deck, pins, seed, choices)


@settings(max_examples=40, deadline=None)
@given(alien_decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_alien_games_same_seed_and_answers_give_the_same_game(table, seed, choices):
    players, deck, pins = table
    first, answers = play_alien_game(players, deck, pins, seed, choices)
    assert_replays_the_same(first, Setup(names(players), deck, draws=pins), seed, answers,
                            also=("drawn", "public", "outcome"))


# -- every role of issue 12 together: the random-instruction roles (Psychic, Rascal, Exposer, Mortician,
# Blob, Family Man, Empath) with the aliens, the Super Villains, Bonus 3-4 and the base roles -------------

RANDOM_ROLES = ("psychic", "rascal", "exposer", "mortician", "blob", "family_man", "empath")
RANDOM_PINS = {
    "rascal": ("witch", "troublemaker", "robber"),
    "rascal_id": ("higher", "lower"),  # in both ID-3 and ID-TM
    "psychic_id": ("neighbours", "even", "odd", "higher", "lower"),
    "exposer": (1, 2, 3),
    "mortician": (0, 1, 2),
    "mortician_id": ("choice", "left", "right"),
    "empath_id": ("even", "odd", "everyone"),
    "dg_rascal": ("witch", "troublemaker", "robber"),
    "dg_exposer": (1, 2, 3),
}


@st.composite
def issue12_decks(draw) -> tuple[int, tuple[str, ...], dict[str, object]]:
    """A deck drawn from every role of issue 12 (and the base roles), with some draws pinned so that
    every instruction is played often."""
    players = draw(st.integers(3, 10))
    roles = [draw(st.sampled_from(RANDOM_ROLES))]
    roles += [role for role in ("sentinel", "doppelganger", "copycat") if draw(st.booleans())]
    pool = RANDOM_ROLES * 3 + ALIEN_ROLES + SUPER_VILLAINS + BASE
    roles += draw(st.lists(st.sampled_from(pool), min_size=players + 3 - len(roles),
                           max_size=players + 3 - len(roles)))
    pins: dict[str, object] = {}
    for key, values in RANDOM_PINS.items():
        if draw(st.booleans()):
            pins[key] = draw(st.sampled_from(values))
    return players, tuple(roles), pins


def play_issue12_game(players: int, deck: tuple[str, ...], pins: dict[str, object], seed: int, choices: int):
    """A whole game answered at random: cards conserved (the Temptresses' extra villains included), a
    face-up card stays face up, every offered answer is legal, the game ends; at dawn every Blob and Family
    Man card in play has its members."""
    g = new_game(Setup(names(players), deck, draws=pins), seed)
    table = Counter(c.role for c in g.cards)
    assert Counter(deck) <= table
    rnd = random.Random(choices)
    answers = []
    face_up: set[int] = set()
    for _ in range(MAX_PROMPTS * 2):  # a repeated night doubles the prompts
        p = pending(g)
        if p is None:
            break
        assert p.options and len(set(p.options)) == len(p.options)
        for option in p.options:
            apply(g, option)
        answer = rnd.choice(p.options)
        answers.append(answer)
        g = apply(g, answer)
        assert sorted(c.id for c in g.cards) == list(range(len(g.cards)))
        assert Counter(c.role for c in g.cards) == table
        now_up = {c.id for c in g.cards if c.face_up}
        assert face_up <= now_up
        face_up = now_up
    assert pending(g) is None and g.phase == "over" and g.outcome is not None, "the game did not end"
    bound = dict(g.facts.blob_members)
    assert all(c.id in bound for c in g.cards if c.role in ("blob", "family_man"))
    return g, answers


@settings(max_examples=200, deadline=None)
@given(issue12_decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_issue12_games_keep_the_invariants_and_end(table, seed, choices):
    players, deck, pins = table
    play_issue12_game(players, deck, pins, seed, choices)


@settings(max_examples=40, deadline=None)
@given(issue12_decks(), st.integers(0, 10**6), st.integers(0, 10**6))
def test_issue12_games_same_seed_and_answers_give_the_same_game(table, seed, choices):
    players, deck, pins = table
    first, answers = play_issue12_game(players, deck, pins, seed, choices)
    assert_replays_the_same(first, Setup(names(players), deck, draws=pins), seed, answers)
