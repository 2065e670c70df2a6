"""The private prompt's shared lifecycle: one decision for every family whether a prompt stays open after
an answer (``prompt_model.stays_open``), and one prompt screen for every family (``screens/common/prompt.py``)."""

import importlib
import inspect
import pkgutil

import onenight_tui.screens as screens
from onenight_tui.prompt_model import stays_open
from onenight_tui.screens.common.prompt import PromptScreen


def test_the_same_seat_answering_again_in_the_same_step_keeps_the_prompt_open():
    assert stays_open(2, "seer", 2, "seer")


def test_another_seat_another_step_or_nothing_pending_closes_the_prompt():
    assert not stays_open(2, "seer", 3, "seer")  # the laptop goes on to someone else
    assert not stays_open(2, "seer", 2, "robber")  # the same seat, but a later step
    assert not stays_open(2, "seer", None, None)  # nothing pending
    assert not stays_open(2, None, 2, "seer")  # the screen never had a prompt


def test_every_family_s_prompt_is_the_one_prompt_screen():
    """No family has a prompt screen of its own: every screen class named like one is ``PromptScreen``."""
    found = set()
    for info in pkgutil.walk_packages(screens.__path__, f"{screens.__name__}."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if inspect.isclass(value) and "Prompt" in name and name.endswith("Screen"):
                found.add(value)
    assert found == {PromptScreen}


def test_the_prompt_screen_names_no_family():
    """The screen draws what the model holds: no family, ruleset or role is named in its code."""
    source = inspect.getsource(importlib.import_module(PromptScreen.__module__))
    for word in ("classic", "one_night", "family", "ruleset", "seer", "witch", "cupid"):
        assert f"{word}(" not in source.lower() and f"== \"{word}\"" not in source.lower(), word
