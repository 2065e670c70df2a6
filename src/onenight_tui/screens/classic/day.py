"""The classic day (public): the status of the table (round, the living and the dead, the sheriff), what
dawn announced, and the discussion timer. Enter goes to the vote (the sheriff election first when it is
due); M lets a player check their own card and what they know (behind the name list). The timer only
guides: when it runs out the table hears the day's end and is told to vote."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from ...host import classic, host
from ...tables.classic.heard import part
from ...table_move import TableMove
from ...classic_words import ClassicWords, keys_hint, name_keys
from ...widgets.bot_claims import BotClaims
from ...widgets.countdown import Countdown
from ..common.hand_over import KeyGuard
from ...text.app_words import SpeaksBindings, app_words

if TYPE_CHECKING:
    from ...tables.classic import ClassicTable


def speaking_order(table: ClassicTable) -> str:
    """Who speaks when (seed 004 step 8): the living clockwise from the left of the night's victim (the
    last player whose death the table heard), from the first seat before anyone died."""
    w, v = table.words, table.view()
    order = w.names(v.clockwise)
    if v.last_dead is None:
        return w.text("classic_speaking_order_first", players=order)
    return w.text("classic_speaking_order", player=w.name(v.last_dead), players=order)


def day_hint(w: ClassicWords, electing: bool) -> str:
    """The day's hint: the Executioner's election first, else the talk, naming M as its footer label does."""
    if electing:
        return w.text("classic_executioner_hint")
    return w.text("classic_day_hint", my_card=keys_hint(w, [("M", w.text("classic_key_my_card"))]))


class ClassicDayScreen(SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "day.tcss"
    BINDINGS = [
        Binding("enter", "vote", "Vote now", id="classic-day-vote"),
        Binding("m", "my_card", "My card", id="classic-day-card"),
        Binding("p", "pause", "Pause/resume", id="classic-day-pause"),
        # the bots' keys are named on their panel (as on One Night's day screen)
        Binding("r", "bots_repeat", "Repeat", id="classic-day-bots-repeat", show=False),
        Binding("s", "bots_suspect", "Suspect?", id="classic-day-bots-suspect", show=False),
    ]

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self._asked = -1  # the bot asked last "who do you suspect?" (an index into the living bots)

    def compose(self) -> ComposeResult:
        with Vertical(id="classic-day-box"):
            yield Label("", id="classic-day-title", markup=False)
            yield Static("", id="classic-day-status", markup=False)
            bots = classic(self).bots  # the living bots' claims (``bots.SeatBots``)
            claims = bots.claim_lines() if bots is not None else []
            if bots is not None and claims:
                say = app_words(self)
                yield BotClaims(claims, title=bots.claims_title(), hint=say("classic_day_bots_hint"),
                                id="classic-day-bots")
            yield Countdown(self.seconds, id="classic-day-timer")
            yield Static("", id="classic-day-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        table = classic(self)
        w = table.words
        name_keys(self, {"classic-day-vote": w.text("classic_key_vote"),
                         "classic-day-card": w.text("classic_key_my_card"),
                         "classic-day-pause": w.text("classic_key_pause")})
        p, g, seen = table.pending(), table.game, table.public_view()
        if (p is not None and p.step == "election" and seen.phase == "day"
                and g.setup.option("sheriff.election") == "day1_before_statements"
                and not table.meta("talked", False, bool)):
            self.call_later(self.post_message, TableMove("vote", talked=False))  # elected before the talk
        self.query_one("#classic-day-title", Label).update(w.text("classic_day_title", round=table.round))
        news = []
        for e in part(seen.public, "day", table.round):
            card = str(dict(e.params).get("card", ""))
            if e.id == "event":
                news.append(w.text("classic_event_revealed", event_name=w.event_name(card),
                                   event_text=w.event_text(card)))
            elif e.id == "event_void":
                news.append(w.text("classic_event_void", event_name=w.event_name(card)))
            elif e.id == "miracle":
                news.append(w.text("classic_miracle", player=w.name(int(dict(e.params)["seat"]))))
        self.query_one("#classic-day-status", Static).update("\n".join([table.status(), speaking_order(table), *news]))
        self.query_one("#classic-day-hint", Static).update(day_hint(w, self._electing()))
        self.arm()
        self.set_interval(1.0, self._remember)
        if classic(self).bots is not None:
            self.call_after_refresh(self.action_bots_repeat)  # the claims read aloud as the day opens

    @property
    def countdown(self) -> Countdown:
        return self.query_one(Countdown)

    def _remember(self) -> None:
        host(self).note(stage="day", day_left=round(self.countdown.remaining, 1))

    def on_countdown_finished(self, _: Countdown.Finished) -> None:
        host(self).note(stage="day", day_left=0.0)
        host(self).cue("day_end")
        self.query_one("#classic-day-hint", Static).update(classic(self).words.text("classic_time_up"))

    def _electing(self) -> bool:
        """The Executioner card was just turned: the table elects him at once, before the talk."""
        p = classic(self).pending()
        return p is not None and p.step == "executioner_election"

    def action_vote(self) -> None:
        if self.let_through():
            # the Executioner's election comes before the talk: the day goes on after it
            self.post_message(TableMove("vote", talked=not self._electing()))

    def action_my_card(self) -> None:
        from ..common.card import CardScreen
        from .who import ClassicWhoScreen

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.app.push_screen(CardScreen(seat))

        self.app.push_screen(ClassicWhoScreen(), chosen)

    def action_pause(self) -> None:
        self.countdown.toggle_pause()

    # -- asking the bots -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("bots_repeat", "bots_suspect"):
            return bool(self.query(BotClaims))  # no living bot to ask (or a table of humans)
        return True

    def action_bots_repeat(self) -> None:
        """The bots say their claims again (read aloud with the voice on)."""
        panels = self.query(BotClaims)
        if panels:
            panels.first().to_claims()
            host(self).say(" ".join(panels.first().claims))

    def action_bots_suspect(self) -> None:
        """"Who do you suspect?", asked of the next living bot in the speaking order (each press the next one),
        as their claims are listed."""
        bots = classic(self).bots
        living = bots.suspects() if bots is not None else ()
        if bots is None or not living:
            return
        self._asked = (self._asked + 1) % len(living)
        line = bots.suspicion_line(living[self._asked])
        self.query_one(BotClaims).add_answer(line)
        host(self).say(line)
