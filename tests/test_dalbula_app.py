"""A Dalbula game in the hot-seat app (issue 13): with a whole table (the official set-up) from set-up to
reveal with the Sleepwalker, the Mayor, the Curator's tokens and the aliens' ripple; the public screens read
the same whatever the deal, for a whole table and for a game of brought cards (whoever brought which card).
The Korean game with collections, from the set-up to the shop, is in ``test_collection_app``.

Uses the Pilot helpers of ``app_pilot`` and the privacy checks of ``test_privacy``."""

from __future__ import annotations

import difflib
import random

import pytest

from app_pilot import NAMES, SIZE, play_game, public_screens_by_seed, quiet_settings, screen_name, until

from onenight_core import Setup, pending
from onenight_core.play.saves import replay
from onenight_tui.app import NewGame, OneNightApp

DECK = ("sleepwalker", "mayor", "curator", "alien", "werewolf", "seer", "villager", "robber")
PINS = {"alien": "stare", "ripple": "multi_vote", "ripple_id": ["p1", "p3"]}


# The public screens: the Mayor's reveal and a token lying in front of a player are public table facts
# that depend on the deal (whether the Mayor or the Curator was dealt to a player), so this deck has neither.
PUBLIC_DECK = ("sleepwalker", "alien", "werewolf", "seer", "villager", "robber", "troublemaker", "drunk")


def dalbula_app(seed: int, deck: tuple[str, ...] = DECK, **settings) -> OneNightApp:
    setup = Setup(NAMES[:5], deck, ruleset="dalbula", draws=PINS)
    return OneNightApp(quiet_settings(**settings), start=NewGame(setup, seed))


@pytest.mark.slow
async def test_a_dalbula_game_plays_from_set_up_to_reveal():
    app = dalbula_app(3, vote_mode="public")
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, random.Random(3))
        g = app.state
        assert g.setup.ruleset == "dalbula" and g.phase == "over" and g.outcome is not None
        assert pending(g) is None and any(a is not None for a in g.artifacts)  # the Curator gave a token
        assert replay(app.saved) == g
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")


async def test_the_dalbula_public_screens_read_the_same_whatever_the_deal():
    seen = await public_screens_by_seed(lambda seed: dalbula_app(seed, deck=PUBLIC_DECK), 5, PUBLIC_DECK)
    for key, texts in seen.items():
        first, *rest = sorted(texts)
        diff = [line for other in rest for line in difflib.unified_diff(first.splitlines(), other.splitlines(),
                                                                         lineterm="", n=0)]
        assert len(texts) == 1, f"the {key} screen differs between deals:\n" + "\n".join(diff)


# A game of brought cards (roles.md §2.1; the collection deal): the same five cards brought, by different
# players. The center is drawn from the game's seed, so the table's cards are the same; the public screens
# must not tell who brought which.
BROUGHT = ("sleepwalker", "alien", "werewolf", "seer", "robber")


def brought_app(turn: int) -> OneNightApp:
    brought = BROUGHT[turn:] + BROUGHT[:turn]
    setup = Setup(NAMES[:5], brought, ruleset="dalbula")
    return OneNightApp(quiet_settings(vote_mode="public"), start=NewGame(setup, 7))


async def test_the_public_screens_of_a_brought_card_game_read_the_same_whoever_brought_what():
    seen = await public_screens_by_seed(brought_app, 5, BROUGHT, seeds=(0, 1, 3))
    assert {"deal-0", "night-0", "day"} <= set(seen)
    for key, texts in seen.items():
        first, *rest = sorted(texts)
        diff = [line for other in rest for line in difflib.unified_diff(first.splitlines(), other.splitlines(),
                                                                         lineterm="", n=0)]
        assert len(texts) == 1, f"the {key} screen differs between deals:\n" + "\n".join(diff)


def test_a_ruleset_given_without_players_opens_the_set_up_with_it():
    """``onenight --ruleset dalbula --lang ko`` opens the set-up on Dalbula (it used to keep the remembered
    ruleset); without ``--ruleset`` the remembered one stays."""
    from onenight_tui.cli import build_parser
    from onenight_tui.commands.play import start_from_args
    from onenight_tui.ruleset_args import setup_settings
    from onenight_tui.settings import Settings

    args = build_parser().parse_args(["--ruleset", "dalbula", "--option", "official_setup=true", "--lang", "ko"])
    assert start_from_args(args) is None  # the set-up screen
    chosen = setup_settings(args, Settings(ruleset="onuw"))
    assert chosen.ruleset == "dalbula" and dict(chosen.options_for("dalbula")) == {"official_setup": True}
    assert setup_settings(build_parser().parse_args([]), Settings(ruleset="dalbula")).ruleset == "dalbula"
    onuw = build_parser().parse_args(["--ruleset", "onuw"])
    assert setup_settings(onuw, Settings(ruleset="dalbula")).ruleset == "onuw"


async def test_the_day_lists_a_step_the_ripple_called_again():
    """The ripple ``repeat_role`` (seed 8 for this table) calls the aliens' step again after the ripple: the
    day's night order lists every step the table heard, that one twice."""
    deck = ("sleepwalker", "mayor", "curator", "alien", "werewolf")
    app = OneNightApp(quiet_settings(), start=NewGame(Setup(NAMES[:5], deck, ruleset="dalbula"), 8))
    async with app.run_test(size=SIZE) as pilot:
        from app_pilot import deal, night

        await deal(pilot)
        await night(pilot, random.Random(8))
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        assert app.state.facts.ripple == "repeat_role"
        order = [str(step.render()) for step in app.screen.query(".day-step")]
        assert order.count("Aliens") == 2 and order.index("Ripple") < len(order) - 1 - order[::-1].index("Aliens")


@pytest.mark.parametrize("ripple, says, option", [
    ("multi_vote", "두 표를 가집니다", "Oskar에게 두 표 모두 투표"),
    ("dealer_vote", "딜러에게 투표하세요", "딜러에게 투표하기"),
])
def test_a_ballot_changed_by_the_ripple_says_so_in_korean(ripple, says, option):
    """The private ballot of a seat with two ballots (``multi_vote``) or with the app as a target
    (``dealer_vote``) says what the ripple changed, and a token on the table is a 토큰, never an 유물."""
    from onenight_core import apply, new_game
    from onenight_core.catalog.loader import default_catalog
    from onenight_core.engine.views import view_for
    from onenight_tui.prompt_text import describe

    draws = {"alien": "stare", "ripple": ripple, "ripple_id": ["p0", "p2"]}
    g = new_game(Setup(NAMES[:5], ("curator", "alien", "werewolf", "seer", "villager"), ruleset="dalbula",
                       draws=draws), 3)
    while (p := pending(g)) is not None and p.kind != "vote":
        g = apply(g, p.options[0])
    assert p is not None and any(a is not None for a in g.artifacts)
    text = describe(view_for(g, 0), default_catalog(), "ko")
    assert says in text.task and option in text.options
    notes = list(text.notes.values())
    assert any("토큰" in n for n in notes) and not any("유물" in n for n in notes)
