"""One Night's private prompt as the shared prompt screen shows it (``prompt_model.PromptModel``): built
from the seat's view alone (``view_for``), worded by ``prompt_text.describe``, drawn on the table picture
(every answer names positions of the table: a seat or a center card), with the role's explanation on F1.

The Seer's result, the Doppelgänger's new role and any other answer the same seat gives next in the same
step are the seat's next prompt (``stays_open``); anything else closes the screen. One Night shows no
learned view of its own: what an answer teaches comes back as that next prompt's info."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..prompt_model import PromptModel, TablePicture, stays_open

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog
    from onenight_core.engine.views import SeatView

    from .one_night import OneNightTable


def one_night_model(view: SeatView, catalog: Catalog, lang: str) -> PromptModel | None:
    """``view``'s pending prompt (None: the seat has none), in ``lang``."""
    from ..prompt_text import describe
    from ..text.app_words import AppWords

    prompt = view.prompt
    if prompt is None:
        return None
    text = describe(view, catalog, lang)
    say = AppWords(lang)
    options = prompt.options
    picture = TablePicture(
        players=tuple(view.public.players), center=view.public.center, me=view.seat,
        targets=tuple(frozenset(a.targets) for a in options), notes=dict(text.notes))
    return PromptModel(
        seat=view.seat, step=prompt.step, head=text.head, task=text.task, info=text.info,
        answers=text.options, options=options, hint=say("prompt_pick_hint"),
        # the time left's words, "{clock}" standing for the clock (no particle or elision touches it)
        clock=say("prompt_time_left", clock="{clock}"), hide_key=say("key_prompt_hide"),
        picture=picture, role_help=role_help(view, catalog, lang))


def role_help(view: SeatView, catalog: Catalog, lang: str) -> str:
    """The role's explanation (team, night action, goal) F1 shows on ``view``'s prompt: for a ripple, the
    tap an alien gives the Cow or an Empath's respondent, what this is, then the player's own role."""
    from ..text.words import Wording

    prompt = view.prompt
    assert prompt is not None, "the seat has no prompt"
    role = prompt.role
    words = Wording((), catalog, lang)
    extra = ""
    respond = role == "empath" and prompt.stage == "respond"  # an Empath's respondent, eyes closed
    if role == "ripple" or (role == "cow" and prompt.stage in ("tap", "tap2")) or respond:
        extra = words.text("help_empath_respond" if respond else
                           "help_ripple" if role == "ripple" else "help_cow_tap")
        role = view.night_role
    info = catalog.get(role)
    ability = info.ability(lang) if info is not None else ""
    goal = words.goal(role, view.public.roster, view.public.ruleset)  # the goal in this deck, as the card says it
    return f"{extra}\n{words.role(role)} — {words.team(role)}\n{ability}\n{goal}".strip()


def answer_one_night(table: OneNightTable, model: PromptModel, index: int) -> PromptModel | None:
    """Answer ``model.options[index]`` (the answers the screen showed, never a prompt that came since);
    the seat's next prompt when it answers again in the same step, else None."""
    from onenight_core.engine.views import view_for

    if not 0 <= index < len(model.options):
        return None
    state = table.answer(model.options[index])
    view = view_for(state, model.seat)
    if view.prompt is not None and stays_open(model.seat, model.step, model.seat, view.prompt.step):
        return one_night_model(view, table.catalog, table.lang)
    return None


__all__ = ["answer_one_night", "one_night_model", "role_help"]
