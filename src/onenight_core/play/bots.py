"""Bots: drivers that answer the engine's prompts for a seat, for ``simulate`` and for tests.

A bot sees exactly what its seat may know — ``view_for(state, seat)`` — and answers the pending prompt
with one of its legal options. It never reads the raw state, so a bot cannot cheat, and every random
choice it makes comes from its own stream ``rng.draws(seed, f"bot:{seat}")``: the same seed gives the
same game.

* ``RandomBot`` picks a uniformly random legal answer (a fuzzing driver).
* ``InformedBot`` acts at night (a Seer looks, a Robber robs) and votes from what it believes each
  position holds, which it works out from its own observations and its own moves, in order.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Iterable, Protocol, Self, Sequence

from ..catalog.loader import Catalog, RoleInfo, default_catalog
from ..engine.game import ONE_NIGHT
from ..engine.protocol import new_game
from ..errors import SetupError
from ..model.kinds import PromptKind
from ..model.messages import say
from ..rulesets.onuw.identity import COPIERS, EVIL_KINDS
from ..model.game import AnswerFn, drive
from ..model.values import Action, CardView, Learned, Prompt, Setup
from ..model.rng import Draws, draws
from ..model.state import GameState
from ..engine.views import SeatView, view_for

EVIL_SIDES = frozenset(EVIL_KINDS)


class Bot(Protocol):
    """Anything that answers a seat's prompt from that seat's view."""

    seat: int

    def answer(self, view: SeatView) -> Action:
        """One of ``view.prompt.options``."""
        ...


def side_of(role: str | None, catalog: Catalog) -> str | None:
    """The side a role plays for: ``village``, an evil kind (werewolf, vampire, alien, villain), or a
    special team's key (tanner, ...). None for an unknown card."""
    if role is None:
        return None
    return _sides(catalog).get(role)


_SIDES: dict[int, tuple[Catalog, dict[str | None, str]]] = {}


def _sides(catalog: Catalog) -> dict[str | None, str]:
    """Every role's side, computed once per catalog (the bots look sides up on every vote)."""
    entry = _SIDES.get(id(catalog))
    if entry is None or entry[0] is not catalog:
        sides: dict[str | None, str] = {r.id: _side(r) for r in catalog.roles}  # .get(None): no side
        entry = _SIDES[id(catalog)] = (catalog, sides)
    return entry[1]


def _side(info: RoleInfo) -> str:
    if info.rep:
        return info.rep
    if info.team in EVIL_SIDES:  # Minion, Squire, Renfield: members, not representatives
        return info.team
    if info.team == "special":
        return info.special_team or info.id
    return "village"


class _SeededStream:
    """A bot's random draws: ``rng.draws(seed, f"bot:{seat}")``, its own stream per seat. A bot draws
    once or twice per game, so it uses the light ``Draws`` rather than a seeded ``random.Random``,
    whose seeding cost more than most bots' whole game."""

    __slots__ = ("rng",)

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = draws(seed, f"bot:{seat}")


class RandomBot(_SeededStream):
    """A uniformly random legal answer to every prompt."""

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seed, seat)
        self.seat = seat

    def answer(self, view: SeatView) -> Action:
        options = _options(view, self.seat)
        if len(options) == 1:
            return options[0]
        return self.rng.choice(options)


_SEATS = 32
_VOTE_KIND = PromptKind.VOTE
_new = object.__new__
_PURPOSES = tuple(f"bot:{seat}" for seat in range(_SEATS))
_POSITIONS = tuple(f"p{seat}" for seat in range(_SEATS))
_SEAT_KEYS = tuple(b"%d/" % seat for seat in range(_SEATS))


class InformedBot(_SeededStream):
    """Plays its night role and votes from what it believes.

    Beliefs are a map from position to the role the bot last knew to be there. They start with the
    bot's own dealt card and follow, in order, what the seat saw (cards viewed, players learned through
    eyes and thumbs) and what it did itself (a swap carries both beliefs along; a Drunk's take leaves
    its own card unknown). At the vote it plays for the side of the card it believes it holds:

    * village: vote for a player believed to be evil; else for a player it knows nothing about; else
      for a known villager rather than a known Tanner;
    * an evil side: vote for a player not believed to be on its side (never a known Tanner);
    * a special team (Tanner, ...): a random vote — looking suspicious is the Tanner's game.

    Ties are broken by the bot's seeded stream."""

    __slots__ = ("seat", "catalog", "beliefs", "_seen", "_copy_applied", "_side", "_own")

    def __init__(self, seat: int, seed: int = 0, catalog: Catalog | None = None) -> None:
        catalog = catalog or default_catalog()
        self._fill(seat, seed, catalog, _sides(catalog), b"onenight/%d/bot:" % seed)

    @classmethod
    def for_table(cls, players: int, seed: int, catalog: Catalog) -> list[Self]:
        """``[InformedBot(seat, seed, catalog) for seat in range(players)]``, with what the ten bots of a
        simulated game share (the catalog's sides, their streams' common key) worked out once, and
        without a class call per bot."""
        sides, stem = _sides(catalog), b"onenight/%d/bot:" % seed
        bots = []
        for seat in range(players):
            bot = _new(cls)
            bot._fill(seat, seed, catalog, sides, stem)
            bots.append(bot)
        return bots

    def _fill(self, seat: int, seed: int, catalog: Catalog, sides: dict[str | None, str], stem: bytes) -> None:
        # (_SeededStream's stream, ``Draws(seed, f"bot:{seat}")`` filled in without its ``__init__``,
        # its key's constant part included: ``stem`` is ``b"onenight/<seed>/bot:"``)
        rng = self.rng = _new(Draws)
        rng._seed, rng._purpose, rng._count = seed, _PURPOSES[seat] if seat < _SEATS else f"bot:{seat}", 0
        rng._prefix = stem + (_SEAT_KEYS[seat] if seat < _SEATS else b"%d/" % seat)
        self.seat = seat
        self.catalog = catalog
        self.beliefs: dict[str, str | None] = {}
        self._seen = 0
        self._copy_applied = False
        self._side = sides  # every role's side, looked up on every vote
        self._own = _POSITIONS[seat] if seat < _SEATS else f"p{seat}"

    # -- beliefs -------------------------------------------------------------------------------------
    def believed(self, pos: str) -> str | None:
        return self.beliefs.get(pos)

    def own_role(self) -> str | None:
        """The role of the card the bot believes it holds (None: it does not know)."""
        return self.beliefs.get(self._own)

    def _absorb(self, view: SeatView) -> None:
        """Fold in the observations made since the last answer, in order."""
        own, beliefs, observations = self._own, self.beliefs, view.observations
        if len(observations) == self._seen and beliefs and view.night_role == view.dealt:
            return  # nothing new since the last answer (most of the bots' votes)
        if not beliefs:
            beliefs[own] = view.dealt
        if (not self._copy_applied and view.dealt in COPIERS and view.night_role != view.dealt):
            # The copier's card now stands for the copied role, wherever it goes (card-bound copy).
            if beliefs.get(own) == view.dealt:
                beliefs[own] = view.night_role
            self._copy_applied = True
        sides = self._side  # every catalog role's side (so ``in sides`` is ``in self.catalog``)
        for obs in observations[self._seen:]:
            if isinstance(obs, CardView):
                beliefs[obs.pos] = obs.role
            elif isinstance(obs, Learned) and obs.as_ in sides:
                learned_side = sides[obs.as_]
                for pos in obs.who:
                    if sides.get(beliefs.get(pos)) != learned_side:
                        beliefs[pos] = obs.as_
        self._seen = len(observations)

    def _remember(self, action: Action) -> None:
        """Carry beliefs along with the bot's own card moves."""
        own = self._own
        b = self.beliefs
        if action.verb == "swap" and len(action.targets) == 2:
            x, y = action.targets
            b[x], b[y] = b.get(y), b.get(x)
        elif action.verb == "take" and action.targets:
            c = action.targets[0]
            b[own], b[c] = b.get(c), b.get(own)
        elif action.verb == "rotate":  # every other player's card moved: what it knew of them is stale
            for pos in list(b):
                if pos.startswith("p") and pos != own:
                    b[pos] = None

    # -- answering -----------------------------------------------------------------------------------
    def answer(self, view: SeatView) -> Action:
        prompt = view.prompt
        if prompt is None or prompt.seat != self.seat:
            raise ValueError(f"seat {self.seat} has no prompt to answer")
        options = prompt.options
        if len(view.observations) != self._seen or not self.beliefs or view.night_role != view.dealt:
            self._absorb(view)  # (something new to fold in: not the case at most of the bots' votes)
        if len(options) == 1:
            choice = options[0]
        elif (kind := prompt.kind) is _VOTE_KIND or kind == _VOTE_KIND:  # (the engine's member: ``is`` first)
            return self._vote(view, options)  # a vote moves no card: nothing to remember
        else:
            choice = self.rng.choice(_acting(options) or options)
        self._remember(choice)
        return choice

    def _vote(self, view: SeatView, options: Sequence[Action]) -> Action:
        sides = self._side
        mine = sides.get(self.beliefs.get(self._own))  # the side of the card it believes it holds
        if mine is None:  # a Drunk, or a card that left unseen: play for the night identity's side
            mine = sides.get(view.night_role) or "village"
        if view.mark_seen == "mark_of_the_vampire":
            mine = "vampire"  # the Mark of the Vampire overrides the card's side (docs/rules.md §1.3 L2)
        # Every vote of every simulated game comes through here. The groups below depend only on the
        # few options whose target the bot believes something about (``hits``, in option order); every
        # other option is "unknown", so the groups are built from the hits instead of sorting all nine
        # options one by one. Each group keeps option order, so the draw is the same as sorting them.
        # (Loops rather than comprehensions: each comprehension is a function call, and hits are few.)
        entry = _TARGETS.get(id(options))  # ``_targets_index(options)``: its cached case, without the call
        at = entry[1] if entry is not None and entry[0] is options else _targets_index(options)
        hits: list[tuple[int, str]] = []
        for pos, role in self.beliefs.items():
            side = sides.get(role)
            if side is not None:
                indices = at.get(pos)
                if indices is not None:
                    for i in indices:
                        hits.append((i, side))
        rng = self.rng
        if not hits:
            # The bot believes nothing about the others (most bots): every side's rule below then draws
            # once from all the options, which is this draw.
            return rng.choice(options)
        hits.sort()
        if mine == "village":
            # a believed evil player; else one it knows nothing about; else a known villager rather
            # than a known special team (a Tanner)
            evil, villagers = [], []
            for i, side in hits:
                if side in EVIL_SIDES:
                    evil.append(options[i])
                elif side == "village":
                    villagers.append(options[i])
            if evil:
                return rng.choice(evil)
            unknown = _choose_without(rng, options, set(map(_INDEX_OF_HIT, hits)))
            if unknown is not None:
                return unknown
            return rng.choice(villagers or options)
        if mine in EVIL_SIDES:  # never a teammate, and never a Tanner (its death vetoes the evil teams)
            mates, unsafe = set(), set()
            for i, side in hits:
                if side == mine:
                    mates.add(i)
                    unsafe.add(i)
                elif _special(side):
                    unsafe.add(i)
            pick = _choose_without(rng, options, unsafe)
            if pick is None:
                pick = _choose_without(rng, options, mates)
            return pick if pick is not None else rng.choice(options)
        return rng.choice(options)


_INDEX_OF_HIT = itemgetter(0)  # (an option's index in a vote's ``hits``)


def _choose_without(rng: Draws, options: Sequence[Action], skip: set[int]) -> Action | None:
    """``rng.choice`` of ``options`` but the ones at indices ``skip`` (None, drawing nothing, when none
    are left): the same draw as choosing from that list, without building it (every vote of every
    simulated game skips the few options it knows about)."""
    left = len(options) - len(skip)
    if left <= 0:
        return None
    k = rng.below(left)
    for i in sorted(skip):  # the k-th option left is the k-th option shifted past each skipped one
        if i <= k:
            k += 1
    return options[k]


_TARGETS: dict[int, tuple[Sequence[Action], dict[str, tuple[int, ...]]]] = {}


def _targets_index(options: Sequence[Action]) -> dict[str, tuple[int, ...]]:
    """Each first target of ``options`` and the indices of the options naming it. Vote options are
    shared tuples (engine ``_vote_options``), so this is built once per table seat, keyed by identity
    (the entry keeps the options alive, so the id cannot be reused)."""
    entry = _TARGETS.get(id(options))
    if entry is None or entry[0] is not options:
        at: dict[str, tuple[int, ...]] = {}
        for i, a in enumerate(options):
            if a.targets:
                at[a.targets[0]] = at.get(a.targets[0], ()) + (i,)
        if len(_TARGETS) > 4096:
            _TARGETS.clear()
        entry = _TARGETS[id(options)] = (options, at)
    return entry[1]


_ACTING: dict[int, tuple[tuple[Action, ...], tuple[Action, ...]]] = {}


def _acting(options: tuple[Action, ...]) -> tuple[Action, ...]:
    """``options`` but ``pass``, in order. Most prompts' options are tuples shared between games
    (``roles.common.joined``), so this is worked out once per tuple, keyed by its identity (the entry
    holds the tuple, so its id cannot be reused)."""
    entry = _ACTING.get(id(options))
    if entry is None or entry[0] is not options:
        if len(_ACTING) > 4096:
            _ACTING.clear()
        entry = _ACTING[id(options)] = (options, tuple([a for a in options if a.verb != "pass"]))
    return entry[1]


def _special(side: str | None) -> bool:
    """A special team's side (tanner, assassin, ...): neither village nor evil."""
    return side is not None and side != "village" and side not in EVIL_SIDES


def _options(view: SeatView, seat: int) -> tuple[Action, ...]:
    prompt = view.prompt
    if prompt is None or prompt.seat != seat:
        raise ValueError(f"seat {seat} has no prompt to answer")
    return prompt.options


BOTS: dict[str, Callable[[int, int], Bot]] = {"informed": InformedBot, "random": RandomBot}


def make_bots(kind: str, players: int, seed: int) -> list[Bot]:
    """One bot of ``kind`` (``informed`` or ``random``) per seat, each on its own seeded stream."""
    try:
        factory = BOTS[kind]
    except KeyError:
        raise SetupError(f"unknown bot {kind!r} (choose {' or '.join(BOTS)})",
                         said=say("error_unknown_bot", given=repr(kind), choices=", ".join(BOTS))) from None
    if factory is InformedBot:  # (the catalog looked up once per game, not once per bot)
        return list(InformedBot.for_table(players, seed, default_catalog()))
    return [factory(seat, seed) for seat in range(players)]


def bot_answers(setup: Setup, seed: int, bots: Sequence[Bot] | str | None = None) -> AnswerFn[GameState]:
    """The answering function of a table of bots for ``drive``: each prompt answered by its seat's bot
    from ``view_for(state, seat)``. ``bots`` is one bot per seat, or a bot kind (default ``informed``)."""
    if bots is None or isinstance(bots, str):
        bots = make_bots(bots or "informed", len(setup.players), seed)
    if len(bots) != len(setup.players):
        raise SetupError(f"{len(setup.players)} players need {len(setup.players)} bots, got {len(bots)}",
                         said=say("error_bot_count", players=len(setup.players), given=len(bots)))
    seats = bots

    def answer(state: GameState, prompt: Prompt) -> Action:
        options = prompt.options
        if len(options) == 1:
            # A forced answer (an info prompt's "done"): there is nothing to choose, so the bot is not
            # asked. Bots never draw for a forced answer and read what the seat saw at their next real
            # choice, so the game is the same as if they had been asked.
            return options[0]
        return seats[prompt.seat].answer(view_for(state, prompt.seat))
    return answer


def play_game(setup: Setup, seed: int = 0, bots: Sequence[Bot] | str | None = None) -> GameState:
    """Play one whole game with bots: the one loop (``model.game.drive``) over the One Night engine,
    each prompt answered by its seat's bot (``bot_answers``)."""
    return drive(ONE_NIGHT, new_game(setup, seed), bot_answers(setup, seed, bots))


def play_games(setup: Setup, seeds: Iterable[int], kind: str = "informed") -> Iterable[GameState]:
    """Play one game per seed, yielding each finished state (nothing is kept)."""
    for seed in seeds:
        yield play_game(setup, seed, kind)


__all__ = ["BOTS", "Bot", "bot_answers", "InformedBot", "RandomBot", "make_bots", "play_game", "play_games", "side_of"]
