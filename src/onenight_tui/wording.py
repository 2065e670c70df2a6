"""Words for the engine's values: positions, actions, observations, teams — in one place.

Screens render prompts generically from their options (docs/engine.md, "Actions are the scenario
verbs"), so a new role's prompt reads sensibly with no screen code: each verb has one phrase, and an
unknown verb still reads as its name and targets."""

from __future__ import annotations

import re
from typing import Iterable

from onenight_core.catalog import Catalog, default_catalog
from onenight_core.model import Action, CardView, Learned, MarkView

_POS = re.compile(r"\bp(\d+)\b")

TEAM_NAMES = {
    "village_hero": "Village",
    "werewolf": "Werewolf team",
    "vampire": "Vampire team",
    "alien": "Alien team",
    "villain": "Villain team",
}
TEAM_GOALS = {
    "village_hero": "You win if a werewolf (or another evil player) dies.",
    "werewolf": "You win if no werewolf dies.",
    "vampire": "You win if no vampire dies.",
    "alien": "You win if no alien dies.",
    "villain": "You win if no villain dies.",
}


def pretty_id(value: str) -> str:
    """``mark_of_fear`` → ``Mark of Fear``: for marks, artifacts and values the catalog has no name for."""
    small = {"of", "the", "and", "a"}
    words = value.replace("-", "_").split("_")
    return " ".join(w if (i and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words))


class Wording:
    """Phrases for one table, optionally from the point of view of seat ``me`` ("your card")."""

    def __init__(self, players: Iterable[str], catalog: Catalog | None = None, lang: str = "en",
                 me: int | None = None) -> None:
        self.players = tuple(players)
        self.catalog = catalog or default_catalog()
        self.lang = lang
        self.me = me

    # -- names -----------------------------------------------------------------------------------
    def role(self, role_id: str | None) -> str:
        if not role_id:
            return "?"
        info = self.catalog.get(role_id)
        return info.name(self.lang) if info is not None else pretty_id(role_id)

    def team(self, role_id: str) -> str:
        info = self.catalog.get(role_id)
        if info is None:
            return ""
        if info.team == "special":
            own = info.special_team or role_id
            return f"{pretty_id(own)} (own team)"
        return TEAM_NAMES.get(info.team, pretty_id(info.team))

    def goal(self, role_id: str) -> str:
        info = self.catalog.get(role_id)
        if info is None:
            return ""
        if info.team == "special":
            return "You play for yourself: see your card's text."
        return TEAM_GOALS.get(info.team, "")

    def seat(self, seat: int) -> str:
        return self.players[seat] if 0 <= seat < len(self.players) else f"p{seat}"

    def place(self, pos: str) -> str:
        """A position as a short label: a player's name, or ``Center 2``."""
        if pos.startswith("p") and pos[1:].isdigit():
            return self.seat(int(pos[1:]))
        if pos.startswith("c") and pos[1:].isdigit():
            return f"Center {int(pos[1:]) + 1}"
        return pos

    def card(self, pos: str) -> str:
        """A position as a card: ``your card``, ``Bo's card``, ``center card 2``."""
        if pos.startswith("p") and pos[1:].isdigit():
            seat = int(pos[1:])
            return "your card" if seat == self.me else f"{self.seat(seat)}'s card"
        if pos.startswith("c") and pos[1:].isdigit():
            return f"center card {int(pos[1:]) + 1}"
        return pos

    def who(self, pos: str) -> str:
        if pos.startswith("p") and pos[1:].isdigit() and int(pos[1:]) == self.me:
            return "you"
        return self.place(pos)

    def names(self, positions: Iterable[str]) -> str:
        items = [self.who(p) for p in positions]
        if not items:
            return "nobody"
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + " and " + items[-1]

    def cards(self, positions: Iterable[str]) -> str:
        positions = list(positions)
        if len(positions) > 1 and all(p.startswith("c") and p[1:].isdigit() for p in positions):
            numbers = [str(int(p[1:]) + 1) for p in positions]
            return "center cards " + ", ".join(numbers[:-1]) + " and " + numbers[-1]
        items = [self.card(p) for p in positions]
        if len(items) <= 1:
            return items[0] if items else "nothing"
        return ", ".join(items[:-1]) + " and " + items[-1]

    def named(self, text: str) -> str:
        """Replace ``p3`` in engine text (outcome reasons, causes) with the player's name."""
        return _POS.sub(lambda m: self.seat(int(m.group(1))), text)

    # -- actions ---------------------------------------------------------------------------------
    def action(self, action: Action) -> str:
        """The option as a choice: ``Look at Bo's card``, ``Swap Ann's card and Bo's card``."""
        verb, targets, value = action.verb, action.targets, action.value
        if verb == "pass":
            return "Do nothing"
        if verb == "done":
            return "Done"
        if verb == "vote":
            return f"Vote for {self.names(targets)}" if targets else "Vote for nobody"
        if verb == "look":
            return f"Look at {self.cards(targets)}"
        if verb == "swap":
            if len(targets) == 2 and self.me is not None and targets[0] == f"p{self.me}":
                return f"Swap your card with {self.card(targets[1])}"
            return f"Swap {self.cards(targets)}"
        if verb == "take":
            return f"Take {self.cards(targets)} (without looking)"
        if verb == "copy":
            return f"Copy {self.card(targets[0])}" if targets else "Copy"
        if verb == "mark":
            mark = pretty_id(value) if value else "a mark"
            return f"Give {self.names(targets)} the {mark}"
        if verb == "shield":
            return f"Put the shield on {self.cards(targets)}"
        if verb == "flip":
            return f"Flip {self.cards(targets)} face up"
        if verb == "rotate":
            return f"Move every card one seat to the {value or 'left'}"
        if verb == "swap_marks":
            return f"Swap the marks of {self.names(targets)}"
        if verb == "look_mark":
            return f"Look at {self.names(targets)}'s mark" if len(targets) == 1 else \
                f"Look at the marks of {self.names(targets)}"
        if verb == "tap":
            return f"Tap {self.names(targets)}"
        words = [pretty_id(verb)]
        if targets:
            words.append(self.cards(targets))
        if value:
            words.append(f"({pretty_id(value)})")
        return " ".join(words)

    def past(self, action: Action) -> str:
        """The option as something done, for the story: ``looked at Bo's card``."""
        verb, targets, value = action.verb, action.targets, action.value
        phrases = {
            "pass": "did nothing", "done": "", "look": f"looked at {self.cards(targets)}",
            "swap": f"swapped {self.cards(targets)}", "take": f"took {self.cards(targets)}",
            "copy": f"copied {self.cards(targets)}", "shield": f"put the shield on {self.cards(targets)}",
            "flip": f"flipped {self.cards(targets)} face up",
            "rotate": f"moved every card one seat to the {value or 'left'}",
            "swap_marks": f"swapped the marks of {self.names(targets)}",
            "look_mark": f"looked at the mark of {self.names(targets)}",
            "tap": f"tapped {self.names(targets)}", "vote": f"voted for {self.names(targets)}",
            "mark": f"gave {self.names(targets)} the {pretty_id(value) if value else 'mark'}",
        }
        if verb in phrases:
            return phrases[verb]
        return self.action(action)[:1].lower() + self.action(action)[1:]

    # -- observations ----------------------------------------------------------------------------
    def observation(self, obs) -> str:
        if isinstance(obs, CardView):
            return f"{self.card(obs.pos)[:1].upper()}{self.card(obs.pos)[1:]} is the {self.role(obs.role)}."
        if isinstance(obs, MarkView):
            if self.me is not None and obs.pos == f"p{self.me}":
                return f"You have the {pretty_id(obs.mark)}."
            return f"{self.place(obs.pos)} has the {pretty_id(obs.mark)}."
        if isinstance(obs, Learned):
            kind = self.role(obs.as_) if obs.as_ in self.catalog else pretty_id(obs.as_)
            if not obs.who:
                return f"{kind}: nobody but you."
            return f"{kind}: {self.names(obs.who)}."
        return str(obs)
