"""The table picture at the size the day screen gives it at 80×24: face-up cards and names are shown
whole ("Village Idiot" wraps between words instead of "Village…"), and no two positions overlap."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Size

from onenight_tui.text.app_words import AppWords
from onenight_tui.widgets import table_ring
from onenight_tui.widgets.table_ring import TableRing

from app_pilot import until

NAMES = ("Mina", "Oskar", "Pia", "Quentin", "Rhea", "Sven", "Tove", "Ugo", "Vera", "Wim")
LONG = ("Village Idiot", "Paranormal Investigator", "Doppelgänger", "Troublemaker", "Apprentice Seer")


class RingApp(App):
    def __init__(self, ring: TableRing) -> None:
        super().__init__()
        self.ring = ring

    def compose(self) -> ComposeResult:
        yield self.ring


class PlainRing(TableRing):
    """The table's picture as a plain call: the widget's own layout and drawing at the content size it is
    given, without an app (no styles; the words of the language ``speaking`` sets, English without).
    ``test_the_plain_picture_is_the_one_the_app_draws`` pins it to the picture of the widget in an app."""

    def __init__(self, players, center: int = 3, *, size: tuple[int, int], notes=None) -> None:
        super().__init__(players, center, notes=notes)
        self.given = Size(*size)

    @property
    def content_size(self) -> Size:
        return self.given

    def get_component_rich_style(self, *names: str, partial: bool = False) -> Style:
        return Style.null()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The table's words ("C1", "you") in ``lang``, as an app in that language gives them."""
    before = table_ring.app_words
    table_ring.app_words = lambda node: AppWords(lang)
    try:
        yield
    finally:
        table_ring.app_words = before


def _overlap(a, b) -> bool:
    (ax, ay, aw, ah), (bx, by, bw, bh) = a, b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("width", [34, 37])
@pytest.mark.parametrize("cards", [3, 4])
@pytest.mark.parametrize("players,face_up,center", [
    (3, 3, True), (5, 5, True), (6, 2, True), (7, 2, True), (8, 2, False), (9, 2, False), (10, 2, False)])
def test_face_up_cards_are_shown_whole_and_positions_do_not_overlap(players, face_up, center, cards,
                                                                          width):
    """``face_up`` players show a long card name (a Revealer shows one, a Doppelgänger-Revealer a second).
    Center cards are never turned face up in a One Night game; with up to seven players the table still
    has room to name them whole."""
    notes = {f"p{i}": LONG[i % len(LONG)] for i in range(0, players, max(1, players // face_up))[:face_up]}
    if center:
        notes.update({"c0": "Werewolf", "c2": "Mystic Wolf"})
    # 4 center cards with the Alpha Wolf. The day screen gives the table about 34×13 cells at 80×24
    # (between the two reference columns).
    ring = PlainRing(NAMES[:players], cards, size=(width, 13), notes=notes)
    text = str(ring.render())
    words = set(text.split())
    for note in notes.values():
        for word in note.split():
            assert word in words, (word, "\n" + text)
    for seat in range(players):  # each seat named whole, with its number ("1·Mina")
        assert ring._label(f"p{seat}") in words, ring._label(f"p{seat}")
    assert "…" not in text
    boxes = list(ring._boxes.values())
    for a, b in itertools.combinations(boxes, 2):
        assert not _overlap(a, b), (a, b, "\n" + text)


def _longest_names() -> dict[str, str]:
    """Per language, the role name (from roles.toml, through the catalog) with the widest word: the one
    most likely to be cut ("Self-Awareness Girl", "노스트라다무스", "邪恶探测仪", "Récupérateur")."""
    from rich.cells import cell_len

    from onenight_core.catalog.loader import default_catalog

    best: dict[str, str] = {}
    for role in default_catalog().roles:
        for lang, name in role.names:
            widest = max(cell_len(word) for word in name.split())
            if lang not in best or widest > max(cell_len(word) for word in best[lang].split()):
                best[lang] = name
    return best


LONGEST = _longest_names()


@pytest.mark.parametrize("lang", sorted(LONGEST))
@pytest.mark.parametrize("cards", [3, 4])
@pytest.mark.parametrize("players", range(3, 11))
def test_a_face_up_center_card_is_shown_whole_for_every_table(players, cards, lang):
    """The Exposer turns center cards up; at 80×24 (the day's table is about 34×13) each one's name is
    shown whole — the role with the widest word of each language (ko/zh letters are two cells) alone, then
    with a 12-cell "Doppelgänger" on the last card — for every player count and three or four center
    cards. (Before the two-row center, ten players cut "Psychic" to "Ps…".)"""
    longest = LONGEST[lang]
    for notes in ({"c1": longest}, {"c1": longest, f"c{cards - 1}": "Doppelgänger"}):
        ring = PlainRing(NAMES[:players], cards, size=(34, 13), notes=notes)
        text = str(ring.render())
        for word in " ".join(notes.values()).split():
            assert word in text, (word, "\n" + text)
        for seat in range(players):
            assert ring._label(f"p{seat}") in text.split(), (ring._label(f"p{seat}"), "\n" + text)
        assert "…" not in text, "\n" + text
        for a, b in itertools.combinations(ring._boxes.values(), 2):
            assert not _overlap(a, b), (a, b, "\n" + text)


async def test_ten_players_with_four_center_cards_name_the_exposed_psychic():
    """The audit's reproduction (mixed-all-10, day screen at 80×24): "Psychic" was shown as "Ps…"."""
    ring = TableRing(NAMES[:10], 4, notes={"c1": "Psychic"})
    async with RingApp(ring).run_test(size=(34, 13)) as pilot:
        await until(pilot, lambda: ring.region.area > 0, "the ring laid out")
        text = str(ring.render())
    assert "Psychic" in text.split() and "…" not in text, "\n" + text
    assert all(f"C{i}" in text.split() for i in range(1, 5)), "\n" + text


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_the_plain_picture_is_the_one_the_app_draws(lang):
    """The plain pictures the layout tests check are the widget's own: the same table (ten players, four
    center cards, long face-up names on seats and cards) drawn in a running app of that language at the
    day's 34×13 has the same text and the same boxes."""
    notes = {"c1": LONGEST[lang], "c3": "Doppelgänger", "p2": "Paranormal Investigator", "p7": LONGEST[lang]}
    ring = TableRing(NAMES[:10], 4, notes=notes)
    app = RingApp(ring)
    app.lang = lang  # what the table's words are read from (``app_words``)
    async with app.run_test(size=(34, 13)) as pilot:
        await until(pilot, lambda: ring.region.area > 0, "the ring laid out")
        drawn, boxes = ring.render().plain, dict(ring._boxes)
    with speaking(lang):
        plain = PlainRing(NAMES[:10], 4, size=(34, 13), notes=notes)
        assert plain.render().plain == drawn and plain._boxes == boxes
    assert ("C1" in drawn) == (lang == "en")  # the language's own word for the center cards
