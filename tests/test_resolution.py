"""The day vote, deaths and victory under ``onuw`` (rules/resolution.md 1.A, 2.A, Part 3, Appendix B).

The tables are set at dawn with ``dawn_game`` (docs/engine.md) and every vote goes through ``apply``.
Appendix B's worked examples are read from the reference itself; the other cases were worked out by hand
from the rules they name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from onenight_core import Action, Card, IllegalAction, RoleFacts, Setup, apply, dawn_game, pending

from onenight_core.model.messages import Message, say
from onenight_tui.text.words import Wording

from conftest import dawn, names, vote

_EN = Wording(tuple(f"p{i}" for i in range(16)))


def said(message: Message) -> str:
    """An outcome's cause or reason in English words, players named p0, p1… (the text layer)."""
    assert isinstance(message, Message)
    return _EN.phrase(message)


RESOLUTION_MD = Path(__file__).resolve().parent / "reference" / "resolution.md"  # shared/rules/ copy


# -- Appendix B, table-driven -------------------------------------------------------------------------

def appendix_b() -> list[dict]:
    """The JSON lines of resolution.md Appendix B."""
    text = RESOLUTION_MD.read_text(encoding="utf-8")
    block = text.split("## Appendix B", 1)[1].split("```jsonl", 1)[1].split("```", 1)[0]
    return [json.loads(line) for line in block.splitlines() if line.strip()]


def parse_seat(spec: str):
    """``werewolf+mark_of_the_traitor``, ``blob+members{-1,1}``, ``doppelganger@werewolf``,
    ``mark_of_love#1``, ``nostradamus+team{werewolf}``, ``werewolf+cudgel_of_the_tanner``."""
    role, *mods = spec.split("+")
    mark, artifact, couple, members, team = "mark_of_clarity", None, None, None, None
    for mod in mods:
        if m := re.fullmatch(r"members\{(.*)\}", mod):
            members = tuple(int(x) for x in m.group(1).split(","))
        elif m := re.fullmatch(r"team\{(.*)\}", mod):
            team = m.group(1)
        elif mod.startswith("mark_of_"):
            mark, _, c = mod.partition("#")
            couple = int(c) if c else None
        else:
            artifact = mod
    return role, mark, artifact, couple, members, team


def onuw_examples():
    rows = appendix_b()
    out = []
    for row in rows:
        if row["ruleset"] != "onuw":
            continue  # dalbula examples: the dalbula ruleset is not playable yet
        out.append(pytest.param(row, id=row["id"]))
    return out


@pytest.mark.parametrize("row", onuw_examples())
def test_appendix_b_worked_example(row):
    assert not row["dealer_dies"] and all(isinstance(v, int) for v in row["votes"]), "onuw rows only"
    seats = [parse_seat(s) for s in row["seats"]]
    facts = RoleFacts(
        blob_members=tuple((i, s[4]) for i, s in enumerate(seats) if s[4] is not None),
        couples=tuple((i, s[3]) for i, s in enumerate(seats) if s[3] is not None),
        nostradamus_team=next((s[5] for s in seats if s[5] is not None), None))
    out = dawn([s[0] for s in seats], row["votes"], marks=[s[1] for s in seats],
               artifacts=[s[2] for s in seats], facts=facts)
    assert (out.mode, sorted(out.dead), sorted(out.winners)) == (row["mode"], row["deaths"], row["winners"])


def test_appendix_b_has_onuw_examples():
    rows = appendix_b()
    assert sum(r["ruleset"] == "onuw" for r in rows) >= 20


# -- V5n: most votes die, ties all die, nobody unless someone has more than one vote ------------------

def test_most_votes_dies():
    # p0: 2 (p1, p3), p1: 1, p2: 1 (p4), p4: 1 -> only p0 dies; a werewolf died -> village wins
    out = dawn(["werewolf", "seer", "robber", "villager", "villager"], [1, 0, 4, 0, 2])
    assert (out.mode, out.dead, out.winners) == ("normal", {0}, {1, 2, 3, 4})


def test_tie_for_most_votes_kills_everyone_tied():
    # p0: 2 (p1, p2), p1: 2 (p0, p3) -> both die; the werewolf (p0) died -> the village wins, p1 included
    out = dawn(["werewolf", "villager", "seer", "troublemaker"], [1, 0, 0, 1])
    assert out.dead == {0, 1}
    assert out.winners == {1, 2, 3}


def test_three_way_tie_kills_all_three():
    # p0: 2 (p2, p3), p1: 2 (p0, p4), p2: 2 (p1, p5)
    out = dawn(["werewolf", "villager", "villager", "seer", "robber", "villager"], [1, 2, 0, 0, 1, 2])
    assert out.dead == {0, 1, 2}
    assert out.winners == {1, 2, 3, 4, 5}


def test_nobody_dies_when_nobody_has_two_votes():
    # circular vote: everyone has exactly one vote -> nobody dies; the werewolf and minion win
    out = dawn(["werewolf", "minion", "seer", "villager"], [1, 2, 3, 0])
    assert out.dead == frozenset()
    assert out.winners == {0, 1}
    assert out.deaths == ()


def test_two_votes_beat_a_field_of_single_votes():
    # p2: 2 (p0, p1); p0, p1, p3 one each -> only p2 (a villager) dies: the werewolf wins
    out = dawn(["villager", "villager", "villager", "werewolf", "seer"], [2, 2, 3, 0, 1])
    assert out.dead == {2}
    assert out.winners == {3}


def test_plurality_counts_the_top_tier_only():
    # p0: 3 (p1, p2, p3), p1: 2 (p0, p4) -> only p0 dies
    out = dawn(["villager", "werewolf", "villager", "villager", "seer"], [1, 0, 0, 0, 1])
    assert out.dead == {0}
    assert out.winners == {1}


# -- no werewolf among the players (W3b) ---------------------------------------------------------------

def test_no_werewolf_and_nobody_dies_village_wins():
    out = dawn(["seer", "robber", "villager", "villager"], [1, 2, 3, 0], center=["werewolf", "werewolf", "drunk"])
    assert out.dead == frozenset()
    assert out.winners == {0, 1, 2, 3}


def test_no_werewolf_and_someone_dies_nobody_on_the_village_wins():
    out = dawn(["seer", "robber", "villager", "villager"], [1, 0, 1, 1])
    assert out.dead == {1}
    assert out.winners == frozenset()
    assert all("died" in said(r) for r in out.reasons)


def test_no_werewolf_and_the_tanner_dies_only_the_tanner_wins():
    out = dawn(["tanner", "robber", "villager", "villager"], [1, 0, 0, 0])
    assert out.dead == {0}
    assert out.winners == {0}


# -- Hunter (V7h) --------------------------------------------------------------------------------------

def test_hunter_shot_kills_his_target():
    # O13-like: p1 (hunter) 3 votes; he voted p0 (werewolf)
    out = dawn(["werewolf", "hunter", "seer", "villager", "villager"], [1, 0, 1, 1, 3])
    assert out.dead == {0, 1}
    assert out.winners == {1, 2, 3, 4}
    cause = said(dict(out.deaths)[0])
    assert "hunter" in cause.lower() and "p1" in cause


def test_hunter_shots_chain():
    # p0 (hunter) 3 votes (p2, p3, p4) -> shoots p1 (hunter) -> shoots p2 (werewolf)
    out = dawn(["hunter", "hunter", "werewolf", "seer", "villager"], [1, 2, 0, 0, 0])
    assert out.dead == {0, 1, 2}
    assert out.winners == {0, 1, 3, 4}
    causes = {s: said(c) for s, c in out.deaths}
    assert "p0" in causes[1] and "p1" in causes[2]


def test_hunter_who_lives_shoots_nobody():
    # p3: 2 votes (p1, p2), the hunter (p0) has 1 -> only p3 dies; the hunter's target p2 lives
    out = dawn(["hunter", "werewolf", "villager", "villager"], [2, 3, 3, 0])
    assert out.dead == {3}
    assert out.winners == {1}


def test_hunter_shooting_the_tanner_gives_the_tanner_the_win():
    # p0 (hunter) 3 votes -> shoots p1 (tanner): tanner wins; no werewolf died and a tanner died
    out = dawn(["hunter", "tanner", "werewolf", "villager"], [1, 0, 0, 0])
    assert out.dead == {0, 1}
    assert out.winners == {1}


def test_hunter_shot_at_someone_already_dead_changes_nothing():
    # p0 and p1 tie with 2 votes; p1 (hunter) voted p0, who is dead already
    out = dawn(["werewolf", "hunter", "villager", "villager"], [1, 0, 0, 1])
    assert out.dead == {0, 1}
    assert out.winners == {1, 2, 3}


# -- Tanner (S-tanner, W5t) ----------------------------------------------------------------------------

def test_tanner_dies_alone_werewolves_cannot_win():
    out = dawn(["werewolf", "tanner", "villager", "villager"], [1, 0, 1, 1])
    assert out.dead == {1}
    assert out.winners == {1}
    assert "Tanner" in said(out.reasons[0])


def test_tanner_and_werewolf_die_tanner_and_village_win():
    # O07: p0 2 votes (p1, p2), p1 2 votes (p0, p3)
    out = dawn(["werewolf", "tanner", "seer", "villager", "villager"], [1, 0, 0, 1, 2])
    assert out.dead == {0, 1}
    assert out.winners == {1, 2, 3, 4}


def test_tanner_who_survives_loses():
    out = dawn(["werewolf", "tanner", "villager", "villager"], [2, 0, 0, 0])
    assert out.dead == {0}
    assert out.winners == {2, 3}
    assert "Tanner" in said(out.reasons[1])


def test_minion_without_werewolves_cannot_win_when_the_tanner_dies():
    # W5t vetoes minion_solo: the minion lives and someone else died, but that someone is the Tanner
    out = dawn(["minion", "tanner", "villager", "villager"], [1, 0, 1, 1])
    assert out.dead == {1}
    assert out.winners == {1}


# -- Minion (S-minion_solo, 2.A.11) --------------------------------------------------------------------

def test_minion_with_werewolves_wins_when_only_the_minion_dies():
    out = dawn(["werewolf", "minion", "seer", "villager"], [1, 0, 1, 1])
    assert out.dead == {1}
    assert out.winners == {0, 1}


def test_minion_with_werewolves_loses_when_a_werewolf_dies():
    out = dawn(["werewolf", "minion", "seer", "villager"], [2, 0, 0, 0])
    assert out.dead == {0}
    assert out.winners == {2, 3}


def test_minion_without_werewolves_wins_alive_when_another_dies():
    # O10
    out = dawn(["minion", "seer", "villager", "villager"], [1, 2, 3, 2])
    assert out.dead == {2}
    assert out.winners == {0}


def test_minion_without_werewolves_only_minion_dies_nobody_wins():
    # A13 / 2.A.11: the minion needed to survive; the village needed a death-free vote
    out = dawn(["minion", "seer", "villager", "villager"], [1, 0, 0, 0])
    assert out.dead == {0}
    assert out.winners == frozenset()


def test_minion_without_werewolves_and_nobody_dies():
    out = dawn(["minion", "seer", "villager", "villager"], [1, 2, 3, 0])
    assert out.dead == frozenset()
    assert out.winners == {1, 2, 3}


def test_minion_alone_does_not_make_the_werewolf_team_present():
    out = dawn(["minion", "seer", "villager", "villager"], [1, 2, 3, 0])
    assert "werewolf" not in [t for t, _, _ in out.teams]
    assert out.keys[0] == "minion_solo"


# -- copies at the vote (resolution.md 0.4) ------------------------------------------------------------

def test_doppelganger_card_counts_as_its_copy():
    out = dawn(["doppelganger@werewolf", "villager", "seer", "villager"], [1, 0, 0, 0])
    assert out.roles[0] == "werewolf" and out.kinds[0] == "werewolf"
    assert out.dead == {0}
    assert out.winners == {1, 2, 3}


def test_doppelganger_card_without_a_copy_is_a_village_member():
    out = dawn(["doppelganger", "werewolf", "seer", "villager"], [1, 0, 1, 1])
    assert out.kinds[0] is None and out.keys[0] == "village"
    assert out.dead == {1}
    assert out.winners == {0, 2, 3}


# -- ballots ---------------------------------------------------------------------------------------------

def _dawn_state(seats):
    setup = Setup(names(len(seats)), tuple(seats))
    return dawn_game(setup, [Card(i, r) for i, r in enumerate(seats)])


def test_vote_prompts_offer_every_other_player_and_never_oneself():
    g = _dawn_state(["werewolf", "seer", "villager", "villager"])
    for seat in range(4):
        p = pending(g)
        assert (p.seat, p.kind) == (seat, "vote")
        assert [a.targets for a in p.options] == [(f"p{t}",) for t in range(4) if t != seat]
        g = apply(g, vote((seat + 1) % 4))
    assert pending(g) is None


@pytest.mark.parametrize("bad", [vote(0), Action("vote", ("p9",)), Action("vote", ("c0",)),
                                 Action("vote", ("p1", "p2")), Action("vote"), Action("pass"),
                                 Action("done")])
def test_illegal_ballots_are_refused_and_change_nothing(bad):
    g = _dawn_state(["werewolf", "seer", "villager", "villager"])
    before = (g, g.prompt, repr(g))
    with pytest.raises(IllegalAction):
        apply(g, bad)
    assert (g, g.prompt, repr(g)) == before


def test_nothing_to_answer_once_the_game_is_over():
    g = _dawn_state(["werewolf", "seer", "villager"])
    for seat in range(3):
        g = apply(g, vote((seat + 1) % 3))
    assert g.phase == "over"
    with pytest.raises(IllegalAction):
        apply(g, vote(1))


# -- the outcome says who won and why, per seat ----------------------------------------------------------

def test_outcome_reasons_per_seat_name_the_cause():
    out = dawn(["werewolf", "minion", "seer", "tanner", "villager"], [2, 2, 0, 0, 0])
    # p0: 3 votes (p2, p3, p4), p2: 2 votes (p0, p1) -> p0 dies: the village (p2, p4) wins; the tanner
    # (p3) lived and the minion (p1) loses with the werewolves
    assert out.dead == {0}
    assert out.winners == {2, 4}
    assert len(out.reasons) == 5 and all(said(r).strip() for r in out.reasons)
    assert "p0" in said(out.reasons[2]) and "won" in said(out.reasons[2])
    assert "lost" in said(out.reasons[0]) and "p0" in said(out.reasons[0])
    assert "Tanner" in said(out.reasons[3])
    [(dead, cause)] = out.deaths
    assert cause == say("voted_out", count=3)
    assert said(out.reasons[2]) == "the village won: p0 of the werewolves died"
    assert out.reasons[2] == say("team_won", team="village", why=say("team_lost_members", team="werewolf", seats=(0,)))
    teams = {t: (won, why) for t, won, why in out.teams}
    assert teams["village"][0] is True and teams["werewolf"][0] is False
    assert all(why for _, why in teams.values())


def test_outcome_reason_for_a_tanner_veto():
    out = dawn(["werewolf", "werewolf", "tanner", "villager"], [2, 2, 0, 2])
    assert out.dead == {2}
    assert out.winners == {2}
    for wolf in (0, 1):
        assert "Tanner" in said(out.reasons[wolf]) and "cannot win" in said(out.reasons[wolf])


def test_outcome_reason_when_nobody_dies_without_werewolves():
    out = dawn(["seer", "villager", "villager"], [1, 2, 0])
    assert out.winners == {0, 1, 2}
    assert all("nobody died" in said(r) for r in out.reasons)
