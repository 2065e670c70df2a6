"""Issue 26, played by hand in tmux (task qa26): what a player met at a table with bot seats and on the
set-up screen, each pinned by a check that fails when it comes back.

* The set-up said a preset's name twice: "First game: First game: two werewolves, ...", "Vampire:
  Vampire, 4 players. ...", "Super Villains: Super Villains, 3 players: ..." — the description already
  begins with the name.
"""

from __future__ import annotations

import pytest

from onenight_core.catalog.presets import PRESETS
from onenight_tui.screens.setup.setup import preset_note
from onenight_tui.text.app_words import AppWords, preset_name
from onenight_tui.text.rules_words import preset_description


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_setup_never_says_a_presets_name_twice(lang):
    say = AppWords(lang)
    for preset in PRESETS.values():
        name, about = preset_name(preset.id, say), preset_description(preset, lang)
        line = preset_note(name, about, say)
        assert about in line, (preset.id, line)
        rest = line.casefold().replace(name.casefold(), "", 1)
        assert not rest.lstrip(" :：,，").startswith(name.casefold()), (preset.id, line)


def test_a_preset_whose_description_does_not_name_it_is_introduced_by_its_name():
    say = AppWords("en")
    assert preset_note("Chaos", "Lots of swaps", say) == "Chaos: Lots of swaps"
    assert preset_note("Vampire", "Vampire, 4 players. Marks.", say) == "Vampire, 4 players. Marks."
    # What happened to the deck always comes first.
    assert preset_note("Kept Vampire", "Kept Vampire stuff", say, named=False).startswith("Kept Vampire: ")
    assert preset_note("First game", "", say) == "First game"


def test_the_claim_forms_key_bar_offers_backspace_only_past_the_first_question():
    """At the claim form's first question Backspace did nothing, yet the key bar said "⌫ Back"."""
    from onenight_core.catalog.loader import default_catalog
    from onenight_core.catalog.presets import default_preset
    from onenight_core.play.spoken_claims import ClaimTable
    from onenight_tui.screens.one_night.claim_entry import ClaimEntryScreen

    players = ("Ann", "Bo", "Cy", "Robot 1", "Robot 2")
    table = ClaimTable(5, 3, default_preset(5).roles)
    several = ClaimEntryScreen(table, players, (0, 1, 2), default_catalog(), "en")
    assert several.check_action("back", ()) is False  # "who spoke?": nothing before it
    assert several.check_action("cancel", ()) is True
    several.seat = 1
    assert several.check_action("back", ()) is True  # back to "who spoke?"
    one = ClaimEntryScreen(table, players, (0,), default_catalog(), "en")
    assert one.seat == 0 and one.check_action("back", ()) is False  # one human: the role is the first question
    one.role = "seer"
    assert one.check_action("back", ()) is True
