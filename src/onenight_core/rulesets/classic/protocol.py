"""The engine's protocol for ``classic``: ``new_game``, ``pending``, ``apply``, ``outcome``, ``view_for``.

A ``ClassicGame`` is the set-up, the seed, the deal and every input so far (answers and chance
outcomes, in order); its board and pending prompt are what ``game.play`` reaches from them. ``apply``
returns a new game and never mutates one; an illegal answer raises ``IllegalAction`` and changes nothing.
Chance outcomes come only from the seed (``rng.stream``), so the same seed and answers give the same game.

``apply`` is incremental: a game keeps the suspended procedure that reached it (``Continuation``, a
private cache outside the value's equality) and the next answer resumes it, so a game of n answers costs
O(n) steps, not O(n²). The continuation is handed on once: applying a second answer to the same game
(a branch), or to a game rebuilt from its inputs, replays the inputs instead, with the same result. The
game value itself never changes.

``drive`` plays a game straight through with an answering function (bots, simulate, scenario replay) in
one pass."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from attrs import field, frozen

from ...errors import IllegalAction, SetupError
from ...model.messages import say
from ...model.rng import stream
from ...model.kinds import PromptKind, PublicKind
from ...model.values import Action, Learned, Observation, Prompt, PublicEvent, Setup, _tuple
from .board import Board
from .deck import full_deck
from .catalog import classic_catalog
from .game import Chance, Play, play, seat_of
from .options import ClassicRules

Answer = Callable[[Board, Prompt], Action]
ChanceAnswer = Callable[[Board | None, Chance, int], object]


def check_setup(setup: Setup, _catalog: object = None) -> None:
    """One clear line (SetupError) for a composition classic cannot play (4.1)."""
    catalog = classic_catalog()
    n = len(setup.players)
    deck = full_deck(setup)
    for role in deck:
        if role not in catalog:
            raise SetupError(said=say("error_classic_unknown_role", given=repr(role), known=", ".join(catalog.ids())))
    thief = "thief" in deck
    if len(deck) != n + (2 if thief else 0):
        raise SetupError(said=say("error_classic_thief_count" if thief else "error_classic_card_count",
                                  players=n, cards=len(setup.deck)))
    if "werewolf" not in deck or all(r == "werewolf" for r in deck):
        raise SetupError(said=say("error_classic_werewolf_and_other"))
    counts = Counter(deck)
    for role, count in counts.items():
        if count > 1 and catalog.role(role).unique:
            raise SetupError(said=say("error_classic_unique", given=role))


def chance_from_seed(seed: int) -> ChanceAnswer:
    """Chance outcomes drawn from the game's seed: draw ``k`` of purpose ``p`` has its own stream."""
    def draw(_b: Board | None, c: Chance, k: int) -> object:
        rng = stream(seed, f"classic/{k}/{c.purpose}")
        if c.weights:
            return rng.choices(c.choices, weights=c.weights)[0]
        return rng.choice(c.choices)
    return draw


@frozen
class Drawn:
    """A pinned chance outcome among a game's inputs (a scenario's ``random``): the next draw takes it.
    A pin that no draw takes is dropped at the next prompt."""

    value: object


class Continuation:
    """The suspended procedure a game stands at (``gen``, waiting for the answer to its prompt) and the
    number of draws made so far. Taken once: the first ``apply`` resumes it; it is then emptied, so a
    second ``apply`` on the same game replays the inputs instead (generators cannot be copied)."""

    __slots__ = ("gen", "chances")

    def __init__(self, gen: Play[Board], chances: int) -> None:
        self.gen: Play[Board] | None = gen
        self.chances = chances

    def take(self) -> tuple[Play[Board], int] | None:
        gen, self.gen = self.gen, None
        return None if gen is None else (gen, self.chances)


@frozen
class ClassicGame:
    """One classic game at one moment: a value, replayable from its inputs (``live`` is a cache only:
    it takes no part in equality and a game without it plays the same)."""

    setup: Setup
    seed: int
    deal: tuple[str, ...] = field(converter=_tuple)
    inputs: tuple[Action | Drawn, ...] = field(default=(), converter=_tuple)
    board: Board | None = None
    prompt: Prompt | None = None
    joint: tuple[int, ...] = field(default=(), converter=_tuple)  # a joint step's members still to answer
    live: Continuation | None = field(default=None, eq=False, repr=False)
    events: tuple[str, ...] | None = None  # the event deck's order when given (a scenario), else drawn

    @property
    def over(self) -> bool:
        return self.prompt is None

    @property
    def phase(self) -> str:
        """``night``, ``day`` or ``over``: where the engine is (the app may be behind it)."""
        return self.board.phase if self.board is not None else "night"


Reached = tuple[Board, Prompt | None, tuple[Action | Drawn, ...], Continuation | None, tuple[int, ...]]


def _advance(gen: Play[Board], seed: int, chances: int, request: Any, fed: list[Action | Drawn], i: int
             ) -> Reached:
    """Run ``gen`` from ``request`` feeding ``fed[i:]`` (answers and pins) and drawing from the seed
    where no pin is given, up to the first prompt past the inputs (or the end)."""
    draw = chance_from_seed(seed)
    try:
        while True:
            if isinstance(request, Chance):
                if i >= len(fed) or not isinstance(fed[i], Drawn):
                    fed.insert(i, Drawn(draw(None, request, chances)))
                chances += 1
            else:
                while i < len(fed) and isinstance(fed[i], Drawn):
                    del fed[i]  # a pin no draw took
                if i >= len(fed):
                    return request.board, request.prompt, tuple(fed), Continuation(gen, chances), request.joint
            item = fed[i]
            value = item.value if isinstance(item, Drawn) else item
            i += 1
            request = gen.send(value)
    except StopIteration as stop:
        return stop.value, None, tuple(fed), None, ()


def _run(setup: Setup, seed: int, deal: tuple[str, ...], inputs: tuple[Action | Drawn, ...],
         events: tuple[str, ...] | None = None) -> Reached:
    """Play ``inputs`` through the procedure from the deal; returns the board, the pending prompt, the
    inputs including any chance outcomes drawn after the last answer, and the continuation."""
    gen = play(setup, deal, events)
    try:
        first = next(gen)
    except StopIteration as stop:  # over before anyone is asked (every werewolf card in the middle)
        return stop.value, None, tuple(inputs), None, ()
    return _advance(gen, seed, 0, first, list(inputs), 0)


def new_game(setup: Setup, seed: int = 0, *, deal: Sequence[str] | None = None,
             events: Sequence[str] | None = None) -> ClassicGame:
    """A new game; the deck (4.1) is shuffled from ``seed`` unless ``deal`` gives every card in order
    (players, then the thief's two middle cards)."""
    check_setup(setup)
    deck = full_deck(setup)
    if deal is None:
        cards = list(deck)
        stream(seed, "deal").shuffle(cards)
    else:
        cards = list(deal)
        if Counter(cards) != Counter(deck):
            raise SetupError(said=say("error_deal_not_deck"))
    order = tuple(events) if events is not None else None
    board, prompt, inputs, live, joint = _run(setup, seed, tuple(cards), (), order)
    return ClassicGame(setup, seed, tuple(cards), inputs, board, prompt, joint, live, order)


def pending(game: ClassicGame) -> Prompt | None:
    return game.prompt


def apply(game: ClassicGame, action: Action, pins: Sequence[object] = ()) -> ClassicGame:
    """Answer the pending prompt; IllegalAction (nothing changes) for an answer it does not offer.
    ``pins`` fix the outcomes of the draws this answer leads to, in order (scenario ``random``)."""
    p = game.prompt
    if p is None:
        raise IllegalAction(said=say("error_game_over"))
    if action not in p.options and action not in unlisted(game):
        raise IllegalAction(said=say("error_not_offered", given=str(action), place=f"p{p.seat}", role_id=p.role))
    more: list[Action | Drawn] = [action, *(Drawn(v) for v in pins)]
    resumed = game.live.take() if game.live is not None else None
    if resumed is None:
        board, prompt, inputs, live, joint = _run(game.setup, game.seed, game.deal, game.inputs + tuple(more),
                                                  game.events)
    else:
        gen, chances = resumed
        try:
            request = gen.send(action)
        except StopIteration as stop:  # this answer ended the game
            final: Board = stop.value
            return ClassicGame(game.setup, game.seed, game.deal, game.inputs + tuple(more), final, None,
                               events=game.events)
        board, prompt, tail, live, joint = _advance(gen, game.seed, chances, request, more, 1)
        inputs = game.inputs + tail
    return ClassicGame(game.setup, game.seed, game.deal, inputs, board, prompt, joint, live, game.events)


def unlisted(game: ClassicGame) -> tuple[Action, ...]:
    """The answers a prompt takes besides its options, which no player picks from a list: in a joint
    step, ``turn`` to another member still to answer (he took the laptop: his prompt comes first), and
    ``timeout`` (the step's time ran out: a werewolf names nobody; anyone else passes where he may, else
    the app draws his answer, told as a draw)."""
    p = game.prompt
    if p is None:
        return ()
    turns = tuple(Action("turn", (f"p{s}",)) for s in game.joint if s != p.seat)
    by_day = p.kind == PromptKind.VOTE or p.step in ("tie_break", "scapegoat", "punish")  # asked directly, never timed
    return turns + (() if by_day else (Action("timeout"),))


def waiting(game: ClassicGame) -> tuple[int, ...]:
    """The seats that may answer now: in a joint step every member still to answer, else the one asked."""
    if game.prompt is None:
        return ()
    return game.joint or (game.prompt.seat,)


def take_turn(game: ClassicGame, seat: int) -> ClassicGame:
    """The game with ``seat``'s prompt pending: unchanged when it already is, a ``turn`` answer when
    ``seat`` is another member of the joint step still to answer; IllegalAction otherwise."""
    if game.prompt is not None and game.prompt.seat == seat:
        return game
    return apply(game, Action("turn", (f"p{seat}",)))


@frozen
class ClassicOutcome:
    """Who won and why (an id), and the deaths of every round."""

    winners: tuple[int, ...]
    side: str | None
    reason: str
    ended_after: str
    deaths: tuple[tuple[str, tuple[int, ...]], ...]
    roles: tuple[str, ...] = field(default=(), converter=_tuple)  # every seat's card at the end (all shown)


def outcome(game: ClassicGame) -> ClassicOutcome | None:
    b = game.board
    if game.prompt is not None or b is None or b.phase != "over":
        return None
    return ClassicOutcome(b.winners, b.winning_side, b.reason, b.ended_after or "", b.deaths, b.roles)


@frozen
class ClassicSeatView:
    """What one seat may see: its card, the public table, what it has learned, and its prompt; while it
    is his turn to name the pack's victim, whom the pack has named so far tonight (``pack``,
    ``pack_choices``); his lover once the lovers were told (``lover``); for the Witch at her prompt, what
    her potions mean there (``witch``, ``witch_note``)."""

    seat: int
    role: str
    alive: bool
    living: tuple[int, ...]
    sheriff: int | None
    known: tuple[Observation, ...]
    public: tuple[PublicEvent, ...]
    prompt: Prompt | None
    pack: tuple[PackChoice, ...] = ()
    lover: int | None = None
    witch: str = ""


def view_for(game: ClassicGame, seat: int) -> ClassicSeatView:
    b = game.board
    assert b is not None
    mine = game.prompt if game.prompt is not None and game.prompt.seat == seat else None
    known = tuple(o for o in b.observations if o.seat == seat)
    told = [seat_of(o.who[0]) for o in known if isinstance(o, Learned) and o.as_ == "lover" and o.who]
    return ClassicSeatView(seat, b.roles[seat], b.alive[seat], b.living(), b.sheriff, known, b.public, mine,
                           pack_choices(game, seat), told[-1] if told else None, witch_note(game, seat))


#: ``witch_note``'s answers: at the save prompt, what comes after it; at the poison prompt with no save
#: prompt before it tonight, why none was offered (only what she knows: her potions, the victim she is told).
WITCH_NOTES = ("poison_next", "poison_if_pass", "death_used", "life_used", "no_victim", "no_self_save",
               "girl_unsavable")


def witch_note(game: ClassicGame, seat: int) -> str:
    """What the Witch's prompt means for her potions (``game.witch_step``'s two prompts), "" otherwise. At the
    save prompt: ``poison_next`` (the death potion is asked next), ``poison_if_pass`` (``witch.potions =
    single_either``: only if she does not save), ``death_used``. At the poison prompt, when she was not asked
    to save tonight: ``life_used``, ``no_victim``, ``no_self_save`` or ``girl_unsavable`` (the last three only
    when she is told the victim: ``witch.knows_victim``)."""
    b, p = game.board, game.prompt
    if b is None or p is None or p.seat != seat or p.step != "witch" or p.role != "witch":
        return ""
    rules = ClassicRules.of(game.setup)
    life, death = b.potions
    if any(a.verb == "save" for a in p.options):
        return ("poison_if_pass" if rules.single_potion else "poison_next") if death else "death_used"
    tonight = b.this_round()
    if any(e.step == "witch" and e.kind == "act" and e.seat == seat for e in tonight):
        return ""  # she answered the save prompt just now
    if not life:
        return "life_used"
    if not rules.witch_knows_victim:
        return ""
    if not p.info:
        return "no_victim"
    victim = seat_of(str(p.info[0]))
    return "no_self_save" if victim == seat else "girl_unsavable" if victim == b.caught else ""


@frozen
class PackChoice:
    """One werewolf's answer so far tonight: ``werewolf`` named ``victim`` (seats)."""

    werewolf: int
    victim: int


def pack_choices(game: ClassicGame, seat: int) -> tuple[PackChoice, ...]:
    """Whom the pack has named so far tonight, in the order they answered, for ``seat`` while it is his
    turn to name the werewolves' victim (the pack wakes together and agrees; on the one laptop each
    names in turn, so each sees the earlier names as he would at the table); () for anyone else."""
    b, p = game.board, game.prompt
    # Full Moon Rising: the night's pack hunts in its own step; the werewolves' looks are each one's own
    if b is None or p is None or p.seat != seat or (p.step, p.role) not in (("werewolf", "werewolf"),
                                                                            ("full_moon", "full_moon")):
        return ()
    tonight = b.this_round()
    return tuple(PackChoice(e.seat, seat_of(e.action.targets[0])) for e in tonight
                 if e.step == p.step and e.kind == "act" and e.role == p.role
                 and e.seat is not None and e.action is not None and e.action.verb == "kill" and e.action.targets)


#: The steps whose prompts a player answers in front of the whole table (by day, and the Hunter's shot and a
#: successor at dawn): their answers are public (``ClassicPublicView.aloud``). Every other prompt is a
#: night prompt, answered privately.
ALOUD_STEPS = frozenset({"vote", "election", "executioner_election", "hunter", "sheriff", "tie_break",
                         "scapegoat", "friends", "punish", "vouch", "executioner"})


@frozen
class AloudAnswer:
    """One answer given in front of the whole table: in the part of the game ``label`` (the round's label,
    ``night2`` for its dawn, ``day2``; ``""`` before the first night: a sheriff elected first), ``seat``
    answered the public step ``step`` with ``action``."""

    label: str
    step: str
    seat: int
    action: Action


@frozen
class ClassicPublicView:
    """What the whole table sees: who lives, the sheriff, the revealed idiots, whose turn it is (a seat,
    never a role), what it heard (``public``: phases, every slot called, deaths with their cards
    when ``reveal_role_on_death``) and the answers given in front of it (``aloud``: ballots, shots,
    successors...). Nothing in it depends on who holds a card nobody revealed."""

    round: int
    phase: str
    living: tuple[int, ...]
    sheriff: int | None
    revealed_idiots: tuple[int, ...]
    turn: int | None
    public: tuple[PublicEvent, ...]
    aloud: tuple[AloudAnswer, ...] = field(default=(), converter=_tuple)
    #: The composition on the table (the thief's two extra cards included): public, as the narrator of a
    #: table with physical cards calls every slot of it.
    deck: tuple[str, ...] = field(default=(), converter=_tuple)

    def night_card(self, night: int) -> str | None:
        """The New Moon card acting on night ``night``, as the table was told it the day before (or None)."""
        from .events import night_card_told

        return night_card_told(self.public, night)

    def night_calls(self, night: int) -> tuple[str, ...]:
        """The slots called on night ``night``, from the composition alone (the first-night ones on night 1
        only), with the step of an event card revealed the day before in public (the werewolves' ally
        first; the Specter's and Full Moon Rising's after the werewolves), called whether anyone acts in
        it or not: nothing in them depends on who holds what."""
        from .narration import night_steps

        card = self.night_card(night)
        if card is not None and card != "werewolf_ally":
            return night_steps(self.deck, night, event=card)
        ally = PublicEvent(PublicKind.STEP, "ally", (("round", night),)) in self.public
        return ("ally",) * ally + night_steps(self.deck, night)


def public_view(game: ClassicGame) -> ClassicPublicView:
    b = game.board
    assert b is not None
    return ClassicPublicView(b.round, b.phase, b.living(), b.sheriff, tuple(sorted(b.revealed_idiots)),
                             game.prompt.seat if game.prompt is not None else None, b.public, aloud(b),
                             full_deck(game.setup))


def aloud(b: Board) -> tuple[AloudAnswer, ...]:
    """The answers of ``b``'s log given in front of the table (``ALOUD_STEPS``; a ballot's event kind is its
    step, a shot's or a successor's step is its own), each in the part of the game it was given in."""
    out: list[AloudAnswer] = []
    label = ""
    for e in b.events:
        if e.kind == "round":
            label = e.step
        elif e.seat is not None and e.action is not None and e.action.verb not in ("timeout", "turn") and (
                e.kind in ALOUD_STEPS or (e.kind == "act" and e.step in ALOUD_STEPS)):
            out.append(AloudAnswer(label, e.kind if e.kind in ALOUD_STEPS else e.step, e.seat, e.action))
    return tuple(out)


def drive(setup: Setup, deal: Sequence[str], answer: Answer, chance: ChanceAnswer,
          events: Sequence[str] | None = None) -> Board:
    """Play a whole game in one pass: ``answer`` answers every prompt, ``chance`` every draw (``events``
    fixes the event deck's order). An answer that is not offered raises IllegalAction."""
    gen = play(setup, tuple(deal), events)
    chances = 0
    board: Board | None = None
    try:
        request = next(gen)
        while True:
            if isinstance(request, Chance):
                value = chance(board, request, chances)
                chances += 1
            else:
                board = request.board
                value = answer(board, request.prompt)
                if value not in request.prompt.options:
                    raise IllegalAction(f"{value} is not a legal answer for p{request.prompt.seat} "
                                        f"({request.prompt.role}) now")
            request = gen.send(value)
    except StopIteration as stop:
        final: Board = stop.value
        return final
