"""The narrator's small gaps (narr-polish): its language is remembered like the set-up's, and the Mad
Scientist's message is read aloud at a table with physical cards.

Pilot tests wait for conditions, never for a fixed time; the settings file is the test's own
(tests/conftest.py points the config folder at tmp_path)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from app_pilot import handled, notices, record_notices, screen_text, settled_text, wait_for

from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.narration import Timing
from onenight_tui import settings as stored
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.screens.narrator.narrator import NarratorScreen
from onenight_tui.sound.output import RecordingOutput
from onenight_tui.speech import Speaker

BASE_5 = PRESETS["base-5"].roles


def quiet_options() -> dict:
    """A narrator that stays silent, with steps long enough that only the test moves it on."""
    return dict(timing=Timing(action=60, gap=60, day=60), speaker=Speaker(output=RecordingOutput(), enabled=False),
                sound="none", tick_cue=False, reading_pace=0.0, tick=0.02)


def quiet_app(lang: str = "en", roster=BASE_5, **options) -> NarratorApp:
    return NarratorApp(roster=roster, lang=lang, **quiet_options(), **options)



async def start_reading(pilot) -> NarratorScreen:
    """Wait for the narrator screen and start its night (Enter)."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, NarratorScreen))
    screen = pilot.app.screen
    await pilot.press("enter")
    return screen


async def every_cue(pilot) -> AsyncIterator[NarratorScreen]:
    """Start the night and move through its cues one by one (n), giving the screen on each shown cue."""
    screen = await start_reading(pilot)
    for _ in screen.narration.cues[1:-1]:
        cue = screen.cue_index
        await pilot.press("n")
        await wait_for(pilot, lambda cue=cue: screen.cue_index != cue)
        await settled_text(pilot, lambda: screen_text(pilot.app))  # the cue drawn whole
        yield screen

# -- the language switch is remembered --------------------------------------------------------------

async def test_the_language_switch_is_remembered_for_the_next_app():
    app = quiet_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        await pilot.press("l")
        assert screen.choice.lang == "ko"
        assert stored.load_settings()[0].lang == "ko"
        await pilot.press("l")
        assert screen.choice.lang == "zh"
        assert stored.load_settings()[0].lang == "zh"
    # what `onenight narrate` (no --lang) opens in next time
    from onenight_tui.commands.narrate import app_language

    class NoLang:
        pass

    assert app_language(NoLang(), stored.load_settings()[0]) == "zh"


async def test_the_switch_keeps_the_other_remembered_settings(tmp_path):
    path = stored.settings_path()
    assert stored.store_settings(stored.Settings(players=("Ann", "Bo", "Cy"), voice_rate=200, lang="fr"), path) is None
    app = quiet_app("fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        await pilot.press("l")  # fr -> en (the cycle is en, ko, zh, fr)
        assert app.screen.choice.lang == "en"
    settings, notice = stored.load_settings()
    assert notice is None
    assert (settings.lang, settings.players, settings.voice_rate) == ("en", ("Ann", "Bo", "Cy"), 200)


async def test_a_refusing_disk_is_one_notice_in_the_new_language(tmp_path, monkeypatch):
    path = stored.settings_path()
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.write_text("a file where the settings folder should be")  # the write must fail
    app = quiet_app("en")
    record_notices(monkeypatch, type(app))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        await pilot.press("l")
        assert screen.choice.lang == "ko"  # the switch itself works
        messages = notices(app)
        assert len(messages) == 1 and messages[0].startswith("설정을 저장하지 못했습니다")
        assert screen.phase == "ready"


async def test_from_the_game_the_set_up_follows_the_narrators_language():
    from app_pilot import NAMES, quiet_settings, screen_name, until

    from onenight_tui.app import OneNightApp

    path = stored.settings_path()
    app = OneNightApp(quiet_settings(players=NAMES[:5]), settings_file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        await pilot.press("l")
        assert app.settings.lang == "ko" and stored.load_settings(path)[0].lang == "ko"
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up again")
        assert app.lang == "ko"
        assert list(app.screen.names)[:5] == list(NAMES[:5])  # the form is kept


async def test_leaving_the_narrator_without_a_switch_keeps_the_games_language():
    """`onenight --lang fr` over a remembered English: the narrator changes nothing unless asked."""
    from app_pilot import NAMES, quiet_settings, screen_name, until

    from onenight_tui.app import OneNightApp

    app = OneNightApp(quiet_settings(players=NAMES[:5], lang="en"), lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        setup = app.screen
        await pilot.press("ctrl+n")
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is setup, "the same set-up")
        assert app.lang == "fr" and app.settings.lang == "en"


# -- the Mad Scientist's message is read aloud ----------------------------------------------------------

MAD = ("mad_scientist", "doppelganger", "werewolf", "seer", "villager", "villager")


def _message(parts, lang: str) -> str:
    """The sentence from the roles.toml phrase lines, worked out here, not by the code under test."""
    from onenight_core.catalog.loader import default_catalog

    lines = [default_catalog()["mad_scientist"].line(f"draw.{p}", lang) for p in parts]
    assert all(lines)
    return ("" if lang == "zh" else " ").join(lines)


def _mad_cue(narration, step: str = "mad_scientist"):
    [cue] = [c for c in narration.cues if c.step == step]
    return cue


def _message_line(narration, step: str = "mad_scientist") -> str:
    """The message read in the Mad Scientist's step (it must be there: the line after the call)."""
    line = _mad_cue(narration, step).lines[1]
    assert line.kind == "draw" and line.source == "mad_scientist"
    return line.text


def test_the_narrator_reads_the_line_the_game_would_show_him():
    """Same seed: the sentence the narrator reads is the one the hot-seat game shows the Mad Scientist
    (the same stream), read right after his call, with the step's one action time after it."""
    from conftest import play

    from onenight_core.engine.narration import narrate, table_heard

    for seed in (0, 1, 7):
        played = play(["mad_scientist", "villager", "villager"], answers={}, seed=seed)
        [prompt] = played.prompts_of(0, "mad_scientist")
        parts = prompt.info[0].who
        heard = table_heard(("mad_scientist", "villager", "villager", "werewolf", "seer", "robber"), seed)
        for lang in ("en", "ko", "zh", "fr"):
            narration = narrate(("mad_scientist", "villager", "villager", "werewolf", "seer", "robber"), lang,
                                heard=heard, physical_cards=True)
            cue = _mad_cue(narration)
            assert [line.kind for line in cue.lines] == ["wake", "draw", "sleep"]
            assert cue.lines[1].text == _message(parts, lang)
            assert [line.pause for line in cue.lines] == ["none", "action", "gap"]


def test_the_doppelgangers_copy_hears_its_own_line_and_a_ghost_step_is_read_the_same():
    from onenight_core.engine.narration import narrate, table_heard

    lines = set()
    for seed in range(6):
        narration = narrate(MAD, "en", heard=table_heard(MAD, seed), physical_cards=True)
        own, copy = _mad_cue(narration), _mad_cue(narration, "doppelganger:mad_scientist")
        assert own.lines[1].kind == copy.lines[1].kind == "draw"
        lines.add(own.lines[1].text)
        # nobody's card is known to the narrator: the same words whoever holds the Mad Scientist
        assert narration.duration(Timing()) == narrate(MAD, "en").duration(Timing())
    assert len(lines) > 1  # drawn from the seed, not fixed


def test_print_and_export_say_the_message(capsys):
    from onenight_core.engine.narration import narrate, table_heard
    from onenight_tui.cli import main
    from onenight_tui.sound.clip import silence
    from onenight_tui.sound.export import night_audio

    heard = table_heard(MAD, 5)
    expected = {lang: _message_line(narrate(MAD, lang, heard=heard, physical_cards=True))
                for lang in ("en", "ko", "zh", "fr")}
    for lang, text in expected.items():
        assert main(["narrate", "--roles", ",".join(MAD), "--print", "--seed", "5", "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert text in out

    class Heard:
        """A speaker that records what it is asked to say (the export's only use of it)."""

        def __init__(self) -> None:
            self.said: list[str] = []

        def synthesize(self, text: str, lang: str | None = None):
            self.said.append(text)
            return silence(0.01)

    speaker = Heard()
    night_audio(narrate(MAD, "ko", heard=heard, physical_cards=True), Timing(action=0.01, gap=0.01), speaker)
    at = speaker.said.index(expected["ko"])
    assert speaker.said[at - 1] == catalog_line("mad_scientist", "wake", "ko")


def catalog_line(role: str, kind: str, lang: str) -> str:
    from onenight_core.catalog.loader import default_catalog

    return default_catalog()[role].line(kind, lang)


async def test_the_live_narrator_says_the_message_after_the_call():
    from onenight_core.engine.narration import narrate, table_heard

    class Recording(Speaker):
        def __init__(self) -> None:
            super().__init__(output=RecordingOutput())

        @property
        def said(self) -> list[str]:
            return [p.label for p in self.fixed_output.played if p.channel == "voice"]

    speaker = Recording()
    app = NarratorApp(roster=MAD, lang="fr", timing=Timing(action=0.02, gap=0.01, day=0.1), speaker=speaker,
                      sound="none", tick_cue=False, reading_pace=0.0, tick=0.02, seed=11)
    expected = _message_line(narrate(MAD, "fr", heard=table_heard(MAD, 11), physical_cards=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorScreen))
        screen = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase in ("day", "over"), timeout=60)
    wake = catalog_line("mad_scientist", "wake", "fr")
    assert speaker.said[speaker.said.index(wake) + 1] == expected


# -- lines break where their language allows --------------------------------------------------------------

DECK = ("werewolf", "werewolf", "seer", "witch", "cupid", "thief", "villager", "villager", "villager")


def _lines(lang: str) -> list[str]:
    """Every line the narrator reads in ``lang`` for a few tables (One Night, Dalbula, classic)."""
    from onenight_core.engine.narration import narrate, table_heard
    from classic_narration_words import classic_narration

    lines = [line.text for roster, ruleset in ((PRESETS["base-7"].roles, "onuw"), (MAD, "onuw"),
                                               (MAD, "dalbula"))
             for line in narrate(roster, lang, heard=table_heard(roster, 3, ruleset=ruleset), ruleset=ruleset,
                                 physical_cards=True).lines]
    return lines + [line.text for night in (1, 2) for line in classic_narration(DECK, lang, night).lines]


def _break_lines(text: str, width: int) -> list[str]:
    """``text`` cut into lines as the app's wrapping does (``text/wrapping.py`` over Rich's divide_line),
    each line without the space it was broken at."""
    from rich._wrap import divide_line

    from onenight_tui.text.wrapping import divide_keeping_breaks

    cuts = [0, *divide_keeping_breaks(divide_line, text, width), len(text)]
    return [text[a:b].rstrip() for a, b in zip(cuts, cuts[1:], strict=False)]


def test_chinese_and_french_lines_never_start_with_closing_punctuation():
    from rich.cells import cell_len

    from onenight_tui.text.wrapping import NO_LINE_END, NO_LINE_START, needs_breaking

    for lang, bad in (("zh", "。"), ("fr", " ;")):
        texts = _lines(lang)
        assert any(bad in t[:-1] for t in texts)  # sentences that Textual alone breaks badly are among them
        for text in filter(needs_breaking, texts):  # the others are left to Textual
            for width in range(20, 41):
                lines = _break_lines(text, width)
                assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # only a space broken at is lost
                for line in lines:
                    assert cell_len(line) <= width, (text, width, line)
                    assert line[0] not in NO_LINE_START, (text, width, lines)
                    assert line[-1] not in NO_LINE_END, (text, width, lines)


def test_korean_and_english_keep_textuals_wrapping():
    from rich._wrap import divide_line

    from onenight_tui.text.wrapping import divide_keeping_breaks, needs_breaking

    for text in ("늑대인간들은 눈을 뜨고 서로를 확인하세요.", "Werewolves, wake up and look for other werewolves."):
        assert not needs_breaking(text) and divide_keeping_breaks(divide_line, text, 10) == divide_line(text, 10)


async def test_the_classic_narrator_shows_no_line_starting_with_punctuation_at_80x24():
    from app_pilot import screen_text

    from onenight_tui.narrator_app import NarratorApp

    for lang in ("fr", "zh"):
        app = NarratorApp(DECK, lang, ruleset="classic", **quiet_options())
        async with app.run_test(size=(80, 24)) as pilot:
            async for screen in every_cue(pilot):
                rows = [row.split("│")[1].strip() for row in screen_text(app).splitlines() if row.count("│") == 2]
                rows = [row for row in rows if row]
                assert rows and all(row[0] not in "，。、！？；：”;:?!»" for row in rows), rows
                assert str(screen.query_one("#narrator-line").content) == screen.line.text


async def test_back_never_returns_from_the_second_night_into_the_finished_day():
    from onenight_tui.narrator_app import NarratorApp

    app = NarratorApp(DECK, "en", ruleset="classic", **quiet_options())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_reading(pilot)
        while screen.phase == "night":
            await pilot.press("n")
        await wait_for(pilot, lambda: screen.phase == "day")
        await pilot.press("n")  # end the day: the vote
        await wait_for(pilot, lambda: screen.phase == "over")
        await pilot.press("enter")  # night 2
        await wait_for(pilot, lambda: screen.phase == "night" and screen.cue.title == "Night 2")
        first = screen.cue_index
        await pilot.press("b")
        await handled(pilot, "the key")
        assert screen.cue_index == first and screen.phase == "night"
        await pilot.press("n", "b")  # inside the night, back works
        await handled(pilot, "the keys")
        assert screen.cue_index == first


LONG_LINES = ("nostradamus", "doppelganger", "empath", "paranormal_investigator", "body_snatcher", "villager")


async def test_the_longest_lines_leave_the_clock_status_and_next_step_on_an_80x24_screen():
    """The longest calls (Nostradamus, the Empath, the Paranormal Investigator, the Body Snatcher and their
    Doppelgänger copies; 8 lines in French at 80 columns) are shown whole, with the next step under them."""
    from app_pilot import screen_text

    from onenight_tui.text.app_words import AppWords

    for lang in ("fr", "en", "ko", "zh"):
        app = quiet_app(lang, roster=LONG_LINES, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            async for screen in every_cue(pilot):
                shown = " ".join(screen_text(app).split())
                boxed = [row.split("│")[1] for row in screen_text(app).splitlines() if row.count("│") == 2]
                assert "".join(boxed).replace(" ", "") == screen.line.text.replace(" ", ""), screen_text(app)
                following = screen.narration.cues[screen.cue_index + 1].title
                assert AppWords(lang)("narrator_next", title=following).split()[0] in shown, (lang, screen_text(app))
                assert screen.query_one("#narrator-next").region.bottom <= 23  # above the footer
