"""The engine's one protocol (docs/design.md): ``new_game``, ``pending``, ``apply``, ``outcome``.

``apply`` validates the answer against the pending prompt's legal answers and returns a new state; it
never mutates. Steps with nobody to act are still part of the public script (ghost steps): drivers call
and time every step of ``state.script``, and the engine simply has no prompt for a ghost step.

Everything a ruleset decides is read from its ``Ruleset`` (``rulesets.ruleset_for(setup.ruleset)``): the
set-up rules, the night script, the behaviours, the order of the phases and the resolution."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Callable, Sequence, cast


from ..catalog.loader import Catalog, default_catalog
from ..errors import IllegalAction, SetupError
from ..model.messages import Message, say
from ..model.kinds import Phase, PromptKind, PublicKind
from ..model.positions import pos_name
from ..model.state import CLARITY, GameState, RoleFacts
from ..model.values import Action, Card, Event, PhaseRecord, Prompt, PublicEvent, Setup, Step, Turn, shown
from ..rulesets import RULESETS, Ruleset, ruleset_for
from ..rulesets.behaviours import Behaviour, StepHooks
from ..model.outcome import Outcome
from .timeout import NOT_OPENED, TIMED_OUT, TIMEOUT, UNOPENED, default_action, looked_at_nobody


_VALID_SETUPS: set[tuple[Setup, int]] = set()


def validate_setup(setup: Setup, catalog: Catalog | None = None) -> None:
    """Raise SetupError with one clear line if ``setup`` cannot be played.

    A set-up found valid is remembered, so a batch of simulated games checks its deck once."""
    catalog = catalog or default_catalog()
    key = (setup, id(catalog))
    if key in _VALID_SETUPS:
        return
    _validate_setup(setup, catalog)
    if len(_VALID_SETUPS) > 256:  # (Dalbula's brought cards: a set-up per hand; flat memory)
        _VALID_SETUPS.clear()
    _VALID_SETUPS.add(key)


def _validate_setup(setup: Setup, catalog: Catalog) -> None:
    ruleset_for(setup.ruleset).validate(setup, catalog)


def new_game(setup: Setup, seed: int = 0, *, deal: Sequence[str] | None = None,
             catalog: Catalog | None = None) -> GameState:
    """A new game. The deal is shuffled from ``seed`` unless ``deal`` gives every card in table order
    (players, then the center)."""
    catalog = catalog or default_catalog()
    blank, hooks = _blank_game(setup, catalog)
    if deal is None:
        cards = RULESETS[setup.ruleset].deal_for(setup, seed)
    else:
        cards = list(deal)
        if Counter(cards) != Counter(setup.deck):
            raise SetupError("the deal does not match the deck", said=say("error_deal_not_deck"))
    dealt = tuple(cards[:blank.players])
    table = _dealt_cards(cards)
    g = blank.replace(setup=setup, seed=seed, cards=table, dealt=dealt, night_roles=dealt)
    if len(cards) != len(setup.deck):  # a deal that draws cards beyond the deck (Dalbula's drawn center):
        # the roster, and with it the positions, the script and the set-up hooks, come from the table
        g = g.replace(positions=tuple(pos_name(i, blank.players) for i in range(len(cards))),
                      script=ruleset_for(setup.ruleset).build_script(cards, catalog))
        hooks = _set_up_hooks(setup.ruleset, frozenset(cards))
    for hook in hooks:
        g = hook(g)  # set-up draws of some roles: the Temptress's extra villain card (docs/rules.md §2.1)
    return _advance(g, True)


_Blank = tuple[Catalog, Ruleset | None, GameState, tuple[Any, ...]]  # (catalog, ruleset, blank state, set-up hooks)
_BLANK_GAMES: dict[tuple[Setup, int], _Blank] = {}


def _blank_game(setup: Setup, catalog: Catalog) -> tuple[GameState, tuple[Any, ...]]:
    """The state every game of ``setup`` starts from before its deal: validated once, with the night
    script, the empty marks, artifacts and ballots already in place (none of them depends on the deal:
    the script is built from the roster, which the deal only reorders). A batch of simulated games makes
    each of its states with one ``replace`` instead of building and converting every field again.
    With it come the set-up hooks of the deck's roles (``_set_up_hooks``). Keyed by the catalog's
    identity; the entry keeps the catalog alive, so the id cannot be reused, and the ruleset it was
    made with (a test may swap a ruleset in the registry)."""
    key = (setup, id(catalog))
    entry = _BLANK_GAMES.get(key)
    rules = RULESETS[setup.ruleset] if setup.ruleset in RULESETS else None
    if entry is None or entry[0] is not catalog or entry[1] is not rules:
        validate_setup(setup, catalog)
        n = len(setup.players)
        roster = tuple(setup.deck)
        blank = GameState(
            setup=setup, seed=0, cards=tuple(Card(i, role) for i, role in enumerate(roster)),
            dealt=roster[:n], night_roles=roster[:n], copiers=(None,) * n, marks=(CLARITY,) * n,
            artifacts=(None,) * n, script=ruleset_for(setup.ruleset).build_script(roster, catalog),
            votes=(None,) * n,
        )
        if len(_BLANK_GAMES) > 256:
            _BLANK_GAMES.clear()
        hooks = _set_up_hooks(setup.ruleset, frozenset(roster))
        entry = _BLANK_GAMES[key] = (catalog, rules, blank, hooks)
    return entry[2], entry[3]


@lru_cache(maxsize=128)  # (Dalbula's drawn centers: a roster per game; flat memory, issue 25)
def _set_up_hooks(ruleset: str, roles: frozenset[str]) -> tuple[Callable[[GameState], GameState], ...]:
    """The ``set_up(g) -> g`` hooks of the behaviours of ``roles`` (most decks have none)."""
    behaviours = RULESETS[ruleset].behaviours
    hooks = (getattr(behaviours[r], "set_up", None) for r in sorted(roles) if r in behaviours)
    return tuple(hook for hook in hooks if hook is not None)


_DEALT_CARDS: dict[tuple[int, str], Card] = {}


def _dealt_cards(cards: Sequence[str]) -> tuple[Card, ...]:
    """The cards of a deal (``cards``: the role at each table position), as dealt. Cards are immutable
    values, so every game shares them: building thirteen cards per game was a tenth of ``new_game``.
    (A dict read with the (index, role) pairs ``enumerate`` makes anyway: cheaper than a cached call.)"""
    known = _DEALT_CARDS
    table = []
    for key in enumerate(cards):
        card = known.get(key)
        if card is None:
            if len(known) > 4096:
                known.clear()
            card = known[key] = Card(*key)
        table.append(card)
    return tuple(table)


def dawn_game(setup: Setup, table: Sequence[Card | str], *, marks: Sequence[str] | None = None,
              artifacts: Sequence[str | None] | None = None, facts: RoleFacts | None = None, seed: int = 0,
              catalog: Catalog | None = None) -> GameState:
    """A game that starts at dawn, with the vote pending (scenario files' ``dawn``; resolution tests).

    ``table`` gives the cards in table order (at least every seat; center cards are optional). Any
    catalog role is allowed: the resolution covers every role, night behaviour or not."""
    catalog = catalog or default_catalog()
    n = len(setup.players)
    if len(table) < n:
        raise SetupError(f"the dawn table names {len(table)} cards for {n} players",
                         said=say("error_dawn_cards", cards=len(table), players=n))
    cards = []
    for i, c in enumerate(table):
        card = c if isinstance(c, Card) else Card(i, c)
        if card.role not in catalog:
            raise SetupError(f"unknown role {card.role!r}", said=say("error_unknown_role", given=repr(card.role)))
        cards.append(card)
    marks = tuple(marks) if marks is not None else (CLARITY,) * n
    artifacts = tuple(artifacts) if artifacts is not None else (None,) * n
    if len(marks) != n or len(artifacts) != n:
        raise SetupError("marks and artifacts need one entry per player", said=say("error_dawn_marks"))
    g = GameState(
        setup=setup, seed=seed, cards=tuple(cards), dealt=tuple(c.role for c in cards[:n]),
        night_roles=tuple(c.role for c in cards[:n]), copiers=(None,) * n, marks=marks,
        artifacts=artifacts, phase=Phase.VOTE, votes=(None,) * n, facts=facts or RoleFacts(),
    )
    return _advance(g, True)


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
        raise IllegalAction("the game is over: nothing to answer", said=say("error_game_over"))
    # Drivers answer with one of the prompt's own options: find it by identity first, and only compare
    # values (Action.__eq__, once per option: 36 for a Troublemaker) for an answer built elsewhere.
    options = p.options
    if not (options and options[0] is action):
        entry = _OPTION_IDS.get(id(options))  # ``_option_ids(options)``: its cached case, without the call
        known = entry[1] if entry is not None and entry[0] is options else _option_ids(options)
        if id(action) not in known:
            if action.verb == TIMEOUT.verb and action in (TIMEOUT, UNOPENED) and state.phase != Phase.VOTE:
                return _time_out(state, p, action == UNOPENED)  # time ran out: the default answer (timeout.py)
            if action not in p.options:
                raise IllegalAction(f"{action} is not a legal answer for p{p.seat} ({p.role}) now",
                                    said=say("error_not_offered", given=str(action), seat=p.seat, role=p.role))
    if state.phase is _VOTE:  # the vote phase's ballot; a vote prompt at night is its behaviour's
        return _vote(state, p.seat, action)
    turn = state.turn
    assert turn is not None
    if turn.stage == "show":
        nxt = turn.memo[0] if turn.memo else None
        g = state
    else:
        actor = state.actor  # (``_start`` left the turn's behaviour here: no second lookup)
        behaviour = actor[1] if actor is not None and actor[0] is turn else _behaviour(state, turn)
        g, nxt = behaviour.act(state, turn, action)
    # A state ``act`` made is seen by nobody yet: the rest of the transition completes it in place
    # instead of copying it again (``fresh``; ``GameState._complete``). The caller's ``state`` is
    # never written.
    if nxt is not None:
        return _start(g, nxt, g is not state)
    return _advance(g, g is not state)


def _time_out(state: GameState, p: Prompt, unopened: bool) -> GameState:
    """The default answer for ``p`` (timeout.py), after the event that tells it: the player chose nothing
    in time (only when there was a choice), or never opened the prompt (always). The default's own
    events follow as usual."""
    chosen = default_action(p, state.seed, len(state.events))
    if unopened:
        told = Event(p.step, NOT_OPENED, p.seat, p.role)
    elif p.options == (chosen,):
        return apply(state, chosen)  # nothing to choose (something to see): no time-out to tell
    else:
        nobody = say("looked_at_nobody") if looked_at_nobody(p, chosen) else None
        told = Event(p.step, TIMED_OUT, p.seat, p.role, chosen, (), nobody)
    return apply(state.replace(events=state.events + (told,)), chosen)


_OPTION_IDS: dict[int, tuple[tuple[Action, ...], frozenset[int]]] = {}


def _option_ids(options: tuple[Action, ...]) -> frozenset[int]:
    """The identities of ``options``. Most prompts' options are tuples shared between games (vote
    options, the behaviours' ``each``/``pairs``/``joined``), so the set is built once per tuple and
    ``apply`` checks an answer with one lookup instead of a loop over up to 37 options. Keyed by the
    tuple's identity; the entry holds the tuple, so its id (and its options' ids) cannot be reused."""
    entry = _OPTION_IDS.get(id(options))
    if entry is None or entry[0] is not options:
        if len(_OPTION_IDS) > 4096:
            _OPTION_IDS.clear()
        entry = _OPTION_IDS[id(options)] = (options, frozenset(map(id, options)))
    return entry[1]


def _vote(state: GameState, seat: int, action: Action) -> GameState:
    """Record ``seat``'s (validated) ballot and open the next seat's vote, or resolve after the last.

    Ten times per game: the ballot and its event come from ``_vote_record`` and the next prompt from
    ``_vote_prompt``, so a vote costs one tuple copy of the ballots, one of the events and one replace."""
    entry = _VOTE_RECORDS.get(id(action))
    if entry is None or entry[0] is not action or entry[1] != seat:
        entry = _vote_record(seat, action)
    votes = list(state.votes)
    votes[seat] = entry[2]
    events = state.events + (entry[3],)
    for nxt in range(seat + 1, state.players):
        if votes[nxt] is None:  # the common case: one replace per vote
            facts = state.facts
            if facts.ripple is None:  # ``_cached_vote_prompt``, read inline (its cached case)
                role = state.night_roles[nxt]
                prompt = (_VOTE_PROMPTS.get((state.players, nxt, role))
                          or _cached_vote_prompt(state.players, nxt, role))
            else:
                prompt = _vote_prompt(state, nxt)  # (a ripple's vote: Dalbula's)
            return state.changed({"votes": tuple(votes), "events": events, "prompt": prompt})
    return _advance(state.replace(votes=tuple(votes), events=events, prompt=None), True)


_VoteRecord = tuple[Action, int, tuple[int, ...], Event]
_VOTE_RECORDS: dict[int, _VoteRecord] = {}


def _vote_record(seat: int, action: Action) -> _VoteRecord:
    """The entry of ``_VOTE_RECORDS`` for ``seat`` voting ``action``: the action, the seat, its ballot
    and its event. All are values, and vote answers are the shared options of ``_vote_options``, one
    tuple per seat: each is built once, keyed by the action's identity (the entry keeps the action
    alive, so its id cannot be reused; an action some seats share, the vote for the app, is built again
    when another seat casts it). ``_vote`` reads the table itself and calls this only for a new entry."""
    entry = _VOTE_RECORDS.get(id(action))
    if entry is None or entry[0] is not action or entry[1] != seat:
        if len(_VOTE_RECORDS) > 4096:
            _VOTE_RECORDS.clear()
        entry = _VOTE_RECORDS[id(action)] = (action, seat, _ballot(action.targets),
                                             Event("vote", "vote", seat, None, action))
    return entry


def outcome(state: GameState) -> Outcome | None:
    """Deaths, winners and why, once every vote is in."""
    result: Outcome | None = state.outcome
    return result


# -- internals ---------------------------------------------------------------------------------------

def _behaviour(g: GameState, turn: Turn) -> Behaviour:
    """The behaviour that runs ``turn``, from the game's own ruleset: the group or engine step's, or the
    acting role's."""
    behaviours = RULESETS[g.setup.ruleset].behaviours
    key, index, script = turn.role, g.step_index, g.script
    if 0 < index <= len(script):
        step = script[index - 1]
        if step.kind in _GROUPED and step.id == turn.step and (key in step.members or key == step.id):
            key = step.id
    behaviour = behaviours.get(key)
    return behaviour if behaviour is not None else behaviours.behaviour(key)  # (the latter raises)


_GROUPED = frozenset({"group", "engine"})  # step kinds whose steps have a behaviour of their own


def _start(g: GameState, turn: Turn, fresh: bool, changes: dict[str, Any] | None = None) -> GameState:
    """Begin ``turn`` (when it is fresh) and cache its prompt; a turn that has nothing to do is skipped.

    ``changes`` (the rest of the queue) are written with the turn and its prompt. The behaviour is
    looked up once for ``begin`` and ``prompt`` (beginning a turn never moves the script). ``fresh``:
    ``g`` was made in this transition and nobody has seen it, so it is completed in place
    (``GameState._complete``) rather than copied once more; a state ``begin`` returns is new too."""
    if changes is None:
        changes = {}
    stage = turn.stage
    if stage == "show":
        changes["turn"], changes["prompt"] = turn, shown(turn)  # (a show turn's prompt)
        return g._complete(changes) if fresh else g.changed(changes)
    behaviour = _behaviour(g, turn)
    if stage == "start":
        begun_state, begun = behaviour.begin(g, turn)
        if begun_state is not g:
            g, fresh = begun_state, True
        if begun is None:
            changes["turn"] = changes["prompt"] = None
            return _advance(g._complete(changes) if fresh else g.changed(changes), True)
        turn = begun
        if turn.stage == "show":
            changes["turn"], changes["prompt"] = turn, shown(turn)  # (a show turn's prompt)
            return g._complete(changes) if fresh else g.changed(changes)
    changes["turn"], changes["prompt"], changes["actor"] = turn, behaviour.prompt(g, turn), (turn, behaviour)
    return g._complete(changes) if fresh else g.changed(changes)


_DAWN = Event("dawn", "dawn")


@lru_cache(maxsize=64)
def _night_record(round_: int) -> PhaseRecord:
    """What a finished night leaves (no ballot): a value of its round, one per round for every game."""
    return PhaseRecord(_NIGHT, round_)


def _death(seat: int, cause: Message) -> Event:
    """The event of ``seat``'s death by ``cause``. Causes are shared messages (``say``), so each event is
    built once, keyed by the seat and the cause's identity (the entry holds the cause, so its id cannot be
    reused)."""
    entry = _DEATHS.get((seat, id(cause)))
    if entry is None or entry[0] is not cause:
        if len(_DEATHS) > 4096:
            _DEATHS.clear()
        entry = _DEATHS[(seat, id(cause))] = (cause, Event("vote", "death", seat, None, None, (), cause))
    return entry[1]


_DEATHS: dict[tuple[int, int], tuple[Message, Event]] = {}


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
    if g.facts.ripple == DEALER_VOTE:  # the ripple "vote for the app" (docs/rules.md D.8): the app is a target too
        prompt = _cached_vote_prompt(g.players, seat, g.night_roles[seat])
        return Prompt(seat, "vote", prompt.role, PromptKind.VOTE, _dealer_vote_options(g.players, seat))
    return _cached_vote_prompt(g.players, seat, g.night_roles[seat])


DEALER_VOTE = "dealer_vote"
MULTI_VOTE = "multi_vote"


@lru_cache(maxsize=256)
def _dealer_vote_options(players: int, seat: int) -> tuple[Action, ...]:
    """A seat's vote options under the ripple "vote for the app": the others, then the app; one shared
    tuple per seat (the caches keyed by an option tuple's identity see it once)."""
    return _vote_options(players, seat) + (VOTE_FOR_APP,)


@lru_cache(maxsize=256)
def _two_ballots(players: int, seat: int) -> tuple[Action, ...]:
    """The votes of a seat of the ripple "multi vote" group: exactly two ballots, each for another player,
    the same one twice allowed (docs/scenarios.md ``votes``; docs/resolution.md DV0: every ballot counts)."""
    others = [t for t in range(players) if t != seat]
    return tuple(Action("vote", (f"p{a}", f"p{b}")) for i, a in enumerate(others) for b in others[i:])
# A vote for the app (docs/scenarios.md ``votes``: "dealer"): its ballot names no player.
VOTE_FOR_APP = Action("vote", (), "dealer")


def _cached_vote_prompt(players: int, seat: int, role: str) -> Prompt:
    """Vote prompts are immutable and the same in every game of a table: build each once. (A dict
    rather than ``lru_cache``: ``_vote`` reads it inline, ten times per game, and an ``lru_cache`` call
    costs several dict reads.)"""
    key = (players, seat, role)
    prompt = _VOTE_PROMPTS.get(key)
    if prompt is None:
        if len(_VOTE_PROMPTS) > 4096:
            _VOTE_PROMPTS.clear()
        prompt = _VOTE_PROMPTS[key] = Prompt(seat, "vote", role, PromptKind.VOTE, _vote_options(players, seat))
    return prompt


_VOTE_PROMPTS: dict[tuple[int, int, str], Prompt] = {}


@lru_cache(maxsize=256)
def _vote_options(players: int, seat: int) -> tuple[Action, ...]:
    return tuple(Action("vote", (f"p{t}",)) for t in range(players) if t != seat)


def _advance(g: GameState, fresh: bool) -> GameState:
    """Move to the next turn: the rest of this step's queue, the next step, the next phase of the
    ruleset's phase machine (``onuw``: night, vote, over), or the end.

    Ghost steps are walked with local variables and written back once: this loop is the hot path of
    every simulated game. Each step called, ghost or not, is a public event (the table hears it).
    ``fresh``: ``g`` was made in this transition and nobody has seen it (see ``_start``)."""
    phase = g.phase
    if phase is _NIGHT and g.queue:
        return _start(g, g.queue[0], fresh, {"queue": g.queue[1:]})
    rules = RULESETS[g.setup.ruleset]
    if phase is _NIGHT:
        script, index, events, public = g.script, g.step_index, g.events, g.public
        entry = _STEP_TABLES.get(id(script))  # ``_step_table(script)``: its cached case, without the call
        table = entry[1] if entry is not None and entry[0] is script else _step_table(script)
        behaviours = rules.behaviours
        while True:
            if index >= len(script):
                phase = _next_phase(rules, _NIGHT)
                dawn = {"phase": phase, "step_index": index, "events": events + (_DAWN,), "turn": None,
                        "prompt": None, "public": public + (_phase_event(phase),),
                        "records": g.records + (_night_record(g.round),)}
                g, fresh = (g._complete(dawn) if fresh else g.changed(dawn)), True
                break
            step, key, called, ghost = table[index]
            index += 1
            public = public + (called,)
            behaviour = behaviours.get(key)
            if behaviour is not None and behaviour.announces:
                # what the table hears when the step is called, whoever holds the role (public draws)
                g = cast(StepHooks, behaviour).announce(g.replace(step_index=index, events=events, public=public), step)
                fresh = True
                public, events = g.public, g.events
                if g.script is not script:  # an announcement that lengthens the night (repeat_night)
                    script, table = g.script, _step_table(g.script)
            turns = behaviour.actors(g, step) if behaviour is not None else ()
            if turns:
                step_called: dict[str, Any] = {"step_index": index, "events": events, "queue": tuple(turns[1:]),
                                               "public": public}
                return _start(g._complete(step_called) if fresh else g.changed(step_called), turns[0], True)
            events = events + (ghost,)
            if behaviour is not None and behaviour.haunts:
                g = cast(StepHooks, behaviour).ghost(g.replace(step_index=index, events=events, public=public), step)
                fresh = True
                events, public = g.events, g.public  # a ghost may announce (a ghost Oracle's parity)
    if phase is _VOTE:
        for seat, vote in enumerate(g.votes):
            if vote is None:
                prompt = _vote_prompt(g, seat)
                return g._complete({"prompt": prompt}) if fresh else g.replace(prompt=prompt)
        result = rules.resolve(g, default_catalog())
        deaths = tuple([_death(s, cause) for s, cause in result.deaths])
        phase = _next_phase(rules, _VOTE)
        over = {"phase": phase, "prompt": None, "outcome": result, "events": g.events + deaths,
                "dead": frozenset([s for s, _cause in result.deaths]), "public": g.public + (_phase_event(phase),),
                "records": g.records + (PhaseRecord(_VOTE, g.round, g.votes),)}
        return g._complete(over) if fresh else g.changed(over)
    return g


# (module constants: reading an enum member is a lookup; a state's phase is always a member, compared with
# ``is``: ``==`` on a str enum goes down the generic comparison)
_NIGHT, _VOTE = Phase.NIGHT, Phase.VOTE
_NEXT_PHASES: dict[tuple[int, Phase], tuple[Ruleset, Phase]] = {}


def _next_phase(rules: Ruleset, phase: Phase) -> Phase:
    """``rules.next_phase(phase)``, remembered per ruleset object (the entry keeps it, so its id cannot
    be reused): twice per game, and the phase machine never changes."""
    entry = _NEXT_PHASES.get((id(rules), phase))
    if entry is None or entry[0] is not rules:
        entry = _NEXT_PHASES[(id(rules), phase)] = (rules, rules.next_phase(phase))
    return entry[1]


_STEP_TABLES: dict[int, tuple[tuple[Step, ...], tuple[tuple[Step, str, PublicEvent, Event], ...]]] = {}


def _step_table(script: tuple[Step, ...]) -> tuple[tuple[Step, str, PublicEvent, Event], ...]:
    """For each step of ``script``: the step, its behaviour key (the group or engine step's id, or the
    role's), the public event of calling it and the event of a ghost step. All are values of the
    script alone, and scripts are cached per roster, so ``_advance`` reads them from here instead of
    rebuilding them step by step in every game. Keyed by the script's identity; the entry keeps the
    script alive, so the id cannot be reused."""
    entry = _STEP_TABLES.get(id(script))
    if entry is None or entry[0] is not script:
        if len(_STEP_TABLES) > 256:  # (a deck with per-game scripts, the Blob's, fills it: flat memory)
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
