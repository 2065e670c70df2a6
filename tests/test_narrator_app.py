"""The narrator screen driven by Pilot: it reads the night in order, pauses, skips, repeats, runs the
day, and its footer offers only the keys that do something now.

Timers are tiny and the tick fast; every test waits for a condition, never for a fixed time. The voice is
the real speaker with the bundled espeak-ng, playing into a recording audio output instead of a device,
so the tests hear exactly what a table would, in order."""

from __future__ import annotations

import time
from collections import Counter

from app_pilot import until, wait_for
from textual.widgets import DataTable, Select, Static

from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.narration import Timing, narrate
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.screens.narrator.narrator import NarratorScreen
from onenight_tui.screens.narrator.setup import NarratorSetupScreen
from onenight_tui.sound.output import RecordingOutput
from onenight_tui.speech import Speaker

BASE_5 = PRESETS["base-5"].roles
CAT = default_catalog()
TIME_UP = "gong + 3, 2, 1, vote!"


class RecordingSpeaker(Speaker):
    """The bundled voice, heard by a recording output: ``said`` is every clip of the voice channel."""

    def __init__(self, **options) -> None:
        super().__init__(output=RecordingOutput(), **options)

    @property
    def said(self) -> list[str]:
        return [p.label for p in self.fixed_output.played if p.channel == "voice"]


def app_for(roster=BASE_5, *, action=0.02, gap=0.01, day=0.2, **options):
    speaker = RecordingSpeaker()
    app = NarratorApp(roster=roster, timing=Timing(action=action, gap=gap, day=day), speaker=speaker,
                      reading_pace=0.0, tick=0.02, **options)
    return app, speaker


def footer(app) -> list[str]:
    return [key.description for key in app.screen.query("FooterKey")]


async def narrator(pilot) -> NarratorScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, NarratorScreen))
    return pilot.app.screen


def wake(role: str) -> str:
    return CAT[role].line("wake")


async def test_reads_the_whole_night_in_order_then_the_day():
    app, speaker = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        assert screen.phase == "ready" and speaker.said == []
        await wait_for(pilot, lambda: footer(app)[:1] == ["Start the night"])
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "over")
    # base-5 (roles.md §A.1): werewolves, seer, robber, troublemaker, drunk, insomniac; then dawn.
    assert speaker.said[:5] == ["Night falls. Everyone, close your eyes.", wake("werewolf"),
                                "Werewolves, close your eyes.", wake("seer"), "Seer, close your eyes."]
    assert speaker.said == [line.text for line in narrate(BASE_5).lines] + [TIME_UP]
    assert speaker.said[-2] == "Everyone, wake up!"


async def test_pause_stops_the_clock_and_resume_continues():
    app, speaker = app_for(action=60)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.cue.step == "werewolves" and screen.stage == "wait")
        await wait_for(pilot, lambda: "Pause" in footer(app))
        assert "Resume" not in footer(app) and "Start the night" not in footer(app)
        await pilot.press("space")
        assert screen.paused and speaker.fixed_output.paused  # the sound holds too
        await wait_for(pilot, lambda: "Resume" in footer(app) and "Pause" not in footer(app))
        left, ticks = screen.left, screen.ticks
        await wait_for(pilot, lambda: screen.ticks >= ticks + 5)
        assert screen.left == left  # no time passes while paused
        assert "Paused" in str(app.screen.query_one("#narrator-status", Static).content)
        await pilot.press("space")
        assert not screen.paused and not speaker.fixed_output.paused
        await wait_for(pilot, lambda: screen.left < left)
        assert screen.cue.step == "werewolves"


async def test_skip_back_and_repeat():
    app, speaker = app_for(action=60)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.cue.step == "werewolves" and screen.stage == "wait")
        await pilot.press("n")
        assert screen.cue.step == "seer" and screen.line_index == 0
        assert speaker.said[-1] == wake("seer")
        await pilot.press("n")
        assert screen.cue.step == "robber"
        await pilot.press("b")
        assert screen.cue.step == "seer" and speaker.said[-1] == wake("seer")
        await wait_for(pilot, lambda: screen.stage == "wait")
        await pilot.press("r")
        assert screen.cue.step == "seer" and screen.line_index == 0
        assert speaker.said.count(wake("seer")) == 3  # read, back, repeat
        shown = str(app.screen.query_one("#narrator-line", Static).content)
        assert shown == wake("seer")


async def test_back_is_not_offered_on_the_first_step_and_the_day_has_its_own_keys():
    app, speaker = app_for(action=60, gap=60, day=300)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Next" in footer(app))
        assert "Back" not in footer(app) and "End day" not in footer(app)
        while screen.phase == "night":
            await pilot.press("n")
        assert screen.phase == "day" and 290 < screen.left <= 300
        await wait_for(pilot, lambda: "End day" in footer(app))
        assert "Next" not in footer(app) and "Repeat" not in footer(app)
        left = screen.left
        await pilot.press("plus")
        assert screen.left > left + 59
        await pilot.press("n")
        assert screen.phase == "over" and speaker.said[-1] == TIME_UP
        await wait_for(pilot, lambda: "Pause" not in footer(app) and "End day" not in footer(app))


async def test_one_minute_warning_in_a_long_day():
    app, speaker = app_for(day=60.3)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "One minute left." in speaker.said)
        assert screen.phase == "day"


async def test_random_delay_lengthens_each_action_time():
    app, speaker = app_for(random_delay=0.05, seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "over")
    assert len(screen.extra_delays) == 6  # one per waking step of base-5
    assert all(0 <= d <= 0.05 for d in screen.extra_delays)
    assert len(set(screen.extra_delays)) > 1


async def test_language_and_voice_switches():
    app, speaker = app_for(action=60, gap=60)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("l")
        assert screen.choice.lang == "ko" and speaker.lang == "ko"
        await pilot.press("enter")
        await wait_for(pilot, lambda: speaker.said)
        assert speaker.said[0] == "밤이 되었습니다. 모두 눈을 감으세요."
        await pilot.press("v", "y")  # vote now, after a yes
        assert not speaker.enabled
        await pilot.press("n")
        assert len(speaker.said) == 1  # silent now, but the line is on screen
        shown = str(app.screen.query_one("#narrator-line", Static).content)
        assert shown == CAT["werewolf"].line("wake", "ko")


async def test_without_roles_the_setup_modal_asks_for_them():
    app, speaker = app_for(roster=None, action=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorSetupScreen))
        modal = app.screen
        modal.query_one("#narrator-setup-preset", Select).value = "base-3"
        await wait_for(pilot, lambda: sum(modal.counts.values()) == 6)
        # Take the Seer out: five cards are too few, Start refuses with the reason on screen.
        table = modal.query_one("#narrator-setup-table", DataTable)
        table.focus()
        table.move_cursor(row=table.get_row_index("seer"))
        await pilot.press("minus")
        assert "at least 6 cards" in str(modal.query_one("#narrator-setup-summary", Static).content)
        await pilot.press("ctrl+s")
        assert app.screen is modal
        await pilot.press("plus")
        await pilot.press("ctrl+s")
        screen = await narrator(pilot)
        assert Counter(screen.narration.roster) == Counter(PRESETS["base-3"].roles)
        assert screen.phase == "ready"


async def test_cancelling_the_setup_without_roles_leaves_the_narrator():
    app, _ = app_for(roster=None)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorSetupScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.return_code == 0)


async def test_another_app_can_push_the_narrator_and_get_its_screen_back():
    from textual.app import App
    from textual.widgets import Label

    speaker = RecordingSpeaker()

    class Host(App):
        def compose(self):
            yield Label("start screen", id="host-label")

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        home = app.screen
        app.push_screen(NarratorScreen(BASE_5, "ko", speaker=speaker, reading_pace=0, tick=0.02))
        screen = await narrator(pilot)
        assert screen.choice.lang == "ko" and screen.phase == "ready"
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is home)
        assert app.is_running


async def test_a_whole_night_with_background_and_ticks_is_heard_in_order():
    """What the table hears, from the recording audio output: the lines in order on the voice channel,
    the wind looping under the night from its start until dawn, one tick at the last second of every
    action time, then the gong and "3, 2, 1, vote!".

    The day is a minute long, so that the test surely sees it: a 0.2 s day on a loaded machine could start
    and end between two looks of the test (issue 25: it was taken for a night that never reached the
    day, while the narrator had read the whole game). The day's clock is then run out, as its timer would."""
    app, speaker = app_for(action=0.3, gap=0.05, day=60, sound="wind", tick_cue=True)
    out = speaker.fixed_output
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await wait_for(pilot, lambda: footer(app)[:1] == ["Start the night"])  # the screen takes the key
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "night")
        await wait_for(pilot, lambda: screen.phase == "day", timeout=15)
        assert not out.busy("ambience")  # stopped at dawn
        assert ("voice", TIME_UP) not in out.labels
        screen.left = 0.0  # the day's time is up: its timer ends it
        await wait_for(pilot, lambda: screen.phase == "over")
    lines = [line.text for line in narrate(BASE_5).lines]
    assert speaker.said == lines + [TIME_UP]
    channels = out.labels
    wind = channels.index(("ambience", "wind"))
    dawn = channels.index(("voice", "Everyone, wake up!"))
    assert 0 < wind < dawn and channels.count(("ambience", "wind")) == 1
    assert [p.loop for p in out.played if p.channel == "ambience"] == [True]
    # One tick per action time, each after its wake line and before the next line.
    actions = [i for i, line in enumerate(narrate(BASE_5).lines) if line.pause == "action"]
    assert channels.count(("cue", "tick")) == len(actions) == 6
    voice_before_tick = [sum(1 for c in channels[:i] if c[0] == "voice")
                         for i, c in enumerate(channels) if c == ("cue", "tick")]
    assert voice_before_tick == [i + 1 for i in actions]


async def test_a_late_timer_still_ticks_the_last_second_of_an_action_time():
    """A slow machine can fire the clock's timer late, from before the last seconds straight past the
    end of the action time: the tick for the last second is still heard, once, before the next line."""
    app, speaker = app_for(action=60, tick_cue=True)
    out = speaker.fixed_output
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.stage == "wait" and screen.line.pause == "action")
        where = (screen.cue_index, screen.line_index)
        assert ("cue", "tick") not in out.labels
        # No await in between: the interval timer cannot run, this is the one late tick.
        screen.left = 5.0
        screen._last = time.monotonic() - 10.0
        screen._tick()
        assert out.labels.count(("cue", "tick")) == 1
        assert (screen.cue_index, screen.line_index) != where
        assert out.labels[-2:] == [("cue", "tick"), ("voice", screen.line.text)]


async def test_without_the_tick_option_no_tick_is_played():
    app, speaker = app_for(tick_cue=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "over")
    assert ("cue", "tick") not in speaker.fixed_output.labels


async def test_untranslated_lines_are_spoken_with_the_english_voice():
    app, speaker = app_for(lang="fr")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        langs = dict(zip((line.text for line in screen.narration.lines), screen._langs))
    french = narrate(BASE_5, "fr").lines
    english = narrate(BASE_5, "en").lines
    for fr, en in zip(french, english):
        assert langs[fr.text] == ("en" if fr.text == en.text else "fr")


async def test_the_setup_remembers_speed_volume_background_and_tick(tmp_path):
    from onenight_tui.settings import load_settings

    app, speaker = app_for(action=60)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorSetupScreen))
        modal = app.screen
        modal.query_one("#narrator-setup-rate", Select).value = 200
        modal.query_one("#narrator-setup-volume", Select).value = 60
        modal.query_one("#narrator-setup-sound", Select).value = "crickets"
        modal.query_one("#narrator-setup-tick").value = True
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.screen is screen)
        assert speaker.rate == 200 and speaker.volume == 0.6 and speaker.fixed_output.volume == 0.6
    settings, _ = load_settings()
    assert (settings.voice_rate, settings.volume, settings.sound, settings.night_tick) == (200, 60, "crickets",
                                                                                           True)
    # The next narrator starts with them.
    again = NarratorScreen(BASE_5, speaker=None)
    assert again.speaker.rate == 200 and again.speaker.volume == 0.6
    assert again.choice.sound == "crickets" and again.choice.tick


async def test_the_footer_fits_80_columns_in_every_phase():
    """At 80×24 no key is cut ("^q Qui"): the night shows only what steers the night."""
    app, speaker = app_for(action=60, gap=60, day=60)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await narrator(pilot)

        def cut() -> list[str]:
            return [k.description for k in app.screen.query("FooterKey") if k.region.right > 80 or not k.region]

        await until(pilot, lambda: (keys := app.screen.query("FooterKey")) and all(k.region for k in keys),
                    "the footer's keys laid out")
        assert not cut()
        await pilot.press("enter")
        await pilot.press("n")  # a second step: Back is offered too
        await wait_for(pilot, lambda: screen.phase == "night" and "Back" in footer(app)
                       and all(k.region for k in app.screen.query("FooterKey")))
        assert not cut(), footer(app)
        assert "Leave" in footer(app)


async def test_the_setup_summary_names_every_card_whole_at_80x24():
    """The deck summary folds whole words and is never cut ("Pries"), even for a long mixed deck."""
    from app_pilot import screen_text

    roster = tuple(PRESETS["vampire-5"].roles) + ("paranormal_investigator", "apprentice_seer")
    app, speaker = app_for(roster=roster)
    async with app.run_test(size=(80, 24)) as pilot:
        await narrator(pilot)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorSetupScreen))

        def summary() -> str:
            box = app.screen.query_one("#narrator-setup-summary", Static).region
            rows = screen_text(app).splitlines()[box.y:box.bottom]
            return " ".join(" ".join(row[box.x:box.right] for row in rows).split())

        await wait_for(pilot, lambda: summary().startswith(f"{len(roster)} cards:"))
        shown = summary()
        assert shown.startswith(f"{len(roster)} cards:"), shown
        for role in set(roster):
            assert CAT[role].name("en") in shown, (role, shown)


async def test_escape_mid_night_asks_before_ending_the_narration():
    """Issue 21: Escape ended the narrator mid-night without asking."""
    from onenight_tui.screens.common.confirm_quit import ConfirmScreen

    app, _ = app_for(action=30, gap=30, day=30)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await narrator(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.phase == "night")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert screen.paused  # the night holds while the table decides
        await pilot.press("n")  # keep going
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.phase == "night" and not screen.paused and app.is_running
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.return_code == 0)


async def test_the_preset_menu_opens_on_its_first_preset_and_enter_takes_it():
    """Issue 23: option lists opened with nothing highlighted, so the first Enter did nothing."""
    app, _ = app_for(roster=None, action=60)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NarratorSetupScreen))
        modal = app.screen
        menu = modal.query_one("#narrator-setup-preset", Select)
        menu.focus()
        await pilot.press("enter")  # opens the menu
        await wait_for(pilot, lambda: menu.expanded)
        await pilot.press("enter")  # takes the highlighted (first) preset
        await wait_for(pilot, lambda: menu.value != Select.NULL)
        assert menu.value == modal._presets()[0].id  # the first of the menu (not Select's private list)
