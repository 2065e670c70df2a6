"""The night script (rules/roles.md §A and Appendix A): which steps are called and in which order.

Steps come from the roster (every card in play, center included), so a role that sits only in the center
still has its step (a ghost step: called, nobody prompted). A Doppelganger extra step ``doppelganger:x``
exists only when both the Doppelganger and the ``~`` role x are in the roster."""

from __future__ import annotations

import pytest

from onenight_core import Event, Setup, default_catalog, new_game, pending, public_view
from onenight_core.rulesets.night_script import build_script

from conftest import PASS, copy, look, names, play, swap, take

V3 = ("villager", "villager", "villager")


def script_ids(roster) -> list[str]:
    return [s.id for s in build_script(tuple(roster), default_catalog())]


# roles.md §A.1 for the base game: -7 doppelganger, 2 werewolves, 3 minion, 4 masons, 5 seer, 6 robber,
# 7 troublemaker, 8 drunk, 9 insomniac, 9a DG-insomniac. Villager, hunter and tanner never wake.
@pytest.mark.parametrize("roster, expected", [
    (("doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker", "drunk", "insomniac",
      "villager", "hunter", "tanner"),
     ["doppelganger", "werewolves", "minion", "masons", "seer", "robber", "troublemaker", "drunk",
      "insomniac", "doppelganger:insomniac"]),
    (("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"),
     ["werewolves", "seer", "robber", "troublemaker"]),
    (("troublemaker", "werewolf", "seer", "robber", "werewolf", "villager"),  # order of the deck is irrelevant
     ["werewolves", "seer", "robber", "troublemaker"]),
    (("doppelganger", "werewolf", "minion", "insomniac", "villager", "villager"),
     ["doppelganger", "werewolves", "minion", "insomniac", "doppelganger:insomniac"]),
    (("insomniac", "werewolf", "drunk", "villager", "hunter", "tanner"),  # no DG: no 9a
     ["werewolves", "drunk", "insomniac"]),
    (("doppelganger", "seer", "robber", "troublemaker", "drunk", "tanner"),  # "!" roles: no extra steps
     ["doppelganger", "seer", "robber", "troublemaker", "drunk"]),
    (("doppelganger", "mason", "mason", "minion", "tanner", "hunter"),  # G / minion: no extra steps
     ["doppelganger", "minion", "masons"]),
    (("mason", "mason", "villager", "villager", "hunter", "tanner"), ["masons"]),
    (("villager", "villager", "villager", "hunter", "tanner", "tanner"), []),
    (("dream_wolf", "minion", "seer", "villager", "villager", "villager"),  # §A.2: the Dream Wolf alone
     ["werewolves", "minion", "seer"]),                                    # still triggers step 2
])
def test_base_script_order(roster, expected):
    assert script_ids(roster) == expected


def test_script_depends_on_the_roster_only():
    deck = ("doppelganger", "werewolf", "werewolf", "minion", "seer", "robber", "troublemaker", "drunk",
            "insomniac")
    setup = Setup(names(6), deck)
    scripts = {new_game(setup, seed).script for seed in range(8)}
    assert len(scripts) == 1
    assert [s.id for s in scripts.pop()] == ["doppelganger", "werewolves", "minion", "seer", "robber",
                                             "troublemaker", "drunk", "insomniac",
                                             "doppelganger:insomniac"]


# roles.md §A.1 (with the onuw changes listed under it: Leader before the Mad Scientist and the Intern,
# Family Man at 9-D, Voodoo Lou at 6-E) and §A.6 for the DG extra steps. Steps the reference leaves open
# (Groob/Zerb as one joint step, the DG Cow/Evilometer acting "simultaneously") are left out.
A1_ORDER = """
oracle copycat mirror_man doppelganger vampires the_count doppelganger:the_count renfield
doppelganger:renfield diseased cupid instigator priest doppelganger:priest assassin doppelganger:assassin
apprentice_assassin doppelganger:apprentice_assassin mark_check lovers sentinel aliens cow body_snatcher
doppelganger:body_snatcher villains evilometer werewolves alpha_wolf mystic_wolf minion apprentice_tanner
doppelganger:apprentice_tanner leader doppelganger:leader mad_scientist doppelganger:mad_scientist intern
doppelganger:intern masons thing annoying_lad seer apprentice_seer paranormal_investigator marksman
doppelganger:marksman nostradamus doppelganger:nostradamus psychic doppelganger:psychic detector robber
witch pickpocket doppelganger:pickpocket role_retriever voodoo_lou troublemaker village_idiot aura_seer
doppelganger:aura_seer gremlin doppelganger:gremlin rascal doppelganger:rascal switcheroo drunk insomniac
doppelganger:insomniac self_awareness_girl doppelganger:self_awareness_girl squire doppelganger:squire
family_man doppelganger:family_man beholder doppelganger:beholder revealer doppelganger:revealer exposer
doppelganger:exposer flipper doppelganger:flipper empath doppelganger:empath curator doppelganger:curator
blob mortician doppelganger:mortician
""".split()


def test_full_onuw_roster_follows_the_master_step_list():
    roster = [r.id for r in default_catalog().in_ruleset("onuw")]
    ids = script_ids(roster)
    missing = [s for s in A1_ORDER if s not in ids]
    assert missing == []
    assert [s for s in ids if s in A1_ORDER] == A1_ORDER


@pytest.mark.parametrize("roster, expected", [
    (("sentinel", "werewolf", "alpha_wolf", "mystic_wolf", "seer", "apprentice_seer"),
     ["sentinel", "werewolves", "alpha_wolf", "mystic_wolf", "seer", "apprentice_seer"]),
    (("robber", "witch", "voodoo_lou", "troublemaker", "village_idiot", "drunk"),
     ["robber", "witch", "voodoo_lou", "troublemaker", "village_idiot", "drunk"]),
    (("doppelganger", "insomniac", "squire", "family_man", "beholder", "revealer"),
     ["doppelganger", "insomniac", "doppelganger:insomniac", "squire", "doppelganger:squire", "family_man",
      "doppelganger:family_man", "beholder", "doppelganger:beholder", "revealer", "doppelganger:revealer"]),
    (("the_count", "vampire", "the_master", "werewolf", "seer", "villager"),  # the Master wakes with the
     ["vampires", "the_count", "mark_check", "werewolves", "seer"]),           # vampires; MARK after twilight
    (("minion", "apprentice_tanner", "leader", "mad_scientist", "intern", "mason"),
     ["minion", "apprentice_tanner", "leader", "mad_scientist", "intern", "masons"]),
])
def test_expansion_script_order(roster, expected):
    assert script_ids(roster) == expected


def test_dg_extra_step_only_with_both_roles_in_the_roster():
    assert "doppelganger:insomniac" in script_ids(("doppelganger", "insomniac"))
    assert "doppelganger:insomniac" not in script_ids(("doppelganger", "seer"))
    assert "doppelganger:insomniac" not in script_ids(("insomniac", "seer"))
    assert "doppelganger:the_count" in script_ids(("doppelganger", "the_count"))
    assert not any(s.startswith("doppelganger:") for s in script_ids(
        ("doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker", "drunk")))


# -- ghost steps (roles.md §A.4) ---------------------------------------------------------------------

def ghost_steps(g) -> list[str]:
    return [e.step for e in g.events if e.kind == "ghost"]


def test_center_only_roles_get_ghost_steps():
    played = play(["werewolf", "villager", "villager", "villager"], ["seer", "robber", "insomniac"],
                  {"werewolves": PASS})
    g = played.state
    assert [s.id for s in g.script] == ["werewolves", "seer", "robber", "insomniac"]
    assert played.steps_prompted() == ["werewolves"]
    assert ghost_steps(g) == ["seer", "robber", "insomniac"]
    # the public script (what the narrator calls and times) still holds every step
    assert [s.id for s in public_view(g).script] == ["werewolves", "seer", "robber", "insomniac"]


def test_ghost_steps_are_the_steps_where_nobody_is_prompted():
    played = play(["doppelganger", "minion", "troublemaker", "villager", "villager"],
                  ["werewolf", "werewolf", "insomniac"],
                  {"doppelganger": copy("p3"), "troublemaker": swap("p0", "p1")})
    g = played.state
    prompted = set(played.steps_prompted())
    assert ghost_steps(g) == [s.id for s in g.script if s.id not in prompted]
    assert ghost_steps(g) == ["werewolves", "insomniac", "doppelganger:insomniac"]


def test_doppelganger_in_the_center_leaves_its_steps_as_ghosts():
    played = play(["insomniac", "drunk", "villager"], ["doppelganger", "villager", "villager"],
                  {"drunk": take("c0")})
    g = played.state
    assert [s.id for s in g.script] == ["doppelganger", "drunk", "insomniac", "doppelganger:insomniac"]
    assert ghost_steps(g) == ["doppelganger", "doppelganger:insomniac"]
    # the Drunk now holds the DG card but does not wake at 9a: night identity never follows a card
    assert played.prompts_of(1, "doppelganger:insomniac") == []


def test_dg_extra_step_is_a_ghost_when_the_dg_copied_something_else():
    played = play(["doppelganger", "insomniac", "villager"], V3, {"doppelganger": copy("p2")})
    assert "doppelganger:insomniac" in ghost_steps(played.state)
    assert [p.seat for p in played.prompts if p.step.startswith("doppelganger:")] == []


def test_prompts_follow_the_script_order():
    played = play(["doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker",
                   "drunk", "insomniac", "mason"], ["werewolf", "villager", "villager"],
                  {"doppelganger": [copy("p8")], "seer": PASS, "robber": PASS, "troublemaker": PASS,
                   "drunk": take("c1"), "werewolves": PASS})
    order = [s.id for s in played.state.script]
    positions = [order.index(p.step) for p in played.prompts]
    assert positions == sorted(positions)
    assert played.steps_prompted() == ["doppelganger", "werewolves", "minion", "masons", "seer", "robber",
                                       "troublemaker", "drunk", "insomniac", "doppelganger:insomniac"]


def test_several_seats_in_one_step_act_in_seat_order():
    played = play(["seer", "villager", "seer", "villager", "seer"], V3,
                  {"seer": [PASS, PASS, PASS]})
    assert [p.seat for p in played.prompts_of(step="seer")] == [0, 2, 4]


def test_the_same_game_gives_the_same_prompts_in_the_same_order():
    deal = ["doppelganger", "werewolf", "seer", "robber", "troublemaker", "insomniac"]
    answers = {"doppelganger": [copy("p2"), look("c0", "c1")], "seer": PASS,
               "robber": PASS, "troublemaker": PASS, "werewolves": PASS}
    first = play(deal, ["drunk", "villager", "minion"], answers, votes=[1, 0, 1, 1, 1, 1])
    second = play(deal, ["drunk", "villager", "minion"], answers, votes=[1, 0, 1, 1, 1, 1])
    assert first.prompts == second.prompts
    assert first.state == second.state
    assert first.state.events == second.state.events


def test_night_then_one_vote_prompt_per_seat_in_seat_order():
    played = play(["werewolf", "seer", "villager", "villager"], V3, {"werewolves": PASS, "seer": PASS},
                  votes=[1, 0, 0, 0])
    votes = [p for p in played.prompts if p.kind == "vote"]
    assert [p.seat for p in votes] == [0, 1, 2, 3]
    assert [a.targets for a in votes[1].options] == [("p0",), ("p2",), ("p3",)]
    assert played.state.events[-5:-1] == tuple(
        Event("vote", "vote", s, None, a) for s, a in
        enumerate([votes[0].options[0], votes[1].options[0], votes[2].options[0], votes[3].options[0]]))
    assert pending(played.state) is None
