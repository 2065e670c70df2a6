"""The roles the app privately tells what to do: Psychic, Rascal, Exposer and Mortician (docs/rules.md
#43, #53, #61, #66, §D.4–D.6, §D.10; docs/scenarios.md for the pins).

Each draws its instruction when its turn begins, from its own streams (``psychic.count``, ``psychic.id``,
``rascal.kind``, ``rascal.id``, ``exposer``, ``mortician``, ``mortician.dir``; a copy's draws take the
``#dg`` streams and the ``dg_`` pins: Doppelganger, Copycat and Mirror Man alike). What is drawn is told
to the actor alone: it is the prompt's stage (``even``, ``witch:specific``, ``flip_2``...) and the
designated seats are the turn's memo; nothing is announced to the table, so a ghost step draws nothing.
A table with its own cards (``narrate``) has no private screen: there the ``aloud`` hook (which only
``model.public.table_night`` calls) draws the instruction from the same streams and announces it.

Choices decided here (docs/decisions.md, "Psychic, Rascal, Exposer, Mortician"):

* The Rascal's witch views one designated card and must then swap it with another player's card, neither
  the Rascal's nor the viewed one; like the Witch, he may only look when such a swap is possible.
* The Exposer flips exactly the drawn number of center cards (extra slots included) or none; with fewer
  unshielded face-down center cards than that he can only pass. The flipped cards stay face up (public)
  and the Exposer sees them.
* The Mortician's "both neighbours" views every unshielded neighbour card at once, or none; at three
  players LEFT and RIGHT are two different seats, so it is always two cards when nothing is shielded.
"""

from __future__ import annotations

from itertools import combinations

from attrs import evolve

from ....errors import IllegalAction
from ....model.messages import say
from ....model.state import GameState
from ....model.values import DONE, PASS, Action, CardView, Prompt, Step, Turn
from ...draws import draw
from ..identifiers import designate
from .aliens import loop_stream
from .common import center_indices, choice, index_of, info_prompt, log, look_and_show, show, swap_cards, view
from .registry import Behaviour, register


def copy_draw(stream: str, pin: str) -> tuple[str, str]:
    """A copy's own stream and pin for a draw (docs/rules.md D.11 ``psychic#dg.id``; docs/scenarios.md
    ``dg_<key>``)."""
    role, _, rest = stream.partition(".")
    return f"{role}#dg{'.' + rest if rest else ''}", f"dg_{pin}"


def own_draw(g: GameState, turn: Turn, stream: str, pin: str) -> tuple[str, str]:
    """The stream and pin of one of ``turn``'s draws: a copy (any copier) draws its own (docs/rules.md
    Appendix A); a repeated night draws again from ``#loop2`` streams (docs/rules.md D.11)."""
    if turn.copier is not None:
        stream, pin = copy_draw(stream, pin)
    return loop_stream(g, turn.step, stream), pin


def aloud_draws(g: GameState, step: Step, draws: tuple[tuple[str, str, str], ...]) -> GameState:
    """At a table with physical cards (``narrate``), the app says the instruction aloud: each draw
    (table, stream, pin) is made from the step's streams, a copy's step from its own, and announced. An
    identifier is drawn for nobody in particular ("the players with a higher number than yours")."""
    for table, stream, pin in draws:
        if step.kind == "dg":
            stream, pin = copy_draw(stream, pin)
        stream = loop_stream(g, step.id, stream)
        if table.startswith("id_"):
            g, _key, _seats = designate(g, table, None, stream=stream, pin=pin, public=True)
        else:
            g, _value = draw(g, table, stream=stream, pin=pin, public=True)
    return g


def movable(g: GameState, seats: tuple[int, ...]) -> tuple[int, ...]:
    """The seats among ``seats`` whose card may be viewed or moved (not shielded)."""
    return tuple(s for s in seats if s not in g.shields)


def stage_of(instruction: str, identifier: str) -> str:
    return f"{instruction}:{identifier}"


def told(stage: str) -> tuple[str, str]:
    """The (instruction, identifier) a stage says."""
    instruction, _, identifier = stage.partition(":")
    return instruction, identifier


@register("psychic")
class Psychic(Behaviour):
    """5-G: the app names a set of players (ID-1, or ID-2 for ``view_two``); the Psychic may view that
    many of their cards (docs/rules.md #43)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        stream, pin = own_draw(g, turn, "psychic.count", "psychic")
        g, count = draw(g, "psychic", stream=stream, pin=pin)
        stream, pin = own_draw(g, turn, "psychic.id", "psychic_id")
        table = "id_1" if count == "view_one" else "id_2"
        g, key, seats = designate(g, table, turn.seat, stream=stream, pin=pin)
        return g, turn.at(stage_of(count, key), memo=seats)

    def aloud(self, g: GameState, step: Step) -> GameState:
        return aloud_draws(g, step, (("psychic", "psychic.count", "psychic"), ("id_1", "psychic.id", "psychic_id")))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        count, _ = told(turn.stage)
        positions = [g.pos(s) for s in movable(g, turn.memo)]
        size = 2 if count == "view_two" else 1
        looks = [Action("look", pair) for pair in combinations(positions, size)]
        return choice(g, turn, [PASS] + looks)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        return look_and_show(g, turn, action)


RASCAL_TABLES = {"witch": "id_3", "drunk": "id_3", "robber": "id_3", "troublemaker": "id_tm"}


@register("rascal")
class Rascal(Behaviour):
    """7-F: the app tells the Rascal to act as a Witch, Troublemaker, Robber (or, under ``dalbula``, a
    Drunk) on a set of players it names (docs/rules.md #53, D.5)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        stream, pin = own_draw(g, turn, "rascal.kind", "rascal")
        g, kind = draw(g, "rascal", stream=stream, pin=pin)
        if kind not in RASCAL_TABLES:  # "idiot": weight 0 in both columns, never drawn
            raise IllegalAction(f"the Rascal cannot act as {kind!r}")
        stream, pin = own_draw(g, turn, "rascal.id", "rascal_id")
        g, key, seats = designate(g, RASCAL_TABLES[kind], turn.seat, stream=stream, pin=pin)
        return g, turn.at(stage_of(kind, key), memo=seats)

    def aloud(self, g: GameState, step: Step) -> GameState:
        stream, pin = copy_draw("rascal.kind", "rascal") if step.kind == "dg" else ("rascal.kind", "rascal")
        g, kind = draw(g, "rascal", stream=loop_stream(g, step.id, stream), pin=pin, public=True)
        return aloud_draws(g, step, ((RASCAL_TABLES.get(kind, "id_3"), "rascal.id", "rascal_id"),))

    def witch_partners(self, g: GameState, turn: Turn, viewed: int) -> list[int]:
        return [s for s in range(g.players) if s not in (turn.seat, viewed) and s not in g.shields]

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        kind, _ = told(turn.stage)
        me = g.pos(turn.seat)
        designated = movable(g, turn.memo)
        if turn.stage == "witch_swap":
            viewed = index_of(g, turn.memo[0])
            return choice(g, turn, [Action("swap", (turn.memo[0], g.pos(s)))
                                    for s in self.witch_partners(g, turn, viewed)])
        if kind == "witch":
            looks = [Action("look", (g.pos(s),)) for s in designated if self.witch_partners(g, turn, s)]
            return choice(g, turn, [PASS] + looks)
        if kind == "troublemaker":
            return choice(g, turn, [PASS] + [Action("swap", (g.pos(a), g.pos(b)))
                                             for a, b in combinations(designated, 2)])
        swaps = [Action("swap", (me, g.pos(s))) for s in designated] if turn.seat not in g.shields else []
        if kind == "drunk":  # mandatory when possible [M*]
            return choice(g, turn, swaps or [PASS])
        return choice(g, turn, [PASS] + swaps)  # robber

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        kind, _ = told(turn.stage)
        as_role = say("told_to_act_as", role="witch" if turn.stage == "witch_swap" else kind)  # for the story
        if action.verb == "pass":
            return log(g, turn, action, detail=as_role), None
        if action.verb == "look":  # the witch's view; the swap must follow
            pos = action.targets[0]
            g, obs = view(g, turn.seat, index_of(g, pos), turn.step)
            then = Turn(turn.seat, turn.role, turn.step, "witch_swap", (pos,), turn.copier, (obs,), turn.group)
            return log(g, turn, action, detail=as_role), show(turn, (obs,), then)
        g, moves = swap_cards(g, index_of(g, action.targets[0]), index_of(g, action.targets[1]))
        g = log(g, turn, action, moves, detail=as_role)
        if kind == "robber":
            g, obs = view(g, turn.seat, turn.seat, turn.step)
            return g, show(turn, (obs,))
        return g, None


@register("exposer")
class Exposer(Behaviour):
    """10-B: the app draws how many center cards the Exposer may turn face up (1, 2 or 3); he flips
    exactly that many or none (docs/rules.md #61, D.6). They stay face up for the rest of the game."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        stream, pin = own_draw(g, turn, "exposer", "exposer")
        g, count = draw(g, "exposer", stream=stream, pin=pin)
        return g, turn.at(f"flip_{count}")

    def aloud(self, g: GameState, step: Step) -> GameState:
        return aloud_draws(g, step, (("exposer", "exposer", "exposer"),))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        count = int(turn.stage.removeprefix("flip_"))
        down = [g.pos(i) for i in center_indices(g) if not g.cards[i].face_up]
        return choice(g, turn, [PASS] + [Action("flip", group) for group in combinations(down, count)])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        cards = list(g.cards)
        seen: list[CardView] = []
        for pos in action.targets:
            index = index_of(g, pos)
            cards[index] = evolve(cards[index], face_up=True)
            g, obs = view(g, turn.seat, index, turn.step)
            seen.append(obs)
        g = log(g.replace(cards=tuple(cards)), turn, action)
        return g, show(turn, seen)


@register("mortician")
class Mortician(Behaviour):
    """13-A: the app draws how many neighbour cards the Mortician may view: none (he pretends), one
    (his choice of neighbour, or the left, or the right one: ID-MORT) or both (docs/rules.md #66, D.6)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        stream, pin = own_draw(g, turn, "mortician", "mortician")
        g, count = draw(g, "mortician", stream=stream, pin=pin)
        if count == "0":
            return g, turn.at("pretend")
        if count == "2":
            return g, turn.at("both")
        stream, pin = own_draw(g, turn, "mortician.dir", "mortician_id")
        g, direction = draw(g, "mortician_id", stream=stream, pin=pin)
        return g, turn.at(direction)

    def aloud(self, g: GameState, step: Step) -> GameState:
        stream, pin = copy_draw("mortician", "mortician") if step.kind == "dg" else ("mortician", "mortician")
        g, count = draw(g, "mortician", stream=loop_stream(g, step.id, stream), pin=pin, public=True)
        if count == "1":
            g = aloud_draws(g, step, (("mortician_id", "mortician.dir", "mortician_id"),))
        return g

    def neighbours(self, g: GameState, seat: int, stage: str) -> tuple[int, ...]:
        left, right = (seat + 1) % g.players, (seat - 1) % g.players
        wanted = {"left": (left,), "right": (right,)}.get(stage, (left, right))
        return movable(g, tuple(sorted(set(wanted))))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "pretend":
            return info_prompt(turn)
        seats = self.neighbours(g, turn.seat, turn.stage)
        if turn.stage == "both":
            looks = [Action("look", tuple(g.pos(s) for s in seats))] if seats else []
        else:
            looks = [Action("look", (g.pos(s),)) for s in seats]
        return choice(g, turn, [PASS] + looks)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action == DONE:  # he was told to look at nothing: the story says so
            return log(g, turn, PASS, detail=say("told_to_pretend")), None
        if action.verb == "pass":
            return log(g, turn, action), None
        return look_and_show(g, turn, action)


__all__ = ["Exposer", "Mortician", "Psychic", "Rascal", "own_draw", "told"]
