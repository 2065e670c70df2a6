"""The base game's night: Doppelganger, Werewolves, Minion, Masons, Seer, Robber, Troublemaker, Drunk,
Insomniac (docs/rules.md §5 entries and Appendix A)."""

from __future__ import annotations

from functools import lru_cache, cache


from ....catalog.loader import default_catalog
from ....errors import IllegalAction
from ....model.messages import say
from ....model.state import GameState
from ....model.values import Action, Prompt, Step, Turn, PASS
from .common import (PASS_ONLY, act_event, card_view, center_positions, choice, each, index_of, info_prompt, joined,
                     learn, log, look_and_show, pairs, seats_of, show, swap_and_log, view, viewable_positions,
                     with_copy)
from .registry import Behaviour, behaviour_for, register
from ...behaviours import fresh_turn


@cache
def group_roles(group: str) -> frozenset[str]:
    """Roles the catalog puts in ``group`` (werewolves, masons, ...)."""
    return frozenset(r.id for r in default_catalog().roles if r.group == group)


@cache
def awake_wolf_roles() -> frozenset[str]:
    """Werewolf-group roles that wake at step 2 (the Dream Wolf only shows a thumb)."""
    return frozenset(r for r in group_roles("werewolves") if default_catalog()[r].wake is not None)




@register("doppelganger")
class Doppelganger(Behaviour):
    """Views another player's card and becomes that role (Appendix A decides when it acts)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "start":
            return choice(g, turn, each("copy", viewable_positions(g, turn.seat)) or (PASS,))
        raise IllegalAction(turn.stage)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        index = index_of(g, action.targets[0])
        target = g.cards[index]
        obs = card_view(turn.seat, g.positions[index], target.role, turn.step)  # (``view``, in the one replace below)
        # E-24: a copied Copycat/Mirror Man card gives its copy X, with no night action for X (the
        # night identity stays the viewed card's printed role, whose step has passed).
        adopted = target.role in ("copycat", "mirror_man") and target.copied is not None
        copied = target.copied if adopted and target.copied is not None else target.role
        own = g.cards[turn.seat]
        cards = list(g.cards)
        if own.role == "doppelganger" or (own.role in ("copycat", "mirror_man") and own.copied == "doppelganger"):
            cards[turn.seat] = with_copy(own, copied)  # a Copycat that copied the Doppelganger too
        roles = list(g.night_roles)
        roles[turn.seat] = target.role if adopted else copied
        copiers = list(g.copiers)
        copiers[turn.seat] = "doppelganger"
        # the view, the copy and the log of the action, written as one state
        g = g.replace(cards=tuple(cards), night_roles=tuple(roles), copiers=tuple(copiers),
                      observations=g.observations + (obs,),
                      events=g.events + (act_event(turn, action, say("became", role=copied)),))
        sign = default_catalog()[copied].doppelganger if copied in default_catalog() else "-"
        then = None
        if adopted:
            then = None  # E-24: no night action for an adopted copy
        elif copied == "minion":
            then = fresh_turn(turn.seat, "minion", turn.step, "doppelganger")
        elif "!" in sign:  # acts at once (and, for "G!", wakes with its group later)
            then = fresh_turn(turn.seat, copied, turn.step, "doppelganger")
        return g, show(turn, (obs,), then)


@register("werewolves", playable_roles=("werewolf",))
class Werewolves(Behaviour):
    """Step 2: the awake wolves see each other and the Dream Wolves' thumbs; a lone wolf may view one
    center card (including extra slots)."""

    # onuw takes the official reading of E-11: a Dream Wolf's thumb tells the wolf it is not alone
    # (dalbula's layer says it does not).
    dream_thumb_ends_lone: bool = True

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        roles = g.night_roles
        awake = seats_of(roles, awake_wolf_roles(), g.feared)
        return [fresh_turn(s, roles[s], step.id, g.copiers[s], awake) for s in awake]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        dream = [s for s in range(g.players) if g.night_roles[s] == "dream_wolf" and s not in g.feared] \
            if "dream_wolf" in g.night_roles else []
        others = [s for s in turn.group if s != turn.seat] + dream
        g, obs = learn(g, turn.seat, sorted(others), "werewolf", turn.step)
        lone = len(turn.group) == 1 and (not dream or not self.dream_thumb_ends_lone)
        stage = "lone" if lone else "meet"
        return g, turn.at(stage, info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "lone":
            return choice(g, turn, joined(PASS_ONLY, each("look", center_positions(g))))
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "look":
            return look_and_show(g, turn, action)
        if action.verb == "pass":  # a lone wolf declining the peek is a choice: log it like the Seer's
            return log(g, turn, action), None
        return g, None


@register("minion")
class Minion(Behaviour):
    """Sees every player whose night identity is a werewolf (Dream Wolf and feared wolves included)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        wolves = list(seats_of(g.night_roles, group_roles("werewolves")))
        if turn.seat in wolves:  # (never its own seat)
            wolves.remove(turn.seat)
        g, obs = learn(g, turn.seat, wolves, "werewolf", turn.step)
        return g, turn.at("thumbs", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


@register("masons", playable_roles=("mason",))
class Masons(Behaviour):
    def actors(self, g: GameState, step: Step) -> list[Turn]:
        roles = g.night_roles
        masons = seats_of(roles, group_roles("masons"), g.feared)
        return [fresh_turn(s, roles[s], step.id, g.copiers[s], masons) for s in masons]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g, obs = learn(g, turn.seat, [s for s in turn.group if s != turn.seat], "mason", turn.step)
        return g, turn.at("meet", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


@register("seer")
class Seer(Behaviour):
    """May view another player's card or two center cards."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options = joined(PASS_ONLY, each("look", viewable_positions(g, turn.seat)), pairs("look", center_positions(g)))
        return choice(g, turn, options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        return look_and_show(g, turn, action)


@register("robber")
class Robber(Behaviour):
    """May exchange own card with another player's card, then views the new card."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.seat in g.shields:
            return choice(g, turn, (PASS,))
        return choice(g, turn, joined(PASS_ONLY, _robs(g.pos(turn.seat), viewable_positions(g, turn.seat))))

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        g, obs = swap_and_log(g, turn, action, turn.seat, index_of(g, action.targets[1]), look_at=turn.seat)
        assert obs is not None  # (``look_at`` given: the seat viewed its new card)
        return g, show(turn, (obs,))


@lru_cache(maxsize=1024)
def _robs(own: str, others: tuple[str, ...]) -> tuple[Action, ...]:
    """The Robber's swaps of his own card with each other card (built once per table and seat)."""
    return tuple(Action("swap", (own, p)) for p in others)


@register("troublemaker")
class Troublemaker(Behaviour):
    """May exchange the cards of two other players, without looking."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return choice(g, turn, joined(PASS_ONLY, pairs("swap", viewable_positions(g, turn.seat))))

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        g, _ = swap_and_log(g, turn, action, index_of(g, action.targets[0]), index_of(g, action.targets[1]))
        return g, None


@register("drunk")
class Drunk(Behaviour):
    """Must exchange own card with a center card, without looking; a shielded Drunk cannot act."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.seat in g.shields:
            return choice(g, turn, [PASS])
        return choice(g, turn, each("take", center_positions(g)))

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action, detail=say("blocked_by_shield")), None
        g, _ = swap_and_log(g, turn, action, turn.seat, index_of(g, action.targets[0]))
        return g, None


@register("insomniac")
class Insomniac(Behaviour):
    """Views own current card at the end of the night (nothing if it is shielded)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        if turn.seat in g.shields:
            return g, turn.at("look", info=())
        g, obs = view(g, turn.seat, turn.seat, turn.step)
        return g, turn.at("look", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


__all__ = ["group_roles", "awake_wolf_roles", "behaviour_for"]
