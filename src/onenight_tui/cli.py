"""The ``onenight`` command line.

``onenight`` starts the game; ``roles``, ``simulate``, ``replay`` and ``narrate`` are subcommands. Each
subcommand lives in ``onenight_tui.commands.<name>`` with ``add_parser(subparsers)`` and ``run(args)``;
modules are imported lazily so ``onenight roles`` never pays for Textual. Bad input prints one line and
exits with status 2, never a traceback."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from onenight_core.errors import OneNightError

from .ruleset_args import add_ruleset_arguments, rulesets_help
from .usage import UsageError

SUBCOMMANDS = ("roles", "simulate", "replay", "narrate")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not usage + error
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="onenight",
        description="One Night Ultimate Werewolf for one laptop. Without a subcommand, starts the game.",
        epilog=rulesets_help(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", help="comma-separated player names: start a game directly")
    parser.add_argument("--roles", help="the deck (werewolf*2,seer,... or a preset id) for --players")
    parser.add_argument("--seed", type=int, help="seed for the deal and every random draw")
    parser.add_argument("--resume", action="store_true", help="continue the interrupted game")
    parser.add_argument("--lang", choices=("en", "ko", "zh", "fr"), default=None, help="language")
    add_ruleset_arguments(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name in SUBCOMMANDS:
        module = _command(name)
        if module is not None:
            module.add_parser(sub)
    return parser


def _command(name: str):
    try:
        return importlib.import_module(f"onenight_tui.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"onenight_tui.commands.{name}":
            return None
        raise


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(argv)
        if args.command:
            return int(_command(args.command).run(args) or 0)
        from .commands import play  # noqa: PLC0415 — imports Textual only when the game starts

        return int(play.run(args) or 0)
    except UsageError as exc:
        print(f"onenight: {exc}", file=sys.stderr)
        return 2
    except OneNightError as exc:
        print(f"onenight: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("onenight: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
