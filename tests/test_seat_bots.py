"""One interface for the bots at the table (issue 24: "one bots module with per-ruleset policies"): every
table driver holds its game's bots as ``table.bots``, an object of ``bots.SeatBots`` (None at a table of
humans), and the day and end screens ask it the claims, "who do you suspect?" and the truth in the same
words whatever the family. What only one family has stays on its implementation (``OneNightBots``,
``ClassicBots``), called by that family's own screens."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import default_preset
from onenight_core.engine.protocol import pending
from onenight_core.model.kinds import PromptKind
from onenight_core.model.values import Setup
from onenight_tui.bots import SeatBots
from onenight_tui.bots.classic import ClassicBots, today_in_order
from onenight_tui.bots.one_night import OneNightBots, claim_lines, reveal_lines
from onenight_tui.tables.classic import ClassicTable
from onenight_tui.tables.one_night import OneNightTable
from onenight_tui.text.app_words import AppWords

SRC = Path(__file__).resolve().parent.parent / "src" / "onenight_tui"
CATALOG = default_catalog()


class App:
    """What a driver reads of the app here: its catalog, language and words, and the save it keeps."""

    def __init__(self) -> None:
        self.catalog, self.lang, self.saved = CATALOG, "en", None

    @property
    def words(self) -> AppWords:
        return AppWords(self.lang)

    def save(self, saved) -> None:
        self.saved = saved

    def note(self, **meta) -> None:
        self.saved = self.saved.with_meta(**meta)


def _dealt(table, setup: Setup, bots: frozenset[int]):
    table.app.saved = table.begin(setup, 5, bots, {})
    return table


def _one_night(bots: frozenset[int]) -> OneNightTable:
    names = ("Ann", "Robot 1", "Robot 2", "Robot 3", "Robot 4")
    return _dealt(OneNightTable(App()), Setup(names, default_preset(5).roles), bots)


def _classic(bots: frozenset[int]) -> ClassicTable:
    names = ("Ann", "Robot 1", "Robot 2", "Robot 3", "Robot 4", "Robot 5")
    deck = ("werewolf", "werewolf", "seer", "witch", "hunter", "villager")
    return _dealt(ClassicTable(App()), Setup(names, deck, "classic", {"events.new_moon": False}), bots)


def test_the_interface_s_members_have_one_call_shape_in_every_family():
    """Each family's bots have every member of ``SeatBots`` with the protocol's parameters (the screens call
    them the same way whatever the family)."""
    members = [n for n, _ in inspect.getmembers(SeatBots) if not n.startswith("_")]
    assert set(members) >= {"seats", "start", "resume", "claims_title", "claim_lines", "suspects",
                            "suspicion_line", "truth_title", "truth_lines"}
    for impl in (OneNightBots, ClassicBots):
        for name in members:
            ours, theirs = getattr(SeatBots, name), getattr(impl, name)
            if isinstance(ours, property):
                assert isinstance(theirs, property), (impl, name)
                continue
            assert list(inspect.signature(theirs).parameters) == list(inspect.signature(ours).parameters), \
                (impl, name)


@pytest.mark.parametrize("table", [_one_night, _classic])
def test_both_families_drivers_hold_bots_of_the_one_interface(table):
    with_bots = table(frozenset({1, 2, 4}))
    assert isinstance(with_bots.bots, SeatBots)
    assert with_bots.bots.seats == {1, 2, 4} == with_bots.bot_seats()
    assert with_bots.saved.get("bots") == "1,2,4"
    humans = table(frozenset())
    assert humans.bots is None and humans.bot_seats() == frozenset()
    resumed = type(with_bots)(App())
    resumed.app.saved = with_bots.saved
    resumed.resume(with_bots.saved)  # the save's note gives the same bots back
    assert isinstance(resumed.bots, SeatBots) and resumed.bots.seats == {1, 2, 4}


def test_one_night_bots_speak_through_the_interface():
    """A One Night game with bots: at the day, the claims, the suspects (every bot, in seat order) and an
    answer; at the end, the truth lines, all as the pure functions word them."""
    table = _one_night(frozenset({1, 2, 3, 4}))
    bots = table.bots
    assert isinstance(bots, OneNightBots)
    while (p := pending(table.game)) is not None and p.kind != PromptKind.VOTE:
        a = bots.core.own_answer(table.game) if p.seat in bots.seats else p.options[0]
        table.answer(a if a is not None else p.options[0])
    players = table.game.setup.players
    assert bots.claim_lines() == claim_lines(bots.core, table.game, players, "en") and len(bots.claim_lines()) == 4
    assert bots.claims_title() == AppWords("en")("day_bots_title")
    assert bots.suspects() == (1, 2, 3, 4)
    assert bots.suspicion_line(2).startswith("Robot 2")
    while (p := pending(table.game)) is not None:
        table.answer(bots.vote(table.game, p.seat) if p.seat in bots.seats else p.options[0])
    assert bots.truth_lines() == reveal_lines(bots.core, table.game, players, "en") and len(bots.truth_lines()) == 4
    assert bots.truth_title() == AppWords("en")("reveal_bots_title")


def test_classic_bots_speak_through_the_interface():
    """A classic game with bots: on day 1 the living bots' claims in the speaking order, "who do you
    suspect?" asked of them in that order; at the end, per bot, its truth."""
    table = _classic(frozenset({1, 2, 3, 4, 5}))
    bots = table.bots
    assert isinstance(bots, ClassicBots)

    def play(stop) -> None:
        while (p := table.pending()) is not None and not stop():
            table.answer(bots.core.answer(table.game, p) if p.seat in bots.seats else p.options[0])

    play(lambda: table.public_view().phase == "day")
    table.app.note(stage="day", round=1)
    assert bots.suspects() == tuple(c.seat for c in today_in_order(table)) and bots.suspects()
    assert len(bots.claim_lines()) == len(bots.suspects())
    assert bots.suspicion_line(bots.suspects()[0]).startswith(table.words.name(bots.suspects()[0]))
    assert bots.claims_title() == AppWords("en")("day_bots_title")
    play(lambda: False)
    table.app.note(stage="over")
    assert bots.truth_lines() and bots.truth_title() == table.words.text("classic_bots_truth_title")


# -- the screens ask the one interface -----------------------------------------------------------------

#: The screens that show what the bots say: the days (claims, "who do you suspect?") and the ends (truth).
DAYS = ("screens/one_night/day.py", "screens/classic/day.py")
ENDS = ("screens/one_night/reveal.py", "screens/classic/end.py")
#: A family's bots module, by any of the names it had.
FAMILY_BOTS = re.compile(r"(?:^|\n)\s*(?:from|import)\s+[.\w]*(?:table_bots|classic_table_bots|bots\.one_night|"
                         r"bots\.classic|bots import (?:one_night|classic))\b")


@pytest.mark.parametrize("path", DAYS + ENDS)
def test_the_day_and_end_screens_import_no_family_s_bots(path):
    assert not FAMILY_BOTS.search((SRC / path).read_text(encoding="utf-8")), path


def test_the_day_and_end_screens_call_the_interface_alike():
    for paths, calls in ((DAYS, ("bots.claim_lines()", "bots.claims_title()", "bots.suspects()",
                                 "bots.suspicion_line(")),
                         (ENDS, ("bots.truth_lines()", "bots.truth_title()"))):
        for path in paths:
            source = (SRC / path).read_text(encoding="utf-8")
            assert all(call in source for call in calls), path


def test_no_classic_bots_module_beside_the_shared_one():
    """``classic_table_bots.py`` is gone: classic's bots are ``bots/classic.py``, under the one interface."""
    assert not (SRC / "classic_table_bots.py").exists()
    assert {p.name for p in (SRC / "bots").glob("*.py")} == {"__init__.py", "one_night.py", "classic.py"}
