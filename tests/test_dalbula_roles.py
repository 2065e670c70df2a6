"""The Dalbula roles whose night or win S0 (seed 000) words differently from the official One Night rules,
each played under both rulesets on the same table, so that every test fails if the two stop differing
where the reference says they do (rules/roles.md #2/#3, #36/#37, #42, #46, #67, E-1, E-13, E-34, E-55;
resolution.md A16). The worked games are in scenarios/dalbula/s0-roles.toml; docs/dalbula.md lists every
role."""

from __future__ import annotations

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.errors import IllegalAction
from onenight_core.model.values import Action, CardView, Learned

from conftest import DONE, PASS, names
from test_dalbula_resolution import dawn_under


def game(ruleset: str, deck: tuple[str, ...], players: int, **pins: object):
    """A game dealt exactly ``deck`` (seats, then the center) under ``ruleset``, draws pinned by ``pins``."""
    return new_game(Setup(names(players), deck, ruleset=ruleset, draws=pins), 0, deal=deck)


def until(g, step: str):
    """Answer every prompt with pass (or its first option) until ``step`` asks."""
    while (p := pending(g)) is not None and p.step != step:
        g = apply(g, PASS if PASS in p.options else p.options[0])
    return g


def finish_night(g):
    while (p := pending(g)) is not None and p.kind != "vote":
        g = apply(g, PASS if PASS in p.options else p.options[0])
    return g


# -- Witch (6B): "자신을 제외한 원하는 플레이어의 카드와 교체" -----------------------------------------------

WITCH_DECK = ("werewolf", "witch", "seer", "villager", "tanner", "drunk", "robber")


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_witch_gives_the_center_card_to_herself_under_onuw_only(ruleset):
    """roles.md #46: S0's target is any player except herself; OFF lets her take it herself (E-1)."""
    g = until(game(ruleset, WITCH_DECK, 4), "witch")
    g = apply(g, Action("look", ("c0",)))
    g = apply(g, DONE)  # she has seen the Tanner
    p = pending(g)
    own = Action("swap", ("c0", "p1"))
    others = [Action("swap", ("c0", pos)) for pos in ("p0", "p2", "p3")]
    assert p.seat == 1 and p.stage == "swap"
    assert set(others) <= set(p.options)
    if ruleset == "onuw":
        assert own in p.options
    else:
        assert own not in p.options
        with pytest.raises(IllegalAction):
            apply(g, own)


# -- Nostradamus (5E): "최초 한 번은 필수 ... 시민 + 영웅 팀이 아닌 카드를 보면 즉시 종료" --------------------------

NOSTRADAMUS_DECK = ("nostradamus", "villager", "werewolf", "seer", "tanner", "drunk", "robber")


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_nostradamus_first_view_is_mandatory_under_dalbula(ruleset):
    """roles.md #42: S0 makes the first view mandatory; OFF allows none (E-55)."""
    p = pending(until(game(ruleset, NOSTRADAMUS_DECK, 4), "nostradamus"))
    assert p.seat == 0 and {Action("look", (pos,)) for pos in ("p1", "p2", "p3")} <= set(p.options)
    assert (PASS in p.options) == (ruleset == "onuw")


def test_nostradamus_stops_at_once_on_a_card_not_of_the_citizen_team_under_dalbula():
    """roles.md #42: after a village card he may look again (or stop); a werewolf ends his views."""
    g = until(game("dalbula", NOSTRADAMUS_DECK, 4), "nostradamus")
    g = apply(apply(g, Action("look", ("p1",))), DONE)  # a Villager: he may go on
    p = pending(g)
    assert p.step == "nostradamus" and PASS in p.options and Action("look", ("p2",)) in p.options
    g = apply(apply(g, Action("look", ("p2",))), DONE)  # the Werewolf: he stops at once
    p = pending(g)
    assert p.step != "nostradamus"
    assert dict(g.facts.predictions)[0] == "werewolf"


# -- Family Man (13B): "'가족'으로 정해진 플레이어들의 카드를 볼 수 있습니다" ------------------------------------

FAMILY_DECK = ("family_man", "werewolf", "sentinel", "villager", "seer", "mortician", "drunk", "robber")


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_family_man_views_his_familys_cards_at_13b_under_dalbula(ruleset):
    """roles.md #67, E-13: S0 wakes him at 13B (after the Mortician) and he views the family's current
    cards, a shielded one excepted; OFF wakes him at 9-D and he only learns who they are."""
    g = game(ruleset, FAMILY_DECK, 5, family_man="split_2", mortician=0)
    ids = [s.id for s in g.script]
    assert (ids.index("family_man") > ids.index("mortician")) == (ruleset == "dalbula")
    g = until(g, "sentinel")
    g = apply(g, Action("shield", ("p4",)))  # his family is p1 and p4 (split_2 from seat 0)
    g = finish_night(g)
    assert Learned(0, ("p1", "p4"), "family", "family_man") in g.observations
    views = [(o.pos, o.role) for o in g.observations if isinstance(o, CardView) and o.step == "family_man"]
    assert views == ([("p1", "werewolf")] if ruleset == "dalbula" else [])


# -- Thing (4B) and Annoying Lad (4C): "양 옆 플레이어 중 하나를 가격합니다" -------------------------------------

@pytest.mark.parametrize("role", ["thing", "annoying_lad"])
@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_thing_must_tap_a_neighbour_under_dalbula(ruleset, role):
    """roles.md #36/#37, E-34: S0 words the tap as done; OFF says "may"."""
    deck = ("werewolf", role, "seer", "villager", "tanner", "drunk", "robber")
    p = pending(until(game(ruleset, deck, 4), role))
    assert p.seat == 1 and {Action("tap", ("p0",)), Action("tap", ("p2",))} <= set(p.options)
    assert (PASS in p.options) == (ruleset == "onuw")


# -- Apprentice Tanner (3B): "게임 종료 시 절망자가 없다면 승리조건 : (특수 팀) 자신이 사망할 것" -----------------

def test_two_apprentice_tanners_without_a_tanner_do_not_share_a_win_under_dalbula():
    """resolution.md A16: with no Tanner, onuw's apprentices share a team (any of them dying wins for
    both); S0 gives each one his own death only. Either death still sinks the evil teams."""
    seats = ["werewolf", "apprentice_tanner", "apprentice_tanner", "seer", "villager"]
    votes = [1, 0, 1, 1, 1]  # apprentice 1 dies
    onuw = dawn_under("onuw", seats, votes)
    dalbula = dawn_under("dalbula", seats, votes)
    assert sorted(onuw.dead) == sorted(dalbula.dead) == [1]
    assert {1, 2} <= set(onuw.winners)
    assert 1 in dalbula.winners and 2 not in dalbula.winners
    assert 0 not in dalbula.winners  # the apprentice's death is a loss for the werewolves


def test_an_apprentice_tanner_with_a_tanner_still_wins_on_the_tanners_death_under_dalbula():
    seats = ["werewolf", "tanner", "apprentice_tanner", "seer", "villager"]
    out = dawn_under("dalbula", seats, [1, 0, 1, 1, 1])
    assert sorted(out.dead) == [1] and {1, 2} <= set(out.winners)


# -- One Night corner: a Copycat that copied the Mirror Man ---------------------------------------------------

@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_a_copycat_that_copied_the_mirror_man_copies_another_center_card(ruleset):
    """roles.md #2 ("R = Mirror Man: acts at −8-SV as a Mirror Man and views another center card") and #3."""
    deck = ("copycat", "werewolf", "seer", "villager", "mirror_man", "robber", "drunk")
    g = until(game(ruleset, deck, 4), "copycat")
    g = apply(apply(g, Action("copy", ("c0",))), DONE)
    p = pending(g)
    assert p.step == "mirror_man" and p.seat == 0
    assert p.options == (Action("copy", ("c1",)), Action("copy", ("c2",)))
    with pytest.raises(IllegalAction):
        apply(g, Action("copy", ("c0",)))
    g = apply(apply(g, Action("copy", ("c1",))), DONE)
    assert g.cards[0].copied == "robber" and g.night_roles[0] == "robber"


# -- Super Villains (1-SV-A..D): one villain step whose sub-actions are the four cards -----------------------

def test_the_villains_act_once_in_their_group_step_under_dalbula():
    """roles.md #22–#25: Dalbula's 1-SV-A..D are the sub-actions of the one villain step (S0 lists them as
    rows of the table order); Dr. Peeker and Rapscallion are not called again in steps of their own."""
    deck = ("werewolf", "dr_peeker", "rapscallion", "henchman_7", "seer", "villager", "alien", "tanner")
    g = game("dalbula", deck, 5)
    ids = [s.id for s in g.script]
    assert "villains" in ids and not {"dr_peeker", "rapscallion", "henchman_7"} & set(ids)
    asked = []
    while (p := pending(g)) is not None and p.kind != "vote":
        if p.kind != "info":
            asked.append((p.step, p.seat))
        g = apply(g, PASS if PASS in p.options else p.options[0])
    assert [a for a in asked if a[1] in (1, 2)] == [("villains", 1), ("villains", 2)]


# -- Squire (9C) and Beholder (9Z): "그 카드까지 열람합니다" --------------------------------------------------

@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
@pytest.mark.parametrize("role, seen", [("squire", ("p0", "werewolf")), ("beholder", ("p2", "seer"))])
def test_the_squire_and_beholder_view_the_thumbs_cards_at_once_under_dalbula(ruleset, role, seen):
    """roles.md #58/#59, E-39: S0 shows them the cards with the thumbs; OFF lets them choose ("may")."""
    deck = ("werewolf", role, "seer", "villager", "tanner", "drunk", "robber")
    g = until(game(ruleset, deck, 4), role)
    p = pending(g)
    if ruleset == "onuw":
        assert p.kind == "act" and PASS in p.options
        return
    assert p.kind == "info"
    assert [(o.pos, o.role) for o in p.info if isinstance(o, CardView)] == [seen]


# -- Aura Seer (7C): "카드를 열람했거나 이동(교체 포함)한 플레이어들" ------------------------------------------------

@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_aura_seer_counts_cards_not_marks_under_dalbula(ruleset):
    """roles.md #51, E-32: S0 names cards only; the official Vampire-era card says "a card or a mark"."""
    deck = ("werewolf", "pickpocket", "aura_seer", "villager", "tanner", "drunk", "robber")
    g = until(game(ruleset, deck, 4), "pickpocket")
    g = apply(g, Action("swap_marks", ("p1", "p3")))
    g = until(g, "aura_seer")
    [thumbs] = [o for o in pending(g).info if isinstance(o, Learned)]
    assert thumbs.who == (("p1",) if ruleset == "onuw" else ())
    # and she is told so: "viewed or moved a card", never "a card or mark" (the onuw label)
    assert thumbs.as_ == ("viewed_or_moved" if ruleset == "onuw" else "viewed_or_moved_card")


def test_the_dalbula_aura_seers_label_names_cards_only_in_every_language():
    import tomllib
    from pathlib import Path

    text = Path(__file__).resolve().parents[1] / "src" / "onenight_tui" / "text"
    marks = {"en": "mark", "fr": "marque", "ko": "징표", "zh": "标记"}
    for lang, mark in marks.items():
        tables = tomllib.loads((text / f"{lang}.toml").read_text(encoding="utf-8")).values()
        catalog = {key: line for table in tables if isinstance(table, dict) for key, line in table.items()}
        assert mark in catalog["label_viewed_or_moved"]  # the onuw label: a card or a mark
        assert mark not in catalog["label_viewed_or_moved_card"] and catalog["note_viewed_or_moved_card"]


# -- Cow (1C), Leader (3E), Evilometer (1-SV-E): the Synthetic is no alien; the tapper is named ---------------

ALIEN_PINS = {"alien": "stare", "ripple": "none"}


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_synthetic_alien_never_taps_the_cow_under_dalbula(ruleset):
    """roles.md #17 (Edge), E-8: S0's Synthetic "does not count as an alien" for the Cow."""
    deck = ("synthetic_alien", "cow", "villager", "alien", "tanner", "drunk", "robber")
    g = finish_night(game(ruleset, deck, 4, **ALIEN_PINS))
    felt = [o.as_ for o in g.observations if isinstance(o, Learned) and o.seat == 1 and o.step == "cow"]
    assert felt == (["cow_tapped"] if ruleset == "onuw" else ["cow_not_tapped"])


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_cow_learns_who_tapped_under_dalbula(ruleset):
    """roles.md #18, E-12: S0 "카우는 누가 잡았는지 알 수 있습니다"; OFF: only a yes/no."""
    deck = ("villager", "cow", "alien", "seer", "tanner", "drunk", "robber")
    g = finish_night(game(ruleset, deck, 4, **ALIEN_PINS))
    felt = [(o.who, o.as_) for o in g.observations if isinstance(o, Learned) and o.seat == 1 and o.step == "cow"]
    assert felt == ([((), "cow_tapped")] if ruleset == "onuw" else [((), "cow_tapped"), (("p2",), "alien_tapper")])


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_evilometer_learns_who_tapped_under_dalbula(ruleset):
    """roles.md #26, E-12: like the Cow, with a villain neighbour."""
    deck = ("villager", "evilometer", "henchman_7", "seer", "tanner", "drunk", "robber")
    g = finish_night(game(ruleset, deck, 4))
    felt = [(o.who, o.as_) for o in g.observations if isinstance(o, Learned) and o.seat == 1]
    assert felt == ([((), "evilometer_tapped")] if ruleset == "onuw"
                    else [((), "evilometer_tapped"), (("p2",), "villain_tapper")])


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_leader_does_not_see_the_synthetic_aliens_thumb_under_dalbula(ruleset):
    """roles.md #34, E-8: every alien-class player thumbs, "rec: not the Synthetic"."""
    deck = ("leader", "synthetic_alien", "alien", "villager", "tanner", "drunk", "robber")
    g = finish_night(game(ruleset, deck, 4, **ALIEN_PINS))
    [thumbs] = [o for o in g.observations if isinstance(o, Learned) and o.seat == 0 and o.as_ == "alien"]
    assert thumbs.who == (("p1", "p2") if ruleset == "onuw" else ("p2",))


# -- the earlier Dalbula readings (roles.md E-2, E-11, E-31, E-35), pinned here beside the others ------------

@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_a_werewolf_waking_alone_beside_a_dream_wolf_may_peek_under_dalbula(ruleset):
    """roles.md #27, E-11: S0 "혼자 일어났다면" — the Dream Wolf does not wake, so the wolf woke alone."""
    p = pending(until(game(ruleset, ("werewolf", "dream_wolf", "seer", "villager", "tanner", "drunk", "robber"), 4),
                      "werewolves"))
    assert p.seat == 0 and (Action("look", ("c0",)) in p.options) == (ruleset == "dalbula")


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_cupid_must_give_two_marks_of_love_under_dalbula(ruleset):
    """roles.md #10, E-35: S0 "아무 두 플레이어에게" — exactly two; OFF "up to two"."""
    p = pending(until(game(ruleset, ("cupid", "werewolf", "seer", "villager", "tanner", "drunk", "robber"), 4),
                      "cupid"))
    assert p.seat == 0 and (PASS in p.options) == (ruleset == "onuw")


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_assassin_does_not_see_the_apprentice_under_dalbula(ruleset):
    """roles.md #13, E-31: S0's Assassin only gives the mark; the official one also sees the Apprentice."""
    deck = ("assassin", "apprentice_assassin", "werewolf", "villager", "tanner", "drunk", "robber")
    g = finish_night(game(ruleset, deck, 4))
    saw = [o.who for o in g.observations if isinstance(o, Learned) and o.seat == 0
           and o.as_ == "apprentice_assassin"]
    assert saw == ([("p1",)] if ruleset == "onuw" else [])


@pytest.mark.parametrize("ruleset", ["onuw", "dalbula"])
def test_the_gremlin_exchanges_two_other_players_only_under_dalbula(ruleset):
    """roles.md #52, E-2: S0 "다른 플레이어 둘"; OFF lets the Gremlin include himself."""
    p = pending(until(game(ruleset, ("werewolf", "gremlin", "seer", "villager", "tanner", "drunk", "robber"), 4),
                      "gremlin"))
    own = [a for a in p.options if "p1" in a.targets]
    assert bool(own) == (ruleset == "onuw")


# -- the narrator says the Dalbula night -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_narrator_reads_dalbulas_own_lines_where_s0_differs(lang):
    """The Witch gives to another player, the Squire and the Family Man look at the cards (S0 6B, 9C, 13B)."""
    from onenight_core.catalog.loader import default_catalog
    from onenight_core.engine.narration import narrate

    catalog = default_catalog()
    roster = ("family_man", "squire", "witch", "werewolf", "doppelganger", "villager", "seer")
    said = {rs: [line.text for cue in narrate(roster, lang, ruleset=rs).cues for line in cue.lines]
            for rs in ("onuw", "dalbula")}
    for role in ("witch", "squire", "family_man"):
        assert catalog[role].line("dalbula_wake", lang) in said["dalbula"]
        assert catalog[role].line("wake", lang) in said["onuw"]
        assert catalog[role].line("wake", lang) not in said["dalbula"]
    for role in ("squire", "family_man"):
        assert catalog[role].line("dalbula_doppelganger", lang) in said["dalbula"]


def test_docs_dalbula_has_one_row_per_dalbula_role():
    """docs/dalbula.md: one table row per role of the ruleset (issue 22), no more, no fewer."""
    import re
    from pathlib import Path

    from onenight_core.catalog.loader import default_catalog
    from onenight_core.rulesets import ruleset_for

    text = (Path(__file__).resolve().parent.parent / "docs" / "dalbula.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| [^|]+ \| `([a-z_0-9]+)` ", text, re.M)
    roles = [r.id for r in ruleset_for("dalbula").roles(default_catalog())]
    assert len(roles) == 81 and sorted(rows) == sorted(roles)
