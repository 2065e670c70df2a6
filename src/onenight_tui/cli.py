"""The ``onenight`` command line.

``onenight`` starts the game; ``roles``, ``simulate``, ``replay`` and ``narrate`` are subcommands. Each
subcommand lives in ``onenight_tui.commands.<name>`` with ``add_parser(subparsers)`` and ``run(args)``;
modules are imported lazily so ``onenight roles`` never pays for Textual. Only the parser that is named
is built (``parse``): the command line is read once with the subcommands as empty stand-ins, then, when
it names one, again with that one's own parser; the rulesets' help (which builds every ruleset) and the
other subcommands' parsers are built for ``--help`` only. A plain ``onenight`` so reaches its set-up
screen without importing the engine, a ruleset or another command (docs/tui.md, "Start-up time").

Bad input prints one line and exits with status 2, never a traceback. Every word is in the ``--lang``
language (``cli_text``): the parser is built in it, so ``--help`` and argparse's own errors are too; so
are the core's errors (a bad deck, option, save or scenario file), which carry their message
(``OneNightError.said``, ``error_words``). A reader that stops early (``onenight roles | head``) ends
the program quietly with status 0, as other command-line tools do."""

from __future__ import annotations

import importlib
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, NoReturn, Sequence, cast

from onenight_core.errors import OneNightError

from .cli_text import argparse_in, cli_text, language_of
from .error_words import error_text
from .text.catalog import LANGUAGES
from .usage import UsageError

if TYPE_CHECKING:
    import argparse

SUBCOMMANDS = ("roles", "simulate", "replay", "narrate", "balance")


_PARSER: list[type[argparse.ArgumentParser]] = []


def _parser_class() -> type[argparse.ArgumentParser]:
    """The command line's parser class, made the first time a parser is built: a plain ``onenight``
    imports no argparse (nor the gettext it imports; docs/tui.md, "Start-up time")."""
    if not _PARSER:
        import argparse

        from .help_format import WideHelpFormatter

        class _Parser(argparse.ArgumentParser):
            def __init__(self, *args: Any, **kwargs: Any) -> None:  # argparse.ArgumentParser's
                kwargs.setdefault("formatter_class", WideHelpFormatter)  # Korean and Chinese: two cells a letter
                super().__init__(*args, **kwargs)

            def error(self, message: str) -> NoReturn:  # one line, not usage + error
                raise UsageError(message)

        _PARSER.append(_Parser)
    return _PARSER[0]


class PlainArgs:
    """What the parser gives for a plain ``onenight`` (``parse([])``), as an ``argparse.Namespace`` gives
    it — its attributes, equal to a namespace of the same ones — without importing argparse."""

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(values)

    def __eq__(self, other: object) -> bool:
        return hasattr(other, "__dict__") and vars(self) == vars(other)

    def __contains__(self, key: str) -> bool:
        return key in self.__dict__

    def __repr__(self) -> str:
        return "PlainArgs(" + ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items()) + ")"

    __hash__ = None  # type: ignore[assignment]  # (as a Namespace: mutable)


def build_parser(lang: str = "en", *, only: str | None = None, stand_ins: bool = False) -> argparse.ArgumentParser:
    """The parser, its help in ``lang`` (argparse's own words too when built inside ``argparse_in``).

    With ``stand_ins`` the subcommands other than ``only`` are empty stand-ins that take whatever follows
    them, and there is no rulesets' help: a parser to read a command line that does not ask for help."""
    # The rulesets (and with them roles.toml and rules.toml) are read here for the help, inside ``main``'s
    # error handling: a damaged data file is one line even for ``--help``, never an import-time traceback.
    from .help_format import WideRawDescriptionHelpFormatter
    from .ruleset_args import add_ruleset_arguments, rulesets_help

    parser_class = _parser_class()

    def say(msg_id: str) -> str:
        return cli_text(lang, msg_id)

    parser = parser_class(
        prog="onenight", description=say("help_description"),
        epilog=None if stand_ins else rulesets_help(lang), formatter_class=WideRawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", metavar=say("metavar_names"), help=say("help_players"))
    parser.add_argument("--roles", metavar=say("metavar_deck"), help=say("help_deck"))
    parser.add_argument("--seed", type=int, metavar=say("metavar_seed"), help=say("help_seed"))
    parser.add_argument("--resume", action="store_true", help=say("help_resume"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=say("help_lang"))
    add_ruleset_arguments(parser, lang=lang)
    sub = parser.add_subparsers(dest="command", parser_class=parser_class)
    for name in SUBCOMMANDS:
        if stand_ins and name != only:
            sub.add_parser(name, add_help=False).set_defaults(stand_in=True)
            continue
        module = _command(name)
        if module is not None:
            module.add_parser(sub, lang)
    return parser


def _asks_help(argv: Sequence[str]) -> bool:
    """Whether ``argv`` may ask for help (``-h``, ``--help`` or an abbreviation of it, anywhere): then
    the whole parser is built, as the help shows every subcommand and ruleset."""
    return any(arg == "-h" or (arg.startswith("-h") and not arg.startswith("--")) or
               (len(arg) > 2 and "--help".startswith(arg.split("=")[0])) for arg in argv)


def parse(argv: Sequence[str], lang: str = "en") -> argparse.Namespace:
    """``argv`` read with only the parsers it needs (the module's docstring): the same result and the
    same errors as the whole parser's."""
    if not argv:  # a plain ``onenight``: what the parser gives, without building it (~3 ms of the start)
        plain = PlainArgs(players=None, roles=None, seed=None, resume=False, lang=None, ruleset=None, options=[],
                          command=None)
        return cast("argparse.Namespace", plain)  # read as a namespace is: by its attributes
    if _asks_help(argv):
        return build_parser(lang).parse_args(argv)
    parser = build_parser(lang, stand_ins=True)
    args, _ = parser.parse_known_args(argv)  # the main options and which subcommand, if any
    if args.command is not None:
        parser = build_parser(lang, only=args.command, stand_ins=True)
    return parser.parse_args(argv)


def _command(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"onenight_tui.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"onenight_tui.commands.{name}":
            return None
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; every failure is one line on standard error and a non-zero status.

    The output may be closed (``onenight roles >&-``), full (``> /dev/full``), gone (``| head``: status
    0) or unable to hold the text (``PYTHONIOENCODING=ascii``: what it can hold is written, the rest
    replaced, and standard error says why once)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with standard output closed
        _say_error(argv, "cli_output_closed")
        return 1
    replaced = _tolerant_streams()
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed pipe or a full disk shows here, not as a message at interpreter exit
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as exc:  # the output cannot be written (no space left, an I/O error), or another refusal
        import errno

        from onenight_core.file_io import os_reason

        output = exc.errno in (errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT, errno.EROFS)
        if output:
            _silence_stdout()
        reason = error_text(os_reason(exc), language_of(argv))
        _say_error(argv, "cli_output_failed" if output else "cli_system_refused", reason=reason)
        return 1
    if replaced:
        _say_error(argv, "cli_output_encoding", encoding=getattr(sys.stdout, "encoding", "?"))
    return code


def _say_error(argv: Sequence[str], msg_id: str, **params: str) -> None:
    """One line on standard error, when there is one to write to."""
    if sys.stderr is None:
        return
    line = cli_text(language_of(argv), msg_id, **params)
    try:
        line.encode(getattr(sys.stderr, "encoding", None) or "utf-8")
    except (UnicodeError, LookupError):  # a Korean line into an ASCII terminal: English, readable
        line = cli_text("en", msg_id, **params)
    try:
        print(f"onenight: {line}", file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


_REPLACED: list[bool] = []


def _note_replaced(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler of our output streams: a character the stream cannot hold becomes "?",
    and ``main`` says once, at the end, why."""
    assert isinstance(error, UnicodeEncodeError)
    _REPLACED.append(True)
    return "?" * (error.end - error.start), error.end


def _tolerant_streams() -> list[bool]:
    """Make standard output and error replace what their encoding cannot hold (noting it) instead of
    raising ``UnicodeEncodeError``; the returned list is non-empty once something was replaced."""
    import codecs

    try:
        codecs.lookup_error("onenight-replace")
    except LookupError:
        codecs.register_error("onenight-replace", _note_replaced)
    _REPLACED.clear()
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "utf-8").lower().replace("_", "-")
        if encoding.startswith("utf") or not hasattr(stream, "reconfigure"):
            continue
        try:
            stream.reconfigure(errors="onenight-replace")
        except (OSError, ValueError, AttributeError):
            pass
    return _REPLACED


def _silence_stdout() -> None:
    """The reader of our output has gone (``| head``): later writes, and the interpreter's last flush,
    go to the null device instead of raising again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests capture stdout): nothing will be flushed at exit


def _main(argv: list[str]) -> int:
    lang = language_of(argv)
    try:
        if argv:
            with argparse_in(lang):
                args = parse(argv, lang)
        else:  # nothing to parse: no argparse to translate
            args = parse(argv, lang)
        if args.command:
            command = _command(args.command)
            assert command is not None  # the parser offers only the subcommands whose module is there
            return int(command.run(args) or 0)
        from .commands import play  # imports Textual only when the game starts

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
