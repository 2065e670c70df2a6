"""The night read aloud: what the narrator says for a roster, in which order, and what follows each line.

A table with physical cards needs the same night as the game, so the order is never worked out here: it
is the engine's own night script (``script.build_script``), ghost steps for cards in the center and the
Doppelgänger's extra steps included. This module only puts words on those steps, from the narration
lines of roles.toml (English when a language has no line), and says what follows each line: the action
time, a short gap, or the day. Drivers (``onenight narrate``, the hot-seat night) turn that into sound and
timers; this module stays pure.

What the table hears that is drawn at random (a random app instruction, a public Oracle answer) is not
in the script: it is a public event of the game (``model.public``). ``narrate`` takes the events heard
(``heard``) and reads each step's draws right after its call, the step's one action time following the
last of them, so a step lasts the same whatever was drawn. The hot-seat night passes the game's public
events; ``onenight narrate`` passes ``table_heard`` (the same draws from the same seed, no deal needed)."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Sequence

from attrs import evolve

from attrs import field, frozen

from ..catalog.loader import Catalog, EngineStepInfo, RoleInfo, default_catalog
from ..catalog.rules import default_rules
from ..ruleset_ids import DEFAULT_RULESET
from ..model.answers import AnswerOutcome as Outcome
from ..languages import language
from ..model.kinds import PublicKind
from ..model.messages import say
from ..model.narration import PAUSES as PAUSES, Cue as Cue, Line as Line, NarrationError as NarrationError
from ..model.narration import Timing as Timing
from ..model.public import announced, announcer_for, table_night, table_state
from ..model.state import GameState
from ..model.values import PublicEvent, Setup, Step, _tuple
from ..rulesets import ruleset_for
from ..rulesets.ruleset import Ruleset
from ..rulesets.night_script import REPEATED_ROLE_DRAW, build_script, repeated_script, role_repeated_script

#: The fewest cards a narrated night accepts: three players and the three center cards (docs/rules.md §2).
MIN_CARDS = 6
NIGHT_START = "night_start"
DAWN = "dawn"
DG_MINION = "doppelganger_minion"

# The narrator shows step headings: roles.toml names the roles and (its [[step]] names) night and dawn,
# rules.toml the groups and the engine steps (the Korean follows the plural the narration lines use).


def _option_items(options: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(dict(options).items()))


@frozen
class Narration:
    """The whole narrated night for ``roster`` in ``lang``: night start, every script step, dawn.

    ``heard``, ``ruleset`` and ``physical_cards`` are what it was narrated from, so that the same night
    can be narrated again in another language line for line (``english``). ``nights`` and ``options``
    too (a ruleset of many nights: how many are read, under which ruleset options); ``goes_on``: another
    night follows this narration's last day (classic), which ``next_night`` reads — the narrator screen
    goes on with it when the table has voted."""

    roster: tuple[str, ...] = field(converter=_tuple)
    lang: str
    cues: tuple[Cue, ...] = field(converter=_tuple)
    heard: tuple[PublicEvent, ...] = field(default=(), converter=_tuple)
    ruleset: str = DEFAULT_RULESET
    physical_cards: bool = False
    nights: int = 1
    options: tuple[tuple[str, Any], ...] = field(default=(), converter=_option_items)
    goes_on: bool = False

    def next_night(self) -> Narration:
        """This narration with one more night (and its day) read after its last (``narration_for``)."""
        return narration_for(self.ruleset, self.roster, self.lang, nights=self.nights + 1,
                             options=dict(self.options), heard=self.heard)

    def english(self, catalog: Catalog | None = None) -> Narration:
        """The same night, the same draws and the same lines, in English (to tell a translated line from
        an English fallback: the voice speaks each in its own language)."""
        return narrate(self.roster, "en", catalog, self.heard, self.ruleset, physical_cards=self.physical_cards)

    @property
    def by_night(self) -> tuple[tuple[Cue, ...], ...]:
        """The cues night by night, each night's first cue its start (night falls): One Night's one
        night, a classic narration's many."""
        starts = [i for i, cue in enumerate(self.cues) if cue.kind == "start" and i] + [len(self.cues)]
        return tuple(self.cues[a:b] for a, b in zip([0, *starts[:-1]], starts)) if self.cues else ()

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(line for cue in self.cues for line in cue.lines)

    @property
    def steps(self) -> tuple[str, ...]:
        """The script step ids read, in order, without the night start and dawn."""
        return tuple(c.step for c in self.cues if c.kind not in ("start", "dawn"))

    def duration(self, timing: Timing) -> float:
        """Seconds of waiting in the night (speech not counted), the day excluded."""
        return sum(timing.seconds(l.pause) for l in self.lines if l.pause != "day")


def narration_for(ruleset: str, roster: Iterable[str], lang: str = "en", *, nights: int = 1,
                  options: Mapping[str, Any] | None = None, seed: int = 0,
                  answers: Mapping[int, str | None] | None = None, heard: Sequence[PublicEvent] | None = None,
                  catalog: Catalog | None = None) -> Narration:
    """The one narration interface: what a narrator reads for a table with physical cards of ``roster``
    under ``ruleset`` — every driver (``onenight narrate``'s ``--print`` and ``--export``, the narrator
    screen) asks here, never a ruleset's own module. A ruleset with a narration of its own
    (``Ruleset.narration``: classic's nights 1..``nights`` under its ``options``, ids and parameters the
    app words) gives it; otherwise the One Night engine's night (``narrate``) with what the table hears
    (``heard``, else ``table_heard`` from ``seed`` and the laptop's ``answers``)."""
    rules = ruleset_for(ruleset)
    roles = tuple(roster)
    if rules.narration is not None:  # its nights and days: a narration that goes on night after night
        chosen = rules.options.validate(dict(options or {}))
        cues = rules.narration(roles, nights=nights, options=dict(chosen))
        return Narration(roles, lang, cues, ruleset=ruleset, physical_cards=True, nights=nights,
                         options=chosen, goes_on=True)
    if heard is None:
        heard = table_heard(roles, seed, catalog, ruleset, answers)
    return narrate(roles, lang, catalog, heard, ruleset, physical_cards=True)


def check_roster(roster: Iterable[str], catalog: Catalog | None = None,
                 ruleset: str = DEFAULT_RULESET) -> tuple[str, ...]:
    """The roster as a tuple, or NarrationError with one clear line.

    The narrator accepts any roster of at least ``MIN_CARDS`` cards (three players and the center) from
    the official (``onuw``) ruleset, whose night order it reads. Unlike the game it does not need the
    engine to play a role: the cards are on the table, the narrator only calls them."""
    catalog = catalog or default_catalog()
    roles = tuple(roster)
    for role in roles:
        info = catalog.get(role)
        if info is None:
            raise NarrationError(said=say("error_unknown_role", given=repr(role)))
        if ruleset not in info.rulesets:
            raise NarrationError(said=say("error_role_not_in_night", role=role))
    if len(roles) < MIN_CARDS:
        raise NarrationError(
            said=say("error_too_few_cards", count=MIN_CARDS, given=len(roles)))
    return roles


def narrate(roster: Iterable[str], lang: str = "en", catalog: Catalog | None = None,
            heard: Sequence[PublicEvent] = (), ruleset: str = DEFAULT_RULESET, *,
            physical_cards: bool = False) -> Narration:
    """The narrated night for ``roster`` (every card in play, center included) in ``lang``, with the
    draws of ``heard`` (a game's public events) read in the steps that announced them, in the night order
    of ``ruleset`` (``dalbula``: its own wake codes).

    ``physical_cards``: the night of a table that plays with its own cards (``onenight narrate``), where
    the players do by hand what the app does for them in the hot-seat game: a step's ``table_wake`` /
    ``table_sleep`` line, when it has one, replaces its ``wake`` / ``sleep`` line (the Sleepwalker's
    return: "swap the card back yourself" rather than "your cards are now swapped back")."""
    catalog = catalog or default_catalog()
    roles = check_roster(roster, catalog, ruleset)
    cues = [_engine_cue(catalog, NIGHT_START, "start", lang, ("wake", "gap"))]
    script = build_script(roles, catalog, ruleset)
    if any(e.kind == PublicKind.DRAW and e.id == "ripple" and dict(e.params).get("value") == "repeat_night"
           for e in heard):
        script = repeated_script(script)  # the night is called once more after the ripple (A.5)
    for e in heard:
        if e.kind == PublicKind.DRAW and e.id == REPEATED_ROLE_DRAW:  # Dalbula's repeat_role (D.8)
            script = role_repeated_script(script, str(dict(e.params).get("value", "")))
    late: list[str] = []
    for index, step in enumerate(script):
        if physical_cards and step.turns == DAY_TURNS:
            continue  # played by day (the Mayor): the table is reminded of it at dawn, never called at night
        cue = evolve(_cue(catalog, step, roles, lang, physical_cards, ruleset), index=index)
        cues.append(_with_late(_with_draws(catalog, cue, announced(heard, index), lang), late))
        late = late_announcements(catalog, heard, index, lang) if physical_cards else []
    cues.append(_with_late(_dawn_cue(catalog, script, lang, physical_cards), late))
    return Narration(roles, lang, cues, tuple(heard), ruleset, physical_cards)


#: ``Step.turns`` of a step the table plays by day (Dalbula's Mayor, docs/rules.md #81, E-53).
DAY_TURNS = "day"


def _dawn_cue(catalog: Catalog, script: Sequence[Step], lang: str, physical_cards: bool) -> Cue:
    """Dawn: everyone wakes, then the day starts. A table with its own cards hears, between the two, one
    reminder per day ability in play (each step with ``turns = "day"`` once, in night order: its ``day``
    line), since nobody called it at night. The hot-seat game keeps the day step in its night reading
    (the night screen skips it by its index) and its day screen offers the ability, so it needs no reminder."""
    dawn = _engine_cue(catalog, DAWN, "dawn", lang, ("wake", "day"))
    day_steps = tuple(dict.fromkeys(s.id for s in script if s.turns == DAY_TURNS)) if physical_cards else ()
    if not day_steps:
        return dawn
    reminders = []
    for step_id in day_steps:
        info = catalog.step(step_id)
        text = info.line("day", lang) if info is not None else None
        if text is None:
            raise NarrationError(said=say("error_narration_step_line", given=repr(step_id), line="day"))
        reminders.append(Line(DAWN, "day", step_id, text, "none"))
    reminders[-1] = evolve(reminders[-1], pause="day")
    return evolve(dawn, lines=(evolve(dawn.lines[0], pause="none"), *reminders))


def step_title(catalog: Catalog, step: Step, lang: str = "en") -> str:
    """The heading of a step: the role's name, the group's name, or the engine step's."""
    if step.kind in ("engine", "group"):
        return _engine_title(catalog, step.id, lang)
    if step.kind == "dg":
        return f"{catalog['doppelganger'].name(lang)} → {catalog[_role_of(step)].name(lang)}"
    return catalog[_role_of(step)].name(lang)


def _role_of(step: Step) -> str:
    """The role of a ``role`` or ``dg`` step (the night script always names it for those kinds)."""
    if step.role is None:
        raise NarrationError(said=say("error_narration_no_role", given=repr(step.id)))
    return step.role


def _engine_title(catalog: Catalog, step_id: str, lang: str) -> str:
    """A step's heading: rules.toml's group or engine step, else roles.toml's [[step]] names (night,
    dawn; English fallback), else the id itself for an unknown step."""
    rules = default_rules()
    named = rules.group(step_id) or rules.engine_step(step_id)
    if named is not None:
        return named.name(lang)
    info = catalog.step(step_id)
    return (info.name(lang) if info is not None else None) or step_id


#: The line a table with physical cards hears instead of ``wake`` / ``sleep``, where the step has one.
TABLE_LINES = {"wake": "table_wake", "sleep": "table_sleep", "doppelganger": "table_doppelganger"}


def _engine_cue(catalog: Catalog, step_id: str, kind: str, lang: str, *parts: tuple[str, str],
                physical_cards: bool = False) -> Cue:
    info = catalog.step(step_id)
    if info is None:
        raise NarrationError(said=say("error_narration_no_step", given=repr(step_id)))
    lines = []
    for line_kind, pause in parts:
        table_kind = TABLE_LINES.get(line_kind) if physical_cards else None
        text = (info.line(table_kind, lang) if table_kind else None) or info.line(line_kind, lang)
        if text is None:
            raise NarrationError(said=say("error_narration_step_line", given=repr(step_id), line=line_kind))
        lines.append(Line(step_id, line_kind, step_id, text, pause))
    return Cue(step_id, kind, None, _engine_title(catalog, step_id, lang), lines)


def _role_line(catalog: Catalog, step: str, role: str, kind: str, lang: str, pause: str,
               physical_cards: bool = False, ruleset: str = DEFAULT_RULESET) -> Line:
    """A role's ``kind`` line: for a table with its own cards its ``table_<kind>`` line where it has one
    (the Cow's fist is tapped by hand there, on the screen in the hot-seat game); a ruleset's own line
    (``dalbula_wake``: where S0 words the role otherwise, docs/dalbula.md) where the role has one (a
    ruleset without its own lines has none: roles.toml holds no ``onuw_`` line)."""
    table_kind = TABLE_LINES.get(kind) if physical_cards else None
    text = ((table_kind and catalog[role].line(table_kind, lang))
            or catalog[role].line(f"{ruleset}_{kind}", lang)
            or catalog[role].line(kind, lang))
    if text is None:
        raise NarrationError(said=say("error_narration_role_line", given=repr(role), line=kind))
    return Line(step, kind, role, text, pause)


def _cue(catalog: Catalog, step: Step, roster: tuple[str, ...], lang: str, physical_cards: bool = False,
         ruleset: str = DEFAULT_RULESET) -> Cue:
    title = step_title(catalog, step, lang)
    if step.kind == "engine":
        return Cue(step.id, "engine", None, title,
                   _engine_cue(catalog, step.id, "engine", lang, ("wake", "action"), ("sleep", "gap"),
                               physical_cards=physical_cards).lines)
    role = _role_of(step)
    if step.kind == "dg":
        copy = (_role_line(catalog, step.id, role, "doppelganger", lang, "action", physical_cards, ruleset),
                _role_line(catalog, step.id, "doppelganger", "sleep", lang, "gap", physical_cards))
        return Cue(step.id, "dg", role, title, copy)
    lines = [_role_line(catalog, step.id, role, "wake", lang, "action", physical_cards, ruleset)]
    if role == "doppelganger" and "minion" in roster:
        # docs/rules.md Appendix A: a Doppelgänger who viewed the Minion sees the werewolves' thumbs at the end
        # of its own step, so it keeps its eyes open for one more action time.
        lines.append(_role_line(catalog, step.id, "minion", "doppelganger", lang, "action", physical_cards))
        closing = catalog.step(DG_MINION)
        text = closing.line("sleep", lang) if closing is not None else None
        if text is not None:
            lines.append(Line(step.id, "sleep", DG_MINION, text, "gap"))
            return Cue(step.id, step.kind, role, title, lines)
    lines.append(_role_line(catalog, step.id, role, "sleep", lang, "gap", physical_cards))
    return Cue(step.id, step.kind, role, title, lines)


def table_heard(roster: Iterable[str], seed: int, catalog: Catalog | None = None,
                ruleset: str = DEFAULT_RULESET,
                answers: Mapping[int, str | None] | None = None) -> tuple[PublicEvent, ...]:
    """What a table with physical cards hears through the night of ``roster`` from ``seed``: every step
    called and the draws announced in it, the same events a game of these cards and seed records
    (announcements never depend on the deal, so none is needed), plus the instructions the hot-seat game
    tells one player privately (the Psychic's, Rascal's, Exposer's, Mortician's: ``aloud``), which a
    table with its own cards can only hear.

    ``answers``: what was answered on the laptop so far, by script step index (the Oracle's answer;
    ``None`` when nobody answered in time), fed to the step's behaviour as a game would (``table_answer``):
    what later steps announce follows them (the aliens' forced pass, the forced ripple, the parity). A
    question not answered yet (``--print``, ``--export``, or a step still to come) is heard as planned:
    the night plan's draws, no answer's consequence."""
    g, rules = _table_game(roster, seed, catalog, ruleset)
    return table_night(g, rules.behaviours, answers)


def _table_game(roster: Iterable[str], seed: int, catalog: Catalog | None, ruleset: str) -> tuple[GameState, Ruleset]:
    """A game of ``roster`` from ``seed`` with no card dealt: what a table with physical cards is to the app."""
    catalog = catalog or default_catalog()
    roles = check_roster(roster, catalog, ruleset)
    rules = ruleset_for(ruleset)
    players = tuple(f"P{i + 1}" for i in range(max(3, len(roles) - 3)))
    g = GameState(setup=Setup(players, roles, ruleset), seed=seed, cards=(), dealt=(), night_roles=(),
                  copiers=(), marks=(), artifacts=(), script=rules.build_script(roles, catalog))
    return g, rules


#: The draws a player answers on the laptop of a table with physical cards: the Oracle's question.
ANSWERED_DRAWS = frozenset({"oracle"})


@frozen
class Question:
    """A question the app asks at step ``index`` of the night and a player answers on the laptop: its
    key (``parity``, ``alien_exchange``...) and the answers it takes (``yes``/``no``, ``even``/``odd``,
    ``p0``... a player named)."""

    index: int
    key: str
    answers: tuple[str, ...] = field(converter=_tuple)


def question_at(narration: Narration, cue: Cue) -> Question | None:
    """The question the table answers during ``cue`` (the Oracle's), or None. Its answers are the
    Oracle behaviour's own (``spoken_answers``), for a laptop that does not know who she is."""
    if cue.index < 0:
        return None
    asked = next((e for e in announced(narration.heard, cue.index) if e.id in ANSWERED_DRAWS), None)
    if asked is None:
        return None
    key = str(dict(asked.params).get("value", ""))
    g, rules = _table_game(narration.roster, 0, None, narration.ruleset)
    behaviour = announcer_for(rules.behaviours, g.script[cue.index]) if cue.index < len(g.script) else None
    answers = getattr(behaviour, "table_answers", None)
    return Question(cue.index, key, answers(g, key)) if answers is not None else None


def table_answer(roster: Iterable[str], seed: int, catalog: Catalog | None, ruleset: str,
                 answers: Mapping[int, str | None], index: int, answer: str | None) -> Outcome:
    """What the laptop tells the one who answered ``answer`` at step ``index`` (the Oracle: her card's
    new team, her alien goal, the center cards or the player's card to look at...), the answers before
    it given: the same draws from the same streams as the game's. Only she sees it."""
    g, rules = _table_game(roster, seed, catalog, ruleset)
    g = table_state(g, rules.behaviours, answers, until=index)  # stops before step index's own answer
    step = g.script[index]
    behaviour = announcer_for(rules.behaviours, step)
    if behaviour is None or not hasattr(behaviour, "table_answer"):
        return Outcome()
    _g, told = behaviour.table_answer(g, step, answer)
    return told if isinstance(told, Outcome) else Outcome()


def _space(lang: str) -> str:
    """What separates two sentences read as one in ``lang`` (none in Chinese)."""
    info = language(lang)
    return info.space if info is not None else " "


def draw_text(catalog: Catalog, event: PublicEvent, lang: str = "en") -> str:
    """The words of a draw: the ``draw.<value>`` narration line of the step or role that drew it (the
    event's id, or its stem: ``ripple_actors`` is the ripple step's, ``dg_body_snatcher`` the Body
    Snatcher's), else the value itself (an id), so an announcement is never silently dropped. A draw of
    players (``p1,p4``) is read by the ``draw.<event id>`` line with their player numbers; a draw of
    several phrases (``nonsense_subject_2,nonsense_verb_1,...``) by their ``draw.<phrase>`` lines in
    order, as one sentence (no spaces in Chinese)."""
    value = str(dict(event.params).get("value", ""))
    key = event.id.removeprefix("dg_")
    info = _draw_owner(catalog, key)
    if info is None:
        return value
    if _PLAYERS.match(value):
        text = info.line(f"draw.{key.split('#')[0]}", lang)
        players = ", ".join(str(int(p[1:]) + 1) for p in value.split(","))
        return text.replace("{players}", players) if text else value
    if "," in value:  # several phrases read as one sentence, in order (the Mad Scientist's message)
        parts = [info.line(f"draw.{part}", lang) for part in value.split(",")]
        if all(parts):
            return _space(lang).join(str(part) for part in parts)
        return value
    if key == REPEATED_ROLE_DRAW:  # the step a ripple calls again, by its name (Dalbula's repeat_role)
        text = info.line(f"draw.{key}", lang)
        named = _engine_title(catalog, value, lang) if value not in catalog else catalog[value].name(lang)
        return text.replace("{role}", named) if text else value
    return info.line(f"draw.{value}", lang) or value


_PLAYERS = re.compile(r"^p\d+(,p\d+)*$")


def _draw_owner(catalog: Catalog, key: str) -> RoleInfo | EngineStepInfo | None:
    """The role or step whose narration words a draw: ``key``, else its stem before ``#`` or ``_``."""
    while key:
        info = catalog.step(key) or catalog.get(key)
        if info is not None:
            return info
        cut = max(key.rfind("#"), key.rfind("_"))
        key = key[:cut] if cut > 0 else ""
    return None


# Announcements of what a player chose (the Oracle's parity, Nostradamus's team): recorded when he answers,
# or when the step times out, read when the step is over (``late_announcements``, with the next call), so
# that a ghost's random answer, drawn as the step is called, is heard at the same moment as a player's and
# the table cannot tell whether anyone held the card (issue 21).
LATE_DRAWS = frozenset({"oracle_parity", "nostradamus"})


def late_announcements(catalog: Catalog, heard: Sequence[PublicEvent], index: int, lang: str = "en") -> list[str]:
    """The words of the answers announced in step ``index`` (``LATE_DRAWS``), to be read once it is over."""
    if index < 0:
        return []
    return [draw_text(catalog, e, lang) for e in announced(heard, index) if e.id in LATE_DRAWS]


def _with_late(cue: Cue, late: Sequence[str]) -> Cue:
    """``cue`` with the answers announced in the step before it read first (the Oracle's parity, as the
    eyes-closed screen reads it with the next call)."""
    if not late:
        return cue
    spoken = tuple(Line(cue.step, "draw", "oracle_parity", text, "none") for text in late)
    return evolve(cue, lines=(*spoken, *cue.lines))


def _with_draws(catalog: Catalog, cue: Cue, draws: tuple[PublicEvent, ...], lang: str) -> Cue:
    """``cue`` with each draw read after the call; the call's action time follows the last draw."""
    draws = tuple(e for e in draws if e.id not in LATE_DRAWS)  # read after the step (late_announcements)
    if not draws:
        return cue
    lines = list(cue.lines)
    at = next((i for i, line in enumerate(lines) if line.pause == "action"), 0)
    called = lines[at]
    spoken = [Line(cue.step, "draw", e.id, draw_text(catalog, e, lang), "none") for e in draws]
    spoken[-1] = evolve(spoken[-1], pause=called.pause)
    lines[at:at + 1] = [evolve(called, pause="none"), *spoken]
    return evolve(cue, lines=tuple(lines))
