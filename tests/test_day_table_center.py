"""The day table at 80×24 (and larger) names every face-up center card whole: two of the catalog's
longest names face up at once (the Exposer flips up to three, a Doppelgänger-Exposer more), for 3 to 10
players, 3 or 4 center cards, in every language of the app. The known limit this closes: with 7–10
players two 14-cell names ("Self-Awareness Girl", "노스트라다무스") were cut to "Se…" on the day table.

The longest names are measured (``rich.cells.cell_len``) over every role's name in every language of
roles.toml, never picked by hand. The layout is checked by drawing the table's picture as a plain call at
the size the day screen gives the table (``table_at``: pinned per terminal size by the Pilot tests, which
draw the real day screen on a game whose center cards are turned face up, in every language); the sweeps
over player counts, center cards and every name of the catalog run on those plain pictures."""

from __future__ import annotations

import itertools
import re

import pytest
from app_pilot import NAMES, SIZE, quiet_settings, screen_name, until
from attrs import evolve
from rich.cells import cell_len
from test_table_ring_layout import PlainRing, _overlap, speaking

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.play.saves import SavedGame
from onenight_tui.settings import LANGS
from onenight_tui.widgets.table_ring import TableRing, _wrap

DAY_TABLE = (34, 13)  # the day screen's table (inside its border) at 80×24, pinned by the Pilot test below
TIME_UP_TABLE = (34, 12)  # the same once the day's time is up and its last call shows
# The day screen's table at each terminal size the tests draw, pinned by the Pilot tests below.
TABLE_AT = {SIZE: DAY_TABLE, (100, 24): (47, 13), (80, 30): (34, 19), (120, 40): (57, 29), (200, 50): (97, 39)}
LARGER = tuple(size for size in TABLE_AT if size != SIZE)


def _names() -> dict[str, list[str]]:
    """Every role's name in each language of the catalog."""
    names: dict[str, set[str]] = {}
    for role in default_catalog().roles:
        for lang, name in role.names:
            names.setdefault(lang, set()).add(name)
    return {lang: sorted(found) for lang, found in names.items()}


NAMES_BY_LANG = _names()


def _widest_word(name: str) -> int:
    return max(cell_len(word) for word in name.split())


def _longest_two(lang: str) -> list[tuple[str, str]]:
    """The two names with the widest words ("Self-Awareness Girl" 14 cells, then 12), the two widest names
    ("Paranormal Investigator" 23 cells, "Self-Awareness Girl" 19), and the widest word twice (the
    closing note's "two 'Self-Awareness Girl'")."""
    names = NAMES_BY_LANG[lang]
    by_word = sorted(names, key=lambda n: (_widest_word(n), cell_len(n), n), reverse=True)
    by_whole = sorted(names, key=lambda n: (cell_len(n), _widest_word(n), n), reverse=True)
    return list(dict.fromkeys([(by_word[0], by_word[1]), (by_whole[0], by_whole[1]), (by_word[0], by_word[0])]))


def _cells(ring: TableRing) -> list[list[str]]:
    """The rendered table, one list of cells a row (a two-cell letter, then "")."""
    rows = []
    for line in ring.render().plain.split("\n"):
        cells: list[str] = []
        for ch in line:
            cells.extend([ch, ""] if cell_len(ch) == 2 else [ch])
        rows.append(cells)
    return rows


def _box_text(ring: TableRing, rows: list[list[str]], pos: str) -> list[str]:
    """The lines drawn in a position's box: its label, then its notes."""
    x, y, w, h = ring._boxes[pos]
    return ["".join(rows[row][x:x + w]).strip() for row in range(y, min(y + h, len(rows)))]


def _assert_center_names_whole(ring: TableRing, faced: dict[str, str], what: str) -> None:
    """Each face-up center card's box holds its name, its words whole and in order (wrapped between words
    only), no position covers another, nothing is cut, and every player is still named."""
    rows = _cells(ring)
    picture = "\n".join("".join(row) for row in rows)
    for pos, name in faced.items():
        label, *lines = _box_text(ring, rows, pos)
        assert label == f"{ring._label(pos)}", (what, pos, label, "\n" + picture)
        assert " ".join(lines) == name, (what, pos, lines, name, "\n" + picture)
    assert "…" not in picture, (what, "\n" + picture)
    for (p, a), (q, b) in itertools.combinations(ring._boxes.items(), 2):
        assert not _overlap(a, b), (what, p, q, "\n" + picture)
    for seat, player in enumerate(ring.players):
        assert _box_text(ring, rows, f"p{seat}")[0] == ring._label(f"p{seat}"), (what, player, "\n" + picture)


def _day_of(players: int, center: int) -> SavedGame:
    """A game of ``players`` played to its day: villagers, and with ``center`` 4 the Alpha Wolf and the
    werewolf he puts in the center."""
    wolves = ("alpha_wolf", "werewolf") if center == 4 else ()
    deck = wolves + ("villager",) * (players + center - len(wolves))
    setup = Setup(NAMES[:players], deck)
    g, saved = new_game(setup, 1), SavedGame(setup, 1)
    while (p := pending(g)) is not None and p.kind != "vote":
        g = apply(g, p.options[0])
        saved = saved.with_answer(p.options[0])
    return saved.with_meta(stage="day", day_left=300.0)


def _face_up(state, lang: str, faced: dict[int, str]):
    """``state`` with center card ``i`` turned face up as the role named ``faced[i]`` in ``lang`` (as the
    Exposer leaves it)."""
    by_id = {name: role.id for role in default_catalog().roles for code, name in role.names if code == lang}
    players = len(state.setup.players)
    cards = list(state.cards)
    for i, name in faced.items():
        cards[players + i] = evolve(cards[players + i], role=by_id[name], face_up=True)
    return state.replace(cards=tuple(cards))


def _check_the_table(players: int, center: int, lang: str, size: tuple[int, int]) -> None:
    """The day's table at content size ``size``: the two longest names of the language (``_longest_two``)
    face up on every two center cards, each shown whole under its "C1"."""
    with speaking(lang):
        ring = PlainRing(NAMES[:players], center, size=size)
        for names in _longest_two(lang):
            for a, b in itertools.combinations(range(center), 2):
                faced = {f"c{a}": names[0], f"c{b}": names[1]}
                ring.set_notes(faced)
                _assert_center_names_whole(ring, faced, f"{size} {faced}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("center", [3, 4])
def test_two_long_face_up_center_cards_are_named_whole_on_the_day_table(center, lang):
    """At 80×24, where the table is 34×13 cells, for 3–10 players: before, 7–10 players cut them to "Se…" /
    "Pa…"."""
    for players in range(3, 11):
        _check_the_table(players, center, lang, DAY_TABLE)


@pytest.mark.slow  # a sweep of thousands of tables: after the fast core
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("center", [3, 4])
def test_two_long_face_up_center_cards_are_named_whole_on_larger_terminals(center, lang):
    """Larger terminals give the table more room, never less: wider, taller, and both."""
    for players, size in itertools.product(range(3, 11), LARGER):
        _check_the_table(players, center, lang, TABLE_AT[size])


async def _check_the_day(players: int, center: int, lang: str, sizes: tuple[tuple[int, int], ...]) -> None:
    """The real day screen at each of ``sizes``: its table has the size ``TABLE_AT`` pins, and with the two
    longest names of the language face up on two center cards (as the Exposer leaves them), the screen
    writes them under those cards and draws each whole."""
    from onenight_tui.app import OneNightApp

    app = OneNightApp(quiet_settings(lang=lang), start=_day_of(players, center))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        day, ring = app.screen, app.screen.query_one("#day-table", TableRing)
        start = app.state
        for size in sizes:
            await pilot.resize_terminal(*size)
            await until(pilot, lambda: (ring.content_size.width, ring.content_size.height) == TABLE_AT[size],
                        f"the table at {size} to be {TABLE_AT[size]}")
            for names in _longest_two(lang)[:1]:
                for a, b in ((0, center - 1), (center - 2, center - 1)):
                    app.table.game = _face_up(start, lang, {a: names[0], b: names[1]})
                    day.show_table()
                    faced = {f"c{a}": names[0], f"c{b}": names[1]}
                    await until(pilot, lambda: {pos: ring.notes.get(pos) for pos in faced} == faced,
                                "the face-up cards on the table")
                    _assert_center_names_whole(ring, faced, f"{size} {faced}")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_day_screen_names_two_long_face_up_center_cards_whole_at_every_size(lang):
    """Ten players and four center cards (the Alpha Wolf), the most crowded table: the day screen's table has
    the size the plain checks above are drawn at, 80×24 first, and draws the face-up names whole."""
    await _check_the_day(10, 4, lang, tuple(TABLE_AT))


async def test_the_day_screen_names_face_up_center_cards_whole_with_few_players():
    await _check_the_day(3, 3, "en", (SIZE,))


@pytest.mark.slow  # a sweep of thousands of tables: after the fast core
@pytest.mark.parametrize("size", [DAY_TABLE, TIME_UP_TABLE])
@pytest.mark.parametrize("lang", sorted(NAMES_BY_LANG))
def test_every_role_name_face_up_in_the_center_is_named_whole(lang, size):
    """Every role's name of the language face up on C2, beside the language's widest name on the last
    card, for 3–10 players and 3 or 4 center cards, on the table as the day draws it at 80×24 (a line
    less once the time is up: "The vote starts in 3…")."""
    widest = _longest_two(lang)[0][0]
    ring = PlainRing(NAMES[:3], 3, size=size)
    for players, center in itertools.product(range(3, 11), (3, 4)):
        for name in NAMES_BY_LANG[lang]:
            ring.players, ring.center = NAMES[:players], center
            ring.set_notes({"c1": name, f"c{center - 1}": widest})
            _assert_center_names_whole(ring, {"c1": name, f"c{center - 1}": widest},
                                       f"{players} players, {center} center")


@pytest.mark.parametrize("center", [3, 4])
@pytest.mark.parametrize("players", [8, 10])
def test_every_center_card_face_up_is_named_whole(players, center):
    """The Exposer and a Doppelgänger-Exposer can turn every center card up: the widest names of the
    catalog on all of them at once, at the day's 80×24 size."""
    for lang in sorted(NAMES_BY_LANG):
        names = sorted(NAMES_BY_LANG[lang], key=lambda n: (_widest_word(n), cell_len(n), n))[-center:]
        ring = PlainRing(NAMES[:players], center, size=DAY_TABLE,
                         notes={f"c{i}": name for i, name in enumerate(names)})
        _assert_center_names_whole(ring, dict(ring.notes), lang)


def _letters(text: str) -> str:
    return re.sub(r"[\s-]", "", text)


@pytest.mark.slow  # a sweep of thousands of tables: after the fast core
@pytest.mark.parametrize("size", [DAY_TABLE, TIME_UP_TABLE])
@pytest.mark.parametrize("lang", sorted(NAMES_BY_LANG))
def test_face_up_cards_on_seats_lose_no_letter_and_cover_no_neighbour(lang, size):
    """A Revealer's or Flipper's face-up card under a seat: every role name on one seat, the language's
    widest-word name and its longest name on two others (the same name twice included). A word wider
    than the seat's box is broken over lines (it was cut: "Self-Awaren…"), and a box made taller by that
    moves rather than cover a neighbour's name."""
    widest, longest = _longest_two(lang)[0][0], _longest_two(lang)[1][0]
    ring = PlainRing(NAMES[:3], 3, size=size)
    for players in range(3, 11):
        for name in NAMES_BY_LANG[lang]:
            notes = {"p1": name, f"p{players // 2}": widest, f"p{players - 1}": longest}
            ring.players = NAMES[:players]
            ring.set_notes(notes)
            rows = _cells(ring)
            picture = "\n".join("".join(row) for row in rows)
            assert "…" not in picture, (players, "\n" + picture)
            for pos, note in notes.items():
                _, *lines = _box_text(ring, rows, pos)
                assert _letters("".join(lines)) == _letters(note), (players, pos, lines, "\n" + picture)
            for (p, a), (q, b) in itertools.combinations(ring._boxes.items(), 2):
                assert not _overlap(a, b), (players, p, q, "\n" + picture)
            for seat, player in enumerate(ring.players):
                assert _box_text(ring, rows, f"p{seat}")[0] == ring._label(f"p{seat}"), (player, "\n" + picture)


@pytest.mark.parametrize("width", range(2, 16))
def test_a_word_wider_than_its_box_is_broken_over_lines_never_cut(width):
    """Where no layout gives a name its width, the name is wrapped over more lines, never cut: every
    letter of every role name is there, in order, each line within the box (after a hyphen, between
    Chinese letters, else folded with a hyphen added, Hangul without one)."""
    for name in itertools.chain.from_iterable(NAMES_BY_LANG.values()):
        lines = _wrap(name, width)
        assert _letters("".join(lines)) == _letters(name), (width, name, lines)
        assert all(cell_len(line) <= max(2, width) for line in lines), (width, name, lines)
        if _widest_word(name) <= width:  # room for every word: broken between words only
            assert " ".join(lines) == name, (width, name, lines)
