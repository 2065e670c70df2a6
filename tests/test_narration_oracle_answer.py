"""The narrator of a table with physical cards hears the Oracle's answer (``table_heard(answers=)``): every
later instruction that depends on it follows the answer given — the aliens' forced pass after "yes" to
alien_exchange (Dalbula), the forced ripple after "yes" to the ripple question, the parity announced with
the next call — and what the laptop tells the Oracle privately (``table_answer``) is the engine's own
outcome. No answer is the engine's default (a ghost Oracle's random answer); ``--print``/``--export``
(no answers) keep the night plan.

Seeds are chosen for the roster below (``test_the_seeds_ask_what_this_file_relies_on`` checks them)."""

from __future__ import annotations

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import (Narration, narrate, question_at, table_answer, table_heard)
from onenight_core.errors import IllegalAction, OneNightError
from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Action, PublicEvent
from onenight_core.rulesets.dalbula.oracle import ALIEN_GOAL, PASS as FORCED_PASS
from onenight_core.rulesets.draws import stream_random
from onenight_core.rulesets.onuw.roles.oracle import CENTER, EXCHANGE, TEAM, VIEW

from conftest import PASS, names

CAT = default_catalog()
ROSTER = ("alien", "alien", "cow", "oracle", "leader", "seer", "robber", "troublemaker")  # the alien-5 preset
ORACLE = 0  # the Oracle's step is the first of the night under both rulesets
# Dalbula seeds: the question is alien_exchange (1: a "no" is not granted; 64: it is); ripple with no ripple
# planned (50); the team question (5, granted); view_player (12: redirected); view_center (21: two cards);
# oracle_exchange (19, granted). onuw seeds: ripple with none planned (9); parity (3).
AE, AE_GRANTED, D_RIPPLE, TEAM_SEED, REDIRECT, CENTER_SEED, EXCHANGE_SEED = 1, 64, 50, 5, 12, 21, 19
O_RIPPLE, O_PARITY = 9, 3


def first_draws(heard) -> dict[str, str]:
    out: dict[str, str] = {}
    for e in heard:
        if e.kind == PublicKind.DRAW:
            out.setdefault(e.id, str(dict(e.params)["value"]))
    return out


def night(seed: int, ruleset: str, answers=None, lang: str = "en") -> Narration:
    return narrate(ROSTER, lang, None, table_heard(ROSTER, seed, ruleset=ruleset, answers=answers), ruleset,
                   physical_cards=True)


def cue_lines(narration: Narration, step: str) -> list[str]:
    cue = next(c for c in narration.cues if c.step == step)
    return [line.text for line in cue.lines]


def said(step_id: str, value: str, lang: str = "en") -> str:
    """The words of a draw of ``step_id`` (its draw.<value> line)."""
    from onenight_core.engine.narration import draw_text

    return draw_text(CAT, PublicEvent(PublicKind.DRAW, step_id, (("value", value),)), lang)


def ghost_answer(seed: int, answers: tuple[str, ...]) -> str:
    """The engine's default answer: a ghost Oracle's uniform pick (stream ``ghost.oracle``, roles.md §D.11)."""
    return answers[stream_random(seed, "ghost.oracle", 0).randrange(len(answers))]


def test_the_seeds_ask_what_this_file_relies_on():
    for seed, ruleset, question in [(AE, "dalbula", "alien_exchange"), (AE_GRANTED, "dalbula", "alien_exchange"),
                                    (D_RIPPLE, "dalbula", "ripple"), (O_RIPPLE, "onuw", "ripple"),
                                    (O_PARITY, "onuw", "parity"), (TEAM_SEED, "dalbula", "team_alien"),
                                    (REDIRECT, "dalbula", "view_player"), (CENTER_SEED, "dalbula", "view_center"),
                                    (EXCHANGE_SEED, "dalbula", "oracle_exchange")]:
        assert first_draws(table_heard(ROSTER, seed, ruleset=ruleset))["oracle"] == question, (seed, question)
    assert first_draws(table_heard(ROSTER, D_RIPPLE, ruleset="dalbula"))["ripple"] == "none"
    assert first_draws(table_heard(ROSTER, O_RIPPLE, ruleset="onuw"))["ripple"] == "none"


def test_the_question_and_its_answers_come_from_the_oracle_step():
    n = night(AE, "dalbula")
    oracle = next(c for c in n.cues if c.step == "oracle")
    q = question_at(n, oracle)
    assert q is not None and (q.index, q.key, q.answers) == (ORACLE, "alien_exchange", ("yes", "no"))
    assert all(question_at(n, c) is None for c in n.cues if c.step != "oracle")
    parity = night(O_PARITY, "onuw")
    assert question_at(parity, parity.cues[1]).answers == ("even", "odd")
    named = night(REDIRECT, "dalbula")
    assert question_at(named, named.cues[1]).answers == tuple(f"p{i}" for i in range(5))  # every player


# -- Dalbula's alien_exchange: the aliens' instruction -------------------------------------------------------

def test_yes_to_alien_exchange_makes_the_aliens_step_announce_the_forced_pass():
    planned = first_draws(table_heard(ROSTER, AE, ruleset="dalbula"))["alien"]
    forced = table_answer(ROSTER, AE, None, "dalbula", {}, ORACLE, "yes")
    assert forced.kind == FORCED_PASS and forced.value in ("pass_left", "pass_right")
    assert planned not in ("pass_left", "pass_right")
    yes = cue_lines(night(AE, "dalbula", {ORACLE: "yes"}), "aliens")
    no = cue_lines(night(AE, "dalbula", {ORACLE: "no"}), "aliens")
    assert said("alien", forced.value) in yes and said("alien", planned) not in yes
    assert said("alien", planned) in no and said("alien", forced.value) not in no
    # --print / --export have no answer: the night plan, as before
    assert cue_lines(night(AE, "dalbula"), "aliens") == no


def test_yes_in_korean_reads_the_pass_in_korean():
    forced = table_answer(ROSTER, AE, None, "dalbula", {}, ORACLE, "yes").value
    assert said("alien", forced, "ko") in cue_lines(night(AE, "dalbula", {ORACLE: "yes"}, "ko"), "aliens")


def test_no_to_alien_exchange_tells_the_oracle_her_alien_goal_only_when_granted():
    assert table_answer(ROSTER, AE_GRANTED, None, "dalbula", {}, ORACLE, "no").kind == ALIEN_GOAL
    assert table_answer(ROSTER, AE, None, "dalbula", {}, ORACLE, "no").kind != ALIEN_GOAL
    # the goal is hers alone: the table hears the same night as for a "no" not granted
    assert night(AE_GRANTED, "dalbula", {ORACLE: "no"}).lines == night(AE_GRANTED, "dalbula").lines


def test_no_answer_is_the_engine_default_the_ghost_oracles_answer():
    for seed in range(1, 40):
        heard = table_heard(ROSTER, seed, ruleset="dalbula")
        if first_draws(heard)["oracle"] != "alien_exchange":
            continue
        default = ghost_answer(seed, ("yes", "no"))
        assert table_heard(ROSTER, seed, ruleset="dalbula", answers={ORACLE: None}) == \
            table_heard(ROSTER, seed, ruleset="dalbula", answers={ORACLE: default})


# -- the ripple question --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset", "seed"), [("onuw", O_RIPPLE), ("dalbula", D_RIPPLE)])
def test_yes_to_the_ripple_question_forces_a_ripple(ruleset, seed):
    yes = first_draws(table_heard(ROSTER, seed, ruleset=ruleset, answers={ORACLE: "yes"}))["ripple"]
    no = first_draws(table_heard(ROSTER, seed, ruleset=ruleset, answers={ORACLE: "no"}))["ripple"]
    assert no == "none" and yes != "none"
    assert said("ripple", yes) in cue_lines(night(seed, ruleset, {ORACLE: "yes"}), "ripple")
    assert said("ripple", yes) not in cue_lines(night(seed, ruleset, {ORACLE: "no"}), "ripple")


# -- the parity question ------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["even", "odd"])
def test_the_parity_answer_is_read_with_the_next_call(answer):
    n = night(O_PARITY, "onuw", {ORACLE: answer})
    announced = CAT["oracle"].line(f"draw.{answer}")
    assert [line.text for line in n.cues[2].lines][0] == announced  # before the aliens' wake line
    assert n.cues[2].step == "aliens" and [line.text for line in n.lines].count(announced) == 1
    other = CAT["oracle"].line("draw.odd" if answer == "even" else "draw.even")
    assert other not in [line.text for line in n.lines]
    # the Oracle's own step does not depend on it: it is read before anyone could answer
    assert n.cues[1] == night(O_PARITY, "onuw").cues[1]


def test_the_parity_of_no_answer_is_the_default_and_print_reads_none():
    default = ghost_answer(O_PARITY, ("even", "odd"))
    lines = [line.text for line in night(O_PARITY, "onuw", {ORACLE: None}).lines]
    assert CAT["oracle"].line(f"draw.{default}") in lines
    printed = [line.text for line in night(O_PARITY, "onuw").lines]
    assert not any(CAT["oracle"].line(f"draw.{p}") in printed for p in ("even", "odd"))


# -- what the laptop tells the Oracle --------------------------------------------------------------------------

def test_the_private_outcomes_are_the_engines():
    assert table_answer(ROSTER, TEAM_SEED, None, "dalbula", {}, ORACLE, "yes") .kind == TEAM
    assert table_answer(ROSTER, TEAM_SEED, None, "dalbula", {}, ORACLE, "yes").value == "alien"
    assert table_answer(ROSTER, TEAM_SEED, None, "dalbula", {}, ORACLE, "no").kind not in (TEAM,)
    assert table_answer(ROSTER, CENTER_SEED, None, "dalbula", {}, ORACLE, "yes") .kind == CENTER
    assert table_answer(ROSTER, CENTER_SEED, None, "dalbula", {}, ORACLE, "yes").value == "2"
    assert table_answer(ROSTER, EXCHANGE_SEED, None, "dalbula", {}, ORACLE, "yes").kind == EXCHANGE
    redirected = table_answer(ROSTER, REDIRECT, None, "dalbula", {}, ORACLE, "p1")
    assert redirected.kind == VIEW and redirected.value not in ("p1", "")
    # nobody answered: nobody is told anything
    assert table_answer(ROSTER, TEAM_SEED, None, "dalbula", {}, ORACLE, None).kind == "nothing"


def test_an_answer_the_question_does_not_take_is_one_clear_error():
    with pytest.raises(IllegalAction) as raised:  # the laptop offers only the question's answers
        table_heard(ROSTER, AE, ruleset="dalbula", answers={ORACLE: "even"})
    assert isinstance(raised.value, OneNightError) and isinstance(raised.value, ValueError)
    assert "\n" not in str(raised.value) and "yes, no" in str(raised.value)


# -- the same machinery as the game -------------------------------------------------------------------------

@pytest.mark.parametrize(("ruleset", "seed", "answer"), [("dalbula", AE, "yes"), ("dalbula", AE, "no"),
                                                          ("onuw", O_RIPPLE, "yes"), ("dalbula", D_RIPPLE, "yes"),
                                                          ("onuw", O_PARITY, "even")])
def test_the_table_hears_what_a_game_with_the_same_answer_announces(ruleset, seed, answer):
    """A hot-seat game of the same cards and seed, its Oracle answering the same, announces the same
    draws as the table fed that answer: the narrator drives the engine's own Oracle, not a copy."""
    g = new_game(Setup(names(len(ROSTER) - 3), ROSTER, ruleset), seed, deal=ROSTER)
    while (p := pending(g)) is not None and g.phase == "night":
        if p.step == "oracle" and p.stage in ("alien_exchange", "ripple", "parity"):
            g = apply(g, Action("answer", (), answer))
        else:
            g = apply(g, PASS if PASS in p.options else p.options[0])
    game_draws = [e for e in g.public if e.kind == PublicKind.DRAW]
    table = [e for e in table_heard(ROSTER, seed, ruleset=ruleset, answers={ORACLE: answer})
             if e.kind == PublicKind.DRAW]
    assert game_draws == table
