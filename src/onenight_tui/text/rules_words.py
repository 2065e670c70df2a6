"""Words for what the core only names: a preset's description, what a ruleset option does, a ruleset's
summary and why it cannot be played yet, in each language.

The core keeps ids (``Preset.about``, ``OptionSpec.name``, ``Ruleset.id``); the sentences are catalog
messages (tables ``presets``, ``options``, ``rulesets``) so that the set-up screen, the narrator's set-up
and ``--help`` say them in the player's language."""

from __future__ import annotations

from onenight_core.catalog.presets import Preset
from onenight_core.rulesets.options import OptionSpec
from onenight_core.rulesets.ruleset import Ruleset

from ..cli_text import cli_text


def preset_description(preset: Preset, lang: str = "en") -> str:
    """What the preset's deck is about (``base-5``: the classic mix of the base game, 5 players)."""
    if not preset.about:
        return ""
    return cli_text(lang, preset.about, count=preset.players)


def option_message(name: str) -> str:
    """The catalog id of an option's help: ``sheriff.enabled`` → ``rule_option_sheriff_enabled``."""
    return "rule_option_" + name.replace(".", "_")


def option_help(spec: OptionSpec, lang: str = "en") -> str:
    """What the option does, in ``lang``."""
    return cli_text(lang, option_message(spec.name))


def option_values(spec: OptionSpec, lang: str = "en") -> str:
    """The values an option takes, as written on the command line: ``true|false``, ``1..9``, choices."""
    if spec.kind == "bool":
        return "true|false"
    if spec.kind == "int":
        return f"{spec.low}..{spec.high}" if spec.low is not None else cli_text(lang, "help_any_number")
    return "|".join(spec.choices)


def option_line(spec: OptionSpec, lang: str = "en") -> str:
    """One line for ``--help``: name, allowed values, default, what it does."""
    default = str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
    return cli_text(lang, "help_option_line", option=spec.name, values=option_values(spec, lang),
                    default=default, text=option_help(spec, lang))


def ruleset_summary(rules: Ruleset, lang: str = "en") -> str:
    """What the ruleset plays, in a line."""
    return cli_text(lang, f"ruleset_{rules.id}")


def not_playable(rules: Ruleset, lang: str = "en") -> str:
    """Why the ruleset cannot be played yet; empty when it can."""
    return "" if rules.playable else cli_text(lang, f"ruleset_{rules.id}_not_playable")


__all__ = ["not_playable", "option_help", "option_line", "option_message", "option_values", "preset_description",
           "ruleset_summary"]
