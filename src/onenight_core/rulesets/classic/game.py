"""The classic game as one procedure, written in the order of docs/resolution.md §4.8's game loop.

``play(setup, deal)`` is a generator: it yields an ``Ask`` (a prompt and the board) whenever a player
must answer (and receives the ``Action``), or a ``Chance`` whenever the rules draw at random (and
receives the outcome). It touches nothing outside its own immutable ``Board`` values, so a game is a
pure function of its set-up, deal, answers and chance outcomes: ``protocol`` replays it from those, and a
scenario can pin every chance outcome. Reading the procedure top to bottom is reading §4.3-§4.7."""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Sequence
from itertools import combinations
from typing import Any, TypeVar

from attrs import frozen

from ...model.kinds import PromptKind, PublicKind
from ...model.messages import Message
from ...model.values import PASS, Action, CardView, Learned, Prompt, Setup
from .board import Board, side_of
from .seating import clockwise_after
from .catalog import classic_catalog
from .events import EVENT_CARDS, EVENT_DECK, earliest_eliminated, events_played, punisher
from .options import ClassicRules

ROUND_LIMIT = 60  # a game still running after 60 nights ends with no winner (docs/decisions.md, classic)
POWERS = frozenset({"seer", "witch", "hunter", "defender", "little_girl", "village_idiot", "scapegoat",
                    "cupid"})


@frozen
class Chance:
    """A random draw the rules make: one of ``choices`` (weighted when ``weights`` is given).

    ``purpose`` says what it decides (``pack_tie``, ``little_girl_sees``, ...); a scenario's ``random``
    pins it, otherwise it is drawn from the game's seed."""

    purpose: str
    choices: tuple[Any, ...]
    weights: tuple[float, ...] = ()


@frozen
class Ask:
    """A prompt, with the board as the asked player's table stands (drivers show it)."""

    board: Board
    prompt: Prompt
    joint: tuple[int, ...] = ()  # in a joint step: every member still to answer (the prompt's seat first)


T = TypeVar("T")
Play = Generator[Ask | Chance, Any, T]  # yields prompts and draws, receives answers, returns T


def pos(seat: int) -> str:
    return f"p{seat}"


def seat_of(position: str) -> int:
    return int(position[1:])


DRAWN = "drawn"  # the value of an answer the app drew because the player's time ran out


def _ask(b: Board, seat: int, step: str, role: str, options: Sequence[Action], kind: str = PromptKind.ACT,
         info: tuple[Any, ...] = ()) -> Play[Action]:
    """Ask ``seat`` to choose one of ``options``; the answer is logged as an event. A player whose time
    ran out (``Action("timeout")``) passes where passing is legal; otherwise the answer is drawn among the
    options (``Chance("timeout")``) and returned with the value ``DRAWN``, so the logged act tells it
    apart from a choice (the story says the app chose at random because time ran out)."""
    action: Action = yield Ask(b, Prompt(seat, step, role, kind, tuple(options), info))
    if action.verb != "timeout":
        return action
    if PASS in options:
        return PASS
    drawn: Action = yield Chance("timeout", tuple(options))
    return Action(drawn.verb, drawn.targets, DRAWN)


# -- the game loop (§4.8) -----------------------------------------------------------------------------

def play(setup: Setup, deal: Sequence[str], events: Sequence[str] | None = None) -> Play[Board]:
    """The whole game, from the deal (one card per seat, then the thief's two middle cards). The event
    deck, when played, is drawn a card a day at random unless ``events`` gives its order (a scenario)."""
    rules = ClassicRules.of(setup)
    n = len(setup.players)
    played = events_played(rules.events, rules.new_moon_events, tuple(deal))
    deck = (tuple(events) if events is not None else EVENT_DECK) if played else ()
    b = Board(roles=tuple(deal[:n]), center=tuple(deal[n:]), composition=frozenset(deal),
              alive=(True,) * n, elder_lives=rules.elder_lives, event_deck=deck, events_fixed=events is not None)
    b = b.log("deal", "deal", detail=Message("deal", {"roles": tuple(deal)}))
    if rules.sheriff and rules.election == "night1":
        b = yield from elect_sheriff(b)
    while True:
        b = b.but(phase="night", protected=None, caught=None).tell(PublicKind.PHASE, "night", round=b.round)
        b = b.log(b.label, "round")
        before = b.alive
        b, victim, saved, poison = yield from night(b, rules)
        b = yield from dawn(b, rules, victim, saved, poison)
        b = _record_deaths(b, before)
        if b.phase == "over":
            return b
        before = b.alive
        b = b.but(phase="day").tell(PublicKind.PHASE, "day", round=b.round)
        b = b.log(b.label, "round")
        b = yield from day(b, rules)
        b = _record_deaths(b, before).but(day_event=None)
        if b.phase == "over":
            return b
        if b.round >= ROUND_LIMIT:
            return _over(b.but(phase="night"), (), None, "round_limit")
        b = b.but(round=b.round + 1)


def _record_deaths(b: Board, before: tuple[bool, ...]) -> Board:
    died = tuple(s for s in range(b.players) if before[s] and not b.alive[s])
    label = b.label if b.phase != "over" else (b.ended_after or b.label)
    return b.but(deaths=b.deaths + ((label, died),))


def _over(b: Board, winners: Sequence[int], side: str | None, reason: str) -> Board:
    label = b.label
    b = b.but(phase="over", ended_after=label, winners=tuple(sorted(winners)), winning_side=side,
              reason=reason)
    return b.tell(PublicKind.PHASE, "over", side=side or "none", reason=reason).log(
        "end", "over", detail=Message("over", {"team": side or "none", "reason": reason}))


# -- the night (§4.3) ---------------------------------------------------------------------------------

def night(b: Board, rules: ClassicRules) -> Play[tuple[Board, int | None, bool, int | None]]:
    victim: int | None = None
    poison: int | None = None
    saved = False
    if b.next_night_event == "werewolf_ally":  # an event card revealed yesterday acts first tonight
        b = b.tell(PublicKind.STEP, "ally", round=b.round)
        b = yield from ally_step(b)
        b = b.but(next_night_event=None)
    moon = b.next_night_event == "full_moon_rising"  # tonight the werewolves look and a pack of the night hunts
    # the night order and which nights each step is called on: classic.toml's [[step]] (A-C15: every slot of
    # the composition is called, dead or alive)
    for slot in classic_catalog().night_steps(b.composition, b.round):
        b = b.tell(PublicKind.STEP, slot, round=b.round)  # called dead or alive (A-C15)
        if moon and slot in ("seer", "witch"):  # Full Moon Rising: they wake with the pack of the night instead
            continue
        if moon and slot == "werewolf":
            b = yield from moon_looks(b)
            b = b.tell(PublicKind.STEP, "full_moon", round=b.round)
            b, victim = yield from werewolves_step(b, rules, full_moon_pack(b))
            continue
        if slot == "thief":
            b = yield from thief_step(b, rules)
        elif slot == "cupid":
            b = yield from cupid_step(b)
        elif slot == "lovers":
            b = lovers_meet(b, rules)
        elif slot == "seer":
            b = yield from seer_step(b, rules)
        elif slot == "defender":
            b = yield from defender_step(b, rules)
        elif slot == "werewolf":
            b, victim = yield from werewolves_step(b, rules)
            if b.next_night_event == "backfire":  # the event card replaces tonight's attack
                b, victim = backfire(b, victim), None
            if b.next_night_event == "specter":  # so does this one, in a step of its own
                b = b.tell(PublicKind.STEP, "specter", round=b.round)
                b, victim = (yield from specter_step(b, victim)), None
        elif slot == "witch":
            b, saved, poison = yield from witch_step(b, rules, victim)
        elif slot == "piper":
            b = yield from piper_step(b, rules)
        elif slot == "charmed":
            b = charmed_meet(b)
    return b.but(next_night_event=None), victim, saved, poison


def thief_step(b: Board, rules: ClassicRules) -> Play[Board]:
    thieves = [s for s in b.holders("thief") if b.alive[s]]
    if not thieves or len(b.center) < 2:
        return b
    seat = thieves[0]
    both_wolves = all(side_of(c) == "werewolves" for c in b.center)
    options = [Action("take", ("c0",)), Action("take", ("c1",))]
    if not (both_wolves and rules.thief_must_take_werewolf):
        options.append(Action("pass"))
    b = b.learn(CardView(seat, "c0", b.center[0], "thief"), CardView(seat, "c1", b.center[1], "thief"))
    a = yield from _ask(b, seat, "thief", "thief", options, info=tuple(b.center))
    b = b.log("thief", "act", seat, "thief", a)
    if a.verb == "take":
        i = int(a.targets[0][1:])
        roles = list(b.roles)
        center = list(b.center)
        roles[seat], center[i] = center[i], roles[seat]
        b = b.but(roles=tuple(roles), center=tuple(center))
    return b


def ally_step(b: Board) -> Play[Board]:
    """The ``werewolf_ally`` event (§4.6): the earliest-eliminated player designates a living player who
    is not a werewolf; that player is shown the werewolves and becomes their ally (A-C17)."""
    seat = earliest_eliminated(b)
    options = [Action("ally", (pos(t),)) for t in b.living() if b.side(t) != "werewolves" and t not in b.allies]
    if seat is None or not options:
        return b
    a = yield from _ask(b, seat, "ally", "event", options)
    t = seat_of(a.targets[0])
    b = b.log("ally", "act", seat, "event", a).but(allies=b.allies | {t})
    pack = tuple(pos(w) for w in b.wolves())
    return b.learn(Learned(t, (), "werewolf_ally", "ally"), Learned(t, pack, "werewolf", "ally"))


def cupid_step(b: Board) -> Play[Board]:
    seat = b.living_holder("cupid")
    if seat is None:
        return b
    options = [Action("lovers", (pos(x), pos(y))) for x, y in combinations(b.living(), 2)]
    a = yield from _ask(b, seat, "cupid", "cupid", options)
    x, y = (seat_of(t) for t in a.targets)
    return b.but(lovers=(x, y)).log("cupid", "act", seat, "cupid", a)


def lovers_meet(b: Board, rules: ClassicRules) -> Board:
    if len(b.lovers) != 2:
        return b
    x, y = b.lovers
    b = b.learn(Learned(x, (pos(y),), "lover", "lovers"), Learned(y, (pos(x),), "lover", "lovers"))
    if rules.lovers_know_roles:
        b = b.learn(CardView(x, pos(y), b.roles[y], "lovers"), CardView(y, pos(x), b.roles[x], "lovers"))
    return b


def seer_step(b: Board, rules: ClassicRules) -> Play[Board]:
    seat = b.living_holder("seer")
    if seat is None:
        return b
    options = [Action("look", (pos(t),)) for t in b.living() if t != seat]
    if not options:
        return b
    a = yield from _ask(b, seat, "seer", "seer", options)
    t = seat_of(a.targets[0])
    role = b.roles[t]
    b = b.log("seer", "act", seat, "seer", a)
    if rules.seer_reveals == "role":
        return b.learn(CardView(seat, pos(t), role, "seer")).but(seen=b.seen + ((b.label, seat, t, role),))
    wolf = "werewolf" if b.side(t) == "werewolves" else "not_werewolf"
    return b.learn(Learned(seat, (pos(t),), wolf, "seer")).but(seen=b.seen + ((b.label, seat, t, wolf),))


def defender_step(b: Board, rules: ClassicRules) -> Play[Board]:
    seat = b.living_holder("defender")
    if seat is None:
        return b
    options = [Action("protect", (pos(t),)) for t in b.living()
               if rules.defender_twice or t != b.last_protected]
    a = yield from _ask(b, seat, "defender", "defender", options)
    t = seat_of(a.targets[0])
    return b.but(protected=t, last_protected=t).log("defender", "act", seat, "defender", a)


def werewolves_step(b: Board, rules: ClassicRules, night_pack: tuple[int, ...] | None = None
                    ) -> Play[tuple[Board, int | None]]:
    """A joint step (seed 004 step 5): every living werewolf names a victim and the little girl may spy,
    each whenever he takes the laptop in the step. The engine asks them in seat order (the girl first),
    but any member still to answer may take the turn (``Action("turn", (pos,))``, ``Ask.joint`` lists
    who may). A werewolf whose time ran out (``Action("timeout")``) names nobody. The victim is the
    plurality of the names given; a tie is drawn among the tied, and a pack that named nobody has its
    victim drawn among the targets (logged as drawn, never as a werewolf's choice).

    ``night_pack``: Full Moon Rising's pack of the night (the Seer, the Witch and the Hunter), who hunt
    by the same rule in the step ``full_moon`` (role ``full_moon``) and may name anyone outside it."""
    step = "werewolf" if night_pack is None else "full_moon"
    pack = b.wolves() if night_pack is None else night_pack
    targets = [t for t in b.living() if (b.side(t) != "werewolves" if night_pack is None else t not in pack)]
    girl = b.living_holder("little_girl")
    girl = None if girl in pack else girl
    members = ([girl] if girl is not None and pack else []) + (list(pack) if targets else [])
    options = [Action("kill", (pos(t),)) for t in targets]
    choices: list[int] = []
    met = False
    while members:
        seat = members[0]
        if seat in pack and not met and len(pack) > 1:
            # the pack wakes together: each werewolf sees the others (a thief who took a werewolf card included)
            b = b.learn(*(Learned(w, tuple(pos(o) for o in pack if o != w), "werewolf" if night_pack is None
                                  else "full_moon_pack", step) for w in pack))
            met = True
        if seat == girl:
            prompt = Prompt(seat, step, "little_girl", PromptKind.ACT, (Action("spy"), Action("pass")))
        else:
            prompt = Prompt(seat, step, step, PromptKind.ACT, tuple(options), (), pack)
        a = yield Ask(b, prompt, tuple(members))
        if a.verb == "turn":  # another member took the laptop: his prompt comes first
            t = seat_of(a.targets[0])
            members.remove(t)
            members.insert(0, t)
            continue
        members.pop(0)
        if seat == girl:
            b = b.log(step, "act", girl, "little_girl", a)
            if a.verb == "spy":
                b = yield from _spy(b, rules, girl, pack, "werewolf" if night_pack is None else "full_moon_pack", step)
            continue
        if a.verb == "timeout":
            b = b.log(step, "timeout", seat, step)
            continue
        b = b.log(step, "act", seat, step, a)
        choices.append(seat_of(a.targets[0]))
    if not pack or not targets:
        return b, None
    if not choices:  # nobody named anyone in time: the victim is drawn
        victim = yield Chance("pack_draw", tuple(targets))
        return b.log(step, "victim", victim, None, None, Message("victim", {"how": "drawn"})), victim
    tally = Counter(choices)
    top = max(tally.values())
    tied = tuple(sorted(t for t, c in tally.items() if c == top))
    if len(tied) == 1:
        return b.log(step, "victim", tied[0]), tied[0]
    victim = yield Chance("pack_tie", tied)
    return b.log(step, "victim", victim, None, None, Message("victim", {"how": "tie"})), victim


def full_moon_pack(b: Board) -> tuple[int, ...]:
    """Full Moon Rising's pack of the night: the living Seer, Witch and Hunter (with their powers)."""
    return tuple(sorted(s for s in (b.living_holder(r) for r in ("seer", "witch", "hunter")) if s is not None))


def moon_looks(b: Board) -> Play[Board]:
    """Full Moon Rising (New Moon reference #1), the werewolves' step: instead of hunting, each living
    werewolf picks one other player and is shown his card, like a Seer; a joint step as the hunt's (each
    answers whenever he takes the laptop); a werewolf whose time ran out looks at nobody. The Little Girl
    spies on the pack of the night instead (``werewolves_step``)."""
    pack = b.wolves()
    members = list(pack)
    while members:
        seat = members[0]
        options = tuple(Action("look", (pos(t),)) for t in b.living() if t != seat)
        a = yield Ask(b, Prompt(seat, "werewolf", "werewolf", PromptKind.ACT, options, (), pack), tuple(members))
        if a.verb == "turn":
            t = seat_of(a.targets[0])
            members.remove(t)
            members.insert(0, t)
            continue
        members.pop(0)
        if a.verb == "timeout":
            b = b.log("werewolf", "timeout", seat, "werewolf")
            continue
        t = seat_of(a.targets[0])
        b = b.log("werewolf", "act", seat, "werewolf", a).learn(CardView(seat, pos(t), b.roles[t], "werewolf"))
    return b


def specter_step(b: Board, victim: int | None) -> Play[Board]:
    """The Specter (New Moon reference #21): the pack's victim wakes, becomes a werewolf and picks one of
    the werewolves, who dies at dawn instead (``Board.specter``), told like the night's victim. "Their
    cards are swapped before morning": the victim takes the werewolf card at once (he sees it and the
    pack; the pack learns him); the chosen werewolf is shown dead at dawn with the victim's old card (what
    the table sees), but he lived and dies a werewolf: the game keeps his true card (the end's winners and
    cards), and the card shown has no power (it neither acts tonight nor triggers at his death). No
    victim: nothing happens; the step is still called."""
    pack = b.wolves()
    if victim is None or not pack:
        return b
    options = [Action("specter", (pos(w),)) for w in pack]
    a = yield from _ask(b, victim, "specter", "specter", options, info=tuple(pos(w) for w in pack))
    b = b.log("specter", "act", victim, "specter", a)
    wolf = seat_of(a.targets[0])
    roles = list(b.roles)
    roles[victim] = b.roles[wolf]
    b = b.but(roles=tuple(roles), specter=(wolf, b.roles[victim]))
    b = b.learn(CardView(victim, pos(victim), roles[victim], "specter"),
                Learned(victim, tuple(pos(w) for w in pack), "werewolf", "specter"),
                *(Learned(w, (pos(victim),), "werewolf", "werewolf") for w in pack if w != wolf))  # awake still
    return b


def backfire(b: Board, victim: int | None) -> Board:
    """The Backfire event (New Moon reference #5): a victim holding a Simple Villager card secretly
    becomes a werewolf (he sees his new card); any other victim survives and the first living werewolf to
    his left (clockwise) dies at dawn instead (``Board.rebound``). No victim: nothing happens."""
    b = b.but(next_night_event=None)
    if victim is None:
        return b
    if b.roles[victim] == "villager":
        roles = list(b.roles)
        roles[victim] = "werewolf"
        b = b.but(roles=tuple(roles)).learn(CardView(victim, pos(victim), "werewolf", "backfire"))
        return b.log("werewolf", "backfire", victim, "werewolf", None, Message("backfire", {"how": "converted"}))
    wolves = [s for s in clockwise_after(b.players, b.living(), victim) if s != victim and b.side(s) == "werewolves"]
    if not wolves:
        return b
    return b.but(rebound=wolves[0]).log("werewolf", "backfire", wolves[0], b.roles[wolves[0]], None,
                                         Message("backfire", {"how": "rebound", "victim": victim}))


def _spy(b: Board, rules: ClassicRules, girl: int, pack: tuple[int, ...], as_: str = "werewolf",
         step: str = "werewolf") -> Play[Board]:
    """The little girl spies: she may see the pack (``as_``: the werewolves, or Full Moon Rising's pack of
    the night), and the pack may catch her (A-C11)."""
    chances = (rules.spy_chance, 1 - rules.spy_chance)
    sees = yield Chance("little_girl_sees", (True, False), chances)
    caught = yield Chance("little_girl_caught", (True, False), chances)
    if sees:
        b = b.learn(Learned(girl, tuple(pos(w) for w in pack), as_, step))
        b = b.but(spied=b.spied + ((b.label, girl, pack),))
    if caught:
        b = b.learn(*(Learned(w, (pos(girl),), "little_girl", step) for w in pack))
        b = b.log("werewolf", "caught", girl, "little_girl").but(caught=girl)
    return b


def witch_step(b: Board, rules: ClassicRules, victim: int | None) -> Play[tuple[Board, bool, int | None]]:
    """Save the victim (life potion) and/or poison a living player (death potion): two prompts."""
    seat = b.living_holder("witch")
    if seat is None:
        return b, False, None
    saved, poison = False, None
    life, death = b.potions
    caught_girl = victim is not None and victim == b.caught
    may_save = victim is not None and life and (
        victim != seat or rules.self_save == "always" or (rules.self_save == "first_night_only" and b.round == 1)
    ) and not (caught_girl and not rules.caught_savable)
    info = (pos(victim),) if rules.witch_knows_victim and victim is not None else ()
    if may_save:
        assert victim is not None  # may_save needs a victim
        save = Action("save", (pos(victim),)) if rules.witch_knows_victim else Action("save")
        a = yield from _ask(b, seat, "witch", "witch", [save, Action("pass")], info=info)
        b = b.log("witch", "act", seat, "witch", a)
        if a.verb == "save":
            saved = True
            life = False
            if rules.single_potion:
                death = False
    if death:
        options = [Action("poison", (pos(t),)) for t in b.living() if t != seat or rules.self_poison]
        a = yield from _ask(b, seat, "witch", "witch", options + [Action("pass")], info=info)
        b = b.log("witch", "act", seat, "witch", a)
        if a.verb == "poison":
            poison = seat_of(a.targets[0])
            death = False
            if rules.single_potion:
                life = False
    return b.but(potions=(life, death)), saved, poison


def piper_step(b: Board, rules: ClassicRules) -> Play[Board]:
    seat = b.living_holder("piper") if b.roles.count("piper") else None
    if seat is None:
        return b
    eligible = [t for t in b.living() if t != seat and t not in b.charmed]
    k = min(rules.charms_per_night, len(eligible))
    if k == 0:
        return b
    options = [Action("charm", tuple(pos(t) for t in group)) for group in combinations(eligible, k)]
    a = yield from _ask(b, seat, "piper", "piper", options)
    return b.but(charmed=b.charmed | {seat_of(t) for t in a.targets}).log("piper", "act", seat, "piper", a)


def charmed_meet(b: Board) -> Board:
    living = tuple(s for s in sorted(b.charmed) if b.alive[s])
    return b.learn(*(Learned(s, tuple(pos(o) for o in living if o != s), "charmed", "charmed") for s in living))


# -- dawn (§4.4) --------------------------------------------------------------------------------------

def dawn(b: Board, rules: ClassicRules, victim: int | None, saved: bool, poison: int | None) -> Play[Board]:
    dying: list[tuple[int, str]] = []
    if victim is not None:
        if b.protected == victim and b.roles[victim] != "little_girl":
            b = b.log("dawn", "protected", victim)
        elif b.roles[victim] == "elder" and b.elder_lives > 1:
            if not (saved and rules.elder_save_restores):
                b = b.but(elder_lives=b.elder_lives - 1).log("dawn", "elder_life", victim)
        elif saved:
            b = b.log("dawn", "saved", victim)
        else:
            dying.append((victim, "werewolves"))
    if b.rebound is not None:  # the Backfire event: the werewolf to the victim's left dies instead
        dying.append((b.rebound, "backfire"))
        b = b.but(rebound=None)
    shown: dict[int, str] = {}
    if b.specter is not None:  # the Specter event: the werewolf the victim picked dies, told as the victim
        dying.append((b.specter[0], "werewolves"))
        shown[b.specter[0]] = b.specter[1]  # with the victim's old card (the cards were swapped)
        b = b.but(specter=None)
    if poison is not None and b.alive[poison]:
        if any(s == poison for s, _ in dying):
            dying = [(s, c) for s, c in dying if s != poison]
        dying.append((poison, "poison"))
    b = b.tell(PublicKind.PHASE, "dawn", round=b.round)
    if "somnambulism" in b.active_events:  # the table hears the card the Seer saw, never whom she looked at
        for label, _seer, _target, seen in b.seen:
            if label == b.label:
                b = b.tell(PublicKind.DRAW, "somnambulism", role=seen)
    b = yield from die_together(b, rules, dying, shown)
    return _check_victory(b, rules)


def die_together(b: Board, rules: ClassicRules, dying: list[tuple[int, str]],
                 shown: dict[int, str] | None = None) -> Play[Board]:
    """Simultaneous deaths (§4.4.6), the FIFO trigger queue (§4.4.7), then the sheriff's succession
    (only while the game goes on). ``shown``: a card the table is shown for a seat instead of his own
    (the Specter's swap)."""
    b = _deaths(b, rules, dying, shown or {})
    queue = list(dying)
    dead_sheriff: int | None = None
    dead_executioner: int | None = None
    while queue:
        x, cause = queue.pop(0)
        more: list[tuple[int, str]] = []
        lover = b.lover_of(x)
        if lover is not None and b.alive[lover]:
            more.append((lover, "grief"))
            b = _deaths(b, rules, [(lover, "grief")])
        if b.roles[x] == "hunter" and x not in b.powerless and b.living():
            options = [Action("shoot", (pos(t),)) for t in b.living()]
            a = yield from _ask(b, x, "hunter", "hunter", options)
            t = seat_of(a.targets[0])
            b = b.log("hunter", "act", x, "hunter", a)
            more.append((t, "hunter"))
            b = _deaths(b, rules, [(t, "hunter")])
        if b.roles[x] == "elder" and cause in ("poison", "hunter", "vote") and rules.elder_revenge:
            stripped = frozenset(s for s in b.living() if b.side(s) == "villagers")
            b = b.but(powerless=b.powerless | stripped).log("elder", "revenge", x)
            b = b.tell(PublicKind.DRAW, "elder_revenge")
            if rules.idiot_dies_with_elder:
                idiots = [(s, "elder") for s in sorted(b.revealed_idiots) if b.alive[s]]
                b = _deaths(b, rules, idiots)
                more += idiots
        if b.roles[x] == "piper" and rules.charm_ends_on_death and b.charmed:
            b = b.but(charmed=frozenset()).log("piper", "charms_end", x)
        if b.sheriff == x:
            dead_sheriff = x
        if b.executioner == x:
            dead_executioner = x
        queue += more
    if victory(b, rules) is not None:  # the game is over: the end is told, no successor is asked for
        return b
    if dead_sheriff is not None:
        b = yield from succession(b, dead_sheriff)
    if dead_executioner is not None:
        b = yield from succession(b, dead_executioner, "executioner")
    return b


def _deaths(b: Board, rules: ClassicRules, dying: list[tuple[int, str]], shown: dict[int, str] | None = None
            ) -> Board:
    b = b.kill([s for s, _ in dying])
    for s, cause in dying:
        if b.roles[s] == "elder":
            b = b.but(elder_lives=0)
        b = b.log(b.label, "death", s, b.roles[s], None, Message("cause", {"cause": cause}))
        buried = "burial" in b.active_events and b.phase == "night"  # a night death's card stays hidden
        # the Executioner card: the village's victims show their card to the living Executioner only
        executed = "executioner" in b.active_events and cause == "vote"
        if rules.reveal_on_death and not buried and not executed:
            b = b.tell(PublicKind.DRAW, "death", seat=s, cause=cause, role=(shown or {}).get(s, b.roles[s]))
        else:
            b = b.tell(PublicKind.DRAW, "death", seat=s, cause=cause)
        executioner = b.executioner
        if executed and executioner is not None and b.alive[executioner]:
            b = b.learn(CardView(executioner, pos(s), b.roles[s], "executioner"))
            b = b.tell(PublicKind.DRAW, "executioner_card", seat=s, executioner=executioner)
    return b


def succession(b: Board, dead: int, title: str = "sheriff") -> Play[Board]:
    """The dead ``sheriff`` (or ``executioner``, the New Moon card's) names his successor among the living;
    passing draws one. Asked only while the game goes on (``die_together``)."""
    living = b.living()
    if not living:
        return b.but(**{title: None})
    options = [Action("successor", (pos(t),)) for t in living] + [Action("pass")]
    a = yield from _ask(b, dead, title, title, options)
    b = b.log(title, "act", dead, title, a)
    heir = seat_of(a.targets[0]) if a.verb == "successor" else (yield Chance("successor", living))
    return b.but(**{title: heir}).tell(PublicKind.DRAW, title, seat=heir)


# -- victory (§4.7) -----------------------------------------------------------------------------------

def victory(b: Board, rules: ClassicRules) -> tuple[tuple[int, ...], str | None, str] | None:
    """(winners, side, reason) when the game is over, else None: the first matching rule of §4.7."""
    living = b.living()
    everyone = range(b.players)
    mixed = set(b.lovers) if b.mixed_couple() else set()
    if not living:
        return (), None, "nobody_alive"
    if mixed and set(living) == mixed:
        cupid = set(b.holders("cupid")) if rules.cupid_wins_with_lovers else set()
        return tuple(sorted(mixed | cupid)), "lovers", "mixed_couple_alone"
    piper = [s for s in living if b.roles[s] == "piper"]
    if piper and all(s in b.charmed for s in living if s != piper[0]):
        return (piper[0],), "piper", "all_charmed"
    wolves = [s for s in living if b.side(s) == "werewolves"]
    others = [s for s in living if b.side(s) != "werewolves" and s not in b.allies]  # allies block no side
    if not others or (rules.parity and len(wolves) >= len(others)):
        pack = {s for s in everyone if b.side(s) == "werewolves" and s not in mixed}
        return tuple(sorted(pack | b.allies)), "werewolves", "parity" if others else "no_villagers_left"
    if not wolves:
        return tuple(s for s in everyone if b.side(s) == "villagers" and s not in mixed and s not in b.allies), \
            "villagers", "no_werewolves_left"
    return None


def _check_victory(b: Board, rules: ClassicRules) -> Board:
    won = victory(b, rules)
    return b if won is None else _over(b, *won)


# -- the day (§4.5) -----------------------------------------------------------------------------------

def day(b: Board, rules: ClassicRules) -> Play[Board]:
    while b.event_deck:  # §4.5.1: the top event card is revealed before the day starts, and applied
        drawn = b.event_deck[0] if b.events_fixed else (yield Chance("event", b.event_deck))
        card = EVENT_CARDS[drawn]
        left = list(b.event_deck)
        left.remove(drawn)
        b = b.but(event_deck=tuple(left)).tell(PublicKind.DRAW, "event", card=card.id)
        b = b.log(b.label, "event", detail=Message("event", {"card": card.id}))
        if card.applies(b):
            b = card.apply(b)
            if card.id == "executioner":  # the card's election, at once (reference #8)
                b = yield from elect(b, "executioner_election")
            break
        b = b.tell(PublicKind.DRAW, "event_void", card=card.id)  # nothing to act on: the next card
    if rules.sheriff and b.round == 1 and rules.election == "day1_before_statements":
        b = yield from elect_sheriff(b)
    b = b.tell(PublicKind.STEP, "discussion", round=b.round)
    if rules.sheriff and b.round == 1 and rules.election == "day1_after_statements":
        b = yield from elect_sheriff(b)
    voters = _day_voters(b)
    b = b.but(voters_next_day=None)
    if b.day_event == "punishment":
        return (yield from punishment(b, rules))
    if b.day_event == "great_distrust":
        return (yield from great_distrust(b, rules, voters))
    if b.day_event == "nightmare":
        b, target, by_tie = yield from nightmare(b, voters)
    else:
        b, target, by_tie = yield from day_vote(b, rules, voters)
    if target is None:
        return b.log(b.label, "no_elimination")
    wolf = b.side(target) == "werewolves"
    b = yield from execute(b, rules, target, by_tie)
    again = {"enthusiasm": wolf, "dissatisfaction": not wolf}.get(b.day_event or "", False)
    if again and b.phase != "over" and not b.alive[target]:  # the card's second vote, at once, no debate
        b = b.but(day_event=None).tell(PublicKind.STEP, "second_vote", round=b.round)
        b, target, by_tie = yield from day_vote(b, rules, tuple(v for v in voters if b.alive[v]))
        if target is None:
            return b.log(b.label, "no_elimination")
        b = yield from execute(b, rules, target, by_tie)
    return b


def _day_voters(b: Board) -> tuple[int, ...]:
    """Living seats with a ballot today (§4.5.5): not a revealed idiot, not excluded by a scapegoat."""
    allowed = b.voters_next_day
    return tuple(s for s in b.living() if s not in b.revealed_idiots and (allowed is None or s in allowed))


def _ballots(b: Board, voters: Sequence[int], step: str, candidates: Sequence[int] | None,
             abstain: bool) -> Play[tuple[Board, dict[int, int]]]:
    """Each voter in seat order names one player; returns {voter: target}."""
    ballots: dict[int, int] = {}
    for v in voters:
        election = step in ("election", "executioner_election")
        names = [t for t in (candidates if candidates is not None else b.living())
                 if t != v and t != b.lover_of(v)] if not election else \
            list(candidates if candidates is not None else b.living())
        options = [Action(step if not election else "elect", (pos(t),)) for t in names]
        if abstain or not options:
            options.append(Action("abstain"))
        a = yield Ask(b, Prompt(v, step, "village", PromptKind.VOTE, tuple(options)))
        b = b.log(b.label, step, v, None, a)
        if a.verb != "abstain":
            ballots[v] = seat_of(a.targets[0])
    return b, ballots


def _tally(b: Board, ballots: dict[int, int], double: bool) -> tuple[tuple[int, ...], Counter[int]]:
    tally: Counter[int] = Counter()
    for voter, target in ballots.items():
        tally[target] += 2 if double and voter == b.sheriff else 1
    if not tally:
        return (), tally
    top = max(tally.values())
    return tuple(sorted(t for t, c in tally.items() if c == top)), tally


def _tell_tie(b: Board, step: str, tied: tuple[int, ...], tally: Counter[int]) -> Board:
    """A tied election or vote is announced with its count (the table pointed in public): ``tally``
    ``p1=2 p3=2 p0=1`` (most votes first, then seat order) and the ``tied`` seats."""
    if len(tied) < 2:
        return b
    counted = " ".join(f"p{t}={c}" for t, c in sorted(tally.items(), key=lambda tc: (-tc[1], tc[0])))
    return b.tell(PublicKind.DRAW, "tie", step=step, tally=counted, tied=" ".join(pos(t) for t in tied))


def elect_sheriff(b: Board) -> Play[Board]:
    """All living players vote; a tie → a re-vote between the tied, then a draw (§4.5.3)."""
    return (yield from elect(b, "election"))


def elect(b: Board, step: str) -> Play[Board]:
    """An election (§4.5.3): all living players vote (ballot step ``step``); a tie → a re-vote between the
    tied, then a draw. ``election`` elects the Sheriff; ``executioner_election`` the New Moon card's
    Executioner, by the same procedure (reference #8)."""
    title = "sheriff" if step == "election" else "executioner"
    b = b.tell(PublicKind.STEP, step, round=b.round)
    b, ballots = yield from _ballots(b, b.living(), step, None, False)
    tied, tally = _tally(b, ballots, False)
    b = _tell_tie(b, step, tied, tally)
    if len(tied) > 1:
        b, ballots = yield from _ballots(b, b.living(), step, tied, False)
        again, tally = _tally(b, ballots, False)
        b = _tell_tie(b, step, again, tally)
        tied = again if again else tied
    if not tied:
        return b
    chosen = tied[0] if len(tied) == 1 else (yield Chance("election_tie", tied))
    b = b.but(**{title: chosen}).tell(PublicKind.DRAW, title, seat=chosen)
    return b.log(b.label, f"{title}_elected", chosen)


def _in_turn(b: Board, voters: tuple[int, ...]) -> tuple[int, ...]:
    """The voters asked one by one, clockwise from the left of the last victim (seed 004 step 9)."""
    order = b.clockwise_from_last_dead()
    return tuple(sorted(voters, key=order.index))


def _counted(b: Board, ballots: dict[int, int], double: bool) -> tuple[Board, tuple[int, ...]]:
    """The ballots counted and the count told (with the tied names on a tie): the board and the most voted."""
    tied, tally = _tally(b, ballots, double)
    return _tell_tie(b, "vote", tied, tally), tied


def _settled(b: Board, tied: tuple[int, ...]) -> tuple[Board, int | None, bool] | None:
    """The vote's result when no tie rule is needed: one player or nobody most voted, or a tie the living
    Scapegoat takes; None when a tie is left to the table's tie rule."""
    if len(tied) <= 1:
        return b, (tied[0] if tied else None), False
    goat = b.living_holder("scapegoat")
    if goat is not None:
        return b.log(b.label, "scapegoat", goat), goat, True
    return None


def day_vote(b: Board, rules: ClassicRules, voters: tuple[int, ...]) -> Play[tuple[Board, int | None, bool]]:
    """The vote and its outcome (§4.5.5-6): (board, eliminated seat or None, eliminated by a tie)."""
    abstain = rules.procedure == "sequential_hands"
    # a revealed idiot sheriff has no ballot at all (he is not among the voters); the title still doubles
    double = rules.double_vote
    if abstain:  # seed 004 step 9: asked one by one, clockwise from the left of the last victim
        voters = _in_turn(b, voters)
    b = b.tell(PublicKind.STEP, "vote", round=b.round)
    b, ballots = yield from _ballots(b, voters, "vote", None, abstain)
    b, tied = _counted(b, ballots, double)
    settled = _settled(b, tied)
    if settled is not None:
        return settled
    if rules.tie_policy == "revote_after_speeches":
        b = b.tell(PublicKind.STEP, "revote", round=b.round)
        b, ballots = yield from _ballots(b, voters, "vote", None, abstain)
        b, again = _counted(b, ballots, double)
        return b, (again[0] if len(again) == 1 else None), False
    if rules.tie_policy == "mob_runoff":
        runoffs = 0
        while True:
            candidates = tied
            b = b.tell(PublicKind.STEP, "runoff", round=b.round)
            mob = tuple(v for v in voters if v not in candidates)
            b, ballots = yield from _ballots(b, mob, "vote", candidates, abstain)
            runoffs += 1
            b, again = _counted(b, ballots, double)
            if not again:
                return b, None, False
            if len(again) == 1:
                return b, again[0], False
            tied = again
            if runoffs >= rules.max_runoffs:
                return b, (yield Chance("runoff_draw", tied)), False
    if rules.tie_policy == "sheriff_decides":
        s = b.sheriff
        if s is None or not b.alive[s] or s in b.revealed_idiots:
            return b, None, False
        b = b.tell(PublicKind.STEP, "tie_break", round=b.round)
        options = tuple(Action("decide", (pos(t),)) for t in tied)
        a = yield Ask(b, Prompt(s, "tie_break", "sheriff", PromptKind.ACT, options))
        b = b.log(b.label, "tie_break", s, "sheriff", a)
        return b, seat_of(a.targets[0]), False
    return b, None, False


def nightmare(b: Board, voters: tuple[int, ...]) -> Play[tuple[Board, int | None, bool]]:
    """The Nightmare card's accusations, in place of the vote (New Moon reference #6; docs/decisions.md):
    each player with a ballot today accuses one player in public, one at a time clockwise from the left
    of the last player who died, with no abstaining; each accusation weighs 1 (no Sheriff bonus); the most
    accused is eliminated as if voted out; a tie follows the normal rule's first step (the Scapegoat if he
    lives, else nobody). The accusations are the vote's ballots (step ``vote``), so a lover cannot accuse
    his lover, as he cannot vote for him."""
    voters = _in_turn(b, voters)
    b = b.tell(PublicKind.STEP, "nightmare", round=b.round)
    b, ballots = yield from _ballots(b, voters, "vote", None, False)
    b, tied = _counted(b, ballots, False)
    return _settled(b, tied) or (b, None, False)


def great_distrust(b: Board, rules: ClassicRules, voters: tuple[int, ...]) -> Play[Board]:
    """The Great Distrust card, in place of the vote (New Moon reference #10; docs/decisions.md): each
    player with a ballot today names three other living players as his friends (all the others when fewer
    than three are left), one at a time, in public, in the vote's order (clockwise from the left of the last
    player who died); every living player named by nobody is eliminated at once, as by the village (a
    Village Idiot is revealed instead); the deaths' triggers run clockwise from the Sheriff."""
    b = b.tell(PublicKind.STEP, "great_distrust", round=b.round)
    named: set[int] = set()
    for v in _in_turn(b, voters):
        others = [t for t in b.living() if t != v]
        chosen: list[int] = []
        for _ in range(min(3, len(others))):
            options = tuple(Action("friend", (pos(t),)) for t in others if t not in chosen)
            a = yield Ask(b, Prompt(v, "friends", "village", PromptKind.VOTE, options))
            b = b.log(b.label, "friends", v, None, a)
            chosen.append(seat_of(a.targets[0]))
        named |= set(chosen)
    alone = [s for s in b.living() if s not in named]
    if not alone:
        return b.log(b.label, "no_elimination")
    start = b.sheriff if b.sheriff is not None else 0
    alone.sort(key=lambda s: (s - start) % b.players)
    dying: list[tuple[int, str]] = []
    for s in alone:
        if b.roles[s] == "village_idiot" and s not in b.powerless and s not in b.revealed_idiots:
            b = b.but(revealed_idiots=b.revealed_idiots | {s}).log(b.label, "idiot_revealed", s)
            b = b.tell(PublicKind.DRAW, "idiot_revealed", seat=s)
        else:
            b = b.log(b.label, "eliminated", s)
            dying.append((s, "vote"))
    if dying:
        b = yield from die_together(b, rules, dying)
    return _check_victory(b, rules)


def punishment(b: Board, rules: ClassicRules) -> Play[Board]:
    """The Punishment card, in place of the vote (New Moon reference #19; docs/decisions.md): the last
    player who died (and is still dead) names a living player in public; the others are asked in turn,
    clockwise from the left of the named player, whether they stand up for him; with two of them he is
    spared, else he is eliminated (not a village vote: a Village Idiot is not spared by his card; the
    cause is the card's, so the Elder's revenge does not follow)."""
    namer = punisher(b)
    if namer is None:  # the card is set aside when nobody is dead (``EventCard.applies``)
        return b
    b = b.tell(PublicKind.STEP, "punishment", round=b.round)
    options = tuple(Action("punish", (pos(t),)) for t in b.living())
    a = yield Ask(b, Prompt(namer, "punish", "village", PromptKind.ACT, options))  # a dead player: no ballot
    b = b.log(b.label, "punish", namer, None, a)
    target = seat_of(a.targets[0])
    vouched = 0
    for v in clockwise_after(b.players, b.living(), target):
        if v == target:
            continue
        a = yield Ask(b, Prompt(v, "vouch", "village", PromptKind.VOTE,
                                (Action("vouch", (pos(target),)), Action("pass"))))
        b = b.log(b.label, "vouch", v, None, a)
        if a.verb == "vouch":
            vouched += 1
            if vouched >= 2:
                b = b.log(b.label, "spared", target)
                return b.tell(PublicKind.DRAW, "spared", seat=target)
    b = yield from die_together(b, rules, [(target, "punishment")])
    return _check_victory(b, rules)


def execute(b: Board, rules: ClassicRules, target: int, by_tie: bool) -> Play[Board]:
    """§4.5.7: the idiot is revealed, anyone else dies (cause vote); a scapegoat names tomorrow's voters."""
    if b.roles[target] == "village_idiot" and target not in b.powerless and target not in b.revealed_idiots:
        b = b.but(revealed_idiots=b.revealed_idiots | {target}).log(b.label, "idiot_revealed", target)
        return b.tell(PublicKind.DRAW, "idiot_revealed", seat=target)
    b = b.log(b.label, "eliminated", target)
    if by_tie:  # the scapegoat names tomorrow's voters before his death's triggers (FORMAT-classic)
        chosen: list[int] = []
        while True:
            options = [Action("voters", (pos(t),)) for t in b.living() if t != target and t not in chosen]
            if chosen or not options:
                options.append(Action("done"))
            a = yield Ask(b, Prompt(target, "scapegoat", "scapegoat", PromptKind.ACT, tuple(options)))
            b = b.log(b.label, "scapegoat", target, "scapegoat", a)
            if a.verb == "done":
                break
            chosen.append(seat_of(a.targets[0]))
        b = b.but(voters_next_day=frozenset(chosen))
    b = yield from die_together(b, rules, [(target, "vote")])
    return _check_victory(b, rules)
