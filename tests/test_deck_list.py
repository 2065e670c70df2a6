"""The deck list (widgets/deck_list.py): one line per role, keys and mouse as an option list's, counts
that change only on playable lines, and each change announced."""

from __future__ import annotations

from app_pilot import handled, screen_text, until
from textual.app import App, ComposeResult

from onenight_tui.widgets.deck_list import MAX_COPIES, DeckList

# Ten roles, two of them not playable (the fourth and the last), in a list five lines high.
ROWS = [(f"r{i}", f"Role {i}", "Village", i not in (3, 9)) for i in range(10)]


class DeckApp(App[None]):
    CSS = "DeckList { height: 5; border: none; padding: 0; }"

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[tuple[str, int]] = []

    def compose(self) -> ComposeResult:
        yield DeckList(ROWS, {"r1": 2, "r3": 1}, id="deck")

    def on_deck_list_changed(self, event: DeckList.Changed) -> None:
        self.changes.append((event.role, event.count))


def _lines(app: DeckApp) -> list[str]:
    return screen_text(app).split("\n")[:5]


async def test_each_line_shows_count_name_and_side_and_a_count_only_for_playable_roles():
    app = DeckApp()
    async with app.run_test(size=(40, 8)):
        deck = app.query_one(DeckList)
        assert deck.counts == {"r1": 2}  # a role not playable has no count
        lines = _lines(app)
        assert lines[0].startswith("− · + Role 0 Village")
        assert lines[1].startswith("− 2 + Role 1 Village")
        assert "not yet" in lines[3] and "−" not in lines[3]
        assert deck.get_option_at_index(3).disabled and not deck.get_option_at_index(1).disabled
        assert deck.get_option_at_index(1).prompt.plain.startswith("− 2 + Role 1")


async def test_the_cursor_skips_lines_not_playable_wraps_round_and_pages():
    app = DeckApp()
    async with app.run_test(size=(40, 8)) as pilot:
        deck = app.query_one(DeckList)
        deck.focus()
        assert deck.highlighted == 0
        await pilot.press("down", "down", "down")
        assert deck.highlighted == 4  # line 3 skipped
        await pilot.press("end")
        assert deck.highlighted == 8  # the last line is not playable
        assert deck.scroll_offset.y > 0  # scrolled to show it
        await pilot.press("down")
        assert deck.highlighted == 0  # round to the top
        await pilot.press("up")
        assert deck.highlighted == 8
        await pilot.press("home", "pagedown")
        assert deck.highlighted == 5
        await pilot.press("pageup")
        assert deck.highlighted == 0


async def test_keys_change_the_count_within_bounds_and_announce_each_change():
    app = DeckApp()
    async with app.run_test(size=(40, 8)) as pilot:
        deck = app.query_one(DeckList)
        deck.focus()
        await pilot.press("down", "right", "plus", "enter", "right")
        assert deck.counts["r1"] == MAX_COPIES  # 2 + 3 = 5 asked, 4 kept
        await pilot.press("left")
        assert deck.counts["r1"] == MAX_COPIES - 1
        assert app.changes == [("r1", 3), ("r1", 4), ("r1", 3)]
        assert _lines(app)[1].startswith("− 3 + Role 1")
        deck.change("r3", +1)  # not playable: nothing happens
        assert "r3" not in deck.counts and app.changes[-1] == ("r1", 3)


async def test_a_click_on_the_minus_takes_a_card_out_and_elsewhere_adds_one():
    app = DeckApp()
    async with app.run_test(size=(40, 8)) as pilot:
        deck = app.query_one(DeckList)
        await pilot.click(DeckList, offset=(10, 2))
        assert deck.counts.get("r2") == 1 and deck.highlighted == 2
        await pilot.click(DeckList, offset=(0, 1))
        assert deck.counts["r1"] == 1 and deck.highlighted == 1
        await pilot.click(DeckList, offset=(10, 3))  # not playable
        assert "r3" not in deck.counts and deck.highlighted == 1
        assert app.changes == [("r2", 1), ("r1", 1)]


async def test_a_new_deck_is_shown_without_announcing_each_change():
    app = DeckApp()
    async with app.run_test(size=(40, 8)) as pilot:
        deck = app.query_one(DeckList)
        deck.set_counts({"r0": 1, "r3": 2, "r4": 2})
        await handled(pilot, "the new deck")  # any change it announced would be in by now
        await until(pilot, lambda: _lines(app)[0].startswith("− 1 + Role 0"), "the new deck drawn")
        assert deck.counts == {"r0": 1, "r4": 2}
        assert _lines(app)[0].startswith("− 1 + Role 0") and _lines(app)[1].startswith("− · + Role 1")
        assert app.changes == []
