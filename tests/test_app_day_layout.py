"""The day screen at 80×24: every role in play and every night step is named whole (a long name wraps
between its words beside its number or above its team, never cut or broken mid-word), and the table
shows every player."""

from __future__ import annotations

import pytest

from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.protocol import apply, new_game, pending
from onenight_core.model.values import Setup
from onenight_core.play.saves import SavedGame

from app_pilot import NAMES, SIZE, quiet_settings, screen_name, screen_text, until
from onenight_tui.app import OneNightApp


def at_the_day(preset_id: str) -> SavedGame:
    preset = PRESETS[preset_id]
    setup = Setup(NAMES[:preset.players], preset.roles)
    g, saved = new_game(setup, 7), SavedGame(setup, 7)
    while (p := pending(g)) is not None and p.kind != "vote":
        g = apply(g, p.options[0])
        saved = saved.with_answer(p.options[0])
    return saved.with_meta(stage="day", day_left=300.0)


@pytest.mark.parametrize("preset_id", ["mixed-9", "mixed-10", "information-society-5"])
async def test_the_day_names_roles_and_steps_whole(preset_id):
    app = OneNightApp(quiet_settings(), start=at_the_day(preset_id))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        labels = [app.words("numbered_name", number=seat + 1, name=player)  # "1·Mina": the seat's number
                  for seat, player in enumerate(NAMES[:PRESETS[preset_id].players])]
        await until(pilot, lambda: all(label in screen_text(app).split() for label in labels), "the table's names")
        screen = app.screen
        text = screen_text(app)
        assert "…" not in text
        for label in labels:
            assert label in text.split(), label
        # Each step row: the number beside the whole name (its words may wrap inside the row, not break).
        rows = screen.query(".day-step-row")
        assert len(rows) >= 5
        for row in rows:
            number, name = row.children
            title = str(name.render())
            width = name.content_size.width
            assert all(len(word) <= width for word in title.split()), (title, width)
            assert number.region.x < name.region.x and number.region.y == name.region.y
        for role in screen.query(".day-role"):
            name, team = str(role.render()).split("\n  ")  # the team on a line of its own, indented
            assert team.strip() and name.strip()
            width = role.content_size.width
            assert all(len(word) <= width for word in str(role.render()).split()), (str(role.render()), width)


async def test_hidden_roles_in_play_are_announced_until_scrolled_to():
    """Issue 21: at 80×24 the "Roles in play" panel hid its last entries with no hint."""
    app = OneNightApp(quiet_settings(), start=at_the_day("mixed-10"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        screen = app.screen
        roles = screen.query_one("#day-roles")
        await until(pilot, lambda: roles.max_scroll_y > 0 and "▼ more" in screen_text(app), "the hint")
        last = list(screen.query(".day-role"))[-1]
        assert last.region.y >= roles.region.bottom  # hidden: the hint says there is more
        roles.focus()
        await pilot.press("end")
        await until(pilot, lambda: roles.scroll_y >= roles.max_scroll_y and not roles.border_subtitle,
                    "scrolled to the end")
