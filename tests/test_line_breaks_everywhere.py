"""Issue 15: Chinese and French lines break where their languages allow in every widget and command, not
only in the narrator. A Chinese line never starts with closing punctuation ("，", "。") nor ends with
opening punctuation ("「"); a French line never starts with the spaced punctuation ";", ":", "?", "!",
"»" nor ends with "«". English and Korean wrap exactly as Rich wraps them.

The texts are the real catalogs' (every string of zh.toml and fr.toml); they are wrapped through Rich's
``Text.wrap`` and Textual's ``Content.wrap`` (what every widget and table cell does), through the app's
widgets at 80×24 and wider, and through ``onenight roles``, ``simulate``'s story on a terminal and
``--help``. Each check first shows that Rich's own wrapper
breaks some of these texts badly, so it tests something."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from rich._wrap import divide_line as rich_divide_line
from rich.cells import cell_len

from onenight_tui.text.wrapping import divide_keeping_breaks, keep_line_breaks

TEXT_DIR = Path(__file__).parents[1] / "src" / "onenight_tui" / "text"
# What may not start a line in what a player reads (the opening quote "«" and "「" may).
NEVER_FIRST = frozenset("，。、！？；：）》」』】〕〉”;:!?»")
NEVER_LAST = frozenset("「『（《«")
ROLES = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"]


def catalog_texts(lang: str) -> list[str]:
    """Every string of the language's catalog, placeholders left in."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(tomllib.loads((TEXT_DIR / f"{lang}.toml").read_text(encoding="utf-8")))
    return [text for text in found if len(text) > 8]


def lines_of(text: str, offsets: list[int]) -> list[str]:
    return [text[a:b] for a, b in zip([0, *offsets], [*offsets, len(text)], strict=True)]


def bad(lines: list[str]) -> list[str]:
    return [line for line in lines if line.strip() and (line.lstrip()[0] in NEVER_FIRST
                                                        or line.rstrip()[-1] in NEVER_LAST)]


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_every_catalog_line_breaks_where_its_language_allows(lang):
    texts = [line for text in catalog_texts(lang) for line in text.split("\n")]
    widths = range(16, 81, 3)
    # Rich alone breaks some of them badly: the check below can fail.
    assert any(bad(lines_of(t, rich_divide_line(t, w))) for t in texts for w in widths)
    for text in texts:
        for width in widths:
            lines = lines_of(text, divide_keeping_breaks(rich_divide_line, text, width))
            assert "".join(lines) == text
            assert not bad(lines), (width, lines)
            for line in lines:
                # A line is as wide as Rich makes it, unless one word is wider than the line.
                assert cell_len(line.rstrip()) <= width or " " not in line.strip(), (width, line)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_english_and_korean_wrap_as_rich_wraps_them(lang):
    for text in catalog_texts(lang):
        for width in (20, 37, 60):
            assert divide_keeping_breaks(rich_divide_line, text, width) == rich_divide_line(text, width)


def test_rich_and_textual_wrap_with_the_rules_once_kept():
    from rich.console import Console
    from rich.text import Text
    from textual.content import Content

    keep_line_breaks()
    keep_line_breaks()  # twice is once
    chinese = "狼人请睁眼，互相确认身份。如果只有一名狼人，你可以查看中央的一张牌。「好的」他说。"
    french = "Loup-garou, ouvrez les yeux ; regardez-vous : êtes-vous seul ? Alors « regardez une carte » !"
    console = Console(width=100)
    for width in range(12, 50):
        for text in (chinese, french):
            for lines in ([line.plain for line in Text(text).wrap(console, width)],
                          [line.plain for line in Content(text).wrap(width)]):
                assert re.sub(r"\s", "", "".join(lines)) == re.sub(r"\s", "", text)
                assert not bad(lines), (width, lines)
                assert all(cell_len(line.rstrip()) <= width for line in lines), (width, lines)


def widget_lines(app) -> list[str]:
    """Each line each visible Static of the top screen renders (its border and padding trimmed)."""
    from textual.geometry import Region
    from textual.widgets import Static

    lines: list[str] = []
    for widget in app.screen.query(Static):
        if widget.display and widget.size.area:
            for strip in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height)):
                lines.append(strip.text.strip(" │▎▌┃▐▔▁"))
    return lines


@pytest.mark.parametrize("lang", ["zh", "fr"])
async def test_the_hand_over_and_help_screens_break_lines_right(lang):
    from app_pilot import make_app, screen_name, screen_text, settled_text, until

    for width in (80, 83, 98):  # without the rules, French breaks badly at 83, Chinese at 98
        app = make_app(ROLES, lang=lang)
        async with app.run_test(size=(width, 24)) as pilot:
            await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
            await settled_text(pilot, lambda: screen_text(app))  # drawn whole
            assert not bad(widget_lines(app)), widget_lines(app)
            await pilot.press("f1")
            await until(pilot, lambda: screen_name(app) != "DealScreen", "the help")
            await until(pilot, lambda: sum(bool(line) for line in widget_lines(app)) > 10, "the help's paragraphs")
            await settled_text(pilot, lambda: screen_text(app))  # drawn whole
            lines = widget_lines(app)
            assert sum(bool(line) for line in lines) > 10  # the help's paragraphs, wrapped
            assert not bad(lines), [line for line in lines if bad([line])]


def role_cells(output: str) -> list[str]:
    return [cell for line in output.splitlines() for cell in re.split(r"\s{2,}", line.strip()) if cell]


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_the_roles_table_breaks_lines_right(lang, capsys, monkeypatch):
    from onenight_tui.cli import main

    monkeypatch.setenv("COLUMNS", "80")
    main(["roles", "--lang", lang])
    cells = role_cells(capsys.readouterr().out)
    assert len(cells) > 100
    assert not bad(cells), [cell for cell in cells if bad([cell])]


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_stories_on_a_terminal_are_wrapped_by_the_rules_and_piped_whole(lang, capsys, monkeypatch):
    import sys

    from onenight_tui.cli import main

    args = ["simulate", "--lang", lang, "--players", "5", "--seed", "3",
            "--roles", "werewolf,werewolf,seer,robber,troublemaker,villager,insomniac,drunk"]
    main(args)
    piped = capsys.readouterr().out.splitlines()  # capsys is no terminal: one line each, unchanged
    monkeypatch.setenv("COLUMNS", "44")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    main(args)
    shown = capsys.readouterr().out.splitlines()
    assert max(cell_len(line) for line in piped) > 44  # some lines are too long for the terminal
    assert all(cell_len(line) <= 44 for line in shown), shown
    assert len(shown) > len(piped)
    assert re.sub(r"\s", "", "".join(shown)) == re.sub(r"\s", "", "".join(piped))
    assert not bad([line.strip() for line in shown]), [line for line in shown if bad([line.strip()])]
    # A wrapped story line stays under its indent: the unindented lines are the same headings.
    assert [line for line in shown if not line.startswith(" ")] == [line for line in piped if not line.startswith(" ")]


@pytest.mark.parametrize("lang", ["zh", "fr"])
def test_help_breaks_lines_right_at_every_width(lang, capsys, monkeypatch):
    from onenight_tui.cli import main

    lines: list[str] = []
    for width in (50, 60, 70, 80, 90, 100):
        monkeypatch.setenv("COLUMNS", str(width))
        for command in ([], ["roles"], ["simulate"], ["narrate"], ["replay"]):
            with pytest.raises(SystemExit):
                main(["--lang", lang, *command, "--help"])
            lines += capsys.readouterr().out.splitlines()
    assert len(lines) > 500
    assert not bad([line.strip() for line in lines]), [line for line in lines if bad([line.strip()])]
