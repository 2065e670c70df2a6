"""The batch kernel (onenight_core.play.batch) plays ``simulate``'s games exactly as the engine plays them:
same seeds, same deals, same bot choices, same deaths, winners, team keys and team lines, game for game
(issue 25). The set-ups it does not cover fall back to the engine, and the statistics of a batch are the
same whichever path plays it."""

from __future__ import annotations

import random

import pytest

from onenight_core import Setup
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.play import simulate as simulate_module
from onenight_core.play.batch import draws as batch_draws, mixed, results, trim
from onenight_core.play.batch.coverage import COVERED_ROLES, covers, covers_game, covers_table, game_ripple
from onenight_core.play.batch.extras import EXTRA_CARD_ROLES, with_extras
from onenight_core.play.batch.ripple import PLAYED_RIPPLES, QUIET_RIPPLES, ripple_kind
from onenight_core.play.bots import play_game
from onenight_core.play.simulate import game_results, game_seeds, simulate, starter_brought, with_brought
from onenight_core.rulesets import RULESETS

#: Game-for-game runs over hundreds of seeded games per deck (a property run): the whole suite runs them,
#: the fast core (``-m "not slow"``) does not; their big sweeps are ``sweep`` (run on demand).
pytestmark = pytest.mark.slow

COVERED_PRESETS = sorted(p.id for p in PRESETS.values() if covers_table(p.ruleset, p.roles, p.players))


def setup_of(preset: str) -> Setup:
    p = PRESETS[preset]
    return Setup(players=tuple(f"P{i}" for i in range(p.players)), deck=p.roles, ruleset=p.ruleset)


def _engine(setup: Setup, bot: str):
    def play(seed: int):
        return play_game(setup, seed, bot).outcome
    return play


def _fails(*_args):
    raise AssertionError("the kernel covers this set-up: the engine must not be asked")


def assert_game_for_game(setup: Setup, bot: str, games: int, seed: int = 0) -> None:
    assert covers(setup, bot)
    seeds = list(game_seeds(seed, games))
    for game_seed, got in zip(seeds, results(setup, bot, seeds, _fails), strict=True):
        want = play_game(setup, game_seed, bot).outcome
        assert (got.dead, got.winners, got.roles, got.keys, got.mode) == \
            (want.dead, want.winners, want.roles, want.keys, want.mode), (setup.deck, bot, game_seed)
        assert got.teams == tuple((team, won) for team, won, _why in want.teams), (setup.deck, bot, game_seed)


def test_every_base_preset_is_covered():
    assert {"base-3", "base-5", "base-10", "beginner-5", "chaos-7", "masons-6"} <= set(COVERED_PRESETS)


@pytest.mark.parametrize("bot", ["informed", "random"])
@pytest.mark.parametrize("preset", COVERED_PRESETS)
def test_kernel_equals_engine_game_for_game(preset, bot):
    assert_game_for_game(setup_of(preset), bot, 2_000 if preset == "base-10" else 800)


def _random_decks(count: int, seed: int):
    """Covered decks the presets never deal: several Seers, Hunters, Tanners, three wolves, no wolf..."""
    rng = random.Random(seed)
    roles = sorted(COVERED_ROLES - {"doppelganger"})
    for _ in range(count):
        players = rng.randint(3, 10)
        deck = [rng.choice(roles) for _ in range(players + 3 - 1)]
        deck.append("doppelganger" if rng.random() < 0.5 else rng.choice(roles))
        yield Setup(players=tuple(f"P{i}" for i in range(players)), deck=tuple(deck))


@pytest.mark.parametrize("bot", ["informed", "random"])
def test_kernel_equals_engine_on_unusual_decks(bot):
    for setup in _random_decks(40, 25):
        assert_game_for_game(setup, bot, 60, seed=len(setup.deck))


def assert_brought_game_for_game(players: int, bot: str, games: int, seed: int = 0) -> int:
    """Dalbula's S0 set-up: the players bring starter cards and the center is drawn from every role, so
    each game is covered or not on its own table. Returns how many games the kernel played."""
    setup = Setup(players=tuple(f"P{i}" for i in range(players)), deck=starter_brought(players, 0),
                  ruleset="dalbula")
    seeds = list(game_seeds(seed, games))
    kernel = 0
    for game_seed, got in zip(seeds, game_results(setup, bot, seeds, bring=True), strict=True):
        game = with_brought(setup, game_seed)
        want = play_game(game, game_seed, bot).outcome
        table = with_extras("dalbula", game_seed, RULESETS["dalbula"].deal_for(game, game_seed))
        kernel += covers_game(game, bot, tuple(table), game_seed)
        assert (got.dead, got.winners, got.roles, got.keys, got.mode) == \
            (want.dead, want.winners, want.roles, want.keys, want.mode), (game.deck, bot, game_seed)
    return kernel


@pytest.mark.parametrize("bot", ["informed", "random"])
def test_dalbula_brought_cards_equal_the_engine(bot):
    kernel = assert_brought_game_for_game(7, bot, 1_000)
    assert kernel > 730  # most tables: the center's ghosts, the engine steps nobody acts in, a quiet ripple


def test_a_loud_ripple_is_the_engines():
    """A ripple the players act on is the engine's unless the kernel plays it (``PLAYED_RIPPLES``)."""
    setup = Setup(players=tuple(f"P{i}" for i in range(5)), deck=("werewolf", "seer", "robber", "villager",
                                                                   "troublemaker"), ruleset="dalbula")
    table = ("werewolf", "seer", "robber", "villager", "troublemaker", "alien", "villager", "villager")
    seeds = list(game_seeds(1, 60))
    kinds = {seed: ripple_kind("dalbula", seed) for seed in seeds}
    assert {"none", "dealer_vote"} <= set(kinds.values())
    assert [covers_game(setup, "informed", table, seed) for seed in seeds] == \
        [kinds[seed] in QUIET_RIPPLES | PLAYED_RIPPLES for seed in seeds]
    assert "dealer_vote" not in PLAYED_RIPPLES


def _center_seeds(hands: tuple[str, ...], wanted: set[str], count: int) -> list[int]:
    """Seeds of Dalbula games of brought ``hands`` whose drawn center holds one of ``wanted``."""
    setup = Setup(players=tuple(f"P{i}" for i in range(len(hands))), deck=hands, ruleset="dalbula")
    seeds = []
    for seed in game_seeds(11, 40_000):
        if wanted & set(RULESETS["dalbula"].deal_for(setup, seed)[len(hands):]):
            seeds.append(seed)
            if len(seeds) == count:
                break
    return seeds


def _assert_brought_seeds(hands: tuple[str, ...], seeds: list[int], bot: str) -> list[str | None]:
    """The kernel's game of each seed (brought ``hands``) is the engine's; returns each game's
    ``game_ripple`` verdict (None: the engine played it)."""
    setup = Setup(players=tuple(f"P{i}" for i in range(len(hands))), deck=hands, ruleset="dalbula")
    verdicts = []
    for seed in seeds:
        table = with_extras("dalbula", seed, RULESETS["dalbula"].deal_for(setup, seed))
        verdicts.append(game_ripple(setup, bot, tuple(table), seed))
        [got] = results(setup, bot, [seed], _engine(setup, bot), lambda _seed: setup)
        want = play_game(setup, seed, bot).outcome
        assert (got.dead, got.winners, got.roles, got.keys, got.mode) == \
            (want.dead, want.winners, want.roles, want.keys, want.mode), (hands, bot, seed)
    return verdicts


# every kernel step, a Doppelganger (the Doppelganger's extra Empath step), several actors for the ripples
HANDS = ("doppelganger", "werewolf", "seer", "robber", "troublemaker", "insomniac", "minion", "werewolf")


@pytest.mark.parametrize("bot", ["informed", "random"])
def test_a_center_empath_or_oracle_is_the_kernels(bot):
    """A center Empath (her group points, the Doppelganger's extra step too) and a ghost Oracle: the
    kernel's games, equal to the engine's."""
    seeds = _center_seeds(HANDS, {"empath", "oracle"}, 120)
    verdicts = _assert_brought_seeds(HANDS, seeds, bot)
    assert sum(v is not None for v in verdicts) > 100


@pytest.mark.parametrize("bot", ["informed", "random"])
def test_the_ripples_the_kernel_plays_equal_the_engine(bot):
    """The ripples ``play_ripple`` plays (a swap, a take, a look, a group's own cards) at a table with an
    alien-class card in the center: the kernel's games, equal to the engine's."""
    callers = {"alien", "body_snatcher", "groob", "synthetic_alien", "zerb"}
    seeds = [s for s in _center_seeds(HANDS, callers, 2_000) if ripple_kind("dalbula", s) in PLAYED_RIPPLES][:150]
    verdicts = _assert_brought_seeds(HANDS, seeds, bot)
    assert set(PLAYED_RIPPLES) <= set(verdicts)


def _script_verdict(ruleset: str, table: tuple[str, ...], players: int) -> int:
    """coverage.py's rule read from the night script itself (brought cards): every step is the kernel's
    (a center Empath's too), a no-op, the ripple, a ghost Oracle (IF_ORACLE), or a ghost of roles nobody
    holds without hooks (but GHOST_HOOKS)."""
    from onenight_core.play.batch import coverage
    from onenight_core.play.batch.plan import STEP_CODES

    held = set(table) if "drunk" in table[:players] else set(table[:players])
    if not COVERED_ROLES.issuperset(held) or table.count("doppelganger") > 1:
        return coverage.NO
    behaviours = RULESETS[ruleset].behaviours
    if any(getattr(behaviours.get(r), "set_up", None) is not None for r in set(table) - held - EXTRA_CARD_ROLES):
        return coverage.NO
    verdict = coverage.YES
    for step in RULESETS[ruleset].build_script(table, default_catalog()):
        if step.id in STEP_CODES or step.id in coverage.NO_OP_STEPS:
            continue
        if step.id == coverage.RIPPLE:
            verdict |= coverage.IF_QUIET
            continue
        if step.kind == "engine":
            return coverage.NO
        roles = step.members | {step.role} if step.kind == "group" else {step.role}
        assert held.isdisjoint(roles)
        key = step.id if step.kind == "group" else step.role
        hooked = behaviours.get(key)
        if key in coverage.PLAYED_HOOKS:  # the Oracle's ghost answer: checked game by game
            verdict |= coverage.PLAYED_HOOKS[key]
        elif hooked is not None and (hooked.announces or hooked.haunts) and key not in coverage.GHOST_HOOKS:
            return coverage.NO
    return verdict


def test_role_by_role_coverage_is_the_scripts():
    rng = random.Random(5)
    catalogue = sorted(r.id for r in default_catalog().in_ruleset("dalbula"))
    for _ in range(1_500):
        players = rng.randint(3, 10)
        hands = tuple(rng.choice(sorted(COVERED_ROLES - {"drunk"})) for _ in range(players))
        table = tuple(with_extras("dalbula", 0, list(hands + tuple(rng.choice(catalogue) for _ in range(3)))))
        want = _script_verdict("dalbula", table, players)
        assert covers_table("dalbula", table, players, brought=True) == want, table


def test_uncovered_set_ups_fall_back_to_the_engine():
    for preset, bot in (("mixed-10", "informed"), ("vampire-5", "random"), ("base-7", "claiming"),
                        ("mixed-all-10", "claiming")):
        setup = setup_of(preset)
        assert not covers(setup, bot) and not mixed.covers(setup, bot)
        seeds = list(game_seeds(3, 20))
        engine = _engine(setup, bot) if bot != "claiming" else None
        if engine is not None:
            assert list(results(setup, bot, seeds, engine)) == [engine(s) for s in seeds]
    two = Setup(players=("A", "B", "C"),
                deck=("doppelganger", "doppelganger", "werewolf", "seer", "villager", "robber"))
    assert not covers(two, "informed")  # a Doppelganger could copy a Doppelganger: the engine's
    assert not covers(Setup(("A", "B", "C"), ("werewolf", "seer", "robber", "villager", "villager", "drunk"),
                            draws={"anything": 1}), "informed")  # pinned draws: a scenario's


def test_simulate_statistics_are_the_engines(monkeypatch):
    """``simulate`` (serial and in parts) gives the statistics of the engine-only batch."""
    setup = setup_of("base-10")
    kernel = simulate(setup, 600, seed=9, bot="informed")
    parts = simulate_module.play_chunk(setup, "informed", tuple(game_seeds(9, 600)))
    monkeypatch.setattr(simulate_module, "batch_results",
                        lambda setup, bot, seeds, fallback, game_setup=None: map(fallback, seeds))
    engine = simulate(setup, 600, seed=9, bot="informed")
    assert kernel == engine
    assert vars(parts) == vars(simulate_module.play_chunk(setup, "informed", tuple(game_seeds(9, 600))))


def test_trimming_the_caches_changes_no_result(monkeypatch):
    """Flat memory: the engine's caches are emptied every ``TRIM_EVERY`` games of a batch (trim.py); the
    games are the same with and without it, on the kernel and on the engine."""
    assert len(trim.caches()) == sum(len(names) for _module, names in trim.TRIMMED)  # every name resolves
    cases = [(setup_of("mixed-all-10"), False, 40), (setup_of("vampire-5"), False, 40), (setup_of("base-7"), False, 80),
             (Setup(tuple(f"P{i}" for i in range(7)), starter_brought(7, 0), "dalbula"), True, 80)]
    for setup, bring, games in cases:
        seeds = list(game_seeds(4, games))
        monkeypatch.setattr(trim, "TRIM_EVERY", 10**9)
        plain = [(r.dead, r.winners, r.roles, r.keys) for r in game_results(setup, "informed", seeds, bring)]
        monkeypatch.setattr(trim, "TRIM_EVERY", 3)
        trimmed = [(r.dead, r.winners, r.roles, r.keys) for r in game_results(setup, "informed", seeds, bring)]
        assert trimmed == plain, setup.deck


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize("bot", ["informed", "random"])
@pytest.mark.parametrize("preset", COVERED_PRESETS)
def test_kernel_equals_engine_big_sweep(preset, bot):
    assert_game_for_game(setup_of(preset), bot, 10_000, seed=2026)


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize("players", [3, 5, 7, 10])
def test_dalbula_brought_cards_big_sweep(players):
    for bot in ("informed", "random"):
        assert_brought_game_for_game(players, bot, 5_000, seed=players)


@pytest.mark.slow
@pytest.mark.sweep
def test_kernel_equals_engine_on_many_unusual_decks():
    for bot in ("informed", "random"):
        for setup in _random_decks(400, 7):
            assert_game_for_game(setup, bot, 100, seed=len(setup.deck))


# -- the mixed kernel (play/batch/mixed.py): Aliens, Super Villains, the told roles, Blob, Family Man, Empath --

def assert_mixed_game_for_game(setup: Setup, bot: str, seeds: list[int]) -> int:
    """Each game of ``seeds`` of a mixed-kernel deck is the engine's; returns how many the kernel played
    (the others: a ripple it does not play, the engine's)."""
    assert mixed.covers(setup, bot) and not covers(setup, bot)
    engine_games: list[int] = []

    def fallback(seed: int):
        engine_games.append(seed)
        return play_game(setup, seed, bot).outcome

    for game_seed, got in zip(seeds, results(setup, bot, seeds, fallback), strict=True):
        want = play_game(setup, game_seed, bot).outcome
        assert (got.dead, got.winners, got.roles, got.keys, got.mode) == \
            (want.dead, want.winners, want.roles, want.keys, want.mode), (setup.deck, bot, game_seed)
        assert got.teams == tuple((team, won) for team, won, _why in want.teams), (setup.deck, bot, game_seed)
    return len(seeds) - len(engine_games)


MIXED_PRESETS = sorted(p.id for p in PRESETS.values() if mixed.covers(setup_of(p.id), "informed"))


def test_the_mixed_kernels_presets():
    assert MIXED_PRESETS == ["blob-5", "instructed-3", "instructed-4", "mixed-all-10"]


@pytest.mark.parametrize("bot", ["informed", "random"])
@pytest.mark.parametrize("preset", MIXED_PRESETS)
def test_mixed_presets_are_the_kernels_game_for_game(preset, bot):
    seeds = list(game_seeds(0, 600 if preset == "mixed-all-10" else 300))
    assert assert_mixed_game_for_game(setup_of(preset), bot, seeds) == len(seeds)


def _mixed_seeds(kind: str, count: int) -> list[int]:
    return [s for s in game_seeds(7, 4_000) if batch_draws.drawn("onuw", s, "ripple", "ripple.kind") == kind][:count]


@pytest.mark.parametrize("bot", ["informed", "random"])
def test_every_ripple_of_mixed_all_10_equals_the_engine(bot):
    """Each ripple kind (the ones ``ripple.play_ripple`` plays, the mixed kernel's own witch, reveal and
    dealer vote, the repeated night) in games of mixed-all-10."""
    kinds = [key for key, _w in batch_draws.items("onuw", "ripple")[0]]
    assert {"repeat_night", "witch", "reveal", "dealer_vote"} <= set(kinds)
    for kind in kinds:
        seeds = _mixed_seeds(kind, 40 if kind == "repeat_night" else 15)
        assert assert_mixed_game_for_game(setup_of("mixed-all-10"), bot, seeds) == len(seeds), kind


def test_a_game_the_mixed_kernel_leaves_is_the_engines(monkeypatch):
    """A game whose ripple the mixed kernel would not play (here: pretend the witch's) is played by the
    engine, the others by the kernel, game for game the same."""
    setup = setup_of("mixed-all-10")
    seeds = _mixed_seeds("witch", 5) + _mixed_seeds("none", 5)
    monkeypatch.setattr(mixed, "game_covered", lambda kind: kind != "witch")
    asked: list[int] = []

    def fallback(seed: int):
        asked.append(seed)
        return play_game(setup, seed, "informed").outcome

    got = list(results(setup, "informed", seeds, fallback))
    assert asked == seeds[:5]
    for game_seed, result in zip(seeds, got, strict=True):
        want = play_game(setup, game_seed, "informed").outcome
        assert (result.dead, result.winners, result.keys, result.mode) == \
            (want.dead, want.winners, want.keys, want.mode)


def _mixed_decks(count: int, seed: int):
    """Shuffled onuw decks of the mixed kernel's roles: 3 to 10 players, several aliens, wolves, Blobs and
    Family Men or none, at most one of each told role and one Temptress."""
    rng = random.Random(seed)
    many = sorted(mixed.MIXED_ROLES - mixed.ONE_EACH)
    for _ in range(count):
        players = rng.randint(3, 10)
        deck = rng.sample(sorted(mixed.ONE_EACH), rng.randint(0, min(len(mixed.ONE_EACH), players + 3)))
        deck += [rng.choice(many) for _ in range(players + 3 - len(deck))]
        setup = Setup(players=tuple(f"P{i}" for i in range(players)), deck=tuple(deck))
        if mixed.covers(setup, "informed") and not covers(setup, "informed"):
            yield setup


@pytest.mark.parametrize("bot", ["informed", "random"])
def test_mixed_kernel_equals_engine_on_other_decks(bot):
    decks = list(_mixed_decks(30, 8))
    assert len(decks) > 20
    for setup in decks:
        assert_mixed_game_for_game(setup, bot, list(game_seeds(len(setup.deck), 50)))


def test_the_kernels_draws_are_the_apps():
    """``play/batch/draws.py`` draws what ``rulesets/draws.py`` draws: the same generator, ``randrange``,
    ``sample``, weighted tables and identifiers."""
    from onenight_core.rulesets.draws import _weighted, draw_table, stream_random

    for seed in range(300):
        for stream, k in (("alien.instruction", 0), ("setup.extra_villain", 2), ("ripple.id#loop2", 0)):
            want, got = stream_random(seed, stream, k), batch_draws.mt(seed, stream, k)
            assert [want.randrange(n) for n in (1, 2, 3, 7, 100, 1 << 40)] == \
                [batch_draws.below(got.getrandbits, n) for n in (1, 2, 3, 7, 100, 1 << 40)]
        for n, k in ((10, 3), (9, 1), (40, 6), (2, 2)):
            got_sample = batch_draws.sample(batch_draws.mt(seed, "s", 1), n, k)
            assert stream_random(seed, "s", 1).sample(range(n), k) == got_sample
        for ruleset in ("onuw", "dalbula"):
            for table in ("alien", "ripple", "rascal", "exposer", "mortician", "id_3", "temptress_extra"):
                items = [(key, w) for key, w in draw_table(table).weights(ruleset) if w > 0]
                assert batch_draws.drawn(ruleset, seed, table, "t", 1) == _weighted(items, stream_random(seed, "t", 1))


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize("bot", ["informed", "random"])
@pytest.mark.parametrize("preset", MIXED_PRESETS)
def test_mixed_presets_big_sweep(preset, bot):
    seeds = list(game_seeds(2026, 10_000))
    assert assert_mixed_game_for_game(setup_of(preset), bot, seeds) == len(seeds)


@pytest.mark.slow
@pytest.mark.sweep
def test_mixed_kernel_on_many_other_decks():
    for bot in ("informed", "random"):
        for setup in _mixed_decks(300, 9):
            assert_mixed_game_for_game(setup, bot, list(game_seeds(len(setup.deck), 100)))


def test_a_forced_ripple_take_is_not_remembered():
    """A ripple Drunk with one player to take from is not asked (``bots.bot_answers``: a forced answer),
    so an informed bot does not carry its beliefs along with that take; the kernel neither (two Dalbula 7
    games of ``simulate``'s seed 0 where it changes a ballot)."""
    setup = Setup(players=tuple(f"P{i}" for i in range(7)), deck=starter_brought(7, 0), ruleset="dalbula")
    seeds = [1841783113, 3832804590]
    for seed in seeds:
        game = with_brought(setup, seed)
        table = with_extras("dalbula", seed, RULESETS["dalbula"].deal_for(game, seed))
        assert game_ripple(game, "informed", tuple(table), seed) == "drunk"
    for seed, got in zip(seeds, game_results(setup, "informed", seeds, bring=True), strict=True):
        want = play_game(with_brought(setup, seed), seed, "informed").outcome
        assert (got.dead, got.winners, got.roles, got.keys) == (want.dead, want.winners, want.roles, want.keys), seed
