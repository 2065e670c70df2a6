"""The set-up screen at 80×24, as new players first see it: every preset's name shown whole in the menu
and in the field, its description and the deck's notes never cut, every role's name whole in the deck
list, the footer whole; and a change in the number of players never changes the chosen deck silently."""

from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Input

from onenight_core.catalog.presets import PRESETS
from onenight_tui.widgets.picker import Picker

from app_pilot import NAMES, SIZE, flat, handled, quiet_settings, screen_name, screen_text, until
from onenight_tui.app import OneNightApp
from onenight_tui.screens.setup.setup import SetupScreen
from onenight_tui.text.app_words import AppWords


async def _setup(pilot, app):
    await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
    return app.screen


async def _players(pilot, screen, n: int) -> None:
    screen.query_one("#setup-players", Input).value = ", ".join(NAMES[:n])
    await until(pilot, lambda: len(screen.names) == n, f"{n} players")
    await handled(pilot, "the players' change")  # its effect on the deck is in before the test picks a preset


def _notes(screen) -> str:
    notes = screen.query_one("#setup-notes")
    return str(notes.render()) if notes.display else ""


async def test_every_preset_shows_whole_at_80x24():
    app = OneNightApp(quiet_settings(players=()))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        onuw = [p for p in PRESETS.values() if p.ruleset == "onuw"]
        for preset in sorted(onuw, key=lambda p: p.players):
            if len(screen.names) != preset.players:
                await _players(pilot, screen, preset.players)
            screen.query_one("#setup-preset", Picker).value = preset.id
            roles = sorted(preset.roles)
            await until(pilot, lambda roles=roles: sorted(screen.deck) == roles, preset.id)
            label = SetupScreen._preset_name(preset.id, AppWords("en"))  # "Vampire (5)": kind and players
            await until(pilot, lambda label=label: any(f" {label} " in line for line in screen_text(app).splitlines()
                                                       if "Preset" in line), f"{preset.id} in the field")
            await until(pilot, lambda: " ".join(_notes(screen).split()) in flat(app), f"{preset.id}'s notes drawn")
            lines = screen_text(app).splitlines()
            field = next(line for line in lines if "Preset" in line)
            assert f" {label} " in field, (preset.id, field)
            notes = _notes(screen)
            if preset.id.startswith("base-"):
                assert label not in notes  # the plain game needs no description
            else:
                # what the preset is, introduced by its name once (a description that names it is said as it is)
                assert notes.startswith(label) and not notes.startswith(f"{label}: {label}"), notes
            assert " ".join(notes.split()) in flat(app), (preset.id, "the notes are cut")
            assert lines[-1].rstrip().endswith("f1 Help"), lines[-1]
            assert "Start the game" in flat(app)  # the form is not pushed off the screen


async def test_the_preset_menu_has_one_line_per_preset():
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        picker = screen.query_one("#setup-preset", Picker)
        picker.focus()
        await pilot.press("enter")
        await until(pilot, lambda: picker.expanded, "the menu")
        ids = [SetupScreen._preset_name(p.id, AppWords("en"))
               for p in PRESETS.values() if p.players == 5 and p.ruleset == "onuw"]
        await until(pilot, lambda: all(f"{i} " in screen_text(app) for i in ids), "the menu drawn")
        text = screen_text(app)
        lines = text.splitlines()
        for preset_id in ids:
            assert sum(f"{preset_id} " in line for line in lines) >= 1, preset_id
        first = next(i for i, line in enumerate(lines) if "Custom deck" in line)
        assert all(ids[k] in lines[first + 1 + k] for k in range(len(ids)))  # one line each, in order
        assert lines[-1].rstrip().endswith("f1 Help"), lines[-1]


async def test_every_role_name_is_whole_in_the_deck_list():
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        deck = screen.query_one("#setup-deck")
        width = deck.scrollable_content_region.width
        for index, role in enumerate(deck.roles):
            prompt = deck.get_option_at_index(index).prompt
            assert cell_len(prompt.plain.rstrip()) <= width, (role, prompt.plain, width)
        line = {role: deck.get_option_at_index(i).prompt.plain for i, role in enumerate(deck.roles)}
        assert line["werewolf"].split()[-1] == "Werewolf" and line["tanner"].endswith("Own team")
        assert line["apprentice_tanner"].endswith("Tanner")  # wins with the Tanner
        deck.focus()
        deck.highlighted = deck.roles.index("paranormal_investigator")
        await until(pilot, lambda: "Paranormal Investigator" in screen_text(app), "the highlighted role shown")
        assert "Paranormal Investigator" in screen_text(app)
        assert screen_text(app).splitlines()[-1].rstrip().endswith("f1 Help")


async def test_a_sixth_name_takes_the_same_kind_of_preset_and_says_so():
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        screen.query_one("#setup-preset", Picker).value = "vampire-5"
        await until(pilot, lambda: sorted(screen.deck) == sorted(PRESETS["vampire-5"].roles), "vampire-5")
        await _players(pilot, screen, 6)
        assert sorted(screen.deck) == sorted(PRESETS["vampire-6"].roles)  # not base-6
        assert screen.query_one("#setup-preset", Picker).value == "vampire-6"
        assert "6 players: Vampire for 6 now (for 5 before)" in flat(app)
        # Changing the deck by hand ends the news.
        deck = screen.query_one("#setup-deck")
        deck.focus()
        deck.highlighted = deck.roles.index("villager")
        await pilot.press("right")
        await until(pilot, lambda: "for 5 before" not in flat(app), "the news gone")


async def test_a_deck_with_no_preset_for_the_new_count_is_kept_and_that_is_said():
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        screen.query_one("#setup-preset", Picker).value = "beginner-5"
        await until(pilot, lambda: sorted(screen.deck) == sorted(PRESETS["beginner-5"].roles), "beginner-5")
        await _players(pilot, screen, 6)
        assert sorted(screen.deck) == sorted(PRESETS["beginner-5"].roles)  # kept, not base-6
        text = flat(app)
        assert "First game is a deck for 5 players: it is kept as it was" in text
        assert "6 players need 9 cards" in text  # and the form says what is missing


async def test_the_night_step_field_says_what_its_time_means_at_80x24():
    """The step time is the table's secrecy: a tooltip needs a mouse, so the notes say it on focus."""
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        assert "lasts exactly this long" not in _notes(screen)
        screen.query_one("#setup-action", Picker).focus()
        await until(pilot, lambda: "lasts exactly this long" in _notes(screen), "the night step help")
        await until(pilot, lambda: " ".join(_notes(screen).split()) in flat(app), "the help drawn")
        assert " ".join(_notes(screen).split()) in flat(app), "the help is cut"
        assert "Start the game" in flat(app)
        screen.query_one("#setup-players", Input).focus()
        await until(pilot, lambda: "lasts exactly this long" not in _notes(screen), "the help goes")


async def test_the_names_field_keeps_the_remembered_names_and_undoes_an_edit():
    """Issue 21: the field opened with its text selected, so ``q`` (pressed to quit) replaced the names
    with "q", and Ctrl+Z did nothing."""
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        field = screen.query_one("#setup-players", Input)
        assert field.has_focus and field.selection.is_empty
        await pilot.press("q")
        assert field.value == ", ".join(NAMES[:5]) + "q"  # the names are kept
        await pilot.press("ctrl+z")
        assert field.value == ", ".join(NAMES[:5])
        await pilot.press("ctrl+shift+a", "x")  # replaced on purpose: undone too
        assert field.value == "x"
        await pilot.press("ctrl+z")
        assert field.value == ", ".join(NAMES[:5])
        await pilot.press("ctrl+y")
        assert field.value == "x"


async def test_the_preset_follows_a_new_group_typed_after_clearing_the_names():
    """Issue 21: clearing the names and typing a new group (3→10, 10→7, 3→4) left "Custom deck" with the
    old group's cards."""
    app = OneNightApp(quiet_settings(players=NAMES[:3]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _setup(pilot, app)
        for before, after in ((3, 10), (10, 7), (7, 3), (3, 4)):
            assert sorted(screen.deck) == sorted(PRESETS[f"base-{before}"].roles)
            await _players(pilot, screen, 0)
            await _players(pilot, screen, after)
            assert screen.query_one("#setup-preset", Picker).value == f"base-{after}"
            assert sorted(screen.deck) == sorted(PRESETS[f"base-{after}"].roles)
            assert screen.problem is None
        # A kind of preset is followed too, through the counts it has no preset for.
        screen.query_one("#setup-preset", Picker).value = "vampire-4"
        await until(pilot, lambda: sorted(screen.deck) == sorted(PRESETS["vampire-4"].roles), "vampire-4")
        await _players(pilot, screen, 0)
        await _players(pilot, screen, 5)
        assert screen.query_one("#setup-preset", Picker).value == "vampire-5"
