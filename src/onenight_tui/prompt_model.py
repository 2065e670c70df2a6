"""What one seat's private prompt shows, for every game family: a value the table's driver builds from
that seat's view (no widgets), which the one prompt screen (``screens/common/prompt.py``) draws.

The driver (``tables.TableDriver``) builds it (``prompt_model``) and applies the answer the seat picks
(``prompt_answer``), telling the screen what comes next: the seat's next prompt in the same step (the
screen stays open: the Seer's result, the witch's second potion), what the answer taught the seat (a
model with ``learned``: shown until Enter hides it), or nothing (the screen clears and closes). One
Night's models come from ``prompt_text.describe`` (``tables/one_night_prompt.py``), classic's from its
``ClassicWords`` (``tables/classic/prompt.py``): the wording stays in the families' text modules, only
the screen is shared. A test reads every family's model without starting the app."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from onenight_core.model.values import Action


@dataclass(frozen=True)
class TablePicture:
    """The table drawn round the answers (``widgets/table_ring.TableRing``): ``players`` in seat order,
    ``center`` cards, ``me`` the seat answering, ``targets`` the positions each answer names (in the
    answers' order), ``notes`` what the seat saw, written under each position."""

    players: tuple[str, ...]
    center: int
    me: int
    targets: tuple[frozenset[str], ...]
    notes: dict[str, str] = field(default_factory=dict)

    @property
    def selectable(self) -> frozenset[str]:
        """The positions some answer names (a click or a pick toggles them)."""
        return frozenset(t for targets in self.targets for t in targets)


@dataclass(frozen=True)
class Picking:
    """Players picked one at a time (Cupid's lovers, the Piper's charms): the answers listed are the
    players that may come next (``listed``, positions), after those ``chosen`` so far."""

    listed: tuple[str, ...]
    chosen: tuple[str, ...] = ()


@dataclass(frozen=True)
class PromptModel:
    """One seat's private prompt as the screen shows it.

    ``seat``/``step``: whose prompt and which night step (None: not a step's, or a result); ``head``: who
    the seat is; ``task``: what to do (or, with ``learned``, what the answer taught); ``info``: what the
    seat knows now; ``answers``: one label per answer, in the engine's order (``options``), or the
    players of a one-at-a-time pick (``picking``); ``hint``: how to choose (or to hide a result);
    ``clock``: how the time left is worded (``{clock}`` stands for it); ``hide_key``: the footer's word
    for hiding the prompt; ``picture``: the table drawn round the answers, or None (a plain list);
    ``role_help``: the role's explanation F1 shows, or None (no F1); ``learned``: this shows what the
    last answer taught the seat, no answers, until Enter hides it."""

    seat: int
    head: str
    task: str
    hint: str
    hide_key: str
    step: str | None = None
    info: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()
    options: tuple[Action, ...] = ()
    clock: str = "{clock}"
    picture: TablePicture | None = None
    picking: Picking | None = None
    role_help: str | None = None
    learned: bool = False

    @property
    def texts(self) -> tuple[str, ...]:
        """Every piece of text the prompt shows (its footer's words aside)."""
        notes = tuple(self.picture.notes.values()) if self.picture is not None else ()
        return (self.head, self.task, *self.info, *self.answers, self.hint, *notes)


def stays_open(seat: int, step: str | None, next_seat: int | None, next_step: str | None) -> bool:
    """After an answer, a private prompt stays open only while the same seat answers again in the same
    step (the Seer's result, the witch's second potion); otherwise it clears and closes, so the
    eyes-closed screen is back before anyone else touches the laptop."""
    return step is not None and next_seat == seat and next_step == step


class PromptTable(Protocol):
    """What the prompt screen asks of the table's driver (every ``tables.TableDriver`` is one)."""

    def prompt_model(self, seat: int, *, shown_from: int | None = None) -> PromptModel | None:
        """``seat``'s pending prompt (None: it has none); with ``shown_from``, what it learned from its
        ``shown_from``-th observation on instead (a result the game was stopped on, shown again)."""

    def prompt_answer(self, model: PromptModel, index: int) -> PromptModel | None:
        """The seat picked answer ``index`` of ``model``: answer (or pick the next player), and say what
        the screen shows next — the seat's next prompt, what it learned, or None (close)."""

    def prompt_hidden(self, model: PromptModel) -> None:
        """The seat hid what its answer taught it (``model.learned``)."""


__all__ = ["Picking", "PromptModel", "PromptTable", "TablePicture", "stays_open"]
