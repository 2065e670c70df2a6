"""The ``--ruleset`` and ``--option name=value`` arguments, read from the core's one ruleset registry:
their choices, their ``--help`` text (every ruleset, whether it is playable, and its options schema) and
turning them into a set-up's ruleset and options.

The choices come from the rulesets' ids (``onenight_core.ruleset_ids``); the registry itself, which
builds every ruleset and the engine with them (~0.3 s), is imported only for what needs a ruleset: the
``--help`` text, an ``--option`` to check, a ruleset named on the command line. A plain ``onenight``
opens its set-up screen without it (docs/tui.md, "Start-up time")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from onenight_core.ruleset_ids import DEFAULT_RULESET, RULESET_IDS

from .cli_text import args_language, cli_text

if TYPE_CHECKING:
    import argparse

    from onenight_core.rulesets.options import OptionValue

    from .settings import Settings


def add_ruleset_arguments(parser: argparse.ArgumentParser, *, subcommand: bool = False,
                          options: bool = True, lang: str = "en") -> None:
    """``--ruleset`` (and ``--option``), their help in ``lang``. On a subcommand the defaults are
    suppressed, so that ``onenight --ruleset dalbula simulate`` and ``onenight simulate --ruleset dalbula``
    both work."""
    import argparse  # here: a plain ``onenight`` builds no parser

    ruleset_help, option_help = ("help_ruleset_sub", "help_option_sub") if subcommand else \
        ("help_ruleset_main", "help_option_main")
    # No default on the main parser either (None reads as onuw, ``chosen_options``): the set-up screen
    # opens with a ruleset given on the command line, and with the one remembered otherwise.
    parser.add_argument("--ruleset", choices=RULESET_IDS,
                        default=argparse.SUPPRESS if subcommand else None,
                        help=cli_text(lang, ruleset_help))
    if options:
        parser.add_argument("--option", action="append", metavar=cli_text(lang, "metavar_option"), dest="options",
                            default=argparse.SUPPRESS if subcommand else [],
                            help=cli_text(lang, option_help))


def rulesets_help(lang: str = "en") -> str:
    """The ``--help`` epilog: each ruleset, whether it can be played, and its options, in ``lang``."""
    from onenight_core.rulesets import RULESETS

    from .text.rules_words import option_line, ruleset_summary

    lines = [cli_text(lang, "help_rulesets_heading")]
    for rules in RULESETS.values():
        line = "help_ruleset_line" if rules.playable else "help_ruleset_not_playable"
        lines.append("  " + cli_text(lang, line, ruleset=rules.id, summary=ruleset_summary(rules, lang)))
        for spec in rules.options.specs:
            lines.append(f"      {option_line(spec, lang)}")
        if not rules.options.specs:
            lines.append("      " + cli_text(lang, "help_no_options"))
    return "\n".join(lines)


def chosen_options(args: argparse.Namespace) -> tuple[str, dict[str, OptionValue]]:
    """The ruleset id and the parsed ``--option`` values; one clear line (SetupError) for a bad one."""
    from onenight_core.rulesets import ruleset_for

    ruleset = getattr(args, "ruleset", None) or DEFAULT_RULESET
    rules = ruleset_for(ruleset)
    return ruleset, rules.options.parse(getattr(args, "options", None) or [])


def setup_settings(args: argparse.Namespace, settings: Settings) -> Settings:
    """The settings the set-up screen opens with: a ``--ruleset`` (and its ``--option`` values) given
    without ``--players`` is chosen on the form (``onenight --ruleset dalbula``), not ignored."""
    if getattr(args, "ruleset", None) is None:
        return settings
    ruleset, options = chosen_options(args)
    settings = settings.replace(ruleset=ruleset)
    if options:
        kept = dict(settings.options_for(ruleset))
        kept.update(options)
        settings = settings.with_options(ruleset, tuple(sorted(kept.items())))
    return settings


def require_playable(args: argparse.Namespace, what: str = "") -> None:
    """One clear line (SetupError, exit 2) in the chosen language when the chosen ruleset cannot be
    played yet."""
    from onenight_core.errors import SetupError
    from onenight_core.rulesets import ruleset_for

    from .text.rules_words import not_playable

    rules = ruleset_for(getattr(args, "ruleset", None) or DEFAULT_RULESET)
    if not rules.playable:
        raise SetupError(f"{what}{not_playable(rules, args_language(args))}")
