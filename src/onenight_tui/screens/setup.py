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

from ..settings import ACTION_CHOICES, DAY_CHOICES
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


def _minutes(seconds: int) -> str:
    return f"{seconds // 60} min" if seconds % 60 == 0 else f"{seconds / 60:.1f} min"


NIGHT_STEP_HELP = ("Every night step lasts exactly this long, whoever acts: take the laptop, read, choose, put it "
                   "back. Whoever has not chosen in time passes (or gets a random choice where passing is not "
                   "allowed).")


LABEL_WIDTH = 11  # the fields' labels, one column


def _field(label: str, options: list[tuple[str, Hashable]], value: Hashable, *, id: str,
           tooltip: str | None = None) -> Picker:
    """One line of the form: a label and a picker of a few choices."""
    return Picker(options, value=value, label=label, label_width=LABEL_WIDTH, id=id, classes="setup-field",
                  tooltip=tooltip)


class SetupScreen(Screen):
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
        yield Label("One Night — set-up", id="setup-title")
        with Horizontal(id="setup-columns"):
            with Vertical(id="setup-left"):
                yield Label(f"Players ({MIN_PLAYERS}–{MAX_PLAYERS}), comma-separated:", id="setup-players-label")
                yield Input(", ".join(settings.players), placeholder="Ann, Bo, Cy, ...",
                            id="setup-players", compact=True)
                yield Label("", id="setup-count", markup=False)
            with Vertical(id="setup-right"):
                yield Label("Deck", id="setup-deck-title")
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
        self.counts = Counter(r for r in settings.deck if r in app.catalog and playable(r))
        days = sorted(set(DAY_CHOICES) | {settings.day_seconds})
        actions = sorted(set(ACTION_CHOICES) | {settings.action_seconds})
        left = [
            _field("Preset", [("Custom deck", CUSTOM)], CUSTOM, id="setup-preset"),
            _field("Day length", [(_minutes(s), s) for s in days], settings.day_seconds, id="setup-day"),
            _field("Night step", [(f"{s:g} s each", s) for s in actions], settings.action_seconds,
                   id="setup-action", tooltip=NIGHT_STEP_HELP),
            _field("Vote", [("everyone points", "public"), ("secret ballot", "private")], settings.vote_mode,
                   id="setup-vote"),
            _field("Ruleset", [(r.label, r.id) for r in RULESETS.values()],
                   settings.ruleset if settings.ruleset in RULESETS else "onuw", id="setup-ruleset"),
            Checkbox("Read the night aloud", settings.speech, compact=True, id="setup-speech"),
            Horizontal(Button("Start the game", id="setup-start-button", variant="primary", compact=True),
                       Button("Narrator", id="setup-narrator-button", compact=True,
                              tooltip="Read the night aloud for a table with its own cards"),
                       id="setup-buttons"),
        ]
        roles = sorted(app.catalog.in_ruleset("onuw"), key=_edition_order)
        rows = [(i.id, words.role(i.id), words.team(i.id), True) for i in roles if playable(i.id)]
        rows += [(i.id, words.role(i.id), words.team(i.id), False) for i in roles if not playable(i.id)]
        # Both columns mounted in one wait (one layout pass); the form's widgets are in the DOM at once.
        self.query_one("#setup-left").mount_all(left)
        await self.query_one("#setup-right").mount(DeckList(rows, dict(self.counts), id="setup-deck"))
        self.filled = True
        if self.classic:
            await self._ruleset_chosen()
        self._players_changed(initial=True)

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
        return self.deck

    # -- live validation ---------------------------------------------------------------------------
    def _validate(self) -> None:
        from onenight_core.engine.protocol import validate_setup
        from onenight_core.errors import OneNightError
        from onenight_core.model.values import Setup

        names, deck = self.names, self.deck
        ruleset = self._select("setup-ruleset")
        problem = None
        if len(names) < MIN_PLAYERS:
            problem = f"Enter at least {MIN_PLAYERS} player names ({len(names)} so far)."
        elif len(names) > self.most_players:
            problem = f"At most {self.most_players} players ({len(names)} entered)."
        elif self._brings_cards(ruleset):  # each player brings a card from their collection: no deck to check
            try:
                Setup(tuple(names), (), ruleset)
            except OneNightError as exc:
                problem = str(exc)[:1].upper() + str(exc)[1:] + "."
        else:
            try:
                validate_setup(Setup(tuple(names), deck, ruleset), self.app.catalog)
            except OneNightError as exc:
                problem = str(exc)[:1].upper() + str(exc)[1:] + "."
            if problem is None and ruleset == "dalbula" and len(deck) == len(names):
                # the official set-up (the option) deals a whole table; brought cards come from collections
                problem = f"The app deals a whole table: players + 3 = {len(names) + 3} cards or more."
        self.problem = problem
        self.query_one("#setup-players-label", Label).update(
            f"Players ({MIN_PLAYERS}–{self.most_players}), comma-separated:")
        status = self.query_one("#setup-status", Static)
        status.update(f"✗ {problem}" if problem else f"✓ Ready: {len(names)} players, {len(deck)} cards. "
                      "Press Ctrl+S to start.")
        status.set_class(problem is not None, "-problem")
        self.query_one("#setup-start-button", Button).disabled = problem is not None
        center = 3 + self._extra_center(deck) if not self.classic else 2 * ("thief" in deck)
        self.query_one("#setup-deck-title", Label).update(
            f"Deck: {len(deck)} cards" + (f" (players + {center} = {len(names) + center})" if names else ""))
        notes = self._notes(deck)
        box = self.query_one("#setup-notes", Static)
        box.update(notes)
        box.display = bool(notes)
        self.set_class(bool(notes), "-noted")
        self.refresh_bindings()

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
    def _extra_center(deck) -> int:
        """Cards the deck's roles add to the center (the Alpha Wolf's center werewolf card)."""
        from onenight_core.rulesets.onuw.roles import BEHAVIOURS

        return sum(BEHAVIOURS[r].extra_center for r in deck if r in BEHAVIOURS)

    def _notes(self, deck) -> str:
        """What happened to the deck, what the chosen preset is, and what this deck asks of the table, in a
        few words: marks, the Alpha Wolf's extra card."""
        from onenight_core.catalog.presets import PRESETS, default_preset

        from ..wording import mark_effect, mark_short, marks_in_deck
        from ..text.rules_words import preset_description

        lines = []
        if self._night_step_focused:
            # A tooltip shows only under a mouse: said here, where the player reading the field looks.
            lines.append(f"Night step: {NIGHT_STEP_HELP}")
        marks = [m for m in marks_in_deck(deck, self.app.catalog) if m != "mark_of_clarity"] \
            if not self.classic else []
        preset = PRESETS.get(self._select("setup-preset"))
        news = self._deck_news
        plain = preset is default_preset(len(self.names))  # base-N: the plain game needs no description
        described = preset_description(preset, self.app.lang) if preset is not None else ""
        if preset is not None and described and (news or not plain):
            # With marks, the marks' note below says what they do: the preset's first sentence is enough
            # (at 80×24 there is no room for both in full).
            about = described.split(". ")[0].rstrip(".") + "." if marks else described
            lines.append(f"{news or preset.id}: {about}")
        elif news:
            lines.append(news)
        if "alpha_wolf" in deck:
            lines.append("Alpha Wolf: the deck needs players + 4 cards — one Werewolf (or Dream or Mystic "
                         "Wolf) lies beside the center as the center werewolf card.")
        if marks:
            lines.append("Marks: everyone starts with Clarity (no effect) and sees their own mark before the "
                         "night. "
                         + "; ".join(f"{mark_short(m)} — {mark_effect(m)}" for m in marks) + ".")
        return "\n".join(lines)

    def _players_changed(self, initial: bool = False) -> None:
        if not self.filled:
            return
        from onenight_core.catalog.presets import default_preset, presets_for

        n = len(self.names)
        self.query_one("#setup-count", Label).update(
            f"{n} player{'s' if n != 1 else ''}" + (": " + ", ".join(self.names) if self.names else ""))
        presets = presets_for(n, "onuw")
        picker = self.query_one("#setup-preset", Picker)
        options = [("Custom deck", CUSTOM)] + [(p.id, p.id) for p in presets]
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
        if follow is not None and follow.players == n and follow.ruleset == "onuw":
            self._apply_deck(follow.roles)
            self._deck_news = f"{n} players, so {follow.id} now ({chosen} before)"
        else:
            self._deck_news = (f"{chosen} is a deck for {before} players: it is kept as it was; add or take "
                               f"out cards, or pick a preset for {n}.")

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

    @on(Picker.Changed, "#setup-ruleset")
    async def _ruleset_chosen(self) -> None:
        """Classic has its own cards: the deck list shows them (or One Night's again), with a default deck."""
        if not self.filled:
            return
        shown = "classic" if self.classic else "onuw"
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
            from onenight_core.rulesets.onuw.roles import playable

            words = Wording((), self.app.catalog, self.app.lang)
            roles = sorted(self.app.catalog.in_ruleset("onuw"), key=_edition_order)
            rows = [(i.id, words.role(i.id), words.team(i.id), True) for i in roles if playable(i.id)]
            rows += [(i.id, words.role(i.id), words.team(i.id), False) for i in roles if not playable(i.id)]
            preset = default_preset(len(self.names))
            self.counts = Counter(preset.roles if preset is not None else ())
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
        try:
            roster = check_roster(self.deck, app.catalog)
        except NarrationError:
            roster = None  # the narrator asks for the cards itself
        timing = Timing(action=float(self._select("setup-action")), day=float(self._select("setup-day")))
        app.push_screen(NarratorScreen(roster=roster, lang=app.lang, timing=timing,
                                       voice=self.query_one("#setup-speech", Checkbox).value,
                                       catalog=app.catalog))

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
        app.remember(app.settings.replace(
            players=names, deck=deck, day_seconds=int(self._select("setup-day")),
            action_seconds=self._select("setup-action"), vote_mode=self._select("setup-vote"),
            ruleset=ruleset, speech=self.query_one("#setup-speech", Checkbox).value, theme=app.theme,
        ))
        if self._brings_cards(ruleset):
            app.bring_cards(names, options)  # each player picks the card they bring, then the deal
            return
        seed, app._seed = app._seed, None
        app.begin_game(Setup(names, deck, ruleset, options), seed)

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

        app.push_screen(RulesOptionsScreen(rules.options, rules.label, app.settings.options_for(rules.id)), kept)
