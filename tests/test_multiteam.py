"""Vote and victory with marks and several teams (resolution.md Parts 1.A and 2.A, `onuw`).

Every expected value is worked out by hand from the reference: the rows named O.. are resolution.md
Part 3 / Appendix B; the others are our own cases, each with the rule ids it exercises. Tables are set
at dawn (``dawn``) and every vote goes through the engine's protocol."""

from __future__ import annotations

import pytest

from onenight_core import RoleFacts
from onenight_core.rulesets.onuw.marks import ASSASSIN, DISEASE, LOVE, TRAITOR, VAMPIRE

from conftest import dawn

C = "mark_of_clarity"


def marks(n: int, **given: str) -> list[str]:
    """Marks for ``n`` seats: ``marks(5, p1=VAMPIRE)``."""
    out = [C] * n
    for pos, mark in given.items():
        out[int(pos[1:])] = mark
    return out


def couples(*pairs: tuple[int, int]) -> RoleFacts:
    return RoleFacts(couples=tuple(sorted(pairs)))


# -- reference rows (resolution.md Part 3, Appendix B) ---------------------------------------------

REFERENCE = [
    # id, seats, marks, votes, mode, dead, winners
    ("O22", ["vampire", "the_master", "seer", "villager", "villager"], {}, [2, 0, 1, 1, 1], "normal", {1}, {2, 3, 4}),
    ("O25", ["werewolf", "villager", "seer", "villager", "diseased"], {"p1": DISEASE}, [2, 0, 0, 1, 0],
     "normal", {0}, {1, 2, 4}),
    ("O28", ["werewolf", "seer", "villager", "villager"], {"p0": TRAITOR}, [1, 2, 1, 1], "normal", {1}, {0}),
    ("O31", ["werewolf", "assassin", "seer", "villager"], {}, [1, 0, 0, 0], "normal", {0}, {1, 2, 3}),
    ("O40", ["renfield", "seer", "villager", "villager"], {}, [1, 2, 3, 0], "normal", set(), {0, 1, 2, 3}),
    ("O52", ["werewolf", "vampire", "seer", "villager", "villager", "villager"], {}, [2, 2, 0, 0, 1, 3],
     "epic", {0, 2}, {1}),
    ("O55", ["werewolf", "vampire", "seer", "villager", "minion"], {}, [1, 3, 1, 1, 1], "epic", {1, 3}, {0, 4}),
    ("O58", ["werewolf", "vampire", "alien", "seer", "villager", "villager"], {}, [1, 4, 4, 1, 1, 4],
     "epic", {1, 4}, {0, 2}),
    ("O76", ["werewolf", "vampire", "innocent_bystander", "tanner"], {}, [1, 0, 1, 1], "epic", {0, 1}, {2}),
    ("O79", ["werewolf", "vampire", "cursed", "seer", "villager", "villager"], {}, [2, 2, 5, 2, 2, 0],
     "epic", {0, 2, 5}, {1}),
]


@pytest.mark.parametrize("row", REFERENCE, ids=[r[0] for r in REFERENCE])
def test_reference_rows(row):
    _id, seats, given, votes, mode, dead, winners = row
    out = dawn(seats, votes, marks=marks(len(seats), **given))
    assert (out.mode, set(out.dead), set(out.winners)) == (mode, dead, winners)


# -- The Master (V3d, E-44) ------------------------------------------------------------------------

def test_master_is_protected_when_another_vampire_votes_for_him():
    # p0 (vampire) votes for the Master: he is protected, his 4 votes count for nothing; p2 has 1 vote,
    # so nobody dies (V4, V5n); no vampire died: vampires win (W3a).
    out = dawn(["vampire", "the_master", "seer", "villager", "villager"], [1, 2, 1, 1, 1])
    assert set(out.dead) == set() and set(out.winners) == {0, 1}


def test_a_mark_of_the_vampire_holder_protects_the_master():
    # The Mark of the Vampire holder is a vampire for V3d (E-44, V1 kinds include mark holders).
    out = dawn(["the_master", "villager", "seer", "villager"], [2, 0, 0, 0], marks=marks(4, p1=VAMPIRE))
    assert set(out.dead) == set() and set(out.winners) == {0, 1}


def test_doppelganger_master_is_protected_and_protects():
    # A DG-Master is The Master (card-bound copy): a vampire's vote protects it, and its vote protects
    # the Master (E-44).
    out = dawn(["the_master", "doppelganger@the_master", "seer", "villager", "villager"], [1, 0, 0, 0, 1])
    # p0: 3 votes (p1, p2, p3), protected by p1's; p1: 2 votes (p0, p4), protected by p0's: nobody dies.
    assert set(out.dead) == set() and set(out.winners) == {0, 1}


# -- the Mark of the Vampire (§0.5 L3) --------------------------------------------------------------

def test_prince_with_the_mark_of_the_vampire_is_an_unkillable_vampire():
    out = dawn(["prince", "seer", "villager", "villager"], [1, 0, 0, 0], marks=marks(4, p0=VAMPIRE))
    # The Prince keeps his immunity: p1 has only 1 vote, nobody dies; the vampire survives: p0 wins alone.
    assert set(out.dead) == set() and set(out.winners) == {0}
    assert out.kinds[0] == "vampire"


def test_bodyguard_with_the_mark_of_the_vampire_still_protects():
    # p0 points at p1 (protected, and his pointing is no vote); p1 has 3 votes but cannot die; p2 has 1.
    out = dawn(["bodyguard", "vampire", "seer", "villager", "villager"], [1, 2, 1, 1, 1],
               marks=marks(5, p0=VAMPIRE))
    assert set(out.dead) == set() and set(out.winners) == {0, 1}


def test_mark_of_the_vampire_on_a_werewolf_card_makes_three_teams():
    # p0's werewolf card is overridden by the mark: werewolf (p1), vampire (p0) and village are present,
    # so the battle is epic: p0 (4 votes) alone on top, the second tier (p1, 1 vote) dies too; two evil
    # teams lost someone: the village wins (W3d).
    out = dawn(["werewolf", "werewolf", "seer", "villager", "villager"], [1, 0, 0, 0, 0],
               marks=marks(5, p0=VAMPIRE))
    assert out.mode == "epic"
    assert set(out.dead) == {0, 1} and set(out.winners) == {2, 3, 4}


def test_cursed_voted_by_a_vampire_becomes_a_vampire():
    # onuw V2a: a vampire-kind ballot converts the Cursed ([OFF] Bonus; dalbula would not, B04).
    out = dawn(["vampire", "cursed", "seer", "villager", "villager"], [1, 0, 1, 1, 1])
    assert out.kinds[1] == "vampire"
    assert set(out.dead) == {1} and set(out.winners) == {2, 3, 4}


def test_cursed_with_the_mark_of_the_vampire_is_not_converted_by_werewolves():
    # V2a: a Cursed that already is a kind (vampire-marked) is not converted. So werewolf, vampire and
    # village are present: epic; p0 has 3 votes alone on top and p1 (2 votes) dies as the second tier.
    # (Converted, p1 would be a werewolf: a normal battle where only p0 dies.)
    out = dawn(["werewolf", "cursed", "seer", "villager", "villager"], [1, 0, 0, 0, 1],
               marks=marks(5, p1=VAMPIRE))
    assert out.mode == "epic" and out.kinds[1] == "vampire"
    assert set(out.dead) == {0, 1} and set(out.winners) == {2, 3, 4}


# -- Renfield (S-renfield) ----------------------------------------------------------------------------

def test_renfield_wins_with_the_vampires_even_when_he_dies():
    # Renfield is a member, not a vampire: his death does not make the vampires lose (E-47).
    out = dawn(["vampire", "renfield", "seer", "villager", "villager"], [1, 0, 1, 1, 1])
    assert set(out.dead) == {1} and set(out.winners) == {0, 1}


def test_renfield_without_vampires_is_on_the_village_team():
    # No vampire at the table: Renfield is village; a werewolf dies: the village (Renfield too) wins.
    out = dawn(["werewolf", "renfield", "seer", "villager"], [1, 0, 0, 0])
    assert out.keys[1] == "village"
    assert set(out.dead) == {0} and set(out.winners) == {1, 2, 3}


# -- Traitor (W7) -----------------------------------------------------------------------------------

def test_traitor_villager_wins_when_another_villager_dies():
    out = dawn(["werewolf", "seer", "villager", "villager"], [2, 2, 0, 2], marks=marks(4, p1=TRAITOR))
    assert set(out.dead) == {2} and set(out.winners) == {0, 1}


def test_traitor_vampire_wins_when_a_fellow_vampire_dies():
    # p1 (vampire) dies: the village wins; the traitor p0's teammate died, so he wins too.
    out = dawn(["vampire", "vampire", "seer", "villager", "villager"], [1, 0, 1, 1, 1], marks=marks(5, p0=TRAITOR))
    assert set(out.dead) == {1} and set(out.winners) == {0, 2, 3, 4}


def test_traitor_renfield_wins_when_the_vampire_dies():
    # Renfield's teammates are the vampires (team key vampire): the vampire dies, so he wins with the village.
    out = dawn(["vampire", "renfield", "seer", "villager"], [1, 0, 0, 0], marks=marks(4, p1=TRAITOR))
    assert set(out.dead) == {0} and set(out.winners) == {1, 2, 3}


def test_traitor_is_still_hit_by_his_teams_veto():
    # p1 and p2 tie with 2 votes and die. The traitor p0's teammate p1 died, which would make him win,
    # but the Tanner died too: the vampire team is vetoed, traitors included (W5t). The village is not
    # vetoed and a vampire died: it wins beside the Tanner.
    out = dawn(["vampire", "vampire", "tanner", "seer", "villager"], [1, 2, 1, 2, 0], marks=marks(5, p0=TRAITOR))
    assert set(out.dead) == {1, 2} and set(out.winners) == {2, 3, 4}


# -- Assassin and Apprentice Assassin (S-assassin, S-apprentice_assassin, A17, A18) -----------------

def test_assassin_wins_when_his_mark_holder_dies_alongside_the_werewolves():
    out = dawn(["werewolf", "assassin", "villager", "seer", "villager"], [2, 2, 0, 2, 2],
               marks=marks(5, p2=ASSASSIN))
    assert set(out.dead) == {2} and set(out.winners) == {0, 1}


def test_assassin_holding_his_own_mark_wins_by_dying():
    out = dawn(["werewolf", "assassin", "seer", "villager"], [1, 0, 1, 1], marks=marks(4, p1=ASSASSIN))
    assert set(out.dead) == {1} and set(out.winners) == {0, 1}


def test_assassin_whose_target_survives_loses_even_if_his_team_would_win():
    # With a mark in play he is on his own team: the werewolf dies, the village wins, he does not.
    out = dawn(["werewolf", "assassin", "villager", "seer"], [1, 0, 0, 0], marks=marks(4, p2=ASSASSIN))
    assert set(out.dead) == {0} and set(out.winners) == {2, 3}


def test_apprentice_assassin_wins_when_the_assassin_dies_even_without_a_mark():
    # onuw A17: an Assassin at the table is the apprentice's target, mark or no mark.
    out = dawn(["werewolf", "assassin", "apprentice_assassin", "seer", "villager"], [1, 0, 1, 1, 1])
    assert set(out.dead) == {1} and set(out.winners) == {0, 2}


def test_apprentice_assassin_without_assassin_wins_when_a_mark_holder_dies():
    out = dawn(["werewolf", "apprentice_assassin", "villager", "seer"], [2, 2, 0, 2], marks=marks(4, p2=ASSASSIN))
    assert set(out.dead) == {2} and set(out.winners) == {0, 1}


def test_apprentice_assassin_with_neither_is_a_villager():
    out = dawn(["werewolf", "apprentice_assassin", "seer", "villager"], [1, 0, 0, 0])
    assert out.keys[1] == "village"
    assert set(out.dead) == {0} and set(out.winners) == {1, 2, 3}


# -- Disease (W9) -----------------------------------------------------------------------------------

def test_voting_for_the_diseased_card_holder_costs_the_win():
    # p0 dies (3 votes); the village wins, but p4 voted for the Diseased (p1) and loses.
    out = dawn(["werewolf", "diseased", "seer", "villager", "villager"], [1, 0, 0, 0, 1])
    assert set(out.dead) == {0} and set(out.winners) == {1, 2, 3}


def test_a_bodyguard_pointing_at_the_disease_mark_holder_loses():
    # The bodyguard's pointing is no vote but still "votes for" the holder (A3, A38).
    out = dawn(["werewolf", "villager", "bodyguard", "seer", "villager"], [3, 0, 1, 0, 0],
               marks=marks(5, p1=DISEASE))
    assert set(out.dead) == {0} and set(out.winners) == {1, 3, 4}


# -- Love (V7l, A10) --------------------------------------------------------------------------------

def test_lovers_die_together_ignoring_the_prince():
    out = dawn(["werewolf", "prince", "villager", "seer", "villager"], [2, 2, 0, 2, 2],
               marks=marks(5, p1=LOVE, p2=LOVE), facts=couples((1, 1), (2, 1)))
    assert set(out.dead) == {1, 2} and set(out.winners) == {0}
    assert dict(out.deaths)[1].id == "died_of_grief" and dict(out.deaths)[1]["by"] == 2


def test_two_couples_are_linked_only_inside_each_couple():
    # Cupid's couple 1 (p1, p2) and a Doppelganger-Cupid's couple 2 (p3, p4): p1 dies, p2 follows, the
    # second couple lives (onuw A10; dalbula would kill all four).
    out = dawn(["werewolf", "villager", "villager", "seer", "villager", "villager"], [1, 0, 1, 1, 1, 1],
               marks=marks(6, p1=LOVE, p2=LOVE, p3=LOVE, p4=LOVE),
               facts=couples((1, 1), (2, 1), (3, 2), (4, 2)))
    assert set(out.dead) == {1, 2} and set(out.winners) == {0}


def test_a_lone_love_mark_does_nothing():
    out = dawn(["werewolf", "villager", "villager", "seer"], [1, 0, 1, 1], marks=marks(4, p1=LOVE),
               facts=couples((1, 1)))
    assert set(out.dead) == {1} and set(out.winners) == {0}


def test_grief_sets_off_the_hunter():
    # p1 (3 votes) dies; his lover the Hunter dies of grief and shoots p0 (A4: any death fires him).
    out = dawn(["werewolf", "villager", "hunter", "seer", "villager"], [1, 0, 0, 1, 1],
               marks=marks(5, p1=LOVE, p2=LOVE), facts=couples((1, 1), (2, 1)))
    assert set(out.dead) == {0, 1, 2} and set(out.winners) == {1, 2, 3, 4}


# -- multi-team battles (W2, W3) ---------------------------------------------------------------------

def test_two_evil_teams_without_village_is_a_normal_battle():
    # W3c: each side wins by keeping its own alive; p2 (2 votes) dies.
    out = dawn(["werewolf", "werewolf", "vampire", "vampire"], [2, 2, 1, 0])
    assert out.mode == "normal"
    assert set(out.dead) == {2} and set(out.winners) == {0, 1}


def test_epic_circular_vote_kills_everyone():
    # V5e: one vote is enough; four seats tie at the top: all die; two evil teams lost someone.
    out = dawn(["werewolf", "vampire", "seer", "villager"], [1, 2, 3, 0])
    assert out.mode == "epic" and set(out.dead) == {0, 1, 2, 3}
    assert set(out.winners) == {2, 3}


def test_epic_top_and_second_tier_die_and_each_team_is_explained():
    # p1 has 3 votes alone; p0 and p2 share the second tier (1 each): all three die; werewolf and vampire
    # both lost someone: only the village wins (W3d).
    out = dawn(["werewolf", "vampire", "seer", "villager", "villager"], [2, 0, 1, 1, 1])
    assert out.mode == "epic" and set(out.dead) == {0, 1, 2}
    assert set(out.winners) == {2, 3, 4}
    teams = {k: won for k, won, _why in out.teams}
    assert teams == {"village": True, "werewolf": False, "vampire": False}
    assert all(why for _k, _won, why in out.teams)


def test_tanner_death_vetoes_the_vampires():
    out = dawn(["vampire", "tanner", "seer", "villager"], [1, 0, 1, 1])
    assert set(out.dead) == {1} and set(out.winners) == {1}


# -- copies at dawn (§0.4) ------------------------------------------------------------------------------

def test_copycat_card_is_its_copy_and_an_uncopied_one_is_a_villager():
    # p0 holds the Copycat card that copied a vampire: a vampire. p1 holds a Copycat card that never
    # copied (it started in the center): a plain villager.
    out = dawn(["copycat@vampire", "copycat", "seer", "villager"], [1, 0, 0, 0])
    assert out.kinds[0] == "vampire" and out.keys[1] == "village"
    # p0 dies (3 votes): the vampire team lost, the village wins.
    assert set(out.dead) == {0} and set(out.winners) == {1, 2, 3}
