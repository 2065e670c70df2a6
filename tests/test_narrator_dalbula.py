"""The narrator under ``--ruleset dalbula`` (issue 13): the live narrator app reads a whole Dalbula night for a
table with physical cards — S0's wake order, the Sleepwalker's return, the ripple and its repeated role, the
token reveal, with the draws of the seed — in Korean, in the order ``narrate --print`` shows; it pauses and
repeats as under onuw; ``--export`` writes the same bytes for the same seed.

The voice is the bundled espeak-ng playing into a recording output (``RecordingSpeaker`` of
test_narrator_app), so the test hears what the table would, in order."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.narration import Timing, narrate, table_heard
from onenight_tui.cli import main
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.speech import countdown

from test_cli_languages import english_words
from test_cli_narrate import _export_in_a_bare_process
from app_pilot import screen_text
from test_narrator_app import RecordingSpeaker, narrator, wait_for

CAT = default_catalog()
#: Ten cards with every Dalbula ending step: the Sleepwalker (Z1), aliens (the ripple, Z2), the Curator (Z3).
ROSTER = ("werewolf", "werewolf", "seer", "robber", "alien", "alien", "oracle", "sleepwalker", "curator",
          "villager")
ROLES = ",".join(ROSTER)
#: A seed whose night plan has the aliens recruit and the ripple call the Robber again (repeat_role).
SEED = 135


#: Latin words a Korean screen shows that are not English: the voice's name and the keys' names.
#: ("f" is the F1 key: the checker drops a trailing digit as it would a count.)
NOT_WORDS = {"espeak-ng", "space", "esc", "enter", "Enter", "f"}  # Enter: the Oracle panel's key


def dalbula_app(lang: str = "ko", *, action: float = 0.02, seed: int = SEED):
    speaker = RecordingSpeaker(lang=lang)
    app = NarratorApp(roster=ROSTER, lang=lang, timing=Timing(action=action, gap=0.01, day=0.2),
                      speaker=speaker, reading_pace=0.0, tick=0.02, seed=seed, ruleset="dalbula")
    return app, speaker


def printed(capsys, lang: str = "ko", seed: int = SEED) -> str:
    code = main(["narrate", "--ruleset", "dalbula", "--lang", lang, "--roles", ROLES, "--print",
                 "--seed", str(seed)])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def in_order(said: list[str], text: str) -> list[str]:
    """The lines of ``said`` not found in ``text`` after the previous one (empty: all in order)."""
    missing, at = [], 0
    for line in said:
        found = text.find(line, at)
        if found < 0:
            missing.append(line)
        else:
            at = found + len(line)
    return missing


def test_the_seed_draws_what_this_file_relies_on():
    heard = {e.id: dict(e.params).get("value") for e in table_heard(ROSTER, SEED, ruleset="dalbula")}
    assert heard["alien"] == "recruit" and heard["ripple"] == "repeat_role" and heard["ripple_role"] == "robber"


async def test_the_live_narrator_reads_a_whole_dalbula_night_in_korean_as_printed(capsys):
    app, speaker = dalbula_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await narrator(pilot)
        assert screen.phase == "ready" and screen.choice.ruleset == "dalbula"
        steps: list[str] = []
        start_cue = screen._start_cue

        def started(index: int) -> None:  # every step the screen starts, in order
            start_cue(index)
            steps.append(screen.cue.step)

        screen._start_cue = started
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "over", timeout=20)
    # Nobody answered the Oracle's question (step 0): the night takes the engine's default answer, and the
    # parity it gives is read with the next call — what `--print` (which has no answer) does not show.
    expected = narrate(ROSTER, "ko", heard=table_heard(ROSTER, SEED, ruleset="dalbula", answers={0: None}),
                       ruleset="dalbula", physical_cards=True)
    assert speaker.said == [line.text for line in expected.lines] + [f"gong + {countdown('ko')}"]
    parity = [line.text for line in expected.lines if line.source == "oracle_parity"]
    assert len(parity) == 1 and parity[0] in speaker.said
    # S0's order (roles.md §A.1): the Oracle at dusk, the Sleepwalker, the aliens, ..., the Curator, then
    # Z1 (the Sleepwalker's return), Z2 (the ripple, the Robber called again), Z3 (the tokens), dawn.
    assert steps == ["night_start", "oracle", "sleepwalker", "aliens", "werewolves", "seer", "robber", "curator",
                     "sleepwalker_return", "ripple", "robber", "artifacts", "dawn"]
    # The draws of the seed are said in their steps: the aliens' instruction, the ripple and its role.
    recruit = CAT["alien"].line("draw.recruit", "ko")
    assert recruit in speaker.said
    assert speaker.said.index(recruit) == speaker.said.index(CAT["alien"].line("wake", "ko")) + 1
    assert "다시 행동하는 직업: 강도." in speaker.said
    assert speaker.said.count(CAT["robber"].line("wake", "ko")) == 2
    # At a physical table the Sleepwalker swaps back by hand (the hot-seat line says it is done for him).
    assert CAT.step("sleepwalker_return").line("table_wake", "ko") in speaker.said
    assert CAT.step("sleepwalker_return").line("wake", "ko") not in speaker.said
    # What was said is what `narrate --print` shows for the same seed, in the same order.
    script = printed(capsys)
    assert parity[0] not in script
    assert in_order([line for line in speaker.said[:-1] if line != parity[0]], script) == []
    assert in_order(list(reversed(speaker.said[1:-1])), script) != []  # the check can fail


def test_the_order_check_fails_for_another_seed(capsys):
    # seed 8 repeats the werewolves instead of the Robber: the same check must tell the two nights apart
    other = narrate(ROSTER, "ko", heard=table_heard(ROSTER, 8, ruleset="dalbula"), ruleset="dalbula",
                    physical_cards=True)
    assert in_order([line.text for line in other.lines], printed(capsys)) != []


async def test_pause_holds_the_dalbula_step_and_repeat_reads_it_again():
    app, speaker = dalbula_app(action=60)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        for _ in range(12):  # night start, Oracle, ..., Curator: on to the Sleepwalker's return
            if screen.cue.step == "sleepwalker_return":
                break
            await pilot.press("n")
        assert screen.cue.step == "sleepwalker_return"
        await wait_for(pilot, lambda: screen.stage == "wait")
        await pilot.press("space")
        assert screen.paused and speaker.fixed_output.paused
        assert "일시 정지" in str(app.screen.query_one("#narrator-status", Static).content)
        left, ticks = screen.left, screen.ticks
        await wait_for(pilot, lambda: screen.ticks >= ticks + 5)
        assert screen.left == left and screen.cue.step == "sleepwalker_return"
        await pilot.press("space")
        assert not screen.paused
        before = len(speaker.said)
        await pilot.press("r")
        assert screen.cue.step == "sleepwalker_return" and screen.line_index == 0
        assert speaker.said[before:] == [CAT.step("sleepwalker_return").line("table_wake", "ko")]
        await pilot.press("n")  # the ripple, with its draws
        await wait_for(pilot, lambda: screen.line.pause == "action")
        assert screen.cue.step == "ripple" and speaker.said[-1] == "다시 행동하는 직업: 강도."
        await pilot.press("n")
        assert screen.cue.step == "robber"  # the repeated step is walked like any other
        await pilot.press("escape")


@pytest.mark.parametrize("lang", ["ko", "en"])
async def test_the_screen_shows_korean_words_only_under_ko(lang):
    app, _speaker = dalbula_app(lang, action=60)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        texts = []
        while screen.cue.step != "dawn":
            await wait_for(pilot, lambda: screen.stage == "wait" or screen.line.pause != "action")
            texts.append(screen_text(app))
            await pilot.press("n")
        await pilot.press("escape")
    shown = "\n".join(texts)
    found = [w for w in english_words(shown, "ko") if w not in NOT_WORDS]
    if lang == "ko":
        assert found == []
        assert "몽유병 환자 귀환" in shown and "균열" in shown and "토큰 확인" in shown
    else:
        assert len(found) > 20  # the same check finds an English screen


def test_print_in_korean_has_no_english_word(capsys):
    assert english_words(printed(capsys), "ko") == []
    assert len(english_words(printed(capsys, "en"), "ko")) > 20


def test_the_live_narrator_is_no_longer_refused_under_dalbula(capsys):
    # under pytest stdin is no terminal: the one line says so, not "onuw only"
    code = main(["--ruleset", "dalbula", "narrate", "--roles", ROLES, "--no-voice"])
    err = capsys.readouterr().err
    assert code == 2 and "terminal" in err and "onuw" not in err


@pytest.mark.subprocess  # starts a child Python: after the fast core
def test_export_under_dalbula_same_seed_same_bytes(tmp_path):
    options = ("--ruleset", "dalbula", "--lang", "ko", "--roles", ROLES, "--action-time", "2")
    paths = [tmp_path / f"{name}.wav" for name in ("a", "b", "c")]
    for path, seed in zip(paths, (str(SEED), str(SEED), "8")):
        done = _export_in_a_bare_process(tmp_path, *options, "--seed", seed, "--export", str(path))
        assert done.returncode == 0, done.stderr
        assert "저장" in done.stdout
    a, b, c = (p.read_bytes() for p in paths)
    assert a == b
    assert a != c  # seed 8 repeats the werewolves, not the Robber: another night, other bytes


def test_the_spoken_languages_follow_a_night_with_draws():
    # a night with draws has more lines than the same cards without: the English night compared line for
    # line must be the same night (this crashed the narrator and --export of any alien roster before)
    from onenight_tui.sound.export import spoken_langs

    for ruleset, roster in (("onuw", tuple(r for r in ROSTER if r != "sleepwalker")), ("dalbula", ROSTER)):
        night = narrate(roster, "ko", heard=table_heard(roster, SEED, ruleset=ruleset), ruleset=ruleset,
                        physical_cards=True)
        langs = spoken_langs(night, CAT)
        assert len(langs) == len(night.lines) > len(narrate(roster, "ko", ruleset=ruleset).lines)
        assert set(langs) == {"ko"}


async def test_the_set_up_offers_the_dalbula_cards():
    from onenight_tui.screens.narrator.setup import NarratorSetupScreen

    speaker = RecordingSpeaker(lang="ko")
    app = NarratorApp(roster=None, lang="ko", speaker=speaker, reading_pace=0.0, tick=0.02, ruleset="dalbula")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorSetupScreen))
        setup = app.screen
        offered = {info.id for info in setup.roles}
        assert "sleepwalker" in offered and "mayor" in offered
        assert offered == {info.id for info in CAT.in_ruleset("dalbula")}
        await pilot.press("ctrl+s")  # base-5's cards, all in Dalbula
        screen = await narrator(pilot)
        assert screen.choice.ruleset == "dalbula" and screen.narration.ruleset == "dalbula"
        assert screen.narration.physical_cards
        await pilot.press("escape")


async def test_the_games_set_up_opens_the_narrator_in_the_dalbula_night_order():
    from onenight_tui.app import OneNightApp
    from onenight_tui.screens.narrator.setup import NarratorSetupScreen

    from app_pilot import NAMES, SIZE, quiet_settings, screen_name, until

    app = OneNightApp(quiet_settings(players=NAMES[:5], ruleset="dalbula", lang="ko"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen_name(app) in ("NarratorScreen", "NarratorSetupScreen"), "the narrator")
        if isinstance(app.screen, NarratorSetupScreen):  # the players bring their cards: none on the set-up
            assert app.screen.choice.ruleset == "dalbula"
            assert "sleepwalker" in {info.id for info in app.screen.roles}
        else:
            assert app.screen.choice.ruleset == "dalbula" and app.screen.narration.ruleset == "dalbula"
