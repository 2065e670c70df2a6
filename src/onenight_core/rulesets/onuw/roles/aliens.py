"""The Alien expansion's night (and the Body Snatcher of Bonus 3): the aliens' group step with the app's
random instruction, the Cow, the Groob and Zerb, the Body Snatcher and the Leader (docs/rules.md #16–#21,
#34, §D.2, §D.3; docs/scenarios.md for the scenario conventions).

Choices decided here (docs/decisions.md, "Alien expansion"):

* The aliens' instruction (T-ALIEN, stream ``alien.instruction``) is drawn when the step is called, whoever
  holds the alien cards, and announced to the table (a public draw): the app says it aloud. Under ``onuw``
  ``convert`` and ``recruit`` have App weight 0 and never come.
* ``view_together``: the first awake alien in seat order enters the group's choice (like the vampires);
  every awake alien sees the card. ``view_each``: each awake alien chooses for himself. Views and moves
  never touch a shielded card. ``pass_*`` and ``show`` need no choice.
* The Synthetic Alien wakes with the aliens and takes part in everything (docs/rules.md #17); under ``onuw`` it
  also counts as an alien for the Cow and the Leader (E-8, OFF).
* The Cow's tap is a choice of an awake alien next to the Cow (role ``cow`` in the scenario): with two
  adjacent aliens the lower seat may leave it to the other, who must then tap. The Cow only feels
  whether it was tapped (E-12): ``learned`` as ``cow_tapped`` or ``cow_not_tapped`` with ``who = []``;
  the alien who taps sees the fist and learns the Cow (``learned`` as ``cow``), as the Evilometer's villain.
* Groob and Zerb meet in one joint step (the Groob's; the Zerb's own step is then silent).
* The Body Snatcher's instruction (T-BODYSNATCHER) is announced when its step is called; the card he
  ends up holding becomes an alien card (``Card.alienized``), wherever it goes.
"""

from __future__ import annotations

from attrs import evolve

from ....errors import IllegalAction
from ....model.kinds import PublicKind
from ....model.messages import say
from ....model.state import GameState
from ....model.values import PASS, Action, CardView, Learned, Move, Prompt, Step, Turn
from ...draws import draw
from .common import (center_positions, choice, each, index_of, info_prompt, learn, log, show, swap_cards,
                     view, viewable_positions)
from .registry import Behaviour, register

# The roles that wake in the aliens' step (1A): the alien-class cards and the Synthetic Alien.
ALIEN_CLASS = frozenset({"alien", "groob", "zerb", "body_snatcher"})
AWAKE_WITH_ALIENS = ALIEN_CLASS | {"synthetic_alien"}
# Under onuw the Synthetic Alien counts as an alien for the Cow and the Leader (docs/rules.md #17 OFF, E-8).
ALIENS_FOR_PROMPTS = AWAKE_WITH_ALIENS

ALIEN_STREAM = "alien.instruction"


def awake_aliens(g: GameState) -> tuple[int, ...]:
    """The seats awake in the aliens' step: night identity alien-class or Synthetic, not feared."""
    return tuple(s for s in range(g.players) if g.night_roles[s] in AWAKE_WITH_ALIENS and s not in g.feared)


def loop_stream(g: GameState, step_id: str, stream: str) -> str:
    """``stream``, or ``stream#loop2`` when step ``step_id`` is called for the second time (a repeated
    night draws its instructions again from streams of their own, docs/rules.md D.11)."""
    called = sum(1 for e in g.public if e.kind == PublicKind.STEP and e.id == step_id)
    return f"{stream}#loop2" if called > 1 else stream


def last_drawn(g: GameState, stream: str) -> str | None:
    """The last value drawn from ``stream`` or its ``#loop2`` twin."""
    for name, value in reversed(g.drawn):
        if name in (stream, f"{stream}#loop2"):
            return str(value)
    return None


def alien_instruction(g: GameState) -> str:
    """Tonight's alien instruction (the last drawn; "stare" before any draw)."""
    return last_drawn(g, ALIEN_STREAM) or "stare"


def _movable(g: GameState, seat: int) -> bool:
    return seat not in g.shields


@register("aliens", playable_roles=("alien", "synthetic_alien"))
class Aliens(Behaviour):
    """1A: every alien-class player and the Synthetic Alien wake, see each other and carry out the drawn
    instruction (docs/rules.md #16, E-19)."""

    def announce(self, g: GameState, step: Step) -> GameState:
        g, _instruction = draw(g, "alien", stream=loop_stream(g, step.id, ALIEN_STREAM), pin="alien", public=True)
        return g

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        awake = awake_aliens(g)
        return [Turn(s, g.night_roles[s], step.id, copier=g.copiers[s], group=awake) for s in awake]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        g, met = learn(g, turn.seat, [s for s in turn.group if s != turn.seat], "alien", turn.step)
        instruction = alien_instruction(g)
        first = turn.seat == turn.group[0]
        if instruction in ("pass_left", "pass_right") and first:
            g = _pass_cards(g, turn, instruction == "pass_left")
        if instruction == "show" and first:
            g = _show_cards(g, turn)
        if instruction == "view_each":
            if viewable_positions(g, turn.seat):
                # each alien chooses alone: the prompt is his own, not the group's (docs/scenarios.md)
                return g, Turn(turn.seat, turn.role, turn.step, "each", (), turn.copier, (met,), ())
        if instruction == "view_together" and first and _together_targets(g, turn):
            return g, turn.at("together", info=(met,))
        seen = tuple(o for o in g.observations if isinstance(o, CardView) and o.seat == turn.seat
                     and o.step == turn.step)
        return g, turn.at("meet", info=(met, *seen))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "each":
            return choice(g, turn, (PASS,) + each("look", viewable_positions(g, turn.seat)))
        if turn.stage == "together":
            return choice(g, turn, (PASS,) + each("look", _together_targets(g, turn)))
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage == "meet":
            return g, None
        if action.verb == "pass":
            return log(g, turn, action), None
        index = index_of(g, action.targets[0])
        if turn.stage == "each":
            g, obs = view(g, turn.seat, index, turn.step)
            return log(g, turn, action), show(turn, (*turn.info, obs))
        if turn.stage == "together":
            mine: CardView | None = None
            for seat in turn.group:  # every awake alien sees it, by ascending seat
                g, obs = view(g, seat, index, turn.step)
                if seat == turn.seat:
                    mine = obs
            g = log(g, turn, action)
            return g, show(turn, (*turn.info, *((mine,) if mine else ())))
        raise IllegalAction(f"no alien choice at stage {turn.stage!r}")


def _together_targets(g: GameState, turn: Turn) -> tuple[str, ...]:
    """view_together: one other player who is not an awake alien, not shielded."""
    return tuple(p for p in viewable_positions(g, turn.seat) if int(p[1:]) not in turn.group)


def _pass_cards(g: GameState, turn: Turn, left: bool) -> GameState:
    """pass_left / pass_right (E-19): each movable awake alien's card goes to the next movable awake alien
    in that direction (by seat, cyclically); shielded aliens keep theirs. Nobody views anything."""
    seats = [s for s in turn.group if _movable(g, s)]
    if len(seats) < 2:
        return log(g, turn, Action("pass_left" if left else "pass_right"), detail=say("nothing_happens"))
    cards = list(g.cards)
    moves: list[Move] = []
    for i, src in enumerate(seats):
        dst = seats[(i + 1) % len(seats)] if left else seats[(i - 1) % len(seats)]
        cards[dst] = g.cards[src]
        moves.append(Move(g.cards[src].id, g.pos(src), g.pos(dst)))
    g = g.replace(cards=tuple(cards))
    return log(g, turn, Action("pass_left" if left else "pass_right"), tuple(moves), kind="auto")


def _show_cards(g: GameState, turn: Turn) -> GameState:
    """show: every awake alien's current card (not shielded) is seen by the other awake aliens, all at
    once (recorded by ascending seat, then by the shown card's seat)."""
    for seat in turn.group:
        for src in turn.group:
            if src != seat and _movable(g, src):
                g, _obs = view(g, seat, src, turn.step)
    return g


# -- the Cow ------------------------------------------------------------------------------------------

# What the Cow feels (E-12: a yes/no, nobody named), as ``learned`` labels (like the Evilometer's)
COW_TAPPED = "cow_tapped"
COW_NOT_TAPPED = "cow_not_tapped"
ALIEN_TAPPER = "alien_tapper"  # dalbula: who tapped the Cow's fist (E-12, S0)

@register("cow")
class Cow(Behaviour):
    """1C: the Cow puts out a fist; an awake alien next to it must tap it (docs/rules.md #18). The tap is the
    tapping alien's choice (role ``cow``); the Cow then feels whether it was tapped (E-12). Under
    ``dalbula`` only the alien-class cards count, not the Synthetic Alien (E-8), and the Cow also learns
    who tapped (S0 "카우는 누가 잡았는지 알 수 있습니다", E-12): ``learned`` as ``alien_tapper``."""

    aliens_for_prompts = ALIENS_FOR_PROMPTS
    names_tapper = False

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        cows = [t for t in super().actors(g, step)]
        turns: list[Turn] = []
        aliens = [s for s in range(g.players) if g.night_roles[s] in self.aliens_for_prompts and s not in g.feared]
        for cow in cows:
            near = sorted({(cow.seat - 1) % g.players, (cow.seat + 1) % g.players} & set(aliens) - {cow.seat})
            if near:
                turns.append(Turn(near[0], "cow", step.id, "tap", (cow.seat, *near[1:]), None, (), ()))
        turns.extend(cows)  # each Cow then feels whether it was tapped
        return turns

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        tappers = [e.seat for e in g.events if e.step == turn.step and e.action is not None
                   and e.action.verb == "tap" and e.action.targets == (g.pos(turn.seat),) and e.seat is not None]
        g, obs = learn(g, turn.seat, [], COW_TAPPED if tappers else COW_NOT_TAPPED, turn.step)
        if self.names_tapper and tappers:
            g, tapper = learn(g, turn.seat, tappers[-1:], ALIEN_TAPPER, turn.step)
            return g, turn.at("feel", info=(obs, tapper))
        return g, turn.at("feel", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage in ("tap", "tap2"):
            cow = turn.memo[0]
            options: tuple[Action, ...] = (Action("tap", (g.pos(cow),)),)
            if turn.stage == "tap" and len(turn.memo) > 1:
                options = (PASS,) + options  # the other adjacent alien may tap instead
            return choice(g, turn, options)
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage == "feel":
            return g, None
        if action.verb == "tap":  # the tapping alien sees the fist: he learns who the Cow is (docs/rules.md #18)
            g, _obs = learn(g, turn.seat, [int(action.targets[0][1:])], "cow", turn.step)
        # logged as the alien it is (the prompt's role is "cow": the scenario names the tap so)
        g = log(g, Turn(turn.seat, g.night_roles[turn.seat], turn.step, copier=g.copiers[turn.seat]), action)
        if action.verb == "pass" and turn.stage == "tap":
            return g, Turn(turn.memo[1], "cow", turn.step, "tap2", (turn.memo[0],), None, (), ())
        return g, None


# -- Groob and Zerb -----------------------------------------------------------------------------------

@register("groob", "zerb")
class GroobAndZerb(Behaviour):
    """1-D (one joint step, OFF): the Groobs learn every Zerb and the Zerbs every Groob (docs/rules.md #19, #20).
    The step is the Groob's when both are in the roster (the script then has no Zerb step:
    ``night_script.JOINT_STEPS``), else the one of whichever is in the roster."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        seats = tuple(s for s in range(g.players) if g.night_roles[s] in ("groob", "zerb") and s not in g.feared)
        return [Turn(s, g.night_roles[s], step.id, copier=g.copiers[s]) for s in seats]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        other = "zerb" if turn.role == "groob" else "groob"
        seats = [s for s in range(g.players) if g.night_roles[s] == other and s != turn.seat]
        g, obs = learn(g, turn.seat, seats, other, turn.step)
        return g, turn.at("meet", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


# -- the Body Snatcher --------------------------------------------------------------------------------

@register("body_snatcher")
class BodySnatcher(Behaviour):
    """1F (and 1Fa for the Doppelganger's copy, with its own draw): T-BODYSNATCHER. ``steal_player``:
    exchange own card with a non-alien player's card; ``steal_center``: with a center card; either way he
    views his new card, which becomes an alien card (docs/rules.md #21). Mandatory when a target exists."""

    def announce(self, g: GameState, step: Step) -> GameState:
        dg = step.kind == "dg"
        stream = loop_stream(g, step.id, "bodysnatcher#dg" if dg else "bodysnatcher")
        g, _kind = draw(g, "body_snatcher", stream=stream, pin="dg_body_snatcher" if dg else "body_snatcher",
                        public=True)
        return g

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        own = g.pos(turn.seat)
        if turn.seat in g.shields:
            return choice(g, turn, (PASS,))
        dg = turn.step.startswith("doppelganger:")
        instruction = last_drawn(g, "bodysnatcher#dg" if dg else "bodysnatcher") or "pretend"
        if instruction == "steal_player":
            awake = set(awake_aliens(g))
            targets = [p for p in viewable_positions(g, turn.seat) if int(p[1:]) not in awake]
        elif instruction == "steal_center":
            targets = list(center_positions(g))
        else:
            targets = []
        options = tuple(Action("swap", (own, p)) for p in targets)
        return choice(g, turn, options or (PASS,))

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        g, moves = swap_cards(g, turn.seat, index_of(g, action.targets[1]))
        cards = list(g.cards)
        cards[turn.seat] = evolve(cards[turn.seat], alienized=True)
        g = log(g.replace(cards=tuple(cards)), turn, action, moves, detail=say("became_alien_card"))
        g, obs = view(g, turn.seat, turn.seat, turn.step)
        return g, show(turn, (obs,))


# -- the Leader ---------------------------------------------------------------------------------------

@register("leader")
class Leader(Behaviour):
    """3-C: the alien-class players (the Synthetic too, OFF) show a thumb; when a Groob and a Zerb are
    both awake, they point at each other and the Leader learns which they are (docs/rules.md #34)."""

    aliens_for_prompts = ALIENS_FOR_PROMPTS
    """The roles whose thumbs he sees (``onuw``: the Synthetic Alien too, E-8 OFF; ``dalbula``: not, S0)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        aliens = [s for s in range(g.players) if g.night_roles[s] in self.aliens_for_prompts and s != turn.seat]
        g, obs = learn(g, turn.seat, aliens, "alien", turn.step)
        info: list[Learned] = [obs]
        groobs = [s for s in range(g.players) if g.night_roles[s] == "groob" and s != turn.seat]
        zerbs = [s for s in range(g.players) if g.night_roles[s] == "zerb" and s != turn.seat]
        if groobs and zerbs:
            g, seen_groobs = learn(g, turn.seat, groobs, "groob", turn.step)
            g, seen_zerbs = learn(g, turn.seat, zerbs, "zerb", turn.step)
            info += [seen_groobs, seen_zerbs]
        return g, turn.at("thumbs", info=tuple(info))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


__all__ = ["ALIEN_CLASS", "AWAKE_WITH_ALIENS", "Aliens", "BodySnatcher", "Cow", "GroobAndZerb", "Leader",
           "alien_instruction", "awake_aliens"]
