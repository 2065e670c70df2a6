"""A deck of the wrong size under ``dalbula`` (issue 13): both sizes the ruleset accepts are named — one
card brought per player, or a whole table (players + 3, more with extra center cards) — in every
language, while the official set-up, which takes only a whole table, names only that one."""

from __future__ import annotations

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.errors import SetupError
from onenight_core.model.values import Setup
from onenight_core.rulesets.dalbula.setup import dalbula_check_setup
from onenight_tui.cli import main


def _refusal(deck: tuple[str, ...], options: tuple[tuple[str, bool], ...] = ()) -> SetupError:
    setup = Setup(("Ann", "Bo", "Cy"), deck, "dalbula", options)
    with pytest.raises(SetupError) as caught:
        dalbula_check_setup(setup, default_catalog())
    return caught.value


@pytest.mark.parametrize("deck", [("werewolf", "seer"), ("werewolf", "seer", "robber", "villager"),
                                  ("werewolf",) * 2 + ("villager",) * 5])
def test_a_deck_of_the_wrong_size_names_both_valid_sizes(deck):
    error = _refusal(deck)
    assert error.said is not None and error.said.id == "error_dalbula_card_count"
    assert (error.said["players"], error.said["count"], error.said["cards"]) == (3, 6, len(deck))
    assert str(error) == ("3 players bring 3 cards (one each) or deal a whole table of 6 cards "
                          f"(players + 3); the deck has {len(deck)}")


def test_the_whole_table_counts_the_alpha_wolfs_extra_center_card():
    error = _refusal(("alpha_wolf", "seer", "robber", "villager", "villager", "villager"))
    assert error.said is not None and error.said.id == "error_dalbula_card_count"
    assert (error.said["count"], error.said["center"]) == (7, 4)


def test_the_official_set_up_names_only_the_whole_table():
    error = _refusal(("werewolf", "seer", "robber", "villager"), (("official_setup", True),))
    assert error.said is not None and error.said.id == "error_card_count"


@pytest.mark.parametrize("lang,words", [("en", ("3 cards", "6 cards", "has 2")), ("fr", ("3 cartes", "6 cartes")),
                                        ("ko", ("3장", "6장", "2장")), ("zh", ("3 张", "6 张", "2 张"))])
def test_the_command_line_says_both_sizes_in_one_line_in_each_language(capsys, lang, words):
    argv = ["--lang", lang, "--ruleset", "dalbula", "--players", "Ann,Bo,Cy", "--roles", "werewolf,seer"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err, err
    assert all(word in err for word in words), err
