"""Bots (onenight_core.play.bots): legal, seeded answers from a seat's view only, and an informed bot whose
beliefs follow what its seat saw and did, in order.

Expected results are worked out by hand from the deal: the rules of the base roles (rules/roles.md §5)
and the vote (resolution.md 1.A / 2.A: most votes die if someone has two or more; the village wins iff a
werewolf dies; the werewolves win iff none dies)."""

from __future__ import annotations

import pytest

from onenight_core import (Action, CardView, Learned, Prompt, Setup, SetupError, apply, new_game, pending,
                           view_for)
from onenight_core.play.bots import InformedBot, RandomBot, make_bots, play_game, side_of
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.views import public_view

PASS = Action("pass")
DONE = Action("done")


def names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


def fixed_game(deal, center, seed: int, bots):
    """A whole game over an explicit deal, each choice answered by the seat's bot from its view."""
    setup = Setup(players=names(len(deal)), deck=tuple(deal) + tuple(center))
    g = new_game(setup, seed, deal=tuple(deal) + tuple(center))
    while (p := pending(g)) is not None:
        g = apply(g, bots[p.seat].answer(view_for(g, p.seat)))
    return g


def hand_view(g, seat: int, dealt: str, observations=(), prompt: Prompt | None = None, night_role=None):
    """A seat view built by hand (the bot reads nothing else)."""
    from onenight_core.engine.views import SeatView
    return SeatView(seat=seat, name=f"P{seat}", dealt=dealt, night_role=night_role or dealt,
                    observations=tuple(observations), prompt=prompt, public=public_view(g))


@pytest.fixture
def any_state():
    setup = Setup(players=names(4), deck=("werewolf", "werewolf", "seer", "robber", "troublemaker",
                                          "drunk", "villager"))
    return new_game(setup, 0)


def vote_prompt(seat: int, n: int, role: str = "villager") -> Prompt:
    return Prompt(seat, "vote", role, "vote", tuple(Action("vote", (f"p{t}",)) for t in range(n) if t != seat))


# -- sides ---------------------------------------------------------------------------------------------

def test_sides_follow_the_catalog_teams():
    catalog = default_catalog()
    # roles.md §1.4 / §4: the Minion is a werewolf-team member without being a representative; the Tanner
    # is its own special team; Seer and Hunter are village.
    assert side_of("werewolf", catalog) == "werewolf"
    assert side_of("dream_wolf", catalog) == "werewolf"
    assert side_of("minion", catalog) == "werewolf"
    assert side_of("tanner", catalog) == "tanner"
    assert side_of("seer", catalog) == "village"
    assert side_of("hunter", catalog) == "village"
    assert side_of(None, catalog) is None


# -- RandomBot -----------------------------------------------------------------------------------------

def test_random_bot_answers_legally_and_reproducibly():
    setup = Setup(players=names(6), deck=PRESETS["base-6"].roles)
    for seed in range(15):
        a = play_game(setup, seed, "random")
        b = play_game(setup, seed, "random")
        assert a.phase == "over" and a.outcome is not None
        assert a.events == b.events and a.votes == b.votes and a.observations == b.observations


def test_random_bot_draws_from_its_own_stream():
    # Two bots of the same seat and seed make the same choices; another seat's bot has its own stream.
    g = new_game(Setup(players=names(5), deck=PRESETS["base-5"].roles), 3)
    prompt = vote_prompt(0, 5)
    view = hand_view(g, 0, "villager", prompt=prompt)
    picks = lambda bot: [bot.answer(view) for _ in range(20)]  # noqa: E731
    assert picks(RandomBot(0, 9)) == picks(RandomBot(0, 9))
    assert picks(RandomBot(0, 9)) != picks(RandomBot(0, 10))
    assert set(picks(RandomBot(0, 9))) <= set(prompt.options)


def test_a_bot_refuses_a_view_without_its_prompt(any_state):
    bot = InformedBot(1, 0)
    with pytest.raises(ValueError):
        bot.answer(hand_view(any_state, 1, "seer", prompt=None))
    with pytest.raises(ValueError):
        RandomBot(1, 0).answer(hand_view(any_state, 1, "seer", prompt=vote_prompt(2, 4)))


# -- InformedBot: night choices ------------------------------------------------------------------------

def test_informed_bot_prefers_acting_to_passing(any_state):
    prompt = Prompt(0, "seer", "seer", "act", (PASS, Action("look", ("p1",)), Action("look", ("c0", "c1"))))
    for seed in range(20):
        assert InformedBot(0, seed).answer(hand_view(any_state, 0, "seer", prompt=prompt)) != PASS
    only_pass = Prompt(0, "drunk", "drunk", "act", (PASS,))
    assert InformedBot(0, 0).answer(hand_view(any_state, 0, "drunk", prompt=only_pass)) == PASS


# -- InformedBot: beliefs and votes (hand-built views) ----------------------------------------------------

def test_troublemaker_swap_carries_what_it_knew(any_state):
    bot = InformedBot(0, 1)
    seen = [CardView(0, "p1", "werewolf", "x")]  # whatever showed it p1: it believes p1 is a werewolf
    tm = Prompt(0, "troublemaker", "troublemaker", "act", (PASS, Action("swap", ("p1", "p2"))))
    assert bot.answer(hand_view(any_state, 0, "troublemaker", seen, tm)) == Action("swap", ("p1", "p2"))
    assert bot.believed("p1") is None and bot.believed("p2") == "werewolf"
    # The village Troublemaker now votes where it sent the werewolf card.
    for seed in range(10):
        b = InformedBot(0, seed)
        b.answer(hand_view(any_state, 0, "troublemaker", seen, tm))
        assert b.answer(hand_view(any_state, 0, "troublemaker", seen, vote_prompt(0, 4))) == Action("vote", ("p2",))


def test_robber_who_took_a_werewolf_votes_for_a_non_werewolf(any_state):
    bot = InformedBot(0, 2)
    robber = Prompt(0, "robber", "robber", "act", (PASS, Action("swap", ("p0", "p3"))))
    assert bot.answer(hand_view(any_state, 0, "robber", (), robber)) == Action("swap", ("p0", "p3"))
    assert bot.believed("p3") == "robber"
    # The show prompt: its new card is a werewolf (roles.md #45: it is now on the werewolf side).
    shown = [CardView(0, "p0", "werewolf", "robber"), Learned(0, ("p1",), "werewolf", "x")]
    assert bot.answer(hand_view(any_state, 0, "robber", shown, Prompt(0, "robber", "robber", "info", (DONE,)))) == DONE
    assert bot.own_role() == "werewolf"
    votes = set()
    for seed in range(30):
        b = InformedBot(0, seed)
        b.answer(hand_view(any_state, 0, "robber", (), robber))
        votes.add(b.answer(hand_view(any_state, 0, "robber", shown, vote_prompt(0, 4, "robber"))).targets[0])
    # p1 is believed a werewolf: never its target; p2 (unknown) and p3 (the Robber card) both are.
    assert votes == {"p2", "p3"}


def test_drunk_no_longer_knows_its_card_and_plays_for_its_night_side(any_state):
    bot = InformedBot(2, 0)
    take = Prompt(2, "drunk", "drunk", "act", (Action("take", ("c1",)),))
    seen = [CardView(2, "p0", "werewolf", "x")]
    assert bot.answer(hand_view(any_state, 2, "drunk", seen, take)) == Action("take", ("c1",))
    assert bot.believed("p2") is None and bot.believed("c1") == "drunk"
    for seed in range(10):
        b = InformedBot(2, seed)
        b.answer(hand_view(any_state, 2, "drunk", seen, take))
        assert b.answer(hand_view(any_state, 2, "drunk", seen, vote_prompt(2, 4, "drunk"))) == Action("vote", ("p0",))


def test_village_bot_avoids_players_it_knows_are_village_or_tanner(any_state):
    seen = [CardView(0, "p1", "villager", "x"), CardView(0, "p2", "tanner", "x")]
    targets = {InformedBot(0, s).answer(hand_view(any_state, 0, "seer", seen, vote_prompt(0, 4, "seer"))).targets[0]
               for s in range(20)}
    assert targets == {"p3"}


def test_tanner_votes_at_random(any_state):
    seen = [CardView(0, "p1", "werewolf", "x")]
    targets = {InformedBot(0, s).answer(hand_view(any_state, 0, "tanner", seen, vote_prompt(0, 4, "tanner"))).targets[0]
               for s in range(40)}
    assert targets == {"p1", "p2", "p3"}


def test_doppelganger_plays_for_the_role_it_copied(any_state):
    # The copy is card-bound (roles.md #4): the DG card now stands for a werewolf.
    bot = InformedBot(0, 0)
    seen = [CardView(0, "p1", "werewolf", "doppelganger"), Learned(0, ("p1",), "werewolf", "werewolves")]
    view = hand_view(any_state, 0, "doppelganger", seen, vote_prompt(0, 4, "werewolf"), night_role="werewolf")
    target = bot.answer(view).targets[0]
    assert bot.own_role() == "werewolf"
    assert target in ("p2", "p3")


# -- InformedBot in real games (fixed deals) -------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_two_wolves_outvote_a_lone_seer(seed):
    # p0 Seer, p1 and p2 Werewolves, villagers in the center. The wolves see each other and both vote for
    # the only non-wolf, p0; the Seer can give one vote only. p0 dies with 2 votes, no werewolf dies: the
    # werewolves win (resolution.md 2.A).
    deal, center = ("seer", "werewolf", "werewolf"), ("villager",) * 3
    g = fixed_game(deal, center, seed, make_bots("informed", 3, seed))
    assert g.votes[1] == (0,) and g.votes[2] == (0,)
    assert g.votes[0] in ((1,), (2,))  # the Seer saw a werewolf or villagers: either way it votes a wolf
    assert g.outcome.dead == frozenset({0})
    assert g.outcome.winners == frozenset({1, 2})


@pytest.mark.parametrize("seed", range(8))
def test_robber_takes_a_werewolf_card_and_the_village_wins(seed):
    # p0 Robber robs one of the two Werewolves (both targets are wolves) and now holds a werewolf card.
    # The wolves still vote for p0 (their only non-wolf): p0 dies holding a werewolf, so the village wins;
    # the robbed seat holds the Robber card (village) and is the only winner.
    bots = make_bots("informed", 3, seed)
    g = fixed_game(("robber", "werewolf", "werewolf"), ("villager",) * 3, seed, bots)
    robbed = int(g.events[[e.step for e in g.events].index("robber")].action.targets[1][1:])
    assert bots[0].believed("p0") == "werewolf"
    assert bots[0].believed(f"p{robbed}") == "robber"
    assert g.outcome.dead == frozenset({0})
    assert g.outcome.winners == frozenset({robbed})


@pytest.mark.parametrize("seed", range(6))
def test_minion_never_votes_for_a_werewolf_it_saw(seed):
    deal = ("minion", "werewolf", "villager", "villager")
    g = fixed_game(deal, ("werewolf", "villager", "villager"), seed, make_bots("informed", 4, seed))
    assert g.votes[0] in ((2,), (3,))


# -- play_game ----------------------------------------------------------------------------------------

def test_play_game_is_the_design_loop_asking_every_bot():
    # play_game answers forced prompts (a single "done") itself; asking the bots instead gives the same game.
    setup = Setup(players=names(8), deck=PRESETS["base-8"].roles)
    for seed in range(6):
        fast = play_game(setup, seed)
        bots = make_bots("informed", 8, seed)
        g = new_game(setup, seed)
        while (p := pending(g)) is not None:
            g = apply(g, bots[p.seat].answer(view_for(g, p.seat)))
        assert fast.events == g.events and fast.votes == g.votes
        assert fast.outcome == g.outcome


def test_play_game_checks_its_bots():
    setup = Setup(players=names(3), deck=PRESETS["base-3"].roles)
    with pytest.raises(SetupError):
        play_game(setup, 0, [RandomBot(0), RandomBot(1)])
    with pytest.raises(SetupError):
        play_game(setup, 0, "clever")
    assert play_game(setup, 0, [RandomBot(s, 0) for s in range(3)]).phase == "over"
