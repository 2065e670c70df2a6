"""The night as the table sees it and as the story tells it afterwards: only what happened (issue 23,
"Logs only what happened"; issue 21, "The story credits players with what they never saw")."""

from __future__ import annotations

from types import SimpleNamespace

from onenight_core import Setup, apply, default_catalog, new_game, pending
from onenight_core.engine.timeout import TIMEOUT, UNOPENED
from onenight_core.engine.views import public_view
from onenight_core.model.values import DONE
from onenight_tui.screens.one_night.mark_check import banner_parts
from onenight_tui.tables.one_night_calls import night_step_count
from onenight_tui.text.story import night_lines

from app_pilot import SIZE, deal, make_app, screen_name, until


def test_the_mark_check_counts_the_nights_steps_as_the_eyes_closed_screen_does():
    """A Dalbula night with a mark check and the Mayor (a step played by day): the counter read
    "step 4 of 7" on the eyes-closed screen, "step 5 of 8" at the mark check, then "step 6 of 7"."""
    g = new_game(Setup(("A", "B", "C", "D", "E"), ("vampire", "mayor", "seer", "robber", "villager"),
                       ruleset="dalbula"), 1)
    script = public_view(g).script
    app = SimpleNamespace(state=g, game=g, lang="ko", catalog=default_catalog())  # (a Host: game, lang, catalog)
    marks = next(i for i, step in enumerate(script) if step.id == "mark_check")
    assert any(step.turns == "day" for step in script)
    counts = {night_step_count(app, i) for i in range(len(script))}
    assert counts == {len(script) - 1}
    assert banner_parts(app, marks)["count"] == len(script) - 1


# -- the story tells only what each player saw and did ---------------------------------------------------



def night_of(deal, answers, *, ruleset="onuw", lang="en"):
    """Play the night of ``deal`` (seats then center) with ``answers[(step, seat)]`` (an Action, or
    TIMEOUT/UNOPENED), every other prompt answered with its first option; the night's story lines."""
    players = ("Ann", "Bo", "Cy", "Di", "Ed")[:len(deal) - 3]
    g = new_game(Setup(players, tuple(deal), ruleset=ruleset, options={"official_setup": True}
                       if ruleset == "dalbula" else {}), 1, deal=tuple(deal))
    while (p := pending(g)) is not None and g.phase == "night":
        g = apply(g, answers.get((p.step, p.seat), p.options[0]))
    return night_lines(g, lang=lang)


def test_a_werewolf_who_never_opened_his_prompt_did_not_look():
    lines = night_of(("werewolf", "werewolf", "villager", "villager", "villager", "villager"),
                     {("werewolves", 0): UNOPENED, ("werewolves", 1): DONE})
    assert "Werewolves: Ann did not look." in lines
    assert "Werewolves: Bo learned that Ann is a Werewolf." in lines
    assert not any("Ann learned" in line for line in lines)


def test_a_werewolf_who_opened_his_prompt_learned_even_when_time_ran_out():
    lines = night_of(("werewolf", "werewolf", "villager", "villager", "villager", "villager"),
                     {("werewolves", 0): TIMEOUT, ("werewolves", 1): TIMEOUT})
    assert "Werewolves: Ann learned that Bo is a Werewolf." in lines
    assert not any("did not look" in line or "in time" in line for line in lines)


def test_a_timed_out_seer_looked_at_nobody():
    lines = night_of(("seer", "villager", "villager", "werewolf", "werewolf", "villager"),
                     {("seer", 0): TIMEOUT})
    assert "Seer: Ann chose nothing in time; looked at nobody." in lines
    ko = night_of(("seer", "villager", "villager", "werewolf", "werewolf", "villager"),
                  {("seer", 0): TIMEOUT}, lang="ko")
    assert any("아무 카드도 보지 않음" in line for line in ko)


def test_a_player_who_never_opened_a_choice_did_not_look_and_chose_nothing_only_when_a_default_was_taken():
    passed = night_of(("troublemaker", "villager", "villager", "werewolf", "werewolf", "villager"),
                      {("troublemaker", 0): UNOPENED})
    assert "Troublemaker: Ann did not look." in passed  # the default was a pass: nothing happened
    drunk = night_of(("drunk", "villager", "villager", "werewolf", "werewolf", "villager"),
                     {("drunk", 0): UNOPENED})
    line = next(line for line in drunk if line.startswith("Drunk:"))
    assert line.startswith("Drunk: Ann did not look; chose nothing in time; ")  # the app drew the exchange


def test_the_sleepwalkers_return_is_told_as_what_the_app_did_not_as_a_step_nobody_woke_for():
    """Dalbula's Sleepwalker takes a center card; at his return (a step nobody wakes for) the app swaps
    the cards back: the log said "Sleepwalker returns: nobody woke." and then told a swap."""
    deal = ("sleepwalker", "villager", "villager", "werewolf", "seer", "robber")
    lines = night_of(deal, {}, ruleset="dalbula")
    back = [line for line in lines if line.startswith("Sleepwalker returns")]
    assert back == ["Sleepwalker returns: Ann had their card swapped back with center card 1 by the app "
                    "(nobody woke)."]
    ko = [line for line in night_of(deal, {}, ruleset="dalbula", lang="ko") if "귀환" in line]
    assert ko == ["몽유병 환자 귀환: Ann — 앱이 카드를 다시 바꿈: 가운데 카드 1번 (아무도 깨어나지 않음)."]


async def test_the_app_tells_the_engine_which_prompt_nobody_opened():
    """Two werewolves: Mina opens her prompt and lets the time run out, Pia never takes the laptop. The
    save holds one answer of each kind, and the story says Pia did not look."""
    app = make_app(("werewolf", "werewolf", "villager", "villager", "villager", "villager"), 3, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await deal(pilot)
        await until(pilot, lambda: screen_name(app) == "NightScreen" and app.screen._waiting(), "the wolves")
        night = app.screen
        await until(pilot, lambda: night.ready, "the key guard")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "Mina's prompt")
        night.fast_forward()
        await until(pilot, lambda: app.state.step_index > 1 or app.state.phase != "night", "the time-up")
        assert TIMEOUT in app.saved.answers and UNOPENED in app.saved.answers
        lines = night_lines(app.state)
        assert "Werewolves: Pia did not look." in lines
        assert "Werewolves: Mina learned that Pia is a Werewolf." in lines
