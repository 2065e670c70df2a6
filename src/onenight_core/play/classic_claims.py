"""Classic bots at the table (issue 26): what a bot seat does in a classic game played hot-seat with
humans — its night answers, its claim each day, whom it suspects, its ballots — and the truth check of
its claims for the end screen. Pure: the app drives it (``onenight_tui.bots.classic``).

* **Legal answers** come from the classic informed bots (``rulesets.classic.bots``), asked with a seed
  drawn from the game's seed and the number of its inputs, so an answer is a function of the game alone
  (a resumed game asks the same).
* **A table of bots only** (``simulate --ruleset classic --bots claiming``, ``play.policies``' "claiming"
  kind): ``claiming_bots`` seats these same bots in every seat and answers ``model.game.drive``'s prompts
  (``play_claiming_game``: the game, its claims and their check).
* **The pack**: a bot werewolf names the victim after every human werewolf of the step has answered,
  and names whom the humans named (the most named, the first named on a tie); a pack of bots alone, or
  humans who named nobody, leaves the bot to its policy (docs/decisions.md, "Classic bots at the table").
* **Claims**: each day every living bot claims (``ClassicClaim``), in seat order, having heard the
  claims made before it that day. A bot on the villagers' side tells the truth: its card and, as the
  Seer, every look so far. Any other bot (a werewolf, the Piper) lies and keeps its lie: a village card
  of the deck that no one else claimed or showed dead, chosen on its first day and kept; as a false Seer
  it adds one made-up look a night (never at a player shown dead, a fellow werewolf always "clean").
* **Suspicion and ballots**: a bot suspects by what it saw and was told (a werewolf it saw, a claim that
  contradicts what it knows, a player a Seer claim accused, a counter-claim); its day ballot and a
  Hunter's shot go to that suspect when they may, else to its policy.
* **Pointing**: when a ballot round opens (a vote, an election, a run-off: every voter once), every bot of
  it chooses its ballot at once from that state (``ClassicPointing``) and casts it when asked, whatever
  the humans enter meanwhile: everyone points at the same moment.
* **Truth**: ``check`` compares a claim with the deal, the cards at the end and the Seer's real looks.

Seeded: claims draw from ``stream(seed, "classic-claim/<seat>/<round>")`` and suspicions from
``stream(seed, "classic-suspect/<seat>/<round>")``; ``ClassicTableBots.observe`` is called with every
state the game passes through (``rebuild`` does so for a resumed game), so the same set-up, seed and
human answers give the same bot actions, claims and ballots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from attrs import evolve, field, frozen

from ..engine.game import rules_for
from ..model.game import AnswerFn, drive
from ..model.messages import Message, say
from ..model.rng import stream
from ..model.values import Action, CardView, Event, Learned, Prompt, Setup, _tuple
from ..rulesets.classic import bots as classic_bots
from ..rulesets.classic.board import Board, side_of
from ..rulesets.classic.catalog import classic_catalog
from ..rulesets.classic.deck import full_deck

if TYPE_CHECKING:
    from ..rulesets.classic.protocol import ClassicGame, ClassicSeatView

#: One look a Seer claims: (the seat looked at, what was seen: a card id, ``werewolf`` or ``not_werewolf``).
Look = tuple[int, str]
#: One night's deed a claim tells: (the night, the verb, the seat it was done to).
Deed = tuple[int, str, int]
#: The roles whose claims tell their deeds, and which: the Defender's protections, the Witch's potions
#: and the Little Girl's sightings of the pack (docs/decisions.md, "Richer classic claims"; Cupid keeps the
#: lovers to himself).
DEED_VERBS: Mapping[str, tuple[str, ...]] = {"defender": ("protect",), "witch": ("save", "poison"),
                                             "little_girl": ("spied",)}
PACK_STEPS = ("werewolf", "full_moon")
#: The ballot steps where everyone points at once (a round of them: every voter once, in seat order).
BALLOT_STEPS = ("vote", "election", "executioner_election")
BOT_KIND = "informed"


@frozen
class ClassicClaim:
    """What bot ``seat`` said on day ``round``: ``role`` (its card), as a Seer its ``looks``, as a Defender
    or a Witch its ``deeds`` (``DEED_VERBS``), every night so far."""

    seat: int
    round: int
    role: str
    looks: tuple[Look, ...] = field(default=(), converter=_tuple)
    deeds: tuple[Deed, ...] = field(default=(), converter=_tuple)


@frozen
class ClassicSuspicion:
    """A bot's answer to "who do you suspect?": ``target`` (None: nobody in particular) and ``reason``
    (``seen_evil``, ``contradicts_seen``, ``claims_my_role``, ``lied_about_me``, ``accused``,
    ``counterclaim``, ``no_idea``; the One Night claims' reasons and words)."""

    seat: int
    target: int | None
    reason: str


@frozen
class ClassicPointing:
    """One ballot round (every voter of ``step`` once; a run-off or a re-vote is a round of its own) as
    the bots pointed when it opened: ``ballots`` (bot seat, its ballot) in the order asked, ``label``
    the board's round label (``day1``), ``start`` the game's input count at the opening."""

    step: str
    label: str
    start: int
    ballots: tuple[tuple[int, Action], ...] = field(converter=_tuple)


@frozen
class ClassicClaimCheck:
    """A bot's claims against the game: ``lied`` when any of its claims was false."""

    seat: int
    claim: ClassicClaim  # its last claim
    lied: bool


def _seat(pos: str) -> int:
    return int(pos[1:])


def shown_dead(b: Board) -> dict[int, str]:
    """The dead and the card the table saw at their death ("" when it was not shown)."""
    out: dict[int, str] = {}
    for e in b.public:
        if e.id == "death":
            p = dict(e.params)
            out[int(str(p["seat"]))] = str(p.get("role", ""))
    return out


def known_wolves(b: Board, seat: int) -> set[int]:
    """The seats ``seat`` knows hold a werewolf card: its pack, what its eyes showed, the shown dead."""
    known = {s for s, r in shown_dead(b).items() if r and side_of(r) == "werewolves"}
    if b.side(seat) == "werewolves":
        known |= set(b.wolves())
    for o in b.observations:
        if o.seat != seat:
            continue
        if isinstance(o, CardView) and o.pos.startswith("p") and side_of(o.role) == "werewolves":
            known.add(_seat(o.pos))
        if isinstance(o, Learned) and o.as_ == "werewolf":
            known |= {_seat(p) for p in o.who if p.startswith("p")}
    return known - {seat} if b.side(seat) != "werewolves" else known


def known_good(b: Board, seat: int) -> set[int]:
    """The seats ``seat`` knows are not werewolves (itself when it is not one, its clean looks)."""
    good = set() if b.side(seat) == "werewolves" else {seat}
    for o in b.observations:
        if o.seat != seat:
            continue
        if isinstance(o, CardView) and o.pos.startswith("p") and side_of(o.role) != "werewolves":
            good.add(_seat(o.pos))
        if isinstance(o, Learned) and o.as_ == "not_werewolf":
            good |= {_seat(p) for p in o.who if p.startswith("p")}
    return good


def truthful(b: Board, seat: int) -> bool:
    """Does ``seat`` tell the truth? Everyone on the villagers' side (the Piper and werewolves lie)."""
    return b.side(seat) == "villagers"


def _seer_looks(b: Board, seat: int) -> tuple[Look, ...]:
    return tuple((t, seen) for _label, seer, t, seen in b.seen if seer == seat)


def _by_night(b: Board) -> Iterator[tuple[int, Event]]:
    """The board's events with the night each belongs to (0 before the first night; a day's events keep
    the night before them)."""
    night = 0
    for e in b.events:
        if e.kind == "round" and e.step.startswith("night"):
            night = int(e.step[len("night"):])
        yield night, e


def deeds_done(b: Board, seat: int) -> tuple[Deed, ...]:
    """What ``seat`` really did at night as a Defender or a Witch (its own step), and each werewolf it saw
    as the Little Girl (``spied``: her sightings of the werewolves' pack, not of Full Moon Rising's
    villagers), night by night."""
    done = [(night, e.action.verb, _seat(e.action.targets[0])) for night, e in _by_night(b)
            if e.kind == "act" and e.seat == seat and e.role in DEED_VERBS and e.step == e.role
            and e.action is not None and e.action.verb in DEED_VERBS[e.role] and e.action.targets]
    done += [(int(label[len("night"):]), "spied", w) for label, girl, pack in b.spied
             if girl == seat and label.startswith("night") and all(side_of(b.roles[x]) == "werewolves" for x in pack)
             for w in pack]
    return tuple(sorted(done, key=lambda d: d[0]))


def _told(c: ClassicClaim) -> tuple[Look, ...]:
    """What a claim says of other players' cards: a Seer's looks and a Little Girl's sightings."""
    return c.looks + tuple((t, "werewolf") for _n, verb, t in c.deeds if verb == "spied")


def _quiet_nights(b: Board) -> dict[int, int]:
    """The nights no one died of the werewolves though the pack named a victim: night → that victim
    (what a werewolf knows; the table saw only a quiet dawn)."""
    victims: dict[int, int] = {}
    eaten: set[int] = set()
    for night, e in _by_night(b):
        if e.kind == "victim" and e.step == "werewolf" and e.seat is not None:
            victims[night] = e.seat
        if e.kind == "death" and e.step.startswith("night") and e.detail is not None \
                and dict(e.detail.params).get("cause") == "werewolves":
            eaten.add(night)
    return {n: v for n, v in victims.items() if n not in eaten}


def _made_up_deeds(b: Board, setup: Setup, seat: int, role: str, deeds: tuple[Deed, ...], since: int,
                   rng: Any) -> tuple[Deed, ...]:
    """A false Defender's or Witch's deeds for nights ``since``+1 to tonight, kept with what the table
    saw: a quiet dawn is the pack's victim protected or saved (the werewolf knows whom the pack named);
    a false Defender protects someone living on the other nights (never twice running unless the rules
    allow it); a false Witch saves once and never claims a poison (the deaths' causes are public); a false
    Little Girl saw nothing (her spying often does not see: nobody can tell)."""
    quiet = _quiet_nights(b)
    twice = bool(setup.option("defender.same_target_twice"))
    new: list[Deed] = []
    for night in range(since + 1, b.round + 1):
        last = (deeds + tuple(new))[-1][2] if deeds or new else None
        if role == "defender":
            if night in quiet and (twice or quiet[night] != last):
                new.append((night, "protect", quiet[night]))
                continue
            targets = [t for t in b.living() if t != seat and (twice or t != last)]
            if targets:
                new.append((night, "protect", targets[rng.randrange(len(targets))]))
        elif role == "witch" and night in quiet and not any(v == "save" for _n, v, _t in deeds + tuple(new)):
            new.append((night, "save", quiet[night]))
    return tuple(new)


def _unique(role: str) -> bool:
    return role in classic_catalog() and classic_catalog().role(role).unique


def make_claim(b: Board, setup: Setup, seed: int, seat: int, earlier: Sequence[ClassicClaim]) -> ClassicClaim:
    """Bot ``seat``'s claim on day ``b.round`` (``earlier``: every claim made before it, all days)."""
    r = b.round
    if truthful(b, seat):
        role = b.roles[seat]
        return ClassicClaim(seat, r, role, _seer_looks(b, seat) if role == "seer" else (),
                            deeds_done(b, seat) if role in DEED_VERBS else ())
    mine = [c for c in earlier if c.seat == seat]
    rng = stream(seed, f"classic-claim/{seat}/{r}")
    deck = full_deck(setup)
    if mine:
        role = mine[-1].role
    else:
        taken = {c.role for c in earlier if c.seat != seat} | {x for x in shown_dead(b).values() if x}
        village = sorted({x for x in deck if side_of(x) == "villagers" and x != "thief"})
        free = [x for x in village if not (_unique(x) and x in taken)] or ["villager"]
        weights = [3 if x == "villager" else 2 if x == "seer" else 1 for x in free]
        role = rng.choices(free, weights=weights)[0]
    looks: tuple[Look, ...] = mine[-1].looks if mine else ()
    if role == "seer":
        looks = looks + _made_up_looks(b, setup, seat, looks, rng)
    deeds: tuple[Deed, ...] = mine[-1].deeds if mine else ()
    if role in DEED_VERBS:
        deeds = deeds + _made_up_deeds(b, setup, seat, role, deeds, mine[-1].round if mine else 0, rng)
    return ClassicClaim(seat, r, role, looks, deeds)


def _made_up_looks(b: Board, setup: Setup, seat: int, looks: tuple[Look, ...], rng: Any) -> tuple[Look, ...]:
    """A false Seer's looks up to tonight (one a night): at a living player not looked at yet; a fellow
    werewolf is "clean", anyone else is accused now and then."""
    by_card = setup.option("seer.reveals") == "role"
    deck = full_deck(setup)
    clean = "villager" if by_card and "villager" in deck else "not_werewolf"
    new: list[Look] = []
    looked = {t for t, _ in looks}
    pack = set(b.wolves())
    accused_alive = any(seen == "werewolf" and b.alive[t] for t, seen in looks)
    for _night in range(max(0, b.round - len(looks))):
        targets = [t for t in b.living() if t != seat and t not in looked]
        if not targets:
            break
        t = targets[rng.randrange(len(targets))]
        looked.add(t)
        accuse = t not in pack and not accused_alive and rng.random() < 0.4
        accused_alive = accused_alive or accuse
        new.append((t, "werewolf" if accuse else clean))
    return tuple(new)


def suspect(b: Board, seed: int, seat: int, claims: Sequence[ClassicClaim]) -> ClassicSuspicion:
    """Whom bot ``seat`` suspects on day ``b.round``, by what it saw and the claims it heard."""
    rng = stream(seed, f"classic-suspect/{seat}/{b.round}")
    living = set(b.living()) - {seat}
    today = {c.seat: c for c in claims if c.round == b.round and c.seat in living}
    wolves = known_wolves(b, seat)
    if b.side(seat) == "werewolves":
        return _wolf_suspects(b, seat, claims, today, wolves, rng)
    seen = sorted(wolves & living)
    if seen:
        return ClassicSuspicion(seat, seen[0], "seen_evil")
    good = known_good(b, seat)
    mine = b.roles[seat]
    dead = shown_dead(b)
    for s, c in sorted(today.items()):
        for t, what in _told(c):
            if t == seat and what != mine and (what == "werewolf") != (side_of(mine) == "werewolves") \
                    or t == seat and what not in ("werewolf", "not_werewolf", mine):
                return ClassicSuspicion(seat, s, "lied_about_me")
            wolf_said = what == "werewolf" or (what != "not_werewolf" and side_of(what) == "werewolves")
            card_shown = dead.get(t, "")
            if (wolf_said and t in good) or (not wolf_said and t in wolves) \
                    or (card_shown and what not in ("werewolf", "not_werewolf") and what != card_shown):
                return ClassicSuspicion(seat, s, "contradicts_seen")
        if c.role == mine and _unique(mine):
            return ClassicSuspicion(seat, s, "claims_my_role")
    accused = [t for s, c in sorted(today.items()) for t, what in _told(c) if what == "werewolf" and t in living
               and t not in good]
    if accused:
        return ClassicSuspicion(seat, accused[0], "accused")
    counts = Counter(c.role for c in today.values() if _unique(c.role))
    double = sorted(s for s, c in today.items() if counts[c.role] > 1 and s not in good)
    if double:
        return ClassicSuspicion(seat, double[rng.randrange(len(double))], "counterclaim")
    return ClassicSuspicion(seat, None, "no_idea")


def _wolf_suspects(b: Board, seat: int, claims: Sequence[ClassicClaim], today: Mapping[int, ClassicClaim],
                   wolves: set[int], rng: Any) -> ClassicSuspicion:
    """A werewolf bot points away from the pack, as its lie needs: at whom its false Seer claim accused,
    at a Seer claim that accused the pack, at whoever claims its card, else at anyone."""
    living = set(b.living()) - {seat}
    others = sorted(living - wolves)
    if not others:
        return ClassicSuspicion(seat, None, "no_idea")
    own = [c for c in claims if c.seat == seat]
    if own:
        hit = [t for t, what in _told(own[-1]) if what == "werewolf" and t in others]
        if hit:
            return ClassicSuspicion(seat, hit[0], "seen_evil")
    for s, c in sorted(today.items()):
        if s in others and any(what == "werewolf" and t == seat for t, what in _told(c)):
            return ClassicSuspicion(seat, s, "lied_about_me")
        if s in others and own and c.role == own[-1].role and _unique(c.role):
            return ClassicSuspicion(seat, s, "claims_my_role")
    for s, c in sorted(today.items()):
        if s in others and any(what == "werewolf" and t in wolves for t, what in _told(c)):
            return ClassicSuspicion(seat, s, "contradicts_seen")
    return ClassicSuspicion(seat, others[rng.randrange(len(others))], "no_idea")


def check(b: Board, deal: Sequence[str], claims: Sequence[ClassicClaim]) -> tuple[ClassicClaimCheck, ...]:
    """Per seat that claimed, in seat order: did any of its claims lie? A card claim is true when it
    was the seat's dealt card or its card at the end; a look is true when that Seer really saw it; a deed
    when that seat did it that night (``deeds_done``)."""
    looks = {(seer, t, seen) for _label, seer, t, seen in b.seen}
    by_seat: dict[int, list[ClassicClaim]] = {}
    for c in claims:
        by_seat.setdefault(c.seat, []).append(c)
    out = []
    for seat, said in sorted(by_seat.items()):
        done = set(deeds_done(b, seat))
        lied = any(c.role not in (deal[seat], b.roles[seat]) or any((seat, t, seen) not in looks for t, seen in c.looks)
                   or any(d not in done for d in c.deeds) for c in said)
        out.append(ClassicClaimCheck(seat, said[-1], lied))
    return tuple(out)


# -- the bots of one game ---------------------------------------------------------------------------------

class ClassicTableBots:
    """The bot seats of one classic game: their answers, claims (per day), suspicions and ballots."""

    def __init__(self, setup: Setup, seed: int, seats: Iterable[int]) -> None:
        self.setup, self.seed = setup, seed
        self.seats = frozenset(seats)
        self.claims: list[ClassicClaim] = []
        self.days: set[int] = set()  # the days whose claims are made
        self.pointings: list[ClassicPointing] = []  # every ballot round so far, as the bots pointed
        self.asked: set[int] | None = None  # the voters asked in the open ballot round (None: none open)
        self.seen = -1  # the input count of the last state observed

    @classmethod
    def rebuild(cls, setup: Setup, seed: int, seats: Iterable[int], answers: Sequence[Action]) -> ClassicTableBots:
        """The bots of a resumed game: its states replayed through ``observe`` as they were live."""
        bots = cls(setup, seed, seats)
        rules = rules_for(setup)
        g = rules.new_game(setup, seed)
        bots.observe(g)
        for action in answers:
            g = rules.apply(g, action)
            bots.observe(g)
        return bots

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.seats

    # -- the day's claims ------------------------------------------------------------------------------
    def observe(self, g: ClassicGame) -> None:
        """Call with every state the game reaches: on a day's first state, the living bots claim; when a
        ballot round opens, every bot of it chooses its ballot at once (``open_round``)."""
        if len(g.inputs) != self.seen:
            self.seen = len(g.inputs)
            self._ballot_round(g)
        b = g.board
        if b is None or b.phase != "day" or b.round in self.days:
            return
        self.days.add(b.round)
        for seat in sorted(self.seats):
            if b.alive[seat]:
                self.claims.append(make_claim(b, self.setup, self.seed, seat, tuple(self.claims)))

    def _ballot_round(self, g: ClassicGame) -> None:
        p = g.prompt
        if p is None or p.step not in BALLOT_STEPS:
            self.asked = None
            return
        opened = self.open_round()
        if opened is None or opened.step != p.step or self.asked is None or p.seat in self.asked:
            self.pointings.append(self.point(g))
            self.asked = set()
        self.asked.add(p.seat)

    def open_round(self) -> ClassicPointing | None:
        """The ballot round being asked now (as observed), None when none is."""
        return self.pointings[-1] if self.asked is not None and self.pointings else None

    def point(self, g: ClassicGame) -> ClassicPointing:
        """Every bot's ballot of the round opening at ``g``, chosen at once from ``g`` (everyone points at
        the same moment: a human ballot entered later changes none of them). The round's prompts are
        found by playing it on a copy (the humans' ballots there: any; the prompts do not depend on them)."""
        apply = rules_for(g.setup).apply  # the one game interface (play/ never reaches a ruleset's protocol)
        assert g.prompt is not None and g.board is not None
        step, asked, out = g.prompt.step, set[int](), []
        sim = evolve(g, live=None)  # not ``g``'s continuation: the table goes on from ``g`` itself
        while sim.prompt is not None and sim.prompt.step == step and sim.prompt.seat not in asked:
            p = sim.prompt
            asked.add(p.seat)
            a = self.choose(g, p) if p.seat in self.seats else p.options[0]
            if p.seat in self.seats:
                out.append((p.seat, a))
            sim = apply(sim, a)
        return ClassicPointing(step, g.board.label, len(g.inputs), tuple(out))

    def today(self, round_: int) -> tuple[ClassicClaim, ...]:
        """Day ``round_``'s claims, in seat order."""
        return tuple(c for c in self.claims if c.round == round_)

    def suspicion(self, g: ClassicGame, seat: int) -> ClassicSuspicion:
        assert g.board is not None
        return suspect(g.board, self.seed, seat, self.claims)

    def checks(self, g: ClassicGame) -> tuple[ClassicClaimCheck, ...]:
        assert g.board is not None
        return check(g.board, g.deal, self.claims)

    # -- answers ----------------------------------------------------------------------------------------
    def may_answer(self, view: ClassicSeatView, waiting: tuple[int, ...]) -> bool:
        """Whether ``view.seat`` (its seat's view, the game interface's ``view_for``), one of the seats a step
        is ``waiting`` for, is a bot that may answer now: at once when it is alone in the step or the Little
        Girl (she spies, she does not hunt: the one member of a joint step holding her card); a member of the
        pack only once no human member is left to answer (the bot follows the humans' victim)."""
        seat = view.seat
        if seat not in self.seats:
            return False
        if len(waiting) == 1:
            return True
        return view.role == "little_girl" or all(s in self.seats for s in waiting)

    def answer(self, g: ClassicGame, prompt: Prompt) -> Action:
        """Bot ``prompt.seat``'s answer (legal: one of the prompt's options): in a ballot round, the
        ballot it pointed when the round opened."""
        opened = self.open_round()
        if opened is not None and prompt.step == opened.step and len(g.inputs) == self.seen \
                and self.asked is not None and prompt.seat in self.asked:
            pointed = dict(opened.ballots).get(prompt.seat)
            if pointed is not None and pointed in prompt.options:
                return pointed
        return self.choose(g, prompt)

    def choose(self, g: ClassicGame, prompt: Prompt) -> Action:
        """What bot ``prompt.seat`` would answer at ``g``."""
        b = g.board
        assert b is not None
        if prompt.step in PACK_STEPS and prompt.role in PACK_STEPS:
            follow = pack_named(b, prompt)
            if follow is not None:
                return follow
        if prompt.step == "vote" or prompt.role == "hunter":
            s = suspect(b, self.seed, prompt.seat, self.claims)
            verb = "vote" if prompt.step == "vote" else "shoot"
            chosen = Action(verb, (f"p{s.target}",)) if s.target is not None else None
            if chosen is not None and chosen in prompt.options:
                return chosen
        policy_seed = stream(self.seed, f"classic-table-bot/{len(g.inputs)}").getrandbits(48)
        action: Action = classic_bots.bot_answers(self.setup, policy_seed, BOT_KIND)(g, prompt)
        return action


# -- a table of bots only: ``simulate --ruleset classic --bots claiming`` ---------------------------------

#: Classic's bot kinds (``play.policies``): the claim-less bots of ``rulesets.classic.bots`` and the claiming.
KINDS = (*classic_bots.BOTS, "claiming")


def claiming_bots(setup: Setup, seed: int) -> tuple[ClassicTableBots, AnswerFn[ClassicGame]]:
    """Every seat a claiming bot: the table's bots (``ClassicTableBots``, every seat a bot: the same
    claims, suspicions, ballots and night answers as a bot seat among humans) and the answering function
    for ``model.game.drive``, which shows the bots every state the game reaches (``observe``) and answers."""
    bots = ClassicTableBots(setup, seed, range(len(setup.players)))

    def answer(g: ClassicGame, prompt: Prompt) -> Action:
        bots.observe(g)
        return bots.answer(g, prompt)
    return bots, answer


def claiming_answers(setup: Setup, seed: int) -> AnswerFn[ClassicGame]:
    """The answering function of a table of claiming bots (``claiming_bots``)."""
    return claiming_bots(setup, seed)[1]


def classic_answers(setup: Setup, seed: int, kind: str) -> AnswerFn[ClassicGame]:
    """A table of ``kind`` bots (``KINDS``): the claiming bots, else the claim-less ones of
    ``rulesets.classic.bots``. Drivers ask ``play.policies.answers_for`` (one line for an unknown kind)."""
    if kind == "claiming":
        return claiming_answers(setup, seed)
    return classic_bots.bot_answers(setup, seed, kind)


def play_claiming_game(setup: Setup, seed: int) -> tuple[ClassicGame, tuple[ClassicClaim, ...],
                                                          tuple[ClassicClaimCheck, ...]]:
    """One seeded game of claiming bots through the one loop (``drive``): the final game, every claim in
    the order said, and the truth check of each seat's claims."""
    rules = rules_for(setup)
    bots, answer = claiming_bots(setup, seed)
    game: ClassicGame = drive(rules, rules.new_game(setup, seed), answer)
    return game, tuple(bots.claims), bots.checks(game)


def pack_named(b: Board, prompt: Prompt) -> Action | None:
    """The victim the rest of the pack named tonight in this step (the most named; the first named on a
    tie), as ``prompt``'s answer; None when nobody named anyone yet."""
    tonight = b.this_round()
    named = [e.action.targets[0] for e in tonight if e.step == prompt.step and e.kind == "act"
             and e.role == prompt.role and e.action is not None and e.action.verb == "kill" and e.action.targets]
    if not named:
        return None
    counts = Counter(named)
    top = max(counts.values())
    victim = next(t for t in named if counts[t] == top)
    action = Action("kill", (victim,))
    return action if action in prompt.options else None


# -- words: a suspicion as the One Night claims' message (the app words claims: onenight_tui.bots.classic) --

_SUSPECT = {"seen_evil": "suspect_seen_evil", "contradicts_seen": "suspect_contradicts_seen",
            "claims_my_role": "suspect_claims_my_role", "lied_about_me": "suspect_lied_about_me",
            "accused": "suspect_accused", "counterclaim": "suspect_counterclaim", "no_idea": "suspect_no_idea"}


def suspicion_message(s: ClassicSuspicion) -> Message:
    if s.target is None:
        return say("suspect_nobody", seat=s.seat)
    return say(_SUSPECT.get(s.reason, "suspect_no_idea"), seat=s.seat, by=s.target)


__all__ = ["BALLOT_STEPS", "DEED_VERBS", "KINDS", "ClassicClaim", "ClassicClaimCheck", "ClassicPointing",
           "ClassicSuspicion", "ClassicTableBots", "Deed", "check", "claiming_answers", "claiming_bots",
           "classic_answers", "deeds_done", "known_good", "known_wolves", "make_claim", "pack_named",
           "play_claiming_game", "shown_dead", "suspect", "suspicion_message", "truthful"]
