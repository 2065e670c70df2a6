"""Issue 23: nothing English under ``--lang ko``. Korean output of the commands is scanned for Latin
letters; the only ones allowed are the role ids the ``roles`` command lists, which are what the user
types after ``--roles``. The screens are walked for English words by tests/test_app_languages.py; the
Ctrl+C notice Textual gives is checked here."""

from __future__ import annotations

import re

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.rulesets.classic.catalog import classic_catalog
from onenight_tui.cli import main

COMMANDS = [
    ["simulate", "--players", "6", "--seed", "2"],
    ["simulate", "--ruleset", "dalbula", "--players", "7", "--seed", "5"],
    ["simulate", "--ruleset", "classic", "--players", "12", "--seed", "4"],
    ["simulate", "--ruleset", "classic", "--players", "12", "--seed", "6", "--option", "events.enabled=true",
     "--roles", "werewolf*3,thief,seer,witch,hunter,cupid,little_girl,villager*5"],
    ["simulate", "--players", "6", "--games", "30"],
    ["simulate", "--ruleset", "dalbula", "--players", "6", "--games", "30"],
    ["simulate", "--ruleset", "classic", "--players", "8", "--games", "20"],
    ["narrate", "--print", "--roles", "base-5"],
    ["narrate", "--ruleset", "dalbula", "--print", "--roles", "werewolf,seer,alien,oracle,villager,robber,curator"],
    ["narrate", "--ruleset", "classic", "--print", "--roles", "werewolf*2,seer,witch,little_girl,villager"],
    ["roles", "--ruleset", "dalbula"],
    ["roles", "--ruleset", "classic"],
]
# what the user types: role ids (``--roles``), the classic Sheriff's id and the rulesets (``--ruleset``)
ROLE_IDS = ({r.id for r in default_catalog().roles} | {r.id for r in classic_catalog().roles} | {"sheriff"}
            | {"onuw", "dalbula", "classic"})


def latin(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z][A-Za-z0-9_]*", text) if w not in ROLE_IDS]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_korean_command_output_has_no_latin_letters(argv, capsys):
    assert main([*argv, "--lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert out.strip() and latin(out) == []


def test_the_scan_finds_a_leak():
    assert latin("민수 (p0) (늑대인간): 지목: 다은 (p5)") == ["p0", "p5"]
    assert latin("사건 카드 공개: werewolf_ally") == ["werewolf_ally"]
    assert latin("가영 (도둑): takes the middle card c0") == ["takes", "the", "middle", "card", "c0"]


async def test_ctrl_c_says_how_to_quit_in_korean(monkeypatch):
    from app_pilot import SIZE, quiet_settings, record_notices, screen_name, titled_notices, until
    from onenight_tui.app import OneNightApp

    record_notices(monkeypatch, OneNightApp)
    app = OneNightApp(quiet_settings(), lang="ko")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up")
        await pilot.press("tab")  # off the names: Ctrl+C copies in a text box
        await pilot.press("ctrl+c")
        quit_hint = ("끝내시겠습니까?", "끝내려면 Ctrl+Q를 누르세요.")
        await until(pilot, lambda: quit_hint in titled_notices(app), "the hint")
