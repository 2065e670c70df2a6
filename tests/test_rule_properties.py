"""Properties that tie outcomes to the rules (issue 10), over seeded games of every playable role.

Structural properties (cards conserved, views private) live in test_properties.py; these check what the
rules say happens, so an engine that forgets a rule fails them:

* a Robber (or a Doppelgänger-Robber) who swapped holds the card he took, and is shown exactly the card
  he now holds (roles.md, Robber; FORMAT.md: "a Robber's swap is followed by a view of his own new card");
* a dead Tanner means no winner on the werewolf team — nor on any team resolution.md W5t vetoes:
  werewolf, vampire, alien, villain and the minion without werewolves (tanner-acting seats are the
  Tanners, or the Apprentice Tanners when there is no Tanner; traitors and Renfield are vetoed with
  their team; the village is not);
* a shielded card never moves for the rest of the night (roles.md, Sentinel).

Games are played through the protocol with answers drawn by Hypothesis from each prompt's legal options,
votes included. Each property was checked against a deliberately broken engine (the swap not made, the
view of the old card, the veto removed, a shielded card swapped) and fails there."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from onenight_core import CardView, GameState, Setup, apply, new_game, pending
from onenight_core.model.positions import pos_index

from conftest import names

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Every playable onuw role except those whose set-up needs extra rules of deck building (Curator's
# artifacts and Alpha Wolf's extra center card are covered by their own tests).
POOL = ("copycat", "doppelganger", "vampire", "the_count", "renfield", "diseased", "cupid", "instigator",
        "priest", "assassin", "apprentice_assassin", "sentinel", "werewolf", "mystic_wolf", "minion",
        "apprentice_tanner", "mason", "thing", "seer", "apprentice_seer", "paranormal_investigator",
        "marksman", "robber", "witch", "pickpocket", "troublemaker", "village_idiot", "aura_seer", "gremlin",
        "drunk", "insomniac", "squire", "beholder", "revealer", "villager", "hunter", "tanner", "bodyguard",
        "prince", "cursed", "the_master", "dream_wolf")
VETOED_BY_A_DEAD_TANNER = frozenset({"werewolf", "vampire", "alien", "villain", "minion_solo"})


@st.composite
def games(draw, must: tuple[str, ...]) -> tuple[Setup, int, list[int]]:
    """A deck holding ``must`` (and any other playable roles), a seed, and the answers' choices."""
    players = draw(st.integers(3, 8))
    others = draw(st.lists(st.sampled_from(POOL), min_size=players + 3 - len(must),
                           max_size=players + 3 - len(must)))
    deck = list(must) + others
    order = draw(st.permutations(range(len(deck))))
    return (Setup(names(players), tuple(deck[i] for i in order)), draw(st.integers(0, 2**31 - 1)),
            draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=60)))


def transitions(setup: Setup, seed: int, choices: list[int], aim: str | None = None):
    """(state before, prompt, answer, state after) for every answer of a whole game. With ``aim``, a
    ballot goes to a seat holding that card when it can (so that, say, tanners die often)."""
    g = new_game(setup, seed)
    k = 0
    while (p := pending(g)) is not None:
        action = p.options[choices[k % len(choices)] % len(p.options)]
        if aim is not None and p.kind == "vote":
            action = next((o for o in p.options if o.targets and o.targets[0].startswith("p")
                           and card_at(g, o.targets[0]).role == aim), action)
        after = apply(g, action)
        yield g, p, action, after
        g, k = after, k + 1
        assert k < 40 * len(setup.players), "a game that does not end"


def final(setup: Setup, seed: int, choices: list[int], aim: str | None = None) -> GameState:
    g = None
    for *_, g in transitions(setup, seed, choices, aim):  # noqa: B007 - the last state is the result
        pass
    return g


def card_at(g: GameState, pos: str):
    return g.cards[pos_index(pos, g.players, len(g.cards))]


# -- the Robber --------------------------------------------------------------------------------------------

@SETTINGS
@given(game=games(must=("robber",)) | games(must=("robber", "doppelganger")))
def test_a_robber_who_swapped_holds_and_sees_the_card_he_took(game):
    setup, seed, choices = game
    swapped = None
    for before, p, action, after in transitions(setup, seed, choices):
        if swapped is not None:
            seat, own, taken = swapped
            assert p.seat == seat and p.kind == "info", "the Robber's view follows his swap at once"
            views = [o for o in p.info if isinstance(o, CardView) and o.seat == seat]
            assert [v.pos for v in views] == [own], views
            assert views[0].role == card_at(before, own).role == taken.role  # the card he now holds
            swapped = None
        if p.role == "robber" and action.verb == "swap":
            own = f"p{p.seat}"
            target = next(t for t in action.targets if t != own)
            assert card_at(after, own) == card_at(before, target), "the Robber takes the card"
            assert card_at(after, target) == card_at(before, own), "and leaves his own in its place"
            swapped = (p.seat, own, card_at(before, target))
            event("a Robber swapped" + (" (a Doppelgänger copy)" if p.copier else ""))


# -- the Tanner --------------------------------------------------------------------------------------------

@SETTINGS
@given(game=games(must=("tanner", "werewolf")) | games(must=("tanner", "vampire", "minion"))
       | games(must=("apprentice_tanner", "werewolf", "squire")), aim=st.sampled_from([None, "tanner",
                                                                                     "apprentice_tanner"]))
def test_a_dead_tanner_means_no_werewolf_team_winner(game, aim):
    setup, seed, choices = game
    result = final(setup, seed, choices, aim).outcome
    tanners = [s for s, r in enumerate(result.roles) if r == "tanner"]
    acting = tanners or [s for s, r in enumerate(result.roles) if r == "apprentice_tanner"]
    if not any(s in result.dead for s in acting):
        return
    event("a tanner-acting seat died")
    for seat in result.winners:
        assert result.keys[seat] not in VETOED_BY_A_DEAD_TANNER, (
            f"seat {seat} ({result.roles[seat]}, team {result.keys[seat]}) won although a tanner died")
    if "diseased" not in setup.deck:  # W9: a ballot on a diseased seat loses, whatever else happens
        for seat in acting:
            if seat in result.dead and result.keys[seat] == "tanner":  # not a vampire-marked tanner (L3)
                assert seat in result.winners, f"the dead tanner {seat} did not win"


# -- the Sentinel's shield ---------------------------------------------------------------------------------

@SETTINGS
@given(game=games(must=("sentinel", "robber", "troublemaker")) | games(must=("sentinel", "witch", "drunk"))
       | games(must=("sentinel", "village_idiot", "doppelganger")))
def test_a_shielded_card_never_moves(game):
    setup, seed, choices = game
    shielded: dict[int, int] = {}  # table index → id of the card lying there when shielded
    for _before, p, action, after in transitions(setup, seed, choices):
        for index in after.shields:
            shielded.setdefault(index, after.cards[index].id)
        if shielded and action.verb in ("swap", "take", "rotate") and p.kind != "vote":
            event("a card moved after a shield was placed")
        for index, card in shielded.items():
            assert after.cards[index].id == card, (
                f"the shielded card at {index} moved ({p.role}: {action})")
