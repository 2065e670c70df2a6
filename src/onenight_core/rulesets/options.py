"""A ruleset's options schema: each option's name, type, default and allowed values.

One schema serves every reader: ``Setup`` validates the options it carries against it (filling in the
defaults), the command line shows it in ``--help`` and parses ``--option name=value``, and the set-up
screen can list it. Option values are plain ``bool``/``int``/``str`` so that a set-up stays hashable and
a save stays "set-up, seed and answers". What an option does is worded by the app in each language
(message ``rule_option_<name>``, dots as underscores, in onenight_tui/text/*.toml): the core keeps no prose."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import frozen

from ..errors import SetupError
from ..model.messages import say

OptionValue = bool | int | str
Options = tuple[tuple[str, OptionValue], ...]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@frozen
class OptionSpec:
    """One option. ``kind`` is ``bool``, ``int`` or ``choice`` (one of ``choices``); ``low``/``high``
    bound an ``int``."""

    name: str
    kind: str
    default: OptionValue
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def check(self, value: Any) -> OptionValue:
        """``value`` if it is legal for this option; else one clear line (SetupError)."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._not_bool(value)
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise self._not_whole(value)
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise SetupError(said=say("error_option_range", option=self.name, low=self.low, high=self.high,
                                          given=str(value)))
            return value
        if value not in self.choices:
            raise SetupError(said=say("error_option_choice", option=self.name, choices=", ".join(self.choices),
                                      given=repr(value)))
        return str(value)

    def parse(self, text: str) -> OptionValue:
        """The value written on a command line (``true``, ``3``, ``parity``), checked."""
        raw = text.strip()
        if self.kind == "bool":
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            raise self._not_bool(raw)
        if self.kind == "int":
            try:
                number = int(raw)
            except ValueError:
                raise self._not_whole(raw) from None
            return self.check(number)  # out of range says so, not "not a whole number"
        return self.check(raw)

    def _not_bool(self, given: Any) -> SetupError:
        return SetupError(said=say("error_option_bool", option=self.name, given=repr(given)))

    def _not_whole(self, given: Any) -> SetupError:
        return SetupError(said=say("error_option_whole", option=self.name, given=repr(given)))


@frozen
class OptionsSchema:
    """The options of one ruleset, in the order ``--help`` lists them."""

    ruleset: str
    specs: tuple[OptionSpec, ...] = ()

    def __attrs_post_init__(self) -> None:
        for spec in self.specs:
            spec.check(spec.default)  # a schema whose default is illegal is a programming error

    def spec(self, name: str) -> OptionSpec:
        for s in self.specs:
            if s.name == name:
                return s
        raise SetupError(said=say("error_option_unknown", ruleset=self.ruleset, given=repr(name),
                                  known=", ".join(s.name for s in self.specs) or "-"))

    def defaults(self) -> Options:
        return tuple(sorted((s.name, s.default) for s in self.specs))

    def validate(self, given: Mapping[str, Any] | Options | None) -> Options:
        """Every option of the schema, with ``given`` values checked and the rest at their defaults, as a
        sorted tuple of ``(name, value)`` pairs (what ``Setup.options`` holds)."""
        items = dict(given.items() if isinstance(given, Mapping) else given or ())
        values = dict(self.defaults())
        for name, value in items.items():
            values[name] = self.spec(name).check(value)
        return tuple(sorted(values.items()))

    def parse(self, assignments: list[str] | tuple[str, ...]) -> dict[str, OptionValue]:
        """``["traitor_must_survive=true", ...]`` from the command line, each checked."""
        out: dict[str, OptionValue] = {}
        for text in assignments:
            name, eq, value = text.partition("=")
            if not eq or not name.strip():
                raise SetupError(said=say("error_option_syntax", given=repr(text)))
            out[name.strip()] = self.spec(name.strip()).parse(value)
        return out
