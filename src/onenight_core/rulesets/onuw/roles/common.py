"""Shared moves of role behaviours: looking at cards, swapping them, showing a result.

Every card movement goes through ``swap_cards`` so the event log can trace each card's journey."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import combinations, compress

from attrs import evolve

from ....model.messages import Message, say
from ....model.kinds import PromptKind
from ....model.values import (Action, Card, CardView, Event, Learned, Move, Observation, Prompt, Turn, DONE, PASS,
                              shared_options, shown)
from ....model.positions import pos_index
from ....model.state import GameState


def index_of(g: GameState, pos: str) -> int:
    """The table index of position ``pos`` (``p3``, ``c0``) on this table."""
    return pos_index(pos, g.players, len(g.cards))


def view(g: GameState, seat: int, index: int, step: str) -> tuple[GameState, CardView]:
    """``seat`` looks at the card at table ``index``; the observation is recorded."""
    obs = card_view(seat, g.positions[index], g.cards[index].role, step)
    return g.replace(observations=g.observations + (obs,)), obs


def view_and_reveal(g: GameState, seat: int, index: int, step: str,
                    stays_up: Callable[[str], bool]) -> tuple[GameState, CardView, Message]:
    """``seat`` views the card at ``index`` (Flipper, Revealer, a ripple's reveal): if ``stays_up`` holds
    for its role it stays face up for the rest of the game, else it goes back face down. Returns the
    state, the observation and the detail to log."""
    g, obs = view(g, seat, index, step)
    if not stays_up(g.cards[index].role):
        return g, obs, say("turned_face_down")
    cards = list(g.cards)
    cards[index] = evolve(cards[index], face_up=True)
    return g.replace(cards=tuple(cards)), obs, say("stays_face_up")


@lru_cache(maxsize=4096)
def with_copy(card: Card, copied: str) -> Card:
    """``card`` recording the copy ``copied`` (card-bound). Cards are values (their hash is cached), and
    the same copier card copies the same few roles in every game of a table: each copy is made once
    (``attrs.evolve``, which inspects the class every time, cost as much as a night step)."""
    return evolve(card, copied=copied)


def become_copied(g: GameState, seat: int, copied: str, bind: bool, copier: str | None) -> GameState:
    """A copier (Copycat, Mirror Man) at ``seat`` saw ``copied``: if ``bind``, its card records the copy
    (card-bound, E-29); if ``copier`` is given, the seat acts as ``copied`` tonight as that copier."""
    cards = list(g.cards)
    if bind:
        cards[seat] = with_copy(cards[seat], copied)
    roles = list(g.night_roles)
    copiers = list(g.copiers)
    if copier is not None:
        roles[seat] = copied
        copiers[seat] = copier
    return g.replace(cards=tuple(cards), night_roles=tuple(roles), copiers=tuple(copiers))


def look_and_show(g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn]:
    """The common "view these cards, then see them" answer (Seer, lone wolf, Mystic Wolf, ...):
    each target is viewed in order, the action is logged and the views are shown to the seat (what
    ``view`` for each target and then ``log`` record, written with one replace)."""
    positions, cards = g.positions, g.cards
    seen: list[CardView] = []
    for pos in action.targets:
        index = index_of(g, pos)
        seen.append(card_view(turn.seat, positions[index], cards[index].role, turn.step))
    g = g.replace(observations=g.observations + tuple(seen), events=g.events + (act_event(turn, action),))
    return g, show(turn, seen)


def act_event(turn: Turn, action: Action | None, detail: Message | None = None) -> Event:
    """``Event(turn.step, "act", turn.seat, turn.role, action, (), detail)``. Turns, options and messages are
    shared between games, so the event of an answer that moves no card is too: built once, keyed by their
    identities (the entry holds all three, so no id can be reused)."""
    key = (id(turn), id(action), id(detail))
    entry = _ACT_EVENTS.get(key)
    if entry is None or entry[0] is not turn or entry[1] is not action or entry[2] is not detail:
        if len(_ACT_EVENTS) > 1 << 13:  # (bounded like ``Turn.at``'s turns: flat memory, issue 25)
            _ACT_EVENTS.clear()
        entry = _ACT_EVENTS[key] = (turn, action, detail,
                                    Event(turn.step, "act", turn.seat, turn.role, action, (), detail))
    return entry[3]


_ACT_EVENTS: dict[tuple[int, int, int], tuple[Turn, Action | None, Message | None, Event]] = {}


def seats_of(night_roles: tuple[str, ...], roles: frozenset[str],
             feared: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The seats whose night identity is one of ``roles``, in seat order, but the ``feared`` ones. (The
    scan runs in C, ``compress`` over ``roles.__contains__``: group steps run it in every game.)"""
    seats = tuple(compress(range(len(night_roles)), map(roles.__contains__, night_roles)))
    return tuple([s for s in seats if s not in feared]) if feared else seats


def with_seat(seats: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``seats`` (a sorted fact such as ``silenced``) with ``seat`` added once: facts stay canonical."""
    return tuple(sorted(set(seats) | {seat}))


def learn(g: GameState, seat: int, who: Iterable[int], as_: str, step: str) -> tuple[GameState, Learned]:
    positions = g.positions
    obs = learned(seat, tuple([positions[s] for s in who]), as_, step)
    return g.replace(observations=g.observations + (obs,)), obs


# Observations and moves are values, and the same few recur in every game of a table (seat 3 saw a
# werewolf at p5 at step "seer"): each is built once.
card_view = lru_cache(maxsize=4096)(CardView)
learned = lru_cache(maxsize=4096)(Learned)
move = lru_cache(maxsize=2048)(Move)


def swap_cards(g: GameState, a: int, b: int) -> tuple[GameState, tuple[Move, Move]]:
    cards, moves = _swapped(g, a, b)
    return g.replace(cards=cards), moves


def _swapped(g: GameState, a: int, b: int) -> tuple[tuple[Card, ...], tuple[Move, Move]]:
    """The table's cards with those at ``a`` and ``b`` exchanged, and the two moves."""
    cards = list(g.cards)
    card_a, card_b = cards[a], cards[b]
    cards[a], cards[b] = card_b, card_a
    pos_a, pos_b = g.positions[a], g.positions[b]
    return tuple(cards), (move(card_a.id, pos_a, pos_b), move(card_b.id, pos_b, pos_a))


def swap_and_log(g: GameState, turn: Turn, action: Action, a: int, b: int,
                 look_at: int | None = None) -> tuple[GameState, CardView | None]:
    """``swap_cards``, then ``log`` of the action with its moves, then (with ``look_at``) the seat's
    ``view`` of the card now at that index, written as one state instead of three: the Robber, the
    Troublemaker and the Drunk swap on most nights of every game."""
    cards, moves = _swapped(g, a, b)
    changes: dict[str, object] = {
        "cards": cards, "events": g.events + (Event(turn.step, "act", turn.seat, turn.role, action, moves),)}
    if look_at is None:
        return g.replace(**changes), None
    obs = card_view(turn.seat, g.positions[look_at], cards[look_at].role, turn.step)
    changes["observations"] = g.observations + (obs,)
    return g.replace(**changes), obs


def log(g: GameState, turn: Turn, action: Action | None, moves: tuple[Move, ...] = (), detail: Message | None = None,
        kind: str = "act") -> GameState:
    ev = (act_event(turn, action, detail) if kind == "act" and not moves  # (shared: see ``act_event``)
          else Event(turn.step, kind, turn.seat, turn.role, action, moves, detail))
    return g.replace(events=g.events + (ev,))


def show(turn: Turn, info: Iterable[Observation], then: Turn | None = None) -> Turn:
    """A follow-up turn that shows ``info`` to the seat; its only answer is ``done``.

    The common case, a shared turn shown one shared observation with nothing after it (the Seer's look,
    the Robber's new card), is the same turn in every game of a table: ``Turn.at`` builds it once."""
    info = tuple(info)
    if then is None and len(info) == 1:
        return turn.at("show", info=info, memo=())
    return Turn(turn.seat, turn.role, turn.step, "show", (then,) if then else (), turn.copier, info, turn.group)


def choice(g: GameState, turn: Turn, options: Iterable[Action], info: tuple[Observation, ...] = (),
           kind: str = PromptKind.ACT) -> Prompt:
    # Options built for this prompt become the shared tuple of their value (``shared_options``): the
    # caches keyed by an option tuple's identity, this one's included, then see each value once.
    options = shared_options(options)
    if info or turn.info:
        return Prompt(turn.seat, turn.step, turn.role, kind, options, info or turn.info, turn.group,
                      turn.copier, turn.stage)
    # A choice that shows nothing is a value of its turn and options alone, and both are usually shared
    # between games (``fresh_turn``, ``each``/``pairs``/``joined``): build each such prompt once. Keyed by
    # their identities; the entry holds them, so the ids cannot be reused.
    key = (id(turn), id(options), kind)
    entry = _CHOICES.get(key)
    if entry is None or entry[0] is not turn or entry[1] is not options:
        if len(_CHOICES) > 4096:
            _CHOICES.clear()
        entry = _CHOICES[key] = (turn, options, Prompt(turn.seat, turn.step, turn.role, kind, options, (),
                                                       turn.group, turn.copier, turn.stage))
    return entry[2]


_CHOICES: dict[tuple[int, int, str], tuple[Turn, tuple[Action, ...], Prompt]] = {}


def info_prompt(turn: Turn, info: tuple[Observation, ...] = ()) -> Prompt:
    """The prompt that shows ``info`` (default: the turn's own) to the seat; its only answer is ``done``.
    Without ``info`` it is a value of the turn alone, kept with the turn (``model.values.shown``)."""
    if info:
        return Prompt(turn.seat, turn.step, turn.role, PromptKind.INFO, _DONE_ONLY, info, turn.group,
                      turn.copier, turn.stage)
    return shown(turn)


_DONE_ONLY = (DONE,)


def viewable_players(g: GameState, seat: int) -> list[int]:
    """Other players' cards that may be viewed or moved (not shielded)."""
    return [s for s in range(g.players) if s != seat and s not in g.shields]


def center_indices(g: GameState) -> list[int]:
    return [i for i in range(g.players, len(g.cards)) if i not in g.shields]


# Prompt options are rebuilt on every prompt of every game, and most are the same from one game to the
# next (a Troublemaker at a ten-seat table has 36): the helpers below build each tuple once. Actions
# are immutable values, so sharing them between games is safe.

def viewable_positions(g: GameState, seat: int) -> tuple[str, ...]:
    """The positions of ``viewable_players`` (other players' cards, not shielded)."""
    return _viewable_positions(g.players, seat, g.shields)


def center_positions(g: GameState) -> tuple[str, ...]:
    """The positions of ``center_indices`` (center cards, extra slots included, not shielded)."""
    return _center_positions(g.players, len(g.cards), g.shields)


@lru_cache(maxsize=4096)
def _viewable_positions(players: int, seat: int, shields: frozenset[int]) -> tuple[str, ...]:
    return tuple(f"p{s}" for s in range(players) if s != seat and s not in shields)


@lru_cache(maxsize=1024)
def _center_positions(players: int, table: int, shields: frozenset[int]) -> tuple[str, ...]:
    return tuple(f"c{i - players}" for i in range(players, table) if i not in shields)


PASS_ONLY: tuple[Action, ...] = (PASS,)

_JOINED: dict[tuple[int, ...], tuple[tuple[tuple[Action, ...], ...], tuple[Action, ...]]] = {}


def joined(*parts: tuple[Action, ...]) -> tuple[Action, ...]:
    """The options of ``parts`` in order, as one tuple: ``joined(PASS_ONLY, each("look", ...))``.

    The parts are the shared tuples of ``each``/``pairs``/``PASS_ONLY``, so the joined tuple is shared
    too, built once per combination (keyed by the parts' identities; the entry holds the parts, so
    their ids cannot be reused). Drivers can then keep what they work out from a prompt's options
    (the engine's check of an answer, a bot's choices) from one game to the next."""
    key = tuple(map(id, parts))
    entry = _JOINED.get(key)
    if entry is None or entry[0] != parts:  # (tuples of the same parts compare by identity at once)
        if len(_JOINED) > 4096:
            _JOINED.clear()
        entry = _JOINED[key] = (parts, sum(parts, ()))
    return entry[1]


@lru_cache(maxsize=4096)
def each(verb: str, positions: tuple[str, ...]) -> tuple[Action, ...]:
    """``verb`` on each one of ``positions``, in order."""
    return tuple(Action(verb, (p,)) for p in positions)


@lru_cache(maxsize=4096)
def pairs(verb: str, positions: tuple[str, ...]) -> tuple[Action, ...]:
    """``verb`` on each unordered pair of ``positions``, in ``itertools.combinations`` order."""
    return tuple(Action(verb, pair) for pair in combinations(positions, 2))


__all__ = ["index_of", "look_and_show", "view", "learn", "swap_cards", "log", "show", "choice", "info_prompt",
           "viewable_players",
           "center_indices", "viewable_positions", "center_positions", "each", "pairs", "joined", "DONE", "PASS",
           "PASS_ONLY", "Action"]
