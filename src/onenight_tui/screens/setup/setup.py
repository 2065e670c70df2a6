"""Set-up: the players' names, the deck, the timers and the ruleset, validated as you type.

Names and choices are remembered for next time (settings.py). Only roles with a night behaviour are
offered (``onenight_core.rulesets.onuw.roles.playable``); the others are listed disabled as not playable yet. Under the
form a short note explains what the deck asks of the table: marks (Vampire roles), the Alpha Wolf's
extra center card. The "Narrator" entry opens the narrator (``NarratorScreen``) for tables that play
with their own cards, with this deck when it is one the narrator can read.

This is the first screen, so it paints at once: the names field comes first, and the parts that need
the catalog (presets, the deck, validation) are mounted right after the first frame (``_fill``). Typing
can start immediately. What it shows of the engine comes from ``setup_facts`` (kept between runs): the
engine is imported only for the checks of a form that passes the screen's own (``_validate``), and for
starting a game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, overload

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Static

from onenight_core.languages import LANGUAGE_INFO
from onenight_core.ruleset_ids import DEFAULT_RULESET, brings_cards, keeps_collections

from ... import css_cache, start_gc
from ...host import host
from ...plain_text import split_names
from ...settings import ACTION_CHOICES, DAY_CHOICES, LANGS, MAX_NAME, keep_parse
from ...bot_seats import bots_line
from ...setup_facts import DeckFacts, RulesetFacts, SetupFacts, setup_facts
from ...text.app_words import AppWords, SpeaksBindings, app_words, preset_name
from ...widgets.brought_cards import BroughtCards
from ...widgets.deck_list import DeckList
from ...widgets.key_bar import KeyBar
from ...widgets.picker import Picker

if TYPE_CHECKING:
    from collections.abc import Iterable

    from onenight_core.catalog.loader import Catalog
    from onenight_core.rulesets.options import Options
    from onenight_core.rulesets.ruleset import Ruleset

    from ...help_roster import HelpRoster
    from ...settings import Settings

MIN_PLAYERS, MAX_PLAYERS = 3, 10
CUSTOM = "custom"


def parse_names(text: str) -> list[str]:
    return [name for name in split_names(text) if name]


def name_too_long(names: list[str]) -> str | None:
    """The first name longer than the settings file keeps (``settings.MAX_NAME``): the one limit,
    enforced where the name is typed, so a remembered table is never dropped at the next start."""
    return next((name for name in names if len(name) > MAX_NAME), None)


#: Each language's name in its own words, for the language menu.
LANGUAGE_NAMES = {lang.id: lang.name for lang in LANGUAGE_INFO}  # languages.py


def _minutes(seconds: int, say: AppWords) -> str:
    return say("setup_minutes", minutes=seconds // 60 if seconds % 60 == 0 else f"{seconds / 60:.1f}")


class NamesInput(SpeaksBindings, Input):
    """The players' names. It opens with the remembered names kept whole and the cursor at their end
    (not selected: a key pressed to quit, ``q``, must not replace them), and Ctrl+Z undoes an edit
    (Ctrl+Y redoes it): a table that typed over its names gets them back."""

    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", show=False, id="names-undo"),
        Binding("ctrl+y,ctrl+shift+z", "redo", "Redo", show=False, id="names-redo"),
        # Not in the key bar (a French one is full already): the count under the names says it.
        Binding("ctrl+b", "toggle_bot", "Bot seat", id="setup-bot", show=False),
    ]

    _restoring = False

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        self._undo: list[tuple[str, int]] = []
        self._redo: list[tuple[str, int]] = []
        self._last = (value, len(value))
        super().__init__(value, select_on_focus=False, **kwargs)

    def _watch_value(self, value: str) -> None:
        super()._watch_value(value)
        if value == self._last[0]:
            return
        if not self._restoring:
            self._undo.append(self._last)
            del self._undo[:-100]
            self._redo.clear()
        self._last = (value, self.cursor_position)

    def _restore(self, taken: list[tuple[str, int]], given: list[tuple[str, int]]) -> None:
        if not taken:
            self.app.bell()
            return
        given.append((self.value, self.cursor_position))
        value, cursor = taken.pop()
        self._restoring = True
        try:
            self.value = value
        finally:
            self._restoring = False
        self.cursor_position = min(cursor, len(value))
        self._last = (value, self.cursor_position)

    def action_undo(self) -> None:
        self._restore(self._undo, self._redo)

    def action_redo(self) -> None:
        self._restore(self._redo, self._undo)

    def action_toggle_bot(self) -> None:
        """The name under the cursor becomes a bot seat, or a human again (``@Name`` ⇄ ``Name``; on an
        empty name, the next default bot name): ``bot_seats.toggle_at``."""
        from ...bot_seats import toggle_at

        self.value, self.cursor_position = toggle_at(self.value, self.cursor_position, host(self).lang)


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` ("A. B." → "A."; Chinese ends a sentence with "。")."""
    for end in (". ", "。"):
        if end in text:
            return text.split(end)[0] + end.strip()
    return text


def preset_note(head: str, about: str, say: AppWords, *, named: bool = True) -> str:
    """The set-up's line about the chosen preset: its name (or what happened to the deck) and its
    description. A description that begins with the preset's name ("Vampire, 4 players. ...") is shown
    alone, never "Vampire: Vampire, 4 players"."""
    if not about:
        return head
    if named and about.casefold().startswith(head.casefold()):
        return about
    return say("setup_note_preset", preset=head, about=about)


class NarratorTable(NamedTuple):
    """What Ctrl+N hands the narrator (``NarratorScreen``): the ruleset whose narration it reads, the cards on
    the table (None: the narrator's own set-up asks for them) and the ruleset's options."""

    ruleset: str
    roster: tuple[str, ...] | None
    options: tuple[tuple[str, Any], ...]


def narrator_table(rules: RulesetFacts, deck: tuple[str, ...], options: tuple[tuple[str, Any], ...],
                   catalog: Catalog, brings: bool = False) -> NarratorTable:
    """What the set-up's form hands the narrator: the narration of the ruleset chosen (``rules``), its options.

    A ruleset whose cards are its own (``own_cards``: classic.toml's) brings the form's deck, which its own
    narration checks (``narration_for`` raises one clear line for a deck it cannot read, as the game's set-up
    check does): the narrator has no set-up for its cards (its set-up chooses roles.toml's). Otherwise the
    deck when the narrator can read it (``check_roster``), else None: the narrator's set-up asks for the
    cards, as it does for the cards Dalbula's players bring (``brings``: no deck is chosen here)."""
    from onenight_core.engine.narration import NarrationError, check_roster, narration_for

    if rules.own_cards:
        narration_for(rules.id, deck, options=dict(options))  # (SetupError: the form's deck is not readable)
        return NarratorTable(rules.id, tuple(deck), tuple(options))
    try:
        roster: tuple[str, ...] | None = None if brings else check_roster(deck, catalog, rules.id)
    except NarrationError:
        roster = None  # the narrator asks for the cards itself
    return NarratorTable(rules.id, roster, tuple(options))


LABEL_WIDTH = 11  # the fields' labels, one column


def _show(widget: Widget, shown: bool) -> None:
    """Show or hide ``widget``, touching its style only when that changes: setting ``display`` writes an
    inline rule and lays the screen out again even when the value is the one the style sheet gives (the
    form's first check set four of them, ~2 ms of the set-up's start)."""
    if widget.display != shown:
        widget.display = shown


def _field(label: str, options: list[tuple[str, Hashable]], value: Hashable, *, id: str,
           tooltip: str | None = None) -> Picker:
    """One line of the form: a label and a picker of a few choices."""
    return Picker(options, value=value, label=label, label_width=LABEL_WIDTH, id=id, classes="setup-field",
                  tooltip=tooltip)


#: Seconds between the filled frame and the engine's import in a thread (``_load_engine``): started at
#: once, the thread held the interpreter while the frame was being drawn (~15 ms later on screen).
ENGINE_AFTER_FRAME = 0.05
#: Seconds between the filled frame and the deck advisor's mount (widgets/advisor.py): after the frame.
ADVISOR_AFTER_FRAME = 0.1


class FormButton(Button, inherit_css=False):
    """A button of the form, looking as Textual's (its default style: compact, primary, disabled, focus,
    hover) with only the style rules the form's two buttons use: a ``Button`` brings ~40 rules (its flat, ansi, success,
    warning and error looks) that Textual matches against each button whenever it is styled, which is
    ~13 M instructions of the set-up's start (docs/tui.md, "Start-up time")."""

    DEFAULT_CSS = """
    FormButton {
        width: auto;
        min-width: 16;
        height:auto;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        pointer: pointer;
        &.-style-default {
            text-style: bold;
            color: $button-foreground;
            background: $surface;
            border: none;
            border-top: tall $surface-lighten-1;
            border-bottom: tall $surface-darken-1;
            &.-textual-compact {
                border: none !important;
            }
            &:disabled {
                text-opacity: 0.6;
                pointer: not-allowed;
            }
            &:focus {
                text-style: $button-focus-text-style;
                background-tint: $foreground 5%;
            }
            &:hover {
                border-top: tall $surface;
                background: $surface-darken-1;
            }
            &.-active {
                background: $surface;
                border-bottom: tall $surface-lighten-1;
                border-top: tall $surface-darken-1;
                tint: $background 30%;
            }
            &.-primary {
                color: $button-color-foreground;
                background: $primary;
                border-top: tall $primary-lighten-3;
                border-bottom: tall $primary-darken-3;
                &:hover {
                    background: $primary-darken-2;
                    border-top: tall $primary;
                }
                &.-active {
                    background: $primary;
                    border-bottom: tall $primary-lighten-3;
                    border-top: tall $primary-darken-3;
                }
            }
        }
    }
    """


class FormCheckbox(Checkbox, inherit_css=False):
    """The form's check box (read the night aloud), looking as Textual's compact ``Checkbox`` (on or off,
    focused or not, under the pointer) with only the style rules a compact one uses: the ANSI theme's,
    the bordered look's and ``Static``'s are left out, rules Textual matches against it at every restyle
    (docs/tui.md, "Start-up time"; ``tests/test_form_button.py`` checks it looks the same)."""

    COMPONENT_CLASSES = {"toggle--button", "toggle--label"}  # (not inherited without the CSS)
    DEFAULT_CSS = """
    FormCheckbox {
        width: auto;
        height: auto;
        border: none;
        padding: 0;
        background: $surface;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        pointer: pointer;
        & > .toggle--button {
            color: $panel-darken-2;
            background: $panel;
        }
        &.-on > .toggle--button {
            color: $text-success;
            background: $panel;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .toggle--label {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        &:blur:hover {
            & > .toggle--label {
                background: $block-hover-background;
            }
        }
    }
    """


class SetupScreen(SpeaksBindings, Screen[None]):
    # setup.tcss is read with the app's own style sheet (OneNightApp.CSS_PATH), parsed once at start.
    AUTO_FOCUS = "#setup-players"
    help_notes = ("setup_bots_hint",)  # F1: how to make a bot seat (no line under the names without bots)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # with notes, a short terminal packs the form
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="setup-start", priority=True),
        Binding("ctrl+n", "narrator", "Narrator", id="setup-narrator", priority=True),
        Binding("ctrl+o", "rules_options", "Options", id="setup-options", priority=True),
        Binding("f2", "app.toggle_theme", "Light/dark", id="setup-theme"),
        Binding("f3", "collection", "Cards", id="setup-collection"),
    ]

    def __init__(self) -> None:
        super().__init__()
        # The height's class, which Textual sets when the screen is first resized, set from the
        # terminal's size already (unstyled yet): set then, it restyles every widget of the screen (~2 ms).
        height = self.app.size.height
        self.add_class(*[name for low, name in self.VERTICAL_BREAKPOINTS if height >= low][-1:], update=False)
        self.counts: Counter[str] = Counter()
        self.problem: str | None = "the roles are loading"
        # Whether the key bar's first frame shows Start: a returning table's form most likely passes, and
        # a key that then appears makes the bar rebuild all its keys during the fill (~6 widgets). Until
        # the screen is filled, Start does nothing (action_start).
        self._start_shown_early = MIN_PLAYERS <= len(host(self).settings.players) <= MAX_PLAYERS
        self.filled = False
        self._engine_later = False  # the fill's first check leaves the engine's part for after its frame
        self.facts: SetupFacts | None = None  # what the screen shows of the engine, read by _fill
        self._preset_players = 0
        # What the last change of player count did to the chosen preset, until the deck is changed by hand.
        self._deck_news: str | None = None
        # The kind of preset the deck came from ("vampire") and its player count, until changed by hand.
        self._family: str | None = None
        self._family_players = 0

    # -- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        settings = host(self).settings
        say = app_words(self)
        with Horizontal(id="setup-top"):
            yield Label(self._title(settings.ruleset, say), id="setup-title")
        with Horizontal(id="setup-columns"):
            with Vertical(id="setup-left"):
                yield Label(say("setup_players", low=MIN_PLAYERS, high=MAX_PLAYERS), id="setup-players-label")
                yield NamesInput(", ".join(settings.players), placeholder=say("setup_players_placeholder"),
                                 id="setup-players", compact=True, classes="-valid",  # no validators: valid
                                 tooltip=say("setup_bots_hint"))
            yield Vertical(id="setup-right")
        yield KeyBar()

    def on_mount(self) -> None:
        # The fill runs on the app's message loop, not the screen's: the screen stays free to handle its
        # own messages while the fill awaits, which is what starts its frame clock early (``_fill``).
        self.call_after_refresh(self.app.call_next, self._fill)

    async def _fill(self) -> None:
        """Mount what needs the catalog, once the first frame is on screen.

        Why it starts with the language menu, awaited: Textual draws a screen's later frames on a clock
        of 1/60 s that starts the first time the screen asks for one, and its first tick comes a whole
        period after that. Without the menu, that first ask came only once the fill was over, which held
        the complete form back ~17 ms. The menu's layout asks for a frame at once, so the clock runs
        while the rest is built and its tick draws the form ~5 ms after the fill instead. The rest is
        mounted in one batch: however slow the machine, no tick draws a half-built form
        (docs/tui.md, "Start-up time")."""
        app = host(self)
        say = app_words(self)
        # The language menu, at the top right: each language named in its own words.
        await self.query_one("#setup-top").mount(
            Picker([(name, lang) for lang, name in LANGUAGE_NAMES.items() if lang in LANGS],
                   value=app.lang if app.lang in LANGS else "en", label="", label_width=0, id="setup-lang",
                   tooltip=say("setup_lang_tooltip")))
        with self.app.batch_update():
            await self._fill_form()
        self.check_idle()  # a tick that fell inside the batch drew nothing: the screen asks again

    async def _fill_form(self) -> None:
        """The form's fields, the deck list and the status lines, and the form's first check."""
        app = host(self)
        settings = app.settings
        say = app_words(self)
        facts = self.facts = setup_facts(app.lang, app.given_catalog)
        playable = facts.playable
        self.counts = Counter(r for r in settings.deck if r in playable)
        days = sorted(set(DAY_CHOICES) | {settings.day_seconds})
        actions = sorted(set(ACTION_CHOICES) | {settings.action_seconds})
        left = [
            _field(say("setup_preset"), [(say("setup_custom_deck"), CUSTOM)], CUSTOM, id="setup-preset"),
            _field(say("setup_day"), [(_minutes(s, say), s) for s in days], settings.day_seconds, id="setup-day"),
            _field(say("setup_night_step"), [(say("setup_seconds_each", seconds=f"{s:g}"), s) for s in actions],
                   settings.action_seconds, id="setup-action", tooltip=say("setup_night_step_help")),
            _field(say("setup_vote"), [(say("setup_vote_public"), "public"), (say("setup_vote_private"), "private")],
                   settings.vote_mode, id="setup-vote"),
            _field(say("setup_ruleset"), [(self._ruleset_label(r, say), r.id) for r in facts.rulesets],
                   settings.ruleset if facts.ruleset(settings.ruleset) else DEFAULT_RULESET, id="setup-ruleset"),
            FormCheckbox(say("setup_speech"), settings.speech, compact=True, id="setup-speech"),
            # Enabled from the start for a returning table (``_start_shown_early``): no restyle at its check.
            Horizontal(FormButton(say("setup_start_button"), id="setup-start-button", variant="primary", compact=True,
                                  disabled=not self._start_shown_early),
                       FormButton(say("setup_narrator_button"), id="setup-narrator-button", compact=True,
                                  tooltip=say("setup_narrator_tooltip")),
                       id="setup-buttons"),
        ]
        # Everything is mounted (the buttons inside their row too) before this returns, so the screen is
        # laid out once with the whole form, not again when a late part arrives.
        # Hidden from the start (the brought cards: Dalbula's own set-up only; the notes: empty until a
        # deck has some), so the form's first check changes no style (``_show``).
        brought = BroughtCards(id="setup-brought", markup=False)
        notes = Static("", id="setup-notes", markup=False)
        brought.display = notes.display = False
        self.query_one("#setup-right").mount_all(
            [Label(say("setup_deck"), id="setup-deck-title"),
             DeckList(list(facts.rows), dict(self.counts), id="setup-deck"), brought])
        # The lines that are empty until the form is checked: the names' count, the notes and the status.
        self.mount_all([notes,
                        # A fresh form's first check finds a problem (no names yet): classed so from the
                        # start, the check restyles nothing.
                        Static("", id="setup-status", markup=False, classes="-problem")],
                       after="#setup-columns")
        left.insert(0, Label("", id="setup-count", markup=False))
        await self.query_one("#setup-left").mount_all(left)
        self.filled = True
        # A remembered form that passes the screen's checks is checked by the engine right after the
        # filled screen is drawn (importing the engine takes ~50 ms): until then its status says ready,
        # and starting checks it in full anyway (action_start).
        self._engine_later = True
        if self._select("setup-ruleset") != DEFAULT_RULESET:  # another ruleset's cards in the deck list
            await self._ruleset_chosen()
        self._players_changed(initial=True)
        self._engine_later = False
        self.call_after_refresh(css_cache.keep)  # the styles parsed for this screen, for the next start
        self.call_after_refresh(keep_parse)  # and the settings' parse
        self.call_after_refresh(start_gc.release)  # the garbage collector, held for the start (start_gc.py)
        self.call_after_refresh(self.set_timer, ADVISOR_AFTER_FRAME, self._mount_advisor)

    def _mount_advisor(self) -> None:
        """The deck advisor (widgets/advisor.py) under the deck, once the complete screen is out."""
        from ...widgets.advisor import DeckAdvisor

        self.query_one("#setup-right").mount(DeckAdvisor(id="setup-advisor"), after="#setup-deck")
        self._advise()

    def _advise(self) -> None:
        """Feed the advisor the form's table (classic's too): none while the form has a problem, or for a
        deck that is not chosen here (the cards Dalbula's players bring); the claiming bots with bot seats."""
        found = self.query("#setup-advisor")
        if not found:  # (before the advisor is mounted: start-up does not import it)
            return
        from ...widgets.advisor import DeckAdvisor

        advisor = found.first(DeckAdvisor)
        ruleset = self._select("setup-ruleset")
        hidden = self._brings_cards(ruleset)
        advisor.show_for(0 if hidden else None if self.problem is not None else len(self.names), self.deck,
                         ruleset, host(self).settings.options_for(ruleset), "claiming" if self.bots else "informed")

    @property
    def known(self) -> SetupFacts:
        """The facts ``_fill`` read (the screen is filled before anything asks)."""
        assert self.facts is not None, "the set-up is not filled yet"
        return self.facts

    @staticmethod
    def _title(ruleset: str, say: AppWords) -> str:
        """The title names the ruleset being set up ("달뷸라 — 게임 준비"); One Night's is the app's own."""
        key = f"setup_ruleset_{ruleset}"
        if ruleset == DEFAULT_RULESET or not say.has(key):
            return say("setup_title")
        return say("setup_title_ruleset", ruleset=say(key))

    @staticmethod
    def _ruleset_label(ruleset: Ruleset | RulesetFacts, say: AppWords) -> str:
        key = f"setup_ruleset_{ruleset.id}"
        return say(key) if say.has(key) else ruleset.label

    # -- reading the form --------------------------------------------------------------------------
    @property
    def entries(self) -> list[str]:
        """The names as typed (a bot seat is ``@Name``): what the next set-up starts from."""
        return parse_names(self.query_one("#setup-players", Input).value)

    @property
    def names(self) -> list[str]:
        """The players' names (``@bot`` given the language's next default bot name)."""
        from ...bot_seats import seat_names

        return list(seat_names(self.entries, host(self).lang)[0])

    @property
    def bots(self) -> frozenset[int]:
        """The bot seats (bots/)."""
        from ...bot_seats import seat_names

        return seat_names(self.entries, host(self).lang)[1]

    @property
    def deck(self) -> tuple[str, ...]:
        """The deck chosen, in the order its ruleset writes a deck (classic's own cards in theirs)."""
        own = self.own_deck
        order = {role: i for i, role in enumerate(own.order if own is not None else self.known.order)}
        last = len(order)  # (every role of the deck list is in the order)
        return tuple(r for r in sorted(self.counts, key=lambda r: order.get(r, last)) for _ in range(self.counts[r]))

    @property
    def rules(self) -> RulesetFacts | None:
        """The chosen ruleset's facts (``RulesetFacts``; None before the form is filled)."""
        return self.known.ruleset(self._select("setup-ruleset")) if self.filled else None

    @property
    def own_cards(self) -> bool:
        """Whether the chosen ruleset's cards are its own (classic.toml), not One Night's: no One Night
        presets, its own default decks, no marks."""
        rules = self.rules
        return rules is not None and rules.own_cards

    @property
    def own_deck(self) -> DeckFacts | None:
        """The chosen ruleset's own deck list (``RulesetFacts.deck``); None: One Night's."""
        rules = self.rules
        return rules.deck if rules is not None else None

    @property
    def most_players(self) -> int:
        """The chosen ruleset's largest table (classic's village is larger than One Night's)."""
        chosen = self.rules
        return chosen.most_players if chosen is not None else MAX_PLAYERS

    # What each menu of the form holds (its choices, ``_field``): ids and modes, the day's whole seconds, a
    # night step's seconds.
    @overload
    def _select(self, id: Literal["setup-ruleset", "setup-preset", "setup-vote"]) -> str: ...
    @overload
    def _select(self, id: Literal["setup-day"]) -> int: ...
    @overload
    def _select(self, id: Literal["setup-action"]) -> float: ...
    def _select(self, id: str) -> Hashable:
        return self.query_one(f"#{id}", Picker).value

    def help_roles(self) -> tuple[str, ...]:
        if self._brings_now:  # no deck: every role of the ruleset (collections are private)
            from ...widgets.brought_cards import collection_roles

            return collection_roles(host(self).catalog, self._select("setup-ruleset"))
        return self.deck

    def help_topic(self) -> HelpRoster:
        """What F1 explains: ``help_roles``, in the words of the chosen ruleset's family (classic's cards
        from classic.toml, One Night's roles from roles.toml)."""
        from ...help_roster import HelpRoster, help_roster

        rules, deck = self.rules, self.help_roles()
        return HelpRoster(deck, rules.family) if rules is not None else help_roster(deck, None)

    @property
    def help_title(self) -> str | None:
        """The help's heading for the roles of ``help_roles`` when they are not a deck's."""
        return "help_title_collections" if self._brings_now else None

    @property
    def _brings_now(self) -> bool:
        return self.filled and self._brings_cards(self._select("setup-ruleset"))

    # -- live validation ---------------------------------------------------------------------------
    def _validate(self) -> None:
        """Check the form as it is typed: the screen's own checks first (no engine), then, for a form
        that passes them, the engine's (``validate_setup``), imported then."""
        names, deck = self.names, self.deck
        ruleset = self._select("setup-ruleset")
        say = app_words(self)
        center = self._center(deck)
        brings = self._brings_cards(ruleset)
        problem = self._problem(names, deck, ruleset, center, say, brings=brings) or self._bots_problem(
            len(names), ruleset, brings, say)
        if problem is None and self._engine_later:
            self._engine_later = False
            # once the filled frame is out: a thread importing then would slow the frame's drawing
            self.call_after_refresh(self.set_timer, ENGINE_AFTER_FRAME, self._load_engine)
        elif problem is None:
            problem = self._engine_check(names, deck, ruleset, brings, say)
        self.problem = problem
        self.query_one("#setup-players-label", Label).update(
            app_words(self)("setup_players", low=MIN_PLAYERS, high=self.most_players))
        status = self.query_one("#setup-status", Static)
        status.update(say("setup_problem", problem=problem) if problem else
                      say("setup_ready_brought", players=len(names)) if brings else
                      say("setup_ready", players=len(names), count=len(deck)))
        status.set_class(problem is not None, "-problem")
        self.query_one("#setup-start-button", Button).disabled = problem is not None
        self.query_one("#setup-deck-title", Label).update(
            say("setup_brought_title") if brings else
            say("setup_deck_count_sum", count=len(deck), center=center, total=len(names) + center) if names
            else say("setup_deck_count", count=len(deck)))
        self._show_brought(brings, names)
        notes = self._notes(deck)
        box = self.query_one("#setup-notes", Static)
        box.update(notes)
        _show(box, bool(notes))
        self.set_class(bool(notes), "-noted")
        self.refresh_bindings()
        self._advise()

    def _bots_problem(self, players: int, ruleset: str, brings: bool, say: AppWords) -> str | None:
        """What the bot seats ask of the form: a human at the table, a ruleset bots play, a deck chosen
        here (bots bring no cards)."""
        bots = self.bots
        if not bots:
            return None
        if len(bots) >= players:
            return say("setup_bots_need_human")
        facts = self.known.ruleset(ruleset)
        if facts is None or not facts.bots_play:
            return say("setup_bots_ruleset")
        return say("setup_bots_bring") if brings else None

    class EngineLoaded(Message):
        """The engine is imported (``_load_engine``): the form can be checked by it."""

    def _load_engine(self) -> None:
        """Import the engine in a thread, then check the form with it (``EngineLoaded``).

        A plain start reaches the filled screen without the engine (~0.2 s of imports: every ruleset):
        imported at once, on the app's thread, it would hold the first keys typed into the complete
        screen. A failure is left to the check itself, which imports it again and says what is wrong."""
        import threading

        def load() -> None:
            try:
                import onenight_core.engine.protocol  # noqa: F401
            except BaseException:  # noqa: BLE001 — never a traceback into the terminal; _validate retries
                pass
            try:
                self.post_message(self.EngineLoaded())  # thread-safe; dropped if the screen has gone
            except Exception:  # noqa: BLE001 — the app has ended meanwhile (its loop is closed)
                pass

        threading.Thread(target=load, name="onenight-engine-import", daemon=True).start()

    def on_setup_screen_engine_loaded(self) -> None:
        self._validate()

    def _engine_check(self, names: list[str], deck: tuple[str, ...], ruleset: str, brings: bool,
                      say: AppWords) -> str | None:
        """The engine's check of a form that passes the screen's own (the engine is imported here, the
        first time a form gets this far)."""
        from onenight_core.engine.protocol import validate_setup
        from onenight_core.errors import OneNightError
        from onenight_core.model.values import Setup

        if brings:  # each player brings a card from their collection: no deck to check
            try:
                Setup(tuple(names), (), ruleset)
            except OneNightError as exc:
                return self._engine_problem(exc)
            return None
        try:
            validate_setup(Setup(tuple(names), deck, ruleset), host(self).catalog)
        except OneNightError as exc:  # a rarer rule the screen does not word itself: the core's
            return self._engine_problem(exc)
        if keeps_collections(ruleset) and len(deck) == len(names):
            # the official set-up (the option) deals a whole table; brought cards come from collections
            return say("setup_whole_table", count=len(names) + self._center(()))
        return None

    def _engine_problem(self, error: Exception) -> str:
        """The engine's refusal in the app's language when the engine said it as a message (``said``),
        else its own line."""
        from ...text.catalog import load

        said = getattr(error, "said", None)
        if said is not None and said.id in load(host(self).lang):
            from ...text.words import Wording

            text = Wording((), host(self).catalog, host(self).lang).phrase(said)
        else:
            text = str(error)
        if not any(name and text.startswith(name) for name in self.names):  # a name stays as typed
            text = text[:1].upper() + text[1:]
        return text + ("" if text.endswith((".", "。")) else ".")

    def _problem(self, names: list[str], deck: tuple[str, ...], ruleset: str, center: int,
                 say: AppWords, brings: bool = False) -> str | None:
        """What keeps the table from starting, in the app's language, for the problems a table meets
        while it fills the form (the engine's own check runs after these, for the rare rest)."""
        if len(names) < MIN_PLAYERS:
            return say("setup_too_few", low=MIN_PLAYERS, count=len(names))
        if len(names) > self.most_players:
            return say("setup_too_many", high=self.most_players, count=len(names))
        long_name = name_too_long(names)
        if long_name is not None:
            return say("setup_name_too_long", start=long_name[:12], most=MAX_NAME)
        seen: dict[str, str] = {}
        for name in names:
            if name.casefold() in seen:
                return say("setup_same_names", first=seen[name.casefold()], second=name)
            seen[name.casefold()] = name
        rules = self.known.ruleset(ruleset)
        if rules is not None and rules.not_playable:
            return say("setup_not_playable", ruleset=self._ruleset_label(rules, say))
        if brings:
            return None  # the cards come from the players' collections
        if not deck:
            return say("setup_no_cards")
        need = len(names) + center
        if rules is not None and rules.counts_deck and len(deck) != need:  # others count their cards their own way
            return say("setup_card_count", players=len(names), need=need, center=center, count=len(deck))
        return None

    def _show_brought(self, brings: bool, names: list[str]) -> None:
        """Under Dalbula's own set-up the players' collections stand where the deck is chosen otherwise
        (the deck would be ignored), and One Night's presets are not offered."""
        _show(self.query_one("#setup-deck"), not brings)
        _show(self.query_one("#setup-preset"), not brings)
        brought = self.query_one("#setup-brought", BroughtCards)
        _show(brought, brings)
        if brings:
            brought.show(names)

    def _brings_cards(self, ruleset: str) -> bool:
        """Dalbula's own set-up (docs/rules.md §2.1): the players bring cards from their collections, unless
        the official set-up (§2.2, the ruleset's option) deals this deck."""
        return brings_cards(ruleset, host(self).settings.options_for(ruleset))

    @property
    def _night_step_focused(self) -> bool:
        focused = self.focused
        return focused is not None and any(w.id == "setup-action" for w in focused.ancestors_with_self)

    def on_descendant_focus(self) -> None:
        if self.filled:
            self._validate()  # the notes say what the night step time means while its field is focused

    def on_descendant_blur(self) -> None:
        if self.filled:
            self._validate()

    def _center(self, deck: tuple[str, ...]) -> int:
        """The center cards the deck asks for: the chosen ruleset's base center and the cards its roles add
        (the Alpha Wolf's center werewolf card, classic's thief's two), as its set-up check counts them."""
        rules = self.rules
        return rules.center(deck) if rules is not None else self.known.center(deck)

    def _notes(self, deck: tuple[str, ...]) -> str:
        """What happened to the deck, what the chosen preset is, and what this deck asks of the table, in a
        few words: marks, the Alpha Wolf's extra card."""
        facts = self.known
        say, lang = app_words(self), host(self).lang
        lines = []
        about_line = -2  # the line of the preset's description, if any
        if self._night_step_focused:
            # A tooltip shows only under a mouse: said here, where the player reading the field looks.
            lines.append(say("setup_night_step_note", help=say("setup_night_step_help")))
        marks: list[str] = []
        if not self.own_cards and facts.mark_roles.intersection(deck):  # the marks' words need the engine
            from onenight_core.rulesets.night_script import marks_in_deck

            marks = [m for m in marks_in_deck(deck, host(self).catalog) if m != "mark_of_clarity"]
        preset = facts.preset(self._select("setup-preset"))
        news = self._deck_news
        plain = preset is not None and preset == facts.default_preset(len(self.names))  # base-N: no description
        about = preset.description if preset is not None and (news or not plain) else ""
        if preset is not None and (news or not plain) and (about or news):
            # With marks, the marks' note below says what they do: the preset's first sentence is enough
            # (at 80×24 there is no room for both in full).
            if about and marks:
                about = first_sentence(about)
            head = news or self._preset_name(preset.id, say)
            lines.append(preset_note(head, about, say, named=not news))
            about_line = len(lines) - 1
        elif news:
            lines.append(news)
        if "alpha_wolf" in deck:
            lines.append(say("setup_alpha_wolf_note", role=self._role_name("alpha_wolf")))
        if marks:
            from ...text.words import Wording

            words = Wording((), None, lang)
            effects = say("setup_mark_separator").join(
                say("setup_mark_effect", mark=words.mark_short(m), effect=words.mark_effect(m)) for m in marks)
            note = say("setup_marks_note", clarity=words.mark_short("mark_of_clarity"), effects=effects)
            if about_line == len(lines) - 1:  # one paragraph with the preset's line: no half-empty line
                lines[-1] = say("setup_notes_join", first=lines[-1], second=note)
            else:
                lines.append(note)
        return "\n".join(lines)

    def _role_name(self, role: str) -> str:
        return self.known.name(role)

    @staticmethod
    def _preset_name(preset_id: str, say: AppWords) -> str:
        """A preset as the menu names it (the menu lists only the presets for the players entered)."""
        return preset_name(preset_id, say)

    def _players_changed(self, initial: bool = False) -> None:
        if not self.filled:
            return
        facts = self.known
        n = len(self.names)
        say = app_words(self)
        self.query_one("#setup-count", Label).update(
            # Each name with its player number: the Oracle and the ripples speak of numbers.
            say("setup_count_names", count=n, names=say("setup_name_separator").join(
                say("numbered_name", number=i, name=name) for i, name in enumerate(self.names, 1)))
            + ("\n" + line if (line := bots_line(n, self.bots, say)) else "") if self.names
            else say("setup_count", count=n))
        presets = facts.presets_for(n, DEFAULT_RULESET)
        picker = self.query_one("#setup-preset", Picker)
        options = [(say("setup_custom_deck"), CUSTOM)] + [(self._preset_name(p.id, say), p.id) for p in presets]
        if n != self._preset_players or initial:
            before, self._preset_players = self._preset_players, n
            self._deck_news = None  # news of the last count no longer holds
            with self.prevent(Picker.Changed):
                picker.set_options(options)
            own = self.own_deck
            if own is not None and own.defaults:  # its own default deck follows the count; a chosen deck stays
                if not self.counts or Counter(own.default(before or n)) == self.counts:
                    self._apply_deck(own.default(n))
            elif not self.counts:
                preset = facts.default_preset(n)
                if preset is not None:
                    self._apply_deck(preset.roles)
            elif not initial and self._family is not None:
                self._follow_preset(n)
            matching = next((p.id for p in presets if Counter(p.roles) == self.counts and not self.own_cards), CUSTOM)
            with self.prevent(Picker.Changed):
                picker.value = matching
            self._remember_preset(matching, n)
        self._validate()

    def _remember_preset(self, preset_id: Hashable, n: int) -> None:
        """The deck is now preset ``preset_id`` for ``n`` players (or no preset: ``CUSTOM``). Its kind is
        remembered until the deck is changed by hand, so the deck keeps following the player count
        through counts that have no such preset (names cleared, then a new group typed)."""
        if preset_id != CUSTOM:
            self._family, self._family_players = str(preset_id).rsplit("-", 1)[0], n

    def _follow_preset(self, n: int) -> None:
        """The player count changed under a deck that came from a preset: take the same kind of preset for
        ``n`` players (``vampire-5`` → ``vampire-6``) when there is one, else keep the deck; either way say
        what happened, so a deck never changes behind the players' backs."""
        family, before = self._family, self._family_players
        follow = self.known.preset(f"{family}-{n}")
        say = app_words(self)
        if follow is not None and follow.players == n and follow.ruleset == DEFAULT_RULESET:
            if Counter(follow.roles) != self.counts:
                self._apply_deck(follow.roles)
            if before != n:
                self._deck_news = say("setup_news_followed", count=n, preset=self._preset_name(follow.id, say),
                                      before=before)
        elif n >= MIN_PLAYERS and before != n:
            self._deck_news = say("setup_news_kept", preset=self._preset_name(f"{family}-{before}", say),
                                  before=before, count=n)

    def _apply_deck(self, roles: Iterable[str]) -> None:
        self.counts = Counter(roles)
        self.query_one("#setup-deck", DeckList).set_counts(dict(self.counts))

    @on(Input.Changed, "#setup-players")
    def _names_edited(self) -> None:
        self._players_changed()

    @on(Input.Submitted, "#setup-players")
    def _names_submitted(self) -> None:
        self.action_start()

    @on(Picker.Changed, "#setup-preset")
    def _preset_chosen(self, event: Picker.Changed) -> None:
        if event.value == CUSTOM:
            return
        preset = next((p for p in self.known.presets_for(len(self.names), DEFAULT_RULESET) if p.id == event.value),
                      None)
        if preset is not None:
            self._apply_deck(preset.roles)
            self._remember_preset(preset.id, len(self.names))
        self._deck_news = None
        self._validate()

    @on(Picker.Changed, "#setup-lang")
    def _lang_chosen(self, event: Picker.Changed) -> None:
        """Another language: the form is kept (remembered) and the set-up comes back in that language."""
        if not self.filled or event.value == host(self).lang or event.value not in LANGS:
            return
        host(self).switch_language(str(event.value), self._form_settings())

    @on(Picker.Changed, "#setup-ruleset")
    async def _ruleset_chosen(self) -> None:
        """Classic has its own cards: the deck list shows them (or One Night's again), with a default deck."""
        if not self.filled:
            return
        chosen = self._select("setup-ruleset")
        self.query_one("#setup-title", Label).update(self._title(str(chosen), app_words(self)))
        shown = str(chosen)
        if shown == getattr(self, "_deck_ruleset", DEFAULT_RULESET):
            self._validate()  # the same cards as before (e.g. the menu's first value, posted late)
            return
        self._deck_ruleset = shown
        own = self.own_deck
        if own is not None and own.defaults:  # cards of its own (classic's), with its own default decks
            rows = list(own.rows)
            self.counts = Counter(own.default(len(self.names)))
        elif own is not None:  # its own roles of roles.toml (Dalbula's 81: Sleepwalker, Mayor…)
            rows = list(own.rows)
            playable = {role for role, _, _, ok in own.rows if ok}
            kept = Counter(r for r in host(self).settings.deck if r in playable)
            preset = self.known.default_preset(len(self.names))
            self.counts = kept or Counter(preset.roles if preset is not None else ())
        else:
            rows = list(self.known.rows)
            preset = self.known.default_preset(len(self.names))
            self.counts = Counter(preset.roles if preset is not None else ())
            self._family = None
            if preset is not None:
                self._remember_preset(preset.id, len(self.names))
        await self.query_one("#setup-deck").remove()
        await self.query_one("#setup-right").mount(DeckList(rows, dict(self.counts), id="setup-deck"),
                                                   after="#setup-deck-title")  # (above the advisor)
        if self.own_cards:  # One Night's presets are not decks of its cards
            with self.prevent(Picker.Changed):
                self.query_one("#setup-preset", Picker).value = CUSTOM
        self._validate()
        self.refresh_bindings()  # the collection key is Dalbula's

    @on(DeckList.Changed)
    def _deck_changed(self, event: DeckList.Changed) -> None:
        if event.count:
            self.counts[event.role] = event.count
        else:
            self.counts.pop(event.role, None)
        self._deck_news = None
        presets = self.known.presets_for(len(self.names), DEFAULT_RULESET)
        matching = next((p.id for p in presets if Counter(p.roles) == self.counts), CUSTOM)
        with self.prevent(Picker.Changed):
            self.query_one("#setup-preset", Picker).value = matching
        self._family = None  # a deck made by hand stays as it is when the count changes
        self._remember_preset(matching, len(self.names))
        self._validate()

    # -- starting ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.problem is None if self.filled else self._start_shown_early
        if action == "collection":  # the card collections are Dalbula's (docs/rules.md §3.8)
            # The footer asks at any refresh, also while the screen is (re)composed: never assume the
            # menu is there (it was not once, under load: NoMatches).
            from textual.css.query import NoMatches

            try:
                return self.filled and keeps_collections(self._select("setup-ruleset"))
            except NoMatches:
                return False
        if action == "rules_options":  # not while a menu is open (its footer needs the room at 80 columns)
            return not any(picker.expanded for picker in self.query(Picker))
        return True

    @on(Button.Pressed, "#setup-start-button")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#setup-narrator-button")
    def _narrator_pressed(self) -> None:
        self.action_narrator()

    def action_narrator(self) -> None:
        """Open the narrator of the ruleset chosen, in the form's language, with its options and this deck
        when the narrator can read it, else with its own set-up (``narrator_table``); leaving the narrator
        comes back here. A deck of a ruleset's own cards that its narration cannot read: the line why."""
        rules = self.rules
        if rules is None:
            return
        from onenight_core.engine.narration import Timing
        from onenight_core.errors import OneNightError

        from ...error_words import error_text
        from ..narrator.narrator import NarratorScreen

        app = host(self)
        try:
            table = narrator_table(rules, self.deck, app.settings.options_for(rules.id), app.catalog,
                                   self._brings_cards(rules.id))
        except OneNightError as exc:
            self.app.bell()
            self.notify(error_text(exc, app.lang), severity="error", markup=False)
            return
        timing = Timing(action=float(self._select("setup-action")), day=float(self._select("setup-day")))
        narrator = NarratorScreen(roster=table.roster, lang=app.lang, timing=timing,
                                  voice=self.query_one("#setup-speech", Checkbox).value,
                                  catalog=app.catalog, ruleset=table.ruleset, game_options=dict(table.options))
        self.app.push_screen(narrator, lambda _result: self._narrator_left(narrator.remembered_lang))

    def _narrator_left(self, lang: str | None) -> None:
        """A language chosen in the narrator (``l``) is remembered there: the set-up follows it, form kept."""
        if lang is not None and lang != host(self).lang and lang in LANGS:
            host(self).switch_language(lang, self._form_settings())

    def action_start(self) -> None:
        if not self.filled:
            return
        self._validate()
        if self.problem is not None:
            self.app.bell()
            return
        from onenight_core.model.values import Setup

        names, deck = tuple(self.names), self.deck
        ruleset = self._select("setup-ruleset")
        app = host(self)
        options = app.settings.options_for(ruleset)
        app.remember(self._form_settings())
        if self._brings_cards(ruleset):
            app.collections.bring(names, ruleset, options)  # each player picks the card they bring, then the deal
            return
        app.begin_game(Setup(names, deck, ruleset, options), app.take_seed(), self.bots)

    def _form_settings(self) -> Settings:
        """The app's settings with the form's choices (what the next set-up starts from)."""
        app = host(self)
        return app.settings.replace(
            players=tuple(self.entries), deck=self.deck, day_seconds=int(self._select("setup-day")),
            action_seconds=self._select("setup-action"), vote_mode=self._select("setup-vote"),
            ruleset=self._select("setup-ruleset"), speech=self.query_one("#setup-speech", Checkbox).value,
            theme=self.app.theme, lang=app.lang,
        )

    def action_collection(self) -> None:
        """The named players' card collections (``CollectionScreen``)."""
        if not self.names:
            from ...text import Wording

            self.app.notify(Wording((), host(self).catalog, host(self).lang).text("collection_need_names"),
                            severity="warning", markup=False)
            return
        from .collection import CollectionScreen

        self.app.push_screen(CollectionScreen(tuple(self.names), self._select("setup-ruleset")))

    def action_rules_options(self) -> None:
        """The chosen ruleset's options (``RulesOptionsScreen``); kept ones are remembered per ruleset."""
        from onenight_core.rulesets import ruleset_for

        from .rules_options import RulesOptionsScreen

        rules, app = ruleset_for(self._select("setup-ruleset")), host(self)

        def kept(options: Options | None) -> None:
            if options is not None:
                app.remember(app.settings.with_options(rules.id, options))
                if self.filled:
                    self._validate()  # dalbula's official set-up decides whether the deck is checked

        self.app.push_screen(RulesOptionsScreen(rules.options, self._ruleset_label(rules, app_words(self)),
                                                app.settings.options_for(rules.id)), kept)
