"""``onenight roles --ruleset classic``: the classic catalog (classic.toml) as a table that fits 80 columns
and as JSON, in the order the night calls the roles, with the sheriff title.

Expected facts come from classic.toml read here on its own, not from the command."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from rich.cells import cell_len

from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
SLOT_ORDER = ("thief", "cupid", "seer", "defender", "werewolf", "witch", "piper")  # resolution.md 4.3


def classic_toml() -> dict:
    with open(ROOT / "classic.toml", "rb") as fh:
        return tomllib.load(fh)


def run(capsys, monkeypatch, columns: int, *argv: str) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.delenv("LINES", raising=False)
    assert main(["roles", "--ruleset", "classic", *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_json_lists_every_classic_role_and_the_sheriff_with_when_it_acts(capsys, monkeypatch):
    data = classic_toml()
    rows = json.loads(run(capsys, monkeypatch, 80, "--json"))
    by_id = {row["id"]: row for row in rows}
    assert [row["id"] for row in rows if row["kind"] == "role"] != []
    assert sorted(r["id"] for r in data["role"]) == sorted(row["id"] for row in rows if row["kind"] == "role")
    for r in data["role"]:
        row = by_id[r["id"]]
        assert row["side"] == r["side"] and row["names"] == r["names"] and row["text"] == r["text"]
        expected = "never" if not r["slot"] else "first_night_only" if r["first_night_only"] else "every_night"
        assert row["night"] == expected, r["id"]
    assert by_id["thief"]["night"] == "first_night_only" and by_id["seer"]["night"] == "every_night"
    assert by_id["hunter"]["night"] == "never"
    sheriff = rows[-1]
    assert sheriff["kind"] == "title" and sheriff["id"] == "sheriff"
    assert sheriff["names"] == data["title"]["sheriff"]["names"]
    assert sheriff["text"] == data["title"]["sheriff"]["text"]


def test_json_is_in_the_order_the_night_calls(capsys, monkeypatch):
    rows = json.loads(run(capsys, monkeypatch, 80, "--json"))
    called = [row["slot"] for row in rows if row["slot"]]
    assert called == sorted(called, key=SLOT_ORDER.index)
    nights = [row["night"] for row in rows]
    first_never = nights.index("never")
    assert all(n == "never" for n in nights[first_never:])


def test_table_fits_80_columns_and_holds_every_word(capsys, monkeypatch):
    data = classic_toml()
    out = run(capsys, monkeypatch, 80)
    lines = out.splitlines()
    assert max(cell_len(line.rstrip()) for line in lines) <= 80
    assert "…" not in out
    words = set(out.split())
    texts = [r["names"]["en"] + " " + r["id"] + " " + r["text"]["en"] for r in data["role"]]
    texts.append(data["title"]["sheriff"]["names"]["en"] + " " + data["title"]["sheriff"]["text"]["en"])
    assert {w for t in texts for w in t.split() if w not in words} == set()
    # When each acts, in words: cupid's row says "first night only", the seer's "every night".
    cupid = next(i for i, line in enumerate(lines) if line.startswith(" Cupid "))
    col = next(line for line in lines if "Night" in line).index("Night")

    def night_cell(at: int) -> str:
        return " ".join(line[col:col + 6].strip() for line in lines[at:at + 3]).strip()

    assert night_cell(cupid) == "first night only"
    seer = next(i for i, line in enumerate(lines) if line.startswith(" Seer "))
    assert night_cell(seer).startswith("every night")
    assert lines[cupid - 3].startswith(" Thief ")  # the thief is called before cupid


def test_korean_table_fits_80_columns(capsys, monkeypatch):
    data = classic_toml()
    out = run(capsys, monkeypatch, 80, "--lang", "ko")
    assert max(cell_len(line.rstrip()) for line in out.splitlines()) <= 80
    assert "…" not in out
    for r in data["role"]:
        assert r["names"].get("ko", r["names"]["en"]).split()[0] in out, r["id"]
    assert data["title"]["sheriff"]["names"]["ko"] in out
    assert "Cupid" not in out  # names are in Korean
