"""Bots that claim by day: what a bot says it was and did, how it votes on what was said, and the
truth check for the reveal (issue 26, "Bots at the table"; docs/bots.md).

* A ``Claim`` is structured: the role claimed, the night move (an ``Action`` as the engine writes it)
  and what the seat says it saw (``(position, role)`` pairs). ``Claim(seat)`` (no role) is silence.
* ``ClaimingBot`` is an ``InformedBot`` that also claims. It builds its claim from its own seat view
  and its own answers only, never from hidden state. A bot that believes it plays for the village
  tells the truth; any other side (an evil side, a Tanner, another special team) lies with a claim
  that fits what is public (the roster, the earlier claims) and what it knows (its own card, its
  partners, the cards it saw): a village role with a copy left unclaimed, and a story to match.
* ``claim_round`` asks the seats in seat order, so a later bot hears the earlier claims; every bot
  then hears them all, and votes on them: a claim that contradicts what a bot saw counts against the
  claimant (``ClaimingBot.suspect`` says whom it suspects and why).
* ``check_claims`` compares each claim with what really happened in the night (the reveal).

Randomness: a bot's night is its ``InformedBot`` stream; its claim draws from its own stream
``bot:<seat>:claim`` and its day choices (whom to suspect, whom to vote for) from a fresh
``bot:<seat>:day`` stream, so asking a bot "who do you suspect?" twice gives the same answer and does
not change its vote.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from attrs import field, frozen

from ..catalog.loader import Catalog, default_catalog
from ..engine.game import ONE_NIGHT
from ..engine.protocol import new_game
from ..engine.views import SeatView, view_for
from ..model.game import AnswerFn, drive
from ..model.kinds import PromptKind
from ..model.messages import Message, say
from ..model.rng import draws
from ..model.state import GameState
from ..model.values import Action, CardView, Learned, Prompt, Setup, _tuple
from ..rulesets.onuw.identity import COPIERS
from .bots import EVIL_SIDES, InformedBot

Seen = tuple[tuple[str, str], ...]


@frozen
class Claim:
    """What seat ``seat`` said by day. ``role`` None: it said nothing.

    ``action``: the night move it claims, as the engine's ``Action`` (a Seer's ``look p2``, a Robber's
    ``swap p0 p3``: own card with Cy's, a Troublemaker's ``swap p1 p2``, a Drunk's ``take c1``, a
    Doppelgänger's ``copy p4``); ``seen``: what it says it saw or learned, in order (a Robber's new
    card is ``(own position, role)``; a Mason's partners ``(position, "mason")``)."""

    seat: int
    role: str | None = None
    action: Action | None = None
    seen: Seen = field(default=(), converter=_tuple)

    @property
    def silent(self) -> bool:
        return self.role is None


@frozen
class Suspicion:
    """A bot's answer to "who do you suspect?": ``target`` a seat (None: nobody in particular) and
    ``reason`` an id (``contradicts_seen``, ``claims_my_role``, ``lied_about_me``, ``accused``,
    ``counterclaim``, ``changed_story``, ``seen_evil``, ``no_idea``)."""

    seat: int
    target: int | None
    reason: str


@frozen
class ClaimCheck:
    """One claim against the night: ``role_true`` (None: silent), ``action_true`` (None: no move
    claimed) and, per claimed sighting, whether the seat really saw it."""

    seat: int
    claim: Claim
    role_true: bool | None
    action_true: bool | None
    seen_true: tuple[bool, ...] = field(default=(), converter=_tuple)

    @property
    def verdict(self) -> str:
        """``silent``, ``true`` or ``lie``."""
        if self.role_true is None:
            return "silent"
        if self.role_true and self.action_true is not False and all(self.seen_true):
            return "true"
        return "lie"


# The roles whose claims a bot knows how to make up (besides a plain "I am the X" for any village role).
STORY_ROLES = ("seer", "robber", "troublemaker", "drunk", "insomniac")
# Roles a liar never claims: a partner would know at once (Masons wake together).
_NEVER_FAKE = frozenset({"mason"})
_VOTE = PromptKind.VOTE


def _pos(seat: int) -> str:
    return f"p{seat}"


def _seat(pos: str) -> int | None:
    return int(pos[1:]) if pos.startswith("p") and pos[1:].isdigit() else None


class ClaimingBot(InformedBot):
    """An ``InformedBot`` that remembers its own night moves, claims by day and votes on the claims."""

    __slots__ = ("seed", "moves", "heard", "said", "lying", "changed")

    def _fill(self, seat: int, seed: int, catalog: Catalog, sides: dict[str | None, str], stem: bytes) -> None:
        super()._fill(seat, seed, catalog, sides, stem)
        self.seed = seed
        self.moves: list[Action] = []  # its own night answers, in order (not ``pass`` nor ``done``)
        self.heard: tuple[Claim, ...] = ()  # the day's claims, once heard
        self.changed: frozenset[int] = frozenset()  # the seats that changed the role they claim
        self.said: Claim | None = None
        self.lying = False  # whether its claim was made up (it plays for a side other than the village)

    # -- night ---------------------------------------------------------------------------------------
    def answer(self, view: SeatView) -> Action:
        choice = super().answer(view)
        prompt = view.prompt
        if prompt is not None and prompt.kind != _VOTE and choice.verb not in ("pass", "done"):
            self.moves.append(choice)
        return choice

    # -- what it believes about itself -----------------------------------------------------------------
    def side(self, view: SeatView) -> str:
        """The side it plays for (as its vote does): the side of the card it believes it holds."""
        self._absorb(view)
        mine = self._side.get(self.own_role()) or self._side.get(view.night_role) or "village"
        if view.mark_seen == "mark_of_the_vampire":
            mine = "vampire"
        return mine

    def known_cards(self, view: SeatView) -> dict[str, tuple[str, bool]]:
        """What it learned of each other position's card during the night, before its own moves moved
        anything: position -> (role, exact). A card it viewed is exact; a player it learned through
        eyes or thumbs (a fellow wolf, the wolves to a Minion, a fellow Mason) only by side. A Robber's
        new card tells what the robbed player held."""
        own = self._own
        known: dict[str, tuple[str, bool]] = {}
        robbed = next((m.targets[1] for m in self.moves if m.verb == "swap" and len(m.targets) == 2
                       and m.targets[0] == own), None)
        for obs in view.observations:
            if isinstance(obs, CardView):
                if obs.pos != own:
                    known.setdefault(obs.pos, (obs.role, True))
                elif robbed is not None and view.dealt == "robber":
                    known.setdefault(robbed, (obs.role, True))
            elif isinstance(obs, Learned):
                for pos in obs.who:
                    if pos != own:
                        known.setdefault(pos, (obs.as_, False))
        return known

    # -- claiming ------------------------------------------------------------------------------------
    def claim(self, view: SeatView, heard: Sequence[Claim] = ()) -> Claim:
        """Its claim, from its own view and the claims made before it (``heard``)."""
        self.lying = self.side(view) != "village"
        said = self.fake(view, heard) if self.lying else self.honest(view)
        self.said = said
        return said

    def honest(self, view: SeatView) -> Claim:
        """The truth: its dealt role, its first night move and everything it saw or learned."""
        seen: list[tuple[str, str]] = []
        for obs in view.observations:
            if isinstance(obs, CardView):
                seen.append((obs.pos, obs.role))
            elif isinstance(obs, Learned):
                seen.extend((pos, obs.as_) for pos in obs.who)
        action = self.moves[0] if self.moves else None
        return Claim(self.seat, view.dealt, action, tuple(seen))

    def fake(self, view: SeatView, heard: Sequence[Claim]) -> Claim:
        """A lie that fits: a village role of the roster with a copy not accounted for (by its own card,
        the cards it knows of, the earlier claims), and a story for it."""
        rng = draws(self.seed, f"bot:{self.seat}:claim")
        roster = view.public.roster
        sides = self._side
        mine = self.side(view)
        choices = available_roles(self, view, heard)
        claimed = [c.role for c in heard if c.role is not None and sides.get(c.role) == "village"
                   and c.role not in _NEVER_FAKE and c.role not in COPIERS]
        if mine not in EVIL_SIDES and claimed and rng.below(2):
            role: str | None = rng.choice(claimed)  # a special team (a Tanner) likes a counter-claim
        elif choices:
            role = rng.choice(choices)
        else:  # every village role is accounted for: claim one anyway (a counter-claim), or keep quiet
            fallback = sorted({r for r in roster if sides.get(r) == "village" and r not in _NEVER_FAKE})
            role = rng.choice(fallback) if fallback else None
        if role is None:
            return Claim(self.seat)
        own = self._own
        known = self.believed_sides()
        others = [_pos(s) for s in range(len(view.public.players)) if s != self.seat
                  and known.get(_pos(s)) != mine]  # never a partner (a fellow wolf would not be framed)
        if not others:
            others = [_pos(s) for s in range(len(view.public.players)) if s != self.seat]
        said_role: dict[str, str] = {_pos(c.seat): c.role for c in heard if c.role is not None}
        village_roles = sorted({r for r in roster if sides.get(r) == "village"})
        if role == "seer" and others:
            target = rng.choice(others)
            wolves = sorted({r for r in roster if sides.get(r) in EVIL_SIDES and r in _FRAMES})
            if wolves and rng.below(2):
                result = rng.choice(wolves)  # frame a non-partner
            else:
                result = said_role.get(target) or (rng.choice(village_roles) if village_roles else role)
            return Claim(self.seat, role, Action("look", (target,)), ((target, result),))
        if role == "robber" and others:
            target = rng.choice(others)
            got = said_role.get(target)
            others_roles = [r for r in village_roles if r != role]  # a Robber never robs a Robber's card
            if got is None or sides.get(got) != "village" or got == role:
                got = rng.choice(others_roles) if others_roles else "villager"
            return Claim(self.seat, role, Action("swap", (own, target)), ((own, got),))
        if role == "troublemaker" and len(others) >= 2:
            first = rng.choice(others)
            second = rng.choice([p for p in others if p != first])
            a, b = sorted((first, second), key=lambda p: int(p[1:]))
            return Claim(self.seat, role, Action("swap", (a, b)))
        if role == "drunk" and view.public.center:
            return Claim(self.seat, role, Action("take", (f"c{rng.below(view.public.center)}",)))
        if role == "insomniac":
            return Claim(self.seat, role, None, ((own, "insomniac"),))
        return Claim(self.seat, role)

    def believed_sides(self) -> dict[str, str]:
        """Each position it believes something about -> that card's side."""
        sides = self._side
        return {pos: side for pos, role in self.beliefs.items() if (side := sides.get(role)) is not None}

    # -- day -----------------------------------------------------------------------------------------
    def hear(self, claims: Sequence[Claim], changed: frozenset[int] = frozenset()) -> None:
        """Every claim of the day (its own included), before the vote; ``changed``: the seats that
        claimed one role, then another (a human changing his story, ``spoken_claims.changed_story``)."""
        self.heard = tuple(claims)
        self.changed = changed

    def scores(self, view: SeatView) -> dict[int, tuple[float, str]]:
        """How much it suspects each other seat, with the strongest reason (see ``Suspicion``)."""
        self._absorb(view)
        sides = self._side
        roster = view.public.roster
        own, seat = self._own, self.seat
        known = self.known_cards(view)
        believed = self.believed_sides()
        honest = self.side(view) == "village"
        tally: dict[int, tuple[float, str, float]] = {}  # seat -> (total, strongest reason, its weight)

        def add(target: int, amount: float, reason: str) -> None:
            if target == seat:
                return
            total, why, weight = tally.get(target, (0.0, "no_idea", 0.0))
            if amount > weight:
                why, weight = reason, amount
            tally[target] = (total + amount, why, weight)

        for s in range(len(view.public.players)):
            if s != seat:
                side = believed.get(_pos(s))
                if side in EVIL_SIDES:
                    add(s, 3.0, "seen_evil")
                elif side == "village":
                    add(s, -1.0, "no_idea")
        claims = [c for c in self.heard if c.role is not None]
        contradicted: set[int] = set()
        for c in claims:
            if c.seat == seat:
                continue
            role = c.role
            assert role is not None
            what = known.get(_pos(c.seat))
            if what is not None and role not in COPIERS and what[0] not in COPIERS:
                if (what[0] != role) if what[1] else (sides.get(what[0]) != sides.get(role)):
                    add(c.seat, 2.0, "contradicts_seen")
                    contradicted.add(c.seat)
            if role == view.dealt and roster.count(role) == 1 and honest:
                add(c.seat, 2.0, "claims_my_role")
                contradicted.add(c.seat)
            elif c.seat not in contradicted and role not in COPIERS:
                # every copy of the role is somewhere it saw (a center card, another player's card)
                elsewhere = sum(1 for pos, (r, exact) in known.items() if exact and r == role and pos != _pos(c.seat))
                if elsewhere + (view.dealt == role) >= roster.count(role):
                    add(c.seat, 2.0, "contradicts_seen")
                    contradicted.add(c.seat)
            for pos, saw in _facts_about_deal(c):
                if pos == own and saw != view.dealt and view.dealt not in COPIERS:
                    add(c.seat, 2.0, "lied_about_me")
                    contradicted.add(c.seat)
        for c in claims:
            if c.seat == seat or c.seat in contradicted:
                continue
            role = c.role
            assert role is not None
            same = [d.seat for d in claims if d.role == role]
            if len(same) > roster.count(role):
                add(c.seat, 0.5, "counterclaim")
            for pos, saw in _facts_about_deal(c):
                target = _seat(pos)
                if target is not None and target != c.seat and sides.get(saw) in EVIL_SIDES:
                    add(target, 1.5, "accused")
        for s in sorted(self.changed):  # a changed story counts against the teller, a little
            add(s, 1.0, "changed_story")
        return {s: (total, why) for s, (total, why, _) in tally.items()}

    def suspect(self, view: SeatView) -> Suspicion:
        """Its answer to "who do you suspect?": the seat it means to vote for, and why (a liar names
        whom it will vote against, never a partner)."""
        target, reason = self._choose(view)
        return Suspicion(self.seat, target, reason)

    def _choose(self, view: SeatView) -> tuple[int | None, str]:
        scores = self.scores(view)
        mine = self.side(view)
        believed = self.believed_sides()
        if mine != "village":
            if mine not in EVIL_SIDES:
                return None, "no_idea"  # a Tanner keeps its vote to itself
            scores = {s: v for s, v in scores.items() if believed.get(_pos(s)) not in (mine,)
                      and not _special(believed.get(_pos(s)))}
        positive = {s: v for s, v in scores.items() if v[0] > 0}
        if not positive:
            return None, "no_idea"
        top = max(v[0] for v in positive.values())
        best = sorted(s for s, v in positive.items() if v[0] == top)
        pick = best[draws(self.seed, f"bot:{self.seat}:day").below(len(best))] if len(best) > 1 else best[0]
        return pick, positive[pick][1]

    def _vote(self, view: SeatView, options: Sequence[Action]) -> Action:
        if self.heard:
            target, _ = self._choose(view)
            if target is not None:
                for option in options:
                    if option.targets and option.targets[0] == _pos(target):
                        return option
        return super()._vote(view, options)


def _special(side: str | None) -> bool:
    return side is not None and side != "village" and side not in EVIL_SIDES


# Evil roles a fake Seer may say it saw on a non-partner: the werewolf, vampire and alien cards themselves.
_FRAMES = frozenset({"werewolf", "vampire", "alien"})


def _facts_about_deal(claim: Claim) -> list[tuple[str, str]]:
    """What a claim says about the cards as dealt (before the night's moves): a look or a copy names
    what it saw; a Robber's new card is what the robbed player held. An Insomniac's look at its own
    card at the end of the night says nothing about the deal."""
    action = claim.action
    if action is None:
        return []
    if action.verb in ("look", "copy"):
        return [(pos, role) for pos, role in claim.seen if pos in action.targets]
    if action.verb == "swap" and len(action.targets) == 2 and action.targets[0] == _pos(claim.seat):
        return [(action.targets[1], role) for pos, role in claim.seen if pos == _pos(claim.seat)][:1]
    return []


def available_roles(bot: ClaimingBot, view: SeatView, heard: Sequence[Claim]) -> list[str]:
    """The village roles a liar can claim without contradicting what it knows: in the roster, with a
    copy left once its own dealt card, the cards it knows of and the earlier claims are counted; Masons
    are never faked. Sorted (the claim stream draws from this order)."""
    sides = bot._side
    roster = view.public.roster
    known = bot.known_cards(view)
    left: list[str] = []
    for role in sorted(set(roster)):
        if sides.get(role) != "village" or role in _NEVER_FAKE or role in COPIERS:
            continue
        used = (view.dealt == role) + sum(1 for r, exact in known.values() if exact and r == role)
        used += sum(1 for c in heard if c.role == role)
        if roster.count(role) > used:
            left.append(role)
    return left


def claim_round(state: GameState, bots: Mapping[int, ClaimingBot] | Sequence[ClaimingBot],
                said: Mapping[int, Claim] | None = None) -> tuple[Claim, ...]:
    """The day's claims, in seat order: each bot claims from its own view having heard the claims
    before it; a seat without a bot says ``said[seat]`` (a human's claim) or nothing. Every bot then
    hears all the claims."""
    table = dict(enumerate(bots)) if isinstance(bots, Sequence) else dict(bots)
    said = said or {}
    claims: list[Claim] = []
    for seat in range(state.players):
        bot = table.get(seat)
        if bot is not None:
            claims.append(bot.claim(view_for(state, seat), tuple(claims)))
        else:
            claims.append(said.get(seat, Claim(seat)))
    heard = tuple(claims)
    for bot in table.values():
        bot.hear(heard)
    return heard


def claiming_bots(players: int, seed: int, catalog: Catalog | None = None) -> list[ClaimingBot]:
    """One ``ClaimingBot`` per seat, seeded as ``InformedBot.for_table`` seeds the informed bots (so
    their nights are the informed bots' nights)."""
    return ClaimingBot.for_table(players, seed, catalog or default_catalog())


def claiming_answers(setup: Setup, seed: int = 0,
                     said: list[tuple[Claim, ...]] | None = None) -> AnswerFn[GameState]:
    """The answering function of a table of claiming bots for ``drive``: the night as ``play_game``
    plays it, the claims in seat order before the first ballot (appended to ``said``), then the votes
    on them."""
    bots = claiming_bots(len(setup.players), seed)
    heard: list[tuple[Claim, ...]] = said if said is not None else []

    def answer(state: GameState, prompt: Prompt) -> Action:
        if not heard and prompt.kind == _VOTE:
            heard.append(claim_round(state, bots))
        options = prompt.options
        if len(options) == 1:
            return options[0]
        return bots[prompt.seat].answer(view_for(state, prompt.seat))
    return answer


def play_claiming_game(setup: Setup, seed: int = 0) -> tuple[GameState, tuple[Claim, ...]]:
    """One whole game of claiming bots (``claiming_answers``) through the one loop. Returns the finished
    state and the claims."""
    said: list[tuple[Claim, ...]] = []
    state = drive(ONE_NIGHT, new_game(setup, seed), claiming_answers(setup, seed, said))
    return state, said[0] if said else ()


# -- the reveal: which claims were true -----------------------------------------------------------------

def check_claims(state: GameState, claims: Sequence[Claim]) -> tuple[ClaimCheck, ...]:
    """Each claim compared with what really happened: the dealt card, the seat's logged night moves and
    what the seat really saw or learned."""
    out = []
    for claim in claims:
        seat = claim.seat
        if claim.role is None:
            out.append(ClaimCheck(seat, claim, None, None))
            continue
        role_true = state.dealt[seat] == claim.role
        action_true = None
        if claim.action is not None:
            action_true = any(e.seat == seat and e.action == claim.action for e in state.events
                              if e.action is not None and e.action.verb != "vote")
        mine = [o for o in state.observations if getattr(o, "seat", None) == seat]
        seen_true = tuple(any((isinstance(o, CardView) and o.pos == pos and o.role == role)
                              or (isinstance(o, Learned) and pos in o.who and o.as_ == role) for o in mine)
                          for pos, role in claim.seen)
        out.append(ClaimCheck(seat, claim, role_true, action_true, seen_true))
    return tuple(out)


# -- words: claims as messages (the app words them: onenight_tui.text.claims) ----------------------------

def claim_message(claim: Claim) -> Message:
    """The claim as a message: ``claim_silent``, ``claim_role``, ``claim_looked``, ``claim_robbed``,
    ``claim_swapped``, ``claim_took``, ``claim_copied``, ``claim_woke``, ``claim_partners``, or
    ``claim_role_saw`` (any other role that says what it saw)."""
    role, action, seen = claim.role, claim.action, claim.seen
    if role is None:
        return say("claim_silent", seat=claim.seat)
    own = _pos(claim.seat)
    if action is not None:
        if action.verb == "look":
            return say("claim_looked", seat=claim.seat, role=role,
                       parts=tuple(say("claim_saw", pos=p, seen_role=r) for p, r in seen))
        if action.verb == "swap" and len(action.targets) == 2 and action.targets[0] == own:
            became = next((r for p, r in seen if p == own), None)
            return say("claim_robbed", seat=claim.seat, role=role, pos=action.targets[1], new_role=became)
        if action.verb == "swap" and len(action.targets) == 2:
            return say("claim_swapped", seat=claim.seat, role=role, positions=action.targets)
        if action.verb == "take" and action.targets:
            return say("claim_took", seat=claim.seat, role=role, pos=action.targets[0])
        if action.verb == "copy" and action.targets:
            copied = next((r for p, r in seen if p == action.targets[0]), None)
            return say("claim_copied", seat=claim.seat, role=role, pos=action.targets[0], new_role=copied)
    if seen and all(p == own for p, _ in seen):
        return say("claim_woke", seat=claim.seat, role=role, new_role=seen[-1][1])
    if seen and all(r == role for _, r in seen):
        return say("claim_partners", seat=claim.seat, role=role, positions=tuple(p for p, _ in seen))
    if seen:
        return say("claim_role_saw", seat=claim.seat, role=role,
                   parts=tuple(say("claim_saw", pos=p, seen_role=r) for p, r in seen))
    return say("claim_role", seat=claim.seat, role=role)


def suspicion_message(suspicion: Suspicion) -> Message:
    """The answer to "who do you suspect?" as a message (``suspect_<reason>`` or ``suspect_nobody``)."""
    if suspicion.target is None:
        return say("suspect_nobody", seat=suspicion.seat)
    return say(_SUSPECT.get(suspicion.reason, "suspect_no_idea"), seat=suspicion.seat, by=suspicion.target)


_SUSPECT = {"seen_evil": "suspect_seen_evil", "contradicts_seen": "suspect_contradicts_seen",
            "claims_my_role": "suspect_claims_my_role", "lied_about_me": "suspect_lied_about_me",
            "accused": "suspect_accused", "counterclaim": "suspect_counterclaim",
            "changed_story": "suspect_changed_story", "no_idea": "suspect_no_idea"}
_VERDICT = {"true": "claim_was_true", "lie": "claim_was_lie", "silent": "claim_was_silent"}


def check_message(check: ClaimCheck) -> Message:
    """The reveal's line for one claim: ``claim_was_true``, ``claim_was_lie`` or ``claim_was_silent``."""
    return say(_VERDICT[check.verdict], seat=check.seat)


__all__ = ["Claim", "ClaimCheck", "ClaimingBot", "Suspicion", "available_roles", "check_claims", "check_message",
           "claim_message", "claim_round", "claiming_bots", "play_claiming_game", "suspicion_message"]
