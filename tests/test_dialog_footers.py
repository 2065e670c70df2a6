"""Dialogs show their own keys (the language QA's report): a yes/no question, the ruleset's options, a
notice each have a footer with only the keys that work while they are open — not the keys of the screen
behind, which do nothing then — in the app's language. The narrator has the game's F1 help (the cards on
the table, the narrator's keys), and the classic prompt's "hide it and pass the laptop" hint has its
Enter in the footer.

Each test reads what the player sees: the footer of the screen on top and the terminal's last line."""

from __future__ import annotations

import re

import pytest

from onenight_core.catalog.presets import PRESETS
from onenight_core.model.values import Setup
from onenight_core.engine.narration import Timing
from onenight_core.rulesets.classic.protocol import pending
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.narrator_app import NarratorApp
from onenight_tui.screens.common.prompt import PromptScreen
from onenight_tui.screens.common.confirm_quit import ConfirmQuitScreen, ConfirmScreen
from onenight_tui.screens.common.help import HelpScreen
from onenight_tui.screens.common.notice import NoticeScreen
from onenight_tui.screens.setup.rules_options import RulesOptionsScreen
from onenight_tui.text.app_words import AppWords
from onenight_tui.widgets.footer import Footer

from app_pilot import SIZE, FakeClock, flat, handled, quiet_settings, screen_name, screen_text, settled_text, until
from test_classic_app import answer_prompt, choose, policy, press, step

LANGS = ("en", "fr", "ko", "zh")
NAMES = ("Mina", "Oskar", "Pia", "Quentin")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def shown(app) -> list[str]:
    """The descriptions in the footer of the screen on top (its own footer: a dialog without one fails)."""
    return [key.description for key in app.screen.query_one(Footer).query("FooterKey")]


def last_line(app) -> str:
    return screen_text(app).splitlines()[-1]


def words(lang: str, *ids: str) -> list[str]:
    say = AppWords(lang)
    return [say(i) for i in ids]


async def at_setup(pilot, app) -> None:
    await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
    await settled_text(pilot, lambda: screen_text(app))  # drawn whole, its footer's keys in


async def open_dialog(pilot, app, dialog) -> None:
    app.push_screen(dialog)
    await until(pilot, lambda: app.screen is dialog, "the dialog")
    await settled_text(pilot, lambda: screen_text(app))  # drawn whole, its footer's keys in


def assert_only(app, expected: list[str], lang: str) -> None:
    assert shown(app) == expected
    line = last_line(app)
    for description in expected:
        assert description in line  # the player sees the dialog's keys at the bottom...
    behind = {f"{app.get_key_display(binding)} {binding.description}"
              for _, binding, _, _ in app.screen_stack[-2].active_bindings.values() if binding.show}
    assert behind  # the screen behind has keys of its own: the check below means something
    for key in behind:
        assert key not in line, key  # ...and none of the keys of the screen behind
    if lang in ("ko", "zh"):
        assert not any(LATIN_WORD.search(d) for d in shown(app)), shown(app)


@pytest.mark.parametrize("lang", LANGS)
async def test_a_yes_no_question_shows_only_yes_and_no(lang):
    app = OneNightApp(quiet_settings(players=NAMES, lang=lang))
    async with app.run_test(size=SIZE) as pilot:
        await at_setup(pilot, app)
        say = AppWords(lang)
        # The day's "vote now?" question, as the day screen asks it.
        vote = ConfirmScreen(say("day_vote_title"), say("day_vote_text", clock="2:00"), yes=say("day_vote_yes"),
                             no=say("day_vote_no"))
        await open_dialog(pilot, app, vote)
        assert_only(app, words(lang, "key_confirm_yes", "key_confirm_no"), lang)
        await pilot.press("n")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up again")
        await open_dialog(pilot, app, ConfirmQuitScreen())
        assert_only(app, words(lang, "key_confirm_yes", "key_confirm_no"), lang)
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the set-up again")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_rules_options_show_their_own_keys_and_dim_keep_while_a_value_is_wrong(lang):
    app = OneNightApp(quiet_settings(players=NAMES, lang=lang))
    async with app.run_test(size=SIZE) as pilot:
        await at_setup(pilot, app)
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, RulesOptionsScreen), "the options")
        await settled_text(pilot, lambda: screen_text(app))
        expected = words(lang, "key_rules_options_keep", "key_rules_options_defaults", "key_rules_options_cancel")
        assert_only(app, expected, lang)
        keep = [k for k in app.screen.query_one(Footer).query("FooterKey") if k.description == expected[0]]
        assert keep and not keep[0].has_class("-disabled")
        app.screen.problem = "wrong"  # what ``_check`` sets for a value the schema refuses
        app.screen.refresh_bindings()
        await until(pilot, lambda: [k for k in app.screen.query_one(Footer).query("FooterKey")
                                    if k.description == expected[0] and k.has_class("-disabled")], "Keep dimmed")
        await pilot.press("ctrl+s")  # dimmed: does nothing
        await handled(pilot, "the key")
        assert isinstance(app.screen, RulesOptionsScreen)
        keep = [k for k in app.screen.query_one(Footer).query("FooterKey") if k.description == expected[0]]
        assert keep and keep[0].has_class("-disabled")


@pytest.mark.parametrize("lang", LANGS)
async def test_a_notice_shows_its_own_close_key(lang):
    app = OneNightApp(quiet_settings(players=NAMES, lang=lang))
    async with app.run_test(size=SIZE) as pilot:
        await at_setup(pilot, app)
        notice = NoticeScreen(AppWords(lang)("night_nothing_to_do"), seconds=60)
        await open_dialog(pilot, app, notice)
        assert_only(app, words(lang, "key_notice_close"), lang)
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "the notice closed")


# -- the narrator's F1 help ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
async def test_the_narrator_has_the_games_f1_help_in_its_language(lang):
    from test_narrator_app import RecordingSpeaker

    app = NarratorApp(roster=PRESETS["base-5"].roles, lang=lang, timing=Timing(action=60, gap=0.01, day=1),
                      speaker=RecordingSpeaker(), reading_pace=0.0, tick=0.02)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        await until(pilot, lambda: words(lang, "key_narrator_help")[0] in shown(app), "the footer's F1")
        assert words(lang, "key_narrator_help")[0] in shown(app)  # F1 is offered
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        await settled_text(pilot, lambda: screen_text(app))
        say = AppWords(lang)
        text = flat(app)
        from onenight_core.catalog.loader import default_catalog

        seer = default_catalog().get("seer")
        assert say("help_title_roles") in text
        assert " ".join(seer.ability(lang).split())[:20] in text  # the table's cards explained
        assert " ".join(say("help_narrator_keys").split())[:20] in text  # the narrator's keys, not the game's
        assert " ".join(say("help_keys").split())[:20] not in text
        assert_only(app, words(lang, "key_help_close"), lang)
        await pilot.press("f1")  # F1 again closes it, as in the game
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator again")


async def test_the_classic_narrator_explains_the_classic_cards():
    from test_narrator_app import RecordingSpeaker

    from onenight_tui.text.classic_words import ClassicWords

    deck = ("werewolf", "werewolf", "seer", "witch", "villager", "villager")
    app = NarratorApp(deck, "fr", ruleset="classic", timing=Timing(action=60, gap=0.01, day=1),
                      speaker=RecordingSpeaker(), reading_pace=0.0, tick=0.02)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "NarratorScreen", "the narrator")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        werewolf = " ".join(ClassicWords((), "fr").role_text("werewolf").split())
        await until(pilot, lambda: werewolf[:12] in flat(app), "the werewolf's card explained")
        assert werewolf[:12] in flat(app)


# -- the classic prompt's hide hint --------------------------------------------------------------------
SEVEN = ("werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl")


@pytest.mark.parametrize("lang", LANGS)
async def test_the_classic_hide_hint_has_its_enter_in_the_footer(lang):
    app = OneNightApp(quiet_settings(lang=lang), start=NewGame(Setup(NAMES + ("Rhea", "Sven", "Tove"), SEVEN,
                                                                   "classic", {}), 9))
    app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        learned = None
        for _ in range(200):
            if screen_name(app) != "NightScreen":
                await step(pilot)
                continue
            night = app.screen
            while night._waiting() and learned is None:
                await press(pilot, "enter")
                await until(pilot, lambda: screen_name(app) in ("PromptScreen", "ClassicWhoScreen"), "prompt")
                if screen_name(app) == "ClassicWhoScreen":
                    await choose(pilot, pending(app.state).seat)
                    await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
                while screen_name(app) == "PromptScreen":
                    screen = app.screen
                    assert isinstance(screen, PromptScreen)
                    if screen.learned:
                        learned = screen
                        break
                    hide = app.table.words.text("classic_key_hide")
                    await until(pilot, lambda: hide in shown(app), "the footer's hide key")
                    assert hide in shown(app)  # Escape hides; Enter picks the answer
                    shown_model, prompt = screen.model, pending(app.state)
                    assert (prompt.seat, prompt.step) == (shown_model.seat, shown_model.step)
                    await answer_prompt(pilot, prompt.options[policy(app, prompt)])
                    await until(pilot, lambda: screen_name(app) != "PromptScreen" or screen.model != shown_model
                                or screen.learned, "the answer")
                if learned is None:
                    await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
            if learned is not None:
                break
            index = night.index
            night.fast_forward()
            await until(pilot, lambda: app.screen is not night or night.index != index, "the next step")
        assert learned is not None, "no prompt taught anything"
        await settled_text(pilot, lambda: screen_text(app))
        hide = app.table.words.text("classic_key_hide")
        keys = list(learned.query_one(Footer).query("FooterKey"))
        assert [k.description for k in keys] == [hide]
        assert keys[0].key == "enter"  # the Enter the hint names
        assert "⏎" in last_line(app) and hide in last_line(app)
        await press(pilot, "enter")
        await until(pilot, lambda: screen_name(app) != "PromptScreen", "the result hidden")
