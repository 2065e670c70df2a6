"""The words of one seat's private prompt, worked out from its view alone (no widgets).

``PromptScreen`` shows exactly this, so a test can read every prompt of every role in many seeded games
without starting the app, and check that nothing reads as a Python value or a raw id."""

from __future__ import annotations

from dataclasses import dataclass, field

from onenight_core.catalog.loader import Catalog
from onenight_core.model.values import Learned
from onenight_core.engine.views import SeatView

from .wording import Wording, mark_effect, mark_name


@dataclass(frozen=True)
class PromptText:
    """``head``: who the seat is tonight; ``task``: what to do (with the effects of the marks involved);
    ``info``: what the seat sees now; ``options``: one label per legal answer, in the engine's order;
    ``notes``: what to write under each position of the table picture."""

    head: str
    task: str
    info: tuple[str, ...]
    options: tuple[str, ...]
    notes: dict[str, str] = field(default_factory=dict)

    @property
    def texts(self) -> tuple[str, ...]:
        """Every piece of text the prompt shows."""
        return (self.head, self.task, *self.info, *self.options, *self.notes.values())


def identity(view: SeatView, words: Wording) -> str:
    """The role the seat acts as tonight, never its current card (a Robber stays "the Robber" after
    robbing): ``you are the Robber``; a copier says what it copied."""
    if view.night_role != view.dealt:
        return f"you are {words.the_role(view.dealt)}, now {words.the_role(view.night_role)}"
    return f"you are {words.the_role(view.night_role)}"


def describe(view: SeatView, catalog: Catalog, lang: str = "en") -> PromptText:
    """The prompt of ``view`` (which must have one) in words."""
    prompt = view.prompt
    assert prompt is not None, "the seat has no prompt"
    words = Wording(view.public.players, catalog, lang, me=view.seat)

    if prompt.kind == "vote":
        head = f"{view.name} — your secret vote"
    else:
        head = f"{view.name} — {identity(view, words)}"
    if view.mark_seen is not None:
        head += f" · your mark: {mark_name(view.mark_seen)}"

    if prompt.kind == "vote":
        task = "Your secret vote: choose the player you want to eliminate."
    elif prompt.kind == "info":
        task = "What you see — remember it."
    else:
        info = catalog.get(prompt.role)
        task = info.ability(lang) if info is not None else words.role(prompt.role)
        if prompt.copier and prompt.copier != prompt.role:
            task = f"As {words.the_role(prompt.role)} ({words.role(prompt.copier)}): {task}"
    # A seen mark's sentence says its effect; a mark that is only named (given, or its holders seen) is
    # explained under the task.
    marks = words.marks_in([o for o in prompt.info if isinstance(o, Learned)], prompt.options)
    if marks:
        task += "\n" + "\n".join(f"{mark_name(m)} — for its holder: {mark_effect(m)}." for m in marks)

    lines = [words.observation(o) for o in prompt.info]
    if prompt.group and len(prompt.group) > 1 and not any(isinstance(o, Learned) for o in prompt.info):
        lines.append(f"Awake with you: {words.names(f'p{s}' for s in prompt.group if s != view.seat)}.")

    notes = words.table_notes(view.public)
    for obs in prompt.info:
        positions = obs.who if isinstance(obs, Learned) else (obs.pos,)
        note = words.note(obs)
        for pos in positions:
            if note and note not in notes.get(pos, "").split("\n"):
                notes[pos] = f"{note}\n{notes[pos]}" if pos in notes else note

    options = tuple(words.action(a, prompt.role) for a in prompt.options)
    return PromptText(head, task, tuple(lines), options, notes)
