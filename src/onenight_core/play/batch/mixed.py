"""The batch kernel of the Alien / Super Villains / told-roles decks (``mixed-all-10`` and the shuffled ``onuw``
decks of its roles): the night, the votes and the resolution on one mutable table per game, the bots
answering inline, game for game as the engine plays them (issue 25).

Roles (``MIXED_ROLES``): Werewolf, Alien, Villainous Temptress (her extra villain card: ``extras.py``),
Henchman #7, Blob, Family Man, Mortician, Psychic, Rascal, Exposer, Empath, Seer, Villager. The engine's
behaviours it follows, step by step in the script's order:

* aliens (``roles/aliens.Aliens``): the instruction (table ``alien``, stream ``alien.instruction``); the
  awake aliens learn each other (``Learned`` as ``alien``), then ``pass_left``/``pass_right`` (the first
  alien moves their cards, nobody views nor remembers), ``show`` (each sees the others' cards),
  ``view_each`` (each may look at another player's card), ``view_together`` (the first alien may look at
  a non-alien player's card, every awake alien sees it), ``stare``;
* villains (``roles/villains.Villains``): the Temptress swaps a non-villain player's card with her extra
  card, unseen (a forced swap is not the bot's answer: nothing remembered); the Henchman only meets;
* werewolves: two see each other, a lone wolf may view a center card (extra slot included);
* seer (``roles/base.Seer``): another player's card or two center cards;
* psychic, rascal, exposer, mortician (``roles/told.py``): the private instruction drawn from its own
  streams when the holder's turn begins (a ghost draws nothing), then the choice;
* family man, blob (``roles/groups.Pattern``): the T-BLOB pattern drawn (streams ``family_man``, ``blob``)
  and bound to their cards; what the Family Man learns (``family``) is no role, so no bot belief. Only
  the resolution reads a pattern: it is drawn there, for a seat that holds the card;
* empath: the group (``ghosts.empath_group``) points, a draw each among the other players; the Empath's
  own sight (``empath_pointing``) is no role either;
* the ripple (an alien in the roster), known before the night (``ripple.kind``): the kinds of
  ``ripple.PLAYED_RIPPLES`` (``ripple.play_ripple``), ``witch``/``reveal``/``dealer_vote`` (``_ripple``,
  ``_votes``), and ``repeat_night``: every step before it once more, its draws from the ``#loop2`` streams
  (``aliens.loop_stream``), the patterns too. ``Fallback`` is there for a game the kernel would not play
  (none of this deck's ripples now), which the engine then plays.

What a lone wolf or the Exposer sees is a center card's role, which no bot's vote reads: a center card
reaches a player's seat only through the Temptress's swap (she views nothing, and nobody has seen her
extra card before her) or the ripple witch's (she views it first). So they only count their draw
(``_werewolves``, ``_exposer``), unless the night repeats and the Exposer flips again.

The app's draws are ``draws.py``'s (the same generator, no ``random.Random`` object); draw 0 of each
stream: a covered deck holds one card of each role that draws (``ONE_EACH``).

The informed bots' beliefs follow what each seat saw (``CardView``: the role; ``Learned`` of a role: the
role unless already believed on its side) and what it did itself (a swap carries both beliefs along),
in the order the engine's ``InformedBot`` folds them in. The resolution is ``onuw``'s (``resolution.py``
of the ruleset) for these roles: V4–V5 with the epic battle (three main teams or more), W1–W3, W6 for the
Blob and Family Man (their members by card, E-14) and the Mortician (a neighbour died)."""

from __future__ import annotations

from itertools import combinations

from ...catalog.loader import default_catalog
from ...model.values import Setup
from ...rulesets import RULESETS, ruleset_for
from ...rulesets.onuw.identity import EVIL_KINDS
from ...rulesets.onuw.roles.groups import pattern_offsets, pattern_size
from ...rulesets.onuw.roles.told import RASCAL_TABLES
from ..bots import _sides
from . import draws
from .draws import below, drawn, mt
from .extras import with_extras
from .night import learn
from .resolution import MAIN_TEAMS, GameResult
from .ripple import PLAYED_RIPPLES, QUIET_RIPPLES, play_ripple, ripple_kind
from .streams import Streams
from .vote import informed_ballot

RULESET = "onuw"
MIXED_ROLES = frozenset({"werewolf", "alien", "villainous_temptress", "henchman_7", "blob", "family_man", "mortician",
                         "psychic", "rascal", "exposer", "empath", "seer", "villager"})
"""The roles of a deck the mixed kernel plays (the Temptress's extra cards may be any villain)."""
ONE_EACH = frozenset({"villainous_temptress", "psychic", "rascal", "exposer", "mortician", "empath"})
"""Roles the kernel plays one card of at most (a second card's draws and slots: the engine's)."""
STEPS = frozenset({"aliens", "villains", "werewolves", "seer", "psychic", "rascal", "family_man", "exposer",
                   "empath", "blob", "mortician", "ripple"})
VILLAINS = frozenset({"villainous_temptress", "henchman_7", "dr_peeker", "rapscallion"})
SPECIAL_KEYS = frozenset({"blob", "family_man", "mortician"})


class Fallback(Exception):
    """A game the kernel does not play after all: the engine plays it."""


def covers(setup: Setup, bot: str) -> bool:
    """Whether the games of ``setup`` (a shuffled ``onuw`` deck) are the mixed kernel's (each game but
    those whose ripple it does not play: ``game_covered``)."""
    deck = setup.deck
    if (bot not in ("informed", "random") or setup.draws or setup.ruleset != RULESET
            or not MIXED_ROLES.issuperset(deck) or len(deck) < len(setup.players) + 3
            or any(deck.count(r) > 1 for r in ONE_EACH)):
        return False
    script = ruleset_for(RULESET).build_script(frozenset(deck), default_catalog())
    return all(step.id in STEPS for step in script)


OWN_RIPPLES = frozenset({"witch", "reveal", "dealer_vote"})
"""Ripples this kernel plays itself (``_ripple``), beside ``ripple.PLAYED_RIPPLES``."""


def game_covered(kind: str | None) -> bool:
    """Whether a game whose ripple is ``kind`` (None: no ripple step) is the kernel's."""
    return (kind is None or kind in QUIET_RIPPLES or kind in PLAYED_RIPPLES or kind in OWN_RIPPLES
            or kind == "repeat_night")


def _ripple(t: MixedTable, kind: str) -> None:
    """``roles/ripple.Ripple`` for ``witch`` (actor 1 may view a center card, then must swap it with a
    designated player's card, ID-1) and ``reveal`` (actor 1 may view a designated player's card: it
    stays face up or not, which no bot reads); ``dealer_vote`` acts by day (``_votes``)."""
    if kind == "dealer_vote":
        return
    n = t.n
    actor = below(mt(t.seed, "ripple.actor1").getrandbits, n)
    others = [s for s in designated(n, t.seed, "id_1", actor, "ripple.id") if s != actor]
    if kind == "reveal":
        k, _ = _ask(t, actor, len(others))
        if k >= 0 and t.informed:
            _see(t, actor, others[k])
        return
    k, _ = _ask(t, actor, len(t.printed) - n)
    if k < 0:
        return
    center = n + k
    if t.informed:
        _see(t, actor, center)
    if others:
        j, asked = _ask(t, actor, len(others), has_pass=False)
        _swap(t, center, others[j], actor, asked)


class MixedPlan:
    """What the games of one set-up share: the script's steps, each seat's other players, the roles'
    sides and kinds."""

    __slots__ = ("players", "ruleset", "steps", "sides", "kind", "others", "ripple")

    def __init__(self, setup: Setup) -> None:
        catalog = default_catalog()
        n = self.players = len(setup.players)
        self.ruleset = RULESET
        script = ruleset_for(RULESET).build_script(frozenset(setup.deck), catalog)
        self.steps = tuple(step.id for step in script)
        self.ripple = "ripple" in self.steps
        self.sides = _sides(catalog)
        self.kind = {r.id: r.rep for r in catalog.roles}
        self.others = tuple(tuple(t for t in range(n) if t != s) for s in range(n))


class MixedTable:
    """One game's mutable table (the attributes ``ripple.play_ripple`` reads: ``at``, ``printed``,
    ``beliefs``, ``streams``, ``informed``, ``seed``)."""

    __slots__ = ("at", "printed", "night", "beliefs", "streams", "informed", "seed", "n", "patterns", "loop",
                 "repeat", "up")

    def __init__(self, cards: list[str], players: int, seed: int, informed: bool) -> None:
        self.at = list(range(len(cards)))
        self.printed = cards
        self.night = cards[:players]
        self.beliefs: list[dict[int, str | None]] = [{s: cards[s]} for s in range(players)] if informed else []
        self.streams = Streams(seed, players)
        self.informed = informed
        self.seed = seed
        self.n = players
        self.patterns: dict[str, tuple[int, ...]] = {}
        self.loop = ""  # the streams' suffix: ``#loop2`` on the repeated night (the ripple ``repeat_night``)
        self.repeat = False  # the ripple is ``repeat_night``
        self.up: set[int] = set()  # the cards face up (the Exposer's flips, on a repeated night)


def _ask(t: MixedTable, seat: int, count: int, has_pass: bool = True) -> tuple[int, bool]:
    """``seat``'s answer to a prompt of ``count`` acts (after a pass when ``has_pass``): (the act's
    index or -1 for the pass, whether the bot was asked). A prompt of one option is forced: nothing drawn,
    and the bot is not asked (``bots.bot_answers``), so it remembers nothing. After a pass it is
    ``Streams.choice``, the other kernel's."""
    if has_pass:
        return t.streams.choice(seat, t.informed, count), count > 0
    if count <= 1:
        return (0 if count else -1), False
    return t.streams.below(seat, count), True


def _see(t: MixedTable, seat: int, pos: int) -> None:
    t.beliefs[seat][pos] = t.printed[t.at[pos]]


def _swap(t: MixedTable, x: int, y: int, seat: int, remember: bool) -> None:
    at = t.at
    at[x], at[y] = at[y], at[x]
    if remember and t.informed:
        b = t.beliefs[seat]
        b[x], b[y] = b.get(y), b.get(x)


def _draw(t: MixedTable, table: str, stream: str) -> str:
    """The first draw of ``stream`` (of its ``#loop2`` twin on a repeated night: ``aliens.loop_stream``)."""
    return drawn(RULESET, t.seed, table, stream + t.loop)


def designated(n: int, seed: int, table: str, actor: int | None, stream: str) -> tuple[int, ...]:
    return draws.designated(RULESET, n, seed, table, actor, stream)


def _aliens(t: MixedTable, plan: MixedPlan) -> None:
    n, night, informed = t.n, t.night, t.informed
    group = [s for s in range(n) if night[s] == "alien"]
    if not group:
        return  # (the instruction is drawn all the same: a ghost step's, which binds nothing)
    instruction = _draw(t, "alien", "alien.instruction")
    first = group[0]
    for seat in group:
        if informed:
            learn(t.beliefs[seat], plan.sides, [s for s in group if s != seat], "alien")
        if seat == first and instruction in ("pass_left", "pass_right") and len(group) >= 2:
            at = t.at
            cards = [at[s] for s in group]
            m = len(group)
            step = 1 if instruction == "pass_left" else -1  # (each card to the next alien that way)
            for i in range(m):
                at[group[(i + step) % m]] = cards[i]
        elif seat == first and instruction == "show":
            if informed:
                for s in group:
                    for src in group:
                        if src != s:
                            _see(t, s, src)
        elif instruction == "view_each":
            others = plan.others[seat]
            k, _ = _ask(t, seat, len(others))
            if k >= 0 and informed:
                _see(t, seat, others[k])
        elif instruction == "view_together" and seat == first:
            targets = [s for s in plan.others[seat] if s not in group]
            if targets:
                k, _ = _ask(t, seat, len(targets))
                if k >= 0 and informed:
                    for s in group:
                        _see(t, s, targets[k])


def _villains(t: MixedTable, plan: MixedPlan) -> None:
    night = t.night
    villains = [s for s in range(t.n) if night[s] in VILLAINS]
    for seat in villains:
        if night[seat] != "villainous_temptress":
            continue  # (the Henchman meets; dr_peeker/rapscallion are never dealt: covers)
        slot = len(t.printed) - 1  # her extra card: the last of the table (one Temptress card)
        targets = [s for s in plan.others[seat] if s not in villains]
        if not targets:
            continue
        k, asked = _ask(t, seat, len(targets), has_pass=False)
        _swap(t, targets[k], slot, seat, asked)


def _werewolves(t: MixedTable, plan: MixedPlan) -> None:
    """Two wolves learn each other; a lone wolf may view a center card: he draws (there are three center
    cards or more), and what he sees, a center card's role, no vote reads (``_exposer``)."""
    night = t.night
    awake = [s for s in range(t.n) if night[s] == "werewolf"]
    if len(awake) == 1:
        t.streams.count[awake[0]] += 1
    elif t.informed:
        for seat in awake:
            learn(t.beliefs[seat], plan.sides, [s for s in awake if s != seat], "werewolf")


def _seer(t: MixedTable, plan: MixedPlan) -> None:
    """Each Seer (seat order) may view another player's card or two center cards (``base.Seer``: the
    players first, then the center pairs); a center pair's roles no vote reads (``_exposer``)."""
    night, n = t.night, t.n
    if "seer" not in night:
        return
    center = len(t.printed) - n
    for seat in range(n):
        if night[seat] == "seer":
            others = plan.others[seat]
            k, _ = _ask(t, seat, len(others) + center * (center - 1) // 2)
            if 0 <= k < len(others) and t.informed:
                _see(t, seat, others[k])


def _holder(t: MixedTable, role: str) -> int:
    night = t.night
    return night.index(role) if role in night else -1


def _psychic(t: MixedTable, plan: MixedPlan) -> None:
    seat = _holder(t, "psychic")
    if seat < 0:
        return
    count = _draw(t, "psychic", "psychic.count")
    table = "id_1" if count == "view_one" else "id_2"
    seats = designated(t.n, t.seed, table, seat, "psychic.id" + t.loop)
    looks: list[tuple[int, ...]] = [pair for pair in combinations(seats, 1 if count == "view_one" else 2)]
    k, _ = _ask(t, seat, len(looks))
    if k >= 0 and t.informed:
        for pos in looks[k]:
            _see(t, seat, pos)


def _rascal(t: MixedTable, plan: MixedPlan) -> None:
    seat = _holder(t, "rascal")
    if seat < 0:
        return
    kind = _draw(t, "rascal", "rascal.kind")
    if kind not in RASCAL_TABLES or kind == "drunk":
        raise Fallback(kind)
    seats = designated(t.n, t.seed, RASCAL_TABLES[kind], seat, "rascal.id" + t.loop)
    n = t.n
    if kind == "witch":
        looks = [s for s in seats if any(p not in (seat, s) for p in range(n))]
        k, _ = _ask(t, seat, len(looks))
        if k < 0:
            return
        viewed = looks[k]
        if t.informed:
            _see(t, seat, viewed)
        partners = [p for p in range(n) if p not in (seat, viewed)]
        j, asked = _ask(t, seat, len(partners), has_pass=False)
        _swap(t, viewed, partners[j], seat, asked)
    elif kind == "troublemaker":
        swaps = list(combinations(seats, 2))
        k, asked = _ask(t, seat, len(swaps))
        if k >= 0:
            _swap(t, swaps[k][0], swaps[k][1], seat, asked)
    else:  # robber
        k, asked = _ask(t, seat, len(seats))
        if k >= 0:
            _swap(t, seat, seats[k], seat, asked)
            if t.informed:
                _see(t, seat, seat)


def _pattern(seed: int, n: int, stream: str) -> tuple[int, ...]:
    """The offsets of a T-BLOB pattern (``groups.draw_pattern``: stream ``blob``/``family_man``, or its
    ``#loop2`` twin, whose announcement replaces the first on a repeated night)."""
    k = pattern_size(n)
    side = drawn(RULESET, seed, "blob_even" if k % 2 == 0 else "blob_odd", stream)
    return pattern_offsets(f"{side}_{k}")


def _exposer(t: MixedTable, plan: MixedPlan) -> None:
    """The Exposer flips exactly the drawn number (1, 2 or 3) of face-down center cards, or none. What he
    sees is a center card's role, which no bot's vote reads (a center card reaches a player's seat only
    through the Temptress, who views nothing, and the ripple witch, who views it first). So with a single
    night (three center cards or more: always a flip to choose) only his one draw is counted; a repeated
    night needs which cards are still face down (a flipped card moved by the Temptress's second swap
    leaves the center face up, and a face-down card takes its place)."""
    seat = _holder(t, "exposer")
    if seat < 0:
        return
    if not t.repeat:
        t.streams.count[seat] += 1
        return
    count = int(_draw(t, "exposer", "exposer"))
    at, up = t.at, t.up
    down = [pos for pos in range(t.n, len(at)) if at[pos] not in up]
    flips = list(combinations(down, count))
    k, _ = _ask(t, seat, len(flips))
    if k >= 0:
        up.update(at[pos] for pos in flips[k])  # (face up: the card, wherever it goes next)


def _empath(t: MixedTable, plan: MixedPlan) -> None:
    night = t.night
    below, n = t.streams.below, t.n
    for seat in designated(n, t.seed, "id_g", None, "empath.group" + t.loop):
        if night[seat] != "empath":
            below(seat, n - 1)


def _mortician(t: MixedTable, plan: MixedPlan) -> None:
    seat = _holder(t, "mortician")
    if seat < 0:
        return
    count = _draw(t, "mortician", "mortician")
    if count == "0":
        return
    n = t.n
    left, right = (seat + 1) % n, (seat - 1) % n
    stage = "both" if count == "2" else _draw(t, "mortician_id", "mortician.dir")
    if stage == "left":
        seats: tuple[int, ...] = (left,)
    elif stage == "right":
        seats = (right,)
    else:
        seats = tuple(sorted({left, right}))
    if stage == "both":
        k, _ = _ask(t, seat, 1)
        if k >= 0 and t.informed:
            for pos in seats:
                _see(t, seat, pos)
        return
    k, _ = _ask(t, seat, len(seats))
    if k >= 0 and t.informed:
        _see(t, seat, seats[k])


_STEP = {"aliens": _aliens, "villains": _villains, "werewolves": _werewolves, "seer": _seer, "psychic": _psychic,
         "rascal": _rascal, "exposer": _exposer, "empath": _empath, "mortician": _mortician}


def play(plan: MixedPlan, cards: list[str], seed: int, informed: bool) -> GameResult:
    """One game: the deal ``cards`` (extra cards included), the night, the votes, the result. Raises
    ``Fallback`` for a game the engine must play."""
    kind = ripple_kind(RULESET, seed) if plan.ripple else None
    if not game_covered(kind):
        raise Fallback(kind)
    t = MixedTable(cards, plan.players, seed, informed)
    t.repeat = kind == "repeat_night"
    steps = plan.steps
    for i, step in enumerate(steps):
        if step == "ripple":
            if kind in PLAYED_RIPPLES:
                play_ripple(t, plan, kind)  # type: ignore[arg-type]  # (the attributes it reads)
            elif kind in OWN_RIPPLES:
                _ripple(t, kind)
            elif t.repeat:  # every step before the ripple once more, its draws from ``#loop2`` streams
                t.loop = "#loop2"
                for again in steps[:i]:
                    if again != "blob" and again != "family_man":
                        _STEP[again](t, plan)
        elif step == "blob" or step == "family_man":
            pass  # (the pattern binds only the resolution: drawn there, when a seat holds the card)
        else:
            _STEP[step](t, plan)
    app = kind == "dealer_vote"
    return _resolve(t, plan, _votes(t, plan, app))


def _votes(t: MixedTable, plan: MixedPlan, app: bool) -> list[int]:
    """``vote.cast_votes`` on this table (the same policy: ``InformedBot._vote``/``RandomBot``). ``app``:
    the ripple ``dealer_vote``, each seat's last option is a vote for the app (ballot ``n``)."""
    n = plan.players
    m = n - 1 + app  # options per seat
    below = t.streams.below
    others = plan.others if not app else tuple(o + (n,) for o in plan.others)
    if not t.informed:
        return [others[s][below(s, m)] for s in range(n)]
    ballots = []
    sides, night, beliefs = plan.sides, t.night, t.beliefs
    without = t.streams.below_without
    for s in range(n):
        b = beliefs[s]
        mine = sides.get(b.get(s))
        if mine is None:
            mine = sides.get(night[s]) or "village"
        hits = []
        for pos, role in b.items():
            side = sides.get(role)
            if side is not None and pos < n and pos != s:
                hits.append((pos if pos < s else pos - 1, side))
        k = informed_ballot(s, m, mine, hits, below, without)
        ballots.append(others[s][k])
    return ballots


def _resolve(t: MixedTable, plan: MixedPlan, ballots: list[int]) -> GameResult:
    """``rulesets/onuw/resolution.resolve`` for these roles: who died, who won, the team lines."""
    n = plan.players
    printed, at, kind_of = t.printed, t.at, plan.kind
    roles = tuple([printed[at[s]] for s in range(n)])
    kinds = [kind_of[r] for r in roles]
    keys = tuple([r if r in SPECIAL_KEYS else (k or "village") for r, k in zip(roles, kinds)])
    tally = [0] * (n + 1)  # (seat n: the app, under the ripple ``dealer_vote``)
    for target in ballots:
        tally[target] += 1
    present = [k for k in EVIL_KINDS if k in kinds]
    if "village" in keys:
        present.append("village")
    epic = len(present) >= 3
    counts = sorted({c for c in tally if c}, reverse=True)
    dead: set[int] = set()
    if counts:
        top = [s for s in range(n + 1) if tally[s] == counts[0]]
        if epic:
            dead.update(top)
            if len(top) == 1 and len(counts) > 1:
                dead.update(s for s in range(n + 1) if tally[s] == counts[1])
        elif counts[0] >= 2:
            dead.update(top)
        dead.discard(n)  # the app can be voted out, but it is never a death
    evil = [k for k in EVIL_KINDS if k in present]
    died = {k: any(kinds[s] == k for s in dead) for k in evil}
    won: dict[str, bool] = {}
    if epic:
        for x in evil:
            won[x] = not died[x] and any(died[y] for y in evil if y != x)
        won["village"] = sum(died.values()) >= 2
    elif not evil:
        won["village"] = not dead
    else:
        won["village"] = len(evil) == 1 and died[evil[0]]
        for x in evil:
            won[x] = not died[x]
    winners = []
    patterns = t.patterns
    for s in range(n):
        key = keys[s]
        if key in SPECIAL_KEYS:
            if key == "mortician":
                ok = (s - 1) % n in dead or (s + 1) % n in dead
            else:
                offsets = patterns.get(key)
                if offsets is None:
                    offsets = patterns[key] = _pattern(t.seed, n, key + t.loop)
                ok = s not in dead and all((s + off) % n not in dead for off in offsets)
        else:
            ok = won.get(key, False)
        if ok:
            winners.append(s)
    teams = tuple([(k, won[k]) for k in MAIN_TEAMS if k in won and k in present])
    result = GameResult(frozenset(dead), frozenset(winners), roles, keys, teams)
    if epic:
        result.mode = "epic"
    return result


_PLANS: dict[tuple[str, ...], MixedPlan] = {}


def plan_for(setup: Setup) -> MixedPlan:
    key = (str(len(setup.players)),) + tuple(sorted(setup.deck))
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) > 64:
            _PLANS.clear()
        plan = _PLANS[key] = MixedPlan(setup)
    return plan


def deal(setup: Setup, seed: int) -> list[str]:
    """The game's table: the engine's deal, then the Temptress's extra card."""
    return with_extras(RULESET, seed, RULESETS[RULESET].deal_for(setup, seed))


__all__ = ["Fallback", "MIXED_ROLES", "MixedPlan", "covers", "deal", "game_covered", "play", "plan_for"]
