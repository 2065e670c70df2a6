"""One seat's private prompt: what it sees and the legal answers, drawn on a picture of the table.

Rendered from ``view_for(state, seat)`` only, and generically from the prompt's options (docs/engine.md,
"Actions are the scenario verbs"), worded by ``prompt_text.describe``: a new role's prompt needs no code
here. Several answers in a row for the same seat and step (the Seer's result, the Doppelgänger's new
role) stay on this screen; as soon as the pending prompt belongs to someone else or to another step, the
screen clears itself and closes, so the eyes-closed screen comes back before anyone else touches the
laptop.

A night prompt shows the time left in its step (``time_left``); when it runs out the eyes-closed screen
closes it (``PrivateScreen.close_private``) and the engine answers for the player (timeout.py). The first
answer is highlighted when a prompt appears, so Enter chooses it (issue 23: the first Enter did nothing);
Enter pressed within ``app.KEY_GUARD_SECONDS`` of the answers appearing — the key press after the one that
opened the prompt (a double Enter on the eyes-closed screen or the ballot's hand-over), or after the last
answer — is ignored and never chooses one. F1 shows the role's explanation here."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from onenight_core.engine.views import SeatView, view_for
from onenight_core.model.values import Action

from ...host import host, one_night
from ...prompt_text import describe
from ...text.app_words import SpeaksBindings, app_words
from ...widgets.countdown import clock_text
from ...widgets.table_ring import TableRing
from ...text.words import Wording
from .private_reveal import PrivateScreen


class ChoiceList(SpeaksBindings, OptionList):
    """The legal answers, the first highlighted: Enter chooses the highlighted answer, unless pressed
    within the key guard of the answers appearing (``arm``)."""

    BINDINGS = [Binding("enter", "choose", "Choose", id="prompt-choose")]
    _shown_at: float | None = None

    def arm(self) -> None:
        """New answers are on screen: a key pressed in the next moment is a double press, not a choice."""
        self._shown_at = host(self).clock()

    def action_choose(self) -> None:
        if self._shown_at is not None and host(self).clock() - self._shown_at < host(self).KEY_GUARD_SECONDS:
            return  # a double press of the key that opened the prompt (or chose the last answer)
        if self.highlighted is None:
            self.highlighted = 0 if self.option_count else None
        else:
            self.action_select()
            # The choice reaches the screen as a message, after any key already queued: the second key of
            # a double press would otherwise select again from the list the first one is about to replace.
            self.arm()


def stays_open(seat: int, step: str | None, next_seat: int | None, next_step: str | None) -> bool:
    """After an answer, a private prompt stays open only while the same seat answers again in the same
    step (the Seer's result, the witch's second potion); otherwise it clears and closes, so the
    eyes-closed screen is back before anyone else touches the laptop."""
    return step is not None and next_seat == seat and next_step == step


class BasePromptScreen(PrivateScreen[None]):
    """What every family's private prompt shares: the step's time left, the legal answers listed with the
    first one highlighted and the key guard armed (``ChoiceList.arm``), staying open for the same seat
    and step (``stays_open``), Escape and a run-out step clearing and closing it. A family's screen
    draws the rest (One Night's table ring, classic's pack and witch lines)."""

    TIME_LABEL = "#prompt-time"  # the Label the time left is written to

    def __init__(self, seat: int, *, time_left: Callable[[], float] | None = None) -> None:
        super().__init__(seat)
        self.time_left = time_left  # None: untimed (the secret ballot)

    def start_clock(self) -> None:
        """Keep the time left up to date (an untimed prompt has none)."""
        if self.time_left is not None:
            self.set_interval(0.25, self.show_time)

    def time_text(self, clock: str) -> str:
        """How the time left is worded on this screen (``clock`` is ``clock_text`` of it)."""
        return clock

    def show_time(self) -> None:
        if self.closing or self.time_left is None:
            return
        self.query_one(self.TIME_LABEL, Label).update(self.time_text(clock_text(self.time_left())))

    def list_answers(self, labels: Sequence[str], ids: Sequence[str]) -> ChoiceList:
        """Put ``labels`` on the choice list, the first highlighted, a double press guarded against."""
        choices = self.query_one(ChoiceList)
        choices.clear_options()
        choices.add_options([Option(label, id=i) for label, i in zip(labels, ids, strict=True)])
        choices.highlighted = 0 if choices.option_count else None
        choices.arm()
        return choices

    def action_hide(self) -> None:
        self.close_private(None)

    def time_up(self) -> None:
        """The step's time ran out: clear and close (the engine answers for the player)."""
        self.close_private(None)


class PromptScreen(BasePromptScreen):
    CSS_PATH = "prompt.tcss"
    BODY_ID = "prompt-body"
    BINDINGS = [
        Binding("escape", "hide", "Hide (Enter opens it again)", id="prompt-hide"),
        Binding("f1", "role_help", "My role", id="prompt-help"),
    ]

    def __init__(self, seat: int, *, time_left: Callable[[], float] | None = None) -> None:
        super().__init__(seat, time_left=time_left)
        self.step: str | None = None
        self.options: tuple[Action, ...] = ()
        self.picked: frozenset[str] = frozenset()
        self.shown = 0

    # -- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-body"):
            with Horizontal(id="prompt-top"):
                yield Label("", id="prompt-head", markup=False)
                yield Label("", id="prompt-time", markup=False)
            yield Static("", id="prompt-task", markup=False)
            yield Static("", id="prompt-role-help", markup=False)
            yield Static("", id="prompt-info", markup=False)
            with Horizontal(id="prompt-main"):
                yield TableRing((), id="prompt-ring")
                yield ChoiceList(id="prompt-options", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        view = view_for(one_night(self).game, self.seat)
        if view.prompt is None:
            self.call_later(self.close_private, None)
            return
        self.step = view.prompt.step
        self.query_one("#prompt-role-help", Static).display = False
        self._show(view)
        self.show_time()
        self.start_clock()

    def time_text(self, clock: str) -> str:
        return app_words(self)("prompt_time_left", clock=clock)

    def _show(self, view: SeatView) -> None:
        prompt = view.prompt
        assert prompt is not None
        text = describe(view, host(self).catalog, host(self).lang)
        self.options = prompt.options
        self.picked = frozenset()

        self.query_one("#prompt-head", Label).update(text.head)
        self.query_one("#prompt-task", Static).update(text.task)
        info_box = self.query_one("#prompt-info", Static)
        info_box.update("\n".join(text.info))
        info_box.display = bool(text.info)

        ring = self.query_one(TableRing)
        ring.players = view.public.players
        ring.center = view.public.center
        ring.me = self.seat
        ring.picked = frozenset()
        ring.targets = frozenset()
        ring.set_notes(text.notes)
        ring.set_selectable(frozenset(t for a in self.options for t in a.targets))

        self.shown += 1  # the answers' generation: a selection queued from earlier answers is dropped
        choices = self.list_answers(text.options, [f"option-{self.shown}-{i}" for i in range(len(text.options))])
        choices.border_subtitle = app_words(self)("prompt_pick_hint")
        choices.focus()
        self.refresh_bindings()

    # -- choosing ----------------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#prompt-options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        action = self.options[event.option_index] if event.option_index < len(self.options) else None
        self.query_one(TableRing).targets = frozenset(action.targets) if action else frozenset()

    @on(OptionList.OptionSelected, "#prompt-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id != f"option-{self.shown}-{event.option_index}":
            return  # chosen from answers no longer on screen (a selection still queued when they changed)
        self.choose(self.options[event.option_index])

    def choose(self, action: Action) -> None:
        """Answer with ``action``; stay for this seat's next prompt in the same step, else close."""
        if self.closing:
            return
        state = one_night(self).answer(action)
        view = view_for(state, self.seat)
        if view.prompt is not None and stays_open(self.seat, self.step, self.seat, view.prompt.step):
            self._show(view)
        else:
            self.close_private(None)

    @on(TableRing.Picked)
    def _picked(self, event: TableRing.Picked) -> None:
        self.pick(event.pos)

    def pick(self, pos: str) -> None:
        """Toggle ``pos`` on the table and highlight the answer that the picked positions name."""
        ring = self.query_one(TableRing)
        if pos not in ring.selectable:
            self.app.bell()
            return
        picked = self.picked ^ {pos}
        fits = [i for i, a in enumerate(self.options) if picked <= set(a.targets)]
        if picked and not fits:
            picked = frozenset({pos})
            fits = [i for i, a in enumerate(self.options) if picked <= set(a.targets)]
        exact = [i for i in fits if set(self.options[i].targets) == picked]
        self.picked = frozenset(picked)
        ring.picked = self.picked
        best = exact[0] if exact else (fits[0] if fits else None)
        if best is not None:
            self.query_one(ChoiceList).highlighted = best

    def action_role_help(self) -> None:
        """The role's explanation (team, night action, goal), one key away; F1 again hides it."""
        view = view_for(one_night(self).game, self.seat)
        prompt = view.prompt
        panel = self.query_one("#prompt-role-help", Static)
        if prompt is None or panel.display:
            panel.display = False
            return
        role = prompt.role
        words = Wording((), host(self).catalog, host(self).lang)
        extra = ""
        # a ripple, or the tap an alien gives the Cow: the help is the player's own role's, and what this is
        respond = role == "empath" and prompt.stage == "respond"  # an Empath's respondent, eyes closed
        if role == "ripple" or (role == "cow" and prompt.stage in ("tap", "tap2")) or respond:
            extra = words.text("help_empath_respond" if respond else
                               "help_ripple" if role == "ripple" else "help_cow_tap")
            role = view.night_role
        info = host(self).catalog.get(role)
        ability = info.ability(host(self).lang) if info is not None else ""
        goal = words.goal(role, view.public.roster, view.public.ruleset)  # the goal in this deck, as the card says it
        panel.update(f"{extra}\n{words.role(role)} — {words.team(role)}\n{ability}\n{goal}".strip())
        panel.display = True
