"""The classic narrator follows the ruleset options (``narrate --ruleset classic --option ...``): the
sheriff's election where the option puts it (or none), the Werewolf ally event card revealed on day 1 and
its ``ally`` step opening night 2; ``--print`` and ``--export`` give ``--nights`` nights (default 2)."""

from __future__ import annotations

import wave

import pytest

from onenight_core.engine.narration import Timing
from onenight_tui.cli import main
from classic_narration_words import classic_narration
from onenight_tui.text.classic_script import STEPS, WORDS
from onenight_tui.screens.narrator.narrator import NarratorScreen

from app_pilot import handled
from classic_helpers import steps_by_night
from test_classic_app_narrator import recorded_narrator
from test_narrator_app import wait_for

DECK = ("werewolf", "werewolf", "seer", "witch", "villager", "villager")
EVENTS = {"events.enabled": True}


def _texts(narration) -> list[str]:
    return [line.text for line in narration.lines]


def test_an_event_card_is_turned_each_day_and_the_ally_step_opens_the_later_nights():
    narration = classic_narration(DECK, "en", 3, EVENTS)
    later = ["ally", "seer", "werewolf", "specter", "full_moon", "witch"]  # the night cards' steps, if turned
    assert steps_by_night(narration) == [["seer", "werewolf", "witch"], later, later]
    event = WORDS["en"]["event_draw"]  # the deck is shuffled: the narrator turns its top card each day
    days = [c for c in narration.cues if c.step == "day"]
    assert all(event in [line.text for line in day.lines] for day in days)
    assert STEPS["en"]["ally"][1] in _texts(narration)
    assert "ally" not in [s for night in steps_by_night(classic_narration(DECK, "en", 3)) for s in night]


@pytest.mark.parametrize("options, where", [
    ({}, "day"),
    ({"sheriff.election": "day1_before_statements"}, "day"),
    ({"sheriff.election": "night1"}, "night_start"),
    ({"sheriff.enabled": False}, None),
])
def test_the_sheriff_is_elected_where_the_options_say(options, where):
    narration = classic_narration(DECK, "en", 2, options)
    words = WORDS["en"]
    line = {"day1_before_statements": words["sheriff_before"], "night1": words["sheriff_night1"]}.get(
        options.get("sheriff.election"), words["sheriff"])
    said = [(cue.step, line.text) for cue in narration.cues for line in cue.lines
            if line.text in (words["sheriff"], words["sheriff_before"], words["sheriff_night1"])]
    assert said == ([] if where is None else [(where, line)])


def test_a_bad_option_is_one_line(capsys):
    assert main(["narrate", "--ruleset", "classic", "--roles", "werewolf,seer,villager*2", "--print",
                 "--option", "events.enabled=maybe"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "events.enabled" in err


def test_one_night_narration_refuses_options(capsys):
    assert main(["narrate", "--roles", "werewolf*2,seer,robber,troublemaker,villager", "--print",
                 "--option", "x=1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--ruleset classic" in err


def test_print_gives_the_nights_asked(capsys):
    args = ["narrate", "--ruleset", "classic", "--roles", ",".join(DECK), "--print"]
    assert main(args) == 0
    two = capsys.readouterr().out
    assert "Night 2" in two and "Night 3" not in two
    assert main([*args, "--nights", "4", "--option", "events.enabled=true"]) == 0
    four = capsys.readouterr().out
    assert "Night 4" in four and "Night 5" not in four and four.count("Werewolf ally") >= 2


def _seconds(path) -> float:
    with wave.open(str(path)) as w:
        return w.getnframes() / w.getframerate()


def test_export_writes_every_night_asked_not_only_the_first(tmp_path, capsys):
    base = ["narrate", "--ruleset", "classic", "--roles", ",".join(DECK), "--action-time", "1",
            "--day-time", "2", "--no-voice"]
    lengths = {}
    for nights in (1, 3):
        path = tmp_path / f"n{nights}.wav"
        assert main([*base, "--export", str(path), "--nights", str(nights)]) == 0
        lengths[nights] = _seconds(path)
    default = tmp_path / "default.wav"
    assert main([*base, "--export", str(default)]) == 0
    capsys.readouterr()
    assert lengths[1] < _seconds(default) < lengths[3]
    assert lengths[3] > 2.5 * lengths[1]


async def test_the_narrator_app_reads_the_ally_step_on_night_two():
    app, speaker = recorded_narrator(DECK, 0.02, game_options=EVENTS)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        await handled(pilot, "the narrator's start")  # mounted and taking keys before the Enter
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "over", timeout=10)
        assert WORDS["en"]["event_draw"] in speaker.said  # the top event card is turned on day 1
        assert STEPS["en"]["ally"][1] not in speaker.said
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.nights == 2 and screen.phase == "over", timeout=10)
        assert STEPS["en"]["ally"][1] in speaker.said


class _Voice:
    """A speaker that records what it is asked to say, each line a short silence."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def synthesize(self, text: str, lang: str):
        from onenight_tui.sound.clip import silence

        self.said.append(text)
        return silence(0.01)


def test_the_export_reads_every_line_in_the_narrator_s_order_dawn_after_the_night():
    from onenight_tui.sound.export import night_audio as classic_audio

    narration = classic_narration(DECK, "en", 3, EVENTS)
    voice = _Voice()
    timing = Timing(action=0.5, gap=0.1, day=1.0)
    clip = classic_audio(narration, timing, voice)
    assert voice.said == [line.text for line in narration.lines]
    waits = sum(timing.seconds(line.pause) for line in narration.lines) - timing.day  # not after the last day
    assert clip.seconds == pytest.approx(waits + 0.01 * len(narration.lines), abs=0.05)
