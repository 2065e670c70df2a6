"""Player names name people: two names that differ only in case or surrounding spaces are one person."""

import pytest

import onenight_core.rulesets  # noqa: F401  (loads the ruleset registry Setup checks against)
from onenight_core.errors import SetupError
from onenight_core.model.values import Setup

DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager")


@pytest.mark.parametrize("players", [("Ann", "ann", "Bo"), ("Ann", " Ann ", "Bo"), ("ANN", "Bo", "aNn")])
def test_names_differing_only_in_case_or_spaces_are_refused(players):
    with pytest.raises(SetupError, match="must be different"):
        Setup(players, DECK)


def test_distinct_names_are_accepted():
    assert Setup(("Ann", "Anna", "Bo"), DECK).players == ("Ann", "Anna", "Bo")


def test_the_message_is_one_line_naming_both():
    with pytest.raises(SetupError) as err:
        Setup(("Ann", "ann", "Bo"), DECK)
    assert "\n" not in str(err.value) and "'Ann'" in str(err.value) and "'ann'" in str(err.value)
