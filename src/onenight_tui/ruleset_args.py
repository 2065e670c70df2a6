"""The ``--ruleset`` and ``--option name=value`` arguments, read from the core's one ruleset registry:
their choices, their ``--help`` text (every ruleset, whether it is playable, and its options schema) and
turning them into a set-up's ruleset and options."""

from __future__ import annotations

import argparse

from onenight_core.rulesets import DEFAULT_RULESET, RULESETS, ruleset_for
from onenight_core.rulesets.options import OptionValue


def add_ruleset_arguments(parser: argparse.ArgumentParser, *, subcommand: bool = False,
                          options: bool = True) -> None:
    """``--ruleset`` (and ``--option``). On a subcommand the defaults are suppressed, so that
    ``onenight --ruleset dalbula simulate`` and ``onenight simulate --ruleset dalbula`` both work."""
    where = "`onenight --help`" if subcommand else "the list below"
    parser.add_argument("--ruleset", choices=tuple(RULESETS),
                        default=argparse.SUPPRESS if subcommand else DEFAULT_RULESET,
                        help=f"the rules to play by (default onuw; see {where})")
    if options:
        parser.add_argument("--option", action="append", metavar="NAME=VALUE", dest="options",
                            default=argparse.SUPPRESS if subcommand else [],
                            help="an option of the ruleset, e.g. --option traitor_must_survive=true "
                                 f"(repeatable; see {where})")


def rulesets_help() -> str:
    """The ``--help`` epilog: each ruleset, whether it can be played, and its options."""
    lines = ["rulesets and their options (--ruleset ID --option NAME=VALUE):"]
    for rules in RULESETS.values():
        state = "" if rules.playable else " [not playable yet]"
        lines.append(f"  {rules.id}: {rules.summary}{state}")
        for spec in rules.options.specs:
            lines.append(f"      {spec.describe()}")
        if not rules.options.specs:
            lines.append("      (no options)")
    return "\n".join(lines)


def chosen_options(args: argparse.Namespace) -> tuple[str, dict[str, OptionValue]]:
    """The ruleset id and the parsed ``--option`` values; one clear line (SetupError) for a bad one."""
    ruleset = getattr(args, "ruleset", None) or DEFAULT_RULESET
    rules = ruleset_for(ruleset)
    return ruleset, rules.options.parse(getattr(args, "options", None) or [])


def require_playable(args: argparse.Namespace, what: str = "") -> None:
    """One clear line (SetupError, exit 2) when the chosen ruleset cannot be played yet."""
    from onenight_core.errors import SetupError

    rules = ruleset_for(getattr(args, "ruleset", None) or DEFAULT_RULESET)
    if not rules.playable:
        raise SetupError(f"{what}{rules.not_playable}")
