"""New Moon event cards (docs/resolution.md §4.6; docs/decisions.md, "New Moon event deck"): the
interface and the cards whose effect the New Moon reference gives fully enough to play. One card is
turned before each day
(seed 004: 在每天开始之前先翻开一张) and applied; the deck is shuffled (each day's card is a chance draw
among the cards left, so a scenario can pin it) and never reshuffled: when it is empty, no more cards.
A card with nothing to act on (``applies``: Miracle before any werewolf victim) is set aside and the next
card is turned, as the reference recommends.

``EventCard{id, reveal, duration, apply}``: ``apply`` returns the board with the card's effect recorded
(a flag the rules read later: ``Board.active_events`` for the rest of the game, ``day_event`` for this
day, ``next_night_event`` for the next night). The cards on file:

* ``werewolf_ally`` (the seed's example, the reference's Double Agent): next night the earliest-eliminated
  player designates a living non-werewolf, who is shown the werewolves and wins if and only if they win
  (§4.2, A-C17; the step is ``game.ally_step``).
* ``somnambulism`` (rest of the game): each time the Seer looks, the table is told the card she saw (at
  dawn), never whom she looked at.
* ``enthusiasm`` / ``dissatisfaction`` (this day): if today's vote eliminates a werewolf (enthusiasm) / a
  player who is not a werewolf (dissatisfaction), a second vote is held at once; it triggers nothing more.
* ``burial`` (rest of the game): the cards of players who die at night are no longer shown.
* ``miracle`` (instant): the most recent werewolf victim comes back to the game as a Simple Villager,
  powers lost; what his death set off (grief, a shot, the succession) is not undone.
* ``backfire`` (next night): the werewolves' attack backfires. A victim holding a Simple Villager card
  is not killed but becomes a werewolf (his card is swapped: he wakes with the pack from the next night
  and wins with it); any other victim survives and the first living werewolf to his left dies instead, at
  dawn like a night death. It replaces the attack: protection, the Elder's life and the Witch's potion of
  life have nothing to act on (the Witch is shown no victim) (``game.backfire``).
* ``not_me_nor_wolf``, ``eclipse``, ``good_manners`` (this day): rules for the table's talk (a word that
  costs the vote, backs turned, speaking in turn without interrupting); the app shows the card and the
  table plays it, the engine has nothing to apply.

* ``nightmare`` (this day): no debate; instead of the vote each player accuses one player in turn,
  clockwise from the left of the last player who died; the most accused is eliminated as if voted out
  (``game.nightmare``).
* ``great_distrust`` (this day): instead of the vote each player names three other living players as his
  friends; every living player named by nobody is eliminated (``game.great_distrust``).
* ``punishment`` (this day): instead of the vote the last player who died names a living player, who is
  eliminated unless two other living players stand up for him (``game.punishment``); set aside while
  nobody is dead.

* ``executioner`` (instant + rest of the game): at once the living elect an Executioner (the sheriff's
  election: ``game.elect``); from then on a player eliminated by the village (the vote, the Nightmare, the
  Great Distrust) dies with his card hidden from the table, and only the living Executioner is shown it
  (he may tell it or lie); a dying Executioner names his successor, as the Sheriff does.
* ``specter`` (next night): once the pack has its victim, the victim wakes, becomes a werewolf and picks
  one of the werewolves, who dies at dawn instead, told like the night's victim; their cards are swapped
  (the victim takes the werewolf card, the dead werewolf shows the victim's old card and has no power
  from it). It replaces the attack, as Backfire does (``game.specter_step``).
* ``full_moon_rising`` (next night): the werewolves do not hunt: each looks at one player's card, like a
  Seer; the living Seer, Witch and Hunter wake together as a pack of the night and choose a victim by the
  pack's rule (the werewolves' attack: protection, the Elder's life and the Little Girl's spying apply);
  the Seer and the Witch skip their own steps that night (``game.full_moon``).

The reference's other cards (Influences, Spiritualism, Little Rascal, Touch of Death) are not in the deck
(docs/decisions.md, "New Moon event deck": why each).

Night cards add steps to the night they act in (``NIGHT_STEPS``): the app and the narrator call them
whether anyone acts in them or not, as every step."""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from ...model.kinds import PublicKind
from ...model.values import PublicEvent
from .board import Board

#: The roles of the New Moon expansion (seed 004: 新月扩展中有五个新角色): with one of them in the deck the
#: event deck is played by default (``events.new_moon``).
NEW_MOON_ROLES = frozenset({"village_idiot", "elder", "scapegoat", "defender", "piper"})


@frozen
class EventCard:
    id: str
    reveal: str          # "before_day"
    duration: str        # "instant", "this_day", "next_night" or "rest_of_game"
    apply: Callable[[Board], Board]
    applies: Callable[[Board], bool] = lambda _b: True  # False: nothing to act on, the next card is turned


def _next_night(card: str) -> Callable[[Board], Board]:
    return lambda b: b.but(next_night_event=card)


def _this_day(card: str) -> Callable[[Board], Board]:
    return lambda b: b.but(day_event=card)


def _for_good(card: str) -> Callable[[Board], Board]:
    return lambda b: b.but(active_events=b.active_events | {card})


def _revivable(b: Board) -> int | None:
    """The most recent werewolf victim when he is dead (Miracle's player), else None."""
    seat = last_werewolf_victim(b)
    return seat if seat is not None and not b.alive[seat] else None


def _miracle(b: Board) -> Board:
    """The most recent werewolf victim lives again, as a Simple Villager without powers."""
    seat = _revivable(b)
    if seat is None:
        return b
    roles = list(b.roles)
    roles[seat] = "villager"
    alive = list(b.alive)
    alive[seat] = True
    b = b.but(roles=tuple(roles), alive=tuple(alive)).log(b.label, "miracle", seat)
    return b.tell(PublicKind.DRAW, "miracle", seat=seat)


EVENT_CARDS: dict[str, EventCard] = {card.id: card for card in (
    EventCard("werewolf_ally", "before_day", "next_night", _next_night("werewolf_ally")),
    EventCard("somnambulism", "before_day", "rest_of_game", _for_good("somnambulism")),
    EventCard("enthusiasm", "before_day", "this_day", _this_day("enthusiasm")),
    EventCard("dissatisfaction", "before_day", "this_day", _this_day("dissatisfaction")),
    EventCard("burial", "before_day", "rest_of_game", _for_good("burial")),
    EventCard("miracle", "before_day", "instant", _miracle, lambda b: _revivable(b) is not None),
    EventCard("not_me_nor_wolf", "before_day", "this_day", _this_day("not_me_nor_wolf")),
    EventCard("eclipse", "before_day", "this_day", _this_day("eclipse")),
    EventCard("good_manners", "before_day", "this_day", _this_day("good_manners")),
    EventCard("backfire", "before_day", "next_night", _next_night("backfire")),
    EventCard("nightmare", "before_day", "this_day", _this_day("nightmare")),
    EventCard("great_distrust", "before_day", "this_day", _this_day("great_distrust")),
    EventCard("punishment", "before_day", "this_day", _this_day("punishment"), lambda b: punisher(b) is not None),
    EventCard("executioner", "before_day", "rest_of_game", _for_good("executioner")),
    EventCard("specter", "before_day", "next_night", _next_night("specter")),
    EventCard("full_moon_rising", "before_day", "next_night", _next_night("full_moon_rising")),
)}

#: The night steps a next-night card adds, and the slot each comes after ("" = before every slot).
NIGHT_STEPS: dict[str, tuple[str, str]] = {
    "werewolf_ally": ("ally", ""),
    "specter": ("specter", "werewolf"),
    "full_moon_rising": ("full_moon", "werewolf"),
}
#: Those steps' ids (called by the same ids as the hot-seat app's calls, ``classic_step_*``).
EVENT_STEPS: tuple[str, ...] = tuple(step for step, _after in NIGHT_STEPS.values())


def night_card_told(public: tuple[PublicEvent, ...], night: int) -> str | None:
    """The next-night card acting on night ``night``, from what the table was told: the card turned and
    applied on day ``night - 1`` (a card set aside is told ``event_void``), if it acts at night."""
    day = PublicEvent(PublicKind.PHASE, "day", (("round", night - 1),))
    if day not in public:
        return None
    card = None
    for e in public[public.index(day) + 1:]:
        if e.kind == PublicKind.PHASE:
            break
        if e.kind == PublicKind.DRAW and e.id in ("event", "event_void"):
            told = str(dict(e.params).get("card", ""))
            card = told if e.id == "event" else None
    return card if card in NIGHT_STEPS else None

#: The event deck when events are played: one of each card on file (shuffled by the game's draws).
EVENT_DECK: tuple[str, ...] = tuple(EVENT_CARDS)


def events_played(enabled: bool, new_moon: bool, deck: frozenset[str] | set[str] | tuple[str, ...]) -> bool:
    """Is the event deck played? ``events.enabled``, or ``events.new_moon`` with a New Moon role dealt."""
    return enabled or (new_moon and bool(NEW_MOON_ROLES & set(deck)))


def punisher(b: Board) -> int | None:
    """The Punishment card's namer: the last player who died and is still dead (not one a Miracle brought
    back), or None."""
    for e in reversed(b.events):
        if e.kind == "death" and e.seat is not None and not b.alive[e.seat]:
            return e.seat
    return None


def earliest_eliminated(b: Board) -> int | None:
    """The first player to have died in this game (the event log's first death), or None."""
    for e in b.events:
        if e.kind == "death" and e.seat is not None:
            return e.seat
    return None


def last_werewolf_victim(b: Board) -> int | None:
    """The last player killed by the werewolves' attack (not poison, grief or a shot), or None."""
    for e in reversed(b.events):
        if e.kind == "death" and e.seat is not None and e.detail is not None and e.detail.get("cause") == "werewolves":
            return e.seat
    return None
