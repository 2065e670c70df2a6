"""The story of a game, told from its event log and observations (the reveal, ``simulate``'s log).

Everything here is read back from what the engine recorded: the deal, each night step in script order
(a ghost step is told as "nobody woke", nothing more), who did what and what they saw, the votes,
deaths and their causes, who won and why, and each card's journey from the deal to dawn (``Event.moves``).
The text is plain lines with no markup, so the command line and the reveal screen can both show it.
"""

from __future__ import annotations

from collections import Counter

import attrs
from attrs import field, frozen

from ..catalog.loader import Catalog, default_catalog
from ..model.values import CardView, Event, Learned, MarkView, Step, _tuple
from ..model.state import GameState

GROUP_TITLES = {"werewolves": "Werewolves", "vampires": "Vampires", "aliens": "Aliens",
                "villains": "Villains", "masons": "Masons"}
ENGINE_TITLES = {"mark_check": "Mark check", "lovers": "Lovers"}
TEAM_TITLES = {"village": "The village", "werewolf": "The werewolves", "vampire": "The vampires",
               "alien": "The aliens", "villain": "The villains"}


@frozen
class CardJourney:
    """Where one card went: its positions from the deal to dawn (one entry if it never moved)."""

    card: int
    role: str
    positions: tuple[str, ...] = field(converter=_tuple)

    @property
    def start(self) -> str:
        return self.positions[0]

    @property
    def end(self) -> str:
        return self.positions[-1]

    @property
    def moved(self) -> bool:
        return len(self.positions) > 1


@frozen
class Section:
    """A titled part of the story (Deal, Night, Dawn, Vote, Result, Card journeys)."""

    title: str
    lines: tuple[str, ...] = field(converter=_tuple)


def journeys(state: GameState) -> list[CardJourney]:
    """Each card's positions from the deal to now, in card-id order, traced from ``Event.moves``."""
    where = {card.id: state.pos(i) for i, card in enumerate(state.cards)}
    for event in reversed(state.events):  # undo every move to find where each card started
        for move in reversed(event.moves):
            where[move.card] = move.src
    trips = {cid: [pos] for cid, pos in where.items()}
    for event in state.events:
        for move in event.moves:
            trips[move.card].append(move.dst)
    roles = {card.id: card.role for card in state.cards}
    return [CardJourney(cid, roles[cid], tuple(trips[cid])) for cid in sorted(trips)]


class _Teller:
    """Names, roles and positions in one language; builds the sections."""

    def __init__(self, state: GameState, catalog: Catalog, lang: str) -> None:
        self.g = state
        self.catalog = catalog
        self.lang = lang

    # -- words ---------------------------------------------------------------------------------------
    def role(self, role_id: str | None) -> str:
        if role_id is None:
            return "an unknown card"
        info = self.catalog.get(role_id)
        return info.name(self.lang) if info is not None else role_id

    def a_role(self, role_id: str) -> str:
        name = self.role(role_id)
        if self.lang != "en" or role_id not in self.catalog or name.startswith("The "):
            return name
        return ("an " if name[0] in "AEIOU" else "a ") + name

    def plural(self, role_id: str) -> str:
        name = self.role(role_id)
        if self.lang != "en":
            return name
        return name[:-1] + "ves" if name.endswith("wolf") else name + "s"

    def seat(self, seat: int) -> str:
        return f"{self.g.setup.players[seat]} (p{seat})"

    def pos(self, pos: str) -> str:
        if pos.startswith("p") and pos[1:].isdigit() and int(pos[1:]) < self.g.players:
            return self.seat(int(pos[1:]))
        if pos.startswith("c"):
            return f"center {pos}"
        return pos

    def names(self, positions) -> str:
        labels = [self.pos(p) for p in positions]
        if len(labels) <= 2:
            return " and ".join(labels)
        return ", ".join(labels[:-1]) + " and " + labels[-1]

    def step_title(self, step: Step) -> str:
        if step.kind == "group":
            if self.lang == "en":
                return GROUP_TITLES.get(step.id, step.id.replace("_", " ").capitalize())
            return self.role(step.role)
        if step.kind == "dg":
            return f"{self.role('doppelganger')}-{self.role(step.role)}"
        if step.kind == "engine":
            return ENGINE_TITLES.get(step.id, step.id.replace("_", " ").capitalize())
        return self.role(step.role)

    # -- sections ------------------------------------------------------------------------------------
    def deal(self, trips: list[CardJourney]) -> Section:
        g = self.g
        lines = [f"{self.seat(s)} was dealt {self.role(g.dealt[s])}." for s in range(g.players)]
        start = {j.start: j.role for j in trips}
        center = [f"{g.pos(i)} {self.role(start.get(g.pos(i)))}" for i in range(g.players, len(g.cards))]
        if center:
            lines.append("Center: " + ", ".join(center) + ".")
        return Section("Deal", lines)

    def night(self) -> Section:
        g = self.g
        if not g.script:
            return Section("Night", ["No night was played: the game starts at dawn."])
        upto = g.step_index if g.phase == "night" else len(g.script)
        ids = {s.id for s in g.script}
        events: dict[str, list[Event]] = {}
        for e in g.events:
            if e.step in ids and e.kind not in ("vote", "death", "dawn"):
                events.setdefault(e.step, []).append(e)
        seen: dict[str, list] = {}
        for o in g.observations:
            seen.setdefault(getattr(o, "step", ""), []).append(o)
        lines: list[str] = []
        for i, step in enumerate(g.script[:upto]):
            told = self.step(step, events.get(step.id, []), seen.get(step.id, []))
            if not told and g.phase == "night" and i == upto - 1:
                told = [f"{self.step_title(step)}: under way."]
            lines.extend(told or [f"{self.step_title(step)}: no action."])
        stray = [o for k, obs in seen.items() if k not in ids for o in obs]
        for o in stray:
            lines.append(f"Also: {self.seat(o.seat)} {self.observation(o)}.")
        if g.phase == "night":
            left = len(g.script) - upto
            lines.append(f"The night goes on ({left} more step{'s' if left != 1 else ''} to call)."
                         if left else "The night's last step is under way.")
        return Section("Night", lines)

    def step(self, step: Step, events: list[Event], observations: list) -> list[str]:
        title = self.step_title(step)
        lines = []
        if any(e.kind == "ghost" for e in events):
            lines.append(f"{title}: nobody woke.")
        order: list[int] = []
        for item in [*observations, *events]:
            seat = getattr(item, "seat", None)
            if seat is not None and seat not in order:
                order.append(seat)
        for seat in order:
            obs = [o for o in observations if o.seat == seat]
            acts = [e for e in events if e.seat == seat and e.kind != "ghost"]
            lines.append(f"{title}: {self.seat(seat)} {self.turn(seat, obs, acts)}.")
        for e in events:
            if e.seat is None and e.kind != "ghost":
                lines.append(f"{title}: {e.kind}{' — ' + e.detail if e.detail else ''}.")
        return lines

    def turn(self, seat: int, obs: list, acts: list[Event]) -> str:
        """What one seat learned and did in one step, as one sentence."""
        pending = list(obs)
        clauses = []
        for o in [o for o in pending if isinstance(o, Learned)]:
            clauses.append(self.observation(o))
            pending.remove(o)
        for e in acts:
            clauses.append(self.act(seat, e, pending))
        for o in pending:
            clauses.append(self.observation(o))
        return "; ".join(clauses) if clauses else "woke"

    def _take_view(self, pending: list, pos: str, kind=CardView):
        for o in pending:
            if isinstance(o, kind) and o.pos == pos:
                pending.remove(o)
                return o
        return None

    def act(self, seat: int, e: Event, pending: list) -> str:
        a = e.action
        own = f"p{seat}"
        prefix = ""
        if e.role and e.role != self.g.dealt[seat]:
            prefix = f"as {self.role(e.role)}, "
        if e.kind == "timeout":  # the engine answered for them (timeout.py); the act follows
            return prefix + "chose nothing in time"
        if a is None:
            return prefix + (e.detail or e.kind)
        t = a.targets
        if a.verb == "look":
            parts = []
            for pos in t:
                v = self._take_view(pending, pos)
                parts.append(f"{self.pos(pos)} ({self.role(v.role)})" if v else self.pos(pos))
            text = "looked at " + " and ".join(parts)
        elif a.verb == "copy" and t:
            v = self._take_view(pending, t[0])
            text = f"looked at {self.pos(t[0])}" + (f" ({self.role(v.role)})" if v else "")
            became = e.detail[len("became "):] if e.detail.startswith("became ") else self.g.night_roles[seat]
            return prefix + text + f" and became {self.role(became)}"
        elif a.verb == "swap" and len(t) == 2 and own in t:
            other = t[1] if t[0] == own else t[0]
            text = f"exchanged their card with {self.pos(other)}'s"
            v = self._take_view(pending, own)
            if v:
                text += f" and saw their new card: {self.role(v.role)}"
        elif a.verb == "swap" and len(t) == 2:
            text = f"swapped the cards of {self.names(t)}"
        elif a.verb == "take" and t:
            text = f"exchanged their card with {self.pos(t[0])}, without looking"
        elif a.verb == "pass":
            text = "did nothing"
        elif a.verb == "mark" and t:
            text = f"gave {self.pos(t[0])} the {(a.value or 'mark').replace('_', ' ')}"
        elif a.verb == "shield" and t:
            text = f"placed the shield on {self.pos(t[0])}"
        elif a.verb == "flip" and t:
            v = self._take_view(pending, t[0])
            text = f"turned {self.pos(t[0])} face up" + (f" ({self.role(v.role)})" if v else "")
        elif a.verb == "rotate":
            text = f"moved the other players' cards one seat to the {a.value}"
        elif a.verb == "swap_marks" and t:
            text = f"swapped the marks of {self.names(t)}"
            v = self._take_view(pending, own, MarkView)
            if v:
                text += f" and saw their new mark: {v.mark.replace('_', ' ')}"
        elif a.verb == "look_mark" and t:
            v = self._take_view(pending, t[0], MarkView)
            text = f"looked at the mark of {self.pos(t[0])}" + (f" ({v.mark.replace('_', ' ')})" if v else "")
        elif a.verb == "tap" and t:
            text = f"tapped {self.pos(t[0])}"
        elif a.verb == "artifact" and t:
            text = f"placed an artifact on {self.pos(t[0])}'s card"
        else:
            words = [a.verb.replace("_", " "), *(self.pos(p) for p in t)]
            text = " ".join(words + ([a.value.replace("_", " ")] if a.value else []))
        return prefix + text + self.detail(a.verb, e.detail)

    def detail(self, verb: str, detail: str) -> str:
        """The engine's note on an act, when it adds something the sentence does not already say."""
        if not detail or verb in ("mark", "shield"):
            return ""
        if detail.startswith("became "):
            return f" and became {self.role(detail[len('became '):])}"
        return f" ({detail.replace('_', ' ')})"

    def observation(self, o) -> str:
        if isinstance(o, Learned):
            return self.learned(o)
        if isinstance(o, CardView):
            where = "their own card" if o.pos == f"p{o.seat}" else self.pos(o.pos)
            return f"looked at {where} ({self.role(o.role)})"
        if isinstance(o, MarkView):
            where = "their own mark" if o.pos == f"p{o.seat}" else f"the mark of {self.pos(o.pos)}"
            return f"looked at {where} ({o.mark.replace('_', ' ')})"
        return self.other_observation(o)

    def learned(self, o: Learned) -> str:
        one = len(o.who) == 1
        if o.as_.startswith("mark_of"):
            mark = o.as_.replace("_", " ")
            if not o.who:
                return f"learned that no other player bears the {mark}"
            return f"learned that {self.names(o.who)} {'bears' if one else 'bear'} the {mark}"
        if o.as_ == "viewed_or_moved":
            if not o.who:
                return "learned that nobody viewed or moved a card"
            return f"learned that {self.names(o.who)} viewed or moved a card"
        known = o.as_ in self.catalog
        what = self.a_role(o.as_) if known else o.as_.replace("_", " ")
        if not o.who:
            return f"learned that no other player is {what}"
        if one:
            return f"learned that {self.names(o.who)} is {what}"
        return f"learned that {self.names(o.who)} are {self.plural(o.as_) if known else what}"

    def other_observation(self, o) -> str:
        """An observation kind this module has no sentence for (an expansion's): its position and the
        rest of its fields, read generically."""
        try:
            fields = attrs.asdict(o, recurse=False)
        except attrs.exceptions.NotAnAttrsClassError:
            return f"saw {o}"
        pos = fields.pop("pos", None)
        fields.pop("seat", None)
        fields.pop("step", None)
        what = ", ".join(str(v).replace("_", " ") for v in fields.values() if v is not None)
        thing = type(o).__name__.removesuffix("View").lower()  # ArtifactView -> artifact
        if pos is None:
            return f"saw {what}"
        if pos == f"p{o.seat}":
            return f"looked at their own {thing} ({what})"
        return f"looked at the {thing} of {self.pos(pos)} ({what})"

    def dawn(self) -> Section:
        g = self.g
        lines = []
        for i, card in enumerate(g.cards):
            where = self.seat(i) if i < g.players else f"Center {g.pos(i)}"
            verb = " holds " if i < g.players else ": "
            text = f"{where}{verb}{self.role(card.role)}"
            if card.copied:
                text += f" (standing for {self.role(card.copied)})"
            if card.face_up:
                text += ", face up"
            lines.append(text + ".")
        if g.shields:
            lines.append("Shields: " + self.names(g.pos(i) for i in sorted(g.shields)) + ".")
        for s, mark in enumerate(g.marks):
            if mark != "mark_of_clarity":
                lines.append(f"{self.seat(s)} bears the {mark.replace('_', ' ')}.")
        return Section("Dawn", lines)

    def vote(self) -> Section:
        g = self.g
        lines = []
        tally: Counter[int] = Counter()
        for s, ballot in enumerate(g.votes):
            if ballot is None:
                continue
            targets = [f"p{t}" if isinstance(t, int) else str(t) for t in ballot]
            lines.append(f"{self.seat(s)} voted for {self.names(targets) if targets else 'nobody'}.")
            tally.update(t for t in ballot if isinstance(t, int))
        if tally:
            counts = sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))
            lines.append("Votes: " + ", ".join(f"{self.seat(t)} {n}" for t, n in counts) + ".")
        missing = sum(1 for v in g.votes if v is None)
        if missing and g.phase != "over":
            lines.append(f"Waiting for {missing} more vote{'s' if missing != 1 else ''}.")
        return Section("Vote", lines)

    def result(self) -> Section:
        g = self.g
        o = g.outcome
        lines = []
        if not o.deaths:
            lines.append("Nobody died.")
        for s, cause in o.deaths:
            lines.append(f"{self.seat(s)} died ({self.role(o.roles[s])}): {cause}.")
        for key, won, why in o.teams:
            title = TEAM_TITLES.get(key, key)
            lines.append(f"{title} {'won' if won else 'lost'}: {why}.")
        for s in range(g.players):
            role = self.role(o.roles[s])
            card = g.cards[s].role
            held = f"{role}" if o.roles[s] == card else f"{role} (card: {self.role(card)})"
            lines.append(f"{self.seat(s)}, {held}, team {o.keys[s]}: "
                         f"{'won' if s in o.winners else 'lost'} — {o.reasons[s]}.")
        winners = sorted(o.winners)
        lines.append("Winners: " + (", ".join(self.seat(s) for s in winners) if winners else "nobody") + ".")
        return Section("Result", lines)

    def journeys(self, trips: list[CardJourney]) -> Section:
        lines = []
        for j in trips:
            where = " -> ".join(self.pos(p) for p in j.positions)
            lines.append(f"{self.role(j.role)} (card {j.card}): "
                         + (f"{where}." if j.moved else f"stayed with {where}." if j.start.startswith("p")
                            else f"stayed in the {where}."))
        return Section("Card journeys", lines)


def sections(state: GameState, catalog: Catalog | None = None, lang: str = "en") -> list[Section]:
    """The story in titled sections; what is not known yet (votes, result) is left out."""
    teller = _Teller(state, catalog or default_catalog(), lang)
    trips = journeys(state)
    out = [teller.deal(trips), teller.night()]
    if state.phase != "night":
        out.append(teller.dawn())
        vote = teller.vote()
        if vote.lines:
            out.append(vote)
    if state.outcome is not None:
        out.append(teller.result())
    out.append(teller.journeys(trips))
    return out


def tell(state: GameState, catalog: Catalog | None = None, lang: str = "en") -> list[str]:
    """The readable story as plain text lines: each section's title, then its lines indented by two
    spaces. ``lang`` chooses the language of role names (the rest is English)."""
    lines: list[str] = []
    for section in sections(state, catalog, lang):
        lines.append(section.title)
        lines.extend("  " + line for line in section.lines)
    return lines


__all__ = ["CardJourney", "Section", "journeys", "sections", "tell"]
