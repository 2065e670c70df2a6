"""The private card's face (``card_face``, issue 24): one card screen for every family, its words worked
out by the family's driver from the seat's view alone — read here as plain functions, in every language."""

from __future__ import annotations

import pytest

from onenight_core import Setup, new_game
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.game import rules_for
from onenight_core.engine.views import view_for
from onenight_tui.card_face import CardFace, classic_face, one_night_face
from onenight_tui.text.classic_words import ClassicWords
from onenight_tui.text.app_words import AppWords
from onenight_tui.text.words import Wording

LANGS = ["en", "ko", "zh", "fr"]
NAMES = ("Mina", "Oskar", "Pia", "Quentin", "Rhea", "Sven")
ONE_NIGHT = Setup(NAMES[:5], ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac",
                              "villager"))
CLASSIC = Setup(NAMES, ("werewolf", "werewolf", "seer", "witch", "hunter", "villager"), "classic",
                {"events.new_moon": False})


def _plain(face: CardFace) -> None:
    for text in (face.who, face.role, face.side, face.text, face.hint, face.hide_key, *face.known):
        assert text.strip() and "{" not in text and "_" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_one_night_face_says_the_dealt_role_its_team_ability_and_goal(lang):
    catalog, say = default_catalog(), AppWords(lang)
    g = new_game(ONE_NIGHT, 7)
    for seat in range(len(ONE_NIGHT.players)):
        view = view_for(g, seat)
        words = Wording(view.public.players, catalog, lang, me=seat)
        face = one_night_face(view, catalog, lang)
        _plain(face)
        assert face == CardFace(
            who=say("card_who", name=NAMES[seat]), role=words.role(view.dealt), side=words.team(view.dealt),
            text=catalog[view.dealt].ability(lang),
            goal=words.goal(view.dealt, view.public.roster, view.public.ruleset),
            hint=say("private_hide_hint"), hide_key=say("key_card_hide"))
        assert NAMES[seat] in face.who and face.goal and face.known == ()


def _after_the_pack_met(lang: str):
    """A classic game just after its werewolves woke together (each knows the other)."""
    rules = rules_for(CLASSIC)
    g = rules.new_game(CLASSIC, 3)
    wolves = [s for s in range(len(NAMES)) if rules.view_for(g, s).role == "werewolf"]
    while not rules.view_for(g, wolves[0]).known:
        p = rules.pending(g)
        assert p is not None, "the pack never met"
        g = rules.apply(g, p.options[0])
    return rules, g, wolves


@pytest.mark.parametrize("lang", LANGS)
def test_the_classic_face_says_the_card_its_side_and_what_the_seat_knows(lang):
    rules, g, (wolf, other) = _after_the_pack_met(lang)
    w = ClassicWords(NAMES, lang)
    face = classic_face(rules.view_for(g, wolf), w)
    _plain(face)
    assert face.who == w.text("classic_card_title", player=NAMES[wolf])
    assert face.role == w.card("werewolf") and face.text == w.role_text("werewolf")
    assert face.side == w.text("classic_card_side", side_name=w.side(w.catalog.side("werewolf")))
    assert face.hint == w.text("classic_hide_hint") and face.hide_key == w.text("classic_key_hide")
    assert face.goal == ""
    assert face.known[0] == w.text("classic_known")
    assert f"• {w.text('classic_know_werewolf', targets=NAMES[other])}" in face.known[1:]
    # a packmate the table knows to be dead is marked so; a seat that learned nothing has no such block
    dead = classic_face(rules.view_for(g, wolf), w, dead=(other,))
    assert w.text("classic_name_dead", player=NAMES[other]) in "\n".join(dead.known)
    villager = next(s for s in range(len(NAMES)) if rules.view_for(g, s).role == "villager")
    assert classic_face(rules.view_for(g, villager), w).known == ()


def test_the_drivers_build_the_face_from_the_seat_s_view_only():
    """``table.card_face(seat)`` (the ``TableDriver`` protocol, both drivers) is the face of ``view_for(seat)``
    in the table's language — and, in classic, of the dead the table has heard of (none at night 1)."""
    from types import SimpleNamespace

    from onenight_core.play.saves import SavedGame
    from onenight_tui.tables import TableDriver
    from onenight_tui.tables.classic.table import ClassicTable
    from onenight_tui.tables.one_night import OneNightTable

    assert "card_face" in dir(TableDriver)
    catalog = default_catalog()
    one_night = OneNightTable(SimpleNamespace(catalog=catalog, lang="fr"))  # type: ignore[arg-type]
    one_night.game = new_game(ONE_NIGHT, 7, catalog=catalog)
    assert one_night.card_face(2) == one_night_face(view_for(one_night.game, 2), catalog, "fr")
    rules, g, (wolf, _) = _after_the_pack_met("ko")
    saved = SavedGame(CLASSIC, 3, (), {"stage": "night", "round": 1})
    table = ClassicTable(SimpleNamespace(lang="ko", saved=saved))  # type: ignore[arg-type]
    table.game = g
    assert table.card_face(wolf) == classic_face(rules.view_for(g, wolf), ClassicWords(NAMES, "ko"))
    assert table.card_face(wolf).known
