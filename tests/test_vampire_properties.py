"""Properties of games with marks, over random decks, seats and choices (Hypothesis).

Each game is played through the protocol with every answer drawn by Hypothesis from the pending prompt's
options, so failures shrink to a short game. Checked after every transition or at the end:

* every player holds exactly one mark, always a known one (roles.md §B);
* the Love couples in ``extra`` always match the Mark of Love holders (resolution.md V7l's input);
* cards are conserved: the same card ids are on the table, each exactly once;
* a pending prompt always has a legal answer, and every offered answer is accepted;
* after the mark check a feared seat is never asked to act at night (E-40);
* every game ends, and lovers of one couple live or die together."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onenight_core import Setup, apply, new_game, pending
from onenight_core.rulesets.onuw.marks import LOVE, MARKS

from conftest import names

POOL = (
    "vampire", "vampire", "the_count", "the_master", "renfield", "diseased", "cupid", "instigator", "priest",
    "assassin", "apprentice_assassin", "marksman", "pickpocket", "gremlin", "copycat", "doppelganger",
    "werewolf", "werewolf", "minion", "dream_wolf", "mason", "mason", "seer", "robber", "troublemaker",
    "drunk", "insomniac", "villager", "villager", "hunter", "tanner",
)
MAX_PROMPTS = 400  # far more than any game of 10 players can ask


@st.composite
def games(draw):
    players = draw(st.integers(3, 10))
    deck = draw(st.permutations(POOL))[: players + 3]
    seed = draw(st.integers(0, 2**16))
    return players, tuple(deck), seed


def check_state(g, card_ids) -> None:
    assert len(g.marks) == g.players and all(m in MARKS for m in g.marks)
    couples = dict(g.facts.couples)
    assert set(couples) == {s for s, m in enumerate(g.marks) if m == LOVE}
    assert sorted(c.id for c in g.cards) == card_ids


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), data=st.data())
def test_marks_properties_hold_in_every_game(game, data):
    players, deck, seed = game
    g = new_game(Setup(names(players), deck), seed)
    card_ids = sorted(c.id for c in g.cards)
    checked = False
    for _ in range(MAX_PROMPTS):
        check_state(g, card_ids)
        p = pending(g)
        if p is None:
            break
        assert p.options, f"prompt without a legal answer: {p}"
        if p.step == "mark_check":
            checked = True
        if checked and g.phase == "night" and p.kind == "act" and p.step not in ("mark_check", "lovers"):
            assert p.seat not in g.feared, f"feared p{p.seat} asked to act in {p.step}"
        answer = p.options[data.draw(st.integers(0, len(p.options) - 1), label=f"{p.step} p{p.seat}")]
        g = apply(g, answer)
    else:
        raise AssertionError("the game did not end")
    out = g.outcome
    assert g.phase == "over" and out is not None
    couples = dict(g.facts.couples)
    for couple in set(couples.values()):
        lovers = {s for s, c in couples.items() if c == couple}
        if len(lovers) >= 2:
            assert lovers <= out.dead or not (lovers & out.dead), (lovers, out.dead)
    assert out.winners <= set(range(players)) and out.dead <= set(range(players))
