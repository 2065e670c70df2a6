"""The Mad Scientist and his Intern (docs/rules.md §5 #32, #33, §D.9; their win conditions and the
all-teams loss are docs/resolution.md S-mad_scientist, S-intern and W5m).

The Mad Scientist wakes at 3-D only to hear a nonsense line from the app: flavour, nothing to choose. We
write our own lines (never the app's): one phrase from each of three pools, drawn from the stream
``mad_scientist.flavor`` (``mad_scientist#dg.flavor`` for a Doppelganger's own line). The line is shown
in his private prompt in the hot-seat game, so there a ghost step draws nothing and the table hears
nothing; at a table with physical cards the narrator says it aloud, as the app does (``aloud``: drawn
from the same stream, so it is the line the game would show him, and read for a ghost step too).

The Intern wakes at 3-E and sees the thumbs of every player whose night identity is the Mad Scientist;
with none, he now wins only by dying (the resolution reads it from the final identities)."""

from __future__ import annotations

from ....model.state import GameState
from ....model.kinds import PublicKind
from ....model.values import Action, Learned, Prompt, PublicEvent, Step, Turn
from ...draws import draw_uniform
from .bonus import Thumbs
from .common import info_prompt
from .registry import Behaviour, register

# The three phrase pools of the nonsense line: message ids of the text layer (en/ko/zh/fr).
NONSENSE_POOLS = (
    tuple(f"nonsense_subject_{i}" for i in range(1, 5)),
    tuple(f"nonsense_verb_{i}" for i in range(1, 5)),
    tuple(f"nonsense_result_{i}" for i in range(1, 5)),
)
NONSENSE = "nonsense"  # the ``as_`` of the line shown to the Mad Scientist (never an observation)


def nonsense_line(g: GameState, turn: Turn) -> tuple[GameState, tuple[str, ...]]:
    """Draw the Mad Scientist's line: one message id per pool, from his own stream."""
    return _draw_line(g, turn.copier == "doppelganger")


def _draw_line(g: GameState, doppelganger: bool) -> tuple[GameState, tuple[str, ...]]:
    stream = "mad_scientist#dg.flavor" if doppelganger else "mad_scientist.flavor"
    parts = []
    for pool in NONSENSE_POOLS:
        g, part = draw_uniform(g, stream, pool)
        parts.append(part)
    return g, tuple(parts)


@register("mad_scientist")
class MadScientist(Behaviour):
    """Hears a private nonsense line; nothing to choose."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        g, parts = nonsense_line(g, turn)
        return g, turn.at("listen", info=(Learned(turn.seat, parts, NONSENSE, turn.step),))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None

    def aloud(self, g: GameState, step: Step) -> GameState:
        """At a table with physical cards the app says the line aloud (``table_night``): one public draw,
        the three phrase ids in order (``dg_mad_scientist`` for the Doppelganger's own step)."""
        copy = step.kind == "dg"
        g, parts = _draw_line(g, copy)
        event = PublicEvent(PublicKind.DRAW, "dg_mad_scientist" if copy else "mad_scientist",
                            (("value", ",".join(parts)),))
        return g.replace(public=g.public + (event,))


@register("intern")
class Intern(Thumbs):
    """Sees the thumbs of the Mad Scientists (night identity); none means he now wins only by dying."""

    thumbs = frozenset({"mad_scientist"})
    as_ = "mad_scientist"


__all__ = ["Intern", "MadScientist", "NONSENSE", "NONSENSE_POOLS", "nonsense_line"]
