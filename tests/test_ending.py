"""The end of a game as the one end screen shows it (issue 24): each family's driver builds the same
family-neutral model (``ending.Ending``), checked here as plain functions on finished seeded games — One
Night's (``tables/one_night_ending.py``) and classic's (``tables/classic/ending.py``) — and the one screen
names its footer keys in the words the model gives."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from onenight_core import Setup, default_catalog
from onenight_core.engine.game import rules_for
from onenight_core.play.simulate import play_bot_game
from onenight_core.play.story import story_of
from onenight_tui.text.classic_words import ClassicWords
from onenight_tui.ending import Ending, Section
from onenight_tui.tables.classic.ending import classic_ending, end_hint
from onenight_tui.tables.one_night_ending import one_night_ending
from onenight_tui.text.story import night_lines
from onenight_tui.text.words import Wording

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
ONUW = Setup(NAMES, ("werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "villager"))
CLASSIC_DECK = ("werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl", "villager", "villager")
CLASSIC = Setup(tuple(f"P{i}" for i in range(len(CLASSIC_DECK))), CLASSIC_DECK, "classic")


class FakeBots:
    """The two things the end asks of the table's bots (``bots.SeatBots``)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def truth_title(self) -> str:
        return "What the bots claimed"

    def truth_lines(self) -> list[str]:
        return list(self.lines)


def plain(line: str | Text) -> str:
    return line.plain if isinstance(line, Text) else line


# -- One Night -------------------------------------------------------------------------------------------

def test_a_one_night_end_has_the_winners_headline_a_row_per_seat_and_the_night():
    catalog = default_catalog()
    for seed in range(6):
        g = play_bot_game(ONUW, seed)
        o = g.outcome
        ending = one_night_ending(g, catalog, "en")
        words = Wording(NAMES, catalog, "en")
        assert ending.headline == (words.text("reveal_winners", whom=words.names(f"p{s}" for s in sorted(o.winners)))
                                   if o.winners else words.text("reveal_nobody_wins"))
        assert all(NAMES[s] in ending.headline for s in o.winners)
        teams = ending.sections[0]
        assert teams.heading is None and len(teams.lines) >= len(o.teams)
        assert all(isinstance(line, Text) and line.spans for line in teams.lines[:len(o.teams)])  # bold titles
        deaths = ending.section("Deaths")
        assert deaths.tone == "alarm" and deaths.lines
        if not o.deaths:
            assert [plain(line) for line in deaths.lines][0] == words.text("nobody_died")
        players = ending.section("Players")
        assert isinstance(players.table, Table) and players.lines == ()
        assert players.table.row_count == len(NAMES)  # one row per seat
        assert [plain(cell) for cell in players.table.columns[0].cells] == list(NAMES)
        center = ending.section("Center cards at dawn")
        assert len(center.lines) == len(ONUW.deck) - len(NAMES)
        assert list(ending.section("The night").lines) == night_lines(g, catalog, "en") != []
        assert ending.keys == {} and ending.hint is None  # the app's own words for the keys, no hint
        headings = [s.heading for s in ending.sections if s.heading]
        assert headings[:4] == ["Deaths", "Players", "Center cards at dawn", "The night"]


def test_a_one_night_end_with_bots_tells_their_truth_after_the_deaths():
    g = play_bot_game(ONUW, 1)
    ending = one_night_ending(g, default_catalog(), "en", FakeBots(["Robot 1 lied.", "Robot 2 told the truth."]))
    headings = [s.heading for s in ending.sections]
    assert headings.index("What the bots claimed") == headings.index("Deaths") + 1
    assert ending.section("What the bots claimed").lines == ("Robot 1 lied.", "Robot 2 told the truth.")
    assert "What the bots claimed" not in [s.heading for s in one_night_ending(g, default_catalog(), "en").sections]


def test_a_one_night_end_is_worded_in_every_language():
    g = play_bot_game(ONUW, 2)
    english = one_night_ending(g, default_catalog(), "en")
    for lang in ("ko", "zh", "fr"):
        ending = one_night_ending(g, default_catalog(), lang)
        assert ending.headline != english.headline
        assert [s.table is not None for s in ending.sections] == [s.table is not None for s in english.sections]


# -- classic ---------------------------------------------------------------------------------------------

def _classic(seed: int, bots=None, lang: str = "en") -> tuple[Ending, ClassicWords, object]:
    game = play_bot_game(CLASSIC, seed, "informed")
    w = ClassicWords(CLASSIC.players, lang)
    return classic_ending(rules_for(CLASSIC), game, w, bots, "Quit"), w, game


def test_a_classic_end_has_why_winners_cards_and_a_section_per_round():
    for seed in range(4):
        ending, w, game = _classic(seed)
        o = rules_for(CLASSIC).outcome(game)
        assert ending.headline == w.text("classic_end_title", side_name=w.side(o.side))
        first = ending.sections[0]
        assert first.heading is None
        why, winners, cards = first.lines
        assert why == w.text("classic_end_why", reason_text=w.reason(o.reason))
        assert winners.startswith("Winners: ") and all(w.name(s) in winners for s in o.winners)
        assert cards.startswith("Cards: ") and all(f"{w.name(s)} ({w.card(r)})" in cards for s, r in enumerate(o.roles))
        story = [s.heading for s in ending.sections].index("The story, round by round")
        assert ending.sections[story].lines == ()
        rounds = ending.sections[story + 1:]
        told = [s for s in story_of(game) if any(line.id != "deal" for line in s.lines)]
        assert [s.heading for s in rounds] == [f"— {w.round_label(s.title)}" for s in told]
        assert len(rounds) >= 2 and all(s.lines and all(line.startswith("  ") for line in s.lines) for s in rounds)
        assert ending.keys == {"again": "Play again", "setup": "New set-up"}
        assert ending.hint == end_hint(w, "Quit") == "N: Play again · S: New set-up · Ctrl+Q: Quit"


def test_a_classic_end_with_bots_tells_their_truth_before_the_story():
    ending, _, _ = _classic(1, FakeBots(["P3 claimed the seer: true."]))
    headings = [s.heading for s in ending.sections]
    assert headings[1:3] == ["What the bots claimed", "The story, round by round"]
    assert ending.sections[1].lines == ("P3 claimed the seer: true.",)
    quiet, _, _ = _classic(1, FakeBots([]))  # bots that claimed nothing: no heading over nothing
    assert "What the bots claimed" not in [s.heading for s in quiet.sections]


def test_a_classic_end_speaks_the_table_s_language():
    ending, w, _ = _classic(0, lang="fr")
    assert ending.keys == {"again": w.text("classic_key_again"), "setup": w.text("classic_key_setup")}
    assert ending.keys["again"] == "Rejouer"


# -- the one screen ------------------------------------------------------------------------------------------

def test_the_end_screen_names_its_keys_in_the_ending_s_words():
    from onenight_tui.screens.common.end import EndScreen

    def labels(screen: EndScreen) -> dict[str, str]:
        return {b.id: b.description for bindings in screen._bindings.key_to_bindings.values() for b in bindings
                if b.id}

    own = labels(EndScreen(Ending("Ann wins", (Section(None, ("a line",)),))))
    assert own == {"end-again": "Play again", "end-setup": "Change players/deck", "end-quit": "Quit"}
    named = labels(EndScreen(Ending("Ann wins", (), keys={"setup": "New set-up"})))
    assert named == {**own, "end-setup": "New set-up"}


def test_a_section_holds_lines_or_one_table():
    import pytest

    with pytest.raises(AssertionError):
        Section("Players", ("a line",), table=Table())
    with pytest.raises(AssertionError):
        Ending("x", (), keys={"quit": "Leave"})
