"""The day vote, deaths and victory for ``onuw`` (docs/resolution.md Part 1.A and Part 2.A).

A pure function of the dawn state and the ballots. It returns an ``Outcome`` that says who died and
why, which teams won and why, and each seat's result with its reason.

The resolution is a pipeline of small rules, in the order of docs/resolution.md: V1 kinds, V2 vote-time
conversions, team keys (rules.toml), V3 protection, V4 tally, V5 mode and elimination, V6 redirects,
V7 deaths that cause deaths, W1–W3 the main teams, W4 overrides, W5 vetoes, W6 each team key's win
condition, W7 the traitor, W8 Nostradamus, W9 the Diseased. A role (or a mark) contributes its rules
with the decorators below (``@conversion``, ``@protection``, ``@redirect``, ``@on_death``, ``@veto``,
``@win``), each keyed by what triggers it; a rule runs only when its trigger is at the table, so a
game pays only for the roles it has."""

from __future__ import annotations

from collections import deque
from operator import attrgetter
from typing import Callable


from ...catalog.loader import Catalog
from .identity import EVIL_KINDS, identities, team_keys
from ...model.messages import Message, say
from ...model.outcome import Outcome
from ...model.state import GameState

class Vote:
    """The working facts of one resolution, filled in stage by stage (private to ``resolve``)."""

    def __init__(self, g: GameState, catalog: Catalog) -> None:
        self.g, self.catalog, self.n = g, catalog, g.players
        ids = identities(g, catalog)
        self.ids = ids
        # (the engine's ballots are tuples already: ``()`` stands for a seat that did not vote)
        self.ballots: list[tuple[int, ...]] = [() if v is None else v for v in g.votes]
        self.roles: list[str] = list(map(_ROLE_OF, ids))  # (map: no comprehension call, once per game)
        self.in_play = frozenset(self.roles)
        self.marks: tuple[str, ...] = g.marks
        self.kinds0: dict[int, str | None] = dict(zip(range(self.n), map(_KIND_OF, ids)))  # V1 kinds, in seat order
        self.kinds: dict[int, str | None] = dict(self.kinds0)
        self.keys: dict[int, str] = {}
        self.protectors: set[int] = set()
        self.protected: set[int] = set()
        self.why_protected: dict[int, Message] = {}
        self.saved: dict[int, Message] = {}
        self.tally: list[int] = [0] * self.n
        self.present: set[str] = set()
        self.epic = False
        self.dealer_out = False  # the app filled a death slot (ripple "dealer vote")
        self.eliminated: set[int] = set()
        self.voted_out: frozenset[int] = frozenset()  # the vote's own result, before redirects
        self.queue: deque[int] = deque()
        self.causes: dict[int, Message] = {}
        self.dead: set[int] = set()
        self.won: dict[str, bool] = {}  # TW: each main team present, won or not
        self.why: dict[str, Message] = {}
        self.vetoed: dict[str, Message] = {}
        self.result: dict[int, bool] = {}
        self.reason: dict[int, Message] = {}

    def seats(self, role: str) -> list[int]:
        return [s for s, r in enumerate(self.roles) if r == role]

    def voted_for(self, target: int) -> list[int]:
        """The seats whose ballot names ``target``."""
        return [v for v, ballot in enumerate(self.ballots) if target in ballot]

    @property
    def tanners(self) -> list[int]:
        return self.seats("tanner")

    @property
    def tanner_acting(self) -> list[int]:
        """The Tanners, or with none the Apprentice Tanners, who then act as the Tanner."""
        return self.tanners or self.seats("apprentice_tanner")

    @property
    def tanner_died(self) -> bool:
        return any(s in self.dead for s in self.tanner_acting)


_ROLE_OF, _KIND_OF = attrgetter("role"), attrgetter("kind")
SeatRule = Callable[[Vote, int], None]


class _Rules:
    """The rules of one stage, each with its trigger: the roles (and marks) whose presence runs it."""

    def __init__(self) -> None:
        self.rules: list[tuple[frozenset[str], SeatRule]] = []
        self.triggers: frozenset[str] = frozenset()  # every rule's triggers: most tables have none of them

    def add(self, *triggers: str) -> Callable[[SeatRule], SeatRule]:
        def deco(rule: SeatRule) -> SeatRule:
            self.rules.append((frozenset(triggers), rule))
            self.triggers |= frozenset(triggers)
            return rule
        return deco

    def run(self, v: Vote) -> None:
        """Run each rule once per seat whose role triggers it, in seat order."""
        in_play = v.in_play
        if self.triggers.isdisjoint(in_play):  # (the common case: one check for the whole stage)
            return
        for triggers, rule in self.rules:
            if not triggers.isdisjoint(in_play):  # most rules' roles are not at the table
                for s in range(v.n):
                    if v.roles[s] in triggers:
                        rule(v, s)


CONVERSIONS, PROTECTIONS, REDIRECTS, VETOES = _Rules(), _Rules(), _Rules(), _Rules()
ON_DEATH: list[tuple[Callable[[Vote, int], bool], SeatRule]] = []
WinRule = Callable[["Vote", int], tuple[bool, Message]]
WINS: dict[str, WinRule] = {}

conversion, protection, redirect, veto = CONVERSIONS.add, PROTECTIONS.add, REDIRECTS.add, VETOES.add


def on_death(*, role: str | None = None, mark: str | None = None) -> Callable[[SeatRule], SeatRule]:
    """V7: a rule run for each seat that dies (by the vote or by another such rule) holding ``role``
    or ``mark``; it may add deaths, which run the rules in turn."""
    def deco(rule: SeatRule) -> SeatRule:
        ON_DEATH.append(((lambda v, p: v.roles[p] == role) if role else (lambda v, p: v.marks[p] == mark), rule))
        return rule
    return deco


def win(*keys: str) -> Callable[[WinRule], WinRule]:
    """W6: the win condition of the seats whose team key is one of ``keys``: (won, reason)."""
    def deco(rule: WinRule) -> WinRule:
        for key in keys:
            WINS[key] = rule
        return rule
    return deco


# -- V2 vote-time conversions ------------------------------------------------------------------------

@conversion("cursed")
def _cursed(v: Vote, s: int) -> None:
    """The Cursed becomes a werewolf (or vampire) when one votes for him."""
    if v.kinds0[s] is None:
        voters = v.voted_for(s)
        wolves = sum(1 for x in voters if v.kinds0[x] == "werewolf")
        vamps = sum(1 for x in voters if v.kinds0[x] == "vampire")
        if wolves or vamps:
            v.kinds[s] = "werewolf" if wolves >= vamps else "vampire"


@conversion("windy_wendy")
def _windy_wendy(v: Vote, s: int) -> None:
    if v.kinds0[s] is None and any(v.kinds0[x] == "villain" for x in v.voted_for(s)):
        v.kinds[s] = "villain"


# -- V3 protection -------------------------------------------------------------------------------------

@protection("prince", "the_sponge")
def _cannot_die(v: Vote, s: int) -> None:
    v.protected.add(s)
    v.why_protected[s] = say("cannot_die", role=v.roles[s])


@protection("bodyguard", "defender_er")
def _bodyguard(v: Vote, s: int) -> None:
    """Protects the player pointed at; a protector's own vote does not count (V4)."""
    v.protectors.add(s)
    for t in v.ballots[s]:
        v.protected.add(t)
        v.why_protected.setdefault(t, say("protected_by", role=v.roles[s], by=s))


@protection("the_master")
def _the_master(v: Vote, s: int) -> None:
    if any(v.kinds0[x] == "vampire" for x in v.voted_for(s) if x != s):
        v.protected.add(s)
        v.why_protected.setdefault(s, say("vampire_voted_for_master"))


# -- V6 redirects ----------------------------------------------------------------------------------------

@redirect("ricochet_rhino")
def _ricochet_rhino(v: Vote, s: int) -> None:
    """A Rhino voted out sends the elimination to the players he voted for (a Rhino reached only by
    another Rhino's redirect stays eliminated: only the vote's own result is redirected)."""
    if s in v.voted_out:
        v.eliminated.discard(s)
        del v.causes[s]
        for t in v.ballots[s]:
            if t not in v.protected:
                v.eliminated.add(t)
                v.causes[t] = say("rhino_redirected", by=s)


# -- V7 deaths that cause deaths ---------------------------------------------------------------------------

@on_death(role="hunter")
def _hunter(v: Vote, p: int) -> None:
    for t in v.ballots[p]:
        if t not in v.dead and t not in v.protected:
            v.dead.add(t)
            v.causes[t] = say("shot_by_hunter", by=p)
            v.queue.append(t)


@on_death(mark="mark_of_love")
def _lover(v: Vote, p: int) -> None:
    couples = dict(v.g.facts.couples)
    couple = couples.get(p)
    for q in range(v.n):
        if q != p and q not in v.dead and v.marks[q] == "mark_of_love" and couples.get(q) == couple:
            v.dead.add(q)
            v.causes[q] = say("died_of_grief", by=p)
            v.queue.append(q)


# -- W5 vetoes ---------------------------------------------------------------------------------------------

def _veto_teams(v: Vote, teams: tuple[str, ...], why: Message) -> None:
    for k in teams:
        v.vetoed.setdefault(k, why)


#: W5: the teams a Tanner's death sinks — the evil kinds and the lone Minion (``Ruleset.tanner_sinks_also``
#: hands the Minion to the batch kernel, which judges a game without this resolver).
TANNER_SINKS_ALSO = frozenset({"minion_solo"})
TANNER_SINKS = (*EVIL_KINDS, *sorted(TANNER_SINKS_ALSO))


@veto("tanner", "apprentice_tanner")
def _tanner_died(v: Vote, s: int) -> None:
    if s in v.tanner_acting and s in v.dead:
        _veto_teams(v, TANNER_SINKS, say("veto_tanner_died"))


@veto("synthetic_alien")
def _synthetic_alien_died(v: Vote, s: int) -> None:
    if s in v.dead:
        _veto_teams(v, ("alien", "village"), say("veto_role_died", role="synthetic_alien"))


@veto("mad_scientist", "intern")
def _mad_scientist_died(v: Vote, s: int) -> None:
    scientists = v.seats("mad_scientist") or v.seats("intern")
    if s in scientists and s in v.dead:
        _veto_teams(v, ("village", "werewolf", "vampire", "alien", "villain"),
                    say("veto_role_died", role="mad_scientist"))


# -- W6 each team key's win condition ------------------------------------------------------------------------

@win("tanner")
def _win_tanner(v: Vote, s: int) -> tuple[bool, Message]:
    ok = s in v.dead
    return ok, say("tanner_died" if ok else "tanner_survived")


@win("apprentice_tanner")
def _win_apprentice_tanner(v: Vote, s: int) -> tuple[bool, Message]:
    if v.tanners:
        ok = any(t in v.dead for t in v.tanners)
        return ok, say("a_tanner_died" if ok else "no_tanner_died")
    ok = any(t in v.dead for t in v.tanner_acting)
    return ok, say("apprentice_tanner_died" if ok else "no_apprentice_tanner_died")


def _assassin_targets(v: Vote) -> list[int]:
    return [t for t in range(v.n) if v.marks[t] == "mark_of_the_assassin"]


@win("assassin")
def _win_assassin(v: Vote, s: int) -> tuple[bool, Message]:
    ok = any(t in v.dead for t in _assassin_targets(v))
    return ok, say("assassin_target_died" if ok else "assassin_target_survived")


@win("apprentice_assassin")
def _win_apprentice_assassin(v: Vote, s: int) -> tuple[bool, Message]:
    ok = any(t in v.dead for t in v.seats("assassin") or _assassin_targets(v))
    return ok, say("apprentice_target_died" if ok else "apprentice_target_survived")


@win("minion_solo")
def _win_minion_solo(v: Vote, s: int) -> tuple[bool, Message]:
    ok = s not in v.dead and any(t in v.dead for t in range(v.n) if t != s)
    return ok, say("lone_minion_won" if ok else "lone_minion_lost")


@win("synthetic_alien", "mad_scientist")
def _win_dies(v: Vote, s: int) -> tuple[bool, Message]:
    ok = s in v.dead
    return ok, say("role_died" if ok else "role_survived", role=v.roles[s])


@win("intern")
def _win_intern(v: Vote, s: int) -> tuple[bool, Message]:
    scientists = v.seats("mad_scientist")
    ok = any(t in v.dead for t in scientists) if scientists else s in v.dead
    return ok, say("role_died" if ok else "role_survived", role="mad_scientist")


@win("groob", "zerb")
def _win_rival(v: Vote, s: int) -> tuple[bool, Message]:
    other = "zerb" if v.keys[s] == "groob" else "groob"
    ok = s not in v.dead and any(t in v.dead for t in v.seats(other))
    return ok, say("survived_and_role_died" if ok else "needed_role_to_die", role=other)


@win("leader")
def _win_leader(v: Vote, s: int) -> tuple[bool, Message]:
    ok = all(t not in v.dead for t in range(v.n) if v.roles[t] in ("groob", "zerb"))
    return ok, say("groob_and_zerb_survived" if ok else "groob_or_zerb_died")


@win("blob", "family_man")
def _win_group(v: Vote, s: int) -> tuple[bool, Message]:
    members = [(s + off) % v.n for off in dict(v.g.facts.blob_members).get(v.g.cards[s].id, ())]  # by card (E-14)
    ok = s not in v.dead and all(t not in v.dead for t in members)
    return ok, say("group_survived" if ok else "group_member_died")


@win("mortician")
def _win_mortician(v: Vote, s: int) -> tuple[bool, Message]:
    ok = ((s - 1) % v.n) in v.dead or ((s + 1) % v.n) in v.dead
    return ok, say("neighbour_died" if ok else "no_neighbour_died")


@win("nostradamus")
def _win_nostradamus(v: Vote, s: int) -> tuple[bool, Message]:
    return False, say("nostradamus_not_fulfilled", team=None)  # W8, once every other seat is decided


# -- the pipeline ------------------------------------------------------------------------------------------------

def resolve(g: GameState, catalog: Catalog) -> Outcome:
    v = Vote(g, catalog)
    ballots = v.ballots

    CONVERSIONS.run(v)  # V2
    v.keys = team_keys(v.ids, v.kinds, g.marks)
    PROTECTIONS.run(v)  # V3

    # V4 tally (a protector's vote does not count)
    tally, protectors = v.tally, v.protectors
    for voter, ballot in enumerate(ballots):
        if not protectors or voter not in protectors:
            for t in ballot:
                tally[t] += 1
    protected = v.protected
    ranked = {t: c for t, c in enumerate(tally) if c and (not protected or t not in protected)}
    app_votes = _votes_for_the_app(v)
    if app_votes:
        ranked[APP] = app_votes

    # V5 mode and elimination
    kinds, keys = v.kinds, v.keys
    present = v.present
    kinds_held = set(kinds.values())
    present.update([k for k in EVIL_KINDS if k in kinds_held])
    if "village" in keys.values():
        present.add("village")
    v.epic = epic = len(present) >= 3
    counts = sorted(set(ranked.values()), reverse=True)
    second: set[int] = set()
    if counts:
        c1 = counts[0]
        top = {t for t, c in ranked.items() if c == c1}
        if epic:
            v.eliminated = set(top)
            if len(top) == 1 and len(counts) > 1:
                second = {t for t, c in ranked.items() if c == counts[1]}
                v.eliminated |= second
        elif c1 >= 2:
            v.eliminated = top
    v.dealer_out = APP in v.eliminated
    v.eliminated.discard(APP)  # the app can be voted out, but it is never a death (D.8 dealer_vote)
    # the second tier of an epic battle says why it died with fewer votes than the top (V5e)
    v.causes = {t: say("voted_out_second" if t in second else "voted_out", count=tally[t]) for t in v.eliminated}
    if protected:
        # The protected seats at the top of the whole tally (protection included) would have gone out.
        most = max(tally, default=0)
        v.saved = {t: v.why_protected.get(t) or say("cannot_die", role=v.roles[t]) for t in sorted(protected)
                   if tally[t] == most and most >= (1 if epic else 2)}

    v.voted_out = frozenset(v.eliminated)
    REDIRECTS.run(v)  # V6

    # V7 trigger closure: each death runs the on-death rules of the dead seat, in order of death
    v.dead = set(v.eliminated)
    v.queue = deque(sorted(v.eliminated))
    while v.queue:
        p = v.queue.popleft()
        for applies, rule in ON_DEATH:
            if applies(v, p):
                rule(v, p)
    return _victory(v)


APP = -1  # the app as a vote target (the ripple "dealer_vote"): ranked like a seat, never a death


def _votes_for_the_app(v: Vote) -> int:
    """How many voted for the app: after the ripple "dealer_vote" (docs/rules.md D.8; docs/resolution.md 0.1, the
    dealer pseudo-target), a cast ballot that names nobody is a vote for the app. It ranks like a seat
    (normal mode: it needs the most votes, at least two; epic: it fills a tier) but never dies."""
    if v.g.facts.ripple != "dealer_vote":
        return 0
    return sum(1 for voter, ballot in enumerate(v.g.votes)
               if ballot is not None and not ballot and voter not in v.protectors)


def _main_teams(v: Vote) -> None:
    """W1–W3: whether each main team present won (docs/resolution.md 2.A)."""
    D, kinds = v.dead, v.kinds
    evil = [k for k in EVIL_KINDS if k in v.present]
    kinds_dead = {kinds[s] for s in D}
    died = {k: k in kinds_dead for k in evil}
    TW, why = v.won, v.why
    def dead_of(kind: str) -> tuple[int, ...]:
        return tuple(s for s in sorted(D) if kinds[s] == kind)

    if v.epic:
        for x in evil:
            others = [y for y in evil if y != x and died[y]]
            TW[x] = not died[x] and bool(others)
            why[x] = (say("team_survived_other_lost", team=x, other_team=others[0]) if TW[x]
                      else (say("team_lost_members", team=x, seats=dead_of(x)) if died[x]
                            else say("no_other_evil_team_lost")))
        TW["village"] = sum(died.values()) >= 2
        why["village"] = say("two_evil_teams_lost" if TW["village"] else "fewer_than_two_evil_teams_lost")
    elif not evil:
        TW["village"] = not D
        why["village"] = say("no_evil_nobody_died" if not D else "no_evil_somebody_died")
    else:
        TW["village"] = len(evil) == 1 and died[evil[0]]
        if len(evil) == 1:
            x = evil[0]
            why["village"] = (say("team_lost_members", team=x, seats=dead_of(x)) if died[x]
                              else say("team_none_died", team=x))
        else:
            why["village"] = say("village_not_present")
        for x in evil:
            TW[x] = not died[x]
            why[x] = say("team_none_died", team=x) if TW[x] else say("members_died", seats=dead_of(x))


def _leader_override(v: Vote) -> None:
    """W4: every alien voted for the Leader — the aliens win and the village loses."""
    if "leader" not in v.in_play:
        return
    alien_seats = [s for s in range(v.n) if v.kinds[s] == "alien"]
    if not alien_seats:
        return
    for L in v.seats("leader"):
        if all(L in v.ballots[a] for a in alien_seats):
            v.won["alien"], v.won["village"] = True, False
            v.why["alien"] = v.why["village"] = say("aliens_voted_for_leader", seat=L)


def _traitor(v: Vote, s: int, key: str, ok: bool, reason: Message) -> tuple[bool, Message]:
    """W7: a traitor (Mark of the Traitor, Dagger of the Traitor) wins only if a teammate dies."""
    role, D = v.roles[s], v.dead
    mates = [t for t in range(v.n) if t != s and v.keys[t] == key]
    if role == "apprentice_tanner":
        ok = any(t in D for t in v.tanners) or any(
            v.roles[t] == "apprentice_tanner" and t != s and t in D for t in range(v.n))
        reason = say("traitor_tanner_died" if ok else "traitor_no_teammate_died")
    elif mates:
        ok = any(t in D for t in mates)
        reason = say("traitor_teammate_died" if ok else "traitor_no_teammate_died")
    if (role == "apprentice_tanner" or mates) and ok and s in D and v.g.setup.option("traitor_must_survive"):
        # option traitor_must_survive ([S002], docs/resolution.md A14): the rewritten condition also
        # needs the traitor alive; a mark that does nothing (no mates) adds nothing
        ok, reason = False, say("traitor_died_must_survive")
    return ok, reason


def _victory(v: Vote) -> Outcome:
    g, n, D = v.g, v.n, v.dead
    TW, why = v.won, v.why
    _main_teams(v)  # W1–W3
    _leader_override(v)  # W4
    VETOES.run(v)  # W5
    vetoed = v.vetoed

    result, reason = v.result, v.reason
    marks, artifacts = g.marks, g.artifacts
    main = _MAIN_TEAMS
    keys, roles = v.keys, v.roles
    # W7 applies to the seats with a traitor's mark or dagger: most games have none
    traitors = "mark_of_the_traitor" in marks or "dagger_of_the_traitor" in artifacts
    team_reasons: dict[str, Message] = {}  # the seats of a main team share its reason (a value): word it once
    veto_reasons: dict[str, Message] = {}
    for s in range(n):
        key = keys[s]
        if key in TW or key in main:
            ok = TW.get(key, False)
            if key not in team_reasons:
                team_reasons[key] = say("team_won" if ok else "team_lost", team=key,
                                        why=why.get(key) or say("team_not_present", team=key))
            reason[s] = team_reasons[key]
        elif key in WINS:  # W6
            ok, reason[s] = WINS[key](v, s)
        else:
            ok = TW.get(key, False)
            reason[s] = say("no_rule_for_team", team=key)
        if traitors and (marks[s] == "mark_of_the_traitor" or (artifacts and artifacts[s] == "dagger_of_the_traitor")) \
                and roles[s] != "tanner":
            ok, reason[s] = _traitor(v, s, key, ok, reason[s])  # W7
        if key in vetoed:
            ok = False
            if key not in veto_reasons:  # (shared by the team's seats, like ``team_reasons``)
                veto_reasons[key] = say("team_cannot_win", team=key, why=vetoed[key])
            reason[s] = veto_reasons[key]
        result[s] = ok

    # W8 Nostradamus: his predicted team won (and was not vetoed), and he survived
    nostradamus = v.seats("nostradamus") if "nostradamus" in v.in_play else []
    predicted = dict(g.facts.predictions) if nostradamus else {}
    for s in nostradamus:
        T = predicted.get(g.cards[s].id, g.facts.nostradamus_team)
        ok = v.tanner_died if T == "tanner" else T is not None and TW.get(T, False) and T not in vetoed
        result[s] = s not in D and ok
        reason[s] = say("nostradamus_fulfilled" if result[s] else "nostradamus_not_fulfilled", team=T)

    # W9 Diseased: whoever voted for a diseased player (the Diseased, the Mark of Disease) cannot win
    sick = ({s for s in range(n) if marks[s] == "mark_of_disease" or roles[s] == "diseased"}
            if "mark_of_disease" in marks or "diseased" in v.in_play else None)
    if sick:
        for voter in range(n):
            hit = set(v.ballots[voter]) & sick
            if hit:
                result[voter] = False
                reason[voter] = say("voted_for_diseased", seat=min(hit))

    teams = team_lines(v)
    seats = range(n)
    return Outcome(
        mode="epic" if v.epic else "normal",
        dead=frozenset(D),
        winners=frozenset([s for s, ok in result.items() if ok]),
        deaths=tuple(sorted(v.causes.items())),
        teams=teams,
        reasons=tuple(map(reason.__getitem__, seats)),  # (map: no comprehension call, seat order)
        roles=tuple(roles),
        kinds=tuple(map(v.kinds.__getitem__, seats)),
        keys=tuple(map(keys.__getitem__, seats)),
        saved=tuple([(s, why) for s, why in v.saved.items() if s not in D]) if v.saved else (),
        dealer_out=v.dealer_out,
    )


_MAIN_TEAMS = ("village",) + EVIL_KINDS


def team_lines(v: Vote) -> tuple[tuple[str, bool, Message], ...]:
    """Each main team present: (team, won, why), after the vetoes (W5). A vetoed team lost, and the veto
    is why: the line must agree with its seats' rows, which the veto also sank (shared by Dalbula)."""
    lines = []
    for k in _MAIN_TEAMS:
        if k in v.won and k in v.present:
            if k in v.vetoed:
                lines.append((k, False, v.vetoed[k]))
            else:
                lines.append((k, v.won[k], v.why.get(k) or say("team_not_present", team=k)))
    return tuple(lines)
