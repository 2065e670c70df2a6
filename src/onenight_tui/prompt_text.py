"""The words of one seat's private prompt, worked out from its view alone (no widgets).

``PromptScreen`` shows exactly this (One Night's prompt model, ``tables/one_night_prompt.py``, is built
from it), so a test can read every prompt of every role in many seeded games without starting the app,
and check that nothing reads as a Python value or a raw id."""

from __future__ import annotations

from dataclasses import dataclass, field

from onenight_core.catalog.loader import Catalog
from onenight_core.engine.narration import draw_text
from onenight_core.engine.views import SeatView
from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Learned
from onenight_core.rulesets.onuw.marks import LOVE

from .text.words import Wording


@dataclass(frozen=True)
class PromptText:
    """``head``: who the seat is tonight; ``task``: what to do (with the effects of the marks involved);
    ``info``: what the seat sees now; ``options``: one label per legal answer, in the engine's order;
    ``notes``: what to write under each position of the table picture."""

    head: str
    task: str
    info: tuple[str, ...]
    options: tuple[str, ...]
    notes: dict[str, str] = field(default_factory=dict)

    @property
    def texts(self) -> tuple[str, ...]:
        """Every piece of text the prompt shows."""
        return (self.head, self.task, *self.info, *self.options, *self.notes.values())


def app_said(view: SeatView, catalog: Catalog, lang: str) -> list[str]:
    """What the app announced when this prompt's step was called (its public draws: the aliens'
    instruction, the ripple and its players, the Oracle's question...), in the table's words."""
    prompt = view.prompt
    if prompt is None or prompt.kind == "vote":
        return []
    # the step's latest call (a repeated night calls every step twice)
    indices = [i for i, s in enumerate(view.public.script) if s.id == prompt.step]
    called = sum(1 for e in view.public.heard if e.kind == PublicKind.STEP and e.id == prompt.step)
    if not indices or not called:
        return []
    index = indices[min(called, len(indices)) - 1]
    return [draw_text(catalog, e, lang) for e in view.public.announced(index)]


# The prompts of the random-table roles whose task is not the role's card text (docs/scenarios.md).
ORACLE_QUESTIONS = frozenset({"team_alien", "team_werewolf", "team_vampire", "alien_exchange", "oracle_exchange",
                              "view_center", "ripple", "parity", "view_player"})


# Dalbula's aliens' group pick (docs/rules.md #16: convert, recruit)
ALIEN_PICKS = {"convert": "task_alien_convert", "recruit": "task_alien_recruit"}


def random_table_task(view: SeatView, catalog: Catalog, words: Wording, lang: str) -> str | None:
    """The task of an Oracle, alien, Cow-tap or ripple prompt: what the app asked this seat to do."""
    prompt = view.prompt
    assert prompt is not None
    t = words.text
    stage = prompt.stage
    if prompt.role == "oracle" and prompt.kind == "act":
        if stage in ORACLE_QUESTIONS:  # the question (the Doppelganger's own is private: it is only here)
            oracle = catalog.get("oracle")
            question = oracle.line(f"draw.{stage}", lang) if oracle is not None else None
            return t("task_oracle_answer", question=question or stage)
        if stage == "exchange":
            return t("task_oracle_exchange")
        if stage.startswith("center_"):
            return t("task_oracle_center", count=int(stage.removeprefix("center_")))
    if prompt.step == "aliens" and stage in ("each", "together"):
        return t("task_alien_view_each" if stage == "each" else "task_alien_view_together")
    if prompt.step == "aliens" and stage in ALIEN_PICKS:  # Dalbula's S0 instructions
        return t(ALIEN_PICKS[stage])
    if prompt.role == "cow" and stage in ("tap", "tap2"):
        return t("task_cow_tap_or_leave" if len(prompt.options) > 1 else "task_cow_tap")
    told = told_task(view, catalog, words, lang)
    if told is not None:
        return told
    if prompt.role == "ripple" and prompt.kind == "act":
        if stage == "witch_swap":
            return t("task_ripple_witch_swap")
        step = catalog.step("ripple")
        said = step.line(f"draw.{stage}", lang) if step is not None else None
        return t("task_ripple", instruction=said or stage)
    return None


# The players an identifier designates, as the app tells them (docs/rules.md D.10); "specific" names them.
WHO = {"even": "who_even", "odd": "who_odd", "higher": "who_higher", "lower": "who_lower",
       "neighbours": "who_neighbours", "left2": "who_left2", "right2": "who_right2", "everyone": "who_everyone"}
RASCAL = {"witch": "task_rascal_witch", "troublemaker": "task_rascal_troublemaker",
          "robber": "task_rascal_robber", "drunk": "task_rascal_drunk"}
MORTICIAN = {"pretend": "task_mortician_pretend", "choice": "task_mortician_choice", "left": "task_mortician_left",
             "right": "task_mortician_right", "both": "task_mortician_both"}


def told_task(view: SeatView, catalog: Catalog, words: Wording, lang: str) -> str | None:
    """The private instruction of a Psychic, Rascal, Exposer or Mortician prompt (its stage says what
    the app drew: ``view_one:even``, ``robber:specific``, ``flip_2``, ``left``), or the question an
    Empath respondent answers."""
    prompt = view.prompt
    assert prompt is not None
    t, stage = words.text, prompt.stage
    instruction, _, identifier = stage.partition(":")

    def who() -> str:
        if identifier in WHO:
            return t(WHO[identifier])
        players = sorted({p for o in prompt.options for p in o.targets if p != f"p{view.seat}"})
        return words.names(players)

    if prompt.role == "psychic" and identifier:
        return t("task_psychic_two" if instruction == "view_two" else "task_psychic", who=who())
    if prompt.role == "rascal":
        if stage == "witch_swap":
            return t("task_rascal_witch_swap")
        if instruction == "troublemaker" and identifier in ("neighbours", "left2", "right2"):  # exactly two
            return t("task_rascal_troublemaker_pair", who=who())
        if instruction in RASCAL:
            return t(RASCAL[instruction], who=who())
    if prompt.role == "exposer" and stage.startswith("flip_"):
        return t("task_exposer", count=int(stage.removeprefix("flip_")))
    if prompt.role == "mortician" and stage in MORTICIAN:
        return t(MORTICIAN[stage])
    if prompt.role == "empath" and stage == "respond":
        question = next((str(dict(e.params).get("value")) for e in reversed(view.public.heard)
                         if e.kind == PublicKind.DRAW and e.id in ("empath", "dg_empath")), "")
        empath = catalog.get("empath")
        said = empath.line(f"draw.{question}", lang) if empath is not None else None
        return t("task_empath_respond", said=said or question)
    return None


def identity(view: SeatView, words: Wording) -> str:
    """The role the seat acts as tonight, never its current card (a Robber stays "the Robber" after
    robbing): ``you are the Robber``; a copier says what it copied."""
    if view.night_role != view.dealt:
        return words.text("identity_changed", role=view.dealt, night_role=view.night_role)
    return words.text("identity_same", role=view.night_role)


def describe(view: SeatView, catalog: Catalog, lang: str = "en") -> PromptText:
    """The prompt of ``view`` (which must have one) in words."""
    prompt = view.prompt
    assert prompt is not None, "the seat has no prompt"
    words = Wording(view.public.players, catalog, lang, me=view.seat)
    t = words.text
    name = words.seat(view.seat)

    if prompt.kind == "vote":
        head = t("prompt_head_vote", name=name)
    else:
        head = t("prompt_head", name=name, identity=identity(view, words))
    if view.mark_seen is not None:
        head = t("prompt_head_mark", head=head, mark=view.mark_seen)

    if prompt.kind == "vote":
        task = t("task_vote")
        if any(len(a.targets) == 2 for a in prompt.options):  # Dalbula's ripple "multi vote": two ballots
            task = t("task_vote_two")
        elif any(a.value == "dealer" for a in prompt.options):  # the ripple "vote for the app"
            task = t("task_vote_dealer")
    elif prompt.kind == "info":
        task = t("task_info")
    else:
        info = catalog.get(prompt.role)
        task = info.ability(lang) if info is not None else words.role(prompt.role)
        if prompt.role == "cupid" and prompt.stage == "second":
            task = t("task_second_lover")
        if prompt.role == "evilometer" and prompt.stage == "tap":  # a villain beside the Evilometer's fist
            task = t("task_tap_evilometer")
        task = random_table_task(view, catalog, words, lang) or task
        if prompt.copier and prompt.copier != prompt.role:
            task = t("task_as_copy", role=prompt.role, copier_role=prompt.copier, task=task)
    # A seen mark's sentence says its effect; a mark that is only named (given, or its holders seen) is
    # explained under the task.
    marks = words.marks_in([o for o in prompt.info if isinstance(o, Learned)], prompt.options)
    if marks:
        task += "\n" + "\n".join(words.mark_line(m) for m in marks)

    # A lone lover's "no other player holds the Mark of Love" is said once, with what it means.
    lines = [t("lone_lover") if isinstance(o, Learned) and o.as_ == LOVE and not o.who
             else words.observation(o) for o in prompt.info]
    lines.extend(t("app_said", text=said) for said in app_said(view, catalog, lang) if said not in task)
    if prompt.group and len(prompt.group) > 1 and not any(isinstance(o, Learned) for o in prompt.info):
        lines.append(t("awake_with", whom=words.names(f"p{s}" for s in prompt.group if s != view.seat)))

    notes = words.table_notes(view.public)
    for obs in prompt.info:
        positions = obs.who if isinstance(obs, Learned) else (obs.pos,)
        if isinstance(obs, Learned) and obs.as_ == "empath_pointing":
            positions = obs.who[:1]  # the respondent's place; the note names the target
        note = words.note(obs)
        for pos in positions:
            if note and note not in notes.get(pos, "").split("\n"):
                notes[pos] = f"{note}\n{notes[pos]}" if pos in notes else note

    options = tuple(words.action(a, prompt.role, prompt.stage) for a in prompt.options)
    return PromptText(head, task, tuple(lines), options, notes)
