"""A minimal mutable simulator of the base game, the yardstick of ``benchmarks/simulate.py``.

It plays what the engine plays for the base presets (Doppelganger, Werewolf, Minion, Mason, Seer,
Robber, Troublemaker, Drunk, Insomniac, Hunter, Tanner, Villager; resolution.md's base rules) with the
informed bots' policy (``onenight_core.play.bots.InformedBot``: night choices drawn among the non-pass
options; beliefs from what the seat saw and did; the vote for a believed evil player, else one it knows
nothing about, else a known villager; evil never votes a teammate or a known Tanner; the Tanner votes at
random), written the way a one-file simulator would be: lists and dicts mutated in place, one
``random.Random`` per game, no prompts, views, events or frozen states. It draws from ``random`` rather
than the engine's BLAKE2b streams, so its games are not the engine's game for game; its win rates are
close to the engine's (the benchmark prints both). It is not part of the app and not a second source of
the rules: it exists to say how fast a plain simulator of the same game is.
"""

from __future__ import annotations

import random
from collections import Counter

EVIL = {"werewolf": "werewolf", "minion": "werewolf"}
SIDE = {"werewolf": "werewolf", "minion": "werewolf", "tanner": "tanner"}  # others: village
CENTER = ("c0", "c1", "c2")
COPY_NOW = ("seer", "robber", "troublemaker", "drunk")
ROLES = frozenset({"doppelganger", "werewolf", "minion", "mason", "seer", "robber", "troublemaker", "drunk",
                   "insomniac", "hunter", "tanner", "villager"})


def covers(deck: tuple[str, ...]) -> bool:
    return set(deck) <= ROLES


def play(deck: tuple[str, ...], players: int, seed: int) -> tuple[list[int], set[str]]:
    """One game: the seats that died and the sides (village/werewolf/tanner) that won."""
    rng = random.Random(seed)
    cards = list(deck)
    rng.shuffle(cards)
    pos = [f"p{i}" for i in range(players)] + list(CENTER)
    dealt = cards[:players]
    night = cards[:players]          # night roles (a Doppelganger's: the copied role)
    copied: dict[int, str] = {}      # card index -> the role a Doppelganger card stands for
    beliefs = [{pos[s]: cards[s]} for s in range(players)]

    id_of = list(range(len(cards)))  # which physical card lies at each position (for the copy)

    def role_at(i: int) -> str:
        c = cards[i]
        return copied.get(id_of[i], c) if c == "doppelganger" else c

    def swap(a: int, b: int) -> None:
        cards[a], cards[b] = cards[b], cards[a]
        id_of[a], id_of[b] = id_of[b], id_of[a]

    def act(s: int, role: str) -> None:
        b = beliefs[s]
        others = [p for p in range(players) if p != s]
        if role == "seer":
            k = rng.randrange(len(others) + 3)
            if k < len(others):
                b[pos[others[k]]] = role_at(others[k])
            else:
                for c in ((players, players + 1), (players, players + 2), (players + 1, players + 2))[k - len(others)]:
                    b[pos[c]] = role_at(c)
        elif role == "robber":
            t = rng.choice(others)
            swap(s, t)
            b[pos[s]], b[pos[t]] = role_at(s), b.get(pos[s])
        elif role == "troublemaker":
            pairs = [(x, y) for i, x in enumerate(others) for y in others[i + 1:]]
            x, y = rng.choice(pairs)
            swap(x, y)
            b[pos[x]], b[pos[y]] = b.get(pos[y]), b.get(pos[x])
        elif role == "drunk":
            c = players + rng.randrange(3)
            swap(s, c)
            b[pos[s]], b[pos[c]] = b.get(pos[c]), b.get(pos[s])

    # the night, in the base game's order
    for s in range(players):
        if night[s] == "doppelganger":
            t = rng.choice([p for p in range(players) if p != s])
            copy = role_at(t)
            beliefs[s][pos[t]] = copy
            night[s] = copy
            copied[id_of[s]] = copy
            beliefs[s][pos[s]] = copy
            if copy in COPY_NOW:
                act(s, copy)
    wolves = [s for s in range(players) if night[s] == "werewolf"]
    for s in wolves:
        for w in wolves:
            beliefs[s][pos[w]] = "werewolf"
        if len(wolves) == 1:
            c = players + rng.randrange(3)
            beliefs[s][pos[c]] = role_at(c)
    for s in range(players):
        if night[s] == "minion":
            for w in wolves:
                beliefs[s][pos[w]] = "werewolf"
    masons = [s for s in range(players) if night[s] == "mason"]
    for s in masons:
        for m in masons:
            beliefs[s][pos[m]] = "mason"
    for role in COPY_NOW:  # (a Doppelganger that copied one of these has acted already)
        for s in range(players):
            if dealt[s] == role:
                act(s, role)
    for s in range(players):
        if night[s] == "insomniac":
            beliefs[s][pos[s]] = role_at(s)

    # the vote
    votes = []
    for s in range(players):
        b = beliefs[s]
        mine = SIDE.get(b.get(pos[s]) or night[s], "village")
        others = [p for p in range(players) if p != s]
        known = {p: SIDE.get(b[pos[p]], "village") for p in others if b.get(pos[p])}
        if mine == "village":
            evil = [p for p in others if known.get(p) == "werewolf"]
            unknown = [p for p in others if p not in known]
            villagers = [p for p in others if known.get(p) == "village"]
            votes.append(rng.choice(evil or unknown or villagers or others))
        elif mine == "werewolf":
            safe = [p for p in others if p not in known or known[p] == "village"]
            votes.append(rng.choice(safe or [p for p in others if known.get(p) != "werewolf"] or others))
        else:
            votes.append(rng.choice(others))
    tally = Counter(votes)
    top = max(tally.values())
    dead = [s for s in range(players) if top >= 2 and tally.get(s) == top]
    final = [role_at(s) for s in range(players)]
    for s in list(dead):
        if final[s] == "hunter" and votes[s] not in dead:
            dead.append(votes[s])
    won: set[str] = set()
    wolves_at_table = any(r == "werewolf" for r in final)
    tanner_died = any(final[s] == "tanner" for s in dead)
    if tanner_died:
        won.add("tanner")
    if wolves_at_table:
        if any(final[s] == "werewolf" for s in dead):
            won.add("village")
        elif not tanner_died:
            won.add("werewolf")
    elif not dead:
        won.add("village")
    elif "minion" in final and not tanner_died and not any(final[s] == "minion" for s in dead):
        won.add("werewolf")
    return dead, won


def run(deck: tuple[str, ...], players: int, seeds) -> Counter[str]:
    wins: Counter[str] = Counter()
    for seed in seeds:
        _dead, won = play(deck, players, seed)
        wins.update(won)
    return wins


# -- classic Werewolf ---------------------------------------------------------------------------------
# The same kind of yardstick for ``simulate --ruleset classic`` (the default decks' roles, the default
# options: sheriff elected on day 1 with a double vote, no elimination on a tie, the witch's two potions,
# the little girl's small risk) with the classic informed bots' policy (``rulesets.classic.bots``: a
# werewolf votes a non-werewolf, a villager who knows a werewolf votes him, the witch saves the victim and
# poisons a werewolf she knows, the hunter shoots one; anything else at random). One ``random.Random`` per
# game, lists mutated in place; not the engine's games game for game, only the same game.

CLASSIC_ROLES = frozenset({"werewolf", "villager", "seer", "witch", "hunter", "cupid", "little_girl"})
SPY_CHANCE = 0.2


def covers_classic(deck: tuple[str, ...]) -> bool:
    return set(deck) <= CLASSIC_ROLES


def play_classic(deck: tuple[str, ...], players: int, seed: int) -> tuple[list[bool], str, int]:
    """One classic game: who lives at the end, the winning side (or ``none``) and the nights played."""
    rng = random.Random(seed)
    roles = list(deck)
    rng.shuffle(roles)
    wolf = [r == "werewolf" for r in roles]
    alive = [True] * players
    known: list[set[int]] = [set() for _ in range(players)]
    lover = [-1] * players
    seat_of = {r: s for s, r in enumerate(roles)}
    sheriff = -1
    potions = [True, True]

    def living() -> list[int]:
        return [s for s in range(players) if alive[s]]

    def knows(s: int) -> set[int]:
        dead = {w for w in range(players) if wolf[w] and (wolf[s] or not alive[w])}
        return dead | known[s]

    def winner() -> str | None:
        live = living()
        if not live:
            return "none"
        a = live[0]
        if len(live) == 2 and lover[a] == live[1] and wolf[a] != wolf[live[1]]:
            return "lovers"
        wolves = sum(wolf[s] for s in live)
        if wolves == len(live):
            return "werewolves"
        return "villagers" if not wolves else None

    def die(dying: list[int]) -> None:
        nonlocal sheriff
        for s in dying:
            alive[s] = False
        queue = list(dying)
        succeed = False
        while queue:
            x = queue.pop(0)
            if lover[x] >= 0 and alive[lover[x]]:
                alive[lover[x]] = False
                queue.append(lover[x])
            live = living()
            if roles[x] == "hunter" and live:
                shots = [t for t in live if t in knows(x)]
                t = shots[0] if shots else rng.choice(live)
                alive[t] = False
                queue.append(t)
            succeed = succeed or x == sheriff
        live = living()
        if succeed:
            sheriff = rng.choice(live) if live else -1

    for night in range(1, 61):
        live = living()
        if night == 1 and "cupid" in seat_of:
            x, y = rng.sample(live, 2)
            lover[x], lover[y] = y, x
        s = seat_of.get("seer", -1)
        if s >= 0 and alive[s]:
            t = rng.choice([t for t in live if t != s])
            if wolf[t]:
                known[s].add(t)
        pack = [s for s in live if wolf[s]]
        girl = seat_of.get("little_girl", -1)
        if girl >= 0 and alive[girl] and rng.random() < 0.5:
            if rng.random() < SPY_CHANCE:
                known[girl].update(pack)
        targets = [t for t in live if not wolf[t]]
        names = Counter(rng.choice(targets) for _ in pack)
        top = max(names.values())
        victim = rng.choice(sorted(t for t, c in names.items() if c == top))
        dying = [victim]
        w = seat_of.get("witch", -1)
        if w >= 0 and alive[w]:
            if potions[0]:
                potions[0] = False
                dying = []
            if potions[1]:
                poison = [t for t in live if t in knows(w) and t != w]
                if poison:
                    potions[1] = False
                    if poison[0] not in dying:
                        dying.append(poison[0])
        die(dying)
        won = winner()
        if won:
            return alive, won, night
        live = living()
        if night == 1:
            ballots = Counter(rng.choice(live) for _ in live)
            top = max(ballots.values())
            sheriff = rng.choice([t for t, c in ballots.items() if c == top])
        ballots = Counter()
        for v in live:
            options = [t for t in live if t != v and t != lover[v]]
            if not options:
                continue
            k = knows(v)
            good = [t for t in options if (t not in k if wolf[v] else t in k)]
            ballots[rng.choice(good or options)] += 2 if v == sheriff else 1
        if ballots:
            top = max(ballots.values())
            most = [t for t, c in ballots.items() if c == top]
            if len(most) == 1:
                die(most)
                won = winner()
                if won:
                    return alive, won, night
    return alive, "none", 60


def run_classic(deck: tuple[str, ...], players: int, seeds) -> Counter[str]:
    wins: Counter[str] = Counter()
    for seed in seeds:
        _alive, won, _nights = play_classic(deck, players, seed)
        wins[won] += 1
    return wins
