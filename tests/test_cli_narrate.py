"""``onenight narrate``: the printed script in English and Korean, the night exported to a WAV file with
the bundled voice (in a process that can find no program at all), and bad input as one line, exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
import wave

import pytest

from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.narration import Timing, narrate
from onenight_tui.cli import main
from onenight_tui.sound.clip import Clip, from_wav
from onenight_tui.sound.espeak import bundled


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def headings(out: str) -> list[str]:
    """The numbered step headings of a printed script."""
    return [line.split(". ", 1)[1] for line in out.splitlines() if line[:3].strip().rstrip(".").isdigit()]


def test_print_base_game(capsys):
    code, out, err = run(capsys, "narrate", "--roles", "base-5", "--print")
    assert code == 0 and err == ""
    # base-5 = werewolf*2, seer, robber, troublemaker, villager, drunk, insomniac (roles.md §A.1 order)
    assert headings(out) == ["Night", "Werewolves", "Seer", "Robber", "Troublemaker", "Drunk", "Insomniac",
                             "Dawn"]
    lines = out.splitlines()
    assert lines[0] == ("Night script for 8 cards: Werewolf ×2, Seer, Robber, Troublemaker, Villager, "
                        "Drunk, Insomniac")
    # six waking steps: 6 × (10 s + 2 s) + 2 s to close the eyes = 74 s of waiting, and the lines spoken
    assert lines[1].startswith("Action time 10 s per step · ") and lines[1].endswith(" of night · day 5:00")
    assert out.count("[10 s]") == 6
    assert "Night falls. Everyone, close your eyes." in out
    assert out.index("Seer, wake up.") < out.index("Seer, close your eyes.") < out.index("Robber, wake up.")
    assert [line.strip() for line in lines[-3:]] == ["8. Dawn", "Everyone, wake up!", "[day 5:00]"]


def test_print_with_times_and_doppelganger(capsys):
    code, out, _ = run(capsys, "narrate", "--roles", "doppelganger,minion,werewolf*2,insomniac,villager",
                       "--print", "--action-time", "7", "--day-time", "90")
    assert code == 0
    assert headings(out) == ["Night", "Doppelgänger", "Werewolves", "Minion", "Insomniac",
                             "Doppelgänger → Insomniac", "Dawn"]
    assert out.count("[7 s]") == 6  # DG, DG-Minion thumbs, werewolves, minion, insomniac, DG-insomniac
    assert "[day 1:30]" in out
    assert "Doppelgänger, if you viewed the Minion card, keep your eyes open." in out


def test_print_in_korean(capsys):
    code, out, _ = run(capsys, "narrate", "--roles", "base-5", "--print", "--lang", "ko")
    assert code == 0
    assert headings(out) == ["밤", "늑대인간들", "예언자", "강도", "말썽꾸러기", "술취한자", "불면증환자",
                             "새벽"]
    assert "밤이 되었습니다. 모두 눈을 감으세요." in out
    assert "예언자는 눈을 감으세요." in out
    assert "모두 눈을 뜨세요!" in out
    assert "Seer" not in out


def test_language_and_roles_may_come_before_the_subcommand(capsys):
    code, out, _ = run(capsys, "--lang", "ko", "--roles", "base-3", "narrate", "--print")
    assert code == 0 and "모두 눈을 뜨세요!" in out


@pytest.mark.parametrize("argv, message", [
    (["--roles", "wizard*2,seer", "--print"], "unknown role or preset 'wizard'"),
    (["--roles", "werewolf,seer,robber", "--print"], "at least 6 cards"),
    (["--roles", "sleepwalker,werewolf,seer,robber,villager,villager", "--print"], "Sleepwalker"),
    (["--print"], "needs --roles"),
    (["--roles", "base-5", "--print", "--action-time", "-1"], "--action-time"),
    (["--roles", "base-5", "--print", "--day-time", "soon"], "--day-time"),
    (["--roles", "base-5", "--print", "--sound", "bell"], "--sound"),
    (["--roles", "base-5", "--print", "--lang", "de"], "--lang"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, "narrate", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("onenight: ") and message in err
    assert "Traceback" not in err


def test_the_app_needs_a_terminal(capsys):
    # Under pytest stdin is not a terminal: one line rather than a broken screen.
    code, _, err = run(capsys, "narrate", "--roles", "base-5", "--no-voice")
    assert code == 2 and "needs a terminal" in err


def test_print_does_not_import_textual():
    script = ("import sys; from onenight_tui.cli import main; code = main(['narrate', '--roles', 'base-5', "
              "'--print']); print('TEXTUAL' if 'textual' in sys.modules else 'NO-TEXTUAL', code)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1] == "NO-TEXTUAL 0"


@pytest.mark.parametrize("options", [(), ("--rate", "300", "--random-delay", "4", "--seed", "3"),
                                     ("--lang", "ko", "--action-time", "7")])
def test_the_printed_night_lasts_as_long_as_the_exported_one(capsys, tmp_path, options):
    """``--print`` said "1:14 of night" (the waits alone) while ``--export`` of the same night lasted 2:01:
    both now state the length of the night read aloud, from one function (``night_length``)."""
    code, out, _ = run(capsys, "narrate", "--roles", "base-5", *options, "--print")
    assert code == 0
    printed = out.splitlines()[1].split(" · ")[1]
    path = tmp_path / "night.wav"
    code, out, _ = run(capsys, "narrate", "--roles", "base-5", *options, "--export", str(path))
    assert code == 0
    with wave.open(str(path)) as wav:
        seconds = wav.getnframes() / wav.getframerate()
    whole = int(round(seconds))
    assert f"{whole // 60}:{whole % 60:02d}" in printed and whole > 74 + 20  # the speech is counted


# -- --export: the night as one WAV file --------------------------------------------------------------

def _export_in_a_bare_process(tmp_path, *args: str) -> subprocess.CompletedProcess:
    """``onenight narrate ... --export`` in a child process whose PATH holds no program at all (no
    espeak-ng, no aplay/paplay/afplay): only the bundled voice can speak."""
    empty = tmp_path / "empty-bin"
    empty.mkdir(exist_ok=True)
    env = {"PATH": str(empty), "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-m", "onenight_tui", "narrate", *args], env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_export_writes_the_spoken_night_without_any_program(tmp_path, lang):
    path = tmp_path / "night.wav"
    done = _export_in_a_bare_process(tmp_path, "--roles", "base-5", "--lang", lang, "--export", str(path))
    assert done.returncode == 0, done.stderr
    wrote = {"en": f"Wrote {path}: ", "ko": f"{path} 저장: "}[lang]  # said in the --lang language
    assert done.stdout.startswith(wrote) and done.stderr == ""
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        clip = Clip(w.readframes(w.getnframes()), w.getframerate())
    narration = narrate(PRESETS["base-5"].roles, lang)
    waits = narration.duration(Timing())
    lines = len(narration.lines)
    # Every wait is there, and every line adds its speech (at least half a second, at most eight).
    assert waits + 0.5 * lines < clip.seconds < waits + 8 * lines
    # Speech where a line is read, silence where the table acts: the first line then its 2 s gap.
    first = bundled().synthesize(narration.lines[0].text, lang)
    head = Clip(clip.pcm[:first.frames * 2], clip.rate)
    assert head.rms() > 300 and head.peak() > 3000
    gap = Clip(clip.pcm[(first.frames + 2205) * 2:(first.frames + 2 * 22050 - 2205) * 2], clip.rate)
    assert gap.peak() == 0
    # The last words are "Everyone, wake up!" (not silence).
    tail = Clip(clip.pcm[-22050 * 2:], clip.rate)
    assert tail.rms() > 100


def test_export_same_seed_same_bytes_other_seed_other_bytes(tmp_path):
    options = ("--roles", "werewolf*2,seer,robber,troublemaker,villager", "--action-time", "3",
               "--random-delay", "2", "--sound", "crickets", "--tick")
    paths = [tmp_path / f"{name}.wav" for name in ("a", "b", "c")]
    for path, seed in zip(paths, ("7", "7", "8")):
        done = _export_in_a_bare_process(tmp_path, *options, "--seed", seed, "--export", str(path))
        assert done.returncode == 0, done.stderr
    a, b, c = (p.read_bytes() for p in paths)
    assert a == b
    assert a != c


def test_export_with_background_has_sound_in_the_waits(tmp_path):
    path = tmp_path / "wind.wav"
    code = main(["narrate", "--roles", "base-5", "--sound", "wind", "--export", str(path)])
    assert code == 0
    clip = from_wav(path.read_bytes())
    first = bundled().synthesize(narrate(PRESETS["base-5"].roles).lines[0].text, "en")
    gap = Clip(clip.pcm[(first.frames + 11025) * 2:(first.frames + 22050) * 2], clip.rate)
    assert 0 < gap.peak() < 20000  # the wind, softly


@pytest.mark.parametrize("argv, message", [
    (["narrate", "--export", "x.wav"], "needs --roles"),
    (["narrate", "--roles", "base-5", "--export", "night.mp3"], "ending in .wav"),
    (["narrate", "--roles", "base-5", "--export", "/nonexistent/dir/night.wav"], "cannot write"),
    (["narrate", "--roles", "base-5", "--rate", "999", "--export", "x.wav"], "80 to 450"),
    (["narrate", "--roles", "base-5", "--voice-model", "/nonexistent.onnx", "--export", "x.wav"],
     "no voice model"),
])
def test_export_bad_input_is_one_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
