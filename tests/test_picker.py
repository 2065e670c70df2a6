"""The one-line choice field (widgets/picker.py): its line, its value, and its menu built on first open."""

from __future__ import annotations

import pytest
from app_pilot import handled, screen_text, until
from textual.app import App, ComposeResult

from onenight_tui.widgets.picker import Picker, PickerMenu, PickerValueError

CHOICES = [("one minute", 60), ("two minutes", 120), ("five minutes", 300)]


class PickerApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[object] = []

    def compose(self) -> ComposeResult:
        yield Picker(CHOICES, value=120, label="Day", label_width=6, id="day")

    def on_picker_changed(self, event: Picker.Changed) -> None:
        self.changes.append(event.value)


def _line(app: PickerApp) -> str:
    return screen_text(app).split("\n")[0]


async def test_the_line_shows_label_value_and_arrow_and_no_menu_is_built_until_opened():
    app = PickerApp()
    async with app.run_test(size=(30, 10)) as pilot:
        picker = app.query_one(Picker)
        assert _line(app) == "Day   " + "two minutes".ljust(21) + " ▼ "
        assert not app.query(PickerMenu)  # nothing built for a menu never opened
        picker.focus()
        await pilot.press("enter")
        await until(pilot, lambda: picker.expanded and app.query(PickerMenu) and "▲" in _line(app)
                    and app.focused is app.query_one(PickerMenu), "the menu open")
        assert picker.expanded and len(app.query(PickerMenu)) == 1
        assert "▲" in _line(app)
        assert app.focused is app.query_one(PickerMenu)
        lines = screen_text(app).split("\n")
        assert [line[6:].strip() for line in lines[1:4]] == ["one minute", "two minutes", "five minutes"]


async def test_choosing_from_the_menu_changes_the_value_once():
    app = PickerApp()
    async with app.run_test(size=(30, 10)) as pilot:
        picker = app.query_one(Picker)
        picker.focus()
        await pilot.press("enter", "down", "enter")  # the menu opens on the current value: two → five
        await until(pilot, lambda: app.changes and not picker.expanded and app.focused is picker, "the choice")
        assert picker.value == 300 and not picker.expanded
        assert app.changes == [300]
        assert app.focused is picker
        assert "five minutes" in _line(app)


async def test_escape_closes_without_choosing_and_a_letter_jumps():
    app = PickerApp()
    async with app.run_test(size=(30, 10)) as pilot:
        picker = app.query_one(Picker)
        picker.focus()
        await pilot.press("enter", "down", "escape")
        await until(pilot, lambda: not picker.expanded and app.focused is picker, "the menu closed")
        await handled(pilot, "the keys")
        assert picker.value == 120 and not picker.expanded and app.changes == []
        assert app.focused is picker
        await pilot.press("space", "o", "enter")  # "o": the next choice starting with o
        await until(pilot, lambda: app.changes and not picker.expanded, "the choice")
        assert picker.value == 60 and app.changes == [60]


async def test_values_are_checked_and_set_options_takes_the_first():
    app = PickerApp()
    async with app.run_test(size=(30, 10)) as pilot:
        picker = app.query_one(Picker)
        with pytest.raises(PickerValueError, match="999 is not one of the choices of day"):
            picker.value = 999
        picker.value = 120  # the same value: no change to announce
        picker.set_options([("ten", 10), ("twenty", 20)])
        await until(pilot, lambda: app.changes, "the change announced")
        assert picker.value == 10 and app.changes == [10]
        assert picker.options == (("ten", 10), ("twenty", 20))
        with pytest.raises(PickerValueError):
            picker.set_options([])
        assert picker.options == (("ten", 10), ("twenty", 20)) and picker.value == 10  # kept


async def test_a_click_opens_the_menu_and_a_click_on_a_choice_takes_it():
    app = PickerApp()
    async with app.run_test(size=(30, 10)) as pilot:
        picker = app.query_one(Picker)
        await pilot.click(Picker, offset=(10, 0))
        await until(pilot, lambda: picker.expanded and app.query(PickerMenu), "the menu open")
        assert picker.expanded
        await pilot.click(PickerMenu, offset=(3, 2))  # the third line: five minutes
        await until(pilot, lambda: app.changes and not picker.expanded, "the choice")
        assert picker.value == 300 and not picker.expanded and app.changes == [300]
