"""The day vote, deaths and victory for ``onuw`` (resolution.md Part 1.A and Part 2.A).

A pure function of the dawn state and the ballots. It returns an ``Outcome`` that says who died and
why, which teams won and why, and each seat's result with its reason."""

from __future__ import annotations

from collections import deque

from attrs import field, frozen

from ...catalog.loader import Catalog
from .identity import EVIL_KINDS, identities, team_keys
from ...model.values import _tuple
from ...model.state import GameState

TEAM_NAMES = {
    "village": "the village", "werewolf": "the werewolves", "vampire": "the vampires",
    "alien": "the aliens", "villain": "the villains",
}


@frozen
class Outcome:
    """The result of a game.

    ``dead`` and ``winners`` are seats; ``deaths`` pairs each dead seat with its cause; ``teams`` pairs
    each main team present with (won, reason); ``reasons[seat]`` says why that seat won or lost."""

    mode: str
    dead: frozenset[int]
    winners: frozenset[int]
    deaths: tuple[tuple[int, str], ...] = field(converter=_tuple)
    teams: tuple[tuple[str, bool, str], ...] = field(converter=_tuple)
    reasons: tuple[str, ...] = field(converter=_tuple)
    roles: tuple[str, ...] = field(converter=_tuple)  # effective role per seat at the vote
    kinds: tuple[str | None, ...] = field(converter=_tuple)
    keys: tuple[str, ...] = field(converter=_tuple)


def _n(seat: int) -> str:
    return f"p{seat}"


def resolve(g: GameState, catalog: Catalog) -> Outcome:
    ids = identities(g, catalog)
    n = g.players
    ballots = [tuple(v) if v is not None else () for v in g.votes]
    roles = [i.role for i in ids]
    kinds0 = {i.seat: i.kind for i in ids}  # V1 kinds

    # V2 vote-time conversions
    kinds = dict(kinds0)
    for s in range(n):
        if roles[s] == "cursed" and kinds0[s] is None:
            wolves = sum(1 for v in range(n) if s in ballots[v] and kinds0[v] == "werewolf")
            vamps = sum(1 for v in range(n) if s in ballots[v] and kinds0[v] == "vampire")
            if wolves or vamps:
                kinds[s] = "werewolf" if wolves >= vamps else "vampire"
        if roles[s] == "windy_wendy" and kinds0[s] is None:
            if any(s in ballots[v] and kinds0[v] == "villain" for v in range(n)):
                kinds[s] = "villain"
    keys = team_keys(ids, kinds, g.marks)

    # V3 protection
    protectors = {s for s in range(n) if roles[s] in ("bodyguard", "defender_er")}
    protected: set[int] = set()
    why_protected: dict[int, str] = {}
    for s in range(n):
        if roles[s] in ("prince", "the_sponge"):
            protected.add(s)
            why_protected[s] = f"the {catalog[roles[s]].name()} cannot die"
    for s in protectors:
        for t in ballots[s]:
            protected.add(t)
            why_protected.setdefault(t, f"protected by the {catalog[roles[s]].name()} (p{s})")
    for s in range(n):
        if roles[s] == "the_master" and any(
            s in ballots[v] and kinds0[v] == "vampire" for v in range(n) if v != s
        ):
            protected.add(s)
            why_protected.setdefault(s, "a vampire voted for The Master")

    # V4 tally
    tally = [0] * n
    for v in range(n):
        if v in protectors:
            continue
        for t in ballots[v]:
            tally[t] += 1
    ranked = {t: c for t, c in enumerate(tally) if c >= 1 and t not in protected}

    # V5 mode and elimination
    present = {k for k in EVIL_KINDS if any(kinds[s] == k for s in range(n))}
    if any(keys[s] == "village" for s in range(n)):
        present.add("village")
    epic = len(present) >= 3
    counts = sorted(set(ranked.values()), reverse=True)
    eliminated: set[int] = set()
    if counts:
        c1 = counts[0]
        top = {t for t, c in ranked.items() if c == c1}
        if epic:
            eliminated = set(top)
            if len(top) == 1 and len(counts) > 1:
                eliminated |= {t for t, c in ranked.items() if c == counts[1]}
        elif c1 >= 2:
            eliminated = top
    causes: dict[int, str] = {
        t: f"voted out with {tally[t]} vote{'s' if tally[t] != 1 else ''}" for t in eliminated
    }

    # V6 Ricochet Rhino redirect
    for s in sorted(eliminated):
        if roles[s] == "ricochet_rhino":
            eliminated.discard(s)
            del causes[s]
            for t in ballots[s]:
                if t not in protected:
                    eliminated.add(t)
                    causes[t] = f"the Ricochet Rhino (p{s}) redirected the vote"

    # V7 trigger closure: hunters and lovers
    couples = g.facts.couples
    dead = set(eliminated)
    queue = deque(sorted(eliminated))
    while queue:
        p = queue.popleft()
        if roles[p] == "hunter":
            for t in ballots[p]:
                if t not in dead and t not in protected:
                    dead.add(t)
                    causes[t] = f"shot by the Hunter (p{p})"
                    queue.append(t)
        if g.marks[p] == "mark_of_love":
            couple = dict(couples).get(p)
            for q in range(n):
                if q != p and q not in dead and g.marks[q] == "mark_of_love" and dict(couples).get(q) == couple:
                    dead.add(q)
                    causes[q] = f"died of grief for their lover (p{p})"
                    queue.append(q)

    return _victory(g, catalog, roles, kinds, keys, present, epic, dead, causes, ballots, why_protected)


def _victory(g, catalog, roles, kinds, keys, present, epic, dead, causes, ballots, why_protected) -> Outcome:
    n = g.players
    D = dead
    evil = [k for k in EVIL_KINDS if k in present]
    died = {k: any(kinds[s] == k and s in D for s in range(n)) for k in evil}
    TW: dict[str, bool] = {}
    why: dict[str, str] = {}
    dead_names = lambda k: ", ".join(_n(s) for s in sorted(D) if kinds[s] == k)  # noqa: E731
    if epic:
        for x in evil:
            others = [y for y in evil if y != x and died[y]]
            TW[x] = not died[x] and bool(others)
            why[x] = (f"none of {TEAM_NAMES[x]} died and {TEAM_NAMES[others[0]]} lost a member" if TW[x]
                      else (f"{TEAM_NAMES[x]} lost {dead_names(x)}" if died[x]
                            else "no other evil team lost a member"))
        TW["village"] = sum(died.values()) >= 2
        why["village"] = ("two different evil teams lost a member" if TW["village"]
                          else "fewer than two evil teams lost a member")
    elif not evil:
        TW["village"] = not D
        why["village"] = ("no werewolf (or other evil) among the players and nobody died" if not D
                          else "there was no evil player, yet somebody died")
    else:
        TW["village"] = len(evil) == 1 and died[evil[0]]
        if len(evil) == 1:
            x = evil[0]
            why["village"] = (f"{TEAM_NAMES[x]} lost {dead_names(x)}" if died[x]
                              else f"none of {TEAM_NAMES[x]} died")
        else:
            why["village"] = "the village was not present"
        for x in evil:
            TW[x] = not died[x]
            why[x] = f"none of {TEAM_NAMES[x]} died" if TW[x] else f"{dead_names(x)} died"

    # W4 Leader override
    alien_seats = [s for s in range(n) if kinds[s] == "alien"]
    for L in range(n):
        if roles[L] == "leader" and alien_seats and all(L in ballots[a] for a in alien_seats):
            TW["alien"], TW["village"] = True, False
            why["alien"] = why["village"] = f"every alien voted for the Leader (p{L})"

    # W5 vetoes
    tanners = [s for s in range(n) if roles[s] == "tanner"]
    tanner_acting = tanners or [s for s in range(n) if roles[s] == "apprentice_tanner"]
    tanner_died = any(s in D for s in tanner_acting)
    vetoed: dict[str, str] = {}
    if tanner_died:
        for k in ("werewolf", "vampire", "alien", "villain", "minion_solo"):
            vetoed.setdefault(k, "a Tanner died")
    if any(roles[s] == "synthetic_alien" and s in D for s in range(n)):
        for k in ("alien", "village"):
            vetoed.setdefault(k, "the Synthetic Alien died")
    scientists = [s for s in range(n) if roles[s] == "mad_scientist"] or [
        s for s in range(n) if roles[s] == "intern"]
    if any(s in D for s in scientists):
        for k in ("village", "werewolf", "vampire", "alien", "villain"):
            vetoed.setdefault(k, "the Mad Scientist died")

    result: dict[int, bool] = {}
    reason: dict[int, str] = {}
    marks = g.marks
    assassin_targets = [s for s in range(n) if marks[s] == "mark_of_the_assassin"]
    blob_groups = dict(g.facts.blob_members)
    must_survive = g.setup.option("traitor_must_survive")
    for s in range(n):
        key, role = keys[s], roles[s]
        if key in TW or key in ("village",) + EVIL_KINDS:
            ok = TW.get(key, False)
            reason[s] = f"{TEAM_NAMES.get(key, key)} {'won' if ok else 'lost'}: {why.get(key, 'not present')}"
        elif key == "tanner":
            ok = s in D
            reason[s] = "the Tanner died" if ok else "the Tanner survived"
        elif key == "apprentice_tanner":
            if tanners:
                ok = any(t in D for t in tanners)
                reason[s] = "a Tanner died" if ok else "no Tanner died"
            else:
                ok = any(t in D for t in tanner_acting)
                reason[s] = ("an Apprentice Tanner (acting as the Tanner) died" if ok
                             else "no Apprentice Tanner died")
        elif key == "assassin":
            ok = any(t in D for t in assassin_targets)
            reason[s] = "the Mark of the Assassin holder died" if ok else "the assassin's target survived"
        elif key == "apprentice_assassin":
            targets = [t for t in range(n) if roles[t] == "assassin"] or assassin_targets
            ok = any(t in D for t in targets)
            reason[s] = "the apprentice's target died" if ok else "the apprentice's target survived"
        elif key == "minion_solo":
            ok = s not in D and any(t in D for t in range(n) if t != s)
            reason[s] = ("no werewolf among the players; survived while someone else died" if ok
                         else "no werewolf among the players; needed to survive while someone else died")
        elif key in ("synthetic_alien", "mad_scientist"):
            ok = s in D
            reason[s] = f"the {catalog[role].name()} {'died' if ok else 'survived'}"
        elif key == "intern":
            sci = [t for t in range(n) if roles[t] == "mad_scientist"]
            ok = any(t in D for t in sci) if sci else s in D
            reason[s] = "the Mad Scientist died" if ok else "the Mad Scientist survived"
        elif key in ("groob", "zerb"):
            other = "zerb" if key == "groob" else "groob"
            ok = s not in D and any(roles[t] == other and t in D for t in range(n))
            reason[s] = f"survived and {other.title()} died" if ok else f"needed to survive while {other.title()} died"
        elif key == "leader":
            ok = all(t not in D for t in range(n) if roles[t] in ("groob", "zerb"))
            reason[s] = "Groob and Zerb both survived" if ok else "Groob or Zerb died"
        elif key in ("blob", "family_man"):
            members = [(s + off) % n for off in blob_groups.get(s, ())]
            ok = s not in D and all(t not in D for t in members)
            reason[s] = "nobody of the group died" if ok else "a member of the group died"
        elif key == "mortician":
            ok = ((s - 1) % n) in D or ((s + 1) % n) in D
            reason[s] = "a neighbour died" if ok else "no neighbour died"
        elif key == "nostradamus":
            ok, reason[s] = False, "decided below"
        else:
            ok = TW.get(key, False)
            reason[s] = "no rule for this team"
        # W7 traitor rewrite
        if (marks[s] == "mark_of_the_traitor" or (g.artifacts and g.artifacts[s] == "dagger_of_the_traitor")) \
                and role != "tanner":
            mates = [t for t in range(n) if t != s and keys[t] == key]
            if role == "apprentice_tanner":
                ok = any(t in D for t in tanners) or any(
                    roles[t] == "apprentice_tanner" and t != s and t in D for t in range(n))
                reason[s] = "traitor: a Tanner or another Apprentice Tanner died" if ok else "traitor: no teammate died"
            elif mates:
                ok = any(t in D for t in mates)
                reason[s] = "traitor: a teammate died" if ok else "traitor: no teammate died"
            if (role == "apprentice_tanner" or mates) and ok and s in D and must_survive:
                # option traitor_must_survive ([S002], resolution.md A14): the rewritten condition also
                # needs the traitor alive; a mark that does nothing (no mates) adds nothing
                ok, reason[s] = False, "traitor: died, and this game's traitors must survive"
        if key in vetoed:
            ok = False
            reason[s] = f"{TEAM_NAMES.get(key, key)} cannot win: {vetoed[key]}"
        result[s] = ok

    # W8 Nostradamus
    for s in range(n):
        if roles[s] == "nostradamus":
            T = g.facts.nostradamus_team
            if T == "tanner":
                ok = tanner_died
            else:
                ok = bool(TW.get(T, False)) and T not in vetoed
            result[s] = s not in D and ok
            reason[s] = f"predicted {T}: {'that team won and he survived' if result[s] else 'not fulfilled'}"

    # W9 Diseased filter
    sick = {s for s in range(n) if marks[s] == "mark_of_disease" or roles[s] == "diseased"}
    for v in range(n):
        hit = set(ballots[v]) & sick
        if hit:
            result[v] = False
            reason[v] = f"voted for the diseased player (p{min(hit)})"

    teams = tuple((k, TW[k], why.get(k, "")) for k in ("village",) + EVIL_KINDS if k in TW and k in present)
    deaths = tuple(sorted(causes.items()))
    return Outcome(
        mode="epic" if epic else "normal",
        dead=frozenset(D),
        winners=frozenset(s for s, ok in result.items() if ok),
        deaths=deaths,
        teams=teams,
        reasons=tuple(reason[s] for s in range(n)),
        roles=tuple(roles),
        kinds=tuple(kinds[s] for s in range(n)),
        keys=tuple(keys[s] for s in range(n)),
    )
