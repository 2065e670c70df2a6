"""Bots for ``classic``: a random bot answers every prompt with one of its options, drawn from its own
seeded stream (one per seat); an informed bot uses what its seat knows (``Board.observations``, the
revealed dead). A bot game is a pure function of its seed."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...errors import SetupError
from ...model.messages import say
from ...model.rng import stream
from ...model.values import Action, CardView, Learned, Prompt, Setup
from .board import Board
from .protocol import chance_from_seed, drive, full_deck


def random_answers(seed: int) -> Callable[[Board, Prompt], Action]:
    """An answering function: each seat draws from ``stream(seed, "classic-bot/<seat>")``."""
    streams: dict[int, random.Random] = {}

    def answer(_b: Board, p: Prompt) -> Action:
        rng = streams.get(p.seat)
        if rng is None:  # (not ``setdefault``: it would seed a new stream at every answer)
            rng = streams[p.seat] = stream(seed, f"classic-bot/{p.seat}")
        return rng.choice(p.options)
    return answer


def _known_wolves(b: Board, seat: int) -> set[int]:
    """The seats ``seat`` knows to be werewolves: his pack, what his seer's eye or spying showed, and
    the cards revealed at death (the table sees those)."""
    known = {s for s, a in enumerate(b.alive) if not a and b.side(s) == "werewolves"}
    if b.side(seat) == "werewolves":
        known |= set(b.wolves())
    for o in b.observations:
        if o.seat != seat:
            continue
        if isinstance(o, CardView) and o.pos.startswith("p") and o.role == "werewolf":
            known.add(int(o.pos[1:]))
        if isinstance(o, Learned) and o.as_ == "werewolf":
            known |= {int(p[1:]) for p in o.who}
    return known


def informed_answers(seed: int) -> Callable[[Board, Prompt], Action]:
    """Bots that use what they know and nothing else: a werewolf never names a werewolf by day; a
    villager who knows a werewolf names him (the seer, the little girl who saw the pack); the witch
    saves the victim and poisons a werewolf she knows; anything else is a random legal answer."""
    pick = random_answers(seed)

    def answer(b: Board, p: Prompt) -> Action:
        wolves = _known_wolves(b, p.seat)
        wolf = b.side(p.seat) == "werewolves"

        def naming(verb: str, want: set[int]) -> list[Action]:
            return [o for o in p.options if o.verb == verb and o.targets and int(o.targets[0][1:]) in want]

        if p.step == "vote":
            others = {s for s in range(b.players)} - wolves if wolf else wolves
            good = naming("vote", others)
            if good:
                return good[stream(seed, f"classic-informed/{p.seat}/{len(b.events)}").randrange(len(good))]
        if p.role == "witch":
            saves = [o for o in p.options if o.verb == "save"]
            if saves:
                return saves[0]
            poisons = naming("poison", wolves - {p.seat})
            if poisons:
                return poisons[0]
            return Action("pass") if Action("pass") in p.options else pick(b, p)
        if p.role == "hunter":
            shots = naming("shoot", (wolves if not wolf else set(range(b.players)) - wolves))
            if shots:
                return shots[0]
        return pick(b, p)
    return answer


BOTS = {"random": random_answers, "informed": informed_answers}


def check_bot(bot: str) -> None:
    """One clear line (SetupError) for a bot kind classic does not have (the claiming bots are One Night's)."""
    if bot not in BOTS:
        known = ", ".join(BOTS)
        raise SetupError(f"classic games are played by the {known} bots, not {bot!r}",
                         said=say("error_classic_bot", known=known, given=repr(bot)))


def play_bot_game(setup: Setup, seed: int, bot: str = "random") -> Board:
    """One whole game between bots: deal, answers and draws all from ``seed``."""
    check_bot(bot)
    cards = list(full_deck(setup))
    stream(seed, "deal").shuffle(cards)
    return drive(setup, cards, BOTS[bot](seed), chance_from_seed(seed))
