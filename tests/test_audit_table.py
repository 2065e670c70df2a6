"""Gaps found by the qa-table audit of issues 9 and 10 (/work/notes/qa-table-audit.md), each pinned by a
test that fails without its fix.

Pilot tests wait on conditions (``until``), never on sleeps."""

from __future__ import annotations

import itertools
import random

import pytest
from app_pilot import (NAMES, SIZE, FakeClock, deal, fast_forward_until, flat, handled, play_game, quiet_settings,
                       screen_name, to_turn, until)

from conftest import PASS, play, state_at
from test_table_ring_layout import NAMES as RING_NAMES
from test_table_ring_layout import RingApp, _overlap

from onenight_core import Action, Setup, new_game, pending, view_for
from onenight_core.catalog.loader import default_catalog
from onenight_core.rulesets.onuw.marks import LOVE
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.prompt_text import describe
from onenight_tui.screens.common.private_reveal import PrivateScreen
from onenight_tui.widgets.table_ring import TableRing

VAMPIRE5 = ("vampire", "vampire", "renfield", "cupid", "diseased", "priest", "instigator", "villager")


def _seed_with(setup: Setup, role: str) -> int:
    return next(s for s in range(200) if role in new_game(setup, s).dealt)


def _vampire_game_with_cupid() -> OneNightApp:
    setup = Setup(NAMES[:5], VAMPIRE5)
    return OneNightApp(quiet_settings(), start=NewGame(setup, _seed_with(setup, "cupid")))


async def _open_cupids_prompt(pilot) -> None:
    """Deal, run the night to Cupid's step and open his prompt."""
    await deal(pilot)
    await to_turn(pilot, "cupid")
    await pilot.press("enter")
    await until(pilot, lambda: screen_name(pilot.app) == "PromptScreen", "Cupid's prompt")


async def test_f1_on_a_night_prompt_gives_the_goal_of_this_deck():
    """Issue 10, "win texts must fit the deck": the card says "You win if one of the vampires dies" in a
    Vampire game; F1 on the night prompt must say the same, not the catalog's any-deck goal."""
    app = _vampire_game_with_cupid()
    async with app.run_test(size=SIZE) as pilot:
        await _open_cupids_prompt(pilot)
        await pilot.press("f1")
        panel = app.screen.query_one("#prompt-role-help")
        await until(pilot, lambda: panel.display, "the role's explanation")
        text = flat(app)
        assert "You win if one of the vampires dies." in text
        assert "a werewolf, a vampire" not in text


def test_a_lone_lover_reads_his_situation_once():
    """The Lovers prompt of a lover whose partner lost the Mark of Love said the same thing twice ("No
    other player holds the Mark of Love." then "No other player holds a Mark of Love: yours has no
    partner…"): one line, with what it means."""
    # The Priest's own Mark of Clarity replaces his Love mark: P2 is the only lover left.
    g = state_at(["cupid", "priest", "villager", "villager"], ("villager",) * 3, "lovers",
                 {"cupid": [Action("mark", ("p1",), LOVE), Action("mark", ("p2",), LOVE)], "priest": [PASS]})
    assert pending(g).seat == 2
    info = describe(view_for(g, 2), default_catalog()).info
    assert sum("Mark of Love" in line for line in info) == 1, info
    assert any("no partner" in line for line in info)


@pytest.mark.parametrize("players", [3, 5, 7, 8, 9])
@pytest.mark.parametrize("card", ["Family Man", "Mystic Wolf", "Troublemaker", "Psychic"])
async def test_a_center_card_the_exposer_turned_up_is_named_whole_on_the_day_table(players, card):
    """Issue 10, "text cut at 80×24: revealed cards on the day table": the Exposer turns center cards face
    up (Daybreak), and with eight or more players the day's table showed "Fa…" / "Ps…" under C1
    (seen in mixed-random-8 and mixed-all-10 games). The face-up card gets the width of its longest word;
    the others stay "C2", "C3"."""
    ring = TableRing(RING_NAMES[:players], 3, notes={"c1": card})
    async with RingApp(ring).run_test(size=(34, 13)) as pilot:  # the day's table at 80×24
        await until(pilot, lambda: ring.region.area > 0, "the ring laid out")
        text = str(ring.render())
        assert "…" not in text, "\n" + text
        assert all(word in text.split() for word in card.split()), "\n" + text
        for a, b in itertools.combinations(ring._boxes.values(), 2):
            assert not _overlap(a, b), (a, b, "\n" + text)


class _DismissSpy:
    """Records, for every private screen dismissed, its type and how many widgets its secret's body still
    held (docs/tui.md: a private screen removes its widgets before it is dismissed)."""

    def __init__(self, monkeypatch) -> None:
        self.seen: list[tuple[str, int]] = []
        original = PrivateScreen.dismiss
        spy = self

        def dismiss(screen, result=None):
            body = screen.query(f"#{screen.BODY_ID}") if screen.BODY_ID else []
            spy.seen.append((type(screen).__name__, len(body.first().children) if body else -1))
            return original(screen, result)

        monkeypatch.setattr(PrivateScreen, "dismiss", dismiss)


@pytest.mark.parametrize("vote_mode", ["public", "private"])
async def test_every_private_screen_is_emptied_before_it_closes_in_a_whole_game(monkeypatch, vote_mode):
    """Issue 10, tests: "a private prompt that closes without clearing its widgets is caught by no test".
    A whole Vampire game (cards, marks, night prompts, secret ballots), each private screen closed by its
    answer: none is dismissed with its secret's widgets still in it."""
    spy = _DismissSpy(monkeypatch)
    setup = Setup(NAMES[:5], VAMPIRE5)
    app = OneNightApp(quiet_settings(vote_mode=vote_mode), start=NewGame(setup, 3))
    async with app.run_test(size=SIZE) as pilot:
        await play_game(pilot, random.Random(3))
    kinds = {kind for kind, _ in spy.seen}
    assert {"CardScreen", "MarkScreen", "PromptScreen"} <= kinds, kinds
    assert all(left == 0 for _, left in spy.seen), spy.seen


@pytest.mark.parametrize("how", ["escape", "resize"])
async def test_a_private_prompt_closed_by_escape_or_a_resize_is_emptied_first(monkeypatch, how):
    """The other ways a night prompt closes: the player hides it (Escape) or the terminal is resized."""
    spy = _DismissSpy(monkeypatch)
    app = _vampire_game_with_cupid()
    async with app.run_test(size=SIZE) as pilot:
        await _open_cupids_prompt(pilot)
        spy.seen.clear()  # the deal's cards
        if how == "escape":
            await pilot.press("escape")
        else:
            await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
    assert spy.seen == [("PromptScreen", 0)]


def test_the_village_wins_because_a_named_werewolf_died_not_because_the_werewolves_lost_him():
    """Issue 10 wording: "The village wins: the werewolves lost Eli." read as if the werewolves had
    mislaid Eli. The reason says who died and on which side."""
    from onenight_tui.text.words import Wording

    state = play(["werewolf", "seer", "villager", "villager", "robber"], ("villager",) * 3,
                 {"werewolves": PASS, "seer": PASS, "robber": PASS}, votes=(1, 0, 0, 0, 0)).state
    words = Wording(("Eli", "Bo", "Cy", "Di", "Ann"))
    said = {key: words.say(why) for key, _won, why in state.outcome.teams}
    assert said["village"] == "Eli of the werewolves died"
    assert all("lost Eli" not in line for line in said.values())


def test_the_readme_says_plainly_that_a_determined_player_can_decode_the_save():
    """Issue 10: "the docs say plainly that a determined player on the same account can still decode it" —
    docs/tui.md said so, the README players read did not."""
    from pathlib import Path

    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text().split())
    assert "determined player on the same account can decode it" in readme
    assert "deleted when the game reaches the reveal" in readme


def _at_the_vote(setup: Setup, seed: int):
    from onenight_core import apply
    from onenight_core.play.saves import SavedGame

    g, saved = new_game(setup, seed), SavedGame(setup, seed)
    while (p := pending(g)).kind != "vote":
        g, saved = apply(g, p.options[0]), saved.with_answer(p.options[0])
    return saved.with_meta(stage="vote")


async def test_a_double_press_on_a_secret_ballot_opens_no_other_ballot_and_not_the_result():
    """docs/tui.md: the ballot and tally hand-overs ignore their key for KEY_GUARD_SECONDS too. The Enter
    that casts a ballot, pressed twice, must neither open the next voter's ballot nor — after the last
    ballot — show the result in front of the last voter (issue 10, the last secret ballot)."""
    setup = Setup(NAMES[:3], ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"))
    app = OneNightApp(quiet_settings(vote_mode="private"), start=_at_the_vote(setup, 2))
    app.KEY_GUARD_SECONDS = 0.4
    clock = app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        for voter in range(3):
            await until(pilot, lambda: screen_name(app) == "BallotScreen", "the ballot hand-over")
            clock.advance(1)
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "PromptScreen", "the secret ballot")
            cast = len(app.saved.answers)
            clock.advance(1)  # the answers' own key guard
            await pilot.press("down", "enter", "enter")  # cast — and a second press right after
            await until(pilot, lambda: len(app.saved.answers) == cast + 1, "the ballot cast")
            await until(pilot, lambda: screen_name(app) != "PromptScreen", "the ballot closed")
            await handled(pilot, "the second press")
            expected = "TallyScreen" if voter == 2 else "BallotScreen"
            assert screen_name(app) == expected, f"voter {voter}: the second press went through"
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the result, on purpose")


async def test_a_double_press_at_the_mark_check_opens_no_other_mark():
    setup = Setup(NAMES[:5], VAMPIRE5)
    app = OneNightApp(quiet_settings(), start=NewGame(setup, 3))
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await fast_forward_until(pilot, lambda: screen_name(app) == "MarkCheckScreen", "the mark check")
        app.KEY_GUARD_SECONDS = 0.4
        clock = app.clock = FakeClock()
        app.screen._shown_at = clock.now
        clock.advance(1)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "MarkScreen", "the first mark")
        clock.advance(1)  # seen for a moment (the key that opened it does not hide it)
        await pilot.press("enter", "enter")  # hide it — and a second press right after
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen" and app.screen.seat == 1, "next")
        await handled(pilot, "the second press")
        assert screen_name(app) == "MarkCheckScreen", "the second press opened the next player's mark"


def test_a_collection_file_with_a_card_no_dalbula_table_knows_is_a_notice_and_a_fresh_start(tmp_path):
    """A collection file whose cards are not Dalbula cards was accepted, and the player's private pick
    of the card to bring then listed nothing, with no way on but Ctrl+Q (seen in tmux with
    `[cards] foo = 1`). Like any unusable file: one line, a fresh starter set, the old file kept."""
    from collections import Counter

    from onenight_core.play.collection import STARTER_SET
    from onenight_tui.collection_store import CollectionStore

    store = CollectionStore(tmp_path)
    path = store.path_for("Ann")
    content = b'name = "Ann"\nseed = 1\n[cards]\nfoo = 1\n'
    path.write_bytes(content)
    ann, notice = store.load("Ann")
    assert notice is not None and "\n" not in notice and "foo" in notice and str(path) in notice
    assert Counter(dict(ann.cards)) == Counter(STARTER_SET)
    assert path.read_bytes() == content and path.with_name(path.name + ".bad").read_bytes() == content


async def test_escape_hides_the_private_pick_of_the_card_brought():
    """docs/tui.md: a private screen closes on Escape. The Dalbula pick of the card to bring had no key
    but Enter: a player who opened it by mistake could only bring a card or quit the game."""
    app = OneNightApp(quiet_settings(ruleset="dalbula", players=NAMES[:3]), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "BringCardScreen" and app.screen.seat == 0, "the hand-over")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "BringCardPickScreen", "the pick")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "BringCardScreen", "the hand-over again")
        assert app.screen.seat == 0 and not app.screen.done
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "BringCardPickScreen", "the same player's pick again")
