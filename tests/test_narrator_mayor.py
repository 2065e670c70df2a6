"""The narrator of a table with its own cards never calls Dalbula's Mayor at night (his reveal is a day
ability: rules.toml ``turns = "day"``, roles.md #81, E-53); at dawn it reminds the table of it once, in
``--print``, the live narrator and ``--export`` alike, in every language."""

from __future__ import annotations

import wave

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import Timing, narrate, table_heard
from onenight_tui.cli import main

from test_cli_languages import english_words
from test_cli_narrate import _export_in_a_bare_process
from test_narrator_app import RecordingSpeaker, narrator, wait_for

CAT = default_catalog()
ROSTER = ("werewolf", "werewolf", "seer", "robber", "mayor", "villager", "troublemaker")
WITHOUT = tuple("villager" if r == "mayor" else r for r in ROSTER)  # the same night, no Mayor in play
SEED = 4


def reminder(lang: str) -> str:
    text = CAT.step("mayor").line("day", lang)
    assert text
    return text


def night_calls(lang: str) -> set[str]:
    """Every night line of the Mayor's step, in ``lang``."""
    step = CAT.step("mayor")
    return {step.line(kind, lang) for kind in ("wake", "sleep", "table_wake", "table_sleep")} - {None}


def printed(capsys, lang: str, roster=ROSTER) -> str:
    code = main(["narrate", "--ruleset", "dalbula", "--lang", lang, "--roles", ",".join(roster), "--print",
                 "--seed", str(SEED)])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def test_the_reminder_is_written_in_every_language_and_names_the_mayor():
    texts = {lang: reminder(lang) for lang in ("en", "ko", "zh", "fr")}
    assert len(set(texts.values())) == 4  # no language falls back to English
    for lang, text in texts.items():
        assert CAT["mayor"].name(lang) in text, lang


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_table_night_has_no_mayor_step_and_one_reminder_at_dawn(lang):
    night = narrate(ROSTER, lang, heard=table_heard(ROSTER, SEED, ruleset="dalbula"), ruleset="dalbula",
                    physical_cards=True)
    assert "mayor" not in night.steps
    texts = [line.text for line in night.lines]
    assert not night_calls(lang) & set(texts)
    assert texts.count(reminder(lang)) == 1
    dawn = night.cues[-1]
    assert dawn.kind == "dawn"
    assert [line.text for line in dawn.lines] == [CAT.step("dawn").line("wake", lang), reminder(lang)]
    assert [line.pause for line in dawn.lines] == ["none", "day"]  # the day starts after the reminder
    # the Mayor's presence changes nothing else: the same steps and lines as with a Villager instead
    other = narrate(WITHOUT, lang, heard=table_heard(WITHOUT, SEED, ruleset="dalbula"), ruleset="dalbula",
                    physical_cards=True)
    assert other.steps == night.steps and [line.text for line in other.lines] == texts[:-1]
    assert other.duration(Timing()) == night.duration(Timing())


def test_a_doppelganger_copy_does_not_repeat_the_reminder():
    roster = (*ROSTER, "doppelganger")
    night = narrate(roster, "en", heard=table_heard(roster, SEED, ruleset="dalbula"), ruleset="dalbula",
                    physical_cards=True)
    assert [line.text for line in night.lines].count(reminder("en")) == 1
    assert "mayor" not in night.steps


def test_the_hot_seat_reading_keeps_the_step_in_place_and_adds_no_reminder():
    # The hot-seat night finds a step's cue by its index in the script and skips the day step itself;
    # its day screen offers the reveal (docs/decisions.md), so its reading is unchanged.
    night = narrate(ROSTER, "en", ruleset="dalbula")
    assert "mayor" in night.steps
    assert reminder("en") not in [line.text for line in night.lines]


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_print_has_one_reminder_after_the_dawn_line_and_no_mayor_call(capsys, lang):
    out = printed(capsys, lang)
    assert out.count(reminder(lang)) == 1
    assert out.index(CAT.step("dawn").line("wake", lang)) < out.index(reminder(lang))
    assert not [call for call in night_calls(lang) if call in out]
    if lang != "en":
        assert english_words(out, lang) == []


def test_the_english_word_check_finds_the_english_reminder(capsys):
    # the same check on the English print fails: it can tell an untranslated reminder
    assert english_words(reminder("en"), "ko") != []


async def test_the_live_narrator_says_the_reminder_once_at_dawn_and_never_calls_the_mayor():
    from onenight_tui.narrator_app import NarratorApp

    speaker = RecordingSpeaker(lang="ko")
    app = NarratorApp(roster=ROSTER, lang="ko", timing=Timing(action=0.02, gap=0.01, day=0.2), speaker=speaker,
                      reading_pace=0.0, tick=0.02, seed=SEED, ruleset="dalbula")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "over", timeout=20)
    said = speaker.said
    assert said.count(reminder("ko")) == 1
    assert said.index(reminder("ko")) == said.index(CAT.step("dawn").line("wake", "ko")) + 1
    assert not night_calls("ko") & set(said)


def _export(tmp_path, name: str, roster, seed: int = SEED) -> tuple[bytes, float]:
    path = tmp_path / f"{name}.wav"
    done = _export_in_a_bare_process(tmp_path, "--ruleset", "dalbula", "--lang", "ko", "--roles", ",".join(roster),
                                     "--seed", str(seed), "--export", str(path))
    assert done.returncode == 0, done.stderr
    with wave.open(str(path)) as w:
        seconds = w.getnframes() / w.getframerate()
    return path.read_bytes(), seconds


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_export_is_stable_and_reads_the_reminder_instead_of_a_night_step(tmp_path):
    a, a_seconds = _export(tmp_path, "a", ROSTER)
    b, _ = _export(tmp_path, "b", ROSTER)
    c, c_seconds = _export(tmp_path, "c", WITHOUT)
    assert a == b  # the same seed, the same bytes
    assert a != c
    # The Mayor adds only the reminder's speech (a few seconds), not a called step (10 s action time + a
    # 2 s gap + two lines) as when his step was read at night.
    assert 0.5 < a_seconds - c_seconds < 8.0
