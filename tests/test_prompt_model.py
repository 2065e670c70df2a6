"""What the one prompt screen shows, as each family's driver builds it (``prompt_model.PromptModel``):
plain functions of a seat's view, no app. One Night's model has the table picture and the role's help,
classic's a plain list (the witch's victim, the pack so far, Cupid's players one at a time) and, after an
answer that taught the seat something, a result shown until Enter hides it."""

from __future__ import annotations

from typing import Any

import pytest

from onenight_core import Setup, apply, new_game, pending, view_for
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.game import rules_for
from onenight_core.play.saves import SavedGame
from onenight_tui.prompt_text import describe
from onenight_tui.tables.classic.prompt import classic_model
from onenight_tui.tables.classic.table import ClassicTable
from onenight_tui.tables.one_night import OneNightTable
from onenight_tui.tables.one_night_prompt import one_night_model, role_help
from onenight_tui.text.app_words import AppWords

LANGS = ["en", "ko", "zh", "fr"]
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
ONE_NIGHT = Setup(NAMES[:3], ("werewolf", "seer", "robber", "villager", "villager", "troublemaker"))
CLASSIC = Setup(NAMES, ("werewolf", "werewolf", "seer", "witch", "cupid", "villager"), "classic",
                {"events.new_moon": False})


SEER_SEED = next(s for s in range(100) if "seer" in new_game(ONE_NIGHT, s).dealt)  # a player is the Seer


class FakeApp:
    """What a driver asks of the app when a prompt is answered: the save, its notes, the language."""

    def __init__(self, setup: Setup, lang: str = "en") -> None:
        self.lang, self.catalog = lang, default_catalog()
        self.saved = SavedGame(setup, 3, (), {"stage": "night", "round": 1})

    def save(self, saved: SavedGame) -> None:
        self.saved = saved

    def note(self, **meta: Any) -> None:
        self.saved = self.saved.with_meta(**meta)


def classic_table(until_step: str, lang: str = "en") -> ClassicTable:
    """A classic table at night 1, answered with first answers until ``until_step`` is asked."""
    table = ClassicTable(FakeApp(CLASSIC, lang))  # type: ignore[arg-type]
    table.game = rules_for(CLASSIC).new_game(CLASSIC, 3)
    while (p := table.pending()) is not None and p.step != until_step:
        table.answer(p.options[0])
    assert table.pending() is not None, f"no {until_step} prompt"
    return table


def one_night_table() -> OneNightTable:
    table = OneNightTable(FakeApp(ONE_NIGHT))  # type: ignore[arg-type]
    table.game = new_game(ONE_NIGHT, SEER_SEED)
    while (p := pending(table.game)) is not None and p.step != "seer":
        table.game = apply(table.game, p.options[0])
    return table


def _plain(texts) -> None:
    for text in texts:
        assert "{" not in text and "classic_" not in text and "prompt_" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_classic_witch_s_model_names_the_victim_and_has_her_two_answers(lang):
    table = classic_table("witch", lang)
    p = table.pending()
    w = table.words
    model = table.prompt_model(p.seat)
    assert model is not None and model.picture is None and model.role_help is None and not model.learned
    assert model == classic_model(table.view_for(p.seat), w, {})  # the driver's model is the seat view's
    assert model.head == w.text("classic_prompt_head", player=NAMES[p.seat], card_name=w.card("witch"))
    assert model.info[0] == w.text("classic_witch_victim", target=w.who(str(p.info[0])))
    assert model.options == p.options and len(model.answers) == 2
    assert model.answers == tuple(w.action(a, p) for a in p.options)
    assert model.task == w.task(p, table.view_for(p.seat).witch) and model.hint == w.text("classic_pick_hint")
    assert model.hide_key == w.text("classic_key_hide") and model.clock == "{clock}"
    _plain(model.texts)


def test_cupid_picks_the_lovers_one_at_a_time_and_the_last_pick_answers():
    table = classic_table("cupid")
    p = table.pending()
    w = table.words
    model = table.prompt_model(p.seat)
    assert model is not None and model.picking is not None
    assert model.picking.listed == tuple(f"p{s}" for s in range(len(NAMES))) and model.picking.chosen == ()
    assert model.answers == NAMES and model.hint == w.text("classic_pick_hint")
    second = table.prompt_answer(model, 2)  # Cy: nothing is answered yet, Cy is no longer listed
    assert second is not None and second.picking is not None and table.pending() == p
    assert second.picking.chosen == ("p2",) and "p2" not in second.picking.listed
    assert second.hint == w.text("classic_picked_so_far", players=w.whom(["p2"]))
    assert second.answers == tuple(w.who(t) for t in second.picking.listed)
    after = table.prompt_answer(second, second.picking.listed.index("p4"))  # Ed: the pair is the answer
    assert table.game.board.lovers and set(table.game.board.lovers) == {2, 4}
    assert after is None  # Cupid learns nothing: the screen closes


def test_the_classic_seer_s_look_is_a_result_noted_in_the_save_until_hidden():
    table = classic_table("seer")
    p = table.pending()
    model = table.prompt_model(p.seat)
    assert model is not None
    known = len(table.view_for(p.seat).known)
    result = table.prompt_answer(model, 0)
    assert result is not None and result.learned and result.answers == () and result.head == model.head
    target = int(p.options[0].targets[0][1:])
    assert NAMES[target] in result.task and result.hint == table.words.text("classic_hide_hint")
    saved = table.saved
    assert saved.get("learned_seat", None, int) == p.seat and saved.get("learned_from", None, int) == known
    assert saved.get("learned_step", None, str) == "seer" and saved.get("learned_round", None, int) == 1
    again = table.prompt_model(p.seat, shown_from=known)  # a game stopped here shows it again
    assert again is not None and again.learned and again.task == result.task and again.head == model.head
    table.prompt_hidden(result)
    assert table.saved.get("learned_seat", None, int) == -1


def test_the_one_night_seer_s_model_has_the_table_picture_with_the_center_cards_to_pick():
    table = one_night_table()
    p = pending(table.game)
    view = view_for(table.game, p.seat)
    model = table.prompt_model(p.seat)
    assert model is not None and model == one_night_model(view, table.catalog, "en")
    text, say = describe(view, table.catalog, "en"), AppWords("en")
    assert (model.head, model.task, model.info, model.answers) == (text.head, text.task, text.info, text.options)
    assert model.options == p.options and model.step == "seer" and model.picking is None and not model.learned
    picture = model.picture
    assert picture is not None and picture.me == p.seat and picture.players == NAMES[:3] and picture.center == 3
    assert {"c0", "c1", "c2"} <= picture.selectable
    assert picture.targets == tuple(frozenset(a.targets) for a in p.options)
    assert model.role_help == role_help(view, table.catalog, "en") and "Seer" in model.role_help
    assert model.hint == say("prompt_pick_hint") and model.hide_key == say("key_prompt_hide")
    assert model.clock.replace("{clock}", "0:42") == say("prompt_time_left", clock="0:42")


def test_the_one_night_seer_s_result_is_her_next_prompt_then_the_screen_closes():
    table = one_night_table()
    p = pending(table.game)
    model = table.prompt_model(p.seat)
    assert model is not None
    look = next(i for i, a in enumerate(p.options) if len(a.targets) == 2)  # two center cards
    result = table.prompt_answer(model, look)
    assert result is not None and result.step == "seer" and result.seat == p.seat  # stays open: the result
    assert len(table.saved.answers) == 1 and not result.learned
    assert table.prompt_answer(result, 0) is None  # her OK: the laptop goes on
