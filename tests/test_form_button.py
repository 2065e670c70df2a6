"""The set-up's ``FormButton`` (Textual's ``Button`` with only the style rules the form uses) looks as
Textual's ``Button`` in every state the form shows: enabled or disabled, primary or not, focused or not,
in the dark and the light theme. Guards the trimmed rules against a Textual upgrade."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Checkbox

from onenight_tui.screens.setup.setup import FormButton, FormCheckbox


class Pair(App[None]):
    AUTO_FOCUS = None  # each button is looked at unfocused first
    def __init__(self, theme: str) -> None:
        super().__init__()
        self._theme = theme

    def compose(self) -> ComposeResult:
        for kind, cls in (("plain", Button), ("form", FormButton)):
            with Horizontal(id=f"{kind}-row"):
                yield cls("Start the game", id=f"{kind}-start", variant="primary", compact=True)
                yield cls("Start the game", id=f"{kind}-off", variant="primary", compact=True, disabled=True)
                yield cls("Narrator", id=f"{kind}-narrator", compact=True)

    def on_mount(self) -> None:
        self.theme = self._theme


def look(app: Pair, widget_id: str) -> list[tuple[str, str]]:
    widget = app.query_one(f"#{widget_id}")
    strips = widget.render_lines(widget.region.reset_offset)
    return [(seg.text, str(seg.style)) for strip in strips for seg in strip]


def test_form_button_looks_as_textual_button() -> None:
    async def run(theme: str) -> None:
        app = Pair(theme)
        async with app.run_test(size=(80, 6)) as pilot:
            for focused in (None, "start", "narrator"):
                if focused is not None:
                    app.query_one(f"#plain-{focused}").focus()
                    await pilot.pause()
                    plain = {name: look(app, f"plain-{name}") for name in ("start", "off", "narrator")}
                    app.query_one(f"#form-{focused}").focus()
                    await pilot.pause()
                    form = {name: look(app, f"form-{name}") for name in ("start", "off", "narrator")}
                else:
                    await pilot.pause()
                    plain = {name: look(app, f"plain-{name}") for name in ("start", "off", "narrator")}
                    form = {name: look(app, f"form-{name}") for name in ("start", "off", "narrator")}
                assert form == plain, (theme, focused)
                assert app.query_one("#form-start").size == app.query_one("#plain-start").size

    for theme in ("textual-dark", "textual-light"):
        asyncio.run(run(theme))


class Boxes(App[None]):
    AUTO_FOCUS = None

    def __init__(self, theme: str) -> None:
        super().__init__()
        self._theme = theme

    def compose(self) -> ComposeResult:
        for kind, cls in (("plain", Checkbox), ("form", FormCheckbox)):
            yield cls("Read the night aloud", True, compact=True, id=f"{kind}-on")
            yield cls("Read the night aloud", False, compact=True, id=f"{kind}-off")

    def on_mount(self) -> None:
        self.theme = self._theme


def test_form_checkbox_looks_as_textual_checkbox() -> None:
    """The set-up's ``FormCheckbox`` (a compact ``Checkbox`` with only the rules it uses): the same in
    every state, on or off, focused or not, under the pointer, in both themes."""
    async def run(theme: str) -> None:
        app = Boxes(theme)
        async with app.run_test(size=(80, 6)) as pilot:
            for state in ("blurred", "on", "off", "hover-off"):
                looks = {}
                for kind in ("plain", "form"):
                    if state in ("on", "off"):
                        app.query_one(f"#{kind}-{state}").focus()
                    elif state == "hover-off":
                        app.set_focus(None)
                        await pilot.hover(f"#{kind}-off")
                    await pilot.pause()
                    looks[kind] = {name: look(app, f"{kind}-{name}") for name in ("on", "off")}
                assert looks["form"] == looks["plain"], (theme, state)
                assert app.query_one("#form-on").size == app.query_one("#plain-on").size

    for theme in ("textual-dark", "textual-light"):
        asyncio.run(run(theme))
