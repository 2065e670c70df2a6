"""The command line's words in the chosen language: ``--help``, table headings, summaries and one-line
errors, each a message of the language's catalog (``text/<lang>.toml``, tables ``cli_*``, ``help_*``,
``narrate_print``, ``classic_*``, ``presets``, ``rulesets``, ``options``).

Why not ``Wording``: these words name no seat, card or mark, so the values come already worded (numbers
formatted, role names looked up) and the catalog template is only filled; ``Wording`` would read
roles.toml and rules.toml for every ``--help``. Why the language is read from the arguments before they
are parsed: ``--help`` and argparse's own errors are written while parsing, so the parser must be built
in the language already (``language_of``). Without ``--lang`` the command line speaks the user's locale
(``settings.system_language``), as git and ls do; ``--lang en`` or ``LC_ALL=C`` gives stable English."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .text.catalog import LANGUAGES, load

if TYPE_CHECKING:
    import argparse

#: argparse's own words (its gettext message ids, Python 3.11+) and the catalog message of each.
ARGPARSE_MESSAGES = {
    "usage: ": "argparse_usage",
    "positional arguments": "argparse_positionals",
    "options": "argparse_options",
    "show this help message and exit": "argparse_help",
    "argument %(argument_name)s: %(message)s": "argparse_argument",
    "unrecognized arguments: %s": "argparse_unrecognized",
    "the following arguments are required: %s": "argparse_required",
    "expected one argument": "argparse_expected_one",
    "ambiguous option: %(option)s could match %(matches)s": "argparse_ambiguous",
    "invalid %(type)s value: %(value)r": "argparse_invalid_type",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse_invalid_choice",
    "not allowed with argument %s": "argparse_not_allowed",
}


def cli_text(lang: str, msg_id: str, **params: Any) -> str:
    """The message ``msg_id`` in ``lang`` (English when the language lacks it), its ``{named}`` parameters
    filled with the values as given; ``count`` also picks the plural form."""
    count = params.get("count")
    number = count if isinstance(count, int) else None
    template = load(lang).template(msg_id, number)
    if template is None:
        template = load("en").template(msg_id, number)
    if template is None:
        raise KeyError(f"no message {msg_id!r} in the catalogs")
    text = template.format(**params) if params else template
    if lang == "fr":
        from .text.catalog import FRENCH_ELISION  # only French needs it

        text = FRENCH_ELISION.sub(r"\1'", text)
    if lang == "ko":
        from .text.korean import particles  # only Korean needs it

        text = particles(text)
    return text


def language_of(argv: Sequence[str]) -> str:
    """The ``--lang`` value of the arguments (``--lang ko`` or ``--lang=ko``, the last one wins), before
    they are parsed; the locale's language when there is none or it is not one of the four (the parser
    then says so, in that language)."""
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            found = value
    return found or _locale_language()


def args_language(args: argparse.Namespace) -> str:
    """The language of the command line's words: ``--lang``, else the locale's language (English when
    the locale is none of the four, ``C`` or unset)."""
    lang = getattr(args, "lang", None)
    return lang if lang in LANGUAGES else _locale_language()


def _locale_language() -> str:
    """``settings.system_language``, imported only when no ``--lang`` was given."""
    from .settings import system_language

    return system_language()


@contextlib.contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """argparse's own words (``usage:``, ``options``, its error messages) in ``lang`` while the parser is
    built and reads the arguments. argparse looks them up through gettext (``argparse._``), keyed by their
    English text; this gives it the catalog's instead, and puts gettext back afterwards."""
    import argparse

    original: Callable[[str], str] = argparse._  # type: ignore[attr-defined]

    def translate(message: str) -> str:
        msg_id = ARGPARSE_MESSAGES.get(message)
        return cli_text(lang, msg_id) if msg_id is not None else original(message)

    argparse._ = translate  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = original  # type: ignore[attr-defined]


__all__ = ["ARGPARSE_MESSAGES", "argparse_in", "args_language", "cli_text", "language_of"]


def whole_number(text: str | int, command: str, flag: str, low: int, high: int, lang: str = "en") -> int:
    """``text`` read as a whole number from ``low`` to ``high`` for ``command``'s ``flag``, else a UsageError
    saying why in one line (every command reads its counts, seeds and jobs this one way)."""
    from .usage import UsageError  # (usage imports nothing: no circle)

    try:
        value = int(str(text).strip())
    except ValueError:
        raise UsageError(cli_text(lang, "cli_not_whole", command=command, flag=flag, given=repr(text))) from None
    if not low <= value <= high:
        raise UsageError(cli_text(lang, "cli_out_of_range", command=command, flag=flag, low=f"{low:,}",
                                  high=f"{high:,}", given=f"{value:,}"))
    return value
