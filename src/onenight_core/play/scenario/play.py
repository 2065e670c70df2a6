"""The One Night family's way through a case: its night steps and votes answer the prompts of the game's
rules (``engine.game.rules_for``: ``new_game`` or the family's ``dawn_game``, ``pending``, ``apply``),
exactly as a player would.

The driver holds no rule and no per-role code: a step's verbs are applied as written (verbs.py), a
prompt the file leaves out is passed or seen automatically, an illegal step is tried and thrown away,
a blocked seat may only pass (docs/scenarios.md, "How steps answer prompts"). A case the engine cannot play raises
``CaseError`` inside; ``play_one_night`` turns that into the case's result, so the other cases of the file still run."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ...catalog.loader import default_catalog
from ...engine.game import rules_for
from ...engine.protocol import dawn_game, validate_setup
from ...errors import IllegalAction, OneNightError, ScenarioError, SetupError, said_of
from ...english import english
from ...model.game import GameRules
from ...model.messages import say
from ...model.values import DONE, PASS, Action, Card, CardView, Learned, MarkView, Observation, Prompt, Setup
from ...rulesets import ruleset_for
from ...model.state import GameState, RoleFacts
from .case import ScenarioCase, ScenarioStep
from ...model.scenario import Difference, Played, toml_text
from .case import Refusal
from .facts import MARK_CHECK, case_facts
from .match import answers, at_meeting, done_by_engine, keeps_for_own_step, own_prompt, same_turn
from .verbs import joined, same_choice, shows, verb_action


# Steps of the night that are no role's but are written as one (docs/scenarios.md: role = "ripple").
STEP_ROLES = frozenset({"ripple"})


class CaseError(ScenarioError):
    """A case the engine cannot play; the other cases of the file still run."""


class CaseSkipped(CaseError):
    """A case that needs a role or ruleset that is not playable yet (not a failure)."""


def play_one_night(case: ScenarioCase) -> Played:
    """Play one case through the One Night engine. Never raises for a case's own trouble: it becomes the
    result's ``error`` (or ``skipped``), so the other cases of a file still run."""
    replay = _Replay(case)
    try:
        replay.run()
    except CaseSkipped as exc:
        return Played("skipped", str(exc), transcript=replay.transcript)
    except OneNightError as exc:
        return Played("error", str(exc), transcript=replay.transcript, game=replay.state)
    except Exception as exc:  # an engine bug must not hide the other cases; report it in one line
        return Played("error", f"internal error: {type(exc).__name__}: {exc}",
                      transcript=replay.transcript, game=replay.state)
    return Played("played", facts=replay.facts(), refusals=replay.refusals,
                  problems=replay.problems, transcript=replay.transcript, game=replay.state)


class _Replay:
    """The driver: answers the engine's prompts from the case's steps (the protocol loop of docs/design.md)."""

    def __init__(self, case: ScenarioCase):
        self.case = case
        # the rules a case is played by (engine.game.rules_for): the One Night engine's pending/apply
        self.rules: GameRules[GameState] = rules_for(case.ruleset)
        self.state: GameState | None = None  # the game so far; None until ``run`` starts it
        self.refusals: list[Refusal] = []
        # the last prompt a (normal) step answered, with the game as it stood when it was asked
        self.answered: tuple[Prompt, GameState] | None = None
        self.problems: list[Difference] = []
        self.transcript: list[str] = []
        self.dusk_marks: tuple[str, ...] | None = None
        self.night_end: GameState | None = None
        self.mark_index: int | None = None
        self.first_marks: tuple[str, ...] = ()
        self.turn_start: dict[tuple[int, str], int] = {}  # (seat, step) → events logged before its prompt

    @property
    def g(self) -> GameState:
        """The game being played: ``run`` starts it before the night and the vote read it."""
        if self.state is None:
            raise RuntimeError("the case's game has not started")
        return self.state

    @g.setter
    def g(self, state: GameState) -> None:
        self.state = state

    def _asked(self) -> Prompt:
        """The prompt the game waits on, right after ``_until`` found one."""
        p = self.rules.pending(self.g)
        if p is None:
            raise RuntimeError("the game asks nobody")
        return p

    # -- set-up ----------------------------------------------------------------------------------
    def run(self) -> None:
        case = self.case
        self._check_ruleset()
        if case.error:  # not readable by this version: skipped if it needs what is not playable yet
            self._check_roles(tuple(r for r in case.deal + case.center if r in default_catalog()), "")
            raise CaseError(case.error)
        players = tuple(f"p{i}" for i in range(case.players))
        if case.starts_at_dawn:
            self.g = self._dawn(players)
            self.night_end = self.g
        else:
            self._check_roles(case.deal + case.center, "")
            for step in case.steps:
                if step.role not in STEP_ROLES:  # a ripple step is written role = "ripple"
                    self._check_roles((step.role,), f"{step.label}: ")
            deck = case.deal + case.center
            try:
                self.g = self.rules.new_game(Setup(players, deck, case.ruleset, draws=case.draws), case.seed, deal=deck)
            except SetupError as exc:
                raise CaseError(str(exc)) from None
            self.mark_index = next((i for i, s in enumerate(self.g.script) if s.id == MARK_CHECK), None)
            self.first_marks = self.g.marks
            self.transcript.extend(f"      {_observation(o)}" for o in self.g.observations)
            self.transcript.extend(f"      draw {stream} = {_drawn(value)}" for stream, value in self.g.drawn)
            self._note_dusk()
            self._night()
        self._votes()

    def _check_ruleset(self) -> None:
        try:  # the smallest playable table: only the ruleset can be wrong with it
            validate_setup(Setup(("a", "b", "c"), ("villager",) * 6, self.case.ruleset))
        except SetupError as exc:
            raise CaseSkipped(str(exc)) from None

    def _check_roles(self, roles: tuple[str, ...], prefix: str) -> None:
        catalog = default_catalog()
        for role in roles:
            if role not in catalog:
                raise CaseError(f"{prefix}unknown role {role!r} (see `onenight roles`)")
        for role in roles:
            if not ruleset_for(self.case.ruleset).behaviours.is_playable(role):
                raise CaseSkipped(f"{role} not playable yet")

    def _dawn(self, players: tuple[str, ...]) -> GameState:
        case = self.case
        catalog = default_catalog()
        for i, seat in enumerate(case.dawn):
            for role in (seat.card, seat.copied):
                if role is not None and role not in catalog:
                    raise CaseError(f"dawn[{i}]: unknown role {role!r} (see `onenight roles`)")
        table = [Card(i, s.card, copied=s.copied) for i, s in enumerate(case.dawn)]
        couples = tuple((i, s.couple) for i, s in enumerate(case.dawn) if s.couple is not None)
        # a dawn case may name the ripple behind its ballots (docs/scenarios.md): "dealer" votes need it
        ripple = dict(case.draws).get("ripple")
        group = dict(case.draws).get("ripple_id")  # the multi_vote group, when given as positions
        ripple_set = tuple(int(p[1:]) for p in group) if isinstance(group, (list, tuple)) else ()
        try:
            return dawn_game(
                Setup(players, tuple(s.card for s in case.dawn), case.ruleset, draws=case.draws), table,
                marks=[s.mark for s in case.dawn], artifacts=[s.artifact for s in case.dawn],
                facts=RoleFacts(couples=couples, ripple=ripple if isinstance(ripple, str) else None,
                                ripple_set=ripple_set),
                seed=case.seed)
        except SetupError as exc:
            raise CaseError(str(exc)) from None

    # -- the night -------------------------------------------------------------------------------
    def _night(self) -> None:
        steps = self.case.steps
        for step in steps:
            later = next((s for s in steps[step.index + 1:] if not s.illegal), None)
            if step.illegal:
                self._illegal(step, later)
            elif step.blocked:
                self._blocked(step, later)
            else:
                self._normal(step)
        self._until(lambda p: False)
        self.night_end = self.g

    def _wants(self, step: ScenarioStep, n: int, p: Prompt) -> bool:
        """Whether ``p`` is the prompt that verb ``n`` of ``step`` answers (match.py: generously)."""
        if not answers(step, p):
            return False
        action, _used = joined(step.actions, n, p)
        if p.kind == "info":
            return shows(action, p) or self._forced(action, p.seat, p.step)
        legal = same_choice(action, p) in p.options or self._forced(action, p.seat, p.step)
        return not (n == 0 and keeps_for_own_step(step, action, p, self.g, legal))

    def _next_step(self, later: ScenarioStep | None) -> Callable[[Prompt], bool]:
        """A prompt that the next real step answers: a search for another step must stop there."""
        if later is None:
            return lambda p: False
        return lambda p: self._wants(later, 0, p)

    def _normal(self, step: ScenarioStep) -> None:
        turn: tuple[int, str] | None = None  # (seat, step id) of the prompt the step's first verb answered
        n = 0
        while n < len(step.actions):
            action = step.actions[n]
            if turn is not None and self._forced(action, *turn):
                self._note_forced(action, turn)  # written after the engine did it: nothing to answer
                n += 1
                continue
            want = partial(self._wants, step, n)
            if n == 0:
                found = self._until(want, include_info=True)
            else:  # the same turn goes on: only results to see may come in between
                found = self._until(want, stop=lambda p: p.kind != "info", include_info=True)
            if not found:
                p = self.rules.pending(self.g)
                now = f"; the engine now asks {_who(p)}" if p is not None and n else ""
                raise CaseError(f"{step.label}: the engine never asked p{step.seat} to act as {step.role}"
                                + (f" for {action}" if n else "") + now)
            p = self._asked()
            turn = (p.seat, p.step)
            action, used = joined(step.actions, n, p)  # several single flips: one multi-flip (verbs.py)
            n += used
            if same_choice(action, p) not in p.options and self._forced(action, p.seat, p.step):
                self._note_forced(action, turn)  # docs/scenarios.md: a forced part may be written
                continue
            try:
                asked = self.g
                self._apply(action, p, "")
                self.answered = (p, asked)
            except IllegalAction as exc:
                self._refuse(step, str(action), p, exc)
                self.problems.append(Difference(
                    f"step {step.index}", "accepted", "refused",
                    f"{step.label}: {action} refused: {exc}; the engine offers {_offers(p)}"))
                self.transcript.append(f"    {_who(p)}: {action} — REFUSED ({_offers(p)})")
                return

    def _refuse(self, step: ScenarioStep, action: str, p: Prompt, exc: IllegalAction) -> None:
        """Record that the engine refused ``step`` at prompt ``p``, with the engine's message."""
        self.refusals.append(Refusal(step.index, p.seat, p.role, p.step, action, said_of(exc).id, str(exc),
                                     p.copier))

    def _forced(self, action: Action, seat: int, step_id: str) -> bool:
        """Whether the engine did ``action`` by itself for ``seat`` in ``step_id`` before asking it."""
        before = self.turn_start.get((seat, step_id))
        return before is not None and done_by_engine(action, seat, step_id, self.g, before)

    def _note_forced(self, action: Action, turn: tuple[int, str]) -> None:
        self.transcript.append(f"    p{turn[0]} [{turn[1]}]: {action} (done by the engine itself)")

    def _illegal(self, step: ScenarioStep, later: ScenarioStep | None) -> None:
        """An illegal step is tried at its own prompt (match.own_prompt: that seat asked for that role,
        never another member of its group) and must be refused there. A role with a meeting and a step
        of its own (Alpha Wolf, Mystic Wolf, the Count) asked at the meeting first must be refused at
        both: at the meeting, and at its own step played ahead on a copy of the game. If no such prompt
        comes before the next real step's, the step proves nothing: the case fails. Either way the game
        goes on from where it was."""
        written = ", ".join(map(str, step.actions))
        if self._goes_on(step) and self.answered is not None:  # the turn of the step before it, if still on
            last = self.answered[0]
            p = self.rules.pending(self.g)
            if p is None or self.g.phase != "night" or not same_turn(p, last):
                self._refuse(step, written, last, IllegalAction(
                    said=say("scen_refused_turn_over", given=written)))
                self.transcript.append(f"    {_who(last)}: {written} — refused as expected (the turn is over)")
                return
        found = self._until(lambda p: own_prompt(step, p, self.g) or at_meeting(step, p, self.g),
                            stop=self._next_step(later), include_info=True)
        if not found:
            asked = self.rules.pending(self.g)
            when = "before the next step" if later is not None and asked is not None else "this night"
            self.problems.append(Difference(
                f"step {step.index}", "refused at its own prompt", "never asked",
                f"{step.label} is marked illegal, but the engine never asks p{step.seat} to act as {step.role} "
                f"{when}: an illegal step is judged only at its own prompt"))
            self.transcript.append(f"    p{step.seat} {step.role}: {written} — NEVER ASKED {when} (marked illegal)")
            return
        before, told, dusk, starts = self.g, len(self.transcript), self.dusk_marks, dict(self.turn_start)
        start, refused = self._trial(step)
        if refused is not None and at_meeting(step, start, before):  # its own step must refuse it too
            self.g = before
            if self._ahead(step, later, start):
                start, refused = self._trial(step)
        del self.transcript[told:]
        self.g, self.dusk_marks, self.turn_start = before, dusk, starts
        if refused is not None:
            where, exc = refused
            self._refuse(step, written, where, exc)
            self.transcript.append(f"    {_who(where)}: {written} — refused as expected ({exc})")
        else:
            self.problems.append(Difference(
                f"step {step.index}", "refused", "accepted",
                f"{step.label} is marked illegal but the engine accepted {written} at {_who(start)}'s prompt"))
            self.transcript.append(f"    {_who(start)}: {written} — ACCEPTED although marked illegal (ignored)")

    def _ahead(self, step: ScenarioStep, later: ScenarioStep | None, meeting: Prompt) -> bool:
        """Play on from ``meeting`` to ``step``'s own prompt in another turn, on a game the caller throws
        away: the meeting answered as the next real step answers it (else passed, else its first choice),
        every later prompt passed or seen (else its first choice). False when the night ends first."""
        answer = None
        if later is not None and self._wants(later, 0, meeting):
            answer = same_choice(joined(later.actions, 0, meeting)[0], meeting)
        while True:
            p = self.rules.pending(self.g)
            if p is None or self.g.phase != "night":
                return False
            if not same_turn(p, meeting) and own_prompt(step, p, self.g):
                return True
            if answer not in p.options:
                answer = next((a for a in (PASS, DONE) if a in p.options), p.options[0])
            self.g = self.rules.apply(self.g, answer)
            answer = None

    def _trial(self, step: ScenarioStep) -> tuple[Prompt, tuple[Prompt, IllegalAction] | None]:
        """Try ``step``'s verbs from the prompt the game waits on (its own), changing ``self.g``: the
        prompt it began at, and where and why it was refused (None: accepted). The caller throws the
        game it leads to away."""
        start = where = self._asked()
        try:
            n = 0
            while n < len(step.actions):
                p = self.rules.pending(self.g)
                if n and (p is None or self.g.phase != "night" or not same_turn(p, start)):
                    raise IllegalAction(said=say("scen_refused_turn_over", given=str(step.actions[n])))
                assert p is not None
                where = self._past_views(step.actions[n], p)
                action, used = joined(step.actions, n, where)
                n += used
                if same_choice(action, where) not in where.options and self._forced(action, where.seat, where.step):
                    continue  # what the engine did by itself at that turn: accepted, not refused
                self._apply(action, where, "")
        except IllegalAction as exc:
            return start, (where, exc)
        return start, None

    def _goes_on(self, step: ScenarioStep) -> bool:
        """Whether ``step`` goes on with the turn of the step right before it (docs/scenarios.md: consecutive
        steps of one seat and role are one turn): that step was a real one of the same seat, role and
        copier, and the prompt it answered last is ``step``'s own prompt."""
        if not step.index:
            return False
        prev = self.case.steps[step.index - 1]
        return (not prev.illegal and not prev.blocked and self.answered is not None
                and (prev.seat, prev.role, prev.copier) == (step.seat, step.role, step.copier)
                and own_prompt(step, *self.answered))

    def _past_views(self, action: Action, p: Prompt) -> Prompt:
        """The prompt of the turn that ``action`` is tried at: results to see that it does not answer are
        seen (``done``) while the same turn goes on with a choice; a turn that only shows something is
        judged at what it shows (anything but that view or ``done`` is refused there)."""
        while p.kind == "info" and not shows(action, p):
            seen = self.rules.apply(self.g, DONE if DONE in p.options else p.options[0])
            nxt = self.rules.pending(seen)
            if nxt is None or seen.phase != "night" or not same_turn(nxt, p):
                break
            self.g, p = seen, nxt
        return p

    def _blocked(self, step: ScenarioStep, later: ScenarioStep | None) -> None:
        """A blocked seat may not act: if the engine wakes it at all, passing must be its only choice."""
        if not self._until(lambda p: answers(step, p), stop=self._next_step(later), include_info=True):
            self.transcript.append(f"    p{step.seat} {step.role}: blocked by the {_blocker(step)} (not woken)")
            return
        p = self._asked()
        if p.kind == "info":
            self._apply(p.options[0], p, " (blocked)")
            return
        if tuple(p.options) != (PASS,):
            self.problems.append(Difference(
                f"step {step.index}", "pass only", [str(a) for a in p.options],
                f"{step.label} is blocked by the {_blocker(step)} but the engine lets it act"))
        if PASS in p.options:
            self._apply(PASS, p, f" (blocked by the {_blocker(step)})")
        else:
            raise CaseError(f"{step.label}: blocked by the {_blocker(step)}, yet the engine does not let "
                            f"{_who(p)} pass ({_offers(p)})")

    def _until(self, want: Callable[[Prompt], bool], stop: Callable[[Prompt], bool] | None = None,
               include_info: bool = False) -> bool:
        """Answer the prompts the file does not answer until ``want`` matches (True), ``stop`` matches or
        the night ends (False)."""
        while self.g.phase == "night" and (p := self.rules.pending(self.g)) is not None:
            self.turn_start.setdefault((p.seat, p.step), len(self.g.events))
            if want(p) and (include_info or p.kind != "info"):
                return True
            if stop is not None and stop(p):
                return False
            self._auto(p)
        return False

    def _auto(self, p: Prompt) -> None:
        """Pass where passing is legal; see and go on where there is only something to see."""
        if p.kind == "info":
            self._apply(DONE if DONE in p.options else p.options[0], p, "")
        elif PASS in p.options:
            self._apply(PASS, p, " (not in the file)")
        else:
            raise CaseError(f"{_who(p)} must choose ({_offers(p)}) but the file has no step for it")

    def _apply(self, action: Action, p: Prompt, note: str) -> None:
        if shows(action, p) and action.verb != "done":  # the look is the prompt's own view
            self.transcript.append(f"    {_who(p)}: {action}")
            action = DONE
        action = same_choice(action, p)
        before, draws = len(self.g.observations), len(self.g.drawn)
        self.g = self.rules.apply(self.g, action)  # raises IllegalAction and changes nothing
        if action.verb != "done":
            self.transcript.append(f"    {_who(p)}: {action}{note}")
        self.transcript.extend(f"      {_observation(o)}" for o in self.g.observations[before:])
        self.transcript.extend(f"      draw {stream} = {_drawn(value)}" for stream, value in self.g.drawn[draws:])
        self._note_dusk()

    def _note_dusk(self) -> None:
        """Keep the marks as they stand when the mark check begins: what each player saw at dusk."""
        if self.dusk_marks is None and self.mark_index is not None:
            if self.g.step_index > self.mark_index or self.g.phase != "night":
                self.dusk_marks = self.g.marks

    # -- the day ---------------------------------------------------------------------------------
    def _votes(self) -> None:
        votes = self.case.votes
        if votes is None:
            return
        while (p := self.rules.pending(self.g)) is not None:
            if p.kind != "vote":
                self._auto(p)
                continue
            vote = votes[p.seat]
            items = list(vote) if isinstance(vote, tuple) else [vote]
            action = verb_action("vote", [f"p{v}" if isinstance(v, int) else v for v in items],
                                 lambda said: CaseError(english(said)))  # the report's words: English
            action = same_choice(action, p)  # two ballots in either order: [3, 2] is [2, 3]
            if action not in p.options:
                if len(items) > 1:
                    raise CaseError(f"votes[{p.seat}]: the engine does not support two ballots "
                                    f"({action} is not a legal vote)")
                raise CaseError(f"votes[{p.seat}]: p{p.seat} cannot vote for {toml_text(vote)} "
                                f"(legal: {', '.join(' '.join(a.targets) for a in p.options)})")
            self.g = self.rules.apply(self.g, action)

    # -- facts -----------------------------------------------------------------------------------
    def facts(self) -> tuple[tuple[str, Any], ...]:
        """The ``expect`` keys of the played case (facts.py). Without a mark check nothing can change a
        mark at dusk, so the dusk marks are then the marks the game began with."""
        if self.night_end is None:
            raise RuntimeError("the case's night has not ended")
        return case_facts(self.case, self.night_end, self.g, self.dusk_marks or self.first_marks)


def _observation(o: Observation) -> str:
    if isinstance(o, CardView):
        return f"p{o.seat} sees {o.pos} = {o.role}"
    if isinstance(o, MarkView):
        return f"p{o.seat} sees the mark at {o.pos} = {o.mark}"
    if isinstance(o, Learned):
        return f"p{o.seat} learns {o.as_}: {', '.join(o.who) if o.who else 'nobody'}"
    return f"{o}"


def _drawn(value: object) -> str:
    return ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)


def _who(p: Prompt | None) -> str:
    if p is None:
        return "nobody"
    copier = f" as {p.copier}" if p.copier else ""
    step = f" [{p.step}]" if p.step != p.role else ""
    return f"p{p.seat} {p.role}{copier}{step}"


def _offers(p: Prompt) -> str:
    shown = [str(a) for a in p.options[:8]]
    more = f", … {len(p.options) - 8} more" if len(p.options) > 8 else ""
    return ", ".join(shown) + more


def _blocker(step: ScenarioStep) -> str:
    return "shield" if step.blocked == "shield" else "Mark of Fear"
