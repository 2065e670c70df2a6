"""One seat's private prompt: what it sees and the legal answers, drawn on a picture of the table.

Rendered from ``view_for(state, seat)`` only, and generically from the prompt's options (docs/engine.md,
"Actions are the scenario verbs"), worded by ``prompt_text.describe``: a new role's prompt needs no code
here. Several answers in a row for
the same seat and step (the Seer's result, the Doppelgänger's new role) stay on this screen; as soon as
the pending prompt belongs to someone else or to another step, the screen clears itself and closes, so
the eyes-closed screen comes back before anyone else touches the laptop."""

from __future__ import annotations

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from onenight_core.model.values import Action
from onenight_core.engine.views import SeatView, view_for

from ..prompt_text import describe
from ..widgets.table_ring import TableRing


class ChoiceList(OptionList):
    """The legal answers; Enter chooses the highlighted one."""

    BINDINGS = [Binding("enter", "select", "Choose", id="prompt-choose")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":
            return self.highlighted is not None
        return True


class PromptScreen(ModalScreen[None]):
    PRIVATE = True
    CSS_PATH = "prompt.tcss"
    BINDINGS = [
        Binding("escape", "hide", "Hide (answer later)", id="prompt-hide"),
    ]

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat
        self.step: str | None = None
        self.options: tuple[Action, ...] = ()
        self.picked: frozenset[str] = frozenset()
        self._shown_at_size = None
        self._leave_with = False

    # -- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-body"):
            yield Label("", id="prompt-head")
            yield Static("", id="prompt-task", markup=False)
            yield Static("", id="prompt-info", markup=False)
            with Horizontal(id="prompt-main"):
                yield TableRing((), id="prompt-ring")
                yield ChoiceList(id="prompt-options")
        yield Footer()

    def on_mount(self) -> None:
        self._shown_at_size = self.app.size
        view = view_for(self.app.state, self.seat)
        if view.prompt is None:
            self.call_later(self._close)
            return
        self.step = view.prompt.step
        self._show(view)

    def _show(self, view: SeatView) -> None:
        prompt = view.prompt
        assert prompt is not None
        text = describe(view, self.app.catalog, self.app.lang)
        self.options = prompt.options
        self.picked = frozenset()

        self.query_one("#prompt-head", Label).update(text.head)
        self.query_one("#prompt-task", Static).update(text.task)
        info_box = self.query_one("#prompt-info", Static)
        info_box.update("\n".join(text.info))
        info_box.display = bool(text.info)
        notes = text.notes

        ring = self.query_one(TableRing)
        ring.players = view.public.players
        ring.center = view.public.center
        ring.me = self.seat
        ring.picked = frozenset()
        ring.targets = frozenset()
        ring.set_notes(notes)
        ring.set_selectable(frozenset(t for a in self.options for t in a.targets))

        choices = self.query_one(ChoiceList)
        choices.clear_options()
        choices.add_options([Option(label, id=f"option-{i}") for i, label in enumerate(text.options)])
        choices.highlighted = 0
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
        self.choose(self.options[event.option_index])

    def choose(self, action: Action) -> None:
        """Answer with ``action``; stay for this seat's next prompt in the same step, else close."""
        state = self.app.answer(action)
        view = view_for(state, self.seat)
        if view.prompt is not None and view.prompt.step == self.step:
            self._show(view)
        else:
            self._close()

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

    def action_hide(self) -> None:
        self._close()

    # -- privacy -----------------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        if self._shown_at_size is not None and self.app.size != self._shown_at_size:
            self._close()

    def _close(self) -> None:
        """Remove everything this seat saw, then close."""
        body = self.query("#prompt-body")
        if body:
            body.first().remove_children()
        self.options = ()
        self._leave_with = True
        if self.is_current:
            self.dismiss(None)

    def on_screen_resume(self) -> None:
        # Closed while another screen (too small) covered it: leave as soon as it is on top again.
        if self._leave_with:
            self.dismiss(None)
