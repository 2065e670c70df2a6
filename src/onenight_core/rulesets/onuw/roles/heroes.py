"""The Super Villains heroes: Mirror Man, Annoying Lad, Detector, Role Retriever, Voodoo Lou, Switcheroo,
Self-Awareness Girl and Flipper (docs/rules.md §5 #3, #37, #44, #48, #54, #57, #62, §6 Voodoo Lou).

Most are a base or Daybreak role under a hero's name, with their own wake code (roles.toml) and so their
own step: Detector is the Seer, Role Retriever the Robber, Switcheroo the Troublemaker, Self-Awareness
Girl the Insomniac, Voodoo Lou the Witch, Annoying Lad the Thing. Mirror Man is the Copycat whose card
stays a hero's (the hero flag only matters to the Flipper, E-23). The Flipper is the Revealer with the
hero test: a card stays face up only if its printed role is a hero."""

from __future__ import annotations

from ....catalog.loader import default_catalog
from ....model.messages import say
from ....model.state import GameState
from ....model.values import PASS, Action, CardView, Learned, Prompt, Turn
from .base import Insomniac, Robber, Seer, Troublemaker
from .bonus import Thing
from .common import become_copied, center_indices, choice, index_of, log, show, view, view_and_reveal, viewable_players
from .daybreak import Witch
from .registry import Behaviour, Passive, register


@register("detector")
class Detector(Seer):
    """5-H: the Seer's action (docs/rules.md #44)."""


@register("role_retriever")
class RoleRetriever(Robber):
    """6-D: the Robber's action; he gets the stolen card's role but not its night action (docs/rules.md #48)."""


@register("switcheroo")
class Switcheroo(Troublemaker):
    """7-G: the Troublemaker's action (docs/rules.md #54)."""


@register("self_awareness_girl")
class SelfAwarenessGirl(Insomniac):
    """9-B: the Insomniac's action (docs/rules.md #57); her Doppelganger copy looks at 9-Ba."""


@register("voodoo_lou")
class VoodooLou(Witch):
    """6-E: the Witch's action under a hero's name (docs/rules.md §6: [O] view a center card, then [M] exchange
    it with any player's card; ``onuw`` only)."""


@register("annoying_lad")
class AnnoyingLad(Thing):
    """4-C: the Thing's tap (docs/rules.md #37, optional under ``onuw``, E-34); the tapped player learns that
    this neighbour is the Annoying Lad."""

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        tapped = index_of(g, action.targets[0])
        obs = Learned(tapped, (g.pos(turn.seat),), "annoying_lad", turn.step)
        g = g.replace(observations=g.observations + (obs,))
        return log(g, turn, action), Turn(tapped, turn.role, turn.step, "show", (), None, (obs,))


def is_hero_card(role: str) -> bool:
    """Whether a printed role is a hero (roles.toml ``hero``): the Flipper's test. Mirror Man cards are
    heroes whatever they copied; the Innocent Bystander is not (docs/rules.md #62, #74)."""
    info = default_catalog().get(role)
    return info is not None and info.hero


@register("flipper")
class Flipper(Behaviour):
    """10-C: may flip one other player's face-down card (not shielded). A hero's card stays face up, public,
    for the rest of the game; any other card goes back face down, seen by the Flipper only."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options = [Action("flip", (g.pos(s),)) for s in viewable_players(g, turn.seat) if not g.cards[s].face_up]
        return choice(g, turn, [PASS] + options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        index = index_of(g, action.targets[0])
        g, obs, detail = view_and_reveal(g, turn.seat, index, turn.step, is_hero_card)
        g = log(g, turn, action, detail=detail)
        return g, show(turn, (obs,))


@register("mirror_man")
class MirrorMan(Behaviour):
    """-8-A, right after the Copycat: views one center card and becomes its printed role, like the Copycat
    (docs/rules.md #3). The copy is card-bound; the card keeps its printed Mirror Man, so it stays a hero's for
    the Flipper (E-23). He then acts in the copied role's steps after the originals and the Copycats.

    A Mirror Man that sees a Copycat or a Mirror Man card copies nothing that acts (their steps have
    passed): he stays a powerless hero. A Copycat that copied the Mirror Man acts here as one and copies
    **another** center card than the Mirror Man it copied (docs/rules.md #2: "views another center card")."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        copied = {obs.pos for obs in g.observations
                  if isinstance(obs, CardView) and obs.seat == turn.seat and obs.step == "copycat"}
        return choice(g, turn, [Action("copy", (g.pos(i),)) for i in center_indices(g)
                                if g.pos(i) not in copied] or [PASS])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        g, obs = view(g, turn.seat, index_of(g, action.targets[0]), turn.step)
        copied = obs.role
        own = g.cards[turn.seat]
        was = g.copiers[turn.seat]
        g = become_copied(g, turn.seat, copied,
                          bind=own.role == "mirror_man" or (own.role == "copycat" and own.copied == "mirror_man"),
                          copier=None if copied in ("mirror_man", "copycat")
                          else was if was == "copycat" else "mirror_man")
        g = log(g, turn, action, detail=say("became", role=copied))
        return g, show(turn, (obs,))


# Roles with no night action whose passives the resolution implements (docs/resolution.md V2b, V3, V6, S-
# innocent_bystander): The Sponge (the Prince), Defender-er (the Bodyguard), Ricochet Rhino (the vote
# redirect), Windy Wendy (a villain's vote makes her a villain), the Innocent Bystander (wins with the
# village, not a hero).
register("the_sponge", "defender_er", "ricochet_rhino", "windy_wendy", "innocent_bystander")(
    type("HeroPassive", (Passive,), {"__doc__": "A Super Villains / Bonus 4 role with no night action."}))


__all__ = ["AnnoyingLad", "Detector", "Flipper", "MirrorMan", "RoleRetriever", "SelfAwarenessGirl",
           "Switcheroo", "VoodooLou", "is_hero_card"]
