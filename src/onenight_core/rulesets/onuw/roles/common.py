"""Shared moves of role behaviours: looking at cards, swapping them, showing a result.

Every card movement goes through ``swap_cards`` so the event log can trace each card's journey."""

from __future__ import annotations

from ....model.kinds import PromptKind
from ....model.values import Action, CardView, Event, Learned, Move, Prompt, Turn, DONE, PASS
from ....model.positions import pos_index
from ....model.state import GameState


def index_of(g: GameState, pos: str) -> int:
    """The table index of position ``pos`` (``p3``, ``c0``) on this table."""
    return pos_index(pos, g.players, len(g.cards))


def view(g: GameState, seat: int, index: int, step: str) -> tuple[GameState, CardView]:
    """``seat`` looks at the card at table ``index``; the observation is recorded."""
    obs = CardView(seat, g.pos(index), g.cards[index].role, step)
    return g.replace(observations=g.observations + (obs,)), obs


def look_and_show(g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn]:
    """The common "view these cards, then see them" answer (Seer, lone wolf, Mystic Wolf, ...):
    each target is viewed in order, the action is logged and the views are shown to the seat."""
    seen = []
    for pos in action.targets:
        g, obs = view(g, turn.seat, index_of(g, pos), turn.step)
        seen.append(obs)
    return log(g, turn, action), show(turn, seen)


def learn(g: GameState, seat: int, who, as_: str, step: str) -> tuple[GameState, Learned]:
    obs = Learned(seat, tuple(g.pos(s) for s in who), as_, step)
    return g.replace(observations=g.observations + (obs,)), obs


def swap_cards(g: GameState, a: int, b: int) -> tuple[GameState, tuple[Move, Move]]:
    cards = list(g.cards)
    cards[a], cards[b] = cards[b], cards[a]
    moves = (Move(g.cards[a].id, g.pos(a), g.pos(b)), Move(g.cards[b].id, g.pos(b), g.pos(a)))
    return g.replace(cards=tuple(cards)), moves


def log(g: GameState, turn: Turn, action: Action | None, moves=(), detail: str = "", kind: str = "act") -> GameState:
    ev = Event(turn.step, kind, turn.seat, turn.role, action, moves, detail)
    return g.replace(events=g.events + (ev,))


def show(turn: Turn, info, then: Turn | None = None) -> Turn:
    """A follow-up turn that shows ``info`` to the seat; its only answer is ``done``."""
    return Turn(turn.seat, turn.role, turn.step, "show", (then,) if then else (), turn.copier, tuple(info),
                turn.group)


def choice(g: GameState, turn: Turn, options, info=(), kind: str = PromptKind.ACT) -> Prompt:
    return Prompt(turn.seat, turn.step, turn.role, kind, tuple(options), info or turn.info, turn.group,
                  turn.copier, turn.stage)


def info_prompt(turn: Turn, info=()) -> Prompt:
    return Prompt(turn.seat, turn.step, turn.role, PromptKind.INFO, (DONE,), info or turn.info, turn.group,
                  turn.copier, turn.stage)


def viewable_players(g: GameState, seat: int) -> list[int]:
    """Other players' cards that may be viewed or moved (not shielded)."""
    return [s for s in range(g.players) if s != seat and s not in g.shields]


def center_indices(g: GameState) -> list[int]:
    return [i for i in range(g.players, len(g.cards)) if i not in g.shields]


__all__ = ["index_of", "look_and_show", "view", "learn", "swap_cards", "log", "show", "choice", "info_prompt", "viewable_players",
           "center_indices", "DONE", "PASS", "Action"]
