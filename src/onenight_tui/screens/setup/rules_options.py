"""The chosen ruleset's options (its ``OptionsSchema``), opened from the set-up screen.

Each option shows its name, what it does, its type and its default, with a widget made from its kind
(a checkbox for true/false, a menu for a choice, a field for a whole number). Every value is checked by
the schema itself (``OptionSpec.parse``/``OptionsSchema.validate``), so the screen and ``--option`` on the
command line accept and refuse the same things; a wrong number says so in one line under the form and
the options cannot be kept until it is fixed. The modal returns the full validated options (every option,
defaults filled in: what ``Setup.options`` holds), or None when cancelled."""

from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from onenight_core.errors import SetupError
from onenight_core.rulesets.options import (
    Options,
    OptionSpec,
    OptionsSchema,
    OptionValue,
)

from ...text.app_words import AppWords, SpeaksBindings, app_words
from ...text.rules_words import option_help
from ...widgets.footer import Footer


#: A reference to the rules documents at the end of an option's help: " (docs/resolution.md A14)", "（…）".
RULES_REFERENCE = re.compile(r"\s*[(（][\w/.-]+\.md [A-Z]?\d+[)）]\s*$")


def _kind(spec: OptionSpec, say: AppWords) -> str:
    """The option's type and default as the form shows them."""
    if spec.kind == "bool":
        kind = say("options_kind_bool")
    elif spec.kind == "int":
        kind = say("options_kind_range", low=spec.low, high=spec.high) if spec.low is not None \
            else say("options_kind_int")
    else:
        kind = say("options_kind_choice", choices=" / ".join(choice_label(c, say) for c in spec.choices))
    default = say("options_true" if spec.default else "options_false") if isinstance(spec.default, bool) \
        else choice_label(str(spec.default), say) if spec.kind == "choice" else spec.default
    return say("options_kind_default", kind=kind, default=default)


def choice_label(choice: str, say: AppWords) -> str:
    """A choice's words in the language ("everyone points at once"); the id itself (what
    ``--option`` takes) for a choice the catalogs do not name."""
    msg_id = f"options_choice_{choice}"
    return say(msg_id) if say.has(msg_id) else choice


def _widget_id(index: int) -> str:
    return f"rules-options-value-{index}"  # option names hold dots, which an id may not


class RulesOptionsScreen(SpeaksBindings, ModalScreen[Options | None]):
    """The options of one ruleset; dismisses with the validated options, or None (Escape)."""

    CSS_PATH = "rules_options.tcss"
    AUTO_FOCUS = "#rules-options-value-0, #rules-options-keep-button"
    BINDINGS = [
        Binding("ctrl+s", "keep", "Keep these options", id="rules-options-keep", priority=True),
        Binding("ctrl+r", "defaults", "Defaults", id="rules-options-defaults"),
        Binding("escape", "cancel", "Cancel", id="rules-options-cancel"),
    ]

    def __init__(self, schema: OptionsSchema, title: str, values: Options | None = None) -> None:
        super().__init__()
        self.schema = schema
        self.title_text = title
        try:
            self.values = dict(schema.validate(values))
        except SetupError:  # remembered values the schema no longer accepts: start from the defaults
            self.values = dict(schema.defaults())
        self.problem: str | None = None

    def compose(self) -> ComposeResult:
        say = app_words(self)
        with Vertical(id="rules-options-box"):
            yield Label(say("options_title", ruleset=self.title_text), id="rules-options-title", markup=False)
            with VerticalScroll(id="rules-options-list"):
                if not self.schema.specs:
                    yield Static(say("options_none"), id="rules-options-none")
                for index, spec in enumerate(self.schema.specs):
                    with Vertical(classes="rules-options-item"):
                        # The option's name is English (what ``--option`` takes): other languages title it
                        # by what it does.
                        english = say.lang == "en"
                        yield Label(spec.name if english else self._help(spec, say), classes="rules-options-name",
                                    markup=False)
                        yield Label(say("options_help", help=self._help(spec, say), kind=_kind(spec, say)) if english
                                    else _kind(spec, say), classes="rules-options-help", markup=False)
                        yield self._widget(index, spec)
            yield Static("", id="rules-options-status", markup=False)
            with Horizontal(id="rules-options-buttons"):
                yield Button(say("options_cancel_button"), id="rules-options-cancel-button", compact=True)
                yield Button(say("options_keep_button"), id="rules-options-keep-button", variant="primary",
                             compact=True)
        yield Footer()  # its own keys, not the set-up screen's showing through from behind

    @staticmethod
    def _help(spec: OptionSpec, say: AppWords) -> str:
        """What the option does, in the language (text/rules_words.py), without the rules document's
        reference (``(docs/resolution.md A14)``): the table reads the rule, not where it is written."""
        return RULES_REFERENCE.sub("", option_help(spec, say.lang))

    def _widget(self, index: int, spec: OptionSpec) -> Checkbox | Select[OptionValue] | Input:
        value = self.values[spec.name]
        if spec.kind == "bool":
            return Checkbox(app_words(self)("options_on"), bool(value), compact=True, id=_widget_id(index))
        if spec.kind == "choice":
            say = app_words(self)
            return Select([(choice_label(c, say), c) for c in spec.choices], value=value, allow_blank=False,
                          compact=True, id=_widget_id(index))
        return Input(str(value), compact=True, id=_widget_id(index), classes="rules-options-number")

    # -- reading the form --------------------------------------------------------------------------
    def _read(self) -> dict[str, OptionValue]:
        """Every option's value from its widget, each checked by the schema (SetupError: one line)."""
        out: dict[str, OptionValue] = {}
        for index, spec in enumerate(self.schema.specs):
            widget = self.query_one(f"#{_widget_id(index)}")
            if isinstance(widget, Input):
                out[spec.name] = spec.parse(widget.value)  # typed text: parsed as the command line does
            else:
                assert isinstance(widget, (Checkbox, Select))  # (``_widget``)
                out[spec.name] = spec.check(widget.value)  # a checkbox's bool, a menu's choice
        return out

    def _check(self) -> None:
        try:
            self.values = self._read()
            self.problem = None
        except SetupError as exc:
            from ...error_words import error_text  # the refusal in the app's language

            self.problem = error_text(exc, app_words(self).lang)
        status = self.query_one("#rules-options-status", Static)
        status.update(f"✗ {self.problem}" if self.problem else "")
        status.set_class(self.problem is not None, "-problem")
        self.query_one("#rules-options-keep-button", Button).disabled = self.problem is not None
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keeping is shown dimmed while a value is wrong (the line under the form says which)."""
        if action == "keep":
            return None if self.problem is not None else True
        return True

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(Select.Changed)
    def _changed(self) -> None:
        self._check()

    # -- actions -----------------------------------------------------------------------------------
    def action_keep(self) -> None:
        self._check()
        if self.problem is not None:
            self.app.bell()
            return
        self.dismiss(self.schema.validate(self.values))

    def action_defaults(self) -> None:
        for index, spec in enumerate(self.schema.specs):
            widget = self.query_one(f"#{_widget_id(index)}")
            if isinstance(widget, Input):
                widget.value = str(spec.default)
            else:
                assert isinstance(widget, (Checkbox, Select))  # (``_widget``)
                widget.value = spec.default
        self._check()

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#rules-options-keep-button")
    def _keep_pressed(self) -> None:
        self.action_keep()

    @on(Button.Pressed, "#rules-options-cancel-button")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
