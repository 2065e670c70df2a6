"""Issue 25: ``simulate --ruleset classic`` plays the set-ups it covers on the batch fast path
(``play/batch/classic.py``: one mutable table per game, bots inline). Its seeded games must be the
engine's (``rulesets/classic``: ``play_bot_game``) game for game — deaths per round, winners, side,
reason, nights, who holds what and who lives — over thousands of seeded games of the default decks at
several player counts, with both bots and the options the fast path plays; what it does not cover is
played by the engine; and a batch's figures are the same for every number of jobs."""

from __future__ import annotations

import pytest

from onenight_core.model.values import Setup
from onenight_core.play.batch.classic import ClassicResult, covers, play_game, player
from onenight_core.play.simulate import game_seeds
from onenight_core.play.simulate import play_bot_game as play_game_of_any_ruleset
from onenight_core.play.simulate import batch, play_chunk
from onenight_core.rulesets.classic.deck import default_classic_deck


def play_bot_game(setup, seed, bot="random"):
    """A whole classic bot game's board, through the one loop (``play.simulate.play_bot_game``)."""
    return play_game_of_any_ruleset(setup, seed, bot).board

#: Game-for-game runs over hundreds of seeded games per deck (a property run): the whole suite runs them,
#: the fast core (``-m "not slow"``) does not; their big sweeps are ``sweep`` (run on demand).
pytestmark = pytest.mark.slow


def _setup(players: int, deck: tuple[str, ...] | None = None, **options: object) -> Setup:
    return Setup(tuple(f"P{i}" for i in range(players)), deck or default_classic_deck(players), "classic",
                 tuple(options.items()))


def _same_games(setup: Setup, bot: str, games: int, seed: int = 0) -> None:
    assert covers(setup, bot)
    fast = player(setup, bot)
    for game_seed in game_seeds(seed, games):
        engine = ClassicResult.of(play_bot_game(setup, game_seed, bot))
        assert fast(game_seed) == engine, (len(setup.players), bot, game_seed)


# 2,300 games here and 1,200 below (the engine plays a few hundred a second): the default decks where every
# special card is in (8-10, 12 players) and the small ones, both bots; 36,000 in the slow sweep.
@pytest.mark.parametrize(("players", "bot", "games"), [
    (9, "informed", 600), (8, "informed", 300), (12, "informed", 200), (5, "informed", 300),
    (7, "informed", 200), (9, "random", 300), (10, "random", 200), (4, "random", 200),
])
def test_the_fast_path_plays_the_engines_games_game_for_game(players, bot, games):
    _same_games(_setup(players), bot, games, seed=players)


@pytest.mark.parametrize("options", [
    {"werewolves.win_rule": "parity"},
    {"seer.reveals": "wolf_or_not", "lovers.know_roles": True, "cupid.wins_with_lovers": True},
    {"witch.potions": "single_either", "witch.can_self_save": "first_night_only", "witch.may_self_poison": False},
    {"witch.can_self_save": "never", "little_girl.risk": "big", "little_girl.caught_savable_by_witch": False},
    {"sheriff.enabled": False},
    {"sheriff.double_vote": False, "sheriff.election": "day1_before_statements", "witch.knows_victim": False},
])
@pytest.mark.parametrize("bot", ["informed", "random"])
def test_the_options_it_plays_give_the_engines_games(options, bot):
    _same_games(_setup(9, **options), bot, 80, seed=3)


def test_a_deck_with_a_werewolf_known_to_the_witch_and_hunter_gives_the_engines_games():
    """Three werewolves among few villagers: the witch's poison and the hunter's shot find known
    werewolves (the seer's look is told to nobody else, so these come from the lovers' cards)."""
    setup = _setup(6, ("werewolf", "werewolf", "witch", "hunter", "cupid", "seer"), **{"lovers.know_roles": True})
    _same_games(setup, "informed", 200, seed=11)


@pytest.mark.parametrize(("deck", "options"), [
    (("werewolf", "seer", "defender", "villager"), {}),                     # a New Moon role: events
    (("werewolf", "seer", "thief", "villager"), {}),                        # the thief's two extra cards
    (("werewolf", "seer", "villager", "villager"), {"vote.tie_policy": "mob_runoff"}),
    (("werewolf", "seer", "villager", "villager"), {"vote.procedure": "sequential_hands"}),
    (("werewolf", "seer", "villager", "villager"), {"sheriff.election": "night1"}),
    (("werewolf", "seer", "villager", "villager"), {"events.enabled": True}),
])
def test_what_it_does_not_cover_the_engine_plays(deck, options):
    setup = _setup(len(deck), deck, **options)  # (with a thief the deck gets two villagers more)
    assert not covers(setup, "informed")
    for seed in range(5):
        assert play_game(setup, seed, "informed") == ClassicResult.of(play_bot_game(setup, seed, "informed"))


def test_a_batch_is_the_same_for_every_number_of_jobs():
    setup = _setup(9)
    one = batch(setup, 600, 4, "informed", jobs=1)
    assert batch(setup, 600, 4, "informed", jobs=2) == one
    assert one.games == 600 and sum(n for _, n in one.wins) == 600


def test_classic_batches_are_played_by_simulate_s_one_loop():
    """One batch loop for every family (issue 24): a part of a classic batch is ``play_chunk``'s, like a
    One Night part, and parts merge into the batch's own tally."""
    setup = _setup(9)
    seeds = tuple(game_seeds(4, 120))
    whole = play_chunk(setup, "informed", seeds)
    merged = play_chunk(setup, "informed", seeds[:50])
    merged.merge(play_chunk(setup, "informed", seeds[50:]))
    assert vars(merged) == vars(whole) and sum(whole.wins.values()) == 120
    assert batch(setup, 120, 4, "informed").wins == tuple(sorted(whole.wins.items()))


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize("players", range(3, 21))
@pytest.mark.parametrize("bot", ["informed", "random"])
def test_every_default_deck_over_many_games(players, bot):
    _same_games(_setup(players), bot, 1000, seed=100 + players)


def test_simulate_hands_jobs_and_cluster_to_the_classic_batch(monkeypatch, capsys):
    """``simulate --ruleset classic --jobs N`` plays the batch in N processes (it used to ignore --jobs)."""
    import onenight_core.play.simulate as simulate_module
    from onenight_tui.cli import main

    asked = {}
    real = simulate_module.batch

    def recording(setup, games, seed=0, bot="informed", progress=None, every=100, bring=False, jobs=1,
                  cluster=None):
        asked.update(jobs=jobs, cluster=cluster)
        return real(setup, games, seed, bot)  # (in this process: the figures are the same for every N)

    monkeypatch.setattr(simulate_module, "batch", recording)
    assert main(["simulate", "--ruleset", "classic", "--players", "9", "--games", "40", "--jobs", "3"]) == 0
    assert asked == {"jobs": 3, "cluster": None}
    assert main(["simulate", "--ruleset", "classic", "--players", "9", "--games", "40"]) == 0
    assert asked == {"jobs": 1, "cluster": None}  # a small batch plays in this process
    capsys.readouterr()


def test_a_bot_kind_classic_does_not_have_is_one_clear_line(capsys, monkeypatch):
    # (classic has claiming bots since issue 26: a family without a kind still refuses it in one line)
    import attrs

    from onenight_core.play import policies
    from onenight_tui.cli import main

    family = policies.POLICIES["nights_and_days"]
    monkeypatch.setitem(policies.POLICIES, "nights_and_days", attrs.evolve(family, kinds=("informed", "random")))
    for games in ("1", "20"):
        assert main(["simulate", "--ruleset", "classic", "--players", "9", "--bot", "claiming", "--games", games]) == 2
        err = capsys.readouterr().err
        assert "claiming" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
