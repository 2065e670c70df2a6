"""The classic private prompt (a night role's choice) as the shared prompt screen shows it
(``prompt_model.PromptModel``): who it is for, the task, what the seat knows (the werewolves' victim for
the witch, whom the pack has named so far for a werewolf, what it learned before), the answers worded by
``ClassicWords`` — read from the seat's view only (``view_for``, through the table's rules).

Cupid and the Piper pick their players one at a time (``Picking``), not from a list of every pair. After
an answer the seat's next prompt in the same step stays on screen (the witch's two potions); what the
answer taught the seat (the Seer's look, the little girl's glimpse) is shown until Enter hides it, and
noted in the save (``learned_seat``/``learned_from``/``learned_round``/``learned_step``), so a game
stopped on it shows it again to that seat in that step (``shown_from``); otherwise the screen closes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ...text.classic_words import one_at_a_time, picked_in_turn
from ...prompt_model import Picking, PromptModel, stays_open

if TYPE_CHECKING:
    from onenight_core.model.values import Observation
    from onenight_core.rulesets.classic.protocol import ClassicSeatView, PackChoice

    from ...text.classic_words import ClassicWords
    from .table import ClassicTable


def classic_model(view: ClassicSeatView, w: ClassicWords, dead: Mapping[int, str],
                  chosen: Sequence[str] = ()) -> PromptModel | None:
    """``view``'s pending prompt (None: the seat has none); ``dead``: the dead the table has heard of;
    ``chosen``: the players Cupid or the Piper picked so far."""
    p = view.prompt
    if p is None:
        return None
    head = w.text("classic_prompt_head", player=w.name(view.seat),
                  card_name=w.card(p.role) if p.role in w.catalog else w.step_title(p.step))
    lines = []
    if p.role == "witch" and p.info:
        lines.append(w.text("classic_witch_victim", target=w.who(str(p.info[0]))))
    lines += pack_so_far(w, view.pack)
    lines += w.known_lines(view.known, dead)
    picking = None
    hint = w.text("classic_pick_hint")
    if picked_in_turn(p.options):
        listed, _ = one_at_a_time(p.options, chosen)
        picking = Picking(listed, tuple(chosen))
        answers = tuple(w.who(t) for t in listed)
        if chosen:
            hint = w.text("classic_picked_so_far", players=w.whom(chosen))
    else:
        answers = tuple(w.action(a, p) for a in p.options)
    return PromptModel(seat=view.seat, step=p.step, head=head, task=w.task(p, view.witch), info=tuple(lines),
                       answers=answers, options=p.options, picking=picking, hint=hint,
                       hide_key=w.text("classic_key_hide"))


def pack_so_far(w: ClassicWords, pack: Iterable[PackChoice]) -> list[str]:
    """For a werewolf: whom the pack has named so far tonight (his seat view's ``pack``)."""
    return [w.text("classic_pack_named", player=w.name(c.werewolf), target=w.name(c.victim)) for c in pack]


def learned_model(seat: int, head: str, learned: Iterable[Observation], w: ClassicWords,
                  dead: Mapping[int, str], step: str | None = None) -> PromptModel:
    """What an answer taught ``seat`` (``learned``), under the prompt's ``head``, until Enter hides it."""
    return PromptModel(seat=seat, step=step, head=head, task="\n".join(w.knowledge(list(learned), dead)),
                       hint=w.text("classic_hide_hint"), hide_key=w.text("classic_key_hide"), learned=True)


def shown_again(table: ClassicTable, seat: int, shown_from: int) -> PromptModel:
    """What ``seat`` learned from its ``shown_from``-th observation on: the result a game was stopped on,
    shown again when the seat comes back in that step."""
    w, view = table.words, table.view_for(seat)
    head = w.text("classic_prompt_head", player=w.name(seat), card_name=w.card(view.role))
    return learned_model(seat, head, view.known[shown_from:], w, table.view().dead)


def answer_classic(table: ClassicTable, model: PromptModel, index: int) -> PromptModel | None:
    """The seat picked answer ``index`` of ``model``: the next player of a one-at-a-time pick, or the
    answer. Then the seat's next prompt in the same step, what the answer taught it (noted in the save),
    or None (the screen closes)."""
    seat = model.seat
    if model.picking is not None:
        if not 0 <= index < len(model.picking.listed):
            return None
        chosen = (*model.picking.chosen, model.picking.listed[index])
        _, done = one_at_a_time(model.options, chosen)
        if done is None:
            return classic_model(table.view_for(seat), table.words, table.view().dead, chosen)
        action = done
    elif 0 <= index < len(model.options):
        action = model.options[index]
    else:
        return None
    known = table.view_for(seat).known
    table.answer(action)
    after = table.pending()
    if after is not None and stays_open(seat, model.step, after.seat, after.step):
        return classic_model(table.view_for(seat), table.words, table.view().dead)
    learned = [o for o in table.view_for(seat).known if o not in known]
    if not learned:
        return None
    # a game killed while this is on screen shows it again when the seat comes back in this step
    table.app.note(learned_seat=seat, learned_from=len(known), learned_round=table.round,
                   learned_step=model.step or "")
    return learned_model(seat, model.head, learned, table.words, table.view().dead, model.step)


__all__ = ["answer_classic", "classic_model", "learned_model", "pack_so_far", "shown_again"]
