"""New Moon event cards (docs/resolution.md §4.6): the interface, and the only card whose full text is on
file — the seed's ``werewolf_ally``. No other card is implemented: their effects would be invented.

``EventCard{id, reveal, duration, apply}``: a card is revealed before the day starts (§4.5.1); ``apply``
returns the board with its effect recorded. ``werewolf_ally`` lasts for the next night: then the
earliest-eliminated player is woken and designates a living player who is not a werewolf; that player is
shown the werewolves, keeps his role, never wakes with them, and wins if and only if the werewolves win
(§4.2, A-C17). The night step itself is ``game.ally_step``."""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from .board import Board


@frozen
class EventCard:
    id: str
    reveal: str          # "before_day"
    duration: str        # "instant", "next_night" or "rest_of_game"
    apply: Callable[[Board], Board]


def _werewolf_ally(b: Board) -> Board:
    """Schedules the ally's designation for the next night."""
    return b.but(next_night_event="werewolf_ally")


EVENT_CARDS: dict[str, EventCard] = {
    "werewolf_ally": EventCard("werewolf_ally", "before_day", "next_night", _werewolf_ally),
}

#: The event deck when ``events.enabled``: every card whose full text is on file, in this order.
EVENT_DECK: tuple[str, ...] = tuple(EVENT_CARDS)


def earliest_eliminated(b: Board) -> int | None:
    """The first player to have died in this game (the event log's first death), or None."""
    for e in b.events:
        if e.kind == "death" and e.seat is not None:
            return e.seat
    return None
