"""Words for the engine's values: positions, actions, observations, marks, artifacts, teams — in one place.

Screens render prompts generically from their options (docs/engine.md, "Actions are the scenario
verbs"), so a new role's prompt reads sensibly with no screen code: each verb has one phrase, and an
unknown verb still reads as its name and targets. A few answers read better with the acting role as
context (the Alpha Wolf's and the Witch's swaps), so ``action`` takes it as an optional hint; the
options themselves stay the engine's.

Marks and artifacts are named from the engine's own tables (``onenight_core.rulesets.onuw.marks.MARK_NAMES`` /
``MARK_EFFECTS``, ``onenight_core.rulesets.onuw.artifacts.artifact_info``), never from their ids."""

from __future__ import annotations

import re
from typing import Iterable

from onenight_core.rulesets.onuw.artifacts import ArtifactView, artifact_info
from onenight_core.catalog.loader import Catalog, default_catalog
from onenight_core.rulesets.onuw.marks import MARK_EFFECTS, MARK_NAMES, MARKS
from onenight_core.model.values import Action, CardView, Learned, MarkView

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


#: What a seat learned, when ``Learned.as_`` is not simply a role: (label, the short note on the table).
#: The Beholder's ``seer`` is read from its step (the Seer and the Apprentice Seer thumb together).
LEARNED_LABELS = {
    "thing": ("your neighbour tapped you: they are the Thing", "the Thing"),
    "viewed_or_moved": ("viewed or moved a card or mark tonight", "viewed/moved"),
}
BEHOLDER_SEER = ("Seer or Apprentice Seer", "a Seer")

#: Roles whose English name is a proper name, said without "the".
PROPER_NAMES = frozenset({"renfield", "cupid"})


def mark_name(mark: str) -> str:
    """``mark_of_fear`` → ``Mark of Fear`` (the engine's name; a tidy fallback for an unknown id)."""
    return MARK_NAMES.get(mark) or pretty_id(mark)


def marks_in_deck(deck: Iterable[str], catalog: Catalog, lang: str = "en") -> list[str]:
    """The marks a game with ``deck`` hands out, for the set-up's explanation: none without a mark role
    (``script.MARK_ROLES``: no mark check), else the Mark of Clarity everyone starts with and the marks
    the deck's roles give (roles.toml ``marks``) — a role in a group (The Master, The Count) also gives
    its group's (the vampires' Mark of the Vampire)."""
    from onenight_core.rulesets.night_script import GROUP_LEADS, MARK_ROLES

    roles = set(deck)
    if not roles & MARK_ROLES:
        return []
    given = {"mark_of_clarity"}
    for role in roles:
        info = catalog.get(role)
        if info is None:
            continue
        given.update(info.marks)
        lead = GROUP_LEADS.get(info.group or "")
        if lead in catalog:
            given.update(catalog[lead].marks)
    return [m for m in MARKS if m in given]


def mark_effect(mark: str) -> str:
    """What the mark does, said to its holder (``you may not do your night action tonight``)."""
    return MARK_EFFECTS.get(mark, "")


def mark_short(mark: str) -> str:
    """``Mark of the Vampire`` → ``Vampire``: the mark on a small box of the table picture."""
    name = mark_name(mark)
    for prefix in ("Mark of the ", "Mark of "):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def artifact_name(artifact: str, lang: str = "en") -> str:
    try:
        return artifact_info(artifact).name(lang)
    except KeyError:
        return pretty_id(artifact)


def artifact_text(artifact: str, lang: str = "en") -> str:
    try:
        return artifact_info(artifact).text(lang)
    except KeyError:
        return ""


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

    def the_role(self, role_id: str | None) -> str:
        """``the Seer``; a name that brings its own article (``The Count``) or is a proper name
        (``Renfield``, ``Cupid``) stays as it is."""
        name = self.role(role_id)
        if self.lang != "en" or name.lower().startswith("the ") or role_id in PROPER_NAMES:
            return name
        return f"the {name}"

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
    def _is_me(self, pos: str) -> bool:
        return self.me is not None and pos == f"p{self.me}"

    def whom(self, positions: Iterable[str]) -> str:
        """Like ``names``, but as the object of a verb: ``yourself`` rather than ``you``."""
        positions = list(positions)
        if len(positions) == 1 and self._is_me(positions[0]):
            return "yourself"
        return self.names(positions)

    def action(self, action: Action, role: str | None = None) -> str:
        """The option as a choice: ``Look at Bo's card``, ``Swap Ann's card and Bo's card``.

        ``role`` is the acting role of the prompt, for the answers that read better knowing it."""
        verb, targets, value = action.verb, action.targets, action.value
        if verb == "swap" and len(targets) == 2 and role == "alpha_wolf":
            return f"Give {self.whom(targets[1:])} the center werewolf card"
        if verb == "swap" and len(targets) == 2 and role == "witch" and targets[0].startswith("c"):
            return "Take it yourself" if self._is_me(targets[1]) else f"Give it to {self.place(targets[1])}"
        if verb == "pass":
            return "Do nothing"
        if verb == "done":
            return "Done"
        if verb == "vote":
            return f"Vote for {self.names(targets)}" if targets else "Vote for nobody"
        if verb == "look":
            return f"Look at {self.cards(targets)}"
        if verb == "swap":
            if len(targets) == 2 and any(self._is_me(t) for t in targets):
                other = targets[1] if self._is_me(targets[0]) else targets[0]
                return f"Swap your card with {self.card(other)}"
            return f"Swap {self.cards(targets)}"
        if verb == "take":
            return f"Take {self.cards(targets)} (without looking)"
        if verb == "copy":
            return f"Copy {self.card(targets[0])}" if targets else "Copy"
        if verb == "mark":
            return f"Give {self.whom(targets)} the {mark_name(value)}" if value else f"Mark {self.whom(targets)}"
        if verb == "shield":
            return f"Put the shield on {self.cards(targets)}"
        if verb == "flip":
            return f"Flip {self.cards(targets)} face up"
        if verb == "rotate":
            return f"Move every other player's card one seat to the {value or 'left'}"
        if verb == "swap_marks":
            if len(targets) == 2 and any(self._is_me(t) for t in targets):
                other = targets[1] if self._is_me(targets[0]) else targets[0]
                return f"Swap your mark with {self.place(other)}'s mark"
            return f"Swap the marks of {self.names(targets)}"
        if verb == "look_mark":
            return f"Look at {self.names(targets)}'s mark" if len(targets) == 1 else \
                f"Look at the marks of {self.names(targets)}"
        if verb == "tap":
            return f"Tap {self.names(targets)}"
        if verb == "artifact":
            return f"Give {self.whom(targets)} an artifact (unseen)"
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
            "mark": f"gave {self.whom(targets)} the {mark_name(value) if value else 'mark'}",
            "artifact": f"gave {self.whom(targets)} an artifact",
        }
        if verb in phrases:
            return phrases[verb]
        return self.action(action)[:1].lower() + self.action(action)[1:]

    # -- observations ----------------------------------------------------------------------------
    def observation(self, obs) -> str:
        """What a seat saw or learned, as one sentence."""
        if isinstance(obs, CardView):
            return f"{self.card(obs.pos)[:1].upper()}{self.card(obs.pos)[1:]} is {self.the_role(obs.role)}."
        if isinstance(obs, MarkView):
            effect = mark_effect(obs.mark)
            if self._is_me(obs.pos):
                return f"You have the {mark_name(obs.mark)}" + (f" — {effect}." if effect else ".")
            return f"{self.place(obs.pos)} has the {mark_name(obs.mark)}" + \
                (f" (for its holder: {effect})." if effect else ".")
        if isinstance(obs, ArtifactView):
            whose = "Your artifact" if self._is_me(obs.pos) else f"The artifact on {self.card(obs.pos)}"
            text = artifact_text(obs.artifact, self.lang)
            return f"{whose}: {artifact_name(obs.artifact, self.lang)}" + (f" — {text}" if text else ".")
        if isinstance(obs, Learned):
            label = self.learned_label(obs)
            who = self.names(obs.who) if obs.who else "no other player"
            if obs.as_ == "thing":
                return f"{who[:1].upper()}{who[1:]} — {label}."
            return f"{label[:1].upper()}{label[1:]}: {who}."
        return pretty_id(type(obs).__name__)

    def learned_label(self, obs: Learned) -> str:
        """What the players of a ``Learned`` are: a role, a mark's holders, or a special label."""
        return self._learned(obs)[0]

    def learned_note(self, obs: Learned) -> str:
        """The same, short enough for a box of the table picture."""
        return self._learned(obs)[1]

    def _learned(self, obs: Learned) -> tuple[str, str]:
        if obs.as_ == "seer" and "beholder" in obs.step:
            return BEHOLDER_SEER
        if obs.as_ in LEARNED_LABELS:
            return LEARNED_LABELS[obs.as_]
        if obs.as_ in MARK_NAMES:
            return f"Holding the {mark_name(obs.as_)}", f"mark: {mark_short(obs.as_)}"
        role = self.role(obs.as_)
        return role, role

    def marks_in(self, observations: Iterable = (), actions: Iterable[Action] = ()) -> list[str]:
        """The marks an observation or an answer names, in order, once each (to explain their effects)."""
        found: list[str] = []
        for obs in observations:
            mark = obs.mark if isinstance(obs, MarkView) else obs.as_ if isinstance(obs, Learned) else None
            if mark in MARK_NAMES and mark not in found:
                found.append(mark)
        for action in actions:
            if action.verb == "mark" and action.value in MARK_NAMES and action.value not in found:
                found.append(action.value)
        return found

    def note(self, obs) -> str | None:
        """What an observation writes under its position on the table picture."""
        if isinstance(obs, CardView):
            return self.role(obs.role)
        if isinstance(obs, MarkView):
            return f"mark: {mark_short(obs.mark)}"
        if isinstance(obs, ArtifactView):
            return artifact_name(obs.artifact, self.lang)
        if isinstance(obs, Learned):
            return self.learned_note(obs)
        return None

    def table_notes(self, public) -> dict[str, str]:
        """The public facts of the table (``PublicView``): face-up cards, shields, face-down artifacts, one
        line each under the position."""
        notes: dict[str, list[str]] = {}
        for pos, role in public.face_up:
            notes.setdefault(pos, []).append(self.role(role))
        for pos in public.shields:
            notes.setdefault(pos, []).append("shield")
        for pos in public.artifacts:
            notes.setdefault(pos, []).append("artifact")
        return {pos: "\n".join(parts) for pos, parts in notes.items()}
