"""The classic narrator (issue 14): ``onenight narrate --ruleset classic`` read by the narrator app for a
table with physical cards, night after night — the first-night slots only on night 1, every slot of the
composition every night, the day with its timer, pause and repeat — and ``--export`` as WAV.

Driven like the One Night narrator's tests: tiny timers, the bundled voice heard by a recording output,
waits on conditions."""

from __future__ import annotations

from onenight_core.engine.narration import Timing
from onenight_tui.cli import main
from classic_narration_words import classic_narration
from onenight_tui.text.classic_script import STEPS
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.screens.narrator.narrator import NarratorScreen

from classic_helpers import steps_by_night
from test_narrator_app import RecordingSpeaker, footer, wait_for

DECK = ("werewolf", "werewolf", "seer", "witch", "cupid", "thief", "villager", "villager", "villager")
WAKE = {step: words[1] for step, words in STEPS["en"].items()}


def recorded_narrator(deck, action: float, **options) -> tuple[NarratorApp, RecordingSpeaker]:
    """An English classic narrator with ``action`` seconds per step, quick gaps and day, no reading pace,
    heard by a recording speaker (returned with it)."""
    speaker = RecordingSpeaker()
    app = NarratorApp(deck, "en", ruleset="classic", timing=Timing(action=action, gap=0.01, day=0.2), speaker=speaker,
                      reading_pace=0.0, tick=0.02, **options)
    return app, speaker


def test_the_narration_calls_the_first_night_slots_on_night_one_only_and_every_slot_each_night():
    narration = classic_narration(DECK, "en", 3)
    nights = steps_by_night(narration)
    assert nights[0] == ["thief", "cupid", "lovers", "seer", "werewolf", "witch"]
    assert nights[1] == nights[2] == ["seer", "werewolf", "witch"]
    days = [line for line in narration.lines if line.pause == "day"]
    assert len(days) == 3  # each night is followed by its day
    assert sum(line.pause == "action" for line in narration.lines) == 6 + 3 + 3


def test_the_korean_narration_is_korean_and_spoken_in_korean():
    from onenight_tui.sound.export import spoken_langs

    narration = classic_narration(DECK, "ko", 1)
    assert "예언자는 눈을 뜨세요" in " ".join(line.text for line in narration.lines)
    assert set(spoken_langs(narration)) == {"ko"}


async def test_the_narrator_app_reads_night_one_the_day_then_night_two_on_enter():
    app, speaker = recorded_narrator(DECK, 0.02)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        assert "Set-up" not in footer(app)
        await wait_for(pilot, lambda: footer(app)[:1] == ["Start the night"])
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "over", timeout=10)
        first = list(speaker.said)
        assert WAKE["thief"] in first and WAKE["cupid"] in first and WAKE["seer"] in first
        await wait_for(pilot, lambda: "Start the night" in footer(app))
        await pilot.press("enter")  # the vote is done: night 2
        await wait_for(pilot, lambda: screen.nights == 2 and screen.phase == "over"
                       and speaker.said[-1] == first[-1] and len(speaker.said) > len(first) + 3, timeout=10)
        second = speaker.said[len(first):]
        assert WAKE["seer"] in second and WAKE["witch"] in second
        assert WAKE["thief"] not in second and WAKE["cupid"] not in second
        assert screen.nights == 2


async def test_pause_and_repeat_in_a_classic_night():
    app, speaker = recorded_narrator(DECK, 60)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.cue.step == "thief" and screen.stage == "wait")
        await pilot.press("space")
        assert screen.paused
        left, ticks = screen.left, screen.ticks
        await wait_for(pilot, lambda: screen.ticks >= ticks + 5)
        assert screen.left == left
        await pilot.press("space")
        count = speaker.said.count(WAKE["thief"])
        await pilot.press("r")
        await wait_for(pilot, lambda: speaker.said.count(WAKE["thief"]) == count + 1)
        assert screen.cue.step == "thief"


def test_export_writes_the_first_classic_night_as_wav(tmp_path, capsys):
    path = tmp_path / "night.wav"
    assert main(["narrate", "--ruleset", "classic", "--roles", "werewolf*2,seer,witch,villager*2",
                 "--export", str(path), "--action-time", "1", "--day-time", "60"]) == 0
    out = capsys.readouterr().out
    assert path.read_bytes()[:4] == b"RIFF" and out.startswith(f"Wrote {path}")


# -- Ctrl+N on the game's set-up with classic chosen: the classic narrator, with the form's deck -------------

NO_SHERIFF = (("sheriff.enabled", False),)


def test_the_set_up_hands_the_narrator_the_chosen_ruleset_its_deck_and_options():
    """Classic's cards are its own (``own_cards``): the narrator reads classic's narration of the form's deck
    under the options kept for it — it used to get One Night's night order, which cannot read classic's deck
    (its own set-up then asked for One Night's cards). One Night's rulesets are handed as before."""
    import pytest

    from onenight_core.catalog.loader import default_catalog
    from onenight_core.errors import SetupError
    from onenight_tui.screens.setup.setup import NarratorTable, narrator_table
    from onenight_tui.setup_facts import setup_facts

    facts, catalog = setup_facts("en"), default_catalog()
    classic = facts.ruleset("classic")
    assert classic is not None
    assert narrator_table(classic, DECK, NO_SHERIFF, catalog) == NarratorTable("classic", DECK, NO_SHERIFF)
    with pytest.raises(SetupError):  # no werewolf: its own narration cannot read it (no set-up to ask)
        narrator_table(classic, ("seer", "villager", "villager"), (), catalog)
    onuw, dalbula = facts.ruleset("onuw"), facts.ruleset("dalbula")
    assert onuw is not None and dalbula is not None
    base = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager", "drunk")
    assert narrator_table(onuw, base, (), catalog) == NarratorTable("onuw", base, ())
    assert narrator_table(onuw, DECK, (), catalog).roster is None  # classic's witch: its set-up asks
    assert narrator_table(dalbula, base, (), catalog, brings=True) == NarratorTable("dalbula", None, ())


async def test_ctrl_n_on_a_classic_set_up_opens_the_classic_narrator_in_the_forms_language():
    from app_pilot import NAMES, SIZE, quiet_settings, screen_name, until

    from onenight_tui.app import OneNightApp

    app = OneNightApp(quiet_settings(players=NAMES[:6], ruleset="classic", rule_options=(("classic", NO_SHERIFF),)),
                      lang="ko")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        setup = app.screen
        deck = tuple(setup.deck)
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        narrator = app.screen
        assert narrator.choice.ruleset == "classic" and narrator.choice.roster == deck and narrator.choice.lang == "ko"
        assert narrator.game_options == dict(NO_SHERIFF) and narrator.phase == "ready"
        assert narrator.narration is not None and narrator.narration.ruleset == "classic"
        said = [line.text for line in narrator.narration.lines]
        assert STEPS["ko"]["werewolf"][1] in said  # the werewolves' classic call, in Korean
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is setup, "the set-up again")
