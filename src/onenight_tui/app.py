"""The hot-seat app: one laptop, passed around the table (docs/design.md, "Hot-seat flow and privacy").

The app keeps the lifecycle, the settings and the save; the game itself is its table driver's
(``self.table``, one per game family: tables/). Attributes go down, messages come up: screens read the
game through their driver (``host.py``: ``one_night(self).game``, ``classic(self).game``), answer
prompts through it and, when their part is over, post the one message ``TableMove``; the app hands it to
the driver, which records where the table is and routes: ``route`` opens ``table.screen()``, the public
screen for the table's stage, whatever the family. The app saves after every answer and every move, so
a crash or a closed terminal loses nothing (``onenight --resume``).

Public screens render only ``public_view`` of the game; private screens are modal, render
``view_for(game, seat)`` for one seat, and clear themselves when they close.

Beside the app live the players' card collections (``table_collections``), the narrator's voice and
the game's sounds (``table_voice``) and the one line a crash prints (``quiet_crash``)."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding
from textual.screen import Screen

from .screens import MIN_HEIGHT, MIN_WIDTH
from .settings import LANGS, Notice, Settings, reason_notice, said_notice, store_settings
from .text.app_words import AppWords, SaysQuitHint, translate_bindings
from .text.wrapping import keep_line_breaks
from .table_voice import TableVoice, Voice
from .quiet_crash import QuietCrash
from .table_collections import TableCollections

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.state import GameState
    from onenight_core.model.values import Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.classic.protocol import ClassicGame

    from .host import Host
    from .table_move import TableMove
    from .tables import TableDriver

# The engine is imported where it is first used, not here: the set-up screen paints before the
# catalog is loaded, so the game's own start-up adds little to Textual's (docs/design.md, "Speed budgets").


#: The stage a saved game stopped at, as the question about it names it (catalog ids).
INTERRUPTED_AT = {"bring": "app_stopped_bring", "deal": "app_stopped_deal", "night": "app_stopped_night",
                  "marks": "app_stopped_night", "day": "app_stopped_day", "vote": "app_stopped_vote",
                  "tally": "app_stopped_vote"}


@dataclasses.dataclass(frozen=True)
class NewGame:
    """Start straight at the deal (``onenight --players ... --roles ...``)."""

    setup: Setup
    seed: int
    bots: frozenset[int] = frozenset()  # the bot seats (bots/)


def new_seed() -> int:
    import secrets  # not at start-up: it loads OpenSSL's hashes (hmac)

    return secrets.randbelow(2**31)


class OneNightApp(SaysQuitHint, QuietCrash):
    """One Night on one laptop."""

    TITLE = "One Night"
    KEY_GUARD_SECONDS = 0.4  # a hand-over ignores keys this long: longer than a double press (hand_over.py)
    # The set-up's styles are read with the app's, in one parse at start: as the first screen's own
    # CSS_PATH they made Textual parse every style sheet again when it was shown (docs/tui.md,
    # "Start-up time"). Its rules stay in its own file, each prefixed by SetupScreen.
    CSS_PATH = ["app.tcss", "screens/setup/setup.tcss"]
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
        Binding("f1", "help", "Help", id="help"),
        Binding("f2", "toggle_theme", "Light/dark", id="theme", show=False),
    ]

    def __init__(self, settings: Settings | None = None, *, start: NewGame | SavedGame | None = None,
                 seed: int | None = None, lang: str | None = None, settings_file: str | Path | None = None,
                 save_file: str | Path | None = None, notice: str | None = None, speaker: Voice | None = None,
                 catalog: Catalog | None = None, collections_dir: str | Path | None = None) -> None:
        super().__init__()
        keep_line_breaks()  # Chinese and French lines break where their languages allow (text/wrapping.py)
        self.settings = settings or Settings()
        saved_lang = start.get("lang", None, str) if start is not None and hasattr(start, "get") else None
        saved_lang = saved_lang if saved_lang in LANGS else None
        self.lang = lang or saved_lang or self.settings.lang
        self._catalog = catalog
        self._given_catalog = catalog
        self.settings_file = settings_file
        self.save_file = save_file
        self._start = start
        self._seed = seed
        self._notice = notice
        self.voice = TableVoice(speaker)  # the narrator's voice and the game's sounds (table_voice.py)
        self.saved: SavedGame | None = None
        #: Why the last write of the save failed (a notice), or None when it succeeded: the quit dialog
        #: says "saved" only when it is true.
        self.save_problem: Notice | None = None
        #: The driver of the game on the table (tables/: its game, its router), None between games.
        self.table: TableDriver | None = None
        self.clock = time.monotonic  # the night's and the day's clock (tests give a fake one)
        self.interrupted_dropped = False  # the table chose a new game over the interrupted one
        self.theme = self.settings.theme
        #: The players' card collections (Dalbula; table_collections.py).
        self.collections = TableCollections(self, Path(collections_dir) if collections_dir is not None else None)
        self._told_size: Any = None  # the size the terminal's last Resize said (_on_resize)

    def run(self, *args: Any, **kwargs: Any) -> None:
        """Run the app (a player's start; tests use ``run_test``). What the start-up has built so far —
        modules, classes, the settings — lives as long as the program, so it is moved out of the garbage
        collector's reach (``gc.freeze``): the collections of the start-up and of the game, and the
        final one at exit, no longer walk it (~45 000 objects; docs/tui.md, "Start-up time"). The style
        sheets' parses are read back from the last run (``css_cache``)."""
        import gc

        from onenight_core.catalog.cache import cache_file

        from . import css_cache

        css_cache.install(cache_file(css_cache.FILE_NAME))
        gc.freeze()
        return super().run(*args, **kwargs)

    @property
    def given_catalog(self) -> Catalog | None:
        """The catalog the app was made with, if not the packaged one (the set-up's facts are kept
        between runs only for the packaged one: ``setup_facts``)."""
        return self._given_catalog

    @property
    def catalog(self) -> Catalog:
        """The role catalog, loaded on first use."""
        if self._catalog is None:
            from onenight_core.catalog.loader import default_catalog

            self._catalog = default_catalog()
        return self._catalog

    # -- start -------------------------------------------------------------------------------------
    @property
    def words(self) -> AppWords:
        """The app's own words in its language (text/app_words.py)."""
        return AppWords(self.lang)

    def error_text(self, error: Exception) -> str:
        """An engine refusal in the app's language (its message, ``said``), else its own line."""
        from .error_words import error_text

        return error_text(error, self.lang)

    def switch_language(self, lang: str, settings: Settings) -> None:
        """Speak ``lang`` from now on: remember it with ``settings`` (the set-up's form) and show the
        set-up again in it. The narrator's voice is looked for again in the new language."""
        self.lang = lang
        self.voice.new_language()
        self.remember(settings.replace(lang=lang))
        translate_bindings(self, self.words)
        self.show_setup()

    async def _on_resize(self, event: events.Resize) -> None:
        """A terminal's size said again, unchanged, lays nothing out again.

        Textual keeps every Resize for its screens, even one of the size they are already laid out at,
        and they lay out all their widgets again when it comes. A real terminal says its size twice at
        start (the app asks it, the driver tells it), and the second one came while the set-up was being
        filled: the whole filled screen was laid out once more (~20 ms; docs/tui.md, "Start-up time").
        This runs before Textual's own ``App._on_resize``, which is skipped (``prevent_default``) for a
        Resize of the size the last one said, the screen laid out at it. Only public state is read: the
        size the last Resize said is noted here (``_told_size``; the first always goes through, so it is
        the size Textual keeps too) and the screen's ``outer_size``. A Resize of another size is kept
        by Textual as the one pending, so a dropped one is never newer than a pending one. A headless
        app gets every Resize (tests: their timing stays Textual's).

        It is also where a new size is checked against the smallest the game can show: Textual calls one
        handler per class (``_on_resize`` before ``on_resize``), so a second ``on_resize`` here would never
        run (the too-small notice did not come)."""
        told, self._told_size = self._told_size, event.size
        if not self.is_headless and told == event.size == self.screen.outer_size:
            event.prevent_default()
            event.stop()
            return
        self.call_after_refresh(self._check_size)

    def on_mount(self) -> None:
        self._catch_signals()
        translate_bindings(self, self.words)
        if self._notice:
            self.notify(said_notice(self._notice, self.words), severity="warning", timeout=8, markup=False)
        start, self._start = self._start, None
        if start is None:
            self.show_setup()
            if self.save_file is not None and Path(self.save_file).exists():
                self.call_after_refresh(self._offer_interrupted)  # after the set-up's first frame
        elif isinstance(start, NewGame):
            self.begin_game(start.setup, start.seed, start.bots)
        else:
            self.resume(start)
        self._check_size()

    def resume(self, saved: SavedGame) -> None:
        if saved.get("stage") == "bring":  # stopped during the card picks: the picks made are kept
            self.table, self._seed = None, saved.seed
            setup = saved.setup
            self.collections.bring(setup.players, setup.ruleset, setup.options, setup.deck, saved=saved)
            return
        from .tables import table_for

        self.collections.take_brought()  # a resumed game is not being dealt
        self.table = None
        self.saved = saved
        table = table_for(saved.setup.ruleset)(self)  # the driver of the game's family
        table.resume(saved)
        self.table = table
        self.route()

    def interrupted(self) -> SavedGame | None:
        """The game the save file holds, when it is a game still going that replays."""
        if self.save_file is None or not Path(self.save_file).exists():
            return None
        from onenight_core.errors import OneNightError
        from onenight_core.play.saves import read_save, replay_game

        try:
            saved = read_save(self.save_file)
            if saved.get("stage") == "bring":
                return saved if len(saved.setup.deck) < len(saved.setup.players) else None
            going = replay_game(saved).phase != "over"  # any ruleset's game (play.saves.replay_game)
        except (OneNightError, OSError, ValueError, RecursionError):
            return None
        return saved if going else None

    def ask_about(self, saved: SavedGame, title: str, text: str, yes: str, then: Callable[[], None]) -> None:
        """Ask whether to drop the interrupted game ``saved``; no (the safe answer, ``r`` or Escape) resumes
        it, ``n`` starts a new game."""
        from .screens.common.confirm_quit import ConfirmScreen

        say = self.words
        where = say(INTERRUPTED_AT.get(str(saved.get("stage", "deal")), "app_stopped_game"))
        names = say("setup_name_separator").join(saved.setup.players)

        def answered(drop: bool | None) -> None:
            if drop:
                self.interrupted_dropped = True
                then()
            else:
                self.resume(saved)

        self.push_screen(ConfirmScreen(title, say("app_interrupted_text", names=names, where=where, then=text),
                                       yes=yes, no=say("app_resume"), keys=("n", "r")), answered)

    def _offer_interrupted(self) -> None:
        """A plain start offers the interrupted game: resume it, or start a new one."""
        saved = self.interrupted()
        if saved is not None and self.saved is None:
            say = self.words
            self.ask_about(saved, say("app_interrupted_title"), say("app_interrupted_question"),
                            say("app_new_game"), lambda: None)

    def say(self, text: str | None) -> None:
        """Read a narration line aloud, when speech is on and the machine can speak."""
        self.voice.say(text, self.lang, self.settings.speech)

    def cue(self, name: str) -> None:
        """A short sound at a moment of the game (``"day_end"``, ``"tick"``): the voice's cue when it
        has one, else the terminal bell for the day's end. Never stops the game."""
        if not self.voice.cue(name, self.lang, self.settings.speech) and name == "day_end":
            self.bell()

    def speech_notice(self) -> None:
        """Say once, on screen, why the night will not be read aloud although the setting is on."""
        notice = self.voice.take_notice(self.lang, self.settings.speech)
        if notice and self.lang != "en":
            notice = self.words("app_speech_unavailable")  # the reasons are the sound modules' English
        if notice:
            self.notify(notice, severity="warning", timeout=6, markup=False)

    # -- the game ----------------------------------------------------------------------------------
    def begin_game(self, setup: Setup, seed: int | None = None, bots: frozenset[int] = frozenset()) -> None:
        """Deal a new game and hand the laptop to the first player. A new game never overwrites an
        interrupted one silently: the table is asked first (unless it already chose a new game)."""
        if self.saved is None and not self.interrupted_dropped:
            old = self.interrupted()
            if old is not None:
                say = self.words
                self.ask_about(old, say("app_start_new_title"), say("app_start_new_text"),
                                say("app_start_new_yes"), lambda: self.begin_game(setup, seed, bots))
                return
        seed = new_seed() if seed is None else seed
        from .tables import table_for

        table = table_for(setup.ruleset)(self)  # the driver of the game's family
        notes: dict[str, object] = {}
        if self.collections.take_brought():  # the cards came from the players' collections
            notes["brought"] = True
        saved = table.begin(setup, seed, bots, notes)
        self.table = table
        self.save(saved)
        self.route()

    def seed_for_picks(self) -> int:
        """The seed of a game whose cards are being picked: the one given (``--seed``), else a new one;
        kept for the deal (``take_seed``)."""
        self._seed = new_seed() if self._seed is None else self._seed
        return self._seed

    def take_seed(self) -> int | None:
        """The seed given to the app (``--seed``), for its first game only: the next ones draw their own."""
        seed, self._seed = self._seed, None
        return seed

    def save(self, saved: SavedGame) -> None:
        """Keep ``saved`` as the game's save and write it at once (the table's drivers, after each answer)."""
        self.saved = saved
        self.persist()

    def note(self, **meta: Any) -> None:
        """Record where the table is (screen, step, timer) in the save."""
        if self.saved is not None:
            self.saved = self.saved.with_meta(**meta)
            self.persist()

    def persist(self) -> None:
        if self.saved is None or self.save_file is None:
            return
        from onenight_core.play.saves import delete_save, write_save

        if self.table is not None and self.table.game.phase == "over" and self.saved.get("stage") == "over":
            delete_save(self.save_file)  # at the reveal there is nothing left to resume or to spoil
            self.save_problem = None
            return
        try:
            write_save(self.save_file, self.saved)
        except OSError as exc:
            self.save_problem = reason_notice(exc)
            reason = said_notice(self.save_problem, self.words)
            self.notify(self.words("app_save_failed", reason=reason), severity="error", markup=False)
        else:
            self.save_problem = None

    @property
    def saved_ok(self) -> bool:
        """Whether the game on the table is on disk as it is now: a save file, and its last write
        succeeded."""
        return self.save_file is not None and self.save_problem is None

    def remember(self, settings: Settings) -> None:
        """Keep the set-up's choices for next time (and switch the narrator's voice on or off)."""
        self.voice.switched(settings.speech, self.settings.speech)
        self.settings = settings
        if self.settings_file is not None:
            problem = store_settings(settings, self.settings_file)
            if problem:
                self.notify(said_notice(problem, self.words), severity="warning", markup=False)

    @property
    def state(self) -> GameState | ClassicGame | None:
        """The game on the table as its driver holds it (None between games): for tests and tools; screens
        read their own driver's (``host.one_night``, ``host.classic``)."""
        return self.table.game if self.table is not None else None

    @property
    def in_game(self) -> bool:
        return self.table is not None and self.table.game.phase != "over"

    # -- the router: the table's driver maps where the table is to the public screen -----------------
    def route(self) -> None:
        """Open the public screen for where the game is, as the table's driver maps it (``table.screen``:
        the engine's phase, its pending prompt and the table's stage, the save's ``stage``). Screens never
        open their successor: they post ``TableMove``, the driver records the new stage and routes. A
        resumed game lands here too, never on a private screen."""
        assert self.table is not None, "no game on the table"
        self.open_screen(self.table.screen())

    def on_table_move(self, message: TableMove) -> None:
        """Every family's screens post this one message when their part is over: the driver moves on."""
        if self.table is not None:
            self.table.move(message.stage, after=message.after, **message.meta)

    def open_screen(self, screen: Screen[None]) -> None:
        """Replace the public screen (closing any modal first: nothing private outlives a change)."""
        while len(self.screen_stack) > 1 and self.screen.is_modal:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.call_after_refresh(self._check_size)

    def show_setup(self) -> None:
        from .screens.setup.setup import SetupScreen

        self.open_screen(SetupScreen())

    def play_again(self) -> None:
        """The same players and deck, a new deal."""
        assert self.saved is not None
        if self.saved.get("brought", False, bool):  # a table that brought its cards brings them again
            setup = self.saved.setup
            self.collections.bring(setup.players, setup.ruleset, setup.options)
            return
        bots = self.table.bot_seats() if self.table is not None else frozenset()
        self.begin_game(self.saved.setup, bots=bots)

    def change_setup(self) -> None:
        if self.save_file is not None and not self.in_game:
            from onenight_core.play.saves import delete_save

            delete_save(self.save_file)
        self.table, self.saved = None, None
        self.show_setup()

    # -- app-wide actions --------------------------------------------------------------------------
    async def action_quit(self) -> None:
        """Mid-game (the card picks before a Dalbula deal too), quitting asks first (the game is saved
        either way)."""
        if not self.in_game and not self.collections.picking:
            self.exit()
            return
        from .screens.common.confirm_quit import ConfirmQuitScreen

        if isinstance(self.screen, ConfirmQuitScreen):
            return

        def done(quit_now: bool | None) -> None:
            if quit_now:
                self.exit()

        self.push_screen(ConfirmQuitScreen(), done)

    def action_help(self) -> None:
        from .screens.common.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        if self.screen.is_modal and getattr(self.screen, "PRIVATE", False):
            return  # a private screen stays as it is; help waits for the public screens
        from .help_roster import screen_topic

        # The screen's own paragraphs (the set-up's: how to make a bot seat; under its deck advisor, what the
        # figures mean: bots, not people; the interval).
        notes: tuple[str, ...] = getattr(self.screen, "help_notes", ())
        advised = any(w.display for w in self.screen.query("DeckAdvisor"))
        topic = screen_topic(self.screen, self.table)
        self.push_screen(HelpScreen(topic, title=getattr(self.screen, "help_title", None),
                                    note=notes + (("help_advisor",) if advised else ())))

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"
        self.remember(self.settings.replace(theme=self.theme))

    # -- signals -----------------------------------------------------------------------------------
    def _catch_signals(self) -> None:
        """``kill`` (SIGTERM) and a closed terminal window (SIGHUP) end the game as Ctrl+Q does: the save
        is written, the app leaves through Textual and the terminal is given back as it was (not left in
        the app's screen, with a private card still on it); ``exit_signals``."""
        from .exit_signals import catch

        self._signals: list[int] = catch(self._signalled)

    def _signalled(self, number: int) -> None:
        """Save first, then leave (status 128 + the signal's number, as a shell reports it)."""
        self._release_signals()
        try:
            self.persist()
        finally:
            self.exit(return_code=128 + number)

    def _release_signals(self) -> None:
        from .exit_signals import release

        signals, self._signals = getattr(self, "_signals", []), []
        release(signals)

    def on_unmount(self) -> None:
        self._release_signals()

    # -- crashes -----------------------------------------------------------------------------------
    def crash_context(self) -> tuple[AppWords, Path | None, bool]:
        """For the one line a crash prints (``quiet_crash``): the report goes beside the save."""
        report = Path(self.save_file).with_name("crash.txt") if self.save_file is not None else None
        return self.words, report, self.saved is not None and self.in_game

    # -- terminal size -----------------------------------------------------------------------------
    def _check_size(self) -> None:
        from .screens.common.too_small import TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif isinstance(self.screen, TooSmallScreen):
            self.screen.refresh_size()
            if not small:
                self.pop_screen()


if TYPE_CHECKING:
    def _is_a_host(app: OneNightApp) -> Host:
        return app  # the app is what its screens expect (host.py): mypy checks it here
