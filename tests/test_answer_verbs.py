"""Issue 24: the answer kinds are dispatched once — a table of verbs (``onenight_core.play.answers.VERBS``),
not three parallel if-chains (the story's ``_Teller._act``, ``Wording.action``, ``prompt_text``). A verb's
entry gives both its words: the option that offers it and the story line that tells it."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from onenight_core.model.messages import say
from onenight_core.model.values import Action, CardView, Event
from onenight_core.play import answers, story
from onenight_core.play.answers import VERBS, Offer, Verb, offered
from onenight_tui import prompt_text
from onenight_tui.text.words import Wording

NAMES = ("Ann", "Bo", "Cy", "Di")


def _verb_literals(function) -> list[str]:
    """The string literals ``function`` compares an action's ``verb`` with."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "verb":
            found += [c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return found


@pytest.mark.parametrize("function", [story._Teller._act, Wording.action, prompt_text.describe])
def test_no_if_chain_on_verbs_is_left_where_answers_are_worded(function):
    assert _verb_literals(function) == []


def test_the_check_finds_an_if_chain():
    def chain(a):
        if a.verb == "look":
            return 1
        return 2 if a.verb in ("swap", "take") else 3

    assert _verb_literals(chain) == ["look", "swap", "take"]


def test_a_new_verb_is_one_entry_offered_and_told(monkeypatch):
    """Both the option and the story line of a verb come from its one entry."""
    monkeypatch.setitem(VERBS, "wink", Verb(lambda a, o: say("option_tap", positions=a.targets),
                                            lambda teller, seat, e, pending: say("tapped", pos=e.action.targets[0])))
    words = Wording(NAMES, me=0)
    assert words.action(Action("wink", ("p1",))) == "Tap Bo"
    teller = story._Teller.__new__(story._Teller)
    told = teller._act(0, Event("s", "act", 0, "cow", Action("wink", ("p2",))), [])
    assert told == say("tapped", pos="p2")


def test_a_verb_without_an_entry_keeps_its_plain_words():
    assert Wording(NAMES).action(Action("juggle", ("p1",), "high")) == "Juggle Bo's card (High)"
    assert offered(Action("juggle")) is None


@pytest.mark.parametrize("action, role, me, stage, words", [
    (Action("look", ("c0", "c2")), "seer", 0, "start", "Look at center cards 1 and 3"),
    (Action("swap", ("p0", "p2")), "robber", 0, "start", "Swap your card with Cy's card"),
    (Action("swap", ("p1", "p2")), "troublemaker", 0, "start", "Swap Bo's card and Cy's card"),
    (Action("swap", ("c1", "p0")), "witch", 0, "start", "Take it yourself"),
    (Action("swap", ("c1", "p3")), "witch", 0, "start", "Give it to Di"),
    (Action("mark", ("p0",), "mark_of_love"), "cupid", 0, "start", "Give yourself the Mark of Love"),
    (Action("pass"), "nostradamus", 0, "again", "Stop here: the team of the last card you saw is your prediction"),
    (Action("pass"), "nostradamus", 0, "start", "Do nothing"),
    (Action("vote", ("p1", "p1")), None, 0, "start", "Vote twice for Bo"),
    (Action("answer", (), "even"), "oracle", 0, "start", "Answer: even"),
])
def test_the_table_offers_what_the_chain_offered(action, role, me, stage, words):
    assert Wording(NAMES, me=me).action(action, role, stage) == words


def test_the_table_tells_a_look_with_what_was_seen():
    teller = story._Teller.__new__(story._Teller)
    seen = [CardView(0, "c1", "werewolf")]
    told = teller._act(0, Event("seer", "act", 0, "seer", Action("look", ("c1", "c2"))), seen)
    assert told == say("looked_at", parts=(say("card_is", pos="c1", role="werewolf"), say("card_at", pos="c2")))
    assert seen == []  # the view is told once, in the act


def test_every_verb_entry_offers_a_message_or_says_it_is_never_offered():
    for name, verb in VERBS.items():
        assert verb.offer is answers._no_offer or offered(Action(name, ("p1", "p2"), "x"), Offer()) is not None
