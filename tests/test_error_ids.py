"""Issue 24: every user-facing sentence comes from the catalogs. An engine error is raised with its message
id only (``said=``), never beside an English sentence of its own: the error's ``str`` is that message
worded from the English catalog (``onenight_core/english.py``), so the log line, a test's ``match=`` and
the command line's ``--lang en`` line are one text and cannot disagree."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from onenight_core.catalog.deck import parse_deck
from onenight_core.engine.protocol import validate_setup
from onenight_core.engine.narration import NarrationError
from onenight_core.errors import OneNightError, SaveError, SetupError, said_of
from onenight_core.model.messages import say
from onenight_core.model.values import Setup
from onenight_core.play.saves import read_save
from onenight_tui.error_words import error_text
from source_tree import walked

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def _error_names() -> set[str]:
    import onenight_core.play.scenario  # noqa: F401 — every module that defines an error class
    import onenight_core.rulesets  # noqa: F401

    found, todo = set(), [OneNightError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo += cls.__subclasses__()
    return found | {"PinError"}


def raised_with_both(source: str, names: set[str], where: str = "<source>") -> list[str]:
    """Every ``SomeError("english", said=...)`` in ``source`` (a message id beside a literal): where."""
    both = []
    for node in walked(source):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        said = any(k.arg == "said" for k in node.keywords) or (name == "PinError" and node.args)
        literal = node.args if name != "PinError" else [a for a in node.args if not isinstance(a, ast.Call)]
        if name in names and said and literal:
            both.append(f"{where}:{node.lineno}")
    return both


def test_the_scan_finds_an_error_raised_with_text_and_an_id():
    names = _error_names()
    assert raised_with_both('raise SetupError(f"bad {x}", said=say("error_deck_empty"))\n'
                            'raise errors.SaveError("cut", said=say("save_cut_short"))', names) == [
        "<source>:1", "<source>:2"]
    assert raised_with_both('raise SetupError(said=say("error_deck_empty"))', names) == []
    assert raised_with_both('raise CatalogError("roles.toml: bad")', names) == []  # no id: its own text


def test_no_engine_error_is_raised_with_both_english_text_and_a_message_id():
    names = _error_names()
    both = []
    for path in sorted(SRC.rglob("*.py")):
        both += raised_with_both(path.read_text(encoding="utf-8"), names, str(path.relative_to(SRC)))
    assert both == [], "raise the error with said= only: its English text is the catalog's (docs/text.md)"


def _caught(call, *args):
    with pytest.raises(OneNightError) as caught:
        call(*args)
    return caught.value


def test_an_errors_text_is_its_message_in_the_english_catalog():
    assert str(SetupError(said=say("error_too_few_players", count=2))) == "at least 3 players are needed, got 2"
    assert str(NarrationError(said=say("error_role_not_in_night", role="seer"))) == (
        "Seer has no place in the official night order")  # a role by its English name (roles.toml)
    nested = SaveError(said=say("save_setup_invalid", cause=say("error_deck_empty")))
    assert str(nested) == "the saved game's set-up is invalid: no roles given"  # a message inside, worded too
    assert str(SetupError("roles.toml: bad")) == "roles.toml: bad"  # an error without an id keeps its text


def test_the_alpha_wolf_refusal_says_its_articles():
    setup = Setup(("A", "B", "C"), ("alpha_wolf", "seer", "robber", "villager", "villager", "troublemaker", "drunk"))
    error = _caught(validate_setup, setup)
    assert str(error) == ("the Alpha Wolf needs an extra werewolf card for the center (a Werewolf, a Mystic "
                          "Wolf or a Dream Wolf) in the deck")


@pytest.mark.parametrize("make", [
    lambda: parse_deck("werewolf*x"),
    lambda: parse_deck("nobody_at_all"),
    lambda: Setup(("A", "B"), ("werewolf",) * 5),
    lambda: Setup(("A", "B", "A"), ("werewolf",) * 6),
    lambda: validate_setup(Setup(("A", "B", "C"), ("werewolf",) * 4)),
    lambda: parse_deck(""),
    lambda: read_save("/nonexistent/save.json"),
])
def test_the_error_and_the_command_line_say_the_same_english(make):
    """The two used to disagree (91 errors carried both); now there is one text."""
    error = _caught(make)
    assert error.said is not None
    assert str(error) == error_text(error, "en")
    assert str(said_of(error)) != ""


def test_an_error_keeps_its_message_through_pickling():
    """``simulate --workers`` sends errors between processes: the id and its words survive the trip."""
    error = SetupError(said=say("error_too_few_players", count=2))
    back = pickle.loads(pickle.dumps(error))
    assert back.said == error.said and str(back) == str(error)


def test_every_id_an_error_is_raised_with_is_in_the_english_catalog():
    """An error's text is its English catalog entry: an id missing there would say only its id."""
    from onenight_core.english import english_catalog

    names, missing = _error_names(), []
    for path in sorted(SRC.rglob("*.py")):
        for node in walked(path.read_text(encoding="utf-8")):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            said = [k.value for k in node.keywords if k.arg == "said"] + (node.args if name == "PinError" else [])
            if name not in names:
                continue
            for value in said:
                for inner in ast.walk(value):
                    if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == "say"
                            and inner.args and isinstance(inner.args[0], ast.Constant)
                            and inner.args[0].value not in english_catalog()):
                        missing.append(f"{path.relative_to(SRC)}:{inner.lineno} {inner.args[0].value}")
    assert missing == []
