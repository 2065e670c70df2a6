"""The table picture at the size the day screen gives it at 80×24: face-up cards and names are shown
whole ("Village Idiot" wraps between words instead of "Village…"), and no two positions overlap."""

from __future__ import annotations

import itertools

import pytest
from textual.app import App, ComposeResult

from onenight_tui.widgets.table_ring import TableRing

NAMES = ("Mina", "Oskar", "Pia", "Quentin", "Rhea", "Sven", "Tove", "Ugo", "Vera", "Wim")
LONG = ("Village Idiot", "Paranormal Investigator", "Doppelgänger", "Troublemaker", "Apprentice Seer")


class RingApp(App):
    def __init__(self, ring: TableRing) -> None:
        super().__init__()
        self.ring = ring

    def compose(self) -> ComposeResult:
        yield self.ring


def _overlap(a, b) -> bool:
    (ax, ay, aw, ah), (bx, by, bw, bh) = a, b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


@pytest.mark.parametrize("width", [34, 37])
@pytest.mark.parametrize("cards", [3, 4])
@pytest.mark.parametrize("players,face_up,center", [
    (3, 3, True), (5, 5, True), (6, 2, True), (7, 2, True), (8, 2, False), (9, 2, False), (10, 2, False)])
async def test_face_up_cards_are_shown_whole_and_positions_do_not_overlap(players, face_up, center, cards,
                                                                          width):
    """``face_up`` players show a long card name (a Revealer shows one, a Doppelgänger-Revealer a second).
    Center cards are never turned face up in a One Night game; with up to seven players the table still
    has room to name them whole."""
    notes = {f"p{i}": LONG[i % len(LONG)] for i in range(0, players, max(1, players // face_up))[:face_up]}
    if center:
        notes.update({"c0": "Werewolf", "c2": "Mystic Wolf"})
    ring = TableRing(NAMES[:players], cards, notes=notes)  # 4 center cards with the Alpha Wolf
    app = RingApp(ring)
    # The day screen gives the table about 34×13 cells at 80×24 (between the two reference columns).
    async with app.run_test(size=(width, 13)) as pilot:
        await pilot.pause()
        text = str(ring.render())
        words = set(text.split())
        for note in notes.values():
            for word in note.split():
                assert word in words, (word, "\n" + text)
        for name in NAMES[:players]:
            assert name in words, name
        assert "…" not in text
        boxes = list(ring._boxes.values())
        for a, b in itertools.combinations(boxes, 2):
            assert not _overlap(a, b), (a, b, "\n" + text)
