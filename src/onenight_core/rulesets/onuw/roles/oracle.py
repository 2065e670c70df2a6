"""The Oracle (Alien expansion, docs/rules.md #1, §D.1, E-15–E-17, E-24): at the very start of the night
the app asks her one random question; her answer may switch her card's team, let her exchange her card
with a center card, show her center cards or another player's card, force the ripple, or tell the table
whether her player number is even or odd.

Choices decided here (docs/decisions.md, "Alien expansion"):

* The question (T-ORACLE, stream ``oracle.question``) is drawn when the step is called, whoever holds the
  Oracle, among the questions eligible for the roster, and announced (a public draw). The parity answer
  is announced too (S0 makes it public; the Oracle may bluff, E-17). The other outcomes stay in the
  Oracle's private screen: the eyes-closed screen must not depend on what she answered.
* The answer is the prompt's ``answer`` action (``yes``/``no``, ``even``/``odd``, or a player); the
  question is the prompt's ``stage``. A granted team switch is recorded as ``learned`` (her own card is
  now ``as`` that team).
* A ghost Oracle (her card in the center) answers at random (stream ``ghost.oracle``); a granted team
  switch then changes the center Oracle card, and "ripple: yes" forces the ripple (A.4).
* The Doppelganger who copies the Oracle answers a question of her own at once (stream
  ``oracle#dg.question``, pins ``dg_oracle*``; E-24), not announced. Copycat and Mirror Man copies come
  after the Oracle's step and do nothing.
* An answer is first ``resolve``d into an ``Outcome`` (its random parts drawn), then carried out on the
  cards (``carry_out``, the hot-seat game) or, at a table with physical cards whose Oracle answers on the
  laptop, heard (``hear``: the forced ripple, the parity) and told to her (``table_answer``): one set of
  rules and draws for both (docs/decisions.md, "The narrator hears the Oracle").
"""

from __future__ import annotations

from itertools import combinations

from attrs import evolve

from ....catalog.loader import default_catalog
from ....errors import IllegalAction
from ....model.answers import AnswerOutcome as Outcome
from ....model.kinds import PublicKind
from ....model.state import GameState
from ....model.values import PASS, Action, CardView, Prompt, PublicEvent, Step, Turn
from ...draws import draw, draw_uniform
from .aliens import ALIEN_CLASS, last_drawn, loop_stream
from .common import center_positions, choice, index_of, learn, log, look_and_show, show, swap_cards, view
from .registry import Behaviour, register

YES_NO = (Action("answer", (), "yes"), Action("answer", (), "no"))
EVEN_ODD = (Action("answer", (), "even"), Action("answer", (), "odd"))
TEAM_QUESTIONS = {"team_alien": "alien", "team_werewolf": "werewolf", "team_vampire": "vampire"}
QUESTION_STREAM = "oracle.question"
ALIEN_CLASS_ROSTER = ALIEN_CLASS | {"synthetic_alien"}


def eligible_questions(g: GameState) -> frozenset[str]:
    """D.1: a team question only when that team's representative role is in the roster; alien_exchange
    and ripple only with an alien-class card in the roster (E-15); the others always."""
    catalog = default_catalog()
    roster = set(g.setup.deck)
    reps = {catalog[r].rep for r in roster if r in catalog}
    out = {"oracle_exchange", "view_center", "parity", "view_player"}
    out |= {q for q, team in TEAM_QUESTIONS.items() if team in reps}
    if roster & ALIEN_CLASS_ROSTER:
        out |= {"alien_exchange", "ripple"}
    return frozenset(out)


def own_draw(turn: Turn) -> bool:
    """Whether ``turn`` is the Doppelganger's copy, with draws of her own (``#dg`` streams, ``dg_`` pins)."""
    return turn.copier == "doppelganger"


def dg_pin(key: str, dg: bool) -> str:
    return f"dg_{key}" if dg else key


def dg_stream(name: str, dg: bool) -> str:
    return name.replace("oracle", "oracle#dg", 1) if dg else name


def answers_for(g: GameState, seat: int | None, question: str) -> tuple[Action, ...]:
    if question == "parity":
        return EVEN_ODD
    if question == "view_player":
        return tuple(Action("answer", (f"p{s}",)) for s in range(g.players) if s != seat)
    return YES_NO


def spoken_answers(g: GameState, seat: int | None, question: str) -> tuple[str, ...]:
    """The answers to ``question`` as words: ``yes``/``no``, ``even``/``odd``, or ``p0``, ``p1``... (a
    player named, never ``seat``; with no seat known, every player)."""
    return tuple(a.value if a.value is not None else a.targets[0] for a in answers_for(g, seat, question))


# What an answer leads to (``Outcome.kind``): nothing, a team switch of her card (value: the team), an
# exchange with a center card to make, center cards to look at (value: how many), a player's card to look
# at (value: ``p3``), the forced ripple, the parity told to the table (value: even/odd), and, in
# Dalbula, the aliens' forced pass (value: pass_left/pass_right) and the alien goal.
NOTHING, TEAM, EXCHANGE, CENTER, VIEW, RIPPLE, PARITY = ("nothing", "team", "exchange", "center", "view",
                                                          "ripple", "parity")


@register("oracle")
class Oracle(Behaviour):
    """-9 (module docstring)."""

    def announce(self, g: GameState, step: Step) -> GameState:
        if step.kind != "role":
            return g
        g, _question = draw(g, "oracle", stream=loop_stream(g, step.id, QUESTION_STREAM), pin="oracle",
                            eligible=eligible_questions(g), public=True)
        return g

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        if own_draw(turn):
            g, question = draw(g, "oracle", stream=dg_stream(QUESTION_STREAM, True), pin="dg_oracle",
                               eligible=eligible_questions(g))
        else:
            question = last_drawn(g, QUESTION_STREAM) or "parity"
        return g, turn.at(question)

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "exchange":
            return choice(g, turn, tuple(Action("take", (p,)) for p in center_positions(g)) or (PASS,))
        if turn.stage.startswith("center_"):
            k = int(turn.stage.split("_")[1])
            center = center_positions(g)
            looks = tuple(Action("look", c) for c in combinations(center, min(k, len(center))))
            return choice(g, turn, (PASS,) + looks)
        return choice(g, turn, answers_for(g, turn.seat, turn.stage))

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        dg = own_draw(turn)
        if turn.stage == "exchange":
            if action.verb == "pass":
                return log(g, turn, action), None
            g, moves = swap_cards(g, turn.seat, index_of(g, action.targets[0]))
            return log(g, turn, action, moves), None
        if turn.stage.startswith("center_"):
            if action.verb == "pass":
                return log(g, turn, action), None
            return look_and_show(g, turn, action)
        if action.verb != "answer":
            raise IllegalAction(f"the Oracle answers, got {action}")
        g = log(g, turn, action)
        answer = action.value if action.value is not None else action.targets[0]
        g, outcome = self.resolve(g, turn.stage, str(answer), dg=dg, seat=turn.seat)
        return self.carry_out(g, turn, outcome)

    def resolve(self, g: GameState, question: str, answer: str, *, dg: bool = False,
                seat: int | None = None) -> tuple[GameState, Outcome]:
        """What ``answer`` to ``question`` leads to, its random parts drawn (docs/rules.md #1's table); ``seat``
        is the Oracle's (None at a table with physical cards: the laptop does not know it)."""
        if question in TEAM_QUESTIONS and answer == "yes":
            g, granted = draw(g, "oracle_grant", stream=dg_stream("oracle.outcome", dg), pin=dg_pin("oracle_grant", dg))
            return g, Outcome(TEAM, TEAM_QUESTIONS[question]) if granted == "true" else Outcome()
        if question == "oracle_exchange" and answer == "yes":
            g, granted = draw(g, "oracle_grant", stream=dg_stream("oracle.outcome", dg), pin=dg_pin("oracle_grant", dg))
            return g, Outcome(EXCHANGE) if granted == "true" else Outcome()
        if question == "view_center" and answer == "yes":
            g, count = draw(g, "oracle_count", stream=dg_stream("oracle.count", dg), pin=dg_pin("oracle_count", dg))
            return g, Outcome(CENTER, count)
        if question == "ripple" and answer == "yes":
            return g, Outcome(RIPPLE)
        if question == "parity":
            return g, Outcome(PARITY, answer)
        if question == "view_player":
            return _view_target(g, answer, seat, dg)
        return g, Outcome()  # "no", and alien_exchange (never drawn under onuw)

    def hear(self, g: GameState, outcome: Outcome) -> GameState:
        """The part of ``outcome`` the table hears or the night's later draws read, whoever holds the
        Oracle: the forced ripple, the parity announced."""
        if outcome.kind == RIPPLE:
            return g.with_facts(ripple_forced=True)
        if outcome.kind == PARITY:
            return _parity(g, outcome.value)
        return g

    def carry_out(self, g: GameState, turn: Turn, outcome: Outcome) -> tuple[GameState, Turn | None]:
        """``outcome`` done to the cards of a game and told to the Oracle (her next prompt, if any)."""
        if outcome.kind == TEAM:
            g = _switch(g, turn.seat, outcome.value)
            g, switched = learn(g, turn.seat, [], f"{outcome.value}_card", turn.step)  # "your card is now a ... card"
            return g, show(turn, (switched,))
        if outcome.kind == EXCHANGE:
            return g, (turn.at("exchange") if turn.seat not in g.shields else None)
        if outcome.kind == CENTER:
            return g, turn.at(f"center_{outcome.value}")
        if outcome.kind == VIEW:
            target = int(outcome.value[1:])
            if target in g.shields:
                return g, None
            g, obs = view(g, turn.seat, target, turn.step)
            seen: tuple[CardView, ...] = (obs,)
            return g, show(turn, seen)
        return self.hear(g, outcome), None

    def table_answers(self, g: GameState, question: str) -> tuple[str, ...]:
        """The answers the laptop offers for ``question`` at a table with physical cards (the narrator
        does not know who she is: every player may be named)."""
        return spoken_answers(g, None, question)

    def table_answer(self, g: GameState, step: Step, answer: str | None) -> tuple[GameState, Outcome]:
        """The Oracle's ``answer`` given on the laptop of a table with physical cards (``None``: nobody
        answered in time, or her card is in the center — the laptop cannot tell them apart, and neither
        may the table): the answer's draws are made as in a game and its public part is heard; the
        ``Outcome`` is what the laptop tells her. No answer is a ghost Oracle's random one, whose outcome
        nobody is told."""
        if step.kind != "role":
            return g, Outcome()  # the Doppelganger's own question is not the table's (not announced)
        if answer is None:
            return self.ghost(g, step), Outcome()
        question = last_drawn(g, QUESTION_STREAM)
        if question is None:
            return g, Outcome()
        taken = spoken_answers(g, None, question)
        if answer not in taken:
            raise IllegalAction(f"the Oracle's question {question!r} takes {', '.join(taken)}, not {answer!r}")
        g, outcome = self.resolve(g, question, answer, seat=None)
        return self.hear(g, outcome), outcome

    def ghost(self, g: GameState, step: Step) -> GameState:
        """A ghost Oracle answers at random; the answer still acts on the Oracle card in the center (A.4)."""
        if step.kind != "role":
            return g
        asked = last_drawn(g, QUESTION_STREAM)
        if asked is None:
            return g
        question = asked
        g, said = draw_uniform(g, "ghost.oracle", spoken_answers(g, None, question))
        if question in TEAM_QUESTIONS and said == "yes":
            g, granted = draw(g, "oracle_grant", stream="oracle.outcome", pin="oracle_grant")
            card = next((i for i in range(g.players, len(g.cards)) if g.cards[i].role == "oracle"), None)
            if granted == "true" and card is not None:
                g = _switch(g, card, TEAM_QUESTIONS[question])
        elif question == "ripple" and said == "yes":
            g = self.hear(g, Outcome(RIPPLE))
        elif question == "parity":
            g = self.hear(g, Outcome(PARITY, str(said)))
        return g


def _switch(g: GameState, index: int, team: str) -> GameState:
    """The card at ``index`` becomes a card of ``team`` (E-15e), wherever it goes."""
    cards = list(g.cards)
    cards[index] = evolve(cards[index], team_switch=team)
    return g.replace(cards=tuple(cards))


def _parity(g: GameState, answer: str) -> GameState:
    """The table hears the Oracle's parity answer (as given: she may bluff, E-17)."""
    return g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, "oracle_parity", (("value", answer),)),))


def _view_target(g: GameState, named: str, seat: int | None, dg: bool) -> tuple[GameState, Outcome]:
    """view_player: granted, the named player's card; else another player's card, neither the named one
    nor hers (D.1 redirect, stream ``oracle.redirect``; with her seat unknown, only the named one is left
    out)."""
    g, granted = draw(g, "oracle_grant", stream=dg_stream("oracle.outcome", dg), pin=dg_pin("oracle_grant", dg))
    if granted == "true":
        return g, Outcome(VIEW, named)
    target = int(named[1:])
    others = tuple(f"p{s}" for s in range(g.players) if s not in (target, seat))
    if not others:
        return g, Outcome()
    g, redirected = draw_uniform(g, dg_stream("oracle.redirect", dg), others, pin=dg_pin("oracle_redirect", dg))
    return g, Outcome(VIEW, redirected)


__all__ = ["CENTER", "EXCHANGE", "NOTHING", "PARITY", "RIPPLE", "TEAM", "VIEW", "Oracle", "Outcome", "dg_pin",
           "dg_stream", "eligible_questions", "own_draw", "spoken_answers"]
