"""The classic night for a table with physical cards (resolution.md §4.3, A-C15): the order of the calls,
the first-night steps on night 1 only, and ``onenight narrate --ruleset classic --print``.

Expected slots and first-night flags are read from classic.toml here, not from the code under test."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from onenight_core.errors import SetupError
from onenight_core.rulesets.classic.narration import night_steps
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
ORDER_4_3 = ("thief", "cupid", "lovers", "seer", "defender", "werewolf", "witch", "piper", "charmed")
FULL = ("werewolf", "werewolf", "seer", "witch", "cupid", "thief", "piper", "defender", "little_girl",
        "hunter", "villager")


def toml_roles() -> dict[str, dict]:
    with open(ROOT / "classic.toml", "rb") as fh:
        return {r["id"]: r for r in tomllib.load(fh)["role"]}


def test_night_one_calls_every_slot_in_the_order_of_4_3():
    assert night_steps(FULL, 1) == ORDER_4_3


def test_later_nights_skip_the_first_night_slots():
    roles = toml_roles()
    first_only = {r["slot"] for r in roles.values() if r["first_night_only"]}
    assert first_only == {"thief", "cupid"}
    for night in (2, 3, 7):
        steps = night_steps(FULL, night)
        assert not first_only & set(steps) and "lovers" not in steps
        assert steps == tuple(s for s in ORDER_4_3 if s not in first_only | {"lovers"})


def test_only_the_composition_is_called_and_roles_without_a_slot_never():
    roles = toml_roles()
    deck = ("werewolf", "werewolf", "seer", "hunter", "little_girl", "villager")
    assert night_steps(deck, 1) == ("seer", "werewolf") == night_steps(deck, 2)
    for rid in ("hunter", "little_girl", "villager", "elder", "scapegoat", "village_idiot"):
        assert roles[rid]["slot"] == ""
        assert night_steps(("werewolf", rid), 1) == ("werewolf",)


@pytest.mark.parametrize("deck, night", [(("werewolf", "bogus"), 1), (("seer", "villager"), 1),
                                         ((), 1), (("werewolf",), 0)])
def test_bad_decks_and_nights_are_refused(deck, night):
    with pytest.raises(SetupError):
        night_steps(deck, night)


def script(capsys, *argv: str) -> str:
    assert main(["narrate", "--ruleset", "classic", "--print", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_print_shows_night_one_with_its_first_night_steps_then_night_two_without(capsys):
    out = script(capsys, "--roles", "werewolf*2,seer,witch,cupid,thief,villager*3", "--action-time", "7")
    night1, night2 = out.split("\nNight 2")
    assert "Night 1" in night1
    headings1 = [line.split(". ", 1)[1] for line in night1.splitlines() if line[:1].isdigit()]
    headings2 = [line.split(". ", 1)[1] for line in night2.splitlines() if line[:1].isdigit()]
    assert headings1 == ["Thief", "Cupid", "Lovers", "Seer", "Werewolves", "Witch", "Dawn", "Day"]
    assert headings2 == ["Seer", "Werewolves", "Witch", "Dawn", "Day"]
    assert night1.count("[7 s]") == 6 and night2.count("[7 s]") == 3
    assert "sheriff" in night1 and "sheriff" not in night2  # elected on the first day (default option)
    assert out.startswith("Classic night script for 9 cards: Werewolf ×2, Seer, Witch, Cupid, Thief, Villager ×3")


def test_print_in_korean(capsys):
    out = script(capsys, "--roles", "werewolf,seer,villager", "--lang", "ko")
    assert "예언자는 눈을 뜨세요" in out and "2번째 밤" in out and "Seer" not in out


@pytest.mark.parametrize("argv, says", [
    (["--roles", "werewolf,bogus", "--print"], "unknown classic role 'bogus'"),
    (["--print"], "needs --roles"),
    (["--roles", "werewolf,seer"], "needs a terminal"),
])
def test_bad_use_is_one_line(capsys, argv, says):
    assert main(["narrate", "--ruleset", "classic", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err


def test_the_werewolves_call_tells_the_little_girl_she_may_spy_when_she_is_in_the_deck(capsys):
    """Issue 23 (seed 004 step 5: 小女孩可以偷看)."""
    from classic_narration_words import classic_narration

    out = script(capsys, "--roles", "werewolf*2,seer,little_girl,villager*3", "--lang", "zh")
    assert "小女孩可以偷看" in out
    assert "小女孩可以偷看" not in script(capsys, "--roles", "werewolf*2,seer,villager*4", "--lang", "zh")
    lines = [line.text for cue in classic_narration(("werewolf", "little_girl", "villager"), "en").cues
             if cue.step == "werewolf" for line in cue.lines]
    assert any("Little Girl, you may" in text for text in lines)


def test_the_little_girl_is_told_in_the_narration_language_every_night():
    """Night 2 told her in English: the day's lines of night 1 took the name of the language's variable
    (found by ``mypy --strict``, issue 24)."""
    from classic_narration_words import classic_narration

    deck = ("werewolf", "werewolf", "little_girl", "seer", "villager", "villager")
    calls = [cue.lines for cue in classic_narration(deck, "fr", nights=3).cues if cue.step == "werewolf"]
    assert len(calls) == 3
    for lines in calls:
        assert any(line.text.startswith("Petite Fille") for line in lines)
        assert not any("Little Girl" in line.text for line in lines)
