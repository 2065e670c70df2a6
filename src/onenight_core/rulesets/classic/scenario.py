"""Classic's scenario verbs (``model.scenario.ScenarioVerbs``) for the one scenario player (``play/scenario``):
whole scripted games, round by round (docs/scenarios.md, classic cases). The player reads the file, the
case's id and ruleset, judges the result and reports it; this module reads a classic case's own keys
(``[[case.night]]``, ``[[case.day]]``, ``options``, ``events``, its ``expect`` keys), answers the game's
prompts from its steps and reads the facts its ``expect`` keys name.

A case's steps answer the engine's prompts in game order. A step is tried on a copy of the game (games
are values): if any of its answers is refused, or some of its choices are left unused, the step is
refused and the game is unchanged. Steps whose slot has passed, and steps no prompt takes, are refused
(an all-abstain ballot list for a vote nobody was asked in is no vote: not refused); a prompt with no
step takes its default where the player may decline (the Little Girl does not spy, the
Witch uses nothing, the Thief keeps his card, a dead sheriff's successor is drawn)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import field, frozen

from ...errors import IllegalAction, OneNightError, ScenarioError, said_of
from ...model.messages import say
from ...model.scenario import Played, Where
from ...model.values import Action, Prompt, Setup, _tuple
from ...model.kinds import PublicKind
from .board import Board
from .events import EVENT_CARDS
from .protocol import ClassicGame, apply, new_game
from .ruleset import CLASSIC

CASE_KEYS = {"id", "rule", "source", "notes", "ambiguous", "ruleset", "deal", "center", "options", "seed",
             "night", "day", "expect", "events"}
EXPECT_KEYS = ("deaths", "ends_after", "winners", "alive", "roles", "sheriff", "lovers", "charmed",
               "potions_left", "elder_lives", "powerless", "seen", "spied", "allies", "told")
#: The public draws ``told`` lists (what the table was told of deaths and New Moon events).
TOLD = ("event", "event_void", "death", "somnambulism", "miracle", "spared", "executioner", "executioner_card")
# the slot of each prompt, in the order of the round (night 4.3-4.4, day 4.5)
NIGHT_ORDER = {"election": -1, "ally": -1, "thief": 0, "cupid": 1, "seer": 2, "defender": 3, "werewolf": 4,
               "specter": 5, "full_moon": 5, "witch": 6, "piper": 7, "hunter": 8, "sheriff": 8, "executioner": 8}
DAY_ORDER = {"executioner_election": 0, "election": 0, "vote": 1, "friends": 1, "punish": 1, "vouch": 1,
             "tie_break": 2, "scapegoat": 3, "hunter": 3, "sheriff": 3, "executioner": 3}
NIGHT_ROLES = {"ally": "ally", "thief": "thief", "cupid": "cupid", "seer": "seer", "defender": "defender",
               "little_girl": "werewolf", "werewolf": "werewolf", "specter": "specter", "full_moon": "full_moon",
               "witch": "witch", "piper": "piper", "hunter": "hunter", "sheriff": "sheriff",
               "executioner": "executioner"}


@frozen
class ClassicStep:
    index: int
    round: str
    role: str
    seat: int | None
    do: tuple[tuple[str, Any], ...] = field(converter=_tuple)  # (verb, value) in order
    illegal: bool = False
    random: Any = None


@frozen
class ClassicCase:
    id: str
    rule: str
    deal: tuple[str, ...] = field(converter=_tuple)
    center: tuple[str, ...] = field(converter=_tuple)
    options: tuple[tuple[str, Any], ...] = field(converter=_tuple)
    seed: int
    rounds: tuple[tuple[str, tuple[ClassicStep, ...]], ...] = field(converter=_tuple)
    expect: tuple[tuple[str, Any], ...] = field(converter=_tuple)
    events: tuple[str, ...] = field(default=(), converter=_tuple)  # the event deck's order, top first
    ruleset: str = CLASSIC.id

    @property
    def steps(self) -> tuple[ClassicStep, ...]:
        return tuple(s for _label, steps in self.rounds for s in steps)

    @property
    def illegal(self) -> tuple[int, ...]:
        """The indices of the steps marked illegal, in game order: the engine must refuse exactly these."""
        return tuple(s.index for s in self.steps if s.illegal)


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = value
    return out


def _seat(value: Any, where: str) -> int:
    if isinstance(value, str) and value.startswith("p") and value[1:].isdigit():
        return int(value[1:])
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ScenarioError(said=say("scen_position", key=repr(where), given=repr(value)))


def _case(raw: dict[str, Any], where: Where) -> ClassicCase:
    """A classic case (its id and ruleset checked by the player); ``where.error`` for anything wrong."""
    unknown = set(raw) - CASE_KEYS
    if unknown:
        raise where.error(say("scen_unknown_key", given=repr(min(unknown)), known=", ".join(sorted(CASE_KEYS))))
    case_id: str = raw["id"]
    for key in ("deal", "center"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(r, str) for r in value) or \
                (key == "deal" and not value):
            raise where.error(say("scen_classic_role_list", key=repr(key)))
    for kind in ("night", "day"):
        tables = raw.get(kind, [])
        if not isinstance(tables, list) or not all(isinstance(t, dict) and isinstance(t.get("steps", []), list)
                                                   for t in tables):
            raise where.error(say("scen_classic_rounds", key=repr(f"[[case.{kind}]]")))
    if not isinstance(raw.get("options", {}), dict) or not isinstance(raw.get("expect", {}), dict):
        raise where.error(say("scen_classic_tables"))
    if not isinstance(raw.get("seed", 0), int):
        raise where.error(say("scen_integer_got", key="'seed'", given=repr(raw.get("seed"))))
    nights, days = raw.get("night", []), raw.get("day", [])
    rounds = []
    index = 0
    for k in range(max(len(nights), len(days))):
        for kind, tables in (("night", nights), ("day", days)):
            if k < len(tables):
                label = f"{kind}{k + 1}"
                steps = []
                for step in tables[k].get("steps", []):
                    steps.append(_step(step, index, label, where))
                    index += 1
                rounds.append((label, tuple(steps)))
    expect = {k: v for k, v in raw.get("expect", {}).items() if k not in ("notes", "rule", "source")}
    bad = set(expect) - set(EXPECT_KEYS)
    if bad:
        raise where.error(say("scen_classic_unknown_expect", given=repr(min(bad)), known=", ".join(EXPECT_KEYS)))
    events = raw.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, str) and e in EVENT_CARDS for e in events):
        raise where.error(say("scen_classic_events", known=", ".join(EVENT_CARDS)))
    return ClassicCase(case_id, raw.get("rule", ""), raw["deal"], raw.get("center", []),
                       tuple(sorted(_flatten(raw.get("options", {})).items())), int(raw.get("seed", 0)),
                       tuple(rounds), tuple(expect.items()), tuple(events))


def _step(raw: dict[str, Any], index: int, label: str, where: Where) -> ClassicStep:
    if not isinstance(raw, dict) or "role" not in raw:
        raise where.error(say("scen_classic_step_role", key=repr(label)))
    do = []
    for item in raw.get("do", []):
        if not isinstance(item, dict) or len(item) != 1:
            raise where.error(say("scen_classic_step_do", key=repr(label)))
        do.append(next(iter(item.items())))
    return ClassicStep(index, label, raw["role"], raw.get("seat"), tuple(do), bool(raw.get("illegal", False)),
                       raw.get("random"))


# -- playing ------------------------------------------------------------------------------------------

@frozen
class ClassicRefusal:
    """A refused step: its index, the prompt it was tried at (None: no prompt took it, its slot had
    passed or never came) and why, as a message id and its English text."""

    step: int
    prompt: Prompt | None
    message: str
    reason: str

    def to_json(self) -> dict[str, Any]:
        p = self.prompt
        return {"step": self.step, "prompt": None if p is None else {"seat": p.seat, "role": p.role, "step": p.step},
                "message": self.message, "reason": self.reason}


def _facts(case: ClassicCase, g: ClassicGame | None) -> tuple[tuple[str, Any], ...]:
    """Every classic ``expect`` key (docs/scenarios.md), read off the game as it ended (none before it began)."""
    if g is None or g.board is None:
        return ()
    b = g.board
    elder = "elder" in b.roles
    facts = {
        "deaths": [{"round": r, "seats": list(s)} for r, s in b.deaths],
        "ends_after": b.ended_after or "none",
        "winners": list(b.winners),
        "alive": list(b.living()),
        "roles": list(b.roles),
        "sheriff": -1 if b.sheriff is None else b.sheriff,
        "lovers": sorted(b.lovers),
        "charmed": sorted(s for s in b.charmed if b.alive[s]),
        "potions_left": {"life": b.potions[0], "death": b.potions[1]},
        "elder_lives": (b.elder_lives if any(b.alive[s] for s in b.holders("elder")) else 0) if elder else 0,
        "powerless": sorted(b.powerless),
        "seen": [({"round": r, "seat": s, "pos": f"p{t}", "werewolf": what == "werewolf"}
                  if what in ("werewolf", "not_werewolf") and dict(case.options).get("seer.reveals")
                  == "wolf_or_not" else {"round": r, "seat": s, "pos": f"p{t}", "role": what})
                 for r, s, t, what in b.seen],
        "spied": [{"round": r, "seat": s, "who": [f"p{w}" for w in who]} for r, s, who in b.spied],
        "allies": sorted(b.allies),
        "told": _told(b),
    }
    return tuple(facts.items())


def _told(b: Board) -> list[dict[str, Any]]:
    """What the table was told of deaths and New Moon events, round by round: ``{round, id, ...params}``."""
    out: list[dict[str, Any]] = []
    label = "night1"
    for e in b.public:
        params = dict(e.params)
        if e.kind == PublicKind.PHASE and e.id in ("night", "day"):
            label = f"{e.id}{params.get('round', 1)}"
        elif e.kind == PublicKind.DRAW and e.id in TOLD:
            out.append({"round": label, "id": e.id, **{k: (f"p{v}" if k == "seat" else v) for k, v in params.items()
                                                       if k != "cause"}})
    return out


def _label(g: ClassicGame) -> str | None:
    return None if g.prompt is None or g.board is None else g.board.label


def _order(label: str, prompt: Prompt) -> int:
    return (NIGHT_ORDER if label.startswith("night") else DAY_ORDER)[prompt.step]


def _step_order(label: str, step: ClassicStep) -> int | None:
    """The slot of a step in its round, or None when it has none there."""
    verbs = {v for v, _ in step.do}
    if label.startswith("night"):
        if step.role == "village":
            return NIGHT_ORDER["election"]
        if step.role not in NIGHT_ROLES:
            return None
        return NIGHT_ORDER[NIGHT_ROLES[step.role]]
    if step.role == "village":
        return DAY_ORDER["election"] if verbs & {"elect", "executioner"} else DAY_ORDER["vote"]
    if step.role == "sheriff" and "decide" in verbs:
        return DAY_ORDER["tie_break"]
    if step.role == "punishment":
        return DAY_ORDER["punish"]
    return DAY_ORDER.get(step.role)


def _passed(label: str, step: ClassicStep, slot: int) -> bool:
    """The step's slot has passed in this round, or it has none here: it is refused."""
    order = _step_order(label, step)
    return order is None or order < slot


def _matches(step: ClassicStep, prompt: Prompt) -> bool:
    verbs = {v for v, _ in step.do}
    if step.seat is not None and step.seat != prompt.seat:
        return False
    if prompt.step == "election":
        return step.role == "village" and "elect" in verbs
    if prompt.step == "executioner_election":  # { role = "village", do = [ { executioner = [ballots] } ] }
        return step.role == "village" and "executioner" in verbs
    if prompt.step == "vote":
        return step.role == "village" and "vote" in verbs
    if prompt.step == "friends":
        return step.role == "village" and "friends" in verbs
    if prompt.step == "punish":  # Punishment: { role = "punishment", do = [ { punish = "p3" }, { vouch = [...] } ] }
        return step.role == "punishment"
    if prompt.step == "tie_break":
        return step.role == "sheriff" and "decide" in verbs
    if prompt.step == "ally":
        return step.role == "ally"
    if prompt.step == "sheriff":
        return step.role == "sheriff" and "decide" not in verbs
    return step.role == prompt.role


class _Unused(Exception):
    pass


def _try_step(game: ClassicGame, step: ClassicStep) -> ClassicGame:
    """The game after ``step`` answers the prompts it covers; IllegalAction if it breaks a rule."""
    todo = list(step.do)
    label = _label(game)
    start = game.prompt
    ballots_seen: set[int] = set()
    ballots: list[int] | None = None
    first = True
    while game.prompt is not None and _label(game) == label:
        p = game.prompt
        assert start is not None
        if not first and not _continues(step, p, start, ballots_seen):
            break
        first = False
        action, pins = _answer(step, p, todo, ballots_seen, _victim(game))
        if action is None:
            break
        if ballots is None and step.role == "village":
            ballots = list(next(v for verb, v in step.do if verb in ("vote", "elect", "friends", "executioner")))
        game = apply(game, action, pins)
    if any(verb != "pass" for verb, _ in todo):
        raise IllegalAction(said=say("scen_refused_unused"))
    if ballots is not None:
        for seat, b in enumerate(ballots):
            if b not in (-1, []) and seat not in ballots_seen:
                raise IllegalAction(said=say("scen_refused_no_ballot", place=f"p{seat}"))
    return game


def _continues(step: ClassicStep, p: Prompt, start: Prompt, ballots_seen: set[int]) -> bool:
    if step.role == "village" and p.step == "friends":  # three friends each: a seat is asked three times
        return p.step == start.step
    if step.role == "punishment":
        return p.step == "vouch"
    if step.role == "village":
        return p.step == start.step and p.seat not in ballots_seen  # a re-vote asks a seat again: a new step
    if step.role in ("werewolf", "full_moon"):
        return p.step == step.role and p.role == step.role
    if step.role in ("witch", "scapegoat"):
        return p.step == start.step and p.seat == start.seat
    return False


def _victim(game: ClassicGame) -> str | None:
    """This night's victim, as a position: a Witch who is not told it (witch.knows_victim = false) is
    offered a bare ``save``, and the step's ``save = pos`` must still name the victim (FORMAT-classic)."""
    b = game.board
    if b is None:
        return None
    victims = [e.seat for e in b.events if e.kind == "victim" and e.seat is not None]
    return f"p{victims[-1]}" if victims else None


def _answer(step: ClassicStep, p: Prompt, todo: list[tuple[str, Any]], ballots_seen: set[int],
            victim: str | None = None) -> tuple[Action | None, tuple[Any, ...]]:
    """The answer ``step`` gives to ``p`` (consuming its choices), with the draws it pins."""
    pins: tuple[Any, ...] = ()
    r = step.random
    if step.role == "punishment":  # the dead namer's choice, then who stands up for the named player
        if p.step == "punish":
            value = next((v for vb, v in step.do if vb == "punish"), None)
            if value is None:
                raise IllegalAction(said=say("scen_refused_no_punish_choice"))
            todo.clear()
            return Action("punish", (value,)), ()
        vouchers: list[str] = next((v for vb, v in step.do if vb == "vouch"), [])
        return (Action("vouch", p.options[0].targets) if f"p{p.seat}" in vouchers else Action("pass")), ()
    if step.role == "village" and p.step == "friends":  # Great Distrust: { friends = [[seats], ...] }
        lists = next(v for vb, v in step.do if vb == "friends")
        ballots_seen.add(p.seat)
        if p.seat >= len(lists) or not isinstance(lists[p.seat], list):
            raise IllegalAction(said=say("scen_refused_ballot_list"))
        left = [f"p{t}" for t in lists[p.seat] if Action("friend", (f"p{t}",)) in p.options]
        if not left:
            raise IllegalAction(said=say("scen_refused_no_ballot", place=f"p{p.seat}"))
        todo.clear()
        return Action("friend", (left[0],)), ()
    if step.role == "village":
        verb = "elect" if p.step in ("election", "executioner_election") else "vote"
        ballots = next(v for vb, v in step.do if vb in ("vote", "elect", "executioner"))
        ballots_seen.add(p.seat)
        if p.seat >= len(ballots):
            raise IllegalAction(said=say("scen_refused_ballot_list"))
        b = ballots[p.seat]
        todo.clear()
        pins = () if r is None else (_seat(r, "random"),)  # taken by the draw after the last ballot
        return (Action("abstain") if b == -1 else Action(verb, (f"p{b}",))), pins
    if step.role in ("werewolf", "full_moon") and p.role == step.role:
        # { kill = "p3" } (the pack's one name), { kill = { p0 = "p3", ... } } (each member's), or on a Full
        # Moon Rising night { look = { p0 = "p3", ... } } (each werewolf looks at one card)
        verb, value = step.do[0]
        target = value if isinstance(value, str) else dict(value).get(f"p{p.seat}")
        if target is None:
            raise IllegalAction(said=say("scen_refused_no_wolf_choice", place=f"p{p.seat}"))
        todo.clear()
        return Action("look" if verb == "look" else "kill", (target,)), (() if r is None else (_seat(r, "random"),))
    if step.role == "witch":
        verbs = [v for v, _ in todo]
        is_save = any(o.verb == "save" for o in p.options)
        if is_save:
            if "save" in verbs:
                i = verbs.index("save")
                value = todo.pop(i)[1]
                if Action("save") in p.options:  # she was not told the victim: the step must name him
                    if value != victim:
                        raise IllegalAction(said=say("scen_refused_save_victim"))
                    return Action("save"), ()
                return Action("save", (value,)), ()
            if "pass" in verbs or "poison" in verbs:
                return Action("pass"), ()
            return None, ()
        if "poison" in verbs:
            value = todo.pop(verbs.index("poison"))[1]
            return Action("poison", (value,)), ()
        if "pass" in verbs:
            todo.pop(verbs.index("pass"))
            return Action("pass"), ()
        return None, ()
    if step.role == "scapegoat":
        if not todo:
            return None, ()
        chosen = list(todo[0][1])
        remaining = [t for t in chosen if Action("voters", (t,)) in p.options]  # not named yet
        if not remaining:
            todo.clear()
            return Action("done"), ()
        return Action("voters", (remaining[0],)), ()
    if not todo:
        return None, ()
    verb, value = todo.pop(0)
    if verb == "pass":
        return Action("pass"), (() if r is None else (_seat(r, "random"),))
    if verb == "take":
        return Action("take", (value,)), ()
    if verb in ("lovers", "charm"):
        seats = sorted(value, key=lambda t: _seat(t, verb))
        return Action(verb, tuple(seats)), ()
    if verb == "look":
        return Action("look", (value[0] if isinstance(value, list) else value,)), ()
    if verb == "spy":
        pins = () if not isinstance(r, dict) else (bool(r.get("sees")), bool(r.get("caught")))
        return Action("spy"), pins
    if verb in ("protect", "shoot", "successor", "decide", "ally", "specter"):
        return Action(verb, (value,)), ()
    raise IllegalAction(said=say("scen_refused_verb", word=repr(verb)))


def _default(p: Prompt) -> Action | None:
    """The answer of a prompt the player may decline, when no step answers it."""
    if p.role in ("little_girl", "witch", "sheriff", "executioner") and Action("pass") in p.options \
            and p.step != "tie_break":
        return Action("pass")
    if p.role == "thief" and Action("pass") in p.options:
        return Action("pass")
    return None


def _idle_abstention(step: ClassicStep, asked: set[str]) -> bool:
    """An all-abstain ballot list (every entry -1) for a vote nobody was asked in: the same as no vote
    (a day when nobody may vote: docs/scenarios.md writes it either way)."""
    if step.role != "village":
        return False
    for verb, ballots in step.do:
        if verb in ("vote", "elect", "executioner") and isinstance(ballots, list) and all(b == -1 for b in ballots):
            return {"elect": "election", "executioner": "executioner_election"}.get(verb, "vote") not in asked
    return False


def _play(case: ClassicCase) -> Played:
    """Play a classic case: its rounds' steps answer the game's prompts in game order (the module's
    docstring); never raises for the case's own trouble."""
    try:
        # a case plays events only when it says so (FORMAT-classic: events.enabled, or events.new_moon
        # with a New Moon role), in the order of its ``events``
        options = {"events.new_moon": False, **dict(case.options)}
        setup = Setup(players=[f"p{i}" for i in range(len(case.deal))], deck=list(case.deal) + list(case.center),
                      ruleset="classic", options=options)
        game = new_game(setup, case.seed, deal=list(case.deal) + list(case.center), events=case.events or None)
    except OneNightError as exc:
        return Played("error", str(exc))
    refusals: list[ClassicRefusal] = []

    def unasked(step: ClassicStep, label: str, passed: bool) -> None:
        if _idle_abstention(step, asked):
            return
        said = (say("scen_refused_slot_passed", round=label) if passed
                else say("scen_refused_not_taken", round=label))
        text = (f"its slot has passed or does not come in {label}" if passed
                else f"no prompt took it before {label} ended")
        refusals.append(ClassicRefusal(step.index, None, said.id, text))

    def result(status: str, reason: str = "") -> Played:
        told = sorted(refusals, key=lambda r: r.step)
        return Played(status, reason, _facts(case, game) if status == "played" else (), told, game=game)

    for label, steps in case.rounds:
        if game.prompt is None:
            return result("error", f"{label} is scripted after the game ended")
        queue = list(steps)
        asked: set[str] = set()
        while game.prompt is not None and _label(game) == label:
            p = game.prompt
            asked.add(p.step)
            slot = _order(label, p)
            while queue and _passed(label, queue[0], slot):
                unasked(queue.pop(0), label, True)
            taken = None
            for step in [s for s in queue if _step_order(label, s) == slot and _matches(s, p)]:
                try:
                    game = _try_step(game, step)
                    taken = step
                    queue.remove(step)
                    break
                except (IllegalAction, ScenarioError, KeyError, TypeError, ValueError, IndexError,
                        StopIteration) as exc:
                    said = said_of(exc).id if isinstance(exc, OneNightError) else "error_text"
                    refusals.append(ClassicRefusal(step.index, p, said, str(exc)))
                    queue.remove(step)
            if taken is None:
                answer = _default(p)
                if answer is None:
                    return result("error", f"{label}: no step answers the {p.step} prompt of p{p.seat}")
                game = apply(game, answer)
        for step in queue:
            unasked(step, label, False)
    return result("played")


class ClassicVerbs:
    """Classic's ``ScenarioVerbs``: nights and days of steps, the classic ``expect`` keys (compared as
    written), and ``status`` in ``--json``."""

    def read_case(self, raw: dict[str, Any], where: Where) -> ClassicCase:
        return _case(raw, where)

    def play(self, case: ClassicCase) -> Played:
        return _play(case)

    def normalize(self, key: str, value: Any) -> Any:
        return value

    def file_shape(self, key: str, value: Any) -> Any:
        return value

    def json_fields(self, game: Any) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
        return {"status": "played"}, {}


CLASSIC_VERBS = ClassicVerbs()

__all__ = ["CLASSIC_VERBS", "ClassicCase", "ClassicRefusal", "ClassicStep", "ClassicVerbs"]
