"""Classic bot games on one mutable table (``simulate --ruleset classic``'s fast path).

``rulesets/classic`` plays a game as one generator over immutable ``Board`` values, with prompts, events
and observations: what the app needs. A batch of bot games needs only who died when and who won. This
module plays the same games with one mutable table per game: the cards, who lives, the lovers, the
sheriff, the potions, what each seat knows of the werewolves (the only knowledge the informed bots use),
and the count of the events the engine would have logged (the informed vote's stream is named by it).
The bots answer inline, drawing from the same seeded streams as ``classic.bots`` and the chance draws
from the same streams as ``classic.protocol.chance_from_seed``, draw for draw: a covered game's deaths
per round, winners, side, reason and length are the engine's (tests/test_classic_batch_equals_engine.py
compares them over thousands of seeded games).

``covers(setup, bot)`` says which set-ups it plays: the roles of the default decks (werewolf, villager,
seer, witch, hunter, cupid, little girl), no event deck, the sheriff elected by day, the vote by pointing
with no elimination on a tie; every other option value of these roles is played. Anything else is played
by the engine (``player`` returns the engine's game then)."""

from __future__ import annotations

from _random import Random as _MersenneTwister
from collections.abc import Callable
from hashlib import sha512 as _sha512
from itertools import combinations
from typing import Any, NamedTuple

from ...model.rng import shuffled
from ...model.values import Setup
from ...rulesets import ruleset_for
from ...rulesets.classic.rules import CLASSIC_RULES
from ...rulesets.classic.catalog import classic_catalog
from ...rulesets.classic.events import events_played
from ...rulesets.classic.game import ROUND_LIMIT
from ...rulesets.classic.options import ClassicRules
from ...rulesets.classic.deck import full_deck
from .draws import below

#: The roles the fast path plays (the default decks' roles).
COVERED_ROLES = frozenset({"werewolf", "villager", "seer", "witch", "hunter", "cupid", "little_girl"})
BOTS = ("informed", "random")


class ClassicResult(NamedTuple):
    """How a game ended, under the names ``Board`` gives them (either one is tallied)."""

    roles: tuple[str, ...]
    alive: tuple[bool, ...]
    round: int
    winners: tuple[int, ...]
    winning_side: str | None
    reason: str
    ended_after: str | None
    deaths: tuple[tuple[str, tuple[int, ...]], ...]

    @classmethod
    def of(cls, b: Any) -> ClassicResult:
        """The result of an engine game (a ``Board``)."""
        return cls(tuple(b.roles), tuple(b.alive), b.round, tuple(b.winners), b.winning_side, b.reason,
                   b.ended_after, tuple(b.deaths))


def covers(setup: Setup, bot: str) -> bool:
    """Does the fast path play ``setup``'s games (else the engine does)?"""
    if ruleset_for(setup.ruleset).game is not CLASSIC_RULES or bot not in BOTS:
        return False
    deck = full_deck(setup)
    if not set(deck) <= COVERED_ROLES or len(deck) != len(setup.players):
        return False
    rules = ClassicRules.of(setup)
    return (not events_played(rules.events, rules.new_moon_events, deck)
            and rules.election in ("day1_after_statements", "day1_before_statements")
            and rules.procedure == "simultaneous_point" and rules.tie_policy == "no_elimination")


def _bits(seed: int, purpose: str) -> Callable[[int], int]:
    """``stream(seed, purpose).getrandbits``: the same Mersenne Twister, seeded as ``random.Random``
    seeds a string (version 2), without the Python-level ``Random`` around it."""
    key = f"onenight/{seed}/{purpose}".encode()
    return _MersenneTwister(int.from_bytes(key + _sha512(key).digest(), "big")).getrandbits


class _Plan:
    """What every game of a set-up shares: the deck, the sides, the options read once."""

    def __init__(self, setup: Setup, bot: str) -> None:
        catalog = classic_catalog()
        rules = ClassicRules.of(setup)
        self.players = len(setup.players)
        self.deck = full_deck(setup)
        self.composition = frozenset(self.deck)
        self.wolf = {r: catalog.side(r) == "werewolves" for r in self.composition}
        self.villager = {r: catalog.side(r) == "villagers" for r in self.composition}
        self.informed = bot == "informed"
        self.rules = rules
        self.sheriff = rules.sheriff
        self.double = rules.double_vote
        # the seer's look teaches a werewolf: a CardView of role "werewolf", or a Learned "werewolf"
        self.seer_marks = {r: (r == "werewolf") if rules.seer_reveals == "role" else self.wolf[r]
                           for r in self.composition}
        p = rules.spy_chance
        self.spy_cum, self.spy_total = p, p + (1 - p) + 0.0  # ``Random.choices``'s cumulative weights


class _Game:
    """One game's mutable table."""

    __slots__ = ("plan", "seed", "n", "roles", "wolf", "alive", "known", "streams", "ev", "chances",
                 "lovers", "sheriff", "life", "death", "round", "over", "holders")

    def __init__(self, plan: _Plan, seed: int) -> None:
        self.plan = plan
        self.seed = seed
        n = self.n = plan.players
        roles = self.roles = shuffled(seed, "deal", plan.deck)
        self.wolf = [plan.wolf[r] for r in roles]
        self.alive = [True] * n
        self.known: list[set[int]] = [set() for _ in range(n)]  # werewolves each seat learned of
        self.streams: dict[int, Callable[[int], int]] = {}
        self.ev = 1  # the engine's event log: the deal
        self.chances = 0
        self.lovers: tuple[int, int] | None = None
        self.sheriff: int | None = None
        self.life = self.death = True
        self.round = 1
        self.over: tuple[tuple[int, ...], str | None, str, str] | None = None
        holders: dict[str, list[int]] = {}
        for s, r in enumerate(roles):
            holders.setdefault(r, []).append(s)
        self.holders = holders

    # -- draws ----------------------------------------------------------------------------------------

    def pick(self, seat: int, n: int) -> int:
        """The index a bot of ``seat`` draws among ``n`` options (``classic.bots.random_answers``)."""
        bits = self.streams.get(seat)
        if bits is None:
            bits = self.streams[seat] = _bits(self.seed, f"classic-bot/{seat}")
        return below(bits, n)

    def chance(self, purpose: str, n: int) -> int:
        """The index of the next chance draw among ``n`` choices (``chance_from_seed``)."""
        k = self.chances
        self.chances = k + 1
        return below(_bits(self.seed, f"classic/{k}/{purpose}"), n)

    def spy_draw(self, purpose: str) -> bool:
        """A weighted chance draw of (True, False) with the little girl's risk."""
        k = self.chances
        self.chances = k + 1
        key = f"onenight/{self.seed}/classic/{k}/{purpose}".encode()
        rng = _MersenneTwister(int.from_bytes(key + _sha512(key).digest(), "big"))
        return rng.random() * self.plan.spy_total < self.plan.spy_cum

    # -- reading --------------------------------------------------------------------------------------

    def living(self) -> list[int]:
        alive = self.alive
        return [s for s in range(self.n) if alive[s]]

    def living_holder(self, role: str) -> int | None:
        for s in self.holders.get(role, ()):
            if self.alive[s]:
                return s
        return None

    def lover_of(self, seat: int) -> int | None:
        lovers = self.lovers
        if lovers is not None:
            if lovers[0] == seat:
                return lovers[1]
            if lovers[1] == seat:
                return lovers[0]
        return None

    def known_wolves(self, seat: int) -> set[int]:
        """``classic.bots._known_wolves``: the dead werewolves, the pack for a werewolf, what he learned."""
        wolf, alive = self.wolf, self.alive
        if wolf[seat]:
            known = {s for s in range(self.n) if wolf[s]}
        else:
            known = {s for s in range(self.n) if wolf[s] and not alive[s]}
        return known | self.known[seat]

    # -- the game -------------------------------------------------------------------------------------

    def play(self) -> ClassicResult:
        deaths: list[tuple[str, tuple[int, ...]]] = []
        while True:
            r = self.round
            before = list(self.alive)
            self.ev += 1  # the night's round
            self.night()
            deaths.append((f"night{r}", tuple(s for s in range(self.n) if before[s] and not self.alive[s])))
            if self.over is not None:
                break
            before = list(self.alive)
            self.ev += 1  # the day's round
            self.day()
            deaths.append((f"day{r}", tuple(s for s in range(self.n) if before[s] and not self.alive[s])))
            if self.over is not None:
                break
            if r >= ROUND_LIMIT:
                self.over = ((), None, "round_limit", f"night{r}")
                break
            self.round = r + 1
        winners, side, reason, ended = self.over
        return ClassicResult(tuple(self.roles), tuple(self.alive), self.round, winners, side, reason, ended,
                             tuple(deaths))

    def night(self) -> None:
        plan, comp, informed = self.plan, self.plan.composition, self.plan.informed
        first = self.round == 1
        if first and "cupid" in comp:
            c = self.living_holder("cupid")
            if c is not None:
                pairs = list(combinations(self.living(), 2))
                x, y = pairs[self.pick(c, len(pairs))]
                self.ev += 1
                self.lovers = (x, y)
                if plan.rules.lovers_know_roles:  # each lover sees the other's card
                    if self.roles[y] == "werewolf":
                        self.known[x].add(y)
                    if self.roles[x] == "werewolf":
                        self.known[y].add(x)
        if "seer" in comp:
            s = self.living_holder("seer")
            if s is not None:
                looks = [t for t in self.living() if t != s]
                if looks:
                    t = looks[self.pick(s, len(looks))]
                    self.ev += 1
                    if plan.seer_marks[self.roles[t]]:
                        self.known[s].add(t)
        victim: int | None = None
        caught: int | None = None
        if "werewolf" in comp:
            living = self.living()
            wolf = self.wolf
            pack = [s for s in living if wolf[s]]
            targets = [t for t in living if not wolf[t]]
            girl = self.living_holder("little_girl")
            if girl is not None and pack:
                spy = self.pick(girl, 2) == 0  # (spy, pass)
                self.ev += 1
                if spy:
                    sees = self.spy_draw("little_girl_sees")
                    if self.spy_draw("little_girl_caught"):
                        caught = girl
                        self.ev += 1
                    if sees:
                        self.known[girl].update(pack)
            if pack and targets:
                tally: dict[int, int] = {}
                for seat in pack:
                    t = targets[self.pick(seat, len(targets))]
                    self.ev += 1
                    tally[t] = tally.get(t, 0) + 1
                top = max(tally.values())
                tied = sorted(t for t, c in tally.items() if c == top)
                victim = tied[0] if len(tied) == 1 else tied[self.chance("pack_tie", len(tied))]
                self.ev += 1
        saved = False
        poison: int | None = None
        if "witch" in comp:
            w = self.living_holder("witch")
            if w is not None:
                rules = plan.rules
                life, death = self.life, self.death
                may_save = victim is not None and life and (
                    victim != w or rules.self_save == "always"
                    or (rules.self_save == "first_night_only" and first)
                ) and not (victim == caught and not rules.caught_savable)
                if may_save:
                    save = True if informed else self.pick(w, 2) == 0  # (save, pass)
                    self.ev += 1
                    if save:
                        saved = True
                        life = False
                        if rules.single_potion:
                            death = False
                if death:
                    options = [t for t in self.living() if t != w or rules.self_poison]
                    if informed:
                        known = self.known_wolves(w)
                        poison = next((t for t in options if t in known and t != w), None)
                    else:
                        i = self.pick(w, len(options) + 1)  # the poisons, then pass
                        poison = options[i] if i < len(options) else None
                    self.ev += 1
                    if poison is not None:
                        death = False
                        if rules.single_potion:
                            life = False
                self.life, self.death = life, death
        # dawn
        dying: list[int] = []
        if victim is not None:
            if saved:
                self.ev += 1
            else:
                dying.append(victim)
        if poison is not None and self.alive[poison]:
            if poison in dying:
                dying.remove(poison)
            dying.append(poison)
        self.deaths_then_victory(dying, f"night{self.round}")

    def day(self) -> None:
        plan = self.plan
        if plan.sheriff and self.round == 1:
            self.elect()
        voters = self.living()
        informed = plan.informed
        tally: dict[int, int] = {}
        sheriff, double = self.sheriff, plan.double
        wolf = self.wolf
        for v in voters:
            lover = self.lover_of(v)
            options = [t for t in voters if t != v and t != lover]
            t: int | None = None
            if not options:  # only abstaining: the bot still draws its one option
                self.pick(v, 1)
            else:
                good: list[int] = []
                if informed:
                    known = self.known_wolves(v)
                    good = [t for t in options if t not in known] if wolf[v] else [t for t in options if t in known]
                if good:
                    t = good[below(_bits(self.seed, f"classic-informed/{v}/{self.ev}"), len(good))]
                else:
                    t = options[self.pick(v, len(options))]
            self.ev += 1
            if t is not None:
                tally[t] = tally.get(t, 0) + (2 if double and v == sheriff else 1)
        target = None
        if tally:
            top = max(tally.values())
            tied = [t for t, c in tally.items() if c == top]
            if len(tied) == 1:
                target = tied[0]
        self.ev += 1  # no_elimination, or eliminated
        if target is not None:
            self.deaths_then_victory([target], f"day{self.round}")

    def elect(self) -> None:
        """The sheriff's election: a random ballot each, a re-vote among the tied, then a draw."""
        living = self.living()
        tied = self.ballots(living, living)
        if len(tied) > 1:
            tied = self.ballots(living, tied) or tied
        self.sheriff = tied[0] if len(tied) == 1 else tied[self.chance("election_tie", len(tied))]
        self.ev += 1

    def ballots(self, voters: list[int], names: list[int]) -> list[int]:
        tally: dict[int, int] = {}
        for v in voters:
            t = names[self.pick(v, len(names))]
            tally[t] = tally.get(t, 0) + 1
        self.ev += len(voters)
        top = max(tally.values())
        return sorted(t for t, c in tally.items() if c == top)

    def deaths_then_victory(self, dying: list[int], label: str) -> None:
        """``die_together`` then the victory check (the succession, which decides nothing about the end,
        only when the game goes on)."""
        alive = self.alive
        for s in dying:
            alive[s] = False
        self.ev += len(dying)
        queue = list(dying)
        dead_sheriff = None
        while queue:
            x = queue.pop(0)
            more: list[int] = []
            lover = self.lover_of(x)
            if lover is not None and alive[lover]:
                more.append(lover)
                alive[lover] = False
                self.ev += 1
            if self.roles[x] == "hunter":
                living = self.living()
                if living:
                    shot = None
                    if self.plan.informed:
                        known = self.known_wolves(x)
                        if self.wolf[x]:
                            shot = next((t for t in living if t not in known), None)
                        else:
                            shot = next((t for t in living if t in known), None)
                    if shot is None:
                        shot = living[self.pick(x, len(living))]
                    self.ev += 2  # the shot and the death
                    more.append(shot)
                    alive[shot] = False
            if self.sheriff == x:
                dead_sheriff = x
            queue += more
        self.victory(label)
        if dead_sheriff is not None and self.over is None:
            self.succession(dead_sheriff)

    def succession(self, dead: int) -> None:
        living = self.living()
        if not living:
            self.sheriff = None
            return
        i = self.pick(dead, len(living) + 1)  # each living player, then pass
        self.ev += 1
        self.sheriff = living[i] if i < len(living) else living[self.chance("successor", len(living))]

    def victory(self, label: str) -> None:
        """``game.victory``: the first matching rule of §4.7."""
        living = self.living()
        if not living:
            self.over = ((), None, "nobody_alive", label)
            return
        wolf, plan = self.wolf, self.plan
        mixed: set[int] = set()
        if self.lovers is not None and wolf[self.lovers[0]] != wolf[self.lovers[1]]:
            mixed = set(self.lovers)
            if set(living) == mixed:
                cupid = set(self.holders.get("cupid", ())) if plan.rules.cupid_wins_with_lovers else set()
                self.over = (tuple(sorted(mixed | cupid)), "lovers", "mixed_couple_alone", label)
                return
        wolves = sum(1 for s in living if wolf[s])
        others = len(living) - wolves
        if not others or (plan.rules.parity and wolves >= others):
            pack = tuple(s for s in range(self.n) if wolf[s] and s not in mixed)
            self.over = (pack, "werewolves", "parity" if others else "no_villagers_left", label)
        elif not wolves:
            village = tuple(s for s in range(self.n) if plan.villager[self.roles[s]] and s not in mixed)
            self.over = (village, "villagers", "no_werewolves_left", label)


def player(setup: Setup, bot: str) -> Callable[[int], ClassicResult]:
    """The function that plays game ``seed`` of ``setup``: the fast path when it covers the set-up,
    else the engine (the one loop, ``model.game.drive``, with classic's bots: the claiming bots of
    ``play.classic_claims`` always play there)."""
    if covers(setup, bot):
        plan = _Plan(setup, bot)
        return lambda seed: _Game(plan, seed).play()
    from ...model.game import drive
    from ..classic_claims import classic_answers

    def engine(seed: int) -> ClassicResult:
        game = drive(CLASSIC_RULES, CLASSIC_RULES.new_game(setup, seed), classic_answers(setup, seed, bot))
        assert game.board is not None
        return ClassicResult.of(game.board)

    return engine


def play_game(setup: Setup, seed: int, bot: str = "informed") -> ClassicResult:
    """One game (the fast path when it covers ``setup``)."""
    return player(setup, bot)(seed)


__all__ = ["COVERED_ROLES", "ClassicResult", "covers", "play_game", "player"]
