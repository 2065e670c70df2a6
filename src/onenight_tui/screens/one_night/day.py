"""The day (public): a big countdown for the discussion, and as a reference the roles in play, the table
(who sits where, with the public facts on it: face-up cards, shields, artifacts) and the night order.
Pause, extend, or go to the vote early (after a yes: a stray ``v`` never ends the day).

The day's mechanics are shared with classic's day (``common/day.BaseDayScreen``: the timer and its save,
time up, the bots' panel with r and s, the vote key); here is what One Night adds: its reference panels,
the Mayor's reveal, a human's claim entered for the bots (``c``), one more minute (``e``), and its last
call — when the time runs out the table hears the day's end (``app.cue("day_end")``) and sees a short
countdown ("The vote starts in 3…") before the vote; then the screen posts ``TableMove("vote")``."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from rich.cells import cell_len
from rich.markup import escape
from textual.widget import Widget
from textual.widgets import Footer, Label, Static

from onenight_core.engine.views import public_view
from onenight_core.play.claims import Claim

from ...bots import SeatBots
from ...host import host, one_night
from ...text.app_words import app_words
from ...widgets.countdown import clock_text
from ...widgets.table_ring import TableRing
from ...text.words import Wording
from ...day_prompts import day_step_ids, flip_for
from ...widgets.bot_claims import BotClaims
from ...tables.one_night_calls import night_narration
from ..common.day import BaseDayScreen, bots_bindings

EXTEND_SECONDS = 60
SAVE_EVERY = 10.0
LAST_CALL_SECONDS = 3  # the visible "vote in 3, 2, 1" after the day's time is up
WHOLE_NIGHT = sys.maxsize  # night_narration's step index: everything the table heard by day


class MorePanel(VerticalScroll):
    """A reference panel of the day that says so on its lower border while entries are hidden below
    ("▼ more": at 80×24 the roles in play of a large game do not all fit), until scrolled to its end."""

    def __init__(self, *children: Widget, more: str, **kwargs: Any) -> None:
        super().__init__(*children, **kwargs)
        self.more = more

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.show_more()

    def show_more(self) -> None:
        self.border_subtitle = self.more if self.scroll_y < self.max_scroll_y - 0.5 else ""

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_more)


class DayScreen(BaseDayScreen):
    CSS_PATH = "day.tcss"
    BOTS_HINT = "day_bots_hint"
    BOTS_ID = "day-bots"
    TIMER_ID = "day-countdown"
    SAVE_EVERY = SAVE_EVERY
    LAST_CALL_SECONDS = LAST_CALL_SECONDS
    BINDINGS = [
        Binding("space", "pause", "Pause/resume", id="day-pause"),
        Binding("e", "extend", f"+{EXTEND_SECONDS // 60} min", id="day-extend"),
        Binding("v", "vote", "Vote now", id="day-vote"),
        Binding("m", "mayor", "Mayor's reveal", id="day-mayor"),
        # The bots' keys are named on their panel, not in the key bar (full with the Mayor's key, or in French).
        *bots_bindings("day"),
        # What a human said aloud, entered for the bots to hear (only at a table with bots: check_action).
        # In the key bar when it has room (not beside the Mayor's key, nor in French at 80 columns); else
        # the same key, unshown: the panel's border names it with r and s.
        Binding("c", "claim", "Enter a claim", id="day-claim"),
        Binding("c", "claim_quiet", "Enter a claim", id="day-claim-quiet", show=False),
    ]

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self._claim_draft: dict[tuple[object, ...], str] = {}  # the claim form's choices, kept after an Esc
        self._measuring = False  # (the key bar is being measured: ``_claim_fits``)

    def compose(self) -> ComposeResult:
        view = public_view(one_night(self).game)
        words = Wording(view.players, host(self).catalog, host(self).lang)
        say = app_words(self)
        with Vertical(id="day-top"):
            yield Label(say("day_title"), id="day-title")
            yield self.countdown_widget()
            yield Label("", id="day-last-call")
        panel = self.bots_panel()  # what the bots say, like players speaking (``bots.SeatBots``)
        if panel is not None:
            yield panel
        with Horizontal(id="day-reference"):
            with MorePanel(id="day-roles", more=say("day_more")):
                yield Label(say("day_roles"), classes="day-heading")
                counts = Counter(view.roster)
                order = sorted(counts, key=lambda r: (host(self).catalog[r].number if r in host(self).catalog else 999))
                for role in order:
                    name = say("role_times", role=words.role(role), count=counts[role]) if counts[role] > 1 \
                        else words.role(role)
                    # The name in bold, its team under it, indented: a name wrapped between its words
                    # still reads as one role, never as a role and a team (issue 10).
                    yield Static(f"[b]{escape(name)}[/b]\n  [dim]{escape(words.team(role))}[/dim]",
                                 classes="day-role")
                size = say("day_table_size", players=len(view.players), count=view.center)
                yield Static(f"[dim]{escape(size)}[/dim]")
            table = TableRing(view.players, view.center, notes=words.table_notes(view), id="day-table")
            table.border_title = say("day_table")
            yield table
            with MorePanel(id="day-order", more=say("day_more")):
                yield Label(say("day_night_order"), classes="day-heading")
                # By day the whole night has been heard, its draws included: a step a ripple called
                # again (Dalbula's repeat_role, repeat_night) is listed where it repeated, as it was read.
                whole_night = night_narration(one_night(self), WHOLE_NIGHT)
                by_day = day_step_ids(view.script)  # the Mayor's reveal is the day's key, not a night step
                steps = [c for c in whole_night.cues if c.kind not in ("start", "dawn") and c.step not in by_day]
                digits = len(str(len(steps)))
                for i, cue in enumerate(steps, 1):
                    # The number in its own column: a wrapped name stays beside it ("4. Apprentice / Seer").
                    yield Horizontal(Label(f"{i}.".rjust(digits + 1) + " ", classes="day-step-number"),
                                     Static(cue.title, classes="day-step", markup=False), classes="day-step-row")
        yield Footer()

    def open_day(self) -> None:
        self.query_one("#day-last-call", Label).display = False
        for panel in self.query(MorePanel):
            panel.call_after_refresh(panel.show_more)

    def reads_aloud(self, bots: SeatBots) -> bool:
        """Once a game: not again when the table comes back from the vote."""
        own = one_night(self).bots
        if own is None or own.heard_aloud:
            return False
        own.heard_aloud = True
        return True

    def show_time_up(self) -> None:
        """Back from the vote with no time left: the table extends or votes."""
        label = self.query_one("#day-last-call", Label)
        label.update(app_words(self)("day_time_up"))
        label.display = True

    def show_last_call(self, count: int) -> None:
        label = self.query_one("#day-last-call", Label)
        label.update(app_words(self)("day_last_call", count=count))
        label.display = True

    def action_extend(self) -> None:
        """One more minute, also while the vote is being called (that call is then off)."""
        self.cancel_last_call()
        self.query_one("#day-last-call", Label).display = False
        self.countdown.extend(EXTEND_SECONDS)

    def to_vote(self) -> None:
        """Vote now, after a yes: the discussion cannot be taken back once the votes are cast."""
        if self.countdown.remaining <= 0:
            self.vote_now()  # the time is up already: nothing to confirm
            return
        from ..common.confirm_quit import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.note_left()
                self.vote_now()

        say = app_words(self)
        self.app.push_screen(ConfirmScreen(say("day_vote_title"),
                                           say("day_vote_text", clock=clock_text(self.countdown.remaining)),
                                           yes=say("day_vote_yes"), no=say("day_vote_no")), answered)

    # -- a human's claim, entered for the bots (``claim_entry``) ------------------------------------
    def action_claim(self) -> None:
        """The table enters what a human player said aloud (a public form); the bots hear it at once."""
        bots = one_night(self).bots
        if bots is None or self.calling_vote:
            return
        from .claim_entry import ClaimEntryScreen

        game = one_night(self).game
        players = public_view(game).players

        def entered(claim: Claim | None) -> None:
            if claim is not None and bots.enter_claim(claim):  # One Night's own hook (``OneNightBots``)
                self.show_claims()

        core = bots.core  # what a human's claim may name, and the claims entered so far
        self.app.push_screen(ClaimEntryScreen(core.claim_table(game), players, core.human_seats(game),
                                              host(self).catalog, host(self).lang,
                                              {c.seat: c for c in core.told()}, self._claim_draft), entered)

    def action_claim_quiet(self) -> None:
        self.action_claim()

    def _claim_fits(self) -> bool:
        """Whether the key bar has room for ``c`` beside the keys it shows (as the footer lays them out:
        a space, then "key description" items two spaces apart), so that F1 stays in sight."""
        if self._measuring:
            return False
        self._measuring = True
        try:
            shown = [b.binding for b in self.active_bindings.values() if b.binding.show]
        finally:
            self._measuring = False
        label = app_words(self)("key_day_claim")
        items = [cell_len(self.app.get_key_display(b)) + 1 + cell_len(b.description) for b in shown]
        items.append(cell_len("c") + 1 + cell_len(label))
        return 1 + sum(items) + 2 * (len(items) - 1) < self.app.size.width

    def on_resize(self) -> None:
        self.refresh_bindings()

    def show_claims(self) -> None:
        """Redraw the claims panel (a human's claim just entered or changed)."""
        bots, panels = one_night(self).bots, self.query(BotClaims)
        if bots is None or not panels:
            return
        panel = panels.first()
        panel.set_claims(bots.claim_lines())
        panel.border_title = bots.claims_title()
        panel.call_after_refresh(panel.to_claims)

    # -- the Mayor's reveal (a step played by day: ``day_prompts``) --------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "claim_quiet":
            return one_night(self).bots is not None  # a table of humans has no bot to tell
        if action == "claim":
            return one_night(self).bots is not None and self._claim_fits()
        if action == "mayor":
            # Public: shown whenever the script has a day step (the Mayor is in the roster), whoever holds it
            return bool(day_step_ids(public_view(one_night(self).game).script))
        return super().check_action(action, parameters)  # the bots' keys (``BaseDayScreen``)

    def action_mayor(self) -> None:
        """Someone claims the Mayor's reveal: the table picks him (public), the laptop goes to him, and
        his private screen says what he may do; a flip is applied at once and shown on the table."""
        if self.calling_vote or not day_step_ids(public_view(one_night(self).game).script):
            return
        from .mayor_claim import MayorClaimScreen
        from .mayor_reveal import MayorRevealScreen

        players = tuple(one_night(self).game.setup.players)

        def revealed(seat: int, flip: bool | None) -> None:
            action = flip_for(one_night(self).game, seat) if flip else None
            if action is not None:
                one_night(self).answer(action)
                self.show_table()

        def claimed(seat: int | None) -> None:
            if seat is not None:
                self.app.push_screen(MayorRevealScreen(seat, players[seat]),
                                     lambda flip: revealed(seat, flip))

        self.app.push_screen(MayorClaimScreen(players), claimed)

    def show_table(self) -> None:
        """Redraw the table's public facts (a card the Mayor just turned face up)."""
        view = public_view(one_night(self).game)
        table = self.query_one("#day-table", TableRing)
        table.set_notes(Wording(view.players, host(self).catalog, host(self).lang).table_notes(view))

    def help_roles(self) -> tuple[str, ...]:
        return public_view(one_night(self).game).roster
