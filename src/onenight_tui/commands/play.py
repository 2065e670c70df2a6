"""``onenight`` without a subcommand: the hot-seat game.

``onenight`` opens the set-up screen; ``onenight --players A,B,C --roles ...`` deals at once (for quick
games and tests); ``onenight --resume`` continues the interrupted game. Bad flags and unreadable saves
get one line and exit status 2 (cli.py prints OneNightError), before Textual starts. Without a terminal
(input or output redirected) the game cannot be played: it says so instead of drawing into a pipe.

A plain ``onenight`` (the set-up screen) imports neither the engine nor a ruleset before Textual starts:
they are imported where a save is read or a game is dealt (docs/tui.md, "Start-up time"). What the
set-up shows of them is read from its cache before the app starts (``setup_facts``), so that a damaged
data file is one line here too, not a fault inside the app."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from onenight_core.ruleset_ids import DEFAULT_RULESET

from ..cli_text import args_language, cli_text
from ..ruleset_args import chosen_options, require_playable, setup_settings
from ..settings import load_settings, save_path, settings_path, system_language

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Mapping

    from onenight_core.model.values import Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.options import OptionValue

    from ..app import NewGame
    from ..usage import UsageError

    #: How a game family's set-up is made from the flags (``_one_night_setup``, ``_nights_setup``).
    MakeSetup = Callable[[argparse.Namespace, tuple[str, ...], str, Mapping[str, OptionValue], str], Setup]


def _usage(message: str) -> UsageError:
    from ..usage import UsageError

    return UsageError(message)


def start_from_args(args: argparse.Namespace) -> NewGame | SavedGame | None:
    """What the app starts with: None (set-up), a NewGame, or a SavedGame. Raises on bad input."""
    lang = args_language(args)
    options: Mapping[str, OptionValue]
    if getattr(args, "ruleset", None) is not None or getattr(args, "options", None):
        require_playable(args)  # `onenight --ruleset classic`: one line, exit 2, before anything starts
        ruleset, options = chosen_options(args)
    else:  # the default ruleset plays, and no option is given: nothing to check, no ruleset to build
        ruleset, options = DEFAULT_RULESET, {}
    if args.resume:
        if args.players or args.roles:
            raise _usage(cli_text(lang, "cli_resume_alone"))
        from onenight_core.play.saves import read_save, replay_game

        saved = read_save(save_path())
        if saved.get("stage") == "bring":
            return saved  # the card picks before a Dalbula deal: nothing to replay yet
        replay_game(saved)  # a save that no longer replays fails here, with one line
        return saved
    if args.roles is not None and args.players is None:
        raise _usage(cli_text(lang, "cli_roles_needs_players"))
    if args.players is None:
        return None
    from onenight_core.engine.protocol import validate_setup
    from onenight_core.errors import SetupError

    from ..app import NewGame, new_seed
    from ..bot_seats import seat_names
    from ..plain_text import split_names

    names, bots = seat_names(split_names(args.players), lang)  # "@bot": a bot seat (bots/)
    if len(names) < 3:
        listed = f" ({cli_text(lang, 'item_separator').join(names)})" if names else ""
        raise _usage(cli_text(lang, "cli_too_few_names", given=repr(args.players), count=len(names), names=listed))
    from onenight_core.rulesets import ruleset_for

    from ..families import BOT_FAMILIES, NIGHTS_AND_DAYS, ONE_NIGHT, by_family, family_of

    most = ruleset_for(ruleset).most_players
    if len(names) > most:  # the ruleset's largest table (a classic village is larger than a One Night table)
        too_many = by_family(ruleset, {ONE_NIGHT: "cli_too_many_names", NIGHTS_AND_DAYS: "classic_too_many_players"})
        raise SetupError(cli_text(lang, too_many, most=most, count=len(names)))
    if bots and len(bots) == len(names):
        raise _usage(cli_text(lang, "setup_bots_need_human"))
    if bots and family_of(ruleset) not in BOT_FAMILIES:  # a family without table bots
        raise _usage(cli_text(lang, "setup_bots_ruleset"))
    make: MakeSetup = by_family(ruleset, {ONE_NIGHT: _one_night_setup, NIGHTS_AND_DAYS: _nights_setup})
    setup = make(
        args, names, ruleset, options, lang)
    validate_setup(setup)
    return NewGame(setup, args.seed if args.seed is not None else new_seed(), bots)


def _nights_setup(args: argparse.Namespace, names: tuple[str, ...], ruleset: str,
                  options: Mapping[str, OptionValue], lang: str) -> Setup:
    """Classic's own role names (``werewolf*2,seer``) and default deck (rulesets/classic)."""
    from onenight_core.model.values import Setup
    from onenight_core.rulesets.classic.deck import default_classic_deck, parse_classic_deck

    deck = parse_classic_deck(args.roles) if args.roles else default_classic_deck(len(names))
    return Setup(names, deck, ruleset, options)


def _one_night_setup(args: argparse.Namespace, names: tuple[str, ...], ruleset: str,
                     options: Mapping[str, OptionValue], lang: str) -> Setup:
    """One Night role names and presets; under dalbula a deck of one card per player is the cards the
    players bring (the ruleset's set-up draws the center): the game starts with them. Picking from
    collections is the set-up screen's way."""
    from onenight_core.catalog.presets import default_preset
    from onenight_core.errors import SetupError
    from onenight_core.model.values import Setup

    from ..deck_args import deck_argument

    deck = deck_argument(args.roles, lang=lang)
    if deck is None:
        preset = default_preset(len(names))
        if preset is None:
            raise SetupError(cli_text(lang, "cli_no_default_deck", count=len(names)))
        deck = preset.roles
    return Setup(names, deck, ruleset, options)


def run(args: argparse.Namespace) -> int:
    from .. import start_gc

    try:
        return _run(args, start_gc.hold)
    finally:
        start_gc.release()  # (the set-up released it once complete; a game never holds it)


def _run(args: argparse.Namespace, hold_gc: Callable[[], None]) -> int:
    start = start_from_args(args)
    if start is None:
        hold_gc()  # the set-up's start: until its screen is complete (start_gc.py)
    from ..save_lock import SaveLock

    lock = SaveLock(save_path())
    owner = lock.acquire()
    if owner is not None:  # another window plays on this save: say so, touch nothing of it
        raise _usage(cli_text(args_language(args), "cli_game_running", pid=owner))
    with lock:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise _usage(cli_text(args_language(args), "cli_needs_terminal"))
        settings, notice = load_settings(settings_path(), lang=system_language())
        if start is None:
            settings = setup_settings(args, settings)
            from ..setup_facts import setup_facts

            setup_facts(args.lang or settings.lang)  # kept for the app; a damaged data file stops here

        from ..app import OneNightApp
        from ..settings import collections_dir

        app = OneNightApp(settings, start=start, seed=args.seed, lang=args.lang, settings_file=settings_path(),
                          save_file=save_path(), notice=notice, collections_dir=collections_dir())
        try:
            app.run()
        finally:
            app.voice.stop()  # never leave a voice talking after the program ends
        return app.return_code or 0
