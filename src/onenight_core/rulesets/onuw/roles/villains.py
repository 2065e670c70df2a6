"""The Super Villains night: the villains' group (Temptress, Dr. Peeker, Rapscallion, Henchman #7) with the
Temptress's extra villain card, and the Evilometer that feels a villain's tap (docs/rules.md §2.1,
§5 #22–#26, E-12, E-21, E-22; Appendix A for the Doppelganger).

The villains wake together at 1-SV: every seat whose night identity is a villain sees the others, then
each acts in the official sub-action order (Temptress, Dr. Peeker, Rapscallion; the Henchman only
meets), originals before Copycat and Mirror Man copies, in seat order. A Doppelganger that copied a
villain acted at once in her own step and only meets the others here (like the Doppelganger-Alpha Wolf).

The Temptress's extra villain (the official "New Villain" reserve card) is drawn at set-up from the
``temptress_extra`` table (stream ``setup.extra_villain``, pin ``temptress_extra``): one card per
Temptress card in the deal, appended after every other center card (c3 with no Alpha Wolf; after the
Alpha Wolf's center werewolf card when there is one). It is a center card for every role (E-21)."""

from __future__ import annotations

from attrs import evolve

from ....catalog.loader import default_catalog
from ....model.messages import say
from ....model.positions import left, pos_name, right
from ....model.state import GameState
from ....model.values import PASS, Action, Card, Learned, Prompt, Step, Turn
from ...draws import draw, draw_table, draw_uniform, pinned_draw
from ...night_script import build_script
from .base import group_roles
from .common import (center_positions, choice, each, index_of, info_prompt, learn, log, look_and_show,
                     swap_cards, viewable_players, viewable_positions)
from .daybreak import copy_target
from .registry import Behaviour, register

TEMPTRESS = "villainous_temptress"
EXTRA_STREAM = "setup.extra_villain"
EXTRA_PIN = "temptress_extra"
# The villains' sub-actions in their official order (docs/rules.md §A.1 1-SV: A, B, C; the Henchman has none).
SUB_ORDER = (TEMPTRESS, "dr_peeker", "rapscallion", "henchman_7")
_COPIER_ORDER = {None: 0, "copycat": 1, "mirror_man": 2}


def villain_roles() -> frozenset[str]:
    """The roles that wake with the villains (roles.toml ``group = "villains"``)."""
    return group_roles("villains")


def villain_seats(g: GameState) -> list[int]:
    """Seats whose night identity is a villain (copies included): what the villains and the Evilometer's
    neighbours know of each other (E-22: judged by night identity)."""
    villains = villain_roles()
    return [s for s in range(g.players) if g.night_roles[s] in villains]


# -- the Temptress's extra villain card ----------------------------------------------------------------

def temptress_cards(cards: tuple[Card, ...] | list[Card]) -> list[int]:
    """The ids of the Temptress cards of a table, in deal order (player cards by seat, then the center):
    the order their extra villain cards are drawn and laid out in."""
    return sorted(c.id for c in cards if c.role == TEMPTRESS)


def temptress_slots(g: GameState) -> tuple[int, ...]:
    """The table indices of the extra villain cards: the last ones of the table, one per Temptress card."""
    count = len(temptress_cards(g.cards[:len(g.setup.deck)]))
    return tuple(range(len(g.cards) - count, len(g.cards)))


def add_extra_villains(g: GameState) -> GameState:
    """Set-up (docs/rules.md §2.1 step 3): draw one villain card per Temptress card and lay it after the
    center; the roster grows, so the night script is rebuilt. A scenario pins the draws with
    ``temptress_extra = [id, ...]`` (docs/scenarios.md)."""
    count = len(temptress_cards(g.cards))
    if not count:
        return g
    pinned = pinned_draw(g, EXTRA_PIN)
    cards = list(g.cards)
    for k in range(count):
        if isinstance(pinned, tuple):
            keys = [key for key, weight in draw_table(EXTRA_PIN).weights(g.setup.ruleset) if weight > 0]
            g, role = draw_uniform(g, EXTRA_STREAM, keys, pin=EXTRA_PIN, pin_index=k)
        else:
            g, role = draw(g, EXTRA_PIN, stream=EXTRA_STREAM, pin=EXTRA_PIN)
        cards.append(Card(len(cards), role))
    roster = [c.role for c in cards]
    # ``positions`` is derived from the table's size when a state is built: the table grew
    positions = tuple(pos_name(i, g.players) for i in range(len(cards)))
    return g.replace(cards=tuple(cards), positions=positions,
                     script=build_script(roster, default_catalog(), g.setup.ruleset))


def own_slot(g: GameState, turn: Turn) -> int | None:
    """The extra slot this Temptress swaps with: her own card's (by deal order); a copy uses the first
    Temptress's slot (with the one official Temptress card, the slot of the card she copied)."""
    slots = temptress_slots(g)
    ids = temptress_cards(g.cards)
    rank = ids.index(turn.seat) if turn.copier is None and turn.seat in ids else 0
    return slots[rank] if rank < len(slots) else None


def temptress_targets(g: GameState, turn: Turn) -> list[int]:
    """Players the Temptress may give the extra villain: not herself, not shielded, and not a villain by
    night identity (E-22); the Doppelganger-Temptress, acting alone at dusk, avoids only the Temptress she
    copied (like the Doppelganger-Alpha Wolf)."""
    seats = viewable_players(g, turn.seat)
    if turn.copier == "doppelganger":
        copied = copy_target(g, turn)
        return [s for s in seats if s != copied]
    villains = set(villain_seats(g))
    return [s for s in seats if s not in villains]


def temptress_options(g: GameState, turn: Turn) -> tuple[Action, ...]:
    slot = own_slot(g, turn)
    if slot is None:
        return (PASS,)
    options = tuple(Action("swap", (g.pos(s), g.pos(slot))) for s in temptress_targets(g, turn))
    return options or (PASS,)


def _sub_options(g: GameState, turn: Turn, role: str) -> tuple[Action, ...] | None:
    """The options of a villain's own sub-action (None: the role has none)."""
    if role == TEMPTRESS:
        return temptress_options(g, turn)
    if role == "dr_peeker":
        return (PASS,) + each("look", viewable_positions(g, turn.seat))
    if role == "rapscallion":
        return (PASS,) + each("look", center_positions(g))
    return None


def _sub_act(g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
    if action.verb == "pass":
        reason = say("no_legal_target") if turn.role == TEMPTRESS else None
        return log(g, turn, action, detail=reason), None
    if action.verb == "swap":  # the Temptress: no viewing
        g, moves = swap_cards(g, index_of(g, action.targets[0]), index_of(g, action.targets[1]))
        return log(g, turn, action, moves), None
    if action.verb == "look":
        return look_and_show(g, turn, action)
    return g, None


class _VillainAction(Behaviour):
    """A villain's own action taken alone: the Doppelganger's immediate copy at dusk (Appendix A "G!").
    At 1-SV the villains' group step runs the same sub-actions."""

    extra_center = 0

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options = _sub_options(g, turn, self.key) or (PASS,)
        return choice(g, turn, options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return _sub_act(g, turn, action)


@register(TEMPTRESS)
class Temptress(_VillainAction):
    """[M*] Swaps a non-villain player's card with her extra villain card, unseen (docs/rules.md #22)."""

    def set_up(self, g: GameState) -> GameState:
        """Set-up hook (engine ``new_game``): lay the extra villain cards beside the center."""
        return add_extra_villains(g)


@register("dr_peeker")
class DrPeeker(_VillainAction):
    """[O] Views one other player's card (docs/rules.md #23)."""


@register("rapscallion")
class Rapscallion(_VillainAction):
    """[O] Views one center card, the extra slots included (docs/rules.md #24)."""


@register("villains", playable_roles=("henchman_7",))
class Villains(Behaviour):
    """1-SV: every villain by night identity wakes, sees the others, and acts in sub-action order."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        villains = villain_roles()
        awake = [s for s in range(g.players) if g.night_roles[s] in villains and s not in g.feared]
        group = tuple(awake)

        def order(s: int) -> tuple[int, int, int]:
            role = g.night_roles[s]
            rank = SUB_ORDER.index(role) if role in SUB_ORDER else len(SUB_ORDER)
            return rank, _COPIER_ORDER.get(g.copiers[s], 3), s

        return [Turn(s, g.night_roles[s], step.id, copier=g.copiers[s], group=group)
                for s in sorted(awake, key=order)]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        g, obs = learn(g, turn.seat, [s for s in turn.group if s != turn.seat], "villain", turn.step)
        acts = turn.copier != "doppelganger" and _sub_options(g, turn, turn.role) is not None
        return g, turn.at("act" if acts else "meet", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "act":
            return choice(g, turn, _sub_options(g, turn, turn.role) or (PASS,))
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage != "act":
            return g, None
        return _sub_act(g, turn, action)


# -- the Evilometer ----------------------------------------------------------------------------------------

TAPPED = "evilometer_tapped"
NOT_TAPPED = "evilometer_not_tapped"
VILLAIN_TAPPER = "villain_tapper"  # dalbula: who tapped the Evilometer's fist (E-12, S0)


@register("evilometer")
class Evilometer(Behaviour):
    """1-SV-E: the Evilometer puts out a fist; if a neighbour is a villain by night identity, that
    villain must tap it (with two, the lower seat: docs/rules.md #18 via #26). ``onuw`` takes the official
    reading of E-12: the Evilometer only feels whether it was tapped, a yes/no; the villain who taps
    sees the fist, so learns who the Evilometer is (physical equivalence).

    Each fist is its own pair of turns: the tapping villain (role ``evilometer``, one option), then the
    Evilometer's answer. A Doppelganger-Evilometer does the same in her step right after (1-SV-Ea).
    Under ``dalbula`` the Evilometer also learns who tapped (S0 "누가 잡았는지 알 수 있습니다", E-12):
    ``learned`` as ``villain_tapper``."""

    names_tapper = False

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        turns: list[Turn] = []
        villains = set(villain_seats(g))
        for turn in super().actors(g, step):
            seat = turn.seat
            near = sorted({left(seat, g.players), right(seat, g.players)} & villains - {seat})
            if near:
                turns.append(Turn(near[0], "evilometer", step.id, memo=("tap", seat), copier=g.copiers[near[0]]))
            turns.append(evolve(turn, memo=("feel", near[0] if near else None)))
        return turns

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        what, value = turn.memo
        if what == "feel":
            obs = Learned(turn.seat, (), TAPPED if value is not None else NOT_TAPPED, turn.step)
            felt: tuple[Learned, ...] = (obs,)
            if self.names_tapper and value is not None:
                felt += (Learned(turn.seat, (g.pos(value),), VILLAIN_TAPPER, turn.step),)
            g = g.replace(observations=g.observations + felt)
            return g, turn.at("feel", info=felt)
        return g, turn.at("tap", memo=(value,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "tap":
            return choice(g, turn, (Action("tap", (g.pos(turn.memo[0]),)),))
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage == "tap":
            g, _obs = learn(g, turn.seat, [turn.memo[0]], "evilometer", turn.step)
            return log(g, turn, action), None
        return g, None


__all__ = ["DrPeeker", "Evilometer", "Rapscallion", "Temptress", "Villains", "add_extra_villains",
           "own_slot", "temptress_slots", "villain_roles", "villain_seats"]
