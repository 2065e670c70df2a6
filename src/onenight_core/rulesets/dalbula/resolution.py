"""The day vote, deaths and victory for ``dalbula`` (docs/resolution.md Part 1.B and Part 2.B).

Dalbula shares onuw's working facts (``onuw.resolution.Vote``) and its per-team conditions where they are
the same; what differs (docs/resolution.md §2.C) is written here, in the order of §2.B.5:

* DV1 the Cursed converts on werewolf ballots only;
* DV3 every ballot counts (a protector's too; its target is immune anyway) and the dealer is a target;
* DV5 the battle type sets a minimum number of deaths and a candidate threshold; tiers are walked from the
  top until the minimum is reached (a dealer in a tier fills a slot but is never a death);
* DV6 no redirect: the Ricochet Rhino shoots like a second Hunter, and every Mark of Love holder dies
  with any of them;
* DW3 citizens win on any evil representative's death (normal) or two evil teams' (epic);
* DW5 the Innocent Bystander is a special team holding the citizen condition; the Apprentice Assassin
  without a mark is a citizen; with no Tanner each Apprentice Tanner wins by his own death alone (A16);
  the lone Minion/Squire is not blocked by the Tanner; a Blob's members are
  the seats designated at the start of the game;
* DW6a the Tanner's death sinks the four evil teams only; DW6b a Synthetic Alien's or Mad Scientist's
  death sinks every other seat (after Nostradamus); DW6c the Diseased, last."""

from __future__ import annotations

from collections import deque

from ...catalog.loader import Catalog
from ...model.messages import Message, say
from ...model.state import GameState
from ..onuw.identity import EVIL_KINDS, Identity, team_keys
from ...model.outcome import Outcome
from ..onuw.resolution import APP, WINS, Vote, team_lines

DEALER = APP
"""The dealer (the app) as a vote target: it fills a death slot but is never a death (DV7)."""

ALIEN = "alien"
"""The Alien role, kind and team key a converted player takes (L5), and a recruit's team key (L6)."""

HUNTERS = frozenset({"hunter", "ricochet_rhino"})
"""Roles that take their ballot targets with them when they die (DV6; the Rhino is a second Hunter, X9)."""

SPECIAL_CITIZEN = "innocent_bystander"
"""The special team that wins on the citizen condition without making citizens present (X7, A23)."""


def resolve(g: GameState, catalog: Catalog) -> Outcome:
    v = Vote(g, catalog)
    n = v.n
    _alien_conversion(v)  # DW1 layer L5
    _convert(v)  # DV1
    v.keys = _team_keys(v)
    _immunity(v)  # DV2

    # DV3 tally: every ballot counts, protectors' included; a cast ballot naming nobody votes for the dealer
    tally = v.tally
    for ballot in v.ballots:
        for t in ballot:
            tally[t] += 1
    dealer_votes = _dealer_votes(v)

    # DW2 teams present, battle type
    present = v.present
    present.update(k for k in EVIL_KINDS if k in v.kinds.values())
    if "village" in v.keys.values():
        present.add("village")
    v.epic = epic = len(present) >= 3
    threshold, minimum = (1, 2) if epic else (2, 1)

    # DV4 candidates, DV5 walk the tiers until the minimum number of deaths is reached
    candidates: dict[int, int] = {t: c for t, c in enumerate(tally) if c >= threshold and t not in v.protected}
    if dealer_votes >= threshold:
        candidates[DEALER] = dealer_votes
    chosen: set[int] = set()
    first: set[int] = set()  # the top tier; a later tier was taken only to reach the minimum (epic)
    for count in sorted(set(candidates.values()), reverse=True):
        chosen |= {t for t, c in candidates.items() if c == count}
        first = first or set(chosen)
        if len(chosen) >= minimum:
            break
    v.dealer_out = DEALER in chosen
    chosen.discard(DEALER)  # the dealer took a slot; it is never a death (DV7)
    v.eliminated = chosen
    v.voted_out = frozenset(chosen)
    v.causes = {t: say("voted_out" if t in first else "voted_out_second", count=tally[t]) for t in chosen}
    most = max(tally, default=0)
    v.saved = {t: v.why_protected.get(t) or say("cannot_die", role=v.roles[t]) for t in sorted(v.protected)
               if tally[t] == most and most >= threshold}

    # DV6 trigger closure
    v.dead = set(chosen)
    v.queue = deque(sorted(chosen))
    while v.queue:
        p = v.queue.popleft()
        if v.roles[p] in HUNTERS:
            for t in v.ballots[p]:
                if t not in v.dead and t not in v.protected:
                    v.dead.add(t)
                    v.causes[t] = say("shot_by_hunter", by=p)
                    v.queue.append(t)
        if v.marks[p] == "mark_of_love":
            for q in range(n):
                if q not in v.dead and v.marks[q] == "mark_of_love":
                    v.dead.add(q)
                    v.causes[q] = say("died_of_grief", by=p)
                    v.queue.append(q)
    return _victory(v)


def _alien_conversion(v: Vote) -> None:
    """Layer L5 (docs/rules.md §1.3 L4, E-19): a player the aliens converted is an Alien, a representative of
    the alien team, whatever token, mark or card he holds ("convert beats tokens"): his role is the Alien's
    (no Prince immunity, no Hunter shot, no traitor condition of a mark or token). Marks that are not
    identity (love, disease, the assassin's) still act on him."""
    converted = v.g.facts.alien_converted
    if not converted:
        return
    ids = list(v.ids)
    for s in converted:
        ids[s] = Identity(s, ids[s].card, ALIEN, ALIEN)
        v.roles[s] = ALIEN
        v.kinds0[s] = v.kinds[s] = ALIEN
    v.ids = tuple(ids)
    v.in_play = frozenset(v.roles)


def _convert(v: Vote) -> None:
    """DV1: the Cursed becomes a werewolf when a werewolf representative votes for him (werewolves only:
    the card names them); Windy Wendy becomes a villain on a villain representative's ballot."""
    for s in range(v.n):
        if v.kinds0[s] is not None:
            continue
        voters = v.voted_for(s)
        if v.roles[s] == "cursed" and any(v.kinds0[x] == "werewolf" for x in voters):
            v.kinds[s] = "werewolf"
        elif v.roles[s] == "windy_wendy" and any(v.kinds0[x] == "villain" for x in voters):
            v.kinds[s] = "villain"


def _team_keys(v: Vote) -> dict[int, str]:
    """onuw's team keys (rules.toml) with Dalbula's special teams: the Innocent Bystander is a special
    team of its own (X7), and an Apprentice Assassin with no Mark of the Assassin in play is a citizen
    (−1B: with an Assassin but no mark, the Assassin himself is a citizen)."""
    keys = team_keys(v.ids, v.kinds, v.marks)
    marked = "mark_of_the_assassin" in v.marks
    for s, role in enumerate(v.roles):
        if role == SPECIAL_CITIZEN and v.kinds[s] is None:
            keys[s] = SPECIAL_CITIZEN
        elif role == "apprentice_assassin" and not marked and v.kinds[s] is None:
            keys[s] = "village"
    for s in _recruits(v):  # L6: a member of the alien team, not a representative (its kind stays)
        keys[s] = ALIEN
    return keys


def _recruits(v: Vote) -> tuple[int, ...]:
    """The seats with the alien team's win condition without being aliens (L6): the aliens' recruits and
    an Oracle granted her alien_exchange "no"; a converted seat is an Alien already."""
    return tuple(s for s in v.g.facts.alien_recruited if s not in v.g.facts.alien_converted)


def _immunity(v: Vote) -> None:
    """DV2: the Prince and the Sponge, every target of a Bodyguard or Defender-er, the Master when another
    vampire representative votes for him."""
    for s, role in enumerate(v.roles):
        if role in ("prince", "the_sponge"):
            v.protected.add(s)
            v.why_protected[s] = say("cannot_die", role=role)
        elif role in ("bodyguard", "defender_er"):
            v.protectors.add(s)
            for t in v.ballots[s]:
                v.protected.add(t)
                v.why_protected.setdefault(t, say("protected_by", role=role, by=s))
        elif role == "the_master" and any(v.kinds0[x] == "vampire" for x in v.voted_for(s) if x != s):
            v.protected.add(s)
            v.why_protected.setdefault(s, say("vampire_voted_for_master"))


def _dealer_votes(v: Vote) -> int:
    """Ballots for the dealer: under the ripple "dealer vote" a cast ballot that names nobody."""
    if v.g.facts.ripple != "dealer_vote":
        return 0
    return sum(1 for ballot in v.g.votes if ballot is not None and not ballot)


def _citizen_condition(v: Vote) -> tuple[bool, Message]:
    """DW3's citizen condition (also the Innocent Bystander's, even with no citizen present)."""
    evil = [k for k in EVIL_KINDS if k in v.kinds.values()]
    died = [k for k in evil if any(v.kinds[s] == k for s in v.dead)]
    if v.epic:
        ok = len(died) >= 2
        return ok, say("two_evil_teams_lost" if ok else "fewer_than_two_evil_teams_lost")
    if not evil:
        ok = not v.dead
        return ok, say("no_evil_nobody_died" if ok else "no_evil_somebody_died")
    if died:
        return True, say("team_lost_members", team=died[0],
                         seats=tuple(s for s in sorted(v.dead) if v.kinds[s] == died[0]))
    return False, say("team_none_died", team=evil[0]) if len(evil) == 1 else say("no_evil_team_lost")


def _main_teams(v: Vote) -> None:
    """DW3 and DW4: each main team's outcome, then the Leader's extra way for the aliens."""
    D, kinds = v.dead, v.kinds
    evil = [k for k in EVIL_KINDS if k in kinds.values()]
    died = {k: any(kinds[s] == k for s in D) for k in evil}
    for x in evil:
        if died[x]:
            v.won[x] = False
            v.why[x] = say("members_died", seats=tuple(s for s in sorted(D) if kinds[s] == x))
        elif v.epic:
            others = [y for y in evil if y != x and died[y]]
            v.won[x] = bool(others)
            v.why[x] = (say("team_survived_other_lost", team=x, other_team=others[0]) if others
                        else say("no_other_evil_team_lost"))
        else:
            v.won[x], v.why[x] = True, say("team_none_died", team=x)
    v.won["village"], v.why["village"] = _citizen_condition(v)
    alien_seats = [s for s in range(v.n) if kinds[s] == "alien"]
    for leader in v.seats("leader"):
        if alien_seats and all(leader in v.ballots[a] for a in alien_seats):
            v.won["alien"], v.won["village"] = True, False
            v.why["alien"] = v.why["village"] = say("aliens_voted_for_leader", seat=leader)


def _condition(v: Vote, s: int, key: str) -> tuple[bool, Message]:
    """DW5: one seat's base condition (a main team's result, or its special team's condition)."""
    D = v.dead
    if key == SPECIAL_CITIZEN:
        ok, why = _citizen_condition(v)
        return ok, say("team_won" if ok else "team_lost", team="village", why=why)
    if key in v.won or key in ("village",) + EVIL_KINDS:
        ok = v.won.get(key, False)
        return ok, say("team_won" if ok else "team_lost", team=key,
                       why=v.why.get(key) or say("team_not_present", team=key))
    if key == "apprentice_assassin":
        marked = [t for t in range(v.n) if v.marks[t] == "mark_of_the_assassin"]
        ok = any(t in D for t in (v.seats("assassin") or marked))
        return ok, say("apprentice_target_died" if ok else "apprentice_target_survived")
    if key == "apprentice_tanner" and not v.tanners:  # S0 3B: with no Tanner, his own death alone (A16)
        ok = s in D
        return ok, say("role_died" if ok else "role_survived", role="apprentice_tanner")
    if key in ("blob", "family_man"):
        return _win_group(v, s)
    if key in WINS:  # the same condition as onuw's (minion_solo: no Tanner clause here, see DW6a)
        return WINS[key](v, s)
    return v.won.get(key, False), say("no_rule_for_team", team=key)


def _win_group(v: Vote, s: int) -> tuple[bool, Message]:
    """The Blob and the Family Man: none of the seats designated at the start of the game died (A24), nor
    the seat holding the card. The members are recorded as offsets from the card's seat at the deal (its
    card id is its table index at the deal), so they name the same absolute seats whoever moves the card."""
    card = v.g.cards[s]
    offsets = dict(v.g.facts.blob_members).get(card.id, ())
    members = [(card.id + off) % v.n for off in offsets]
    ok = s not in v.dead and all(t not in v.dead for t in members)
    return ok, say("group_survived" if ok else "group_member_died")


def _traitor(v: Vote, s: int, key: str, ok: bool, why: Message) -> tuple[bool, Message]:
    """DW5: a traitor wins iff another member of his team died; a special-team seat's teammates are the
    seats with its own role (A28); with no teammate the mark does nothing. The traitor need not survive."""
    if key in v.won or key in ("village",) + EVIL_KINDS:
        mates = [t for t in range(v.n) if t != s and v.keys[t] == key]
    else:
        mates = [t for t in range(v.n) if t != s and v.roles[t] == v.roles[s]]
    if not mates:
        return ok, why
    ok = any(t in v.dead for t in mates)
    return ok, say("traitor_teammate_died" if ok else "traitor_no_teammate_died")


def _victory(v: Vote) -> Outcome:
    g, n, D = v.g, v.n, v.dead
    main = ("village",) + EVIL_KINDS
    _main_teams(v)  # DW3, DW4
    result, reason = v.result, v.reason
    recruits = frozenset(_recruits(v))
    player_level = recruits | frozenset(g.facts.alien_converted)
    for s in range(n):  # DW5
        key = v.keys[s]
        ok, reason[s] = _condition(v, s, key)
        if s in player_level:  # L5/L6 replace the condition a traitor mark or Betrayal token would give
            if s in recruits:
                reason[s] = say("with_note", part=reason[s], note=say("plays_for_aliens"))
            result[s] = ok
            continue
        betrayal = bool(g.artifacts) and g.artifacts[s] == "betrayal"  # the Betrayal token (§C.2)
        if (v.marks[s] == "mark_of_the_traitor" or betrayal) and v.roles[s] != "tanner":
            ok, reason[s] = _traitor(v, s, key, ok, reason[s])
        result[s] = ok

    # DW6a the Tanner's death: every seat of the four evil teams loses (minion_solo and specials do not)
    if v.tanner_died:
        why = say("veto_tanner_died")
        for k in EVIL_KINDS:
            v.vetoed.setdefault(k, why)
        for s in range(n):
            if v.keys[s] in EVIL_KINDS:
                result[s], reason[s] = False, say("team_cannot_win", team=v.keys[s], why=why)

    # A26 option: in an epic battle where only citizens died, the special teams fail too
    if v.epic and D and g.setup.option("all_citizen_deaths_void_specials") and \
            all(v.keys[s] == "village" for s in D):
        why = say("team_cannot_win", team="village", why=say("fewer_than_two_evil_teams_lost"))
        for s in range(n):
            if v.keys[s] not in ("village",) + EVIL_KINDS:
                result[s], reason[s] = False, why

    # DW7 Nostradamus: alive, and the team he last saw wins after DW6a
    predicted = dict(g.facts.predictions)
    for s in v.seats("nostradamus"):
        if s in recruits:  # his prediction was his own condition; a recruit's is the aliens' (L6)
            continue
        T = predicted.get(g.cards[s].id, g.facts.nostradamus_team)
        ok = v.tanner_died if T == "tanner" else bool(v.won.get(T or "", False)) and T not in v.vetoed
        result[s] = s not in D and ok
        reason[s] = say("nostradamus_fulfilled" if result[s] else "nostradamus_not_fulfilled", team=T)

    # DW6b a Synthetic Alien's or acting Mad Scientist's death: every other seat loses (two veto each other)
    scientists = v.seats("mad_scientist") or v.seats("intern")
    killers = [s for s in v.seats("synthetic_alien") + scientists if s in D]
    if killers:  # (after Nostradamus, who read the vetoes before this one)
        role = "synthetic_alien" if v.roles[killers[0]] == "synthetic_alien" else "mad_scientist"
        for k in main:
            v.vetoed.setdefault(k, say("veto_role_died", role=role))
    for s in range(n):
        others = [k for k in killers if k != s]
        if others:
            role = "synthetic_alien" if v.roles[others[0]] == "synthetic_alien" else "mad_scientist"
            result[s] = False
            reason[s] = say("team_cannot_win", team=v.keys[s], why=say("veto_role_died", role=role))

    # DW6c the Diseased: whoever voted for a diseased player loses (always last)
    sick = {s for s in range(n) if v.marks[s] == "mark_of_disease" or v.roles[s] == "diseased"}
    for voter in range(n):
        hit = set(v.ballots[voter]) & sick
        if hit:
            result[voter] = False
            reason[voter] = say("voted_for_diseased", seat=min(hit))

    teams = team_lines(v)
    return Outcome(
        mode="epic" if v.epic else "normal",
        dead=frozenset(D),
        winners=frozenset(s for s, ok in result.items() if ok),
        deaths=tuple(sorted(v.causes.items())),
        teams=teams,
        reasons=tuple(reason[s] for s in range(n)),
        roles=tuple(v.roles),
        kinds=tuple(v.kinds[s] for s in range(n)),
        keys=tuple(v.keys[s] for s in range(n)),
        saved=tuple((s, why) for s, why in v.saved.items() if s not in D),
        dealer_out=v.dealer_out,
    )


__all__ = ["DEALER", "resolve"]
