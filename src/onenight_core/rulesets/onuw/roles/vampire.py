"""The Vampire expansion's night: dusk and twilight marks, the mark check, the lovers, and the night roles
that read or move marks (docs/rules.md §5.1–§5.3, §A.5, §B; Appendix A for the Doppelgänger).

Every mark changes hands through ``onenight_core.rulesets.onuw.marks`` so that Love couples stay in step with the marks.
Mark ids are the ``value`` of ``mark`` actions (docs/engine.md, verb convention).

Choices decided here (docs/decisions.md, "Vampire expansion"):

* The vampires choose ONE player together (docs/rules.md #6, E-66 "first submission wins, ties by lowest
  seat"). On one laptop the first awake vampire in seat order enters the group's choice; each other
  vampire then sees their fellow vampires and, on the same screen, whom the group marked.
* Under ``onuw`` Cupid places up to two Love marks (E-35, official rulebook): none (he may pass on his
  first pick) or a couple (once he gave the first, the second pick is required: a lone Love mark has no
  partner). The Gremlin may include himself (E-2), and the Assassin keeps his eyes open while the
  Apprentice Assassin looks for him, so he learns the Apprentice Assassin (E-31)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from attrs import evolve

from ....errors import IllegalAction
from ..marks import (ASSASSIN, BAT, CLARITY, DISEASE, FEAR, LOVE, TRAITOR, VAMPIRE,
                     exchange_marks, give_mark, next_couple, view_mark)
from ....model.messages import say
from ....model.values import Action, CardView, Learned, MarkView, Prompt, Step, Turn, PASS
from ....model.positions import left, right
from ....model.state import GameState
from .base import group_roles
from .common import (become_copied, center_indices, choice, index_of, info_prompt, learn, log, show, swap_cards, view,
                     viewable_players)
from .registry import Behaviour, register




def _mark_options(g: GameState, seats: Iterable[int], mark: str) -> list[Action]:
    return [Action("mark", (g.pos(s),), mark) for s in seats]


def _vampires(g: GameState, but: int | None = None) -> list[int]:
    """Seats whose night identity wakes with the vampires (copies included)."""
    vampires = group_roles("vampires")
    return [s for s in range(g.players) if g.night_roles[s] in vampires and s != but]


def _give(g: GameState, turn: Turn, action: Action, couple: int | None = None) -> GameState:
    """Apply a ``mark`` action of ``turn``'s seat and log it."""
    target = index_of(g, action.targets[0])
    g = give_mark(g, target, action.value or "", couple)
    return log(g, turn, action, detail=say("gave_mark", mark=action.value, pos=g.pos(target)))


class _MarkGiver(Behaviour):
    """A role that gives one mark (``mark``) to one of ``targets`` — mandatory unless ``optional``."""

    mark: str = ""
    optional: bool = False

    def targets(self, g: GameState, turn: Turn) -> list[int]:
        return list(range(g.players))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        options = _mark_options(g, self.targets(g, turn), self.mark)
        if self.optional or not options:
            options = [PASS] + options
        return choice(g, turn, options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        return _give(g, turn, action), None


# -- dusk ---------------------------------------------------------------------------------------------

@register("copycat")
class Copycat(Behaviour):
    """−8: views one center card (extra slots included) and becomes its printed role (E-29); the copy is
    card-bound. The Copycat then acts in that role's own steps, after the originals (default ``actors``)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return choice(g, turn, [Action("copy", (g.pos(i),)) for i in center_indices(g)] or [PASS])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        g, obs = view(g, turn.seat, index_of(g, action.targets[0]), turn.step)
        copied = obs.role
        # a Copycat copying a Copycat stays a plain Copycat (docs/rules.md #2)
        g = become_copied(g, turn.seat, copied, bind=g.cards[turn.seat].role == "copycat",
                          copier="copycat" if copied != "copycat" else None)
        g = log(g, turn, action, detail=say("became", role=copied))
        return g, show(turn, (obs,))


# -- twilight -----------------------------------------------------------------------------------------

@register("vampires", playable_roles=("vampire", "the_master"))
class Vampires(Behaviour):
    """−6: every vampire (Vampire, The Count, The Master and their copies) wakes; they see each other and
    give the Mark of the Vampire to one player who is not a vampire (docs/rules.md #6, #79).

    The first vampire in seat order enters the group's choice; the others see it (module docstring)."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        awake = tuple(s for s in _vampires(g) if s not in g.feared)
        return [Turn(s, g.night_roles[s], step.id, copier=g.copiers[s], group=awake) for s in awake]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g, obs = learn(g, turn.seat, [s for s in turn.group if s != turn.seat], "vampire", turn.step)
        if turn.seat == turn.group[0]:
            return g, evolve(turn, stage="choose", info=(obs,))
        marked = g.facts.vampire_mark
        shown = (obs,) if marked is None else (obs, Learned(turn.seat, (g.pos(marked),), VAMPIRE, turn.step))
        return g, evolve(turn, stage="meet", info=shown)

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "choose":
            vampires = group_roles("vampires")
            targets = [s for s in range(g.players) if g.night_roles[s] not in vampires]
            return choice(g, turn, _mark_options(g, targets, VAMPIRE) or [PASS])
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage != "choose":
            return g, None
        if action.verb == "pass":
            return log(g, turn, action, detail=say("nobody_can_receive_mark", mark=VAMPIRE)), None
        g = _give(g, turn, action)
        return g.with_facts(vampire_mark=index_of(g, action.targets[0])), None


@register("the_count")
class TheCount(_MarkGiver):
    """−6B (a Doppelgänger's copy at −6Ba): gives the Mark of Fear to a player who is neither a vampire
    (by night identity) nor the holder of the Mark of the Vampire (docs/rules.md #7, E-22)."""

    mark = FEAR

    def targets(self, g: GameState, turn: Turn) -> list[int]:
        vampires = group_roles("vampires")
        return [s for s in range(g.players) if g.night_roles[s] not in vampires and g.marks[s] != VAMPIRE]


@register("renfield")
class Renfield(Behaviour):
    """−6C: sees the vampires and the player they marked, then must give himself the Mark of the Bat,
    which replaces even a Mark of the Vampire he just received (docs/rules.md #8, E-41). No choice."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g, seen = learn(g, turn.seat, _vampires(g, but=turn.seat), "vampire", turn.step)
        marked = [s for s in range(g.players) if g.marks[s] == VAMPIRE and s != turn.seat]
        g, pointed = learn(g, turn.seat, marked, VAMPIRE, turn.step)
        g = give_mark(g, turn.seat, BAT)
        g = log(g, turn, Action("mark", (g.pos(turn.seat),), BAT), detail=say("took_mark", mark=BAT))
        return g, evolve(turn, stage="see", info=(seen, pointed))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


@register("diseased")
class Diseased(_MarkGiver):
    """−5 (a Doppelgänger's copy acts at once at −7): gives the Mark of Disease to the left or right
    neighbour (docs/rules.md #9)."""

    mark = DISEASE

    def targets(self, g: GameState, turn: Turn) -> list[int]:
        return sorted({left(turn.seat, g.players), right(turn.seat, g.players)})


@register("cupid")
class Cupid(Behaviour):
    """−4 (a Doppelgänger's copy acts at once at −7 with its own couple): gives the Mark of Love to two
    different players, self allowed. ``onuw``: up to two (official rulebook, E-35); ``dalbula``: exactly two.

    The two marks form one couple (docs/resolution.md V7l); the couple id rides in ``turn.memo``."""

    may_pass: bool = True  # onuw; dalbula's layer gives exactly two

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        return g, evolve(turn, stage="first", memo=(next_couple(g),))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        chosen = turn.memo[1:]
        options = _mark_options(g, [s for s in range(g.players) if s not in chosen], LOVE)
        if self.may_pass and turn.stage == "first":
            options = [PASS] + options  # up to two: none, or a couple (a lone Love mark has no partner)
        return choice(g, turn, options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        couple = turn.memo[0]
        g = _give(g, turn, action, couple)
        if turn.stage == "first":
            return g, evolve(turn, stage="second", memo=(couple, index_of(g, action.targets[0])))
        return g, None


@register("instigator")
class Instigator(_MarkGiver):
    """−3 (a Doppelgänger's copy acts at once at −7): may give the Mark of the Traitor to any player,
    self included (docs/rules.md #11, E-36)."""

    mark = TRAITOR
    optional = True


@register("priest")
class Priest(Behaviour):
    """−2 (a Doppelgänger's copy at −2a): takes a Mark of Clarity himself (automatic) and may give one
    to another player (docs/rules.md #12)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g = give_mark(g, turn.seat, CLARITY)
        g = log(g, turn, Action("mark", (g.pos(turn.seat),), CLARITY), detail=say("took_mark", mark=CLARITY))
        return g, evolve(turn, stage="other")

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        others = [s for s in range(g.players) if s != turn.seat]
        return choice(g, turn, [PASS] + _mark_options(g, others, CLARITY))

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        return _give(g, turn, action), None


def _apprentices(g: GameState, but: int) -> list[int]:
    """Apprentice Assassins who look for the Assassin with their eyes open at −1B (a Doppelgänger's copy
    wakes later, at −1Ba)."""
    return [s for s in range(g.players) if g.night_roles[s] == "apprentice_assassin"
            and g.copiers[s] != "doppelganger" and s != but]


def _assassins(g: GameState, but: int) -> list[int]:
    """Assassins whose thumbs the Apprentice Assassin sees (not the Doppelgänger's copy, docs/rules.md #13)."""
    return [s for s in range(g.players) if g.night_roles[s] == "assassin"
            and g.copiers[s] != "doppelganger" and s != but]


@register("assassin")
class Assassin(_MarkGiver):
    """−1 (a Doppelgänger's copy at −1a): gives the Mark of the Assassin to any player, self included.

    ``onuw`` (E-31, official): the Assassin's eyes stay open while the Apprentice Assassin looks for him,
    so after placing the mark he sees the Apprentice Assassins. The Doppelgänger's copy wakes on its own
    step and does not (docs/rules.md #13)."""

    mark = ASSASSIN
    sees_apprentices: bool = True  # onuw (E-31); not in dalbula's layer

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        g = _give(g, turn, action)
        if self.sees_apprentices and turn.step == "assassin" and any(s.role == "apprentice_assassin" for s in g.script):
            g, obs = learn(g, turn.seat, _apprentices(g, turn.seat), "apprentice_assassin", turn.step)
            return g, show(turn, (obs,))
        return g, None


@register("apprentice_assassin")
class ApprenticeAssassin(Behaviour):
    """−1B (a Doppelgänger's copy at −1Ba): sees the Assassins' thumbs; if there is none, must give the
    Mark of the Assassin to any player, self included (docs/rules.md #14, E-37)."""

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        found = _assassins(g, turn.seat)
        g, obs = learn(g, turn.seat, found, "assassin", turn.step)
        return g, evolve(turn, stage="meet" if found else "mark", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        if turn.stage == "mark":
            return choice(g, turn, _mark_options(g, range(g.players), ASSASSIN))
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if turn.stage == "mark":
            return _give(g, turn, action), None
        return g, None


# -- engine steps between twilight and night ----------------------------------------------------------

@register("mark_check", playable_roles=())
class MarkCheck(Behaviour):
    """MARK (§A.5): every player, in seat order, privately sees their own mark; the laptop goes round
    like the deal. Fear is fixed here: whoever holds the Mark of Fear now performs no night action, and a
    Fear mark that moves later changes nothing (E-40)."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        return [Turn(s, step.id, step.id) for s in range(g.players)]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g, obs = view_mark(g, turn.seat, turn.seat, turn.step)
        if obs.mark == FEAR:
            g = g.replace(feared=g.feared | {turn.seat})
        return g, evolve(turn, stage="look", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


@register("lovers", playable_roles=())
class Lovers(Behaviour):
    """LOVERS (§A.5, official "00"): every holder of a Mark of Love wakes and sees the other holders.
    A lone holder (his partner's mark was replaced or moved away) still wakes, as every current holder
    does, and learns that no other player holds one: his mark has no partner and does nothing
    (docs/rules.md #10, docs/decisions.md "Lovers")."""

    def actors(self, g: GameState, step: Step) -> list[Turn]:
        holders = tuple(s for s in range(g.players) if g.marks[s] == LOVE)
        if not holders:
            return []
        return [Turn(s, step.id, step.id, group=holders) for s in holders]

    def begin(self, g: GameState, turn: Turn) -> tuple[GameState, Turn]:
        g, obs = learn(g, turn.seat, [s for s in turn.group if s != turn.seat], LOVE, turn.step)
        return g, evolve(turn, stage="meet", info=(obs,))

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        return info_prompt(turn)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        return g, None


# -- night --------------------------------------------------------------------------------------------

@register("marksman")
class Marksman(Behaviour):
    """5-D (a Doppelgänger's copy at 5-Da): may view one other player's card (not shielded) and may view
    the mark of a different other player — either first, each part optional (docs/rules.md #41, E-38).
    ``memo`` holds what is done: ``("card", seat)`` / ``("mark", seat)``."""

    def _card_options(self, g: GameState, turn: Turn, avoid: int | None) -> list[Action]:
        return [Action("look", (g.pos(s),)) for s in viewable_players(g, turn.seat) if s != avoid]

    def _mark_options(self, g: GameState, turn: Turn, avoid: int | None) -> list[Action]:
        return [Action("look_mark", (g.pos(s),)) for s in range(g.players) if s not in (turn.seat, avoid)]

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        done = dict(turn.memo)
        options = [PASS]
        if "card" not in done:
            options += self._card_options(g, turn, done.get("mark"))
        if "mark" not in done:
            options += self._mark_options(g, turn, done.get("card"))
        return choice(g, turn, options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        target = index_of(g, action.targets[0])
        obs: CardView | MarkView
        if action.verb == "look":
            g, obs = view(g, turn.seat, target, turn.step)
            part = "card"
        else:
            g, obs = view_mark(g, turn.seat, target, turn.step)
            part = "mark"
        g = log(g, turn, action)
        memo = turn.memo + ((part, target),)
        then = evolve(turn, stage="second", memo=memo, info=()) if len(memo) < 2 else None
        return g, show(turn, (obs,), then)


@register("pickpocket")
class Pickpocket(Behaviour):
    """6-C (a Doppelgänger's copy at 6-Ca): may exchange his own mark with another player's mark, then
    views his new mark. Shields do not protect marks (docs/rules.md #47)."""

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        own = g.pos(turn.seat)
        others = [s for s in range(g.players) if s != turn.seat]
        return choice(g, turn, [PASS] + [Action("swap_marks", (own, g.pos(s))) for s in others])

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        g = exchange_marks(g, turn.seat, index_of(g, action.targets[1]))
        g = log(g, turn, action)
        g, obs = view_mark(g, turn.seat, turn.seat, turn.step)
        return g, show(turn, (obs,))


@register("gremlin")
class Gremlin(Behaviour):
    """7-D (a Doppelgänger's copy at 7-Da): may exchange either the cards or the marks of two players,
    without looking. Shielded cards cannot move; marks always can. ``onuw`` lets the Gremlin include
    himself (official rulebook, E-2); ``dalbula`` only two other players."""

    may_include_self: bool = True  # onuw; dalbula's layer says no

    def prompt(self, g: GameState, turn: Turn) -> Prompt:
        seats = [s for s in range(g.players) if self.may_include_self or s != turn.seat]
        cards = [s for s in seats if s not in g.shields]
        options = [PASS] + [Action("swap", (g.pos(a), g.pos(b))) for a, b in combinations(cards, 2)]
        options += [Action("swap_marks", (g.pos(a), g.pos(b))) for a, b in combinations(seats, 2)]
        return choice(g, turn, options)

    def act(self, g: GameState, turn: Turn, action: Action) -> tuple[GameState, Turn | None]:
        if action.verb == "pass":
            return log(g, turn, action), None
        a, b = (index_of(g, p) for p in action.targets)
        if action.verb == "swap":
            g, moves = swap_cards(g, a, b)
            return log(g, turn, action, moves), None
        if action.verb == "swap_marks":
            return log(exchange_marks(g, a, b), turn, action), None
        raise IllegalAction(f"the Gremlin cannot {action.verb}")


__all__ = ["Copycat", "Vampires", "TheCount", "Renfield", "Diseased", "Cupid", "Instigator", "Priest",
           "Assassin", "ApprenticeAssassin", "MarkCheck", "Lovers", "Marksman", "Pickpocket", "Gremlin"]
