"""Why an ``alien`` pin next to the Oracle's ``alien_exchange`` "yes" is not an error (docs/decisions.md,
"The narrator under Dalbula"): the pin is the night plan's instruction — what a narrator for physical
cards reads, since it cannot hear the Oracle's answer — and the yes replaces it only for the next alien
call; when the ripple calls the aliens again, that call draws the pinned instruction."""

from __future__ import annotations

from onenight_core import Action, Setup, apply, new_game, pending
from onenight_core.engine.narration import narrate, table_heard
from onenight_core.model.kinds import PublicKind

from conftest import names

DECK = ("oracle", "alien", "alien", "villager", "villager", "seer", "tanner", "drunk")
PINS = {"oracle": "alien_exchange", "oracle_pass": "pass_left", "alien": "stare", "ripple": "repeat_role",
        "ripple_role": "aliens"}


def answered(answer: str):
    g = new_game(Setup(names(5), DECK, "dalbula", draws=PINS), 0, deal=list(DECK))
    asked = False
    for _ in range(200):
        p = pending(g)
        if p is None or p.kind == "vote":
            return g
        mine = Action("answer", (), answer)
        g = apply(g, mine if mine in p.options and not asked else p.options[0])
        asked = asked or mine in p.options
    raise AssertionError("the night did not end")


def alien_draws(events) -> list[str]:
    return [str(dict(e.params)["value"]) for e in events if e.kind == PublicKind.DRAW and e.id == "alien"]


def test_a_yes_replaces_the_first_call_only_and_the_repeated_call_draws_the_pin():
    assert alien_draws(answered("yes").public) == ["pass_left", "stare"]


def test_a_no_draws_the_pin_at_both_calls():
    assert alien_draws(answered("no").public) == ["stare", "stare"]


def test_the_narrator_reads_the_night_plan_the_pin_is():
    # A table with its own cards cannot hear the Oracle's answer: after her alien_exchange question it
    # reads the plan's instruction (seed 10 of this roster), as a scenario's alien pin states it.
    roster = ("werewolf", "werewolf", "seer", "robber", "alien", "alien", "oracle", "sleepwalker", "curator",
              "villager")
    heard = table_heard(roster, 10, ruleset="dalbula")
    oracle = [dict(e.params)["value"] for e in heard if e.kind == PublicKind.DRAW and e.id == "oracle"]
    assert oracle == ["alien_exchange"] and alien_draws(heard)[0] == "view_each"
    night = narrate(roster, "ko", heard=heard, ruleset="dalbula", physical_cards=True)
    aliens = next(c for c in night.cues if c.step == "aliens")
    assert [line.kind for line in aliens.lines] == ["wake", "draw", "sleep"]
