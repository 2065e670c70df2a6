"""The story of a classic game, round by round, as message ids with parameters (never prose): the
command line, the app and a translation each render the ids in their own words (``lines`` keys are
listed in ``STORY_KEYS``). Read back from the board's event log only."""

from __future__ import annotations

from typing import Any

from attrs import field, frozen

from ...model.messages import Message
from ...model.values import Action, _tuple
from .board import Board

STORY_KEYS = (
    "deal", "thief_took", "thief_kept", "lovers", "seer_look", "defender_protects", "girl_spies",
    "girl_caught", "pack_vote", "pack_victim", "pack_drawn", "pack_tie", "witch_save", "witch_poison",
    "piper_charms", "protected",
    "saved", "sheriff_elected", "elder_life", "death", "hunter_shot", "elder_revenge", "charms_end",
    "successor", "elect", "vote", "friend", "punish", "vouch", "spared",
    "tie_break", "scapegoat_voters", "eliminated", "idiot_revealed",
    "no_elimination", "over", "event_revealed", "ally_named", "miracle", "timeout_drawn",
    "backfire_converted", "backfire_rebound", "accuse", "executioner_elected", "elect_executioner",
    "executioner_successor", "specter", "moon_look", "moon_vote", "moon_victim", "moon_drawn",
)


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


def _targets(action: Action | None) -> str:
    return " ".join(action.targets) if action is not None else ""


def story(b: Board) -> tuple[StoryLine, ...]:
    """Every line of the game in order. ``round`` is the label current when the event was written."""
    out: list[StoryLine] = []
    label = "night1"
    card = ""  # the event card acting this day (the Nightmare's ballots are accusations)
    for e in b.events:
        if e.kind == "round":
            label, card = e.step, ""
        if e.kind == "event" and e.detail is not None:
            card = str(e.detail.get("card"))
        a = e.action or Action("")
        p: dict[str, Any] = {}
        key = None
        if e.action is not None and e.action.value == "drawn":  # time ran out: the app drew, nobody chose
            key, p = "timeout_drawn", {"seat": e.seat, "role": e.role or "", "targets": _targets(a)}
        elif e.kind == "backfire":
            how = e.detail.get("how") if e.detail else ""
            key, p = ("backfire_converted", {"seat": e.seat}) if how == "converted" else \
                ("backfire_rebound", {"seat": e.seat, "target": f"p{e.detail.get('victim') if e.detail else ''}"})
        elif e.kind == "deal":
            key, p = "deal", {"cards": ",".join(e.detail["roles"]) if e.detail else ""}
        elif e.step == "thief" and e.kind == "act":
            key, p = ("thief_took", {"seat": e.seat, "card": a.targets[0]}) if a.verb == "take" \
                else ("thief_kept", {"seat": e.seat})
        elif e.step == "cupid":
            key, p = "lovers", {"seat": e.seat, "lovers": _targets(a)}
        elif e.step == "seer":
            key, p = "seer_look", {"seat": e.seat, "target": _targets(a)}
        elif e.step == "defender":
            key, p = "defender_protects", {"seat": e.seat, "target": _targets(a)}
        elif e.step == "specter" and e.kind == "act":
            key, p = "specter", {"seat": e.seat, "target": _targets(a)}
        elif e.step == "executioner" and e.kind == "act":
            key, p = "executioner_successor", {"seat": e.seat, "choice": _targets(a) or "pass"}
        elif e.kind == "executioner_election":
            key, p = "elect_executioner", {"seat": e.seat, "target": _targets(a) or "-"}
        elif e.step == "werewolf" and e.kind == "act" and a.verb == "look":
            key, p = "moon_look", {"seat": e.seat, "target": _targets(a)}
        elif e.step == "full_moon" and e.kind == "act" and e.role == "full_moon":
            key, p = "moon_vote", {"seat": e.seat, "target": _targets(a)}
        elif e.step == "full_moon" and e.kind == "victim":
            how = e.detail.get("how") if e.detail else None
            key, p = ("moon_drawn" if how in ("drawn", "tie") else "moon_victim"), {"seat": e.seat}
        elif e.step in ("werewolf", "full_moon") and e.kind == "act" and e.role == "little_girl":
            if a.verb == "spy":
                key, p = "girl_spies", {"seat": e.seat}
        elif e.kind == "caught":
            key, p = "girl_caught", {"seat": e.seat}
        elif e.step == "werewolf" and e.kind == "act":
            key, p = "pack_vote", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "victim":
            how = e.detail.get("how") if e.detail else None  # drawn: nobody named anyone; tie: drawn among the tied
            key, p = {"drawn": "pack_drawn", "tie": "pack_tie"}.get(str(how), "pack_victim"), {"seat": e.seat}
        elif e.step == "witch" and a.verb not in ("", "pass"):
            key, p = ("witch_save" if a.verb == "save" else "witch_poison"), {"seat": e.seat, "target": _targets(a)}
        elif e.step == "piper" and e.kind == "act":
            key, p = "piper_charms", {"seat": e.seat, "targets": _targets(a)}
        elif e.step == "piper" and e.kind == "charms_end":
            key, p = "charms_end", {"seat": e.seat}
        elif e.kind in _SEAT_ONLY:
            key, p = e.kind, ({"seat": e.seat} if e.seat is not None else {})
        elif e.kind == "death":
            key, p = "death", {"seat": e.seat, "role": e.role or "", "cause": e.detail.get("cause") if e.detail else ""}
        elif e.step == "hunter":
            key, p = "hunter_shot", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "revenge":
            key, p = "elder_revenge", {"seat": e.seat}
        elif e.step == "sheriff":
            key, p = "successor", {"seat": e.seat, "choice": _targets(a) or "pass"}
        elif e.kind in ("election", "vote"):
            key = "elect" if e.kind == "election" else ("accuse" if card == "nightmare" else "vote")
            p = {"seat": e.seat, "target": _targets(a) or "-"}
        elif e.kind == "punish":
            key, p = "punish", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "vouch" and a.verb == "vouch":
            key, p = "vouch", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "friends":
            key, p = "friend", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "tie_break":
            key, p = "tie_break", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "scapegoat" and a.verb == "voters":
            key, p = "scapegoat_voters", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "event":
            key, p = "event_revealed", {"event": e.detail["card"] if e.detail else ""}
        elif e.step == "ally" and e.kind == "act":
            key, p = "ally_named", {"seat": e.seat, "target": _targets(a)}
        elif e.kind == "over":
            side, reason = (e.detail["team"], e.detail["reason"]) if e.detail else ("none", "")
            key, p = "over", {"side": side, "reason": reason, "winners": " ".join(f"p{s}" for s in b.winners)}
        if key is not None:
            out.append(StoryLine(label, key, tuple(sorted(p.items()))))
    return tuple(out)
