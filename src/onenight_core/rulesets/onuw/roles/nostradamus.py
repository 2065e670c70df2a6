"""Nostradamus (docs/rules.md §5 #42, E-55; his win is docs/resolution.md W8).

At 5-E he views up to three other players' cards, one at a time, and stops as soon as a card's printed
role is not on the village team. The team of the last card he viewed is his prediction: he wins if he
survives and that team wins. ``onuw`` takes the official reading of E-55: he may view no card at all,
and then the app picks a team for him, as it does when nobody holds the role (a ghost step) — drawn
uniformly from the teams of the roster (stream ``nostradamus.default``, pin ``nostradamus``; a copy's
own ``nostradamus#dg.default``, pin ``dg_nostradamus``).

The prediction is card-bound (whoever holds the Nostradamus card at dawn has it; ``RoleFacts.predictions``
by card id) and the app announces the team aloud during the night: a public ``DRAW`` event ``nostradamus``
whose value is the team. It is read when his step is over, with the next call (``narration.LATE_DRAWS``),
held or not: a held Nostradamus's team is known only once he stops or his time runs out, a ghost's is drawn
as the step is called, and the table must hear both at the same moment."""

from __future__ import annotations

from ....catalog.loader import default_catalog
from ....catalog.rules import default_rules
from ....model.kinds import PublicKind
from ....model.messages import say
from ....model.state import GameState
from ....model.values import PASS, Action, CardView, Prompt, PublicEvent, Step, Turn
from ...draws import draw_uniform
from .common import choice, index_of, log, show, view, viewable_players
from .daybreak import is_village_card
from .registry import Behaviour, register

MAX_VIEWS = 3
EVIL_TEAMS = ("werewolf", "vampire", "alien", "villain")


def team_of(role: str) -> str:
    """The team key a printed role stands for (docs/resolution.md §0.7): its kind, the evil team it serves
    (Minion, Squire, Renfield), its own special team, else the village."""
    info = default_catalog().get(role)
    if info is None:
        return "village"
    if info.rep:
        return info.rep
    if info.team in EVIL_TEAMS:
        return info.team
    if info.team == "special":
        own = info.special_team or info.id
        return own if default_rules().team(own) is not None else "village"  # the Innocent Bystander
    return "village"


def roster_teams(g: GameState) -> list[str]:
    """The teams of every card in play (center included), sorted: what the app may name (E-55)."""
    return sorted({team_of(c.role) for c in g.cards if c.role != "nostradamus"} or {"village"})


def predict(g: GameState, card_id: int, team: str) -> GameState:
    """Bind ``team`` to the Nostradamus card ``card_id`` and announce it to the table."""
    g = g.with_facts(predictions=g.facts.predictions + ((card_id, team),),
                     nostradamus_team=g.facts.nostradamus_team or team)
    return g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, "nostradamus", (("value", team),)),))


def app_team(g: GameState, copy: bool) -> tuple[GameState, str]:
    """The team the app picks when nobody was viewed."""
    stream, pin = ("nostradamus#dg.default", "dg_nostradamus") if copy else ("nostradamus.default", "nostradamus")
    return draw_uniform(g, stream, roster_teams(g), pin=pin)


@register("nostradamus")
class Nostradamus(Behaviour):
    """Views other players' cards one at a time until a non-village card (or three), then the team of the
    last is his prediction; with no view, the app's team."""

    first_view_mandatory = False
    """Whether he must view a first card when he can (``onuw``: no, E-55; ``dalbula``: yes, S0 5E)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        seen = set(turn.memo)
        options = [Action("look", (g.pos(s),)) for s in viewable_players(g, turn.seat) if g.pos(s) not in seen]
        if options and not seen and self.first_view_mandatory:
            return choice(g, turn, options)
        return choice(g, turn, [PASS] + options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        copy = turn.copier is not None
        if action.verb == "pass":
            if turn.memo:  # he stops: the last card he viewed names the team
                last = turn.info[-1]  # the card he viewed last: the "again" turn shows it
                assert isinstance(last, CardView)
                team = team_of(last.role)
            else:
                g, team = app_team(g, copy)
            g = predict(g, turn.seat, team)
            return log(g, turn, action, detail=say("predicted_team", team=team)), None
        pos = action.targets[0]
        g, obs = view(g, turn.seat, index_of(g, pos), turn.step)
        memo = turn.memo + (pos,)
        more = [s for s in viewable_players(g, turn.seat) if g.pos(s) not in memo]
        if not is_village_card(obs.role) or len(memo) >= MAX_VIEWS or not more:
            team = team_of(obs.role)
            g = predict(g, turn.seat, team)
            return log(g, turn, action, detail=say("predicted_team", team=team)), show(turn, (obs,))
        g = log(g, turn, action)
        again = Turn(turn.seat, turn.role, turn.step, "again", memo, turn.copier, (obs,), turn.group)
        return g, show(turn, (obs,), again)

    def ghost(self, g: GameState, step: Step) -> GameState:
        """Nobody acts (the card in the center, or a feared Nostradamus): the app names a team, bound to
        every Nostradamus card that has none yet."""
        if step.kind == "dg":  # the copy's team is announced all the same: silence would tell
            g, team = app_team(g, True)
            return g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, "nostradamus", (("value", team),)),))
        g, team = app_team(g, False)
        bound = {card for card, _team in g.facts.predictions}
        for card in g.cards:
            if card.role == "nostradamus" and card.id not in bound:
                g = g.with_facts(predictions=g.facts.predictions + ((card.id, team),),
                                 nostradamus_team=g.facts.nostradamus_team or team)
        return g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, "nostradamus", (("value", team),)),))


__all__ = ["Nostradamus", "app_team", "predict", "roster_teams", "team_of"]
