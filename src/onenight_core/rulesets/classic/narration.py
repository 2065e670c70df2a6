"""The classic night as a narrator calls it at a table with physical cards (docs/resolution.md §4.3): which
steps, in which order, on night ``n``. The steps come from the roles of the composition and their slots in
``classic.toml``: the thief's and cupid's slots (and the lovers' waking) on night 1 only, the others every
night. Every slot of the composition is called, whether its holder is alive or not (A-C15), so the
narrator's calls never tell who died. ``narration`` is the classic ruleset's part of the one narration
interface (``Ruleset.narration``, read through ``engine.narration.narration_for``): nights 1..n, with
their dawns and days, under the ruleset options (the sheriff's election, the event cards), as
``engine.narration``'s ``Narration``/``Cue``/``Line`` whose headings and lines are ids and parameters
(``said``), never sentences: the app's text layer words them (``text.script.worded``). It reads no
engine: its cues are the model's (``model.narration``), which ``narration_for`` gathers into the
``Narration`` every narrator reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...errors import SetupError
from ...model.messages import Message, say
from .catalog import ClassicCatalog, classic_catalog
from .deck import check_deck
from .events import EVENT_DECK, NIGHT_STEPS, events_played
from .options import CLASSIC_OPTIONS

from ...model.narration import Cue, Line


def __getattr__(name: str) -> Any:
    """``FOLLOWERS``: the steps that are not a role's slot, by the step they follow (the lovers wake after
    cupid, the charmed after the piper), read from classic.toml's ``[[step]] follows``."""
    if name == "FOLLOWERS":
        return {st.follows: st.id for st in classic_catalog().steps if st.follows}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    FOLLOWERS: dict[str, str]


def night_steps(deck: Sequence[str], night: int, catalog: ClassicCatalog | None = None,
                event: str | None = None) -> tuple[str, ...]:
    """The step ids the narrator calls on night ``night`` (1 = the first) for this composition, in the
    order of §4.3: role slots (``thief``, ``cupid``, ``seer``, ``defender``, ``werewolf``, ``witch``,
    ``piper``) and the ``lovers``/``charmed`` steps that follow cupid and the piper. ``event``: the New
    Moon card acting tonight (revealed the day before): its step (``events.NIGHT_STEPS``) is called too,
    first (the ally) or after its slot (the Specter and Full Moon Rising after the werewolves)."""
    steps = _slot_steps(deck, night, catalog)
    if event not in NIGHT_STEPS:
        return steps
    step, after = NIGHT_STEPS[str(event)]
    if not after:
        return (step, *steps)
    i = steps.index(after) + 1 if after in steps else len(steps)
    return (*steps[:i], step, *steps[i:])


def _slot_steps(deck: Sequence[str], night: int, catalog: ClassicCatalog | None = None) -> tuple[str, ...]:
    if night < 1:
        raise SetupError(said=say("error_classic_night", given=night))
    catalog = catalog or classic_catalog()
    roles = [catalog.role(r) for r in check_deck(deck, catalog)]
    return catalog.night_steps({r.id for r in roles}, night)  # classic.toml's order, written there only


#: The event cards' night steps (``events.NIGHT_STEPS``), called by the same ids as the hot-seat app's calls
#: (``classic_step_*``).
EVENT_STEPS = tuple(step for step, _after in NIGHT_STEPS.values())


def read_options(options: Mapping[str, object] | None) -> dict[str, object]:
    """Every classic option, ``options`` over the §4.9 defaults (SetupError, one line, for a bad one)."""
    return dict(CLASSIC_OPTIONS.validate(dict(options or {})))


def night_plan(deck: tuple[str, ...], night: int, options: Mapping[str, object]
               ) -> tuple[tuple[str, ...], str | None, tuple[str, ...]]:
    """What night ``night`` reads under ``options`` (read: ``read_options``): its steps (the ``ally`` step
    first on a night after an event card, the Specter's and Full Moon Rising's after the werewolves',
    each read "if yesterday's card was ..."), the sheriff line read before it (election on night 1) and
    the day's extra lines (the event card turned when a day starts, the sheriff's election), as the
    ``classic_script_<key>`` message keys."""
    events = events_played(bool(options["events.enabled"]), bool(options["events.new_moon"]), deck) \
        and night <= len(EVENT_DECK) + 1
    steps = night_steps(deck, night)
    if events and night >= 2:
        i = steps.index("werewolf") + 1
        steps = ("ally", *steps[:i], "specter", "full_moon", *steps[i:])
    election = options["sheriff.election"] if options["sheriff.enabled"] and night == 1 else None
    before = "sheriff_night1" if election == "night1" else None
    day: list[str] = []
    if events and night <= len(EVENT_DECK):
        day.append("event_draw")
    if election == "day1_before_statements":
        day.append("sheriff_before")
    elif election == "day1_after_statements":
        day.append("sheriff")
    return steps, before, tuple(day)


def _step_said(step: str, part: str) -> Message:
    """A step's ``step`` (heading), ``wake`` or ``sleep`` message: a role slot's or a follower's
    ``narrate_classic_<part>_<step>``; an event card's step the hot-seat app's own words
    (``classic_step_<step>``, ``classic_script_<part>_<step>``)."""
    key = f"narrate_classic_{part}_{step}"
    if step in EVENT_STEPS:
        key = f"classic_step_{step}" if part == "step" else f"classic_script_{part}_{step}"
    return say(key)


def narration(deck: Sequence[str], *, nights: int = 1, options: Mapping[str, object] | None = None
              ) -> tuple[Cue, ...]:
    """Nights 1..``nights`` as a narrator reads them to a table with physical cards: per night, night
    falls (the sheriff's election first when it is held before night 1), every step of ``night_plan``
    (its wake line, the Little Girl's line with the werewolves' when she is in the deck, the action
    time, its sleep line), dawn, then the day (its extra lines, then its line that waits the day's time).
    Every line and heading is an id with parameters (``said``); the text is the app's."""
    deck = check_deck(deck)
    chosen = read_options(options)
    cues: list[Cue] = []
    for night in range(1, nights + 1):
        head = say("classic_script_night", number=night)
        plan, before, extra = night_plan(deck, night, chosen)
        election = (_line("night_start", f"classic_script_{before}", "none"),) if before else ()
        cues.append(Cue("night_start", "start", None, "",
                        (*election, _line("night_start", "classic_script_dusk", "gap")), said=head))
        for step in plan:
            girl = ("narrate_classic_girl_spies",) if step == "werewolf" and "little_girl" in deck else ()
            woken = [Line(step, "wake", step, "", "none", said=_step_said(step, "wake")),
                     *(_line(step, key, "none") for key in girl)]
            woken[-1] = Line(step, "wake", step, "", "action", said=woken[-1].said)
            cues.append(Cue(step, "role", step if step in deck else None, "",
                            (*woken, Line(step, "sleep", step, "", "gap", said=_step_said(step, "sleep"))),
                            said=say("narrate_cue_heading", night=head, step=_step_said(step, "step"))))
        cues.append(Cue("dawn", "dawn", None, "", (_line("dawn", "classic_script_dawn", "gap"),),
                        said=say("narrate_cue_heading", night=head, step=say("classic_script_dawn_title"))))
        day = tuple(_line("day", f"classic_script_{key}", "none") for key in extra)
        cues.append(Cue("day", "engine", None, "", (*day, _line("day", "classic_script_day", "day")),
                        said=say("narrate_day_heading", day=say("classic_script_day_title"), number=night)))
    return tuple(cues)


def _line(step: str, key: str, pause: str) -> Line:
    """A line of ``step`` that says the message ``key``."""
    return Line(step, "wake", step, "", pause, said=say(key))
