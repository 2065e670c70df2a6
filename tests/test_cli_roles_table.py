"""``onenight roles`` as a table players read: a text column, the roles in the order they wake told as
"wakes 5th" (not wake codes), and a table that fits the terminal without cutting a word.

Expected facts come from roles.toml read here on its own (ids, texts, wake codes), not from the command."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from rich.cells import cell_len

from onenight_core.rulesets import ruleset_for
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent


def onuw_roles() -> list[dict]:
    with open(ROOT / "roles.toml", "rb") as fh:
        return [r for r in tomllib.load(fh)["role"] if "onuw" in r["rulesets"]]


def table(capsys, monkeypatch, columns: int, *argv: str) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.delenv("LINES", raising=False)
    assert main(["roles", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out.splitlines()


def row_order(lines: list[str], roles: list[dict]) -> list[str]:
    """The ids in the order the table lists them: a Role cell is the name, then the id alone at the start
    of the next line."""
    found = []
    for above, line in zip(lines, lines[1:]):
        for r in roles:
            if above.startswith(f" {r['names']['en']} ") and line.split()[:1] == [r["id"]]:
                found.append(r["id"])
    return found


def test_fits_80_columns_and_cuts_no_word(capsys, monkeypatch):
    lines = table(capsys, monkeypatch, 80)
    assert max(cell_len(line.rstrip()) for line in lines) <= 80
    text = "\n".join(lines)
    assert "…" not in text  # nothing ellipsized
    roles = onuw_roles()
    # Every id is listed whole, at the start of its row: no id broken across lines.
    assert sorted(row_order(lines, roles)) == sorted(r["id"] for r in roles)
    # Every word of every name and every text is there whole (wrapping happens between words only).
    words = set(text.split())
    missing = {w for r in roles for w in (r["names"]["en"] + " " + r["text"]["en"]).split() if w not in words}
    assert missing == set()


def test_text_column_on_a_wide_terminal_holds_each_text_on_one_line(capsys, monkeypatch):
    lines = table(capsys, monkeypatch, 400)
    assert "Text" in lines[2]
    for r in onuw_roles():
        row = next(line for line in lines if line.startswith(f" {r['names']['en']} "))
        assert r["text"]["en"] in row, r["id"]
    assert max(cell_len(line.rstrip()) for line in lines) > 200  # the width is used


def test_korean_table_fits_80_columns(capsys, monkeypatch):
    lines = table(capsys, monkeypatch, 80, "--lang", "ko")
    assert max(cell_len(line.rstrip()) for line in lines) <= 80
    assert "…" not in "\n".join(lines)
    assert any("늑대인간" in line for line in lines)


def test_roles_are_listed_in_wake_order(capsys, monkeypatch):
    lines = table(capsys, monkeypatch, 120)
    roles = onuw_roles()
    order = row_order(lines, roles)
    at = order.index
    # The three the catalog lists last (issue 10): each with the roles it wakes with or between.
    assert at("vampire") < at("the_master") < at("the_count")          # both -6: the Master wakes with them
    assert at("werewolf") < at("dream_wolf") < at("alpha_wolf")         # the thumb at the werewolves' step
    assert at("role_retriever") < at("voodoo_lou") < at("troublemaker")  # 6-D < 6-E < 7
    # Every role with a wake code comes before every role without one, and the codes never go back.
    code = {r["id"]: r.get("wake") for r in roles}

    def key(c: str) -> tuple:
        m = re.match(r"^(-?\d+)(.*)$", c)
        return (int(m.group(1)), tuple(re.findall(r"[A-Z]+", m.group(2))))

    waking = [rid for rid in order if code[rid]]
    assert [key(code[r]) for r in waking] == sorted(key(code[r]) for r in waking)
    silent = [rid for rid in order if not code[rid] and rid != "dream_wolf"]
    assert order[-len(silent):] == silent


def test_night_column_speaks_as_players_count(capsys, monkeypatch):
    lines = table(capsys, monkeypatch, 160)

    def row(name: str) -> str:
        return next(line for line in lines if line.startswith(f" {name} "))

    assert "wakes 1st" in row("Oracle")
    assert "wakes 4th" in row("Doppelgänger")  # after Oracle, Copycat and Mirror Man
    assert re.search(r"wakes (\d+)(st|nd|rd|th)", row("Werewolf"))
    assert "no night action" in row("Villager")
    assert "never wakes" in row("Dream Wolf")
    # No raw wake code ("-6-B", "1-SV", "2") in the Night column.
    for line in lines[4:]:
        assert not re.search(r"\s-?\d+(-[A-Z]+)+\s", line), line
    # The Master wakes with the vampires: the same number as the Vampire.
    assert re.search(r"wakes \w+", row("Vampire")).group() == re.search(r"wakes \w+", row("The Master")).group()


def test_not_playable_roles_say_so(capsys, monkeypatch):
    lines = table(capsys, monkeypatch, 400)
    for r in onuw_roles():
        row = next(line for line in lines if r["text"]["en"] in line)
        assert ("(not playable yet)" in row) == (not ruleset_for("onuw").is_playable(r["id"])), r["id"]
