"""The day vote, deaths and victory under ``dalbula`` (rules/resolution.md 1.B, 2.B, 2.C, Appendix B).

Appendix B's dalbula rows are read from the reference itself. Every difference of §2.C is played twice,
once under ``onuw`` and once under ``dalbula``, on the same table and votes, so each test fails if the two
rulesets stop differing where the rules say they do. Every vote goes through ``apply``."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from onenight_core import Action, Card, RoleFacts, Setup, apply, dawn_game, pending

from conftest import names, vote
from test_resolution import appendix_b, parse_seat


def dawn_under(ruleset: str, seats: Sequence[str], votes: Sequence[int | None], *,
               marks: Sequence[str] | None = None, facts: RoleFacts | None = None):
    """Resolve a vote at dawn under ``ruleset``; a ``None`` vote is a ballot for the dealer."""
    setup = Setup(players=names(len(seats)), deck=tuple(seats), ruleset=ruleset)
    g = dawn_game(setup, [Card(i, r) for i, r in enumerate(seats)], marks=marks, facts=facts)
    for seat, target in enumerate(votes):
        p = pending(g)
        assert p is not None and p.kind == "vote" and p.seat == seat, p
        g = apply(g, Action("vote", (), "dealer") if target is None else vote(target))
    assert pending(g) is None and g.phase == "over"
    return g.outcome


def both(seats, votes, **kw):
    return dawn_under("onuw", seats, votes, **kw), dawn_under("dalbula", seats, votes, **kw)


def summary(out):
    return out.mode, sorted(out.dead), sorted(out.winners)


def dalbula_examples():
    return [pytest.param(row, id=row["id"]) for row in appendix_b() if row["ruleset"] == "dalbula"]


@pytest.mark.parametrize("row", dalbula_examples())
def test_appendix_b_dalbula_worked_example(row):
    assert not row["dealer_dies"]
    seats = [parse_seat(s) for s in row["seats"]]
    n = len(seats)
    # dalbula rows name the Blob's members as absolute seats; the game records them as offsets from the
    # seat the Blob card was dealt to (its card id)
    facts = RoleFacts(
        blob_members=tuple((i, tuple((m - i) % n for m in s[4])) for i, s in enumerate(seats) if s[4]),
        couples=tuple((i, s[3]) for i, s in enumerate(seats) if s[3] is not None),
        nostradamus_team=next((s[5] for s in seats if s[5] is not None), None))
    out = dawn_under("dalbula", [s[0] for s in seats], row["votes"], marks=[s[1] for s in seats], facts=facts)
    assert summary(out) == (row["mode"], row["deaths"], row["winners"])


def test_appendix_b_has_dalbula_examples():
    assert len(dalbula_examples()) >= 8


# -- §2.C, one test per difference ----------------------------------------------------------------------

def test_ricochet_rhino_redirects_under_onuw_but_shoots_like_a_hunter_under_dalbula():
    seats = ["werewolf", "ricochet_rhino", "seer", "villager", "villager"]
    votes = [1, 0, 1, 1, 0]  # the rhino has 3 votes and points at the werewolf
    onuw, dalbula = both(seats, votes)
    assert sorted(onuw.dead) == [0]  # O60: the elimination is redirected, the rhino lives
    assert sorted(dalbula.dead) == [0, 1]  # B02: the rhino dies and takes the werewolf with it
    assert sorted(dalbula.winners) == [1, 2, 3, 4]


def test_cursed_converts_on_vampire_votes_under_onuw_only():
    seats = ["vampire", "cursed", "seer", "villager", "villager"]
    onuw, dalbula = both(seats, [1, 0, 1, 1, 1])
    assert onuw.kinds[1] == "vampire" and sorted(onuw.winners) == [2, 3, 4]
    assert dalbula.kinds[1] is None and sorted(dalbula.winners) == [0]


def test_cursed_converts_on_werewolf_votes_under_both():
    seats = ["werewolf", "cursed", "seer", "villager", "villager"]
    onuw, dalbula = both(seats, [1, 2, 1, 1, 1])
    assert onuw.kinds[1] == dalbula.kinds[1] == "werewolf"
    assert sorted(dalbula.winners) == [2, 3, 4]


def test_every_love_mark_holder_dies_with_any_of_them_under_dalbula():
    seats = ["werewolf", "villager", "villager", "seer", "villager", "villager"]
    marks = ["mark_of_clarity", "mark_of_love", "mark_of_love", "mark_of_love", "mark_of_clarity",
             "mark_of_clarity"]
    facts = RoleFacts(couples=((1, 1), (2, 1), (3, 2)))
    onuw, dalbula = both(seats, [1, 0, 1, 1, 1, 0], marks=marks, facts=facts)
    assert sorted(onuw.dead) == [1, 2]  # couple 1 only
    assert sorted(dalbula.dead) == [1, 2, 3]  # every holder


def test_apprentice_assassin_with_an_assassin_but_no_mark_is_a_citizen_under_dalbula():
    seats = ["werewolf", "assassin", "apprentice_assassin", "seer", "villager"]
    votes = [1, 0, 0, 0, 0]  # the werewolf dies; the assassin lives
    onuw, dalbula = both(seats, votes)
    assert 2 not in onuw.winners  # O75: she needed the assassin to die
    assert 2 in dalbula.winners and dalbula.keys[2] == "village"


def test_lone_minion_is_not_blocked_by_the_tanner_under_dalbula():
    seats = ["minion", "tanner", "seer", "villager"]
    votes = [1, 0, 1, 1]  # the tanner dies, the minion lives
    onuw, dalbula = both(seats, votes)
    assert sorted(onuw.winners) == [1]  # O12
    assert sorted(dalbula.winners) == [0, 1]  # B06


def test_synthetic_alien_death_sinks_every_other_seat_under_dalbula():
    seats = ["alien", "synthetic_alien", "tanner", "seer", "villager"]
    votes = [1, 2, 1, 2, 0]  # synthetic and tanner both have 2 votes: both die
    onuw, dalbula = both(seats, votes)
    assert sorted(onuw.dead) == sorted(dalbula.dead) == [1, 2]
    assert sorted(onuw.winners) == [1, 2]  # O45: the tanner wins beside the synthetic alien
    assert sorted(dalbula.winners) == [1]  # B08: nobody else


def test_mad_scientist_death_sinks_special_teams_too_under_dalbula():
    seats = ["villainous_temptress", "mad_scientist", "mortician", "villager"]
    votes = [1, 0, 1, 1]  # the mad scientist dies; the mortician's neighbour died
    onuw, dalbula = both(seats, votes)
    assert sorted(onuw.winners) == [1, 2]
    assert sorted(dalbula.winners) == [1]


def test_two_synthetic_aliens_dying_veto_each_other_under_dalbula():
    seats = ["alien", "synthetic_alien", "synthetic_alien", "seer", "villager"]
    out = dawn_under("dalbula", seats, [1, 2, 1, 2, 0])
    assert sorted(out.dead) == [1, 2] and sorted(out.winners) == []


def test_innocent_bystander_does_not_make_citizens_present_under_dalbula():
    seats = ["werewolf", "vampire", "innocent_bystander", "tanner"]
    votes = [1, 0, 1, 1]
    onuw, dalbula = both(seats, votes)
    assert (onuw.mode, sorted(onuw.dead), sorted(onuw.winners)) == ("epic", [0, 1], [2])  # O76
    assert dalbula.mode == "normal" and sorted(dalbula.dead) == [1]  # B12: only the top tier
    assert dalbula.keys[2] == "innocent_bystander"
    assert 2 in dalbula.winners  # a vampire died: the citizen condition holds for him


def test_blob_members_are_the_seats_designated_at_the_start_under_dalbula():
    facts = RoleFacts(blob_members=((2, (-1, 1)),))
    # the Blob card is dealt to seat 2 and moved to seat 4 by night: onuw counts from its final seat,
    # dalbula from the seat it was dealt to
    table = [Card(0, "werewolf"), Card(1, "villager"), Card(4, "villager"), Card(3, "seer"), Card(2, "blob")]
    results = {}
    for ruleset in ("onuw", "dalbula"):
        setup = Setup(players=names(5), deck=tuple(c.role for c in table), ruleset=ruleset)
        g = dawn_game(setup, table, facts=facts)
        for target in [3, 0, 0, 0, 0]:
            g = apply(g, vote(target))
        results[ruleset] = g.outcome
    assert sorted(results["onuw"].dead) == sorted(results["dalbula"].dead) == [0]
    assert 4 not in results["onuw"].winners  # members 3 and 0 (from seat 4): the werewolf died
    assert 4 in results["dalbula"].winners  # members 1 and 3 (from seat 2) both live


# -- DV5/DV7: the dealer fills a death slot but is never a death (ripple "dealer vote", B14) ------------

DEALER_VOTE = RoleFacts(ripple="dealer_vote")


def test_dealer_takes_the_only_slot_of_a_normal_battle_and_nobody_dies():
    out = dawn_under("dalbula", ["werewolf", "seer", "villager", "villager"], [None, None, None, 0],
                     facts=DEALER_VOTE)
    assert (out.mode, sorted(out.dead), sorted(out.winners)) == ("normal", [], [0])


def test_dealer_fills_one_of_the_two_slots_of_an_epic_battle():
    seats = ["werewolf", "vampire", "seer", "villager", "villager"]
    out = dawn_under("dalbula", seats, [None, None, None, 0, 0], facts=DEALER_VOTE)
    # the dealer (3 votes) is the first tier, the werewolf (2) the second: one death only
    assert (out.mode, sorted(out.dead)) == ("epic", [0])
    assert sorted(out.winners) == [1]  # the vampires live and another evil team died


def test_a_single_dealer_ballot_is_no_candidate_in_a_normal_battle():
    out = dawn_under("dalbula", ["werewolf", "seer", "villager", "villager"], [1, None, 1, 1],
                     facts=DEALER_VOTE)
    assert sorted(out.dead) == [1]


def test_a_hunter_voting_for_the_dealer_shoots_nobody():
    seats = ["werewolf", "hunter", "seer", "villager"]
    out = dawn_under("dalbula", seats, [1, None, 1, 1], facts=DEALER_VOTE)
    assert sorted(out.dead) == [1]


# -- DV0: the ripple "multi vote" gives its group two ballots each ---------------------------------------

def test_multi_vote_group_seats_cast_exactly_two_ballots_and_the_others_one():
    seats = ["werewolf", "seer", "villager", "villager", "villager"]
    setup = Setup(players=names(5), deck=tuple(seats), ruleset="dalbula")
    g = dawn_game(setup, [Card(i, r) for i, r in enumerate(seats)],
                  facts=RoleFacts(ripple="multi_vote", ripple_set=(1, 3)))
    for seat in range(5):
        options = pending(g).options
        if seat in (1, 3):
            assert all(len(a.targets) == 2 for a in options)
            assert Action("vote", ("p0", "p0")) in options and f"p{seat}" not in {t for a in options for t in a.targets}
            g = apply(g, Action("vote", ("p0", "p0")))
        else:
            assert all(len(a.targets) == 1 for a in options)
            g = apply(g, vote(2 if seat == 0 else 0))
    # p0: both ballots of p1 and of p3, plus p2's and p4's: 6; p2: one (the werewolf's)
    assert sorted(g.outcome.dead) == [0] and sorted(g.outcome.winners) == [1, 2, 3, 4]


# -- A26: the option all_citizen_deaths_void_specials --------------------------------------------------------

def test_only_citizens_dying_in_an_epic_battle_voids_the_special_teams_with_the_option_only():
    seats = ["werewolf", "vampire", "mortician", "villager", "villager"]
    votes = [3, 3, 3, 4, 3]  # epic: villager 3 (4 votes), then villager 4 (1 vote): only citizens die
    plain = dawn_under("dalbula", seats, votes)
    assert plain.mode == "epic" and sorted(plain.dead) == [3, 4]
    assert 2 in plain.winners  # the Mortician's neighbour died
    setup = Setup(players=names(5), deck=tuple(seats), ruleset="dalbula",
                  options={"all_citizen_deaths_void_specials": True})
    g = dawn_game(setup, [Card(i, r) for i, r in enumerate(seats)])
    for target in votes:
        g = apply(g, vote(target))
    assert sorted(g.outcome.dead) == [3, 4] and 2 not in g.outcome.winners
