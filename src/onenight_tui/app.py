"""The hot-seat app: one laptop, passed around the table (design.md, "Hot-seat flow and privacy").

The app owns the game: the engine state, the save, and which public screen is up. Screens ask the app
to answer prompts (``answer``) and to move on (``show_*``); the app saves after every transition, so a
crash or a closed terminal loses nothing (``onenight --resume``).

Public screens render only ``public_view(app.state)``; private screens are modal, render
``view_for(app.state, seat)`` for one seat, and clear themselves when they close."""

from __future__ import annotations

import dataclasses
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from .screens.too_small import MIN_HEIGHT, MIN_WIDTH
from .settings import LANGS, Settings, store_settings

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.values import Action, Setup
    from onenight_core.play.saves import SavedGame
    from onenight_core.model.state import GameState

# The engine is imported where it is first used, not here: the set-up screen paints before the
# catalog is loaded, so the game's own start-up adds little to Textual's (design.md, "Speed budgets").


@dataclasses.dataclass(frozen=True)
class NewGame:
    """Start straight at the deal (``onenight --players ... --roles ...``)."""

    setup: Setup
    seed: int


def new_seed() -> int:
    return secrets.randbelow(2**31)


class OneNightApp(App[None]):
    """One Night on one laptop."""

    TITLE = "One Night"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
        Binding("f1", "help", "Help", id="help"),
        Binding("f2", "toggle_theme", "Light/dark", id="theme", show=False),
    ]

    def __init__(self, settings: Settings | None = None, *, start: NewGame | SavedGame | None = None,
                 seed: int | None = None, lang: str | None = None, settings_file: str | Path | None = None,
                 save_file: str | Path | None = None, notice: str | None = None, speaker: Any = None,
                 catalog: Catalog | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        saved_lang = start.get("lang", None, str) if start is not None and hasattr(start, "get") else None
        saved_lang = saved_lang if saved_lang in LANGS else None
        self.lang = lang or saved_lang or self.settings.lang
        self._catalog = catalog
        self.settings_file = settings_file
        self.save_file = save_file
        self._start = start
        self._seed = seed
        self._notice = notice
        self.speaker = speaker
        self._looked_for_voice = speaker is not None
        self.saved: SavedGame | None = None
        self.state: GameState | None = None
        self.theme = self.settings.theme

    @property
    def catalog(self) -> Catalog:
        """The role catalog, loaded on first use."""
        if self._catalog is None:
            from onenight_core.catalog.loader import default_catalog

            self._catalog = default_catalog()
        return self._catalog

    # -- start -------------------------------------------------------------------------------------
    def on_mount(self) -> None:
        if self._notice:
            self.notify(self._notice, severity="warning", timeout=8)
        start, self._start = self._start, None
        if start is None:
            self.show_setup()
        elif isinstance(start, NewGame):
            self.begin_game(start.setup, start.seed)
        else:
            from onenight_core.play.saves import replay

            self.saved = start
            self.state = replay(start)
            self.route()
        self._check_size()

    def _voice(self) -> Any:
        """The narrator's voice, found on first use (looking for a speech engine takes a moment)."""
        if self.speaker is None and self.settings.speech and not self._looked_for_voice:
            self._looked_for_voice = True
            self.speaker = _make_speaker(self.lang)
        return self.speaker

    def say(self, text: str | None) -> None:
        """Read a narration line aloud, when speech is on and the machine can speak."""
        if text and self._voice() is not None and getattr(self.speaker, "available", False):
            try:
                self.speaker.say(text)
            except Exception:  # noqa: BLE001 — a speech failure must never stop the game
                self.speaker = None

    def stop_speaking(self) -> None:
        if self.speaker is not None:
            try:
                self.speaker.stop()
            except Exception:  # noqa: BLE001
                pass

    def speech_notice(self) -> None:
        """Say once, on screen, why the night will not be read aloud although the setting is on."""
        take = getattr(self._voice(), "take_notice", None)
        notice = take() if callable(take) and self.settings.speech else None
        if notice:
            self.notify(notice, severity="warning", timeout=6)

    # -- the game ----------------------------------------------------------------------------------
    def begin_game(self, setup: Setup, seed: int | None = None) -> None:
        """Deal a new game and hand the laptop to the first player."""
        from onenight_core.engine.protocol import new_game
        from onenight_core.play.saves import SavedGame

        seed = new_seed() if seed is None else seed
        self.state = new_game(setup, seed, catalog=self.catalog)
        self.saved = SavedGame(setup, seed, (), {"stage": "deal", "deal": 0, "lang": self.lang})
        self._persist()
        self.show_deal(0)

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

        if self.state is not None and self.state.phase == "over":
            delete_save(self.save_file)  # at the reveal there is nothing left to resume or to spoil
            return
        try:
            write_save(self.save_file, self.saved)
        except OSError as exc:
            self.notify(f"Could not save the game: {exc.strerror or exc}", severity="error")

    def remember(self, settings: Settings) -> None:
        """Keep the set-up's choices for next time (and switch the narrator's voice on or off)."""
        if not settings.speech and self.speaker is not None:
            self.stop_speaking()
            self.speaker = None
        if settings.speech and not self.settings.speech:
            self._looked_for_voice = False  # switched on: look for a voice at the next line
        self.settings = settings
        if self.settings_file is not None:
            problem = store_settings(settings, self.settings_file)
            if problem:
                self.notify(problem, severity="warning")

    @property
    def in_game(self) -> bool:
        return self.state is not None and self.state.phase != "over"

    # -- navigation --------------------------------------------------------------------------------
    def route(self) -> None:
        """Open the screen a resumed game was on (never a private one)."""
        from onenight_core.engine.protocol import pending

        assert self.state is not None and self.saved is not None
        g, stage = self.state, self.saved.get("stage", "deal", str)
        # Notes read by type and range: a hand-edited save opens where it can, never past the deal.
        deal, step = self.saved.get("deal", 0, int), self.saved.get("step", -1, int)
        deal = deal if 0 <= deal <= len(g.setup.players) else 0
        known = -1 <= step < len(g.script)
        step = step if known else len(g.script)  # unknown: the step the engine is asking (below)
        left = self.saved.get("day_left", None, float)
        if g.phase == "over":
            self.show_reveal()
        elif g.phase == "vote":
            if stage in ("vote",):
                self.show_vote()
            else:
                self.show_day(left if left is not None and 0 <= left <= 24 * 3600 else None)
        elif stage == "deal":
            self.show_deal(deal)
        elif stage == "marks" and known and step >= 0:
            self.show_mark_check(step)
        else:
            p = pending(g)
            if p is not None:
                ids = [s.id for s in g.script]
                if p.step in ids:
                    step = min(step, ids.index(p.step))
            self.show_night(step)

    def _open(self, screen: Screen) -> None:
        """Replace the public screen (closing any modal first: nothing private outlives a change)."""
        while len(self.screen_stack) > 1 and self.screen.is_modal:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def show_setup(self) -> None:
        from .screens.setup import SetupScreen

        self._open(SetupScreen())

    def show_deal(self, seat: int = 0) -> None:
        from .screens.deal import DealScreen

        self.note(stage="deal", deal=seat)
        self._open(DealScreen(seat))

    def show_night(self, step: int = -1, *, after: str = "") -> None:
        """The eyes-closed screen at ``step``; ``after`` is said before its call (a closing line)."""
        from .screens.night import NightScreen

        self.note(stage="night", step=step)
        self._open(NightScreen(step, after=after))

    def show_mark_check(self, step: int) -> None:
        """The mark check (script step ``step``): the laptop goes round, each player sees their mark."""
        from .screens.mark_check import MarkCheckScreen

        self.note(stage="marks", step=step)
        self._open(MarkCheckScreen(step))

    def show_day(self, seconds: float | None = None) -> None:
        from .screens.day import DayScreen

        seconds = self.settings.day_seconds if seconds is None else seconds
        self.note(stage="day", day_left=float(seconds))
        self._open(DayScreen(seconds))

    def show_vote(self) -> None:
        self.note(stage="vote")
        if self.settings.vote_mode == "private":
            from .screens.ballot import BallotScreen

            self._open(BallotScreen())
        else:
            from .screens.vote import VoteScreen

            self._open(VoteScreen())

    def show_reveal(self) -> None:
        from .screens.reveal import RevealScreen

        self.note(stage="over")
        self._open(RevealScreen())

    def play_again(self) -> None:
        """The same players and deck, a new deal."""
        assert self.saved is not None
        self.begin_game(self.saved.setup)

    def change_setup(self) -> None:
        if self.save_file is not None and not self.in_game:
            from onenight_core.play.saves import delete_save

            delete_save(self.save_file)
        self.state, self.saved = None, None
        self.show_setup()

    # -- app-wide actions --------------------------------------------------------------------------
    async def action_quit(self) -> None:
        """Mid-game, quitting asks first (the game is saved either way)."""
        if not self.in_game:
            self.exit()
            return
        from .screens.confirm_quit import ConfirmQuitScreen

        if isinstance(self.screen, ConfirmQuitScreen):
            return

        def done(quit_now: bool | None) -> None:
            if quit_now:
                self.exit()

        self.push_screen(ConfirmQuitScreen(), done)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
            return
        if self.screen.is_modal and getattr(self.screen, "PRIVATE", False):
            return  # a private screen stays as it is; help waits for the public screens
        roles = getattr(self.screen, "help_roles", None)
        deck = roles() if callable(roles) else (self.state.setup.deck if self.state else ())
        self.push_screen(HelpScreen(tuple(deck)))

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"
        self.remember(self.settings.replace(theme=self.theme))

    # -- crashes -----------------------------------------------------------------------------------
    def _handle_exception(self, error: Exception) -> None:
        self._crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """A crash must not print the game on the way out: Textual's traceback shows local variables
        (the whole state, every card) and engine messages name roles. The table gets one line; the
        details go to a file beside the save, for a bug report."""
        from rich.text import Text

        from .crash_report import write_crash_report

        self.bell()
        error = getattr(self, "_crash", None)
        where = ""
        if self.save_file is not None and error is not None:
            report = write_crash_report(Path(self.save_file).with_name("crash.txt"), error)
            where = f" Details for a bug report (no cards in them) are in {report}." if report else ""
        resume = (" The game is saved: `onenight --resume` continues it."
                  if self.saved is not None and self.in_game else "")
        self._exit_renderables.append(Text(f"onenight stopped because of an internal error "
                                           f"({type(error).__name__ if error else 'unknown'}).{resume}{where}"))
        self._close_messages_no_wait()

    # -- terminal size -----------------------------------------------------------------------------
    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _check_size(self) -> None:
        from .screens.too_small import TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing:
            self.screen.refresh_size()
            if not small:
                self.pop_screen()


def _make_speaker(lang: str):
    """The narrator's voice, when the speech module and a speech engine are there."""
    try:
        from .speech import Speaker  # written concurrently; the game runs silently without it
    except ImportError:
        return None
    try:
        return Speaker.auto(enabled=True, lang=lang)
    except Exception:  # noqa: BLE001 — no voice is never an error
        return None
