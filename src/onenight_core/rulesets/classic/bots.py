"""Bots for ``classic``: a random bot answers every prompt with one of its options, drawn from its own
seeded stream (one per seat); an informed bot uses what its seat knows (``Board.observations``, the
revealed dead). A bot game is a pure function of its seed."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...model.rng import stream
from ...model.values import Action, CardView, Learned, Prompt, Setup
from .board import Board, side_of
from ...model.game import AnswerFn
from .protocol import ClassicGame


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


def _known_good(b: Board, seat: int) -> set[int]:
    """The seats ``seat`` knows not to be werewolves: himself when he is not one, what his Seer's eye
    showed (a card or "not a werewolf"), his lover when he knows his card, the charmed he woke with."""
    good = set() if b.side(seat) == "werewolves" else {seat}
    for o in b.observations:
        if o.seat != seat:
            continue
        if isinstance(o, CardView) and o.pos.startswith("p") and side_of(o.role) != "werewolves":
            good.add(int(o.pos[1:]))
        if isinstance(o, Learned) and o.as_ in ("not_werewolf", "charmed", "full_moon_pack"):
            good |= {int(p[1:]) for p in o.who}
    return good


def informed_answers(seed: int) -> Callable[[Board, Prompt], Action]:
    """Bots that use what they know and nothing else: a werewolf never names a werewolf by day; a
    villager who knows a werewolf names him (the seer, the little girl who saw the pack); the witch
    saves the victim and poisons a werewolf she knows; anything else is a random legal answer.

    The New Moon days are answered the same way: the Nightmare's accusations are the vote's ballots; on
    the Great Distrust a villager names as friends those he knows are not werewolves (then anyone but a
    werewolf he knows), a werewolf names his pack first; the Punishment's dead namer names a werewolf he
    knows (a werewolf, someone else), and a player stands up for someone he knows is on his side, never
    for an enemy he knows (else half the time). The Executioner is elected, and named by a dying one,
    among those on the voter's side he knows (the Sheriff's election stays as it was); the Full Moon
    Rising's pack of the night hunts a werewolf it knows; the Specter's victim, who knows nothing to choose
    by, picks any werewolf."""
    pick = random_answers(seed)

    def answer(b: Board, p: Prompt) -> Action:
        wolves = _known_wolves(b, p.seat)
        wolf = b.side(p.seat) == "werewolves"
        friends = (set(b.wolves()) | wolves) if wolf else _known_good(b, p.seat) - wolves
        enemies = (set(range(b.players)) - wolves) if wolf else wolves
        rng = stream(seed, f"classic-informed/{p.seat}/{len(b.events)}")

        def naming(verb: str, want: set[int]) -> list[Action]:
            return [o for o in p.options if o.verb == verb and o.targets and int(o.targets[0][1:]) in want]

        def one_of(actions: list[Action]) -> Action:
            return actions[rng.randrange(len(actions))]

        if p.step == "vote":
            others = {s for s in range(b.players)} - wolves if wolf else wolves
            good = naming("vote", others)
            if good:
                return one_of(good)
        if p.step == "friends":
            best = naming("friend", friends - {p.seat}) or \
                [o for o in p.options if o not in naming("friend", enemies)]
            if best:
                return one_of(best)
        if p.step == "punish":
            bad = naming("punish", enemies)
            if bad:
                return one_of(bad)
        if p.step == "vouch" and p.options[0].targets:
            target = int(p.options[0].targets[0][1:])
            if target in friends:
                return p.options[0]
            if target in enemies:
                return Action("pass")
            return p.options[rng.randrange(2)]
        if p.step == "executioner_election":
            ours = naming("elect", friends - {p.seat})  # someone else he knows is on his side
            if ours:
                return one_of(ours)
            safe = [o for o in p.options if o not in naming("elect", enemies)]
            if safe:
                return one_of(safe)
        if p.step == "full_moon" and p.role == "full_moon":
            bad = naming("kill", wolves)
            if bad:
                return bad[0]
        if p.step == "executioner":
            heirs = naming("successor", friends - {p.seat})
            if heirs:
                return one_of(heirs)
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


def bot_answers(setup: Setup, seed: int, bot: str = "random") -> AnswerFn[ClassicGame]:
    """The answering function of a table of ``bot``s for ``drive``: each reads the board as it stands at
    its prompt (what its seat saw, the revealed dead). Drivers ask ``play.policies.answers_for``, which
    says in one line when ``bot`` is a kind classic does not have."""
    pick = BOTS[bot](seed)

    def answer(game: ClassicGame, prompt: Prompt) -> Action:
        assert game.board is not None
        return pick(game.board, prompt)
    return answer

