"""One seat's private classic prompt (a night role's choice): who it is for, the task, what the seat
knows, and the legal answers worded from the prompt's options.

Rendered from the seat's view only (``view_for``, through the table's rules). Several answers in a row
for the same seat and step (the witch's two potions) stay on this screen; as soon as the pending prompt
belongs to someone else or to another step, the screen clears itself and closes, so the eyes-closed
screen is back before the next player touches the laptop (each living werewolf answers in turn: the
laptop goes round the pack). A night
prompt shows the time left in its step. The first answer is highlighted when the answers appear (as in
One Night's prompts), so a deliberate Enter chooses it; Enter within the key guard of their appearing
(the second key of the double press that opened the prompt, or that picked Cupid's first lover) is
ignored (``ChoiceList.arm``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Label, OptionList, Static

from onenight_core.model.values import Action, Observation, Prompt

from ...host import classic, host
from ...classic_words import name_keys, one_at_a_time, picked_in_turn
from ..common.hand_over import KeyGuard
from ..common.prompt import BasePromptScreen, ChoiceList, stays_open

if TYPE_CHECKING:
    from onenight_core.rulesets.classic.protocol import PackChoice


class ClassicPromptScreen(KeyGuard, BasePromptScreen):
    CSS_PATH = "prompt.tcss"
    BODY_ID = "classic-prompt-body"
    TIME_LABEL = "#classic-prompt-time"
    # Enter first: the footer shows a binding's first key, and the hint after an answer names Enter.
    BINDINGS = [Binding("enter,escape", "hide_learned", "Hide", id="classic-prompt-hide-learned"),
                Binding("escape", "hide", "Hide", id="classic-prompt-hide")]

    def __init__(self, seat: int, *, time_left: Callable[[], float] | None = None,
                 shown_from: int | None = None) -> None:
        super().__init__(seat, time_left=time_left)
        self.shown_from = shown_from  # shows again what the seat learned from this observation on (a resumed game)
        self.prompt: Prompt | None = None
        self.learned = False  # showing what the last answer taught; Enter hides it
        self.chosen: list[str] = []  # Cupid's / the Piper's players picked so far (one at a time)
        self.listed: tuple[str, ...] = ()  # the players listed for the next pick

    def compose(self) -> ComposeResult:
        with Vertical(id="classic-prompt-body"):
            with Horizontal(id="classic-prompt-top"):
                yield Label("", id="classic-prompt-head", markup=False)
                yield Label("", id="classic-prompt-time", markup=False)
            yield Static("", id="classic-prompt-task", markup=False)
            yield Static("", id="classic-prompt-info", markup=False)
            yield ChoiceList(id="classic-prompt-options", markup=False)
            yield Label("", id="classic-prompt-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        w = classic(self).words
        name_keys(self, {"classic-prompt-hide": w.text("classic_key_hide"),
                         "classic-prompt-hide-learned": w.text("classic_key_hide")})
        self.query_one("#classic-prompt-hint", Label).update(w.text("classic_pick_hint"))
        if self.shown_from is not None:
            role = classic(self).view_for(self.seat).role
            self.query_one("#classic-prompt-head", Label).update(
                w.text("classic_prompt_head", player=w.name(self.seat), card_name=w.card(role)))
            self._show_learned(list(classic(self).view_for(self.seat).known[self.shown_from:]))
        else:
            self._show()
        self.start_clock()
        self.query_one(ChoiceList).focus()

    def _show(self) -> None:
        w = classic(self).words
        view = classic(self).view_for(self.seat)
        p = view.prompt
        self.prompt = p
        if p is None:
            return
        self.query_one("#classic-prompt-head", Label).update(
            w.text("classic_prompt_head", player=w.name(self.seat),
                   card_name=w.card(p.role) if p.role in w.catalog else w.step_title(p.step)))
        self.query_one("#classic-prompt-task", Static).update(w.task(p, view.witch))
        lines = []
        if p.role == "witch" and p.info:
            lines.append(w.text("classic_witch_victim", target=w.who(str(p.info[0]))))
        lines += self._pack_so_far(view.pack)
        lines += w.known_lines(view.known, classic(self).view().dead)
        self.query_one("#classic-prompt-info", Static).update("\n".join(lines))
        self.chosen, self.listed = [], ()
        if picked_in_turn(p.options):
            self._list_next()
        else:
            self.list_answers([w.action(a, p) for a in p.options],
                              [f"classic-option-{i}" for i in range(len(p.options))])
        self.show_time()

    def _list_next(self) -> None:
        """Cupid and the Piper pick their players one at a time: the players that may come next."""
        assert self.prompt is not None
        w = classic(self).words
        self.listed, _ = one_at_a_time(self.prompt.options, self.chosen)
        # armed: the key that picked the first player must not pick the second
        self.list_answers([w.who(t) for t in self.listed], [f"classic-option-{i}" for i in range(len(self.listed))])
        hint = w.text("classic_picked_so_far", players=w.whom(self.chosen)) if self.chosen \
            else w.text("classic_pick_hint")
        self.query_one("#classic-prompt-hint", Label).update(hint)

    def _pack_so_far(self, pack: Sequence[PackChoice]) -> list[str]:
        """For a werewolf: whom the pack has named so far tonight (his seat view's ``pack``)."""
        w = classic(self).words
        return [w.text("classic_pack_named", player=w.name(c.werewolf), target=w.name(c.victim)) for c in pack]

    @on(OptionList.OptionSelected, "#classic-prompt-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if self.prompt is None or self.closing:
            return
        if self.listed:
            if event.option_index >= len(self.listed):
                return
            self.chosen.append(self.listed[event.option_index])
            _, done = one_at_a_time(self.prompt.options, self.chosen)
            if done is not None:
                self.choose(done)
            else:
                self._list_next()
            return
        if event.option_index >= len(self.prompt.options):
            return
        self.choose(self.prompt.options[event.option_index])

    def choose(self, action: Action) -> None:
        """Answer; stay for this seat's next answer in the same step; show what the answer taught the
        seat (the seer's look, the little girl's glimpse) until Enter hides it; close otherwise."""
        before = self.prompt
        known = classic(self).view_for(self.seat).known
        classic(self).answer(action)
        after = classic(self).pending()
        if after is not None and stays_open(self.seat, before.step if before is not None else None,
                                            after.seat, after.step):
            self._show()
            return
        learned = [o for o in classic(self).view_for(self.seat).known if o not in known]
        if not learned:
            self.close_private(None)
            return
        # a game killed while this is on screen shows it again when the seat comes back in this step
        host(self).note(learned_seat=self.seat, learned_from=len(known), learned_round=classic(self).round,
                        learned_step=before.step if before is not None else "")
        self._show_learned(learned)

    def _show_learned(self, learned: list[Observation]) -> None:
        w = classic(self).words
        self.prompt = None
        dead = classic(self).view().dead
        self.query_one("#classic-prompt-task", Static).update("\n".join(w.knowledge(learned, dead)))
        self.query_one("#classic-prompt-info", Static).update("")
        self.query_one(ChoiceList).display = False
        self.query_one("#classic-prompt-hint", Label).update(w.text("classic_hide_hint"))
        self.learned = True
        self.arm()  # the second key of the double press that answered must not hide it unread
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter hides what the answer taught (the hint says so, the footer shows it) only once it is
        shown: before, Enter picks the highlighted answer. Escape hides in both cases; the footer shows
        it while the answers are there, then Enter, one key for one action."""
        if action == "hide_learned":
            return self.learned
        if action == "hide":
            return not self.learned
        return True

    def action_hide_learned(self) -> None:
        if self.learned and self.let_through():
            host(self).note(learned_seat=-1)
            self.close_private(None)
