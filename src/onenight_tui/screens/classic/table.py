"""The classic table's public screen for what everyone sees and answers together: dawn (the night's
dead and their cards by option, the hunter's shot, the dead sheriff's successor), the sheriff election
and the day's vote (each living voter's ballot entered in turn after everyone has pointed, the bots'
pointing shown as the round opens; run-offs, the sheriff's tie-break, the scapegoat's choice, and the
triggers of an elimination).

Everything shown is public: the draws the table has heard in this part (``tables.classic.heard.part``) and
the pending prompt when it is a public one of this part. When nothing is left to answer, Enter moves
the table on (to the day, the night, or the end)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Action, Prompt, PublicEvent

from ...host import classic, host
from ...tables.classic.heard import is_public, part
from ...table_move import TableMove
from ...bots.classic import bot_act_lines, public_bots_act
from ...text.classic_words import ClassicWords, tie_line
from ...text.app_words import name_bindings
from ..common.hand_over import KeyGuard
from ..common.prompt import ChoiceList
from ...text.app_words import SpeaksBindings


def refused_ballot(w: ClassicWords, lover: int | None, p: Prompt, action: Action) -> str:
    """Why a listed ballot cannot be entered: a lover never votes against his lover (said aloud, as the
    moderator would at the table), a run-off names only the tied players."""
    target = int(action.targets[0][1:]) if action.targets else -1
    if lover is not None and lover == target:
        return w.text("classic_vote_lover", player=w.name(p.seat), target=w.name(target))
    named = [a.targets[0] for a in p.options if a.targets]
    if named:
        return w.text("classic_vote_not_tied", players=w.whom(named))
    return w.text("classic_vote_invalid")


#: The day's title when an event card replaces the vote (the table heard the card's step), else the vote's.
DAY_TITLES = {"nightmare": "classic_nightmare_title", "great_distrust": "classic_great_distrust_title",
              "punishment": "classic_punishment_title"}


#: An election's tie, told as such: the sheriff's or the Executioner's.
ELECTION_TIES = {"election": "classic_tie_sheriff", "executioner_election": "classic_tie_executioner"}


def day_title(heard: tuple[PublicEvent, ...], round_: int) -> str:
    """The message id of day ``round_``'s ballot title: the Nightmare's accusations, the Great Distrust's
    friends, the Punishment, or the vote."""
    for e in heard:
        if e.kind == PublicKind.STEP and e.id in DAY_TITLES and dict(e.params).get("round") == round_:
            return DAY_TITLES[e.id]
    return "classic_vote_title"


def ballot_head(w: ClassicWords, p: Prompt, title: str, double: bool) -> str:
    """Whose ballot this is and what it does: a vote (the Sheriff's counting twice when ``double``), an
    election, or on a Nightmare day (``title``, the day's title id) an accusation, which weighs one."""
    if p.step == "vote" and title == "classic_nightmare_title":
        return f"{w.text('classic_accuse_head', player=w.name(p.seat))} — {w.text('classic_task_accuse')}"
    key = "classic_ballot_sheriff" if p.step == "vote" and double else "classic_ballot_head"
    return f"{w.text(key, player=w.name(p.seat))} — {w.task(p)}"


def executioner_told(heard: tuple[PublicEvent, ...]) -> bool:
    """Has the table been told the Executioner card (so the Executioner may look at face-down cards)?"""
    return any(e.kind == PublicKind.DRAW and e.id == "event" and dict(e.params).get("card") == "executioner"
               for e in heard)


class ClassicTableScreen(SpeaksBindings, KeyGuard, Screen[None]):
    CSS_PATH = "table.tcss"
    BINDINGS = [Binding("enter", "go_on", "Continue", id="classic-table-continue"),
                Binding("m", "my_card", "My card", id="classic-table-card")]

    def __init__(self, stage: str) -> None:
        super().__init__()
        self.stage = stage  # dawn, vote or election (the sheriff elected before the first night)
        self.prompt: Prompt | None = None
        self.shown: tuple[Action, ...] = ()  # the answers listed for the pending public prompt

    def compose(self) -> ComposeResult:
        with Vertical(id="classic-table-box"):
            yield Label("", id="classic-table-title", markup=False)
            yield Static("", id="classic-table-status", markup=False)
            with VerticalScroll(id="classic-table-news"):
                yield Static("", id="classic-table-lines", markup=False)
            yield Label("", id="classic-table-head", markup=False)
            yield ChoiceList(id="classic-table-options", markup=False)
            yield Label("", id="classic-table-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        w = classic(self).words
        name_bindings(self, {"classic-table-continue": w.text("classic_key_continue"),
                         "classic-table-card": w.text("classic_key_my_card")})
        self.arm()
        self._show()

    # -- what is shown -----------------------------------------------------------------------------
    def _part_prompt(self) -> Prompt | None:
        """The pending prompt when it is a public one of this part of the round, else None."""
        table = classic(self)
        g, p = table.game, table.pending()
        if not is_public(p):
            return None
        assert p is not None
        if self.stage == "election":
            return p if p.step == "election" else None
        seen = table.public_view()
        if self.stage == "dawn":
            return p if seen.phase == "night" and seen.round == table.round else None
        if seen.phase != "day" or seen.round != table.round:
            return None
        after_talk = p.step == "vote" or (p.step == "election" and g.setup.option("sheriff.election")
                                          == "day1_after_statements")
        if after_talk and not table.meta("talked", True, bool):
            return None  # elected before the statements (the sheriff, the Executioner): the discussion first
        return p

    def _lines(self) -> list[str]:
        table, w = classic(self), classic(self).words
        public = table.public_view().public
        out: list[str] = []
        if self.stage == "election":  # before the first night: the draws so far (the sheriff)
            night = [i for i, e in enumerate(public) if e.kind == PublicKind.PHASE and e.id == "night"]
            events = tuple(e for e in public[:night[0] if night else None] if e.kind == PublicKind.DRAW)
        else:
            events = part(public, self.stage, table.round)
        for e in events:
            p = dict(e.params)
            if e.id == "death":
                role = str(p.get("role", ""))
                seat = int(p["seat"])
                out.append(w.text("classic_death_card", player=w.name(seat), card_name=w.card(role)) if role
                           else w.text("classic_death", player=w.name(seat)))
            elif e.id == "sheriff":
                out.append(w.text("classic_sheriff_now", player=w.name(int(p["seat"]))))
            elif e.id == "executioner":
                out.append(w.text("classic_executioner_now", player=w.name(int(p["seat"]))))
            elif e.id == "executioner_card":  # a face-down card for the Executioner's eyes only (M)
                out.append(w.text("classic_executioner_card", player=w.name(int(p["executioner"])),
                                  target=w.name(int(p["seat"]))))
            elif e.id == "elder_revenge":
                out.append(w.text("classic_elder_revenge"))
            elif e.id == "idiot_revealed":
                out.append(w.text("classic_idiot", player=w.name(int(p["seat"]))))
            elif e.id == "spared":
                out.append(w.text("classic_spared", player=w.name(int(p["seat"]))))
            elif e.id == "miracle":
                out.append(w.text("classic_miracle", player=w.name(int(p["seat"]))))
            elif e.id == "somnambulism":
                out.append(w.text("classic_somnambulism", card_name=w.know_card(str(p.get("role", "")))))
            elif e.id == "tie":  # an election's tie says so (it is not the vote's, shown on the same screen)
                tie = tie_line(w, str(p.get("tally", "")), str(p.get("tied", "")))
                step = str(p.get("step", ""))
                out.append(w.text(ELECTION_TIES[step], tie=tie) if step in ELECTION_TIES else tie)
        return out

    def _show(self) -> None:
        table, w = classic(self), classic(self).words
        g = classic(self).game
        titles = {"dawn": w.text("classic_dawn_title", round=table.round),
                  "vote": w.text(day_title(table.heard(), table.round), round=table.round),
                  "election": w.text("classic_election_title")}
        public_bots_act(table, self._part_prompt)  # the bots' ballots and public answers, cast at once
        self.prompt = p = self._part_prompt()
        title = titles["election"] if p is not None and p.step == "election" else titles.get(self.stage, "")
        if p is not None and p.step == "executioner_election":
            title = w.text("classic_executioner_election_title", round=table.round)
        self.query_one("#classic-table-title", Label).update(title)
        self.query_one("#classic-table-status", Static).update(table.status())
        lines = self._lines()
        if self.stage == "dawn" and not any(line for line in lines):
            lines = [w.text("classic_dawn_none")]
        lines += bot_act_lines(table, self.stage, p)
        choices = self.query_one(ChoiceList)
        head = self.query_one("#classic-table-head", Label)
        hint = self.query_one("#classic-table-hint", Label)
        if p is not None:
            if p.step in ("vote", "election", "executioner_election"):
                double = p.seat == table.view().sheriff and bool(g.setup.option("sheriff.double_vote"))
                head.update(ballot_head(w, p, day_title(table.heard(), table.round), double))
                hint.update(w.text(self._ballot_hint() if p.step == "vote" else "classic_vote_hint"))
            else:
                head.update(w.text("classic_public_head", player=w.name(p.seat), task=w.task(p)))
                hint.update(w.text({"friends": "classic_great_distrust_hint", "punish": "classic_punishment_hint",
                                    "vouch": "classic_punishment_hint"}.get(p.step, "classic_pick_public")))
            self.shown = self._public_options(p)
            choices.display = True
            choices.clear_options()
            choices.add_options([Option(w.action(a, p), id=f"classic-table-option-{i}")
                                 for i, a in enumerate(self.shown)])
            choices.highlighted = 0 if choices.option_count else None
            choices.arm()  # the key that cast the last ballot (or opened the screen) must not cast this one
            choices.focus()
        else:
            choices.display = False
            head.update("")
            if self.stage == "vote" and self._then() != "classic_then_vote" and not any(
                    e.id in ("death", "idiot_revealed") for e in part(table.public_view().public, "vote", table.round)):
                lines.append(w.text("classic_no_elimination"))
            hint.update(w.text(self._then()))
        self.query_one("#classic-table-lines", Static).update("\n".join(lines))
        # with no list to choose from, what happened has the room: every bot's ballot line fits at 80x24
        self.query_one("#classic-table-news", VerticalScroll).styles.max_height = 6 if p is not None else 12
        self.refresh_bindings()

    def _ballot_hint(self) -> str:
        """How this ballot is cast: the first vote, a re-vote after a tie, or the run-off between the tied
        (the day's last vote step the table heard)."""
        table = classic(self)
        steps = [e.id for e in table.heard() if e.kind == PublicKind.STEP and dict(e.params).get("round") == table.round
                 and e.id in ("vote", "revote", "runoff", "second_vote", "nightmare")]
        last = steps[-1] if steps else "vote"
        hands = classic(self).game.setup.option("vote.procedure") == "sequential_hands"
        return {"revote": "classic_revote_hint", "runoff": "classic_runoff_hint",
                "second_vote": "classic_second_vote_hint", "nightmare": "classic_nightmare_hint"}.get(
            last, "classic_hands_hint" if hands else "classic_vote_hint")

    def _then(self) -> str:
        """Where Enter takes the table when nothing is left to answer here."""
        if classic(self).public_view().phase == "over" and classic(self).pending() is None:
            return "classic_then_end"
        if self.stage == "election":
            return "classic_then_night"
        if self.stage == "dawn":
            return "classic_then_day"
        return "classic_then_night" if classic(self).meta("talked", True, bool) else "classic_then_vote"

    # -- answers -----------------------------------------------------------------------------------
    def _public_options(self, p: Prompt) -> tuple[Action, ...]:
        """The answers shown for a public prompt. A day ballot lists every living player but the voter:
        the engine's own list leaves out the voter's lover (lovers may not vote against each other,
        §4.5.5), and showing that gap would tell the table who the lovers are."""
        if p.step != "vote":
            return p.options
        living = classic(self).view().living
        names = tuple(Action("vote", (f"p{s}",)) for s in living if s != p.seat)
        extra = tuple(a for a in p.options if a not in names)  # abstain, where the procedure allows it
        return names + extra

    @on(OptionList.OptionSelected, "#classic-table-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if self.prompt is None or event.option_index >= len(self.shown):
            return
        action = self.shown[event.option_index]
        if action not in self.prompt.options:  # a lover's name, or someone not in the run-off
            from ..common.notice import NoticeScreen

            self.app.push_screen(NoticeScreen(self._refused(self.prompt, action)))
            return
        classic(self).answer(action)
        self.arm()  # the key that cast the last ballot must not move the table on
        self._show()

    def _refused(self, p: Prompt, action: Action) -> str:
        return refused_ballot(classic(self).words, classic(self).view_for(p.seat).lover, p, action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go_on":
            return self.prompt is None
        if action == "my_card":  # the Executioner's look at a face-down card (the same key for anyone)
            return self.prompt is None and executioner_told(classic(self).heard())
        return True

    def action_my_card(self) -> None:
        """Whoever holds the laptop names himself and sees his own card and what he knows (the
        Executioner: the cards of the village's victims), behind the name list, as by day."""
        if self.prompt is not None or not self.let_through():
            return
        from ..common.card import CardScreen
        from .who import ClassicWhoScreen

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.app.push_screen(CardScreen(seat))

        self.app.push_screen(ClassicWhoScreen(), chosen)

    def action_go_on(self) -> None:
        if self.prompt is not None or not self.let_through():
            return
        then = self._then()
        table = classic(self)
        if then == "classic_then_end":
            self.post_message(TableMove("over"))
        elif self.stage == "election":
            self.post_message(TableMove("night", step=-1, round=1))
        elif self.stage == "dawn":
            self.post_message(TableMove("day", day_left=float(host(self).settings.day_seconds), talked=False))
        elif then == "classic_then_vote":
            self.post_message(TableMove("day", day_left=float(host(self).settings.day_seconds)))
        else:
            self.post_message(TableMove("night", step=-1, round=table.round + 1, talked=False))
