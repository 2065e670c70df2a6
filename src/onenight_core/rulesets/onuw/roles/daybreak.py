"""The Daybreak roles' night: Sentinel, Alpha Wolf, Mystic Wolf, Apprentice Seer, Paranormal Investigator,
Witch, Village Idiot, Revealer, Curator, and the end-of-night artifact reveal (docs/rules.md §5 #15, #28,
#29, #39, #40, #46, #50, #60, #64, §A.5 Z3, §C; Appendix A for the Doppelganger's copies).

The Dream Wolf (a thumb at steps 2, 3 and 9-C) and the Bodyguard (a vote rule) have no night action of
their own: the Dream Wolf is registered in ``passive``, the Bodyguard here, and both are handled where
they matter (the werewolves' step, the Minion, the Squire, the resolution).

Every choice honours the Sentinel's shield: a shielded card is never viewed, moved, flipped or given an
artifact, its owner's included (docs/rules.md §1.1). Marks are not shielded.
"""

from __future__ import annotations

from attrs import evolve

from ..artifacts import ArtifactView, next_artifact
from ....catalog.loader import default_catalog
from ....errors import IllegalAction, SetupError
from ....model.messages import say
from ....model.values import Action, Card, CardView, Move, Prompt, Step, Turn, PASS
from ....model.state import GameState
from .base import group_roles
from .common import (center_indices, choice, index_of, look_and_show, info_prompt, log, show, swap_cards, view,
                     view_and_reveal, viewable_players)
from .registry import Behaviour, Passive, extra_slots, register

# The cards the Alpha Wolf may lay beside the center, most ordinary first (official set-up: "any
# Werewolf card: Werewolf, Mystic Wolf, Dream Wolf"; E-21).
CENTER_WOLF_CHOICES = ("werewolf", "dream_wolf", "mystic_wolf")




def is_village_card(role: str) -> bool:
    """Whether a printed role is on the village team (E-67: the app's wording; E-29: printed role)."""
    info = default_catalog().get(role)
    return info is not None and info.team == "village_hero"


def copy_target(g: GameState, turn: Turn) -> int | None:
    """The seat a Doppelganger viewed to copy its role (its last view in its own step)."""
    for obs in reversed(g.observations):
        if isinstance(obs, CardView) and obs.seat == turn.seat and obs.step == turn.step:
            return index_of(g, obs.pos)
    return None


def _done(g: GameState, turn: Turn, action: Action) -> tuple[GameState, None]:
    return log(g, turn, action), None


@register("sentinel")
class Sentinel(Behaviour):
    """[O] Places a public shield on another player's card (never the center, never his own). The
    Doppelganger-Sentinel does it at once in her own step with her own shield (Appendix A)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        shields = [Action("shield", (g.pos(s),)) for s in viewable_players(g, turn.seat)]
        return choice(g, turn, [PASS] + shields)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        index = index_of(g, action.targets[0])
        g = g.replace(shields=g.shields | {index})
        return log(g, turn, action, detail=say("shielded", pos=action.targets[0])), None


@register("alpha_wolf")
class AlphaWolf(Behaviour):
    """Wakes with the werewolves, then at 2-B must exchange the center werewolf card (its extra slot,
    c3 with one Alpha Wolf) with a non-werewolf player's card, without looking (docs/rules.md #28).

    Targets at 2-B: not himself, not a werewolf by night identity (the Dream Wolf included: the wolves saw
    its thumb), not shielded. The Doppelganger-Alpha acts at once in her step and may pick any player
    except herself and the Alpha Wolf she viewed (Daybreak rulebook), and does not act at 2-B."""

    extra_center = 1

    def extra_card(self, cards: list[str]) -> str:
        for role in CENTER_WOLF_CHOICES:
            if role in cards:
                return role
        raise SetupError(said=say("error_alpha_wolf_center", role="alpha_wolf", first_role="werewolf",
                                  second_role="mystic_wolf", third_role="dream_wolf"))

    def targets(self, g: GameState, turn: Turn) -> list[int]:
        seats = viewable_players(g, turn.seat)
        if turn.copier == "doppelganger":
            alpha = copy_target(g, turn)
            return [s for s in seats if s != alpha]
        wolves = group_roles("werewolves")
        return [s for s in seats if g.night_roles[s] not in wolves]

    def slots(self, g: GameState) -> list[int]:
        slots = extra_slots(g.setup.deck, g.players).get("alpha_wolf", ())
        return [i for i in slots if i < len(g.cards) and i not in g.shields]

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options = [Action("swap", (g.pos(i), g.pos(s))) for i in self.slots(g) for s in self.targets(g, turn)]
        return choice(g, turn, options or [PASS])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action, detail=say("no_legal_target")), None
        g, moves = swap_cards(g, index_of(g, action.targets[0]), index_of(g, action.targets[1]))
        return log(g, turn, action, moves), None


@register("mystic_wolf")
class MysticWolf(Behaviour):
    """Wakes with the werewolves, then at 2-C may view one other player's card (the Doppelganger-Mystic
    Wolf does it at once in her step)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return choice(g, turn, [PASS] + [Action("look", (g.pos(s),)) for s in viewable_players(g, turn.seat)])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        return look_and_show(g, turn, action)


@register("apprentice_seer")
class ApprenticeSeer(Behaviour):
    """May view one center card, the extra werewolf slot included."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return choice(g, turn, [PASS] + [Action("look", (g.pos(i),)) for i in center_indices(g)])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        return look_and_show(g, turn, action)


@register("paranormal_investigator")
class ParanormalInvestigator(Behaviour):
    """May view up to two other players' cards, one at a time (docs/rules.md #40, E-67, E-29).

    A card whose printed role is not on the village team stops him: he becomes that role. The change is
    written on his own card (``Card.copied``, like a Doppelganger's copy) and travels with it; his night
    identity does not change, so he never wakes as that role. A Doppelganger card is a village card, so he
    looks on past it whatever it copied."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        seen = set(turn.memo)
        options = [Action("look", (g.pos(s),)) for s in viewable_players(g, turn.seat)
                   if g.pos(s) not in seen]
        return choice(g, turn, [PASS] + options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        pos = action.targets[0]
        g, obs = view(g, turn.seat, index_of(g, pos), turn.step)
        if not is_village_card(obs.role):
            g = become(g, turn.seat, obs.role)
            return log(g, turn, action, detail=say("became", role=obs.role)), show(turn, (obs,))
        g = log(g, turn, action)
        if turn.stage == "start":
            again = Turn(turn.seat, turn.role, turn.step, "second", (pos,), turn.copier, (obs,), turn.group)
            if any(g.pos(s) != pos for s in viewable_players(g, turn.seat)):
                return g, show(turn, (obs,), again)
        return g, show(turn, (obs,))


def become(g: GameState, seat: int, role: str) -> GameState:
    """Write a P.I.'s change on the P.I.'s own card (the card dealt to ``seat``), wherever it is now."""
    cards = list(g.cards)
    for i, card in enumerate(cards):
        if card.id == seat:
            cards[i] = evolve(card, copied=role)
            break
    return g.replace(cards=tuple(cards))


@register("witch")
class Witch(Behaviour):
    """May view one center card; if she does, she must exchange it with any player's card without
    looking at it — her own included under ``onuw`` (E-1, the official reading). A shielded card cannot
    take part, so she may only look when some player's card is unshielded."""

    may_swap_self = True
    """Whether her own card may take the center card (``onuw``: yes, E-1; ``dalbula``: no, S0 6B)."""

    def players(self, g: GameState, seat: int) -> list[int]:
        return [s for s in range(g.players) if s not in g.shields and (self.may_swap_self or s != seat)]

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "swap":
            center = turn.memo[0]
            return choice(g, turn, [Action("swap", (center, g.pos(s))) for s in self.players(g, turn.seat)])
        looks = [Action("look", (g.pos(i),)) for i in center_indices(g)] if self.players(g, turn.seat) else []
        return choice(g, turn, [PASS] + looks)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        if action.verb == "look":
            pos = action.targets[0]
            g, obs = view(g, turn.seat, index_of(g, pos), turn.step)
            then = Turn(turn.seat, turn.role, turn.step, "swap", (pos,), turn.copier, (obs,), turn.group)
            return log(g, turn, action), show(turn, (obs,), then)
        g, moves = swap_cards(g, index_of(g, action.targets[0]), index_of(g, action.targets[1]))
        return log(g, turn, action, moves), None


def rotation(g: GameState, seat: int, direction: str) -> tuple[tuple[Card, ...], tuple[Move, ...]]:
    """The Village Idiot's move: every player card except his own and the shielded ones moves one
    eligible seat to the left ((i+1) mod N) or right, wrapping; skipped seats keep their cards."""
    eligible = [s for s in range(g.players) if s != seat and s not in g.shields]
    step = 1 if direction == "left" else -1
    cards = list(g.cards)
    moves: list[Move] = []
    for k, src in enumerate(eligible):
        dst = eligible[(k + step) % len(eligible)]
        cards[dst] = g.cards[src]
        moves.append(Move(g.cards[src].id, g.pos(src), g.pos(dst)))
    return tuple(cards), tuple(moves)


@register("village_idiot")
class VillageIdiot(Behaviour):
    """May move every player card but his own one seat left or right, skipping shielded cards; the
    center never moves (docs/rules.md #50). With fewer than two movable cards there is nothing to do."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        movable = [s for s in range(g.players) if s != turn.seat and s not in g.shields]
        rotations = [Action("rotate", (), "left"), Action("rotate", (), "right")] if len(movable) >= 2 else []
        return choice(g, turn, [PASS] + rotations)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        if action.value not in ("left", "right"):  # the prompt offers only these two
            raise IllegalAction(f"the Village Idiot rotates left or right, not {action.value!r}")
        cards, moves = rotation(g, turn.seat, action.value)
        return log(g.replace(cards=cards), turn, action, moves), None


@register("revealer")
class Revealer(Behaviour):
    """May flip one other player's face-down card face up. If its printed role is not on the village
    team (E-67) it goes back face down and only the Revealer saw it; otherwise it stays face up, public,
    for the rest of the game. The Doppelganger-Revealer does the same at 10a (docs/rules.md #60)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options = [Action("flip", (g.pos(s),)) for s in viewable_players(g, turn.seat)
                   if not g.cards[s].face_up]
        return choice(g, turn, [PASS] + options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        index = index_of(g, action.targets[0])
        g, obs, detail = view_and_reveal(g, turn.seat, index, turn.step, is_village_card)
        g = log(g, turn, action, detail=detail)
        return g, show(turn, (obs,))


@register("curator")
class Curator(Behaviour):
    """May give the top artifact of the shuffled stack, unseen, to any player — himself included — whose
    card has no shield and no artifact yet (docs/rules.md #64, §C; ``onuw`` takes the official "may", E-33).
    The holder sees it privately at the end of the night (the ``artifacts`` step)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options = []
        if next_artifact(g) is not None:
            options = [Action("artifact", (g.pos(s),)) for s in range(g.players)
                       if s not in g.shields and g.artifacts[s] is None]
        return choice(g, turn, [PASS] + options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return _done(g, turn, action)
        seat = index_of(g, action.targets[0])
        artifact = next_artifact(g)
        artifacts = list(g.artifacts)
        artifacts[seat] = artifact
        g = g.replace(artifacts=tuple(artifacts)).with_facts(artifacts_drawn=g.facts.artifacts_drawn + 1)
        return log(g, turn, action, detail=say("gave_artifact", artifact=artifact)), None


@register("artifacts", playable_roles=())
class ArtifactReveal(Behaviour):
    """Engine step after the night (Z3): each artifact holder privately looks at their artifact."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return [Turn(s, step.id, step.id) for s in range(g.players) if g.artifacts[s] is not None]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        artifact = g.artifacts[turn.seat]
        assert artifact is not None, "actors() wakes artifact holders only"
        obs = ArtifactView(turn.seat, g.pos(turn.seat), artifact, turn.step)
        g = g.replace(observations=g.observations + (obs,))
        return g, evolve(turn, stage="look", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


@register("bodyguard")
class Bodyguard(Passive):
    """No night action: the player the Bodyguard votes for cannot die (resolution V3c)."""


__all__ = ["AlphaWolf", "ArtifactReveal", "Bodyguard", "Curator", "MysticWolf", "ParanormalInvestigator",
           "Revealer", "Sentinel", "VillageIdiot", "Witch", "become", "copy_target", "is_village_card",
           "rotation"]
