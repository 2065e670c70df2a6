"""The engine's one protocol (design.md): ``new_game``, ``pending``, ``apply``, ``outcome``.

``apply`` validates the answer against the pending prompt's legal answers and returns a new state; it
never mutates. Steps with nobody to act are still part of the public script (ghost steps): drivers call
and time every step of ``state.script``, and the engine simply has no prompt for a ghost step.

Everything a ruleset decides is read from its ``Ruleset`` (``rulesets.ruleset_for(setup.ruleset)``): the
set-up rules, the night script, the behaviours, the order of the phases and the resolution."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Sequence


from ..catalog.loader import Catalog, default_catalog
from ..errors import IllegalAction, SetupError
from ..model.kinds import Phase, PromptKind, PublicKind
from ..model.state import CLARITY, GameState, RoleFacts
from ..model.values import DONE, Action, Card, Event, PhaseRecord, Prompt, PublicEvent, Setup, Step, Turn
from ..rulesets import RULESETS, ruleset_for
from ..rulesets.behaviours import Behaviour
from ..rulesets.onuw.resolution import Outcome
from .timeout import TIMED_OUT, TIMEOUT, default_action


_VALID_SETUPS: set[tuple[Setup, int]] = set()


def validate_setup(setup: Setup, catalog: Catalog | None = None) -> None:
    """Raise SetupError with one clear line if ``setup`` cannot be played.

    A set-up found valid is remembered, so a batch of simulated games checks its deck once."""
    catalog = catalog or default_catalog()
    key = (setup, id(catalog))
    if key in _VALID_SETUPS:
        return
    _validate_setup(setup, catalog)
    if len(_VALID_SETUPS) > 1024:
        _VALID_SETUPS.clear()
    _VALID_SETUPS.add(key)


def _validate_setup(setup: Setup, catalog: Catalog) -> None:
    ruleset_for(setup.ruleset).validate(setup, catalog)


def new_game(setup: Setup, seed: int = 0, *, deal: Sequence[str] | None = None,
             catalog: Catalog | None = None) -> GameState:
    """A new game. The deal is shuffled from ``seed`` unless ``deal`` gives every card in table order
    (players, then the center)."""
    catalog = catalog or default_catalog()
    validate_setup(setup, catalog)
    n = len(setup.players)
    if deal is None:
        cards = RULESETS[setup.ruleset].deal_for(setup, seed)
    else:
        cards = list(deal)
        if Counter(cards) != Counter(setup.deck):
            raise SetupError("the deal does not match the deck")
    table = tuple(_fresh_card(i, role) for i, role in enumerate(cards))
    dealt = tuple(cards[:n])
    g = GameState(
        setup=setup, seed=seed, cards=table, dealt=dealt, night_roles=dealt, copiers=(None,) * n,
        marks=(CLARITY,) * n, artifacts=(None,) * n,
        script=RULESETS[setup.ruleset].build_script(cards, catalog), votes=(None,) * n,
    )
    for hook in _set_up_hooks(setup.ruleset, frozenset(cards)):
        g = hook(g)  # set-up draws of some roles: the Temptress's extra villain card (roles.md §2.1)
    return _advance(g)


@lru_cache(maxsize=1024)
def _set_up_hooks(ruleset: str, roles: frozenset[str]) -> tuple[Any, ...]:
    """The ``set_up(g) -> g`` hooks of the behaviours of ``roles`` (most decks have none)."""
    behaviours = RULESETS[ruleset].behaviours
    return tuple(behaviours[r].set_up for r in sorted(roles)  # type: ignore[attr-defined]
                 if r in behaviours and hasattr(behaviours[r], "set_up"))


@lru_cache(maxsize=4096)
def _fresh_card(index: int, role: str) -> Card:
    """A card as dealt. Cards are immutable values, so every game shares them: building thirteen cards
    per game was a tenth of ``new_game``."""
    return Card(index, role)


def dawn_game(setup: Setup, table: Sequence[Card | str], *, marks: Sequence[str] | None = None,
              artifacts: Sequence[str | None] | None = None, facts: RoleFacts | None = None, seed: int = 0,
              catalog: Catalog | None = None) -> GameState:
    """A game that starts at dawn, with the vote pending (scenario files' ``dawn``; resolution tests).

    ``table`` gives the cards in table order (at least every seat; center cards are optional). Any
    catalog role is allowed: the resolution covers every role, night behaviour or not."""
    catalog = catalog or default_catalog()
    n = len(setup.players)
    if len(table) < n:
        raise SetupError(f"the dawn table names {len(table)} cards for {n} players")
    cards = []
    for i, c in enumerate(table):
        card = c if isinstance(c, Card) else Card(i, c)
        if card.role not in catalog:
            raise SetupError(f"unknown role {card.role!r}")
        cards.append(card)
    marks = tuple(marks) if marks is not None else (CLARITY,) * n
    artifacts = tuple(artifacts) if artifacts is not None else (None,) * n
    if len(marks) != n or len(artifacts) != n:
        raise SetupError("marks and artifacts need one entry per player")
    g = GameState(
        setup=setup, seed=seed, cards=tuple(cards), dealt=tuple(c.role for c in cards[:n]),
        night_roles=tuple(c.role for c in cards[:n]), copiers=(None,) * n, marks=marks,
        artifacts=artifacts, phase=Phase.VOTE, votes=(None,) * n, facts=facts or RoleFacts(),
    )
    return _advance(g)


def pending(state: GameState) -> Prompt | None:
    """The prompt that must be answered now, or None when the game is over."""
    return state.prompt


def legal_actions(state: GameState) -> tuple[Action, ...]:
    p = state.prompt
    return p.options if p else ()


def apply(state: GameState, action: Action) -> GameState:
    """Answer the pending prompt. Raises IllegalAction (and changes nothing) for an illegal answer."""
    p = state.prompt
    if p is None:
        raise IllegalAction("the game is over: nothing to answer")
    # Drivers answer with one of the prompt's own options: find it by identity first, and only compare
    # values (Action.__eq__, once per option: 36 for a Troublemaker) for an answer built elsewhere.
    for option in p.options:
        if option is action:
            break
    else:
        if action == TIMEOUT and state.phase != Phase.VOTE:  # time ran out: the default answer (timeout.py)
            chosen = default_action(p, state.seed, len(state.events))
            if p.options == (chosen,):
                return apply(state, chosen)  # nothing to choose (something to see): no time-out to tell
            return apply(state.replace(events=state.events + (Event(p.step, TIMED_OUT, p.seat, p.role, chosen),)),
                         chosen)
        if action not in p.options:
            raise IllegalAction(f"{action} is not a legal answer for p{p.seat} ({p.role}) now")
    if state.phase == Phase.VOTE:  # the vote phase's ballot; a vote prompt at night is its behaviour's
        return _vote(state, p.seat, action)
    turn = state.turn
    assert turn is not None
    if turn.stage == "show":
        nxt = turn.memo[0] if turn.memo else None
        g = state
    else:
        g, nxt = _behaviour(state, turn).act(state, turn, action)
    if nxt is not None:
        return _start(g, nxt)
    return _advance(g)


def _vote(state: GameState, seat: int, action: Action) -> GameState:
    """Record ``seat``'s (validated) ballot and open the next seat's vote, or resolve after the last.

    Ten times per game: the ballot and its event come from ``_vote_record`` and the next prompt from
    ``_vote_prompt``, so a vote costs one tuple copy of the ballots, one of the events and one replace."""
    ballot, event = _vote_record(seat, action)
    votes = list(state.votes)
    votes[seat] = ballot
    events = state.events + (event,)
    for nxt in range(seat + 1, state.players):
        if votes[nxt] is None:  # the common case: one replace per vote
            return state.replace(votes=tuple(votes), events=events, prompt=_vote_prompt(state, nxt))
    return _advance(state.replace(votes=tuple(votes), events=events, prompt=None))


_VOTE_RECORDS: dict[tuple[int, int], tuple[Action, tuple[int, ...], Event]] = {}


def _vote_record(seat: int, action: Action) -> tuple[tuple[int, ...], Event]:
    """The ballot of ``seat`` voting ``action`` and its event. Both are values, and vote answers are
    the shared options of ``_vote_options``: each is built once, keyed by the action's identity (the
    entry keeps the action alive, so its id cannot be reused)."""
    key = (seat, id(action))
    entry = _VOTE_RECORDS.get(key)
    if entry is None or entry[0] is not action:
        if len(_VOTE_RECORDS) > 4096:
            _VOTE_RECORDS.clear()
        entry = _VOTE_RECORDS[key] = (action, _ballot(action.targets), Event("vote", "vote", seat, None, action))
    return entry[1], entry[2]


def outcome(state: GameState) -> Outcome | None:
    """Deaths, winners and why, once every vote is in."""
    result: Outcome | None = state.outcome
    return result


# -- internals ---------------------------------------------------------------------------------------

def _behaviour(g: GameState, turn: Turn) -> Behaviour:
    """The behaviour that runs ``turn``, from the game's own ruleset."""
    return RULESETS[g.setup.ruleset].behaviours.behaviour(_key(g, turn))


def _key(g: GameState, turn: Turn) -> str:
    """The behaviour that runs ``turn``: the group or engine step's, or the acting role's."""
    step = g.script[g.step_index - 1] if 0 < g.step_index <= len(g.script) else None
    if step is not None and step.id == turn.step and step.kind in ("group", "engine") \
            and (turn.role in step.members or turn.role == step.id):
        return step.id
    return turn.role


def _start(g: GameState, turn: Turn, **changes: Any) -> GameState:
    """Begin ``turn`` (when it is fresh) and cache its prompt; a turn that has nothing to do is skipped.

    ``changes`` (the rest of the queue) are written with the same replace. The behaviour is looked up
    once for ``begin`` and ``prompt`` (beginning a turn never moves the script)."""
    if turn.stage == "show":
        return g.replace(turn=turn, prompt=_show_prompt(turn), **changes)
    behaviour = _behaviour(g, turn)
    if turn.stage == "start":
        g, begun = behaviour.begin(g, turn)
        if begun is None:
            return _advance(g.replace(turn=None, prompt=None, **changes))
        turn = begun
        if turn.stage == "show":
            return g.replace(turn=turn, prompt=_show_prompt(turn), **changes)
    return g.replace(turn=turn, prompt=behaviour.prompt(g, turn), **changes)


def _show_prompt(turn: Turn) -> Prompt:
    """The prompt of a ``show`` turn: the seat sees ``turn.info``; its only answer is ``done``."""
    return Prompt(turn.seat, turn.step, turn.role, PromptKind.INFO, (DONE,), turn.info, turn.group,
                  turn.copier, "show")


_DAWN = Event("dawn", "dawn")


@lru_cache(maxsize=1024)
def _ghost(step_id: str) -> Event:
    """The event of a step nobody acted in (events are values: one per step id serves every game)."""
    return Event(step_id, "ghost")


@lru_cache(maxsize=1024)
def _ballot(targets: tuple[str, ...]) -> tuple[int, ...]:
    """The seats a vote names (``p3`` -> 3)."""
    return tuple(int(t[1:]) for t in targets)


def _vote_prompt(g: GameState, seat: int) -> Prompt:
    if g.facts.ripple == MULTI_VOTE and seat in g.facts.ripple_set:  # Dalbula's ripple "multi vote" (D.8)
        return Prompt(seat, "vote", g.night_roles[seat], PromptKind.VOTE, _two_ballots(g.players, seat))
    if g.facts.ripple == DEALER_VOTE:  # the ripple "vote for the app" (roles.md D.8): the app is a target too
        prompt = _cached_vote_prompt(g.players, seat, g.night_roles[seat])
        return Prompt(seat, "vote", prompt.role, PromptKind.VOTE, prompt.options + (VOTE_FOR_APP,))
    return _cached_vote_prompt(g.players, seat, g.night_roles[seat])


DEALER_VOTE = "dealer_vote"
MULTI_VOTE = "multi_vote"


@lru_cache(maxsize=256)
def _two_ballots(players: int, seat: int) -> tuple[Action, ...]:
    """The votes of a seat of the ripple "multi vote" group: exactly two ballots, each for another player,
    the same one twice allowed (FORMAT-random.md ``votes``; resolution.md DV0: every ballot counts)."""
    others = [t for t in range(players) if t != seat]
    return tuple(Action("vote", (f"p{a}", f"p{b}")) for i, a in enumerate(others) for b in others[i:])
# A vote for the app (FORMAT-random.md ``votes``: "dealer"): its ballot names no player.
VOTE_FOR_APP = Action("vote", (), "dealer")


@lru_cache(maxsize=4096)
def _cached_vote_prompt(players: int, seat: int, role: str) -> Prompt:
    """Vote prompts are immutable and the same in every game of a table: build each once."""
    return Prompt(seat, "vote", role, PromptKind.VOTE, _vote_options(players, seat))


@lru_cache(maxsize=256)
def _vote_options(players: int, seat: int) -> tuple[Action, ...]:
    return tuple(Action("vote", (f"p{t}",)) for t in range(players) if t != seat)


def _advance(g: GameState) -> GameState:
    """Move to the next turn: the rest of this step's queue, the next step, the next phase of the
    ruleset's phase machine (``onuw``: night, vote, over), or the end.

    Ghost steps are walked with local variables and written back once: this loop is the hot path of
    every simulated game. Each step called, ghost or not, is a public event (the table hears it)."""
    rules = RULESETS[g.setup.ruleset]
    if g.phase == Phase.NIGHT:
        if g.queue:
            return _start(g, g.queue[0], queue=g.queue[1:])
        script, index, events, public = g.script, g.step_index, g.events, g.public
        table = _step_table(script)
        behaviours = rules.behaviours
        while True:
            if index >= len(script):
                phase = rules.next_phase(Phase.NIGHT)
                g = g.replace(phase=phase, step_index=index, events=events + (_DAWN,), turn=None,
                              prompt=None, public=public + (_phase_event(phase),),
                              records=g.records + (PhaseRecord(Phase.NIGHT, g.round),))
                break
            step, key, called, ghost = table[index]
            index += 1
            public = public + (called,)
            behaviour = behaviours.get(key)
            if behaviour is not None and hasattr(behaviour, "announce"):
                # what the table hears when the step is called, whoever holds the role (public draws)
                g = behaviour.announce(g.replace(step_index=index, events=events, public=public), step)
                public, events = g.public, g.events
                if g.script is not script:  # an announcement that lengthens the night (repeat_night)
                    script, table = g.script, _step_table(g.script)
            turns = behaviour.actors(g, step) if behaviour is not None else ()
            if turns:
                g = g.replace(step_index=index, events=events, queue=tuple(turns[1:]), public=public)
                return _start(g, turns[0])
            events = events + (ghost,)
            if behaviour is not None and hasattr(behaviour, "ghost"):
                g = behaviour.ghost(g.replace(step_index=index, events=events, public=public), step)
                events, public = g.events, g.public  # a ghost may announce (a ghost Oracle's parity)
    if g.phase == Phase.VOTE:
        for seat, vote in enumerate(g.votes):
            if vote is None:
                return g.replace(prompt=_vote_prompt(g, seat))
        result = rules.resolve(g, default_catalog())
        deaths = tuple(Event("vote", "death", s, None, None, (), cause) for s, cause in result.deaths)
        phase = rules.next_phase(Phase.VOTE)
        return g.replace(phase=phase, prompt=None, outcome=result, events=g.events + deaths,
                         dead=frozenset(s for s, _cause in result.deaths),
                         public=g.public + (_phase_event(phase),),
                         records=g.records + (PhaseRecord(Phase.VOTE, g.round, g.votes),))
    return g


_STEP_TABLES: dict[int, tuple[tuple[Step, ...], tuple[tuple[Step, str, PublicEvent, Event], ...]]] = {}


def _step_table(script: tuple[Step, ...]) -> tuple[tuple[Step, str, PublicEvent, Event], ...]:
    """For each step of ``script``: the step, its behaviour key (the group or engine step's id, or the
    role's), the public event of calling it and the event of a ghost step. All are values of the
    script alone, and scripts are cached per roster, so ``_advance`` reads them from here instead of
    rebuilding them step by step in every game. Keyed by the script's identity; the entry keeps the
    script alive, so the id cannot be reused."""
    entry = _STEP_TABLES.get(id(script))
    if entry is None or entry[0] is not script:
        if len(_STEP_TABLES) > 1024:
            _STEP_TABLES.clear()
        table = tuple((step, step.id if step.kind in ("group", "engine") else step.role or "",
                       _step_event(step.id), _ghost(step.id)) for step in script)
        entry = _STEP_TABLES[id(script)] = (script, table)
    return entry[1]


@lru_cache(maxsize=1024)
def _step_event(step_id: str) -> PublicEvent:
    return PublicEvent(PublicKind.STEP, step_id)


@lru_cache(maxsize=16)
def _phase_event(phase: Phase) -> PublicEvent:
    return PublicEvent(PublicKind.PHASE, str(phase))
