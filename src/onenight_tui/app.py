"""The hot-seat app: one laptop, passed around the table (docs/design.md, "Hot-seat flow and privacy").

The app owns the game: the engine state, the save, and which public screen is up. Attributes go down,
messages come up: screens read the game through ``host(self).game`` (``host.py``: the app as a typed
``Host``), answer prompts through ``host(self).answer`` and, when their part
is over, post a message (``DealScreen.Done``, ``NightScreen.Dawn``, ``VoteScreen.Back``…); the app
records where the table is and its router (``route``) maps the engine's phase and pending prompt to the
next screen. The app saves after every transition, so a crash or a closed terminal loses nothing
(``onenight --resume``).

Public screens render only ``public_view(app.state)``; private screens are modal, render
``view_for(app.state, seat)`` for one seat, and clear themselves when they close.

The app keeps the lifecycle, the settings and the saves; the rest lives beside it: the players' card
collections (``table_collections``), the narrator's voice and the game's sounds (``table_voice``) and the
one line a crash prints (``quiet_crash``)."""

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
    from onenight_core.model.values import Action, Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.rulesets.options import Options

    from .classic_move import ClassicMove
    from .host import Host
    from .classic_table import ClassicTable
    from .screens.one_night.mark_check import MarkCheckScreen
    from .screens.one_night.night import NightScreen
    from .table_bots import TableBots

# The engine is imported where it is first used, not here: the set-up screen paints before the
# catalog is loaded, so the game's own start-up adds little to Textual's (docs/design.md, "Speed budgets").


def _mark_check_screen() -> type[MarkCheckScreen]:
    from .screens.one_night.mark_check import MarkCheckScreen

    return MarkCheckScreen


#: The stage a saved game stopped at, as the question about it names it (catalog ids).
INTERRUPTED_AT = {"bring": "app_stopped_bring", "deal": "app_stopped_deal", "night": "app_stopped_night",
                  "marks": "app_stopped_night", "day": "app_stopped_day", "vote": "app_stopped_vote",
                  "tally": "app_stopped_vote"}

# Night steps the eyes-closed screen does not run, by how the table plays them (``Step.turns``): the
# step declares its kind, the app knows the screen (imported when first needed).
STEP_SCREENS: dict[str, Callable[[], type[MarkCheckScreen]]] = {"round": _mark_check_screen}


@dataclasses.dataclass(frozen=True)
class NewGame:
    """Start straight at the deal (``onenight --players ... --roles ...``)."""

    setup: Setup
    seed: int
    bots: frozenset[int] = frozenset()  # the bot seats (table_bots.py)


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
        self.state: GameState | None = None
        self.classic: ClassicTable | None = None  # while a classic game is played (classic_table.py)
        self.clock = time.monotonic  # the night's and the day's clock (tests give a fake one)
        self._closing_line = ""  # the step's close-your-eyes line, said with the next call
        self._interrupted_dropped = False  # the table chose a new game over the interrupted one
        self.theme = self.settings.theme
        #: The players' card collections (Dalbula; table_collections.py).
        self.collections = TableCollections(self, Path(collections_dir) if collections_dir is not None else None)
        self._bringing = False  # the game being dealt is made of the cards the players brought
        #: The game just before the day ended (and its number of answers): the vote may give it back.
        self._day_kept: tuple[int, GameState] | None = None
        self._told_size: Any = None  # the size the terminal's last Resize said (_on_resize)
        self.table_bots: TableBots | None = None  # the game's bots (table_bots.py), None at a table of humans

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
        from onenight_core.play.saves import replay

        self.table_bots = None
        if saved.get("stage") == "bring":  # stopped during the card picks: the picks made are kept
            self.classic, self.state, self._seed = None, None, saved.seed
            self.bring_cards(saved.setup.players, saved.setup.options, saved.setup.deck, saved=saved)
            return
        from .families import own_table

        table = own_table(saved.setup.ruleset)  # a game family with its own table (classic's nights and days)
        if table is not None:
            self.classic = table(self)
            self.classic.resume(saved)
            self.route()
            return
        self.classic = None
        self._bringing = False
        self._day_kept = None
        self.saved = saved
        self.state = replay(saved)
        from .table_bots import resume_bots

        resume_bots(self, saved)
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

    def _ask_about(self, saved: SavedGame, title: str, text: str, yes: str, then: Callable[[], None]) -> None:
        """Ask whether to drop the interrupted game ``saved``; no (the safe answer, ``r`` or Escape) resumes
        it, ``n`` starts a new game."""
        from .screens.common.confirm_quit import ConfirmScreen

        say = self.words
        where = say(INTERRUPTED_AT.get(str(saved.get("stage", "deal")), "app_stopped_game"))
        names = say("setup_name_separator").join(saved.setup.players)

        def answered(drop: bool | None) -> None:
            if drop:
                self._interrupted_dropped = True
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
            self._ask_about(saved, say("app_interrupted_title"), say("app_interrupted_question"),
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
        if self.saved is None and not self._interrupted_dropped:
            old = self.interrupted()
            if old is not None:
                say = self.words
                self._ask_about(old, say("app_start_new_title"), say("app_start_new_text"),
                                say("app_start_new_yes"), lambda: self.begin_game(setup, seed, bots))
                return
        seed = new_seed() if seed is None else seed
        self.table_bots = None
        from .families import own_table

        table = own_table(setup.ruleset)
        if table is not None:
            self.classic = table(self)
            self.classic.begin(setup, seed)
            self.route()
            return
        self.classic = None
        from onenight_core.engine.protocol import new_game
        from onenight_core.play.saves import SavedGame

        self.state = new_game(setup, seed, catalog=self.catalog)
        self._day_kept = None
        meta: dict[str, Any] = {"stage": "deal", "deal": 0, "lang": self.lang}
        from .table_bots import start_bots

        meta.update(start_bots(self, setup, seed, bots))
        if self._bringing:  # the cards came from the players' collections (deal_brought)
            meta["brought"], self._bringing = True, False
        self.saved = SavedGame(setup, seed, (), meta)
        self._persist()
        self.route()

    # -- the cards the players bring (Dalbula) ------------------------------------------------------
    def bring_cards(self, players: tuple[str, ...], options: Options = (), brought: tuple[str, ...] = (),
                    *, saved: SavedGame | None = None) -> None:
        """A Dalbula game with collections: each player privately picks the card they bring first.
        The picks are saved as they are made (stage ``bring``): quitting asks, and the table resumes at
        the next player's pick. An interrupted game is never overwritten without asking."""
        from onenight_core.model.values import Setup
        from onenight_core.play.saves import SavedGame

        from .screens.setup.bring_card import BringCardScreen

        if saved is None and not self._interrupted_dropped and not self.in_game:
            old = self.interrupted()
            if old is not None and old != self.saved:
                say = self.words
                self._ask_about(old, say("app_start_new_title"), say("app_start_new_text"),
                                say("app_start_new_yes"), lambda: self.bring_cards(players, options, brought))
                return
        if saved is None:
            self._seed = new_seed() if self._seed is None else self._seed
            saved = SavedGame(Setup(players, brought, "dalbula", options), self._seed, (),
                              {"stage": "bring", "lang": self.lang})
        self.state, self.saved = None, saved
        self._persist()
        self._open(BringCardScreen(players, options, brought))

    def take_seed(self) -> int | None:
        """The seed given to the app (``--seed``), for its first game only: the next ones draw their own."""
        seed, self._seed = self._seed, None
        return seed

    @property
    def picking(self) -> bool:
        """The players are picking the cards they bring (a Dalbula deal from collections)."""
        return self.state is None and self.saved is not None and self.saved.get("stage") == "bring"

    def note_picks(self, brought: tuple[str, ...]) -> None:
        """Save the cards picked so far (private: like the save of a game, which holds every card)."""
        if self.picking and self.saved is not None:
            from attrs import evolve

            self.saved = evolve(self.saved, setup=evolve(self.saved.setup, deck=brought))
            self._persist()

    def deal_brought(self, players: tuple[str, ...], brought: tuple[str, ...], options: Options = ()) -> None:
        """Start a Dalbula game with the cards the players brought, in seat order: the ruleset's set-up
        draws the center from the whole catalogue (docs/rules.md §2.1); the usual deal follows."""
        from onenight_core.errors import OneNightError
        from onenight_core.model.values import Setup

        seed = self.take_seed()
        self._bringing = True  # the save notes it: the reveal rewards the collections
        try:
            self.begin_game(Setup(players, brought, "dalbula", options), seed)
        except OneNightError as exc:
            self._bringing = False
            self.notify(self.error_text(exc), severity="error", markup=False)
            self.show_setup()

    def answer(self, action: Action) -> GameState:
        """Answer the pending prompt; the save follows at once."""
        from onenight_core.engine.protocol import apply

        assert self.state is not None and self.saved is not None
        self.state = apply(self.state, action)
        self.saved = self.saved.with_answer(action)
        self._persist()
        return self.state

    def note(self, **meta: Any) -> None:
        """Record where the table is (screen, step, timer) in the save."""
        if self.saved is not None:
            self.saved = self.saved.with_meta(**meta)
            self._persist()

    def _persist(self) -> None:
        if self.saved is None or self.save_file is None:
            return
        from onenight_core.play.saves import delete_save, write_save

        if self.state is not None and self.state.phase == "over" and self.saved.get("stage") == "over":
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
    def game(self) -> GameState:
        """The game on the table, for the screens that show it (they are open only while there is one)."""
        assert self.state is not None, "no game on the table"
        return self.state

    @property
    def in_game(self) -> bool:
        return self.state is not None and self.state.phase != "over"

    # -- the router: the engine's phase and pending prompt → the public screen ----------------------
    def route(self) -> None:
        """Open the public screen for where the game is: the one place that maps the engine's phase,
        its pending prompt and the table's stage (the save's ``stage``) to a screen. Screens never open
        their successor: they post a message (``DealScreen.Done``, ``NightScreen.Dawn``…), the app
        records the new stage and routes. A resumed game lands here too, never on a private screen."""
        self._open(self.classic.screen() if self.classic is not None else self._public_screen())

    def on_classic_move(self, message: ClassicMove) -> None:
        if self.classic is not None:
            self.classic.move(message.stage, **message.meta)

    def go(self, stage: str, **meta: Any) -> None:
        """Move the table to ``stage`` (recorded in the save) and open its screen."""
        if stage == "over" and self.state is not None and self.saved is not None:
            self.saved = self.collections.reward(self.state, self.saved)
        if "step" in meta:
            meta.setdefault("step_left", None)  # another step: the time left noted belonged to the last one
        self.note(stage=stage, **meta)
        self.route()

    def _public_screen(self) -> Screen[None]:
        from onenight_core.engine.protocol import pending

        from .day_prompts import day_prompt

        assert self.state is not None and self.saved is not None
        g, saved = self.state, self.saved
        # The save's notes are read by type and range: a hand-edited save opens where it can.
        stage = saved.get("stage", "deal", str)
        vote_mode = saved.get("vote_mode", self.settings.vote_mode, str)
        if g.phase == "over":
            private = vote_mode == "private"
            if stage == "tally" or (stage == "vote" and private):
                from .screens.one_night.tally import TallyScreen

                return TallyScreen()  # the last secret ballot: the laptop goes back to the middle first
            from .screens.one_night.reveal import RevealScreen

            return RevealScreen()
        # The deal and the night are the table's, whatever the engine is at: the night is called to the
        # end even when nobody acts in its last steps (the engine is at the vote already).
        if stage == "deal":
            from .screens.one_night.deal import DealScreen

            deal = saved.get("deal", 0, int)
            return DealScreen(deal if 0 <= deal <= len(g.setup.players) else 0)  # never past the deal
        # By day the engine may still wait on a day step (the Mayor's reveal, ``day_prompts``): the day
        # and the vote are the table's then too.
        if (g.phase == "vote" or (stage in ("day", "vote") and day_prompt(g) is not None)) \
                and stage not in ("night", "marks"):
            if stage == "vote":
                if vote_mode == "private":
                    from .screens.one_night.ballot import BallotScreen

                    return BallotScreen()
                from .screens.one_night.vote import VoteScreen

                return VoteScreen()
            from .screens.one_night.day import DayScreen

            left = saved.get("day_left", None, float)
            known = left is not None and 0 <= left <= 24 * 3600
            return DayScreen(left if known else float(self.settings.day_seconds))
        step = saved.get("step", -1, int)
        p = pending(g)
        if not -1 <= step < len(g.script):  # a hand-edited step: the one being asked, or the night's start
            step = len(g.script) if p is not None else -1
        ids = [s.id for s in g.script]
        if p is not None and p.step in ids:
            step = min(step, ids.index(p.step))  # never past a step whose answer is still to come
        after, self._closing_line = self._closing_line, ""
        screen = STEP_SCREENS.get(g.script[step].turns) if 0 <= step < len(g.script) else None
        if screen is not None:
            return screen()(step, after=after)
        from .screens.one_night.night import NightScreen

        left = saved.get("step_left", None, float)  # the time the step had left (a resumed game)
        if step != saved.get("step", -1, int) or left is None or not 0 <= left <= 3600:
            return NightScreen(step, after=after)
        return NightScreen(step, after=after, left=left, part=saved.get("step_part", 0, int))

    def on_deal_screen_done(self) -> None:
        self.go("night", step=-1)

    def on_night_screen_left(self, message: NightScreen.Left) -> None:
        self._closing_line = message.after
        self.go("night", step=message.index)

    def on_night_screen_dawn(self) -> None:
        self.go("day", day_left=float(self.settings.day_seconds))

    def on_mark_check_screen_done(self, message: MarkCheckScreen.Done) -> None:
        self._closing_line = message.closing
        self.go("night", step=message.index + 1)

    def on_day_screen_done(self) -> None:
        from .day_prompts import DAY_ANSWERS, close_the_day

        assert self.state is not None and self.saved is not None
        before, count = self.state, len(self.saved.answers)
        close_the_day(self)  # a Mayor who never flipped keeps his card down
        self._day_kept = (count, before)
        self.go("vote", vote_mode=self.settings.vote_mode, **{DAY_ANSWERS: count})

    def on_vote_screen_back(self) -> None:
        self._back_to_the_day()

    def on_ballot_screen_back(self) -> None:
        self._back_to_the_day()

    def _back_to_the_day(self) -> None:
        """Back from the vote before any ballot is in: the day goes on with the time it had left, and
        the game returns to where it was before the day ended (``day_prompts.reopen_the_day``), so a
        Mayor who never flipped may still claim his reveal."""
        from .day_prompts import DAY_ANSWERS, reopen_the_day

        assert self.state is not None and self.saved is not None
        kept = self._day_kept
        self._day_kept = None
        count = self.saved.get(DAY_ANSWERS, None, int)
        reopened = reopen_the_day(self.state, self.saved, kept[1] if kept and kept[0] == count else None)
        if reopened is not None:
            self.state, self.saved = reopened
        self.go("day")

    def on_vote_screen_counted(self) -> None:
        self.go("over")

    def on_ballot_screen_all_in(self) -> None:
        self.go("tally")

    def on_tally_screen_done(self) -> None:
        self.go("over")

    def on_reveal_screen_again(self) -> None:
        self.play_again()

    def on_reveal_screen_change_setup(self) -> None:
        self.change_setup()

    def _open(self, screen: Screen[None]) -> None:
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

        self._open(SetupScreen())

    def play_again(self) -> None:
        """The same players and deck, a new deal."""
        assert self.saved is not None
        if self.saved.get("brought", False, bool):  # a Dalbula table brings its cards again
            self.bring_cards(self.saved.setup.players, self.saved.setup.options)
            return
        from .table_bots import bot_seats

        self.begin_game(self.saved.setup, bots=bot_seats(self))

    def change_setup(self) -> None:
        if self.save_file is not None and not self.in_game:
            from onenight_core.play.saves import delete_save

            delete_save(self.save_file)
        self.state, self.saved = None, None
        self.show_setup()

    # -- app-wide actions --------------------------------------------------------------------------
    async def action_quit(self) -> None:
        """Mid-game (the card picks before a Dalbula deal too), quitting asks first (the game is saved
        either way)."""
        if not self.in_game and not self.picking:
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
        roles = getattr(self.screen, "help_roles", None)
        if callable(roles):
            deck = roles()
        elif self.state and not self.classic:
            from onenight_core.engine.views import public_view

            # The public roster, never the set-up's deck: under Dalbula's brought cards that deck is the
            # players' cards without the drawn center, which would tell the table what lies in the center.
            deck = public_view(self.state).roster
        else:
            deck = ()
        # The screen's own paragraphs (the set-up's: how to make a bot seat; under its deck advisor, what the
        # figures mean: bots, not people; the interval).
        notes: tuple[str, ...] = getattr(self.screen, "help_notes", ())
        advised = any(w.display for w in self.screen.query("DeckAdvisor"))
        self.push_screen(HelpScreen(tuple(deck), title=getattr(self.screen, "help_title", None),
                                    classic=getattr(self.screen, "classic", None) is True,
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
            self._persist()
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
