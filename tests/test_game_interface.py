"""The one game interface (issue 24): every ruleset is played through ``engine.game.rules_for(setup)``
(``model.game.GameRules``) and the one loop ``drive``; bots, ``simulate`` and saves reach every ruleset
that way, never by comparing ruleset ids."""

from __future__ import annotations

import pytest

import onenight_core.rulesets  # noqa: F401 — the registry every Setup is checked against
from onenight_core.engine.game import ONE_NIGHT, rules_for
from onenight_core.errors import IllegalAction, SaveError, SetupError
from onenight_core.model.game import GameRules, drive
from onenight_core.model.values import Action, Setup
from onenight_core.play.saves import SavedGame, replay, replay_game
from onenight_core.play.simulate import SimulationStats, batch, play_bot_game
from onenight_core.rulesets import RULESETS, ruleset_for
from onenight_core.rulesets.classic.rules import CLASSIC_RULES
from onenight_core.play.classic_batch import ClassicStats

ONUW = Setup(("a", "b", "c"), ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"))
DALBULA = Setup(("a", "b", "c"), ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"), "dalbula")
CLASSIC = Setup(("a", "b", "c", "d", "e"), ("werewolf", "seer", "witch", "villager", "villager"), "classic")
SETUPS = (ONUW, DALBULA, CLASSIC)


def first(_game: object, prompt) -> Action:
    return prompt.options[0]


def test_every_ruleset_has_rules_and_a_family():
    families = {rules_for(r.id).family for r in RULESETS.values()}
    assert families == {ONE_NIGHT.family, CLASSIC_RULES.family}
    assert rules_for("onuw") is rules_for("dalbula") is ONE_NIGHT  # both on the One Night engine
    assert ruleset_for("classic").game is CLASSIC_RULES and ruleset_for("onuw").game is None
    assert CLASSIC_RULES.family not in RULESETS  # a family is not a ruleset id


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.ruleset)
def test_drive_plays_any_ruleset_to_its_outcome(setup):
    rules: GameRules = rules_for(setup)
    game = rules.new_game(setup, 5)
    assert not rules.is_over(game) and rules.outcome(game) is None
    assert rules.view_for(game, 0) is not None and rules.public_view(game) is not None
    end = drive(rules, game, first)
    assert rules.is_over(end) and rules.pending(end) is None and rules.outcome(end) is not None
    assert drive(rules, rules.new_game(setup, 5), first) == end  # a pure function of seed and answers


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.ruleset)
def test_apply_validates_and_never_mutates(setup):
    rules = rules_for(setup)
    game = rules.new_game(setup, 3)
    prompt = rules.pending(game)
    before = (game, prompt)
    with pytest.raises(IllegalAction):
        rules.apply(game, Action("no_such_verb", ("p99",)))
    after = rules.apply(game, prompt.options[0])
    assert (game, rules.pending(game)) == before and after != game


def test_a_save_of_any_ruleset_replays_through_the_interface():
    for setup in SETUPS:
        rules = rules_for(setup)
        game, answers = rules.new_game(setup, 9), []
        for _ in range(4):
            prompt = rules.pending(game)
            answers.append(prompt.options[-1])
            game = rules.apply(game, prompt.options[-1])
        assert replay_game(SavedGame(setup, 9, answers)) == game
    assert replay_game(SavedGame(ONUW, 9, ())) == replay(SavedGame(ONUW, 9, ()))
    with pytest.raises(SaveError):
        replay_game(SavedGame(CLASSIC, 9, (Action("no_such_verb"),)))


def test_bot_games_of_every_ruleset_use_their_family_s_bots():
    from onenight_core.play.bots import play_game
    from onenight_core.model.game import drive
    from onenight_core.rulesets.classic.bots import bot_answers
    from onenight_core.rulesets.classic.rules import CLASSIC_RULES

    assert play_bot_game(ONUW, 4, "random") == play_game(ONUW, 4, "random")
    own = drive(CLASSIC_RULES, CLASSIC_RULES.new_game(CLASSIC, 4), bot_answers(CLASSIC, 4, "informed"))
    assert play_bot_game(CLASSIC, 4, "informed") == own
    with pytest.raises(SetupError, match="unknown bot 'psychic'"):
        play_bot_game(CLASSIC, 4, "psychic")  # a kind classic's bots do not have: one line


def test_one_batch_entry_for_every_ruleset():
    assert isinstance(batch(ONUW, 5, 1, "random"), SimulationStats)
    stats = batch(CLASSIC, 5, 1, "random")
    assert isinstance(stats, ClassicStats) and sum(n for _, n in stats.wins) == 5
