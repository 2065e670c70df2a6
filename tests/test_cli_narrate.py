"""``onenight narrate``: the printed script in English and Korean, and bad input as one line, exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from onenight_tui.cli import main


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
    # six waking steps: 6 × (10 s + 2 s) + 2 s to close the eyes = 74 s
    assert lines[1] == "Action time 10 s per step · 1:14 of night · day 5:00"
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


def test_only_the_official_night_order(capsys):
    code, _, err = run(capsys, "--ruleset", "dalbula", "narrate", "--roles", "base-5", "--print")
    assert code == 2 and "onuw" in err


def test_the_app_needs_a_terminal(capsys):
    # Under pytest stdin is not a terminal: one line rather than a broken screen.
    code, _, err = run(capsys, "narrate", "--roles", "base-5", "--no-voice")
    assert code == 2 and "needs a terminal" in err


def test_print_does_not_import_textual():
    script = ("import sys; from onenight_tui.cli import main; code = main(['narrate', '--roles', 'base-5', "
              "'--print']); print('TEXTUAL' if 'textual' in sys.modules else 'NO-TEXTUAL', code)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1] == "NO-TEXTUAL 0"
