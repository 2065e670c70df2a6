"""One seat's private prompt, for every game family: what it sees and the legal answers.

The screen draws a ``prompt_model.PromptModel`` the table's driver builds from the seat's view alone
(``table.prompt_model(seat)``) and hands each answer to the driver (``table.prompt_answer``), which says
what comes next. It knows no role and no family: One Night's models bring a picture of the table
(``TablePicture``: the answers' positions can be picked on it) and the role's explanation (F1); classic's
bring neither — a plain list in a box — and may pick players one at a time (Cupid, the Piper: ``Picking``)
or show what an answer taught the seat (``learned``). Wording stays in the families' text modules
(``prompt_text.describe``, ``ClassicWords``).

Several answers in a row for the same seat and step (the Seer's result, the Doppelgänger's new role, the
witch's two potions) stay on this screen; a result the seat learned (classic's Seer) is shown until Enter
hides it; as soon as the pending prompt belongs to someone else or to another step, the screen clears
itself and closes, so the eyes-closed screen comes back before anyone else touches the laptop.

A night prompt shows the time left in its step (``time_left``; the secret ballot has none); when it runs
out the eyes-closed screen closes it (``time_up``/``close_private``) and the engine answers for the
player. The first answer is highlighted when answers appear (issue 23: the first Enter did nothing);
Enter pressed within ``app.KEY_GUARD_SECONDS`` of the answers appearing — the key press after the one that
opened the prompt (a double Enter on the eyes-closed screen or the ballot's hand-over), or after the last
answer or pick — is ignored and never chooses one (``ChoiceList.arm``), nor hides a result unread
(``KeyGuard``). ``shown_from`` shows again what the seat learned from that observation on (a game stopped
on a result, resumed)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...host import host
from ...prompt_model import PromptModel, PromptTable
from ...text.app_words import SpeaksBindings
from ...widgets.countdown import clock_text
from ...widgets.table_ring import TableRing
from .hand_over import KeyGuard
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


class PromptScreen(KeyGuard, PrivateScreen[None]):
    CSS_PATH = "prompt.tcss"
    BODY_ID = "prompt-body"
    # The answers take the focus when there are answers (``_show``); a result has none, so that Enter hides it.
    AUTO_FOCUS = ""  # (None would mean the app's: the first focusable widget)
    # Enter first: the footer shows a binding's first key, and a result's hint names Enter.
    BINDINGS = [
        Binding("enter,escape", "hide_learned", "Hide", id="prompt-hide-learned"),
        Binding("escape", "hide", "Hide (Enter opens it again)", id="prompt-hide"),
        Binding("f1", "role_help", "My role", id="prompt-help"),
    ]

    def __init__(self, seat: int, *, time_left: Callable[[], float] | None = None,
                 shown_from: int | None = None) -> None:
        super().__init__(seat)
        self.time_left = time_left  # None: untimed (the secret ballot)
        self.shown_from = shown_from  # show again what the seat learned from this observation on (a resumed game)
        self.model: PromptModel | None = None  # what is on screen (None: nothing yet, or closing)
        self.shown = 0  # the answers' generation: a selection queued from earlier answers is dropped
        self.picked: frozenset[str] = frozenset()  # positions picked on the table picture

    @property
    def table(self) -> PromptTable:
        """The driver of the game on the table: it builds the models and takes the answers."""
        table = host(self).table
        assert table is not None, "no game on the table"
        return table

    @property
    def learned(self) -> bool:
        """Showing what the last answer taught the seat: Enter hides it."""
        return self.model is not None and self.model.learned

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
            yield Label("", id="prompt-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        model = self.table.prompt_model(self.seat, shown_from=self.shown_from)
        if model is None:
            self.call_later(self.close_private, None)
            return
        self.query_one("#prompt-role-help", Static).display = False
        # The footer's word for hiding is the family's (binding ids: ``prompt-hide``, ``prompt-hide-learned``).
        table = self._bindings.key_to_bindings
        for key, bindings in table.items():
            table[key] = [dataclasses.replace(b, description=model.hide_key) if b.action.startswith("hide")
                          else b for b in bindings]
        self._show(model)
        self.start_clock()

    def _show(self, model: PromptModel) -> None:
        """Draw ``model``: a prompt's answers (on the table picture when it has one), or a result."""
        self.model = model
        self.picked = frozenset()
        # the plain box or the table picture: the layout follows the model (prompt.tcss), never the family
        self.set_class(model.picture is None, "-plain")
        self.query_one("#prompt-head", Label).update(model.head)
        self.query_one("#prompt-task", Static).update(model.task)
        info = self.query_one("#prompt-info", Static)
        info.update("\n".join(model.info))
        info.set_class(not model.info, "-empty")
        picture = model.picture
        ring = self.query_one(TableRing)
        ring.display = picture is not None
        if picture is not None:
            ring.players = picture.players
            ring.center = picture.center
            ring.me = picture.me
            ring.picked = frozenset()
            ring.targets = frozenset()
            ring.set_notes(picture.notes)
            ring.set_selectable(picture.selectable)
        hint = self.query_one("#prompt-hint", Label)
        hint.update(model.hint)
        choices = self.query_one(ChoiceList)
        self.query_one("#prompt-main").display = not model.learned
        if model.learned:
            self.set_focus(None)  # Enter hides the result: no hidden list takes it
            self.arm()  # the second key of the double press that answered must not hide it unread
        else:
            self.shown += 1
            self.list_answers(model.answers, [f"option-{self.shown}-{i}" for i in range(len(model.answers))])
            # on the picture the hint is the list's border title; in the plain box it is the line below
            choices.border_subtitle = model.hint if picture is not None else None
            choices.focus()
        self.show_time()
        self.refresh_bindings()

    def list_answers(self, labels: Sequence[str], ids: Sequence[str]) -> ChoiceList:
        """Put ``labels`` on the choice list, the first highlighted, a double press guarded against."""
        choices = self.query_one(ChoiceList)
        choices.clear_options()
        choices.add_options([Option(label, id=i) for label, i in zip(labels, ids, strict=True)])
        choices.highlighted = 0 if choices.option_count else None
        choices.arm()
        return choices

    # -- the time left -----------------------------------------------------------------------------
    def start_clock(self) -> None:
        """Keep the time left up to date (an untimed prompt has none)."""
        if self.time_left is not None:
            self.set_interval(0.25, self.show_time)

    def show_time(self) -> None:
        if self.closing or self.time_left is None or self.model is None:
            return
        self.query_one("#prompt-time", Label).update(self.model.clock.replace("{clock}", clock_text(self.time_left())))

    def time_up(self) -> None:
        """The step's time ran out: clear and close (the engine answers for the player)."""
        self.close_private(None)

    # -- choosing ----------------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#prompt-options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        picture = self.model.picture if self.model is not None else None
        if picture is None:
            return
        index = event.option_index
        self.query_one(TableRing).targets = picture.targets[index] if index < len(picture.targets) else frozenset()

    @on(OptionList.OptionSelected, "#prompt-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id != f"option-{self.shown}-{event.option_index}":
            return  # chosen from answers no longer on screen (a selection still queued when they changed)
        self.choose(event.option_index)

    def choose(self, index: int) -> None:
        """Answer with the ``index``-th answer on screen; stay for what the driver shows next (this seat's
        next prompt in the same step, or what the answer taught it), else close."""
        model = self.model
        if self.closing or model is None or model.learned or not 0 <= index < len(model.answers):
            return
        after = self.table.prompt_answer(model, index)
        if after is None:
            self.close_private(None)
        else:
            self._show(after)

    @on(TableRing.Picked)
    def _picked(self, event: TableRing.Picked) -> None:
        self.pick(event.pos)

    def pick(self, pos: str) -> None:
        """Toggle ``pos`` on the table and highlight the answer that the picked positions name."""
        ring = self.query_one(TableRing)
        picture = self.model.picture if self.model is not None else None
        if picture is None or pos not in ring.selectable:
            self.app.bell()
            return
        picked = self.picked ^ {pos}
        fits = [i for i, t in enumerate(picture.targets) if picked <= t]
        if picked and not fits:
            picked = frozenset({pos})
            fits = [i for i, t in enumerate(picture.targets) if picked <= t]
        exact = [i for i in fits if picture.targets[i] == picked]
        self.picked = frozenset(picked)
        ring.picked = self.picked
        best = exact[0] if exact else (fits[0] if fits else None)
        if best is not None:
            self.query_one(ChoiceList).highlighted = best

    # -- keys --------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter hides what the answer taught (the hint says so, the footer shows it) only once it is
        shown: before, Enter picks the highlighted answer. Escape hides in both cases; the footer shows
        it while the answers are there, then Enter, one key for one action. F1 is there only when the
        prompt has a role's explanation."""
        if action == "hide_learned":
            return self.learned
        if action == "hide":
            return not self.learned
        if action == "role_help":
            return self.model is not None and self.model.role_help is not None
        return True

    def action_hide(self) -> None:
        self.close_private(None)

    def action_hide_learned(self) -> None:
        if self.model is not None and self.model.learned and self.let_through():
            self.table.prompt_hidden(self.model)
            self.close_private(None)

    def action_role_help(self) -> None:
        """The role's explanation (team, night action, goal), one key away; F1 again hides it."""
        panel = self.query_one("#prompt-role-help", Static)
        help_text = self.model.role_help if self.model is not None else None
        if help_text is None or panel.display:
            panel.display = False
            return
        panel.update(help_text)
        panel.display = True
