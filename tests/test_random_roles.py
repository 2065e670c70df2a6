"""The roles the app instructs at random: Psychic, Rascal, Exposer, Mortician, Blob, Family Man, Empath
(rules/roles.md #43, #53, #61, #63, #65–#67, §D.4–D.7, §D.10, E-13, E-14), one rule per test.

Games go through the engine's protocol with explicit deals and pinned draws (``Setup.draws``); the worked
cases are in scenarios/random/. These tests say what the files cannot: what is refused, what is drawn
from which stream, what is announced and that it never depends on the deal, that the app's weights are
used under ``onuw``."""

from __future__ import annotations

from collections import Counter

import pytest

from onenight_core import Setup, apply, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Action, CardView, Learned
from onenight_core.play.bots import play_game
from onenight_core.rulesets.draws import DrawPinError
from onenight_core.rulesets.onuw.roles import playable
from onenight_core.rulesets.onuw.roles.groups import pattern_offsets, pattern_size

from conftest import DONE, PASS, names
from pinned_game_helpers import finish, game, until


def announced(g) -> list[tuple[str, str]]:
    return [(e.id, str(dict(e.params)["value"])) for e in g.public if e.kind == PublicKind.DRAW]


def test_every_onuw_role_is_playable():
    onuw = [r.id for r in default_catalog().roles if "onuw" in r.rulesets]
    assert len(onuw) == 80
    assert [r for r in onuw if not playable(r)] == []


# -- Psychic ---------------------------------------------------------------------------------------

def test_the_psychic_may_view_only_a_designated_card():
    deck = ("psychic", "werewolf", "seer", "villager", "villager", "werewolf", "tanner", "villager")
    p = pending(until(game(deck, 5, psychic_id="odd"), "psychic"))
    # the Psychic is player 1 (odd): the other odd-numbered players are players 3 and 5
    assert p.stage == "view_one:odd"
    assert p.options == (PASS, Action("look", ("p2",)), Action("look", ("p4",)))


def test_the_psychics_draw_is_private():
    g = finish(game(("psychic", "werewolf", "seer", "villager", "villager", "tanner", "drunk"), 4,
                    psychic_id="even"))
    assert ("psychic.id", "even") in [(s, str(v)) for s, v in g.drawn]
    assert [e for e in announced(g) if e[0].startswith("psychic")] == []


def test_view_two_has_app_weight_zero_under_onuw():
    with pytest.raises(DrawPinError):
        finish(game(("psychic", "werewolf", "seer", "villager", "tanner", "drunk", "robber"), 4,
                    psychic="view_two"))


def test_an_empty_designated_set_is_a_no_op_never_a_redraw():
    """ID-1 'higher' for the highest-numbered player names nobody: the Psychic may only pass."""
    deck = ("werewolf", "seer", "villager", "psychic", "tanner", "drunk", "robber")
    p = pending(until(game(deck, 4, psychic_id="higher"), "psychic"))
    assert p.options == (PASS,)


def test_a_shielded_card_is_never_offered():
    deck = ("sentinel", "psychic", "werewolf", "villager", "tanner", "drunk", "robber")
    g = until(game(deck, 4, psychic_id="higher"), "sentinel")
    g = apply(g, Action("shield", ("p2",)))
    p = pending(until(g, "psychic"))
    assert p.options == (PASS, Action("look", ("p3",)))


# -- Rascal ----------------------------------------------------------------------------------------

def test_the_rascal_draws_with_the_apps_weights():
    """onuw: witch 30, troublemaker 40, robber 30; never the drunk or the idiot (App weight 0, E-18)."""
    kinds = Counter()
    deck = ("rascal", "werewolf", "seer", "villager", "tanner", "drunk", "robber")
    for seed in range(300):
        p = pending(until(game(deck, 4, seed), "rascal"))
        kinds[p.stage.partition(":")[0]] += 1
    assert set(kinds) == {"witch", "troublemaker", "robber"}
    assert kinds["troublemaker"] > kinds["witch"] and kinds["troublemaker"] > kinds["robber"]


def test_the_rascal_drunk_cannot_be_pinned_under_onuw():
    with pytest.raises(DrawPinError):
        finish(game(("rascal", "werewolf", "seer", "villager", "tanner", "drunk", "robber"), 4, rascal="drunk"))


def test_the_rascal_witch_must_swap_and_never_with_himself():
    deck = ("rascal", "werewolf", "villager", "seer", "tanner", "drunk", "robber")
    g = until(game(deck, 4, rascal="witch", rascal_id="even"), "rascal")
    g = apply(g, Action("look", ("p1",)))
    g = apply(g, DONE)  # the card he saw
    p = pending(g)
    assert PASS not in p.options
    assert p.options == (Action("swap", ("p1", "p2")), Action("swap", ("p1", "p3")))


def test_the_rascal_robber_views_his_new_card():
    deck = ("rascal", "werewolf", "villager", "seer", "tanner", "drunk", "robber")
    g = until(game(deck, 4, rascal="robber", rascal_id=["p1", "p2", "p3"]), "rascal")
    g = apply(g, Action("swap", ("p0", "p1")))
    assert g.cards[0].role == "werewolf"
    assert CardView(0, "p0", "werewolf", "rascal") in g.observations


# -- Exposer ---------------------------------------------------------------------------------------

def test_the_exposer_flips_exactly_n_or_none():
    deck = ("exposer", "werewolf", "villager", "seer", "tanner", "drunk", "robber")
    p = pending(until(game(deck, 4, exposer=3), "exposer"))
    assert p.options == (PASS, Action("flip", ("c0", "c1", "c2")))
    g = apply(until(game(deck, 4, exposer=3), "exposer"), p.options[1])
    assert all(card.face_up for card in g.cards[4:])


def test_the_exposer_count_follows_the_app_table():
    counts = Counter()
    deck = ("exposer", "werewolf", "villager", "seer", "tanner", "drunk", "robber")
    for seed in range(200):
        counts[pending(until(game(deck, 4, seed), "exposer")).stage] += 1
    assert counts["flip_1"] > counts["flip_2"] > counts.get("flip_3", 0)


# -- Mortician -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("count", "direction", "looks"), [
    (1, "left", [("p2",)]), (1, "right", [("p0",)]), (1, "choice", [("p0",), ("p2",)]), (2, None, [("p0", "p2")]),
])
def test_the_mortician_views_only_the_neighbours_he_is_told(count, direction, looks):
    deck = ("villager", "mortician", "werewolf", "seer", "tanner", "drunk", "robber")
    pins = {"mortician": count} | ({"mortician_id": direction} if direction else {})
    p = pending(until(game(deck, 4, **pins), "mortician"))
    assert p.options == (PASS, *(Action("look", t) for t in looks))


def test_the_mortician_who_pretends_sees_nothing():
    deck = ("villager", "mortician", "werewolf", "seer", "tanner", "drunk", "robber")
    p = pending(until(game(deck, 4, mortician=0), "mortician"))
    assert p.kind == "info" and p.stage == "pretend" and p.options == (DONE,)


# -- Blob and Family Man -----------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "size"), [(3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 3), (9, 4), (10, 4)])
def test_the_pattern_size_follows_the_player_count(players, size):
    assert pattern_size(players) == size


def test_pattern_offsets():
    assert pattern_offsets("left_3") == (1, 2, 3)
    assert pattern_offsets("right_2") == (-1, -2)
    assert pattern_offsets("split_4") == (1, 2, -1, -2)


def test_a_wrong_size_pattern_is_refused():
    with pytest.raises(DrawPinError):
        finish(game(("blob", "werewolf", "seer", "villager", "villager", "tanner", "drunk", "robber"), 5,
                    blob="left_1"))


def test_the_blob_pattern_is_announced_even_from_the_center():
    held = finish(game(("blob", "werewolf", "seer", "villager", "villager", "tanner", "drunk", "robber"), 5, 7))
    centre = finish(game(("villager", "werewolf", "seer", "villager", "tanner", "blob", "drunk", "robber"), 5, 7))
    assert [e for e in announced(held) if e[0] == "blob"] == [e for e in announced(centre) if e[0] == "blob"]
    assert len([e for e in announced(held) if e[0] == "blob"]) == 1


def test_blob_members_are_bound_to_the_card():
    g = finish(game(("blob", "werewolf", "seer", "villager", "villager", "tanner", "drunk", "robber"), 5,
                    blob="right_2"))
    assert dict(g.facts.blob_members) == {g.cards[0].id: (-1, -2)}


def test_the_family_man_learns_his_family_and_views_no_card():
    deck = ("family_man", "werewolf", "seer", "villager", "villager", "tanner", "drunk", "robber")
    g = finish(game(deck, 5, family_man="split_2"))
    assert Learned(0, ("p1", "p4"), "family", "family_man") in g.observations
    assert not any(isinstance(o, CardView) and o.seat == 0 for o in g.observations)


def test_the_family_man_wakes_after_the_squire_under_onuw():
    deck = ("family_man", "werewolf", "squire", "insomniac", "revealer", "tanner", "drunk", "robber")
    ids = [s.id for s in game(deck, 5).script]
    assert ids.index("squire") < ids.index("family_man") < ids.index("revealer")


def test_the_doppelganger_blob_has_a_step_of_its_own():
    deck = ("doppelganger", "blob", "werewolf", "villager", "seer", "tanner", "drunk")
    ids = [s.id for s in game(deck, 4).script]
    assert ids.index("blob") + 1 == ids.index("doppelganger:blob")


# -- Empath ----------------------------------------------------------------------------------------

def test_the_empath_is_left_out_of_the_group_and_watches_last():
    deck = ("werewolf", "empath", "villager", "seer", "villager", "tanner", "drunk", "robber")
    g = until(game(deck, 5, empath=2, empath_id="everyone"), "empath")
    asked = []
    while (p := pending(g)) is not None and p.step == "empath":
        asked.append((p.seat, p.stage))
        g = apply(g, p.options[-1])
    assert asked == [(0, "respond"), (2, "respond"), (3, "respond"), (4, "respond"), (1, "watch")]
    pointing = [o for o in g.observations if isinstance(o, Learned) and o.as_ == "empath_pointing"]
    assert [o.who[0] for o in pointing] == ["p0", "p2", "p3", "p4"]


def test_a_respondent_never_points_at_himself():
    deck = ("werewolf", "empath", "villager", "seer", "tanner", "drunk", "robber")
    p = pending(until(game(deck, 4, empath=5, empath_id="odd"), "empath"))
    assert p.seat == 0 and Action("point", ("p0",)) not in p.options and len(p.options) == 3


def test_the_empath_announcements_never_depend_on_the_deal():
    """The same roster dealt differently (the Empath in the center in one): the same group and question
    are announced, from the same streams, for every seed."""
    a = ("werewolf", "empath", "villager", "seer", "villager", "tanner", "drunk", "robber")
    b = ("villager", "seer", "werewolf", "villager", "tanner", "empath", "drunk", "robber")
    for seed in range(40):
        heard_a = [e for e in announced(finish(game(a, 5, seed))) if e[0].startswith("empath")]
        heard_b = [e for e in announced(finish(game(b, 5, seed))) if e[0].startswith("empath")]
        assert heard_a == heard_b and len(heard_a) == 2, seed


def test_bots_play_every_new_role_to_the_end():
    deck = ("doppelganger", "werewolf", "werewolf", "psychic", "rascal", "exposer", "mortician", "blob",
            "family_man", "empath", "villager")
    for seed in range(40):
        g = play_game(Setup(names(8), deck), seed)
        assert g.outcome is not None
        assert sorted(c.role for c in g.cards) == sorted(deck)


def test_a_repeated_night_draws_again_from_loop2_streams():
    """The ripple repeat_night calls the Blob and Empath steps once more: their draws come from
    ``#loop2`` streams (roles.md D.11) and the Blob's second announcement is the one bound to its card."""
    deck = ("alien", "blob", "empath", "psychic", "villager", "seer", "tanner", "drunk")
    g = finish(game(deck, 5, 3, alien="stare", ripple="repeat_night"))
    streams = [s for s, _v in g.drawn]
    for stream in ("blob", "blob#loop2", "empath.group", "empath.group#loop2", "empath.q", "empath.q#loop2"):
        assert stream in streams, stream
    blob_card = next(c for c in g.cards if c.role == "blob")
    second = [v for e, v in announced(g) if e == "blob"][-1]
    assert dict(g.facts.blob_members)[blob_card.id] == pattern_offsets(second)
    assert len([v for e, v in announced(g) if e == "blob"]) == 2
    assert g.outcome is not None


def test_a_copycat_psychic_draws_with_the_copys_pins():
    """A Copycat that becomes the Psychic acts in the Psychic's step with its own draw (``dg_`` pins,
    ``psychic#dg`` streams), like the Doppelganger's copy (FORMAT-random.md)."""
    deck = ("copycat", "werewolf", "seer", "villager", "psychic", "tanner", "drunk")
    g = until(game(deck, 4, psychic_id="odd", dg_psychic_id="even"), "copycat")
    p = pending(g)
    g = apply(g, next(o for o in p.options if o.targets == ("c0",)))
    p = pending(until(g, "psychic"))
    assert p.seat == 0 and p.copier == "copycat" and p.stage == "view_one:even"
    assert p.options == (PASS, Action("look", ("p1",)), Action("look", ("p3",)))
    assert "psychic#dg.id" in [s for s, _v in until(g, "psychic").drawn]


def test_a_table_with_its_own_cards_hears_the_private_instructions():
    """``narrate`` (physical cards) says the Psychic's, Rascal's, Exposer's and Mortician's instructions
    aloud, in words; the hot-seat game keeps them in the private prompt (nothing announced)."""
    from onenight_core.engine.narration import draw_text, table_heard

    roster = ("werewolf", "werewolf", "psychic", "rascal", "mortician", "exposer", "seer")
    heard = table_heard(roster, 3)
    ids = [e.id for e in heard if e.kind == PublicKind.DRAW]
    assert {"psychic", "psychic_id", "rascal", "rascal_id", "exposer", "mortician"} <= set(ids)
    catalog = default_catalog()
    for event in heard:
        if event.kind == PublicKind.DRAW:
            text = draw_text(catalog, event)
            assert text != str(dict(event.params)["value"]) and " " in text, (event, text)
    g = finish(game(roster, 4, 3))
    assert not [e for e in announced(g) if e[0].split("_")[0] in ("psychic", "rascal", "exposer", "mortician")]


def test_the_story_tells_the_exposers_several_flips():
    # the story's _take_view needs the kind of view it takes: the several-card flip called it without
    # one and raised TypeError when the story was told (found by mypy strict at the merge)
    from onenight_core.play.story import sections

    deck = ("exposer", "werewolf", "villager", "seer", "tanner", "drunk", "robber")
    g = until(game(deck, 4, exposer=3), "exposer")
    g = apply(g, pending(g).options[1])
    night = next(s for s in sections(g) if s.title == "night")
    assert "flipped_several" in repr(night.lines)
