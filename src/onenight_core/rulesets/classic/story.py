"""The story of a classic game, round by round, as message ids with parameters (never prose): the
command line, the app and a translation each render the ids in their own words. Read back from the
board's event log only, through one table (``LINES``: which event each key tells, and with what; its keys
are ``STORY_KEYS``) — no chain of cases per event kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import field, frozen

from ...model.messages import Message
from ...model.values import Action, Event, _tuple
from .board import Board

@frozen
class StoryLine:
    """One thing that happened: the round (``night1``), a key of ``STORY_KEYS`` and its parameters."""

    round: str
    key: str
    params: tuple[tuple[str, str | int], ...] = field(default=(), converter=_tuple)

    @property
    def message(self) -> Message:
        """The line as the text layer's ``Message`` (its round aside)."""
        return Message(self.key, self.params)

    def param(self, name: str) -> str | int | None:
        return dict(self.params).get(name)


_SEAT_ONLY = ("protected", "saved", "sheriff_elected", "executioner_elected", "elder_life", "idiot_revealed",
              "no_elimination", "eliminated", "miracle", "spared")

#: What a line is made of: its key and its parameters (``None``: the event is not told).
Told = tuple[str, dict[str, Any]] | None


@frozen
class Line:
    """One entry of the table of lines: the ``keys`` it can say, ``when`` an event is its to tell, and
    ``tell(event, action, context)`` the key and parameters (or None: the event is not told)."""

    keys: tuple[str, ...]
    when: Callable[[Event, Action], bool]
    tell: Callable[[Event, Action, _Context], Told]


@frozen
class _Context:
    """What a line may read beside its event: the event card acting this day, the finished board."""

    card: str
    board: Board


def _targets(action: Action | None) -> str:
    return " ".join(action.targets) if action is not None else ""


def _how(e: Event) -> object:
    return e.detail.get("how") if e.detail else None


def _seat_target(key: str) -> Callable[[Event, Action, _Context], Told]:
    """A line that names its seat and the target of the answer."""
    return lambda e, a, _c: (key, {"seat": e.seat, "target": _targets(a)})


def _seat(key: str) -> Callable[[Event, Action, _Context], Told]:
    return lambda e, _a, _c: (key, {"seat": e.seat})


def _acts(step: str) -> Callable[[Event, Action], bool]:
    """The event of an answer in step ``step``."""
    return lambda e, _a: e.step == step and e.kind == "act"


def _backfire(e: Event, _a: Action, _c: _Context) -> Told:
    if _how(e) == "converted":
        return "backfire_converted", {"seat": e.seat}
    return "backfire_rebound", {"seat": e.seat, "target": f"p{e.detail.get('victim') if e.detail else ''}"}


def _over(e: Event, _a: Action, c: _Context) -> Told:
    side, reason = (e.detail["team"], e.detail["reason"]) if e.detail else ("none", "")
    return "over", {"side": side, "reason": reason, "winners": " ".join(f"p{s}" for s in c.board.winners)}


def _ballot(e: Event, a: Action, c: _Context) -> Told:
    key = "elect" if e.kind == "election" else ("accuse" if c.card == "nightmare" else "vote")
    return key, {"seat": e.seat, "target": _targets(a) or "-"}


#: The classic story's lines, in the order they are tried: the first whose ``when`` holds tells the event
#: (the ruleset's table of lines; ``story`` only walks the log through it). Its keys are ``STORY_KEYS``.
LINES: tuple[Line, ...] = (
    # time ran out: the app drew, nobody chose
    Line(("timeout_drawn",), lambda _e, a: a.value == "drawn",
         lambda e, a, _c: ("timeout_drawn", {"seat": e.seat, "role": e.role or "", "targets": _targets(a)})),
    Line(("backfire_converted", "backfire_rebound"), lambda e, _a: e.kind == "backfire", _backfire),
    Line(("deal",), lambda e, _a: e.kind == "deal",
         lambda e, _a, _c: ("deal", {"cards": ",".join(e.detail["roles"]) if e.detail else ""})),
    Line(("thief_took", "thief_kept"), _acts("thief"),
         lambda e, a, _c: ("thief_took", {"seat": e.seat, "card": a.targets[0]}) if a.verb == "take"
         else ("thief_kept", {"seat": e.seat})),
    Line(("lovers",), lambda e, _a: e.step == "cupid",
         lambda e, a, _c: ("lovers", {"seat": e.seat, "lovers": _targets(a)})),
    Line(("seer_look",), lambda e, _a: e.step == "seer", _seat_target("seer_look")),
    Line(("defender_protects",), lambda e, _a: e.step == "defender", _seat_target("defender_protects")),
    Line(("specter",), _acts("specter"), _seat_target("specter")),
    Line(("executioner_successor",), _acts("executioner"),
         lambda e, a, _c: ("executioner_successor", {"seat": e.seat, "choice": _targets(a) or "pass"})),
    Line(("elect_executioner",), lambda e, _a: e.kind == "executioner_election",
         lambda e, a, _c: ("elect_executioner", {"seat": e.seat, "target": _targets(a) or "-"})),
    Line(("moon_look",), lambda e, a: _acts("werewolf")(e, a) and a.verb == "look", _seat_target("moon_look")),
    Line(("moon_vote",), lambda e, a: _acts("full_moon")(e, a) and e.role == "full_moon", _seat_target("moon_vote")),
    Line(("moon_drawn", "moon_victim"), lambda e, _a: e.step == "full_moon" and e.kind == "victim",
         lambda e, _a, _c: ("moon_drawn" if _how(e) in ("drawn", "tie") else "moon_victim", {"seat": e.seat})),
    # the little girl at the werewolves' step: told when she spies, not otherwise
    Line(("girl_spies",),
         lambda e, _a: e.step in ("werewolf", "full_moon") and e.kind == "act" and e.role == "little_girl",
         lambda e, a, _c: ("girl_spies", {"seat": e.seat}) if a.verb == "spy" else None),
    Line(("girl_caught",), lambda e, _a: e.kind == "caught", _seat("girl_caught")),
    Line(("pack_vote",), _acts("werewolf"), _seat_target("pack_vote")),
    # drawn: nobody named anyone; tie: drawn among the tied
    Line(("pack_drawn", "pack_tie", "pack_victim"), lambda e, _a: e.kind == "victim",
         lambda e, _a, _c: ({"drawn": "pack_drawn", "tie": "pack_tie"}.get(str(_how(e)), "pack_victim"),
                            {"seat": e.seat})),
    Line(("witch_save", "witch_poison"), lambda e, a: e.step == "witch" and a.verb not in ("", "pass"),
         lambda e, a, _c: ("witch_save" if a.verb == "save" else "witch_poison",
                           {"seat": e.seat, "target": _targets(a)})),
    Line(("piper_charms",), _acts("piper"),
         lambda e, a, _c: ("piper_charms", {"seat": e.seat, "targets": _targets(a)})),
    Line(("charms_end",), lambda e, _a: e.step == "piper" and e.kind == "charms_end", _seat("charms_end")),
    Line(_SEAT_ONLY, lambda e, _a: e.kind in _SEAT_ONLY,
         lambda e, _a, _c: (e.kind, {"seat": e.seat} if e.seat is not None else {})),
    Line(("death",), lambda e, _a: e.kind == "death",
         lambda e, _a, _c: ("death", {"seat": e.seat, "role": e.role or "",
                                      "cause": e.detail.get("cause") if e.detail else ""})),
    Line(("hunter_shot",), lambda e, _a: e.step == "hunter", _seat_target("hunter_shot")),
    Line(("elder_revenge",), lambda e, _a: e.kind == "revenge", _seat("elder_revenge")),
    Line(("successor",), lambda e, _a: e.step == "sheriff",
         lambda e, a, _c: ("successor", {"seat": e.seat, "choice": _targets(a) or "pass"})),
    Line(("elect", "accuse", "vote"), lambda e, _a: e.kind in ("election", "vote"), _ballot),
    Line(("punish",), lambda e, _a: e.kind == "punish", _seat_target("punish")),
    Line(("vouch",), lambda e, a: e.kind == "vouch" and a.verb == "vouch", _seat_target("vouch")),
    Line(("friend",), lambda e, _a: e.kind == "friends", _seat_target("friend")),
    Line(("tie_break",), lambda e, _a: e.kind == "tie_break", _seat_target("tie_break")),
    Line(("scapegoat_voters",), lambda e, a: e.kind == "scapegoat" and a.verb == "voters",
         _seat_target("scapegoat_voters")),
    Line(("event_revealed",), lambda e, _a: e.kind == "event",
         lambda e, _a, _c: ("event_revealed", {"event": e.detail["card"] if e.detail else ""})),
    Line(("ally_named",), _acts("ally"), _seat_target("ally_named")),
    Line(("over",), lambda e, _a: e.kind == "over", _over),
)

#: Every key a line of the story can have (the catalogs word each: ``cli_classic_story_<key>``).
STORY_KEYS: tuple[str, ...] = tuple(dict.fromkeys(key for line in LINES for key in line.keys))

_NO_ACTION = Action("")


def story(b: Board) -> tuple[StoryLine, ...]:
    """Every line of the game in order, each event told by the first entry of ``LINES`` that takes it.
    ``round`` is the label current when the event was written."""
    out: list[StoryLine] = []
    label = "night1"
    card = ""  # the event card acting this day (the Nightmare's ballots are accusations)
    for e in b.events:
        if e.kind == "round":
            label, card = e.step, ""
        if e.kind == "event" and e.detail is not None:
            card = str(e.detail.get("card"))
        a = e.action or _NO_ACTION
        line = next((line for line in LINES if line.when(e, a)), None)
        told = line.tell(e, a, _Context(card, b)) if line is not None else None
        if told is not None:
            key, p = told
            out.append(StoryLine(label, key, tuple(sorted(p.items()))))
    return tuple(out)
