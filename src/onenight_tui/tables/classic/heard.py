"""What the classic table has heard: the public events up to the announcement its stage has not
reached yet. The engine may be ahead of the table (after the witch's answer it has played dawn), so
public screens read these and nothing else: the living, the dead and their revealed cards, the sheriff,
the draws of the current part of the round. Nothing here depends on who holds a card nobody revealed."""

from __future__ import annotations

from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Prompt, PublicEvent

#: Prompts answered in front of everyone (the hunter's shot, the dead sheriff's successor, the votes);
#: every other prompt is a night prompt, answered privately.
PUBLIC_STEPS = frozenset({"hunter", "sheriff", "election", "vote", "tie_break", "scapegoat",
                          "friends", "punish", "vouch", "executioner_election", "executioner"})


def is_public(prompt: Prompt | None) -> bool:
    return prompt is not None and prompt.step in PUBLIC_STEPS


def _marker(kind: str, ident: str, round_: int) -> PublicEvent:
    return PublicEvent(kind, ident, (("round", round_),))


def heard(public: tuple[PublicEvent, ...], stage: str, round_: int) -> tuple[PublicEvent, ...]:
    """The public events the table has heard at ``stage`` of round ``round_``: everything before the next
    announcement it has not reached (the deal and the night stop before dawn, dawn before the day, the
    day before the next night)."""
    stop = {"deal": _marker(PublicKind.PHASE, "dawn", round_), "night": _marker(PublicKind.PHASE, "dawn", round_),
            "dawn": _marker(PublicKind.PHASE, "day", round_)}.get(stage, _marker(PublicKind.PHASE, "night", round_ + 1))
    return public[:public.index(stop)] if stop in public else public


def part(public: tuple[PublicEvent, ...], stage: str, round_: int) -> tuple[PublicEvent, ...]:
    """The draws announced in the current part: dawn's since night ``round_`` ended, the day's since it
    began (the sheriff, deaths by vote and their triggers, a revealed idiot)."""
    events = heard(public, stage, round_)
    start = _marker(PublicKind.PHASE, "dawn" if stage == "dawn" else "day", round_)
    if stage in ("night", "deal"):
        start = _marker(PublicKind.PHASE, "night", round_)
    begun = events[events.index(start) + 1:] if start in events else ()
    return tuple(e for e in begun if e.kind == PublicKind.DRAW)


class TableView:
    """What the table knows at its stage, from the public events it has heard only."""

    def __init__(self, players: int, events: tuple[PublicEvent, ...]) -> None:
        self.dead: dict[int, str] = {}
        self.sheriff: int | None = None
        self.executioner: int | None = None  # the New Moon card's
        self.idiots: set[int] = set()
        self.last_dead: int | None = None  # the player whose death the table heard last
        for e in events:
            if e.kind != PublicKind.DRAW:
                continue
            p = dict(e.params)
            if e.id == "death":
                self.dead[int(p["seat"])] = str(p.get("role", ""))
                self.last_dead = int(p["seat"])
            elif e.id == "sheriff":
                self.sheriff = int(p["seat"])
            elif e.id == "executioner":
                self.executioner = int(p["seat"])
            elif e.id == "idiot_revealed":
                self.idiots.add(int(p["seat"]))
            elif e.id == "miracle":  # the New Moon card: back in the game
                self.dead.pop(int(p["seat"]), None)
        if self.sheriff in self.dead:
            self.sheriff = None  # the succession is announced as its own draw
        if self.executioner in self.dead:
            self.executioner = None
        self.living = tuple(s for s in range(players) if s not in self.dead)

    @property
    def clockwise(self) -> tuple[int, ...]:
        """The living clockwise from the left of the last player who died (seed 004 steps 8 and 9): the
        left neighbour of seat i is seat i+1; from seat 0 when nobody died yet. (The engine's own
        ``Board.clockwise_from_last_dead`` reads its board; the table reads what it has heard, round the
        same seating: ``seating.clockwise_after``.)"""
        from onenight_core.rulesets.classic.seating import clockwise_after

        return clockwise_after(len(self.living) + len(self.dead), self.living, self.last_dead)
