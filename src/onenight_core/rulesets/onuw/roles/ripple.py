"""The alien ripple (docs/rules.md §D.8, step Z2): at the end of the night, when an alien-class card is in the
roster (center included), the app may draw one ripple — at most one per game — and announce it with its
actors by player number. Ripple actions never change anyone's night identity.

Everything announced (the entry, the actors, the designated set) is drawn when the step is called, from
the seats alone, so the table hears the same whatever the deal (a public draw). The actions follow:

* ``insomniac`` (ID-G): each player of the group views his own current card;
* ``silence`` (ID-G): the group may not start chat messages by day (``RoleFacts.silenced``);
* ``troublemaker`` (ID-2), ``robber`` (ID-1), ``witch`` (ID-1), ``view_one`` (ID-3), ``view_two`` (ID-2),
  ``reveal`` (ID-1), ``drunk`` (ID-3): actor 1 acts as that role on the designated cards;
* ``pair_view`` (ID-4): actor 1 picks a card of the set, actors 1 and 2 both see it;
* ``swap_shuffle``: actors 1 and 2 see each other's card, then the two cards are exchanged or not (50/50,
  stream ``swap_shuffle``), neither knowing which;
* ``none``: nothing (never after the Oracle's "ripple: yes").

* ``repeat_night``: every step before the ripple is called once more, right after it, on the current
  state (``night_script.repeated_script``): the script grows when the ripple is announced, so the table,
  the narrator and the engine walk the same steps; the instructions of the second night are drawn again
  from ``#loop2`` streams (D.11), and there is no second ripple.

* ``dealer_vote``: by day the app is a vote target too (``engine.protocol.VOTE_FOR_APP``); it ranks like a
  player in the tally and can be voted out, but it is never a death (docs/resolution.md 0.1).

In the scenario format a ripple step is ``role = "ripple"`` by the acting seat."""

from __future__ import annotations

from ....errors import IllegalAction
from ....model.messages import Message
from ....model.state import GameState
from ....model.kinds import PublicKind
from ....model.values import PASS, Action, CardView, Move, Prompt, PublicEvent, Step, Turn
from ...draws import draw, draw_uniform
from ...night_script import repeated_script
from ..identifiers import designate
from .common import (center_positions, choice, each, index_of, info_prompt, pairs, show, swap_cards, view,
                     view_and_reveal)
from .common import log as log_as
from .daybreak import is_village_card
from .registry import Behaviour, register

# the identifier table (draws.toml id) of each entry that designates a set (D.8 "ID" column)
ID_TABLE = {"insomniac": "id_g", "silence": "id_g", "troublemaker": "id_2", "robber": "id_1", "witch": "id_1",
            "view_one": "id_3", "view_two": "id_2", "reveal": "id_1", "pair_view": "id_4", "drunk": "id_3"}
ONE_ACTOR = frozenset({"troublemaker", "robber", "witch", "view_one", "view_two", "reveal", "drunk"})
TWO_ACTORS = frozenset({"pair_view", "swap_shuffle"})
RIPPLE = "ripple"


@register(RIPPLE, playable_roles=())
class Ripple(Behaviour):
    """Z2: the one ripple of the game (module docstring)."""

    def announce(self, g: GameState, step: Step) -> GameState:
        if g.facts.ripple is not None:
            return g  # at most one ripple per game
        forced = g.facts.ripple_forced
        g, kind = draw(g, "ripple", stream="ripple.kind#forced" if forced else "ripple.kind", pin="ripple",
                       eligible=(lambda key: key != "none") if forced else None, public=True)
        actors: tuple[int, ...] = ()
        if kind in ONE_ACTOR or kind in TWO_ACTORS:
            seats = tuple(f"p{s}" for s in range(g.players))
            g, first = draw_uniform(g, "ripple.actor1", seats, pin="ripple_actors", public=True)
            actors = (int(first[1:]),)
            if kind in TWO_ACTORS:
                rest = tuple(p for p in seats if p != first)
                g, second = draw_uniform(g, "ripple.actor2", rest, pin="ripple_actors", pin_index=1)
                # announced with a line of its own ("Player 3, you too")
                g = g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, "ripple_actor2", (("value", second),)),))
                actors += (int(second[1:]),)
        designated: tuple[int, ...] = ()
        if kind in ID_TABLE:
            table = ID_TABLE[kind]
            exclude = actors if kind == "pair_view" else ()
            g, _key, designated = designate(g, table, actors[0] if actors and table != "id_g" else None,
                                            stream="ripple.id", pin="ripple_id", public=True, exclude=exclude)
        g = g.with_facts(ripple=kind, ripple_actors=actors, ripple_set=designated)
        if kind == "repeat_night":  # the night is called once more, right after this step (A.5)
            g = g.replace(script=repeated_script(g.script)).with_facts(
                night_repeated_at=(len(g.events), len(g.observations)))
        if kind == "silence":
            g = g.with_facts(silenced=designated)
        return g

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        kind, actors, designated = g.facts.ripple, g.facts.ripple_actors, g.facts.ripple_set
        if kind is None or any(e.step == step.id and e.kind == "act" for e in g.events):
            return []  # a repeated step never acts twice
        if kind == "insomniac":
            return [Turn(s, RIPPLE, step.id) for s in designated]
        if kind in ONE_ACTOR or kind in TWO_ACTORS:
            return [Turn(actors[0], RIPPLE, step.id, "start", (), None, (), actors)]
        return []

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
        kind = g.facts.ripple or "none"
        if kind == "insomniac":
            if turn.seat in g.shields:
                return g, turn.at("insomniac", info=())
            g, obs = view(g, turn.seat, turn.seat, turn.step)
            return g, turn.at("insomniac", info=(obs,))
        if kind == "swap_shuffle":
            return _swap_shuffle(g, turn)
        return g, turn.at(kind)

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        stage, seat = turn.stage, turn.seat
        designated = [s for s in g.facts.ripple_set if s not in g.shields]
        others = tuple(g.pos(s) for s in designated if s != seat)
        own = g.pos(seat)
        if stage == "troublemaker":
            return choice(g, turn, (PASS,) + pairs("swap", others))
        if stage == "robber":
            if seat in g.shields:
                return choice(g, turn, (PASS,))
            return choice(g, turn, (PASS,) + tuple(Action("swap", (own, p)) for p in others))
        if stage == "witch":
            return choice(g, turn, (PASS,) + each("look", center_positions(g)))
        if stage == "witch_swap":
            center = turn.memo[0]
            return choice(g, turn, tuple(Action("swap", (center, p)) for p in others) or (PASS,))
        if stage == "view_one":
            return choice(g, turn, (PASS,) + each("look", others))
        if stage == "view_two":
            return choice(g, turn, (PASS,) + pairs("look", others))
        if stage == "reveal":
            return choice(g, turn, (PASS,) + tuple(Action("flip", (p,)) for p in others
                                                   if not g.cards[index_of(g, p)].face_up))
        if stage == "pair_view":
            return choice(g, turn, (PASS,) + each("look", tuple(p for p in others
                                                                 if int(p[1:]) not in turn.group)))
        if stage == "drunk":
            if seat in g.shields or not others:
                return choice(g, turn, (PASS,))
            return choice(g, turn, tuple(Action("take", (p,)) for p in others))
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        stage = turn.stage
        if stage in ("insomniac", "seen", "swap_shuffle"):
            return g, None
        if action.verb == "pass":
            return log(g, turn, action), None
        if stage == "troublemaker":
            g, moves = swap_cards(g, index_of(g, action.targets[0]), index_of(g, action.targets[1]))
            return log(g, turn, action, moves), None
        if stage == "robber":
            g, moves = swap_cards(g, turn.seat, index_of(g, action.targets[1]))
            g = log(g, turn, action, moves)
            g, obs = view(g, turn.seat, turn.seat, turn.step)
            return g, show(turn, (obs,))
        if stage == "witch":
            g, obs = view(g, turn.seat, index_of(g, action.targets[0]), turn.step)
            g = log(g, turn, action)
            return g, show(turn, (obs,), turn.at("witch_swap", memo=(action.targets[0],), info=(obs,)))
        if stage == "witch_swap":
            g, moves = swap_cards(g, index_of(g, action.targets[0]), index_of(g, action.targets[1]))
            return log(g, turn, action, moves), None
        if stage in ("view_one", "view_two"):
            seen = []
            for pos in action.targets:
                g, obs = view(g, turn.seat, index_of(g, pos), turn.step)
                seen.append(obs)
            return log(g, turn, action), show(turn, seen)
        if stage == "reveal":
            index = index_of(g, action.targets[0])
            g, obs, detail = view_and_reveal(g, turn.seat, index, turn.step, is_village_card)
            g = log(g, turn, action, detail=detail)
            return g, show(turn, (obs,))
        if stage == "pair_view":
            index = index_of(g, action.targets[0])
            views: dict[int, CardView] = {}
            for seat in sorted(turn.group):
                g, views[seat] = view(g, seat, index, turn.step)
            g = log(g, turn, action)
            partner = [s for s in turn.group if s != turn.seat]
            then = Turn(partner[0], RIPPLE, turn.step, "seen", (), None, (views[partner[0]],), turn.group) \
                if partner else None
            return g, show(turn, (views[turn.seat],), then)
        if stage == "drunk":
            g, moves = swap_cards(g, turn.seat, index_of(g, action.targets[0]))
            return log(g, turn, action, moves), None
        raise IllegalAction(f"no ripple choice at stage {stage!r}")


def log(g: GameState, turn: Turn, action: Action | None, moves: tuple[Move, ...] = (),
        detail: Message | None = None, kind: str = "act") -> GameState:
    """Log a ripple act as the player's own role (a ripple never changes anyone's role: the story says
    "Bo swapped...", never "Bo, as the ripple, ...")."""
    own = Turn(turn.seat, g.night_roles[turn.seat], turn.step, copier=g.copiers[turn.seat])
    return log_as(g, own, action, moves, detail, kind)


def _swap_shuffle(g: GameState, turn: Turn) -> tuple[GameState, Turn | None]:
    """Actors 1 and 2 see each other's current card (not a shielded one), then the two cards are
    exchanged or not, 50/50 (stream ``swap_shuffle``, pin ``ripple_shuffle``); a shielded card stays."""
    a, b = turn.group
    info_a: tuple[CardView, ...] = ()
    info_b: tuple[CardView, ...] = ()
    if b not in g.shields:
        g, seen = view(g, a, b, turn.step)
        info_a = (seen,)
    if a not in g.shields:
        g, seen = view(g, b, a, turn.step)
        info_b = (seen,)
    g, exchanged = draw(g, "swap_shuffle", pin="ripple_shuffle")
    if exchanged == "true" and a not in g.shields and b not in g.shields:
        g, moves = swap_cards(g, a, b)
        g = log(g, turn, Action("swap_shuffle"), moves, kind="auto")
    then = Turn(b, RIPPLE, turn.step, "seen", (), None, info_b, turn.group)
    return g, Turn(a, RIPPLE, turn.step, "seen", (then,), None, info_a, turn.group).at("show")


__all__ = ["ID_TABLE", "Ripple"]
