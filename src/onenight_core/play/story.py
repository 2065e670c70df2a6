"""The story of a game, told from its event log and observations (the reveal, ``simulate``'s log): one
teller per game family behind one interface (``story_of(game)``: sections of messages, ``TELLERS``).

Everything here is read back from what the engine recorded: the deal, each night step in script order
(a ghost step is told as "nobody woke", nothing more), who did what and what they saw, the votes,
deaths and their causes, who won and why, and each card's journey from the deal to dawn (``Event.moves``).
Every line is a ``Message`` (an id and parameters, ``onenight_core.model.messages``), never a sentence: the
app's text layer (``onenight_tui.text``) words it in the player's language, for the command line and
the reveal screen alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from attrs import field, frozen

from ..catalog.loader import Catalog, default_catalog
from ..model.messages import Message, say
from .answers import told
from ..engine.timeout import NOT_OPENED, TIMED_OUT
from ..model.values import ArtifactView, CardView, Event, Learned, MarkView, Observation, Step, _tuple
from ..model.public import announced
from ..model.state import GameState
from ..engine.game import ONE_NIGHT, rules_for
from ..rulesets import RULESETS
from ..rulesets.classic.rules import CLASSIC_RULES
from ..rulesets.classic.story import story as classic_story
from ..rulesets.onuw.artifacts import is_token
from ..model.outcome import Outcome

# The kinds of observation an act's sentence takes its view from (``_Teller.take_view``).
_Seen = TypeVar("_Seen", CardView, MarkView)

# The Evilometer's and the Cow's fist (E-12): a yes/no, told as what was felt
FELT = {"evilometer_tapped": "felt_tap", "evilometer_not_tapped": "felt_no_tap",
        "cow_tapped": "felt_alien_tap", "cow_not_tapped": "felt_no_tap",
        "alien_goal": "learned_alien_goal"}  # (and the Dalbula Oracle's granted "no": a sentence of its own)


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
    """A part of the story: ``title`` is its id (``deal``, ``night``, ``dawn``, ``vote``, ``result``,
    ``journeys``), ``lines`` its messages."""

    title: str
    lines: tuple[Message, ...] = field(converter=_tuple)


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
    """Builds the sections from one finished or running game, as messages."""

    def __init__(self, state: GameState, catalog: Catalog) -> None:
        self.g = state
        self.catalog = catalog

    # -- sections ------------------------------------------------------------------------------------
    def deal(self, trips: list[CardJourney]) -> Section:
        g = self.g
        lines = [say("dealt", seat=s, role=g.dealt[s]) for s in range(g.players)]
        start = {j.start: j.role for j in trips}
        center = tuple(say("card_is", pos=g.pos(i), role=start.get(g.pos(i)))
                       for i in range(g.players, len(g.cards)))
        if center:
            lines.append(say("center_dealt", parts=center))
        return Section("deal", lines)

    def night(self) -> Section:
        g = self.g
        if not g.script:
            return Section("night", [say("no_night")])
        upto = g.step_index if g.phase == "night" else len(g.script)
        ids = {s.id for s in g.script}
        # a repeated night (the ripple repeat_night) calls its steps twice: each call tells only what
        # happened in it, split where the night started again (RoleFacts.night_repeated_at)
        cut = g.facts.night_repeated_at
        repeat = next((i for i, st in enumerate(g.script) if st.id == "ripple"), len(g.script)) if cut else None
        events: dict[tuple[str, bool], list[Event]] = {}
        for n, e in enumerate(g.events):
            if e.step in ids and e.kind not in ("vote", "death", "dawn"):
                events.setdefault((e.step, cut is not None and n >= cut[0]), []).append(e)
        seen: dict[tuple[str, bool], list[Observation]] = {}
        for n, o in enumerate(g.observations):
            seen.setdefault((o.step, cut is not None and n >= cut[1]), []).append(o)
        lines: list[Message] = []
        for i, step in enumerate(g.script[:upto]):
            again = repeat is not None and i >= repeat  # the ripple's own events follow the cut
            told = self.step(step, events.get((step.id, again), []), seen.get((step.id, again), []))
            # what the app announced when the step was called (public draws: instructions, the ripple)
            told = [say("step_note", step=step, part=say("app_announced", announcement=(e.id, str(v))))
                    for e in announced(g.public, i) for v in [dict(e.params).get("value", "")]] + told
            if not told and g.phase == "night" and i == upto - 1:
                told = [say("step_under_way", step=step)]
            lines.extend(told or [say("step_no_action", step=step)])
        stray = [o for (k, _again), obs in seen.items() if k not in ids for o in obs]
        for o in stray:
            lines.append(say("also", seat=o.seat, part=self.observation(o)))
        if g.phase == "night":
            left = len(g.script) - upto
            lines.append(say("night_goes_on", count=left) if left else say("night_last_step"))
        return Section("night", lines)

    def step(self, step: Step, events: list[Event], observations: list[Observation]) -> list[Message]:
        lines: list[Message] = []
        asleep = any(e.kind == "ghost" for e in events)  # nobody woke; the app may still move cards
        if asleep and not any(e.seat is not None and e.kind != "ghost" for e in events):
            lines.append(say("nobody_woke", step=step))
        elif asleep:  # (the Sleepwalker's return: his card and his slot's change places again, unseen)
            for e in events:
                if e.seat is not None and e.kind != "ghost":
                    lines.append(say("turn", step=step, seat=e.seat, parts=(self.asleep(e),)))
            events = [e for e in events if e.seat is None]
        order: list[int] = []
        for seat in [*(o.seat for o in observations), *(e.seat for e in events)]:
            if seat is not None and seat not in order:
                order.append(seat)
        for seat in order:
            obs = [o for o in observations if o.seat == seat]
            acts = [e for e in events if e.seat == seat and e.kind != "ghost"]
            lines.append(say("turn", step=step, seat=seat, parts=self.turn(seat, obs, acts)))
        for e in events:
            if e.seat is None and e.kind != "ghost":
                lines.append(say("step_note", step=step, part=e.detail or say("event", kind=e.kind)))
        return lines

    def asleep(self, e: Event) -> Message:
        """What the app did for a seat in a step nobody woke for."""
        a = e.action
        if a is not None and a.verb == "take" and a.targets:
            return say("swapped_back_asleep", pos=a.targets[0])
        return say("done_asleep", part=self._act(e.seat or 0, e, []))

    def turn(self, seat: int, obs: list[Observation], acts: list[Event]) -> tuple[Message, ...]:
        """What one seat learned and did in one step, as the parts of one sentence."""
        if any(e.kind == NOT_OPENED for e in acts):
            return self.unopened(seat, acts)
        pending = list(obs)
        clauses: list[Message] = []
        for learned in [o for o in pending if isinstance(o, Learned)]:
            clauses.append(self.observation(learned))
            pending.remove(learned)
        instead: Message | None = None  # how a timed-out pass reads ("looked at nobody": timeout.py)
        for e in acts:
            if instead is not None and e.action is not None and e.action.verb == "pass":
                clauses.append(instead)
            else:
                clauses.append(self.act(seat, e, pending))
            instead = e.detail if e.kind == TIMED_OUT else None
        for o in pending:
            clauses.append(self.observation(o))
        return tuple(clauses) if clauses else (say("woke"),)

    def unopened(self, seat: int, acts: list[Event]) -> tuple[Message, ...]:
        """A seat that never opened its prompt saw nothing: it did not look. What the engine chose for it
        (a default that was not a pass) still happened, told without anything seen."""
        done = [e for e in acts if e.kind != NOT_OPENED and not (e.action is not None and e.action.verb == "pass")]
        if not done:
            return (say("did_not_look"),)
        return (say("did_not_look"), say("chose_nothing_in_time"), *(self.act(seat, e, []) for e in done))

    @staticmethod
    def take_view(pending: list[Observation], pos: str, kind: type[_Seen]) -> _Seen | None:
        """The first view of ``kind`` at ``pos`` still untold, taken out of ``pending``."""
        for o in pending:
            if isinstance(o, kind) and o.pos == pos:
                pending.remove(o)
                return o
        return None

    def act(self, seat: int, e: Event, pending: list[Observation]) -> Message:
        text = self._act(seat, e, pending)
        if e.role and e.role != self.g.dealt[seat]:
            return say("acting_as", role=e.role, part=text)
        return text

    def _act(self, seat: int, e: Event, pending: list[Observation]) -> Message:
        """The act of ``e``, told by its verb's entry in ``answers.VERBS`` (the one table of verbs)."""
        if e.kind == TIMED_OUT:  # the engine answered for them (timeout.py); the act follows
            return say("chose_nothing_in_time")
        if e.action is None:
            return e.detail or say("event", kind=e.kind)
        text, noted = told(self, seat, e, pending)
        return self.detail(e.action.verb, e.detail, text) if noted else text

    def oracle_question(self, seat: int, e: Event) -> str | None:
        """The question an Oracle's answer answers: the game's (the Doppelganger's own, for her copy)."""
        dg = e.step.startswith("doppelganger")
        stream = "oracle#dg.question" if dg else "oracle.question"
        asked = [v for name, v in self.g.drawn if name in (stream, f"{stream}#loop2")]
        # the k-th answer of that Oracle answers the k-th question (a repeated night asks twice)
        earlier = [x for x in self.g.events if x.action is not None and x.action.verb == "answer"
                   and x.step.startswith("doppelganger") == dg]
        k = next((i for i, x in enumerate(earlier) if x is e), len(earlier) - 1)
        return str(asked[min(k, len(asked) - 1)]) if asked else None

    @staticmethod
    def detail(verb: str, detail: Message | None, text: Message) -> Message:
        """The engine's note on an act, when it adds something the sentence does not already say."""
        if detail is not None and detail.id == "took_mark":
            return detail
        if detail is None or verb in ("mark", "shield"):
            return text
        if detail.id == "became":
            return say("and_became", part=text, role=detail["role"])
        return say("with_note", part=text, note=detail)

    def observation(self, o: Observation) -> Message:
        if isinstance(o, Learned):
            return self.learned(o)
        if isinstance(o, CardView):
            if o.pos == f"p{o.seat}":
                return say("looked_at_own_card", role=o.role)
            return say("looked_at", parts=(say("card_is", pos=o.pos, role=o.role),))
        if isinstance(o, MarkView):
            if o.pos == f"p{o.seat}":
                return say("looked_at_own_mark", mark=o.mark)
            return say("looked_at_mark", pos=o.pos, mark=o.mark)
        if isinstance(o, ArtifactView):
            token = is_token(o.artifact)  # Dalbula's Curator gives tokens (토큰), not artifacts
            if o.pos == f"p{o.seat}":
                return say("looked_at_own_token" if token else "looked_at_own_artifact", artifact=o.artifact)
            return say("looked_at_token" if token else "looked_at_artifact", pos=o.pos, artifact=o.artifact)
        return self.other_observation(o)

    def learned(self, o: Learned) -> Message:
        if o.as_ == "empath_pointing":  # the Empath watched one respondent point (docs/rules.md #63)
            return say("saw_pointing", seat=int(o.who[0][1:]), pos=o.who[1])
        if o.as_ == "family":  # the Family Man's family, announced by the app (E-13)
            return say("learned_family", positions=o.who, count=len(o.who))
        if o.as_ in FELT:  # the Evilometer's fist: a yes/no, nobody named (E-12)
            return say(FELT[o.as_])
        if o.as_.endswith("_card") and not o.who:  # the Oracle's card switched team
            return say("card_now_team", team=o.as_.removesuffix("_card"))
        if o.as_.startswith("mark_of"):
            if not o.who:
                return say("learned_no_mark_holder", mark=o.as_)
            return say("learned_mark_holders", positions=o.who, count=len(o.who), mark=o.as_)
        if o.as_ in self.catalog:
            if not o.who:
                return say("learned_no_role", role=o.as_)
            return say("learned_role", positions=o.who, count=len(o.who), role=o.as_)
        if not o.who:
            return say("learned_none_of", label=o.as_)
        return say("learned_label", positions=o.who, count=len(o.who), label=o.as_)

    def other_observation(self, o: object) -> Message:
        """An observation kind this module has no sentence for (a new role's, not yet in ``Observation``):
        its position and the rest of its fields, as ids."""
        kind = type(o)
        if not attrs.has(kind):
            return say("saw_something", thing=kind.__name__)
        fields = {f.name: getattr(o, f.name) for f in attrs.fields(kind)}
        pos = fields.pop("pos", None)
        seat = fields.pop("seat", None)
        fields.pop("step", None)
        values = tuple(str(v) for v in fields.values() if v is not None)
        thing = kind.__name__.removesuffix("View").lower()  # an AlienView -> alien
        if pos is None:
            return say("saw_values", thing=thing, values=values)
        if pos == f"p{seat}":
            return say("looked_at_own_thing", thing=thing, values=values)
        return say("looked_at_thing", thing=thing, pos=pos, values=values)

    def dawn(self) -> Section:
        g = self.g
        lines = []
        for i, card in enumerate(g.cards):
            extra = "_standing_for" if card.copied else ""
            extra += "_face_up" if card.face_up else ""
            lines.append(say("holds" + extra, pos=g.pos(i), role=card.role, copied_role=card.copied))
        if g.shields:
            lines.append(say("shields_on", positions=tuple(g.pos(i) for i in sorted(g.shields))))
        for s, mark in enumerate(g.marks):
            if mark != "mark_of_clarity":
                lines.append(say("bears_mark", seat=s, mark=mark))
        return Section("dawn", lines)

    def vote(self) -> Section:
        g = self.g
        lines = []
        tally: Counter[int] = Counter()
        app_votes = 0
        for s, ballot in enumerate(g.votes):
            if ballot is None:
                continue
            targets = tuple(f"p{t}" if isinstance(t, int) else str(t) for t in ballot)
            app = not targets and g.facts.ripple == "dealer_vote"  # a vote for the app (ripple, D.8)
            lines.append(say("voted_for", seat=s, positions=targets) if targets
                         else say("voted_for_app" if app else "voted_for_nobody", seat=s))
            tally.update(t for t in ballot if isinstance(t, int))
            app_votes += app
        if tally or app_votes:
            counts = sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))
            parts = tuple(say("votes_for", seat=t, count=n) for t, n in counts)
            if app_votes:
                parts += (say("votes_for_app", count=app_votes),)
            lines.append(say("vote_tally", parts=parts))
        missing = sum(1 for v in g.votes if v is None)
        if missing and g.phase != "over":
            lines.append(say("waiting_for_votes", count=missing))
        return Section("vote", lines)

    def result(self) -> Section:
        g = self.g
        o: Outcome = g.outcome  # sections() tells the result only once there is one
        lines = list(battle_lines(g, o))
        if not o.deaths:
            lines.append(say("nobody_died"))
        for s, why in o.saved:
            lines.append(say("saved_from_vote", seat=s, why=why))
        for s, cause in o.deaths:
            lines.append(say("died", seat=s, role=o.roles[s], cause=cause))
        for key, won, why in o.teams:
            lines.append(say("team_won_because" if won else "team_lost_because", team=key, why=why))
        for s, won, why in o.own_results():
            lines.append(say("own_won_because" if won else "own_lost_because", seat=s, role=o.roles[s], why=why))
        for s in range(g.players):
            card = g.cards[s].role
            held = (say("role_only", role=o.roles[s]) if o.roles[s] == card
                    else say("role_with_card", role=o.roles[s], card_role=card))
            lines.append(say("seat_won" if s in o.winners else "seat_lost", seat=s, held=held,
                             team=o.keys[s], reason=o.reasons[s]))
        winners = tuple(sorted(o.winners))
        lines.append(say("winners", seats=winners) if winners else say("no_winners"))
        return Section("result", lines)

    def journeys(self, trips: list[CardJourney]) -> Section:
        lines = []
        for j in trips:
            if j.moved:
                lines.append(say("card_journey", role=j.role, card=j.card + 1, positions=j.positions))
            else:
                lines.append(say("card_stayed", role=j.role, card=j.card + 1, pos=j.start))
        return Section("journeys", lines)


def sections(state: GameState, catalog: Catalog | None = None) -> list[Section]:
    """The story in sections of messages; what is not known yet (votes, result) is left out."""
    teller = _Teller(state, catalog or default_catalog())
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



def rounds(game: Any) -> list[Section]:
    """A game of nights and days (classic) told round by round: one section per round (its label: ``night1``,
    ``day1``, ``end``), its lines the ruleset's table of lines read over the board's log
    (``rulesets.classic.story.LINES``)."""
    out: list[Section] = []
    lines: list[Message] = []
    label: str | None = None
    for line in classic_story(game.board):
        if line.round != label:
            if label is not None:
                out.append(Section(label, lines))
            label, lines = line.round, []
        lines.append(line.message)
    if label is not None:
        out.append(Section(label, lines))
    return out


#: The story teller of each game family (``GameRules.family``, never a ruleset id): one interface, a
#: game in sections of messages; what differs is the family's own reading of its game.
TELLERS: dict[str, Callable[[Any], list[Section]]] = {ONE_NIGHT.family: sections, CLASSIC_RULES.family: rounds}


def story_of(game: Any) -> list[Section]:
    """The story of any ruleset's game, in sections of messages (its family's teller, ``TELLERS``)."""
    return TELLERS[rules_for(game.setup).family](game)


def battle_line(g: GameState, o: Outcome) -> Message | None:
    """The battle the vote was, where the ruleset tells it (``dalbula``, S0 표 2: 일반 / 에픽 전투, from the
    teams among the players)."""
    rules = RULESETS.get(g.setup.ruleset)
    if rules is None or not rules.tells_battle:
        return None
    return say("battle_epic") if o.mode == "epic" else say("battle_normal")


def dealer_line(g: GameState, o: Outcome) -> Message | None:
    """Whether the dealer (the app, under the ripple "dealer vote") took one of the death slots — it never
    dies, but "Ann 2, the app 2" must not read as if Ann alone had gone out."""
    if not o.dealer_out:
        return None
    return say("dealer_voted_out", count=sum(1 for b in g.votes if b == ()))


def battle_lines(g: GameState, o: Outcome) -> tuple[Message, ...]:
    """What the table is told of the vote's rules once it is over: the battle, then the dealer's slot."""
    return tuple(line for line in (battle_line(g, o), dealer_line(g, o)) if line is not None)


__all__ = ["TELLERS", "CardJourney", "Section", "battle_line", "battle_lines", "dealer_line", "journeys", "rounds",
           "sections", "story_of"]
