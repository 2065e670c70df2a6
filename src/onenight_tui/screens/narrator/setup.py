"""The narrator's set-up: which cards are on the table, and how the night should be read.

A modal that returns a ``NarratorChoice`` (or None when cancelled). Cards are counted in a table of every
official role (``+``/``-`` on the highlighted role) or taken from a preset; the options are the language,
the action time, the day time, an optional random extra delay, the voice (on/off, speed, volume), the
background sound and a tick in the last seconds of each step."""

from __future__ import annotations

from collections import Counter

from attrs import field, frozen
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, DataTable, Footer, Label, Select, Static

from onenight_core.catalog.loader import Catalog, RoleInfo, default_catalog
from onenight_core.catalog.presets import PRESETS, Preset
from onenight_core.languages import LANGUAGE_INFO
from onenight_core.model.values import _tuple
from onenight_core.ruleset_ids import DEFAULT_RULESET
from onenight_core.engine.narration import NarrationError, Timing, check_roster

from onenight_tui.ambience import SOUNDS
from onenight_tui.sound.espeak import DEFAULT_RATE
from onenight_tui.text.app_words import AppWords, preset_name, translate_bindings
from onenight_tui.text.rules_words import preset_description
from onenight_tui.widgets.first_select import FirstSelect

LANGS = {lang.id: lang.name for lang in LANGUAGE_INFO}  # each in its own words (languages.py)
ACTION_CHOICES = (5.0, 8.0, 10.0, 12.0, 15.0, 20.0, 30.0)
DAY_CHOICES = (60.0, 120.0, 180.0, 240.0, 300.0, 360.0, 420.0, 480.0, 600.0)
DELAY_CHOICES = (0.0, 2.0, 5.0, 10.0)
RATE_CHOICES = (120, 140, 160, 180, 200, 240)
VOLUME_CHOICES = (20, 40, 60, 80, 100)
MAX_COPIES = 20
_TEAMS = {"village_hero": "village"}


@frozen
class NarratorChoice:
    """What the narrator reads and how: the roster (every card on the table) and the options."""

    roster: tuple[str, ...] = field(converter=_tuple)
    lang: str = "en"
    timing: Timing = Timing()
    voice: bool = True
    sound: str = "none"
    random_delay: float = 0.0
    #: Speaking speed (words per minute), volume (percent) and the tick in the last seconds of a step.
    rate: int = DEFAULT_RATE
    volume: int = 100
    tick: bool = False
    #: The night order read: ``onuw`` (official) or ``dalbula`` (S0's); the cards offered follow it.
    ruleset: str = DEFAULT_RULESET


def _seconds_label(seconds: float, say: AppWords) -> str:
    if seconds >= 60:
        whole = int(seconds)
        return f"{whole // 60}:{whole % 60:02d}"
    return say("narrator_setup_seconds", seconds=f"{seconds:g}")


def _choices(values: tuple[float, ...], current: float, say: AppWords) -> list[tuple[str, float]]:
    """Select options for ``values``, with ``current`` added when it is not one of them."""
    merged = sorted(set(values) | {float(current)})
    return [(_seconds_label(v, say), v) for v in merged]


class NarratorSetupScreen(ModalScreen[NarratorChoice | None]):
    """Choose the cards on the table and the reading options; Start returns the choice."""

    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("plus,equals_sign", "add", "Add card", id="narrator_setup.add"),
        Binding("minus", "remove", "Remove card", id="narrator_setup.remove"),
        Binding("ctrl+s", "start", "Start", id="narrator_setup.start"),
        Binding("escape", "cancel", "Cancel", id="narrator_setup.cancel"),
    ]

    def __init__(self, choice: NarratorChoice | None = None, catalog: Catalog | None = None) -> None:
        super().__init__()
        self.catalog = catalog or default_catalog()
        self.choice = choice or NarratorChoice(PRESETS["base-5"].roles)
        self.counts: Counter[str] = Counter(self.choice.roster)
        self.roles = [r for r in self.catalog.in_ruleset(self.choice.ruleset)]
        translate_bindings(self, self.say, refresh=False)  # before the footer first shows them

    @property
    def say(self) -> AppWords:
        """The modal's words, in the narrator's language when it opened."""
        return AppWords(self.choice.lang)

    def _preset_label(self, preset: Preset) -> str:
        about = preset_description(preset, self.choice.lang)
        if self.choice.lang == "en":
            return f"{preset.id}: {about}"  # the id is what ``--roles`` takes
        return self.say("narrator_setup_preset", name=preset_name(preset.id, self.say), count=preset.players,
                        about=about)

    def _team(self, team: str) -> str:
        key = "setup_side_own" if team == "special" else f"setup_side_{team}"
        return self.say(key) if self.say.has(key) else _TEAMS.get(team, team)

    def _presets(self) -> list[Preset]:
        """The presets this night order can read: its own, and (Dalbula has none of its own) the official
        ones whose every card is in it."""
        ruleset = self.choice.ruleset
        return [p for p in PRESETS.values() if p.ruleset in (ruleset, DEFAULT_RULESET)
                and all(r in self.catalog and ruleset in self.catalog[r].rulesets for r in p.roles)]

    def _wake(self, info: RoleInfo) -> str | None:
        """The role's wake code in the night order read (Dalbula: S0's table order)."""
        return info.wake_code(self.choice.ruleset)

    def compose(self) -> ComposeResult:
        c = self.choice
        say = self.say
        with Horizontal(id="narrator-setup-body"):
            with Vertical(id="narrator-setup-cards"):
                yield Label(say("narrator_setup_cards"), classes="narrator-setup-heading")
                yield DataTable(id="narrator-setup-table", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="narrator-setup-options"):
                yield Label(say("setup_preset"), classes="narrator-setup-heading")
                presets = self._presets()
                yield FirstSelect([(self._preset_label(p), p.id) for p in presets],
                                  prompt=say("narrator_setup_choose_preset"), id="narrator-setup-preset",
                                  compact=True)
                yield Label(say("narrator_setup_options"), classes="narrator-setup-heading")
                with Horizontal(classes="narrator-setup-row"):
                    yield Label(say("narrator_setup_language"))
                    yield Select([(name, code) for code, name in LANGS.items()], value=c.lang,
                                 allow_blank=False, id="narrator-setup-lang", compact=True)
                with Horizontal(classes="narrator-setup-row"):
                    yield Label(say("narrator_setup_action"))
                    yield Select(_choices(ACTION_CHOICES, c.timing.action, say), value=float(c.timing.action),
                                 allow_blank=False, id="narrator-setup-action", compact=True)
                with Horizontal(classes="narrator-setup-row"):
                    yield Label(say("narrator_setup_day"))
                    yield Select(_choices(DAY_CHOICES, c.timing.day, say), value=float(c.timing.day),
                                 allow_blank=False, id="narrator-setup-day", compact=True)
                with Horizontal(classes="narrator-setup-row"):
                    yield Label(say("narrator_setup_delay"))
                    yield Select(_choices(DELAY_CHOICES, c.random_delay, say), value=float(c.random_delay),
                                 allow_blank=False, id="narrator-setup-delay", compact=True)
                with Horizontal(classes="narrator-setup-row"):
                    yield Label(say("narrator_setup_sound"))
                    yield Select([(say(f"narrator_sound_{s}") if say.has(f"narrator_sound_{s}") else s, s)
                                  for s in SOUNDS], value=c.sound, allow_blank=False,
                                 id="narrator-setup-sound", compact=True)
                with Horizontal(classes="narrator-setup-row"):
                    yield Label(say("narrator_setup_rate"))
                    yield Select([(say("narrator_setup_wpm", rate=r), r) for r in sorted(set(RATE_CHOICES) | {c.rate})],
                                 value=c.rate, allow_blank=False, id="narrator-setup-rate", compact=True)
                with Horizontal(classes="narrator-setup-row"):
                    yield Label(say("narrator_setup_volume"))
                    yield Select([(f"{v}%", v) for v in sorted(set(VOLUME_CHOICES) | {c.volume})],
                                 value=c.volume, allow_blank=False, id="narrator-setup-volume", compact=True)
                yield Checkbox(say("narrator_setup_voice"), value=c.voice, id="narrator-setup-voice", compact=True)
                yield Checkbox(say("narrator_setup_tick"), value=c.tick, id="narrator-setup-tick",
                               compact=True)
                yield Static(id="narrator-setup-summary")
                with Horizontal(id="narrator-setup-buttons"):
                    yield Button(say("narrator_setup_start"), variant="primary", id="narrator-setup-start",
                                 compact=True)
                    yield Button(say("narrator_setup_cancel"), id="narrator-setup-cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        say = self.say
        table = self.query_one("#narrator-setup-table", DataTable)
        table.add_column(say("narrator_setup_col_cards"), key="count", width=5)
        table.add_column(say("narrator_setup_col_role"), key="name", width=20)
        table.add_column(say("narrator_setup_col_team"), key="team", width=9)
        table.add_column(say("narrator_setup_col_wake"), key="wake", width=6)
        for info in self.roles:
            table.add_row(self._count_text(info.id), info.name(self._lang), self._team(info.team),
                          self._wake(info) or "", key=info.id)
        table.focus()
        self._show_summary()

    @property
    def _lang(self) -> str:
        return self.query_one("#narrator-setup-lang", Select).value  # type: ignore[return-value]

    def _count_text(self, role: str) -> str:
        n = self.counts.get(role, 0)
        return f"×{n}" if n else ""

    def _highlighted_role(self) -> str | None:
        table = self.query_one("#narrator-setup-table", DataTable)
        if table.row_count == 0:
            return None
        row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        return row_key.value

    def _set_count(self, role: str, n: int) -> None:
        n = max(0, min(MAX_COPIES, n))
        if n:
            self.counts[role] = n
        else:
            self.counts.pop(role, None)
        self.query_one("#narrator-setup-table", DataTable).update_cell(role, "count", self._count_text(role))

    def _roster(self) -> tuple[str, ...]:
        """The chosen cards in catalog order."""
        return tuple(r.id for r in self.roles for _ in range(self.counts.get(r.id, 0)))

    def _show_summary(self) -> None:
        roster = self._roster()
        lang = self._lang
        say = self.say
        names = say("setup_name_separator").join(
            say("role_times", role=self.catalog[r].name(lang), count=n) if n > 1 else self.catalog[r].name(lang)
            for r, n in Counter(roster).items())
        try:
            check_roster(roster, self.catalog, self.choice.ruleset)
            problem = ""
        except NarrationError as exc:
            from rich.markup import escape

            from ...error_words import error_text  # the refusal in the chosen language

            problem = f"\n[b]{escape(error_text(exc, lang))}[/b]"
        self.query_one("#narrator-setup-summary", Static).update(
            say("narrator_setup_summary", count=len(roster), names=names or say("narrator_setup_none"))
            + problem)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("add", "remove"):
            return isinstance(self.focused, DataTable)
        return True

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    def action_add(self) -> None:
        role = self._highlighted_role()
        if role is not None:
            self._set_count(role, self.counts.get(role, 0) + 1)
            self._show_summary()

    def action_remove(self) -> None:
        role = self._highlighted_role()
        if role is not None:
            self._set_count(role, self.counts.get(role, 0) - 1)
            self._show_summary()

    @on(Select.Changed, "#narrator-setup-preset")
    def _preset_chosen(self, event: Select.Changed) -> None:
        if event.value is Select.NULL or event.value not in PRESETS:
            return
        for role in list(self.counts):
            self._set_count(role, 0)
        for role, n in Counter(PRESETS[event.value].roles).items():
            if role in self.catalog:
                self._set_count(role, n)
        self._show_summary()

    @on(Select.Changed, "#narrator-setup-lang")
    def _lang_chosen(self) -> None:
        table = self.query_one("#narrator-setup-table", DataTable)
        for info in self.roles:
            table.update_cell(info.id, "name", info.name(self._lang))
        self._show_summary()

    @on(Button.Pressed, "#narrator-setup-start")
    def action_start(self) -> None:
        roster = self._roster()
        try:
            check_roster(roster, self.catalog, self.choice.ruleset)
        except NarrationError as exc:
            from ...error_words import error_text

            self.notify(error_text(exc, self._lang), severity="error", markup=False)
            return
        def text(sel: str) -> str:  # the menus' values, as compose made them (never blank)
            chosen = self.query_one(sel, Select).value
            assert isinstance(chosen, str)
            return chosen

        def number(sel: str) -> float:
            chosen = self.query_one(sel, Select).value
            assert isinstance(chosen, (int, float))
            return chosen

        def whole(sel: str) -> int:
            chosen = self.query_one(sel, Select).value
            assert isinstance(chosen, int)
            return chosen

        self.dismiss(NarratorChoice(
            roster, lang=text("#narrator-setup-lang"),
            timing=Timing(action=number("#narrator-setup-action"), gap=self.choice.timing.gap,
                          day=number("#narrator-setup-day")),
            voice=self.query_one("#narrator-setup-voice", Checkbox).value,
            sound=text("#narrator-setup-sound"), random_delay=number("#narrator-setup-delay"),
            rate=whole("#narrator-setup-rate"), volume=whole("#narrator-setup-volume"),
            tick=self.query_one("#narrator-setup-tick", Checkbox).value, ruleset=self.choice.ruleset))

    @on(Button.Pressed, "#narrator-setup-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
