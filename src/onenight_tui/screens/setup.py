"""Set-up: the players' names, the deck, the timers and the ruleset, validated as you type.

Names and choices are remembered for next time (settings.py). Only roles with a night behaviour are
offered (``onenight_core.rulesets.onuw.roles.playable``); the others are listed disabled as not playable yet. Under the
form a short note explains what the deck asks of the table: marks (Vampire roles), the Alpha Wolf's
extra center card. The "Narrator" entry opens the narrator (``NarratorScreen``) for tables that play
with their own cards, with this deck when it is one the narrator can read.

This is the first screen, so it paints before the engine is loaded: the names field comes at once, and
the parts that need the catalog (presets, the deck, validation) are mounted right after the first
frame (``_fill``). Typing can start immediately."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Static

from ..settings import ACTION_CHOICES, DAY_CHOICES, LANGS
from ..text.app_words import AppWords, SpeaksBindings, app_words, preset_name
from ..widgets.brought_cards import BroughtCards
from ..widgets.deck_list import DeckList
from ..widgets.footer import Footer
from ..widgets.picker import Picker

MIN_PLAYERS, MAX_PLAYERS = 3, 10
CUSTOM = "custom"
EDITIONS = ("base", "daybreak", "bonus1", "bonus2", "bonus3", "bonus4", "vampire", "alien",
            "super_villains", "dalbula_custom")


def _edition_order(info) -> tuple:
    """Base game first, then the expansions in publication order, each in the catalog's order."""
    edition = EDITIONS.index(info.edition) if info.edition in EDITIONS else len(EDITIONS)
    return (edition, info.number)


def parse_names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


#: Each language's name in its own words, for the language menu.
LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "zh": "中文", "fr": "Français"}


def _minutes(seconds: int, say: AppWords) -> str:
    return say("setup_minutes", minutes=seconds // 60 if seconds % 60 == 0 else f"{seconds / 60:.1f}")


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` ("A. B." → "A."; Chinese ends a sentence with "。")."""
    for end in (". ", "。"):
        if end in text:
            return text.split(end)[0] + end.strip()
    return text


def deck_side(info, words, say: AppWords) -> str:
    """The short side a role's card plays for, as the deck's team column shows it ("Werewolf", "Own
    team"): a side of its own is not the role's name again."""
    if info.team == "special":
        own = info.special_team or info.id
        if own == info.id:
            return say("setup_side_own")
        return words.role(own) if own in words.catalog else words.team_name(own)  # the Tanner's side
    key = f"setup_side_{info.team}"
    return say(key) if say.has(key) else words.team(info.id)


LABEL_WIDTH = 11  # the fields' labels, one column


def _field(label: str, options: list[tuple[str, Hashable]], value: Hashable, *, id: str,
           tooltip: str | None = None) -> Picker:
    """One line of the form: a label and a picker of a few choices."""
    return Picker(options, value=value, label=label, label_width=LABEL_WIDTH, id=id, classes="setup-field",
                  tooltip=tooltip)


class SetupScreen(SpeaksBindings, Screen):
    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#setup-players"
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
        self.counts: Counter[str] = Counter()
        self.problem: str | None = "the roles are loading"
        self.filled = False
        self._preset_players = 0
        # What the last change of player count did to the chosen preset, until the deck is changed by hand.
        self._deck_news: str | None = None

    # -- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        settings = self.app.settings
        say = app_words(self)
        with Horizontal(id="setup-top"):
            yield Label(say("setup_title"), id="setup-title")
        with Horizontal(id="setup-columns"):
            with Vertical(id="setup-left"):
                yield Label(say("setup_players", low=MIN_PLAYERS, high=MAX_PLAYERS), id="setup-players-label")
                yield Input(", ".join(settings.players), placeholder=say("setup_players_placeholder"),
                            id="setup-players", compact=True)
                yield Label("", id="setup-count", markup=False)
            with Vertical(id="setup-right"):
                yield Label(say("setup_deck"), id="setup-deck-title")
        yield Static("", id="setup-notes", markup=False)
        yield Static("", id="setup-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self._fill)

    async def _fill(self) -> None:
        """Mount what needs the catalog, once the first frame is on screen."""
        from onenight_core.rulesets import RULESETS
        from onenight_core.rulesets.onuw.roles import playable

        from ..wording import Wording

        app = self.app
        settings = app.settings
        words = Wording((), app.catalog, app.lang)
        say = app_words(self)
        self.counts = Counter(r for r in settings.deck if r in app.catalog and playable(r))
        days = sorted(set(DAY_CHOICES) | {settings.day_seconds})
        actions = sorted(set(ACTION_CHOICES) | {settings.action_seconds})
        left = [
            _field(say("setup_preset"), [(say("setup_custom_deck"), CUSTOM)], CUSTOM, id="setup-preset"),
            _field(say("setup_day"), [(_minutes(s, say), s) for s in days], settings.day_seconds, id="setup-day"),
            _field(say("setup_night_step"), [(say("setup_seconds_each", seconds=f"{s:g}"), s) for s in actions],
                   settings.action_seconds, id="setup-action", tooltip=say("setup_night_step_help")),
            _field(say("setup_vote"), [(say("setup_vote_public"), "public"), (say("setup_vote_private"), "private")],
                   settings.vote_mode, id="setup-vote"),
            _field(say("setup_ruleset"), [(self._ruleset_label(r, say), r.id) for r in RULESETS.values()],
                   settings.ruleset if settings.ruleset in RULESETS else "onuw", id="setup-ruleset"),
            Checkbox(say("setup_speech"), settings.speech, compact=True, id="setup-speech"),
            Horizontal(Button(say("setup_start_button"), id="setup-start-button", variant="primary", compact=True),
                       Button(say("setup_narrator_button"), id="setup-narrator-button", compact=True,
                              tooltip=say("setup_narrator_tooltip")),
                       id="setup-buttons"),
        ]
        # The language menu, at the top right: each language named in its own words.
        self.query_one("#setup-top").mount(
            Picker([(name, lang) for lang, name in LANGUAGE_NAMES.items() if lang in LANGS],
                   value=app.lang if app.lang in LANGS else "en", label="", label_width=0, id="setup-lang",
                   tooltip=say("setup_lang_tooltip")))
        roles = sorted(app.catalog.in_ruleset("onuw"), key=_edition_order)
        rows = [(i.id, words.role(i.id), deck_side(i, words, say), True) for i in roles if playable(i.id)]
        rows += [(i.id, words.role(i.id), deck_side(i, words, say), False) for i in roles if not playable(i.id)]
        # Both columns mounted in one wait (one layout pass); the form's widgets are in the DOM at once.
        self.query_one("#setup-left").mount_all(left)
        await self.query_one("#setup-right").mount_all(
            [DeckList(rows, dict(self.counts), id="setup-deck"), BroughtCards(id="setup-brought", markup=False)])
        self.filled = True
        if self.classic or self._select("setup-ruleset") == "dalbula":
            await self._ruleset_chosen()
        self._players_changed(initial=True)

    @staticmethod
    def _ruleset_label(ruleset, say: AppWords) -> str:
        key = f"setup_ruleset_{ruleset.id}"
        return say(key) if say.has(key) else ruleset.label

    # -- reading the form --------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return parse_names(self.query_one("#setup-players", Input).value)

    @property
    def deck(self) -> tuple[str, ...]:
        if self.classic:  # its own cards (classic.toml), in their own order
            from ..classic_deck import classic_order

            return tuple(r for r in sorted(self.counts, key=classic_order) for _ in range(self.counts[r]))
        order = {info.id: i for i, info in enumerate(self.app.catalog.roles)}
        return tuple(r for r in sorted(self.counts, key=order.get) for _ in range(self.counts[r]))

    @property
    def classic(self) -> bool:
        return self.filled and self._select("setup-ruleset") == "classic"

    @property
    def most_players(self) -> int:
        """The chosen ruleset's largest table (classic's village is larger than One Night's)."""
        from onenight_core.rulesets import RULESETS

        chosen = RULESETS.get(self._select("setup-ruleset")) if self.filled else None
        return chosen.most_players if chosen is not None else MAX_PLAYERS

    def _select(self, id: str):
        return self.query_one(f"#{id}", Picker).value

    def help_roles(self) -> tuple[str, ...]:
        if self._brings_now:  # no deck: the roles the named players own, any of which may be brought
            from ..widgets.brought_cards import roles_owned

            return roles_owned(self.app, self.names)
        return self.deck

    @property
    def help_title(self) -> str | None:
        """The help's heading for the roles of ``help_roles`` when they are not a deck's."""
        return "help_title_collections" if self._brings_now else None

    @property
    def _brings_now(self) -> bool:
        return self.filled and self._brings_cards(self._select("setup-ruleset"))

    # -- live validation ---------------------------------------------------------------------------
    def _validate(self) -> None:
        from onenight_core.engine.protocol import validate_setup
        from onenight_core.errors import OneNightError
        from onenight_core.model.values import Setup

        names, deck = self.names, self.deck
        ruleset = self._select("setup-ruleset")
        say = app_words(self)
        center = self._center(deck) if not self.classic else 2 * ("thief" in deck)
        brings = self._brings_cards(ruleset)
        problem = self._problem(names, deck, ruleset, center, say, brings=brings)
        if problem is None and brings:  # each player brings a card from their collection: no deck to check
            try:
                Setup(tuple(names), (), ruleset)
            except OneNightError as exc:
                problem = self._engine_problem(exc)
        elif problem is None:
            try:
                validate_setup(Setup(tuple(names), deck, ruleset), self.app.catalog)
            except OneNightError as exc:  # a rarer rule the screen does not word itself: the core's
                problem = self._engine_problem(exc)
            if problem is None and ruleset == "dalbula" and len(deck) == len(names):
                # the official set-up (the option) deals a whole table; brought cards come from collections
                problem = say("setup_whole_table", count=len(names) + 3)
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
        box.display = bool(notes)
        self.set_class(bool(notes), "-noted")
        self.refresh_bindings()

    def _engine_problem(self, error) -> str:
        """The engine's refusal in the app's language when the engine said it as a message (``said``),
        else its own line."""
        from ..text.catalog import load

        said = getattr(error, "said", None)
        if said is not None and said.id in load(self.app.lang):
            from ..wording import Wording

            text = Wording((), self.app.catalog, self.app.lang).phrase(said)
        else:
            text = str(error)
        return text[:1].upper() + text[1:] + ("" if text.endswith((".", "。")) else ".")

    def _problem(self, names: list[str], deck: tuple[str, ...], ruleset: str, center: int,
                 say: AppWords, brings: bool = False) -> str | None:
        """What keeps the table from starting, in the app's language, for the problems a table meets
        while it fills the form (the engine's own check runs after these, for the rare rest)."""
        from onenight_core.rulesets import ruleset_for

        if len(names) < MIN_PLAYERS:
            return say("setup_too_few", low=MIN_PLAYERS, count=len(names))
        if len(names) > self.most_players:
            return say("setup_too_many", high=self.most_players, count=len(names))
        seen: dict[str, str] = {}
        for name in names:
            if name.casefold() in seen:
                return say("setup_same_names", first=seen[name.casefold()], second=name)
            seen[name.casefold()] = name
        if ruleset_for(ruleset).not_playable:
            return say("setup_not_playable", ruleset=self._ruleset_label(ruleset_for(ruleset), say))
        if brings:
            return None  # the cards come from the players' collections
        if not deck:
            return say("setup_no_cards")
        need = len(names) + center
        if ruleset == "onuw" and len(deck) != need:  # other rulesets count their cards their own way
            return say("setup_card_count", players=len(names), need=need, center=center, count=len(deck))
        return None

    def _show_brought(self, brings: bool, names: list[str]) -> None:
        """Under Dalbula's own set-up the players' collections stand where the deck is chosen otherwise
        (the deck would be ignored), and One Night's presets are not offered."""
        self.query_one("#setup-deck").display = not brings
        self.query_one("#setup-preset").display = not brings
        brought = self.query_one("#setup-brought", BroughtCards)
        brought.display = brings
        if brings:
            brought.show(names)

    def _brings_cards(self, ruleset: str) -> bool:
        """Dalbula's own set-up (roles.md §2.1): the players bring cards from their collections, unless
        the official set-up (§2.2, the ruleset's option) deals this deck."""
        return ruleset == "dalbula" and not dict(self.app.settings.options_for(ruleset)).get("official_setup", False)

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

    @staticmethod
    def _center(deck) -> int:
        """The center cards the deck asks for: the core's base center and the cards its roles add (the
        Alpha Wolf's center werewolf card), as onuw's set-up check counts them."""
        from onenight_core.rulesets.onuw.roles import BEHAVIOURS
        from onenight_core.rulesets.onuw.ruleset import BASE_CENTER

        return BASE_CENTER + sum(BEHAVIOURS[r].extra_center for r in deck if r in BEHAVIOURS)

    def _notes(self, deck) -> str:
        """What happened to the deck, what the chosen preset is, and what this deck asks of the table, in a
        few words: marks, the Alpha Wolf's extra card."""
        from onenight_core.catalog.presets import PRESETS, default_preset

        from ..wording import mark_effect, mark_short, marks_in_deck
        from ..text.rules_words import preset_description

        say, lang = app_words(self), self.app.lang
        lines = []
        about_line = -2  # the line of the preset's description, if any
        if self._night_step_focused:
            # A tooltip shows only under a mouse: said here, where the player reading the field looks.
            lines.append(say("setup_night_step_note", help=say("setup_night_step_help")))
        marks = [m for m in marks_in_deck(deck, self.app.catalog) if m != "mark_of_clarity"] \
            if not self.classic else []
        preset = PRESETS.get(self._select("setup-preset"))
        news = self._deck_news
        plain = preset is default_preset(len(self.names))  # base-N: the plain game needs no description
        about = preset_description(preset, lang) if preset is not None and (news or not plain) else ""
        if preset is not None and (news or not plain) and (about or news):
            # With marks, the marks' note below says what they do: the preset's first sentence is enough
            # (at 80×24 there is no room for both in full).
            if about and marks:
                about = first_sentence(about)
            head = news or self._preset_name(preset.id, say)
            lines.append(say("setup_note_preset", preset=head, about=about) if about else head)
            about_line = len(lines) - 1
        elif news:
            lines.append(news)
        if "alpha_wolf" in deck:
            lines.append(say("setup_alpha_wolf_note", role=self._role_name("alpha_wolf")))
        if marks:
            effects = say("setup_mark_separator").join(
                say("setup_mark_effect", mark=mark_short(m, lang), effect=mark_effect(m, lang)) for m in marks)
            note = say("setup_marks_note", clarity=mark_short("mark_of_clarity", lang), effects=effects)
            if about_line == len(lines) - 1:  # one paragraph with the preset's line: no half-empty line
                lines[-1] = say("setup_notes_join", first=lines[-1], second=note)
            else:
                lines.append(note)
        return "\n".join(lines)

    def _role_name(self, role: str) -> str:
        info = self.app.catalog.get(role)
        return info.name(self.app.lang) if info is not None else role

    @staticmethod
    def _preset_name(preset_id: str, say: AppWords) -> str:
        """A preset as the menu names it (the menu lists only the presets for the players entered)."""
        return preset_name(preset_id, say)

    def _players_changed(self, initial: bool = False) -> None:
        if not self.filled:
            return
        from onenight_core.catalog.presets import default_preset, presets_for

        n = len(self.names)
        say = app_words(self)
        self.query_one("#setup-count", Label).update(
            say("setup_count_names", count=n, names=say("setup_name_separator").join(self.names)) if self.names
            else say("setup_count", count=n))
        presets = presets_for(n, "onuw")
        picker = self.query_one("#setup-preset", Picker)
        options = [(say("setup_custom_deck"), CUSTOM)] + [(self._preset_name(p.id, say), p.id) for p in presets]
        if n != self._preset_players or initial:
            before, self._preset_players = self._preset_players, n
            chosen = self._select("setup-preset")
            self._deck_news = None  # news of the last count no longer holds
            with self.prevent(Picker.Changed):
                picker.set_options(options)
            if self.classic:
                from ..classic_deck import default_deck

                if not self.counts or Counter(default_deck(before or n)) == self.counts:
                    self._apply_deck(default_deck(n))  # the default follows the count; a chosen deck stays
            elif not self.counts:
                preset = default_preset(n)
                if preset is not None:
                    self._apply_deck(preset.roles)
            elif not initial and chosen != CUSTOM:
                self._follow_preset(chosen, before, n)
            matching = next((p.id for p in presets if Counter(p.roles) == self.counts and not self.classic), CUSTOM)
            with self.prevent(Picker.Changed):
                picker.value = matching
        self._validate()

    def _follow_preset(self, chosen: str, before: int, n: int) -> None:
        """The player count changed under a chosen preset: take the same kind of preset for ``n`` players
        (``vampire-5`` → ``vampire-6``) when there is one, else keep the deck; either way say what
        happened, so a deck never changes behind the players' backs."""
        from onenight_core.catalog.presets import PRESETS

        family = chosen.rsplit("-", 1)[0]
        follow = PRESETS.get(f"{family}-{n}")
        say = app_words(self)
        if follow is not None and follow.players == n and follow.ruleset == "onuw":
            self._apply_deck(follow.roles)
            self._deck_news = say("setup_news_followed", count=n, preset=self._preset_name(follow.id, say),
                                  before=before)
        else:
            self._deck_news = say("setup_news_kept", preset=self._preset_name(chosen, say), before=before, count=n)

    def _apply_deck(self, roles) -> None:
        self.counts = Counter(roles)
        self.query_one("#setup-deck").set_counts(dict(self.counts))

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
        from onenight_core.catalog.presets import presets_for

        preset = next((p for p in presets_for(len(self.names), "onuw") if p.id == event.value), None)
        if preset is not None:
            self._apply_deck(preset.roles)
        self._deck_news = None
        self._validate()

    @on(Picker.Changed, "#setup-lang")
    def _lang_chosen(self, event: Picker.Changed) -> None:
        """Another language: the form is kept (remembered) and the set-up comes back in that language."""
        if not self.filled or event.value == self.app.lang or event.value not in LANGS:
            return
        self.app.switch_language(str(event.value), self._form_settings())

    @on(Picker.Changed, "#setup-ruleset")
    async def _ruleset_chosen(self) -> None:
        """Classic has its own cards: the deck list shows them (or One Night's again), with a default deck."""
        if not self.filled:
            return
        chosen = self._select("setup-ruleset")
        shown = "classic" if self.classic else "dalbula" if chosen == "dalbula" else "onuw"
        if shown == getattr(self, "_deck_ruleset", "onuw"):
            self._validate()  # the same cards as before (e.g. the menu's first value, posted late)
            return
        self._deck_ruleset = shown
        from ..wording import Wording

        if self.classic:
            from ..classic_deck import classic_rows, default_deck

            rows = classic_rows(self.app.lang)
            self.counts = Counter(default_deck(len(self.names)))
        else:
            from onenight_core.catalog.presets import default_preset
            from onenight_core.rulesets import ruleset_for
            from onenight_core.rulesets.onuw.roles import playable

            words, say = Wording((), self.app.catalog, self.app.lang), app_words(self)
            if shown == "dalbula":  # its official set-up deals a deck of its own 81 roles (Sleepwalker, Mayor…)
                rules = ruleset_for("dalbula")
                roles, ok = sorted(rules.roles(self.app.catalog), key=_edition_order), rules.is_playable
            else:
                roles, ok = sorted(self.app.catalog.in_ruleset("onuw"), key=_edition_order), playable
            rows = [(i.id, words.role(i.id), deck_side(i, words, say), True) for i in roles if ok(i.id)]
            rows += [(i.id, words.role(i.id), deck_side(i, words, say), False) for i in roles if not ok(i.id)]
            kept = Counter(r for r in self.app.settings.deck if any(i.id == r for i in roles) and ok(r))
            preset = default_preset(len(self.names))
            self.counts = kept if shown == "dalbula" and kept else Counter(preset.roles if preset is not None else ())
        await self.query_one("#setup-deck").remove()
        await self.query_one("#setup-right").mount(DeckList(rows, dict(self.counts), id="setup-deck"))
        if self.classic:  # One Night's presets are not classic decks
            with self.prevent(Picker.Changed):
                self.query_one("#setup-preset", Picker).value = CUSTOM
        self._validate()
        self.refresh_bindings()  # the collection key is Dalbula's

    @on(DeckList.Changed)
    def _deck_changed(self, event: DeckList.Changed) -> None:
        from onenight_core.catalog.presets import presets_for

        if event.count:
            self.counts[event.role] = event.count
        else:
            self.counts.pop(event.role, None)
        self._deck_news = None
        presets = presets_for(len(self.names), "onuw")
        matching = next((p.id for p in presets if Counter(p.roles) == self.counts), CUSTOM)
        with self.prevent(Picker.Changed):
            self.query_one("#setup-preset", Picker).value = matching
        self._validate()

    # -- starting ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.problem is None
        if action == "collection":  # the card collections are Dalbula's (roles.md §3.8)
            return self.filled and self._select("setup-ruleset") == "dalbula"
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
        """Open the narrator with this deck when the narrator can read it, else with its own set-up;
        leaving the narrator comes back here."""
        if not self.filled:
            return
        from onenight_core.engine.narration import NarrationError, Timing, check_roster

        from .narrator import NarratorScreen

        app = self.app
        ruleset = "dalbula" if self._select("setup-ruleset") == "dalbula" else "onuw"  # its night order
        try:
            roster = check_roster(self.deck, app.catalog, ruleset)
        except NarrationError:
            roster = None  # the narrator asks for the cards itself
        if self._brings_cards(self._select("setup-ruleset")):
            roster = None  # no deck chosen here (Dalbula's brought cards): the narrator asks for the cards
        timing = Timing(action=float(self._select("setup-action")), day=float(self._select("setup-day")))
        narrator = NarratorScreen(roster=roster, lang=app.lang, timing=timing,
                                  voice=self.query_one("#setup-speech", Checkbox).value,
                                  catalog=app.catalog, ruleset=ruleset)
        app.push_screen(narrator, lambda _result: self._narrator_left(narrator.remembered_lang))

    def _narrator_left(self, lang: str | None) -> None:
        """A language chosen in the narrator (``l``) is remembered there: the set-up follows it, form kept."""
        if lang is not None and lang != self.app.lang and lang in LANGS:
            self.app.switch_language(lang, self._form_settings())

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
        app = self.app
        options = app.settings.options_for(ruleset)
        app.remember(self._form_settings())
        if self._brings_cards(ruleset):
            app.bring_cards(names, options)  # each player picks the card they bring, then the deal
            return
        seed, app._seed = app._seed, None
        app.begin_game(Setup(names, deck, ruleset, options), seed)

    def _form_settings(self):
        """The app's settings with the form's choices (what the next set-up starts from)."""
        app = self.app
        return app.settings.replace(
            players=tuple(self.names), deck=self.deck, day_seconds=int(self._select("setup-day")),
            action_seconds=self._select("setup-action"), vote_mode=self._select("setup-vote"),
            ruleset=self._select("setup-ruleset"), speech=self.query_one("#setup-speech", Checkbox).value,
            theme=app.theme, lang=app.lang,
        )

    def action_collection(self) -> None:
        """The named players' card collections (``CollectionScreen``)."""
        if not self.names:
            from ..text import Wording

            self.app.notify(Wording((), self.app.catalog, self.app.lang).text("collection_need_names"),
                            severity="warning", markup=False)
            return
        from .collection import CollectionScreen

        self.app.push_screen(CollectionScreen(tuple(self.names)))

    def action_rules_options(self) -> None:
        """The chosen ruleset's options (``RulesOptionsScreen``); kept ones are remembered per ruleset."""
        from onenight_core.rulesets import ruleset_for

        from .rules_options import RulesOptionsScreen

        rules, app = ruleset_for(self._select("setup-ruleset")), self.app

        def kept(options) -> None:
            if options is not None:
                app.remember(app.settings.with_options(rules.id, options))
                if self.filled:
                    self._validate()  # dalbula's official set-up decides whether the deck is checked

        app.push_screen(RulesOptionsScreen(rules.options, self._ruleset_label(rules, app_words(self)),
                                           app.settings.options_for(rules.id)), kept)
