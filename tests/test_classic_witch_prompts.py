"""The Witch's two prompts say what each one can do (``game.witch_step``: the potion of life, then the
potion of death): the task is worded from the prompt's options and her seat view's note
(``classic.protocol.witch_note``: what comes after the save prompt, or why no save prompt came)."""

from __future__ import annotations

import inspect

import pytest

from onenight_core.model.values import Action, Prompt, Setup
from onenight_core.rulesets.classic.protocol import WITCH_NOTES, apply, new_game, pending, view_for, witch_note
from onenight_tui.text.classic_words import ClassicWords

DECK = ["werewolf", "seer", "witch", "villager", "villager", "villager"]
WITCH, WOLF = 2, 0
LANGS = ("en", "ko", "zh", "fr")


def game(options=None):
    return new_game(Setup([f"P{i}" for i in range(6)], DECK, ruleset="classic", options=options or {}), 1,
                    deal=DECK)


def to_witch(g, victim="p3", night=1):
    """Play on (first options; the wolf names ``victim``) to the Witch's first prompt of ``night``."""
    while (p := pending(g)) is not None and not (p.step == "witch" and g.board.round == night):
        spare = [a for a in p.options if not {"p0", "p2"} & set(a.targets)]  # the wolf and the witch live on
        g = apply(g, Action("kill", (victim,)) if p.step == "werewolf" else (spare or p.options)[0])
    return g


def answer(g, text):
    verb, *targets = text.split()
    return apply(g, Action(verb, tuple(targets)))


def task(g, lang="en"):
    p = pending(g)
    return ClassicWords([f"P{i}" for i in range(6)], lang).task(p, view_for(g, p.seat).witch)


def verbs(g):
    return {a.verb for a in pending(g).options}


def test_both_potions_the_save_prompt_says_the_poison_comes_next_and_the_poison_prompt_asks_only_that():
    g = to_witch(game())
    assert verbs(g) == {"save", "pass"} and witch_note(g, WITCH) == "poison_next"
    assert task(g) == "Save the werewolves' victim with your potion of life, or pass. Your potion of death comes next."
    g = answer(g, "pass")
    assert "poison" in verbs(g) and "save" not in verbs(g) and witch_note(g, WITCH) == ""
    assert task(g) == "Use your potion of death: choose a player to poison, or pass."


def test_saved_after_the_save_the_poison_prompt_has_no_note():
    g = answer(to_witch(game()), "save p3")
    assert pending(g).step == "witch" and witch_note(g, WITCH) == ""


def test_life_potion_used_only_the_poison_prompt_and_it_says_why():
    g = answer(to_witch(game()), "save p3")
    g = to_witch(answer(g, "pass"), "p4", night=2)
    assert "save" not in verbs(g) and "poison" in verbs(g) and witch_note(g, WITCH) == "life_used"
    assert task(g) == ("Use your potion of death: choose a player to poison, or pass. "
                       "Your potion of life is already used.")


def test_death_potion_used_the_save_prompt_is_her_only_one_and_says_so():
    g = answer(answer(to_witch(game()), "pass"), "poison p5")
    g = to_witch(g, "p4", night=2)
    assert verbs(g) == {"save", "pass"} and witch_note(g, WITCH) == "death_used"
    assert task(g) == ("Save the werewolves' victim with your potion of life, or pass. "
                       "Your potion of death is already used.")
    g = answer(g, "save p4")
    assert pending(g).step != "witch"  # no poison prompt: the note told the truth


def test_one_potion_in_all_the_poison_comes_only_if_she_passes():
    g = to_witch(game({"witch.potions": "single_either"}))
    assert witch_note(g, WITCH) == "poison_if_pass"
    assert pending(answer(g, "save p3")).step != "witch"
    assert "poison" in verbs(answer(g, "pass"))


def test_victim_she_may_not_save_the_poison_prompt_says_why_only_when_she_is_told_the_victim():
    g = to_witch(game({"witch.can_self_save": "never"}), victim=f"p{WITCH}")
    assert "save" not in verbs(g) and witch_note(g, WITCH) == "no_self_save"
    g = to_witch(game({"witch.can_self_save": "never", "witch.knows_victim": False}), victim=f"p{WITCH}")
    assert "save" not in verbs(g) and witch_note(g, WITCH) == ""  # she is not told she is the victim


def test_the_note_is_the_witch_s_own_at_her_prompt_only():
    g = to_witch(game())
    assert all(view_for(g, s).witch == "" for s in range(6) if s != WITCH)
    assert view_for(g, WITCH).witch == "poison_next"
    assert witch_note(game(), WITCH) == ""  # not at her prompt


SAVE = Prompt(WITCH, "witch", "witch", "act", (Action("save", ("p3",)), Action("pass")), ("p3",))
POISON = Prompt(WITCH, "witch", "witch", "act", (Action("poison", ("p3",)), Action("pass")), ())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("note", ("",) + WITCH_NOTES)
def test_every_case_is_worded_in_every_language(lang, note):
    w = ClassicWords([f"P{i}" for i in range(6)], lang)
    prompt = SAVE if note in ("", "poison_next", "poison_if_pass", "death_used") else POISON
    save, poison = w.text("classic_task_witch_save"), w.text("classic_task_witch_poison")
    said = w.task(prompt, note)
    assert said.startswith(poison if prompt is POISON else save)
    assert (save in said) is (prompt is SAVE) and (poison in said) is (prompt is POISON)
    if note:
        text = w.text(f"classic_witch_note_{note}")
        assert text and "classic_witch" not in text and said.endswith(text)
    else:
        assert said in (save, poison)
    for other in (p for p in (SAVE, POISON) if p is not prompt):
        assert w.task(other) != said  # the two prompts never read alike


@pytest.mark.parametrize("lang", LANGS)
def test_the_old_three_way_task_is_gone(lang):
    w = ClassicWords(["A"], lang)
    assert w.text("classic_task_witch_save") != w.text("classic_task_witch_poison")
    assert all(w.text(f"classic_witch_note_{n}") != f"classic_witch_note_{n}" for n in WITCH_NOTES)


def test_the_prompt_screen_words_the_witch_s_note():
    from onenight_tui.tables.classic import prompt as classic_prompt

    assert "w.task(p, view.witch)" in inspect.getsource(classic_prompt)
