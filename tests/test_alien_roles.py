"""The Alien expansion's roles (rules/roles.md #1, #16-#21, #34, §D, A.5 Z2), one rule per test.

Games are played through the engine's protocol with explicit deals and pinned draws (``Setup.draws``);
the scenario files under scenarios/alien/ hold the worked cases, these tests the rules they cannot say
(what is refused, what is announced, what never depends on the deal)."""

from __future__ import annotations

import pytest

from onenight_core import Action, IllegalAction, apply, pending
from onenight_core.engine.views import public_view
from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Learned
from onenight_core.play.bots import RandomBot
from onenight_core.rulesets.draws import DrawPinError
from onenight_core.rulesets.onuw.identifiers import seats_of
from onenight_core.rulesets.onuw.roles.oracle import eligible_questions

from conftest import DONE, PASS
from pinned_game_helpers import finish, game, until


def draws(g) -> list[tuple[str, str]]:
    return [(e.id, dict(e.params)["value"]) for e in g.public if e.kind == PublicKind.DRAW]


# -- what the table hears ---------------------------------------------------------------------------

def test_the_announcements_never_depend_on_the_deal():
    """Same roster, same seed, two deals (every alien card in the center in one): the same draws are
    announced, in the same steps (a ghost aliens' step is still called and its instruction drawn)."""
    roster = ("alien", "alien", "body_snatcher", "oracle", "cow", "seer", "villager", "villager")
    other = ("seer", "villager", "villager", "cow", "alien", "oracle", "alien", "body_snatcher")  # a ghost Oracle
    for seed in range(30):
        a = finish(game(roster, 5, seed))
        b = finish(game(other, 5, seed))
        heard_a = [e for e in a.public if e.kind != PublicKind.DRAW or e.id != "oracle_parity"]
        heard_b = [e for e in b.public if e.kind != PublicKind.DRAW or e.id != "oracle_parity"]
        if ("oracle", "ripple") not in draws(a):  # the Oracle's answer may force the ripple
            assert heard_a == heard_b, seed


def test_the_alien_instruction_is_announced_in_the_aliens_step():
    g = until(game(("alien", "alien", "seer", "villager", "werewolf", "robber", "tanner"), 4, alien="show",
                   ripple="none"), "aliens")
    view = public_view(g)
    index = [s.id for s in view.script].index("aliens")
    assert [(e.id, dict(e.params)["value"]) for e in view.announced(index)] == [("alien", "show")]


def test_no_ripple_step_without_an_alien_class_card_and_one_with_one_in_the_center():
    plain = game(("werewolf", "seer", "robber", "villager", "villager", "drunk", "tanner"), 4)
    assert "ripple" not in [s.id for s in plain.script]
    centred = game(("werewolf", "seer", "robber", "villager", "synthetic_alien", "drunk", "tanner"), 4)
    assert [s.id for s in centred.script][-1] == "ripple"


def test_at_most_one_ripple_per_game():
    from onenight_core.rulesets.onuw.roles.ripple import Ripple
    g = game(("alien", "seer", "robber", "villager", "villager", "drunk", "tanner"), 4, ripple="robber",
             ripple_actors=["p1"], ripple_id="neighbours")
    step = next(s for s in g.script if s.id == "ripple")
    once = Ripple().announce(g.replace(facts=g.facts.__class__()), step)
    twice = Ripple().announce(once, step)
    assert twice.drawn == once.drawn and twice.public == once.public


# -- pins that cannot happen ------------------------------------------------------------------------

def test_pinned_draws_that_cannot_happen_are_errors():
    deck = ("oracle", "werewolf", "seer", "villager", "villager", "robber", "tanner")
    with pytest.raises(DrawPinError, match="team_vampire"):
        game(deck, 4, oracle="team_vampire")  # no vampire in the roster
    with pytest.raises(DrawPinError, match="ripple"):
        game(deck, 4, oracle="ripple")  # no alien-class card in the roster
    aliens = ("alien", "alien", "seer", "villager", "werewolf", "robber", "tanner")
    with pytest.raises(DrawPinError, match="convert"):
        game(aliens, 4, alien="convert")  # App weight 0 under onuw (E-18)
    g = game(("oracle", "alien", "seer", "villager", "werewolf", "robber", "tanner"), 4, oracle="ripple",
             ripple="none", alien="stare")
    g = apply(until(g, "oracle"), Action("answer", (), "yes"))
    with pytest.raises(DrawPinError, match="none"):
        finish(g)  # "none" is impossible after the Oracle's ripple/yes


def test_the_oracle_is_asked_only_eligible_questions():
    g = game(("oracle", "werewolf", "seer", "villager", "vampire", "robber", "tanner"), 4)
    assert eligible_questions(g) == {"team_werewolf", "team_vampire", "oracle_exchange", "view_center", "parity",
                                     "view_player"}
    g = game(("oracle", "groob", "seer", "villager", "villager", "robber", "tanner"), 4)
    assert {"team_alien", "alien_exchange", "ripple"} <= eligible_questions(g)
    for seed in range(60):
        question = game(("oracle", "werewolf", "seer", "villager", "villager", "robber", "tanner"), 4, seed).drawn[0]
        assert question[0] == "oracle.question" and question[1] in {"team_werewolf", "oracle_exchange",
                                                                    "view_center", "parity", "view_player"}


# -- the aliens -------------------------------------------------------------------------------------

def test_view_each_prompts_are_each_aliens_own():
    g = until(game(("alien", "villager", "groob", "seer", "hunter", "werewolf", "robber", "tanner"), 5,
                   alien="view_each", ripple="none"), "aliens")
    p = pending(g)
    assert p.seat == 0 and p.group == () and Action("look", ("p2",)) in p.options  # any other player
    assert Action("look", ("c0",)) not in p.options


def test_a_feared_alien_does_not_wake():
    from onenight_core.rulesets.onuw.roles.aliens import awake_aliens
    g = game(("alien", "alien", "seer", "villager", "werewolf", "robber", "tanner"), 4)
    assert awake_aliens(g.replace(feared=frozenset({1}))) == (0,)


def test_the_synthetic_alien_is_in_the_pass_cycle():
    g = finish(game(("synthetic_alien", "alien", "seer", "villager", "werewolf", "robber", "tanner"), 4,
                    alien="pass_right", ripple="none"))
    assert [c.role for c in g.cards[:2]] == ["alien", "synthetic_alien"]


def test_a_copycat_who_copies_an_alien_wakes_with_the_aliens():
    g = game(("copycat", "alien", "seer", "villager", "alien", "robber", "tanner"), 4, alien="stare",
             ripple="none")
    g = apply(until(g, "copycat"), Action("copy", ("c0",)))
    g = until(g, "aliens")
    assert pending(g).group == (0, 1)


# -- the Cow ----------------------------------------------------------------------------------------

def test_the_doppelganger_cow_gets_its_own_tap():
    deck = ("doppelganger", "alien", "cow", "seer", "villager", "werewolf", "robber", "tanner")
    g = game(deck, 5, alien="stare", ripple="none")
    g = apply(until(g, "doppelganger"), Action("copy", ("p2",)))
    g = until(g, "cow")
    assert (pending(g).seat, pending(g).role, pending(g).options) == (1, "cow", (Action("tap", ("p2",)),))
    g = until(apply(g, Action("tap", ("p2",))), "doppelganger:cow")
    # the Doppelganger-Cow at p0: its neighbours are p4 and p1; p1 is an awake alien
    assert (pending(g).seat, pending(g).options) == (1, (Action("tap", ("p0",)),))
    g = finish(apply(g, Action("tap", ("p0",))))
    felt = [(o.seat, o.who, o.as_) for o in g.observations if isinstance(o, Learned) and o.as_.startswith("cow")]
    assert felt == [(1, ("p2",), "cow"), (2, (), "cow_tapped"), (1, ("p0",), "cow"), (0, (), "cow_tapped")]


def test_a_feared_cow_puts_out_no_fist():
    deck = ("cow", "alien", "seer", "villager", "werewolf", "robber", "tanner")
    g = game(deck, 4, alien="stare", ripple="none")
    g = g.replace(feared=frozenset({0}))
    from onenight_core.rulesets.onuw.roles.aliens import Cow
    step = next(s for s in g.script if s.id == "cow")
    assert Cow().actors(g, step) == []


# -- Groob and Zerb, the Leader ----------------------------------------------------------------------

def test_groob_and_zerb_share_one_step():
    both = game(("groob", "zerb", "seer", "villager", "werewolf", "robber", "tanner"), 4)
    assert "groob" in [s.id for s in both.script] and "zerb" not in [s.id for s in both.script]
    alone = game(("zerb", "alien", "seer", "villager", "werewolf", "robber", "tanner"), 4)
    assert "zerb" in [s.id for s in alone.script]


def test_the_leader_sees_the_synthetic_alien_thumb_under_onuw():
    deck = ("leader", "synthetic_alien", "alien", "seer", "werewolf", "robber", "tanner")
    g = finish(game(deck, 4, alien="stare", ripple="none"))
    seen = [o for o in g.observations if isinstance(o, Learned) and o.seat == 0]
    assert [(o.who, o.as_) for o in seen] == [(("p1", "p2"), "alien")]


# -- the Body Snatcher -------------------------------------------------------------------------------

def test_the_body_snatcher_must_act_and_may_not_take_an_awake_aliens_card():
    deck = ("body_snatcher", "alien", "seer", "villager", "werewolf", "robber", "tanner")
    g = until(game(deck, 4, alien="stare", body_snatcher="steal_player", ripple="none"), "body_snatcher")
    assert pending(g).options == (Action("swap", ("p0", "p2")), Action("swap", ("p0", "p3")))
    with pytest.raises(IllegalAction):
        apply(g, PASS)
    g = apply(g, Action("swap", ("p0", "p2")))
    assert g.cards[0].role == "seer" and g.cards[0].alienized


def test_a_shielded_body_snatcher_cannot_act():
    deck = ("body_snatcher", "sentinel", "seer", "villager", "werewolf", "robber", "tanner")
    g = until(game(deck, 4, alien="stare", body_snatcher="steal_center", ripple="none"), "sentinel")
    g = until(apply(g, Action("shield", ("p0",))), "body_snatcher")
    assert pending(g).options == (PASS,)


# -- the Oracle -------------------------------------------------------------------------------------

def test_oracle_view_center_three_shows_all_three():
    deck = ("oracle", "werewolf", "seer", "villager", "villager", "robber", "tanner")
    g = apply(until(game(deck, 4, oracle="view_center", oracle_count=3), "oracle"), Action("answer", (), "yes"))
    assert pending(g).options == (PASS, Action("look", ("c0", "c1", "c2")))


def test_oracle_parity_is_announced_as_answered():
    deck = ("oracle", "werewolf", "seer", "villager", "villager", "robber", "tanner")
    g = apply(until(game(deck, 4, oracle="parity"), "oracle"), Action("answer", (), "even"))
    assert ("oracle_parity", "even") in draws(g)  # player 1 is odd: a bluff is allowed (E-17)


def test_a_ghost_oracle_still_gets_a_random_answer():
    deck = ("werewolf", "seer", "villager", "villager", "oracle", "robber", "tanner")
    g = game(deck, 4, oracle="parity")
    assert [name for name, _ in g.drawn[:2]] == ["oracle.question", "ghost.oracle"]
    assert draws(g)[-1][0] == "oracle_parity"


# -- the ripple -------------------------------------------------------------------------------------

@pytest.mark.parametrize("actor, key, seats", [
    (2, "neighbours", (1, 3)), (2, "even", (1, 3)), (2, "odd", (0, 4)), (2, "higher", (3, 4)),
    (2, "lower", (0, 1)), (0, "left2", (1, 2)), (0, "right2", (3, 4)),
])
def test_identifiers_designate_seats_from_the_actor(actor, key, seats):
    pool = tuple(s for s in range(5) if s != actor)
    assert seats_of(key, actor, 5, pool) == seats


def test_ripple_actors_and_set_are_announced_by_player_number():
    from onenight_core.catalog.loader import default_catalog
    from onenight_core.engine.narration import draw_text
    deck = ("alien", "villager", "seer", "werewolf", "hunter", "tanner", "robber", "drunk")
    g = finish(game(deck, 5, alien="stare", ripple="view_two", ripple_actors=["p3"], ripple_id=["p0", "p4"]))
    ripple = [e for e in g.public if e.kind == PublicKind.DRAW and e.id.startswith("ripple")]
    texts = [draw_text(default_catalog(), e) for e in ripple]
    assert texts == ["Ripple! One player may look at two cards.", "Player 4, this is for you.",
                     "Players concerned: 1, 5."]


def test_every_ripple_is_played_by_bots_to_the_end():
    deck = ("alien", "villager", "seer", "werewolf", "hunter", "sentinel", "tanner", "robber", "drunk")
    kinds = ("repeat_night", "insomniac", "silence", "troublemaker", "robber", "witch", "view_one", "view_two",
             "reveal", "pair_view", "swap_shuffle", "drunk", "dealer_vote", "none")
    for kind in kinds:
        for seed in range(8):
            g = game(deck, 6, seed, ripple=kind)
            bots = [RandomBot(s, seed) for s in range(6)]
            from onenight_core.engine.views import view_for
            while (p := pending(g)) is not None:
                g = apply(g, bots[p.seat].answer(view_for(g, p.seat)))
            assert g.outcome is not None and g.facts.ripple == kind


def test_silence_records_the_silenced_group():
    deck = ("alien", "villager", "seer", "werewolf", "hunter", "tanner", "robber", "drunk")
    g = finish(game(deck, 5, alien="stare", ripple="silence", ripple_id="even"))
    assert g.facts.silenced == (1, 3)


def test_done_is_the_only_answer_to_what_a_ripple_shows():
    deck = ("alien", "villager", "seer", "werewolf", "hunter", "tanner", "robber", "drunk")
    g = until(game(deck, 5, alien="stare", ripple="insomniac", ripple_id="everyone"), "ripple")
    assert pending(g).options == (DONE,)


def test_dealer_vote_offers_the_app_as_a_target_and_it_never_dies():
    deck = ("alien", "villager", "seer", "villager", "hunter", "tanner", "robber", "drunk")
    g = finish_night(game(deck, 5, alien="stare", ripple="dealer_vote"))
    assert Action("vote", (), "dealer") in pending(g).options
    for seat in range(5):
        g = apply(g, Action("vote", (), "dealer") if seat < 3 else Action("vote", ("p0",)))
    assert g.outcome.dead == frozenset() and -1 not in g.outcome.dead
    plain = finish_night(game(deck, 5, alien="stare", ripple="none"))
    assert Action("vote", (), "dealer") not in pending(plain).options


def finish_night(g):
    while (p := pending(g)) is not None and g.phase == "night":
        g = apply(g, PASS if PASS in p.options else p.options[0])
    return g
