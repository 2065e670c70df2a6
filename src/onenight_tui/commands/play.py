"""``onenight`` without a subcommand: the hot-seat game.

``onenight`` opens the set-up screen; ``onenight --players A,B,C --roles ...`` deals at once (for quick
games and tests); ``onenight --resume`` continues the interrupted game. Bad flags and unreadable saves
get one line and exit status 2 (cli.py prints OneNightError), before Textual starts. Without a terminal
(input or output redirected) the game cannot be played: it says so instead of drawing into a pipe."""

from __future__ import annotations

import sys

from onenight_core.catalog.presets import default_preset
from onenight_core.engine.protocol import validate_setup
from onenight_core.errors import SetupError
from onenight_core.model.values import Setup
from onenight_core.play.saves import read_save, replay

from ..ruleset_args import chosen_options, require_playable
from ..settings import load_settings, save_path, settings_path, system_language


def _usage(message: str):
    from ..usage import UsageError

    return UsageError(message)


def start_from_args(args):
    """What the app starts with: None (set-up), a NewGame, or a SavedGame. Raises on bad input."""
    from ..app import NewGame, new_seed

    require_playable(args)  # `onenight --ruleset classic`: one line, exit 2, before anything starts
    ruleset, options = chosen_options(args)
    if args.resume:
        if args.players or args.roles:
            raise _usage("--resume continues the saved game: it takes no --players or --roles")
        saved = read_save(save_path())
        replay(saved)  # a save that no longer replays fails here, with one line
        return saved
    if args.roles is not None and args.players is None:
        raise _usage("--roles needs --players")
    if args.players is None:
        return None
    names = tuple(n.strip() for n in args.players.split(",") if n.strip())
    if len(names) < 3:
        read = f"{len(names)} name" + ("s" if len(names) != 1 else "") + (f" ({', '.join(names)})" if names else "")
        raise _usage(f"--players {args.players!r} was read as {read}: at least 3 players are needed, their "
                     "names separated by commas, e.g. --players 'Ann,Bo,Cy'")
    if len(names) > 10:
        raise SetupError(f"at most 10 players, got {len(names)}")
    from ..deck_args import deck_argument

    deck = deck_argument(args.roles)
    if deck is None:
        preset = default_preset(len(names))
        if preset is None:
            raise SetupError(f"no preset deck for {len(names)} players: give --roles")
        deck = preset.roles
    setup = Setup(names, deck, ruleset, options)
    validate_setup(setup)
    return NewGame(setup, args.seed if args.seed is not None else new_seed())


def run(args) -> int:
    start = start_from_args(args)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise _usage("the game needs a terminal: run it without redirecting input or output "
                     "(for games without one, see onenight simulate)")
    settings, notice = load_settings(settings_path(), lang=system_language())

    from ..app import OneNightApp

    app = OneNightApp(settings, start=start, seed=args.seed, lang=args.lang, settings_file=settings_path(),
                      save_file=save_path(), notice=notice)
    try:
        app.run()
    finally:
        app.stop_speaking()  # never leave a voice talking after the program ends
    return app.return_code or 0
