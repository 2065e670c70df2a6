"""The ``onenight`` command line.

``onenight`` starts the game; ``roles``, ``simulate``, ``replay`` and ``narrate`` are subcommands. Each
subcommand lives in ``onenight_tui.commands.<name>`` with ``add_parser(subparsers)`` and ``run(args)``;
modules are imported lazily so ``onenight roles`` never pays for Textual. Bad input prints one line and
exits with status 2, never a traceback. Every word is in the ``--lang`` language (``cli_text``): the
parser is built in it, so ``--help`` and argparse's own errors are too; so are the core's errors (a bad
deck, option, save or scenario file), which carry their message (``OneNightError.said``,
``error_words``). A reader that stops early (``onenight roles | head``) ends the program quietly with
status 0, as other command-line tools do."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Sequence

from onenight_core.errors import OneNightError

from .cli_text import argparse_in, cli_text, language_of
from .error_words import error_text
from .help_format import WideHelpFormatter, WideRawDescriptionHelpFormatter
from .ruleset_args import add_ruleset_arguments, rulesets_help
from .text.catalog import LANGUAGES
from .usage import UsageError

SUBCOMMANDS = ("roles", "simulate", "replay", "narrate")


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", WideHelpFormatter)  # Korean and Chinese take two cells a letter
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # one line, not usage + error
        raise UsageError(message)


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The parser, its help in ``lang`` (argparse's own words too when built inside ``argparse_in``)."""
    def say(msg_id: str) -> str:
        return cli_text(lang, msg_id)

    parser = _Parser(
        prog="onenight", description=say("help_description"),
        epilog=rulesets_help(lang), formatter_class=WideRawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", metavar=say("metavar_names"), help=say("help_players"))
    parser.add_argument("--roles", metavar=say("metavar_deck"), help=say("help_deck"))
    parser.add_argument("--seed", type=int, metavar=say("metavar_seed"), help=say("help_seed"))
    parser.add_argument("--resume", action="store_true", help=say("help_resume"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=say("help_lang"))
    add_ruleset_arguments(parser, lang=lang)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name in SUBCOMMANDS:
        module = _command(name)
        if module is not None:
            module.add_parser(sub, lang)
    return parser


def _command(name: str):
    try:
        return importlib.import_module(f"onenight_tui.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"onenight_tui.commands.{name}":
            return None
        raise


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe shows here, not as a message at interpreter exit
        return code
    except BrokenPipeError:
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """The reader of our output has gone (``| head``): later writes, and the interpreter's last flush,
    go to the null device instead of raising again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests capture stdout): nothing will be flushed at exit


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = language_of(argv)
    try:
        with argparse_in(lang):
            args = build_parser(lang).parse_args(argv)
        if args.command:
            return int(_command(args.command).run(args) or 0)
        from .commands import play  # noqa: PLC0415 — imports Textual only when the game starts

        return int(play.run(args) or 0)
    except UsageError as exc:
        print(f"onenight: {exc}", file=sys.stderr)
        return 2
    except OneNightError as exc:
        print(f"onenight: {error_text(exc, lang)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("onenight: " + cli_text(lang, "cli_interrupted"), file=sys.stderr)
        return 130
