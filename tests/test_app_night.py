"""The app with the narrator and the expansions: the night read in the narrator's words, the mark check
passed round like the deal, the narrator opened from the set-up, the set-up's notes on marks and the
Alpha Wolf, and the public facts of the table on the day screen.

Pilot tests, waiting on conditions (never on time); the night's clock is run out with
``NightScreen.fast_forward``. Expected marks and lines are worked out from the rules and from the cards
dealt, not read back from the screen."""

from __future__ import annotations

import random
import re


from onenight_core import Action, Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.rulesets.onuw.marks import MARKS
from onenight_core.engine.narration import narrate
from onenight_core.play.saves import SavedGame, replay
from onenight_core.engine.views import public_view
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.text.words import Wording

from app_pilot import (NAMES, RecordingSpeaker, SIZE, deal, mark_check, night, quiet_settings,

                       screen_name, screen_text, until)

CATALOG = default_catalog()

MARK_NAMES = {m: Wording((), None, "en").mark_name(m) for m in MARKS}  # the English words of the text layer
MARK_EFFECTS = {m: Wording((), None, "en").mark_effect(m) for m in MARKS}


def flat(app) -> str:
    """The screen's words on one line, without the boxes' borders."""
    return " ".join(re.sub(r"[│║╭╮╰╯╔╗╚╝─═━╸╺▕▏]", " ", screen_text(app)).split())


# -- the night in the narrator's words ---------------------------------------------------------------

DG_MINION = ("doppelganger", "werewolf", "minion", "seer", "robber", "villager")


async def test_the_night_reads_the_narrators_cues_word_for_word_in_any_deal():
    """The game says exactly the narrator's lines, in order — the Doppelgänger–Minion's "keep your eyes
    open" and its closing line included — whether the Doppelgänger is at the table or in the center
    (a ghost step), and every call of every step is timed with the same action time."""
    setup = Setup(NAMES[:3], DG_MINION)
    at_table = next(s for s in range(100) if "doppelganger" in new_game(setup, s).dealt)
    in_center = next(s for s in range(100) if "doppelganger" not in new_game(setup, s).dealt)
    reading = narrate(DG_MINION)
    expected = " ".join(line.text for cue in reading.cues for line in cue.lines)
    assert "keep your eyes open" in expected and "put your thumbs away" in expected
    heard, timings = [], []
    for seed in (at_table, in_center):
        speaker = RecordingSpeaker()
        app = OneNightApp(quiet_settings(speech=True), start=NewGame(setup, seed), speaker=speaker)
        steps: dict[int, tuple[int, float]] = {}

        def timing(index: int, _text: str) -> None:
            if screen_name(app) == "NightScreen" and 0 <= index < len(app.state.script):
                steps[index] = (len(app.screen.calls), app.screen.duration)

        async with app.run_test(size=SIZE) as pilot:
            await deal(pilot)
            await night(pilot, random.Random(seed), timing)
            await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        assert " ".join(speaker.lines) == expected
        heard.append(speaker.lines)
        timings.append(steps)
    assert heard[0] == heard[1]
    assert timings[0] == timings[1]
    script = [s.id for s in new_game(setup, at_table).script]
    assert len(timings[0]) == len(script)
    # Two calls in the Doppelgänger's step, one in every other; each call lasts the action time (30 s).
    assert {index: n for index, (n, _) in timings[0].items()} == \
        {i: 2 if step == "doppelganger" else 1 for i, step in enumerate(script)}
    assert {d for _, d in timings[0].values()} == {30.0}


# -- the mark check ----------------------------------------------------------------------------------

VAMPIRE3 = ("instigator", "villager", "villager", "werewolf", "seer", "villager")


def _to_mark_check(target: int):
    """A save where the Instigator has given the Mark of the Traitor to seat ``target``, with the night
    at the mark check."""
    setup = Setup(NAMES[:3], VAMPIRE3)
    seed = next(s for s in range(200) if new_game(setup, s).dealt[0] == "instigator")
    g = new_game(setup, seed)
    saved = SavedGame(setup, seed)
    while (p := pending(g)).step != "mark_check":
        answer = Action("mark", (f"p{target}",), "mark_of_the_traitor") if p.step == "instigator" else p.options[0]
        g = apply(g, answer)
        saved = saved.with_answer(answer)
    index = [s.id for s in g.script].index("mark_check")
    return saved.with_meta(stage="night", step=index), index


def _no_mark_named(text: str) -> None:
    for name in MARK_NAMES.values():
        assert name not in text
    for word in ("Clarity", "Traitor"):
        assert word not in text


async def test_the_mark_check_goes_round_like_the_deal(tmp_path):
    saved, index = _to_mark_check(target=1)
    save = tmp_path / "game.json"
    speaker = RecordingSpeaker()
    app = OneNightApp(quiet_settings(speech=True), start=saved, save_file=save, speaker=speaker)
    expected = {0: "mark_of_clarity", 1: "mark_of_the_traitor", 2: "mark_of_clarity"}
    async with app.run_test(size=SIZE) as pilot:
        # The night reaches the mark check and hands the laptop round instead of timing one step.
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen", "the mark check")
        assert "Everyone, wake up and look at your mark, then close your eyes." in speaker.lines[-1]
        for seat in range(3):
            assert app.screen.seat == seat
            public = flat(app)
            assert f"Pass the laptop to {NAMES[seat]}" in public
            _no_mark_named(public)
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "MarkScreen", "the private mark")
            private = flat(app)
            mark = expected[seat]
            assert f"{NAMES[seat]}, your mark is {MARK_NAMES[mark]}" in private
            assert MARK_EFFECTS[mark][1:] in private
            if seat == 1:
                # A resize hides the mark before anything is answered: the same player opens it again.
                answered = len(app.saved.answers)
                await pilot.resize_terminal(90, 26)
                await until(pilot, lambda: screen_name(app) == "MarkCheckScreen", "the hand-over")
                assert app.screen.seat == 1 and len(app.saved.answers) == answered
                await pilot.press("enter")
                await until(pilot, lambda: screen_name(app) == "MarkScreen", "the private mark")
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "MarkCheckScreen" and app.screen.seat != seat,
                        "the next hand-over")
            _no_mark_named(flat(app))
        assert app.screen.done and "Everyone has seen their mark" in flat(app)
        assert app.state.feared == frozenset()
        # Each seat saw its own mark, and only its own.
        seen = {o.seat: o.mark for o in app.state.observations if getattr(o, "step", "") == "mark_check"}
        assert seen == expected
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night again")
        assert app.screen.index == index + 1
        assert speaker.lines[-1].startswith("Everyone, close your eyes. ")
    assert replay(app.saved) == app.state


async def test_a_mark_check_interrupted_halfway_resumes_with_the_next_player(tmp_path):
    saved, _ = _to_mark_check(target=2)
    save = tmp_path / "game.json"
    app = OneNightApp(quiet_settings(), start=saved, save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen", "the mark check")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "MarkScreen", "the private mark")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen" and app.screen.seat == 1,
                    "the second hand-over")
        stopped = app.saved
    assert stopped.get("stage") == "marks"
    app = OneNightApp(quiet_settings(), start=stopped, save_file=save)
    async with app.run_test(size=SIZE) as pilot:
        # Never a private screen on resume: the hand-over to the next player.
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen", "the mark check")
        assert app.screen.seat == 1 and "Pass the laptop to Oskar" in flat(app)
        seen = await mark_check(pilot)
        assert "Mark of the Traitor" in " ".join(seen[-1].split())  # Pia (seat 2) got it
        await night(pilot, random.Random(0))
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")


# -- the narrator from the start screen --------------------------------------------------------------

async def test_the_narrator_opens_from_the_set_up_and_comes_back():
    base5 = PRESETS["base-5"].roles
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        setup = app.screen
        assert sorted(setup.deck) == sorted(base5)
        assert "Narrator" in screen_text(app).splitlines()[-1]  # in the footer
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        narrator = app.screen
        assert narrator.phase == "ready" and sorted(narrator.choice.roster) == sorted(base5)
        assert narrator.narration.steps == narrate(base5).steps
        assert narrator.choice.timing.action == 30.0 and not narrator.choice.voice
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is setup, "the set-up again")
        assert sorted(setup.deck) == sorted(base5) and app.state is None

        # A deck the narrator cannot read (two cards): its own set-up asks for the cards; cancelling it
        # comes back here too. The button does what the key does.
        setup._apply_deck(("werewolf", "seer"))
        await pilot.click("#setup-narrator-button")
        await until(pilot, lambda: screen_name(app) == "NarratorSetupScreen", "the narrator's set-up")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is setup, "the set-up again")


# -- the set-up's notes ------------------------------------------------------------------------------

async def test_the_set_up_explains_marks_and_the_alpha_wolfs_extra_card():
    app = OneNightApp(quiet_settings(players=NAMES[:5]))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        setup = app.screen
        notes = setup.query_one("#setup-notes")
        assert not notes.display  # the base game needs no note
        setup.query_one("#setup-preset").value = "vampire-5"
        await until(pilot, lambda: notes.display, "the note on marks")
        text = flat(app)
        assert "Marks: everyone starts with Clarity" in text
        # vampire-5: Vampire, Renfield, Cupid, Diseased, Priest, Instigator hand out these marks.
        for short, mark in (("Vampire", "mark_of_the_vampire"), ("Love", "mark_of_love"),
                            ("Disease", "mark_of_disease"), ("Traitor", "mark_of_the_traitor"),
                            ("Bat", "mark_of_the_bat")):
            assert f"{short} — {MARK_EFFECTS[mark]}" in text
        assert "Fear" not in text and "Assassin" not in text
        assert setup.problem is None and "Start the game" in text

        await pilot.click("#setup-players")
        await pilot.press("end", *", Sven")
        await until(pilot, lambda: len(setup.names) == 6, "six players")
        setup.query_one("#setup-preset").value = "daybreak-6"
        await until(pilot, lambda: "Alpha Wolf: the deck needs players + 4 cards" in flat(app), "the note")
        assert "players + 4 = 10" in flat(app) and setup.problem is None


# -- the day screen's table --------------------------------------------------------------------------

def _public_facts_game():
    """A daybreak-8 game at the vote in which the Sentinel shielded a card, the Revealer left a card
    face up and the Curator gave an artifact (every choice otherwise the first legal one)."""
    preset = PRESETS["daybreak-8"]
    setup = Setup(NAMES[:8], preset.roles)
    for seed in range(200):
        g, saved = new_game(setup, seed), SavedGame(setup, seed)
        while (p := pending(g)) is not None and p.kind != "vote":
            wanted = [a for a in p.options if a.verb in ("shield", "flip", "artifact")]
            answer = wanted[-1] if wanted else p.options[0]
            g, saved = apply(g, answer), saved.with_answer(answer)
        view = public_view(g)
        if view.shields and view.face_up and view.artifacts:
            return g, saved
    raise AssertionError("no such game")


async def test_the_day_shows_the_public_facts_of_the_table():
    g, saved = _public_facts_game()
    view = public_view(g)
    app = OneNightApp(quiet_settings(), start=saved.with_meta(stage="day", day_left=300.0))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        ring = app.screen.query_one("#day-table")
        (shielded,), ((up, role),) = view.shields, view.face_up
        assert ring.notes[shielded].startswith("shield") or "shield" in ring.notes[shielded]
        assert CATALOG[role].name() in ring.notes[up]
        for pos in view.artifacts:
            assert "artifact" in ring.notes[pos]
        # Only public facts: nothing about the cards nobody turned over.
        hidden = {f"p{s}" for s in range(8)} - {shielded, up, *view.artifacts}
        assert not hidden & set(ring.notes)
        await until(pilot, lambda: "shield" in flat(app) and "artifact" in flat(app), "the facts drawn")
        text = flat(app)
        assert "shield" in text and "artifact" in text



def test_every_playable_role_can_be_called_by_the_night_screen():
    """The eyes-closed screen reads the narrator's cues, so every role the set-up offers needs them, one
    cue per step of the game's own script: a missing narration line would stop a game at nightfall."""
    from onenight_core.rulesets.onuw.roles import playable

    for info in CATALOG.in_ruleset("onuw"):
        if not playable(info.id):
            continue
        deck = (info.id, "doppelganger", "minion", "werewolf", "villager", "villager")
        deck += ("werewolf",) * deck.count("alpha_wolf")  # the center werewolf card
        g = new_game(Setup(NAMES[:3], deck), 0)
        cues = narrate(deck).cues
        assert cues[0].kind == "start" and cues[-1].kind == "dawn"
        assert [c.step for c in cues[1:-1]] == [s.id for s in g.script], info.id
        assert all(line.text for cue in cues for line in cue.lines)
