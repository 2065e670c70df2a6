"""Issue 15: without ``--lang`` the command line speaks the user's locale, as git and ls do.

Every check compares what a locale gives with what the same command gives under ``--lang`` (so a wrong
language, or English everywhere, fails), and with English (so a locale that is ignored fails too).
conftest.py makes every test's environment English (``LC_ALL=C.UTF-8``); these tests set the locale
themselves, in process with ``monkeypatch`` and once in a child process, as a player's shell does."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from onenight_tui.cli import main
from onenight_tui.cli_text import args_language, cli_text, language_of
from onenight_tui.commands.narrate import app_language
from onenight_tui.settings import Settings, load_settings, store_settings, system_language

ROOT = Path(__file__).resolve().parents[1]
LOCALES = {"ko": "ko_KR.UTF-8", "zh": "zh_CN.UTF-8", "fr": "fr_FR.UTF-8"}
HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN = re.compile(r"[\u4e00-\u9fff]")


def locale(monkeypatch, lang_var: str | None, **others: str) -> None:
    """The shell's locale: ``LANG`` (None: unset) and any other variable; nothing else set."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    if lang_var is not None:
        monkeypatch.setenv("LANG", lang_var)
    for name, value in others.items():
        monkeypatch.setenv(name, value)


def run(capsys, monkeypatch, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COLUMNS", "1000")  # no folding: the outputs compare line for line
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def untimed(text: str) -> str:
    """``simulate``'s output without its speed (``0.04 s, 774 parties/s``), which differs run to run."""
    return re.sub(r"[\d.,]+ s, [\d,]+", "#", text)


# -- the rule: which language the locale names ----------------------------------------------------------

@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "ko_KR.UTF-8"}, "ko"), ({"LANG": "zh_CN.UTF-8"}, "zh"), ({"LANG": "zh_TW.UTF-8"}, "zh"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "fr_BE.UTF-8@euro"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({"LANG": "C"}, "en"), ({"LANG": "POSIX"}, "en"), ({}, "en"),
    ({"LANG": "ko_KR.UTF-8", "LC_ALL": "C"}, "en"),                  # a script's LC_ALL=C wins
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"}, "ko"),   # messages are LC_MESSAGES's
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:fr:en"}, "fr"),         # GNU's list: the first of ours
    ({"LANG": "ko_KR.UTF-8", "LANGUAGE": "ko:en"}, "ko"),            # Ubuntu's usual pair
    ({"LANG": "ko_KR.UTF-8", "LANGUAGE": "de"}, "en"),               # none of ours: untranslated
    ({"LANG": "C", "LANGUAGE": "ko"}, "en"),                         # gettext ignores LANGUAGE under C
    ({"LANGUAGE": "ko"}, "en"),                                      # ... and with no locale at all
])
def test_the_locale_names_the_language_as_gettext_reads_it(environ, lang):
    assert system_language(environ) == lang


def test_an_unset_locale_is_english_even_with_a_korean_ctype(monkeypatch):
    """LC_CTYPE is the character set, not the language (POSIX): it does not make the messages Korean."""
    locale(monkeypatch, None, LC_CTYPE="ko_KR.UTF-8")
    assert system_language() == "en"


@pytest.mark.parametrize("argv, lang", [
    ([], "ko"), (["roles"], "ko"), (["--lang", "fr", "roles"], "fr"), (["roles", "--lang=zh"], "zh"),
    (["--lang", "en"], "en"), (["--lang", "xx"], "ko"),  # a bad --lang: the parser says so in the locale's
])
def test_the_command_line_language_is_lang_else_the_locale(monkeypatch, argv, lang):
    locale(monkeypatch, "ko_KR.UTF-8")
    assert language_of(argv) == lang


def test_the_commands_read_lang_else_the_locale(monkeypatch):
    locale(monkeypatch, "fr_FR.UTF-8")
    assert args_language(argparse.Namespace(lang=None)) == "fr"
    assert args_language(argparse.Namespace()) == "fr"
    assert args_language(argparse.Namespace(lang="en")) == "en"


# -- what a player sees ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ko", "fr", "zh"])
def test_roles_speaks_the_locale(capsys, monkeypatch, lang):
    locale(monkeypatch, LOCALES[lang])
    code, out, err = run(capsys, monkeypatch, "roles")
    assert code == 0, err
    _, chosen, _ = run(capsys, monkeypatch, "roles", "--lang", lang)
    _, english, _ = run(capsys, monkeypatch, "roles", "--lang", "en")
    assert out == chosen
    assert out != english
    if lang == "ko":
        assert HANGUL.search(out)
    if lang == "fr":
        assert "Voyante" in out and "Seer" not in out


def test_lang_en_beats_the_locale(capsys, monkeypatch):
    locale(monkeypatch, "ko_KR.UTF-8")
    _, out, _ = run(capsys, monkeypatch, "roles", "--lang", "en")
    assert out.startswith("Roles (onuw)")
    assert not HANGUL.search(out)


@pytest.mark.parametrize("setting", [{"LANG": "C"}, {"LANG": "POSIX"}, {"LANG": "ko_KR.UTF-8", "LC_ALL": "C"}, {}])
def test_c_posix_or_no_locale_is_english(capsys, monkeypatch, setting):
    locale(monkeypatch, None, **setting)
    _, out, _ = run(capsys, monkeypatch, "roles")
    assert out.startswith("Roles (onuw)")
    assert not HANGUL.search(out)


def test_an_argparse_error_under_a_chinese_locale_is_chinese(capsys, monkeypatch):
    locale(monkeypatch, "zh_CN.UTF-8")
    code, _, err = run(capsys, monkeypatch, "--frobnicate")
    assert code == 2
    assert err == "onenight: " + cli_text("zh", "argparse_unrecognized") % "--frobnicate" + "\n"
    assert HAN.search(err)
    code, _, err = run(capsys, monkeypatch, "simulate", "--bot", "clever")
    assert code == 2 and HAN.search(err) and "invalid choice" not in err


def test_help_follows_the_locale(capsys, monkeypatch):
    locale(monkeypatch, "ko_KR.UTF-8")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith(cli_text("ko", "argparse_usage"))
    assert cli_text("ko", "help_description").split()[0] in out


@pytest.mark.parametrize("argv", [
    ("simulate", "--players", "5", "--seed", "3"),
    ("simulate", "--players", "5", "--games", "30", "--seed", "3"),
    ("narrate", "--print", "--roles", "base-5"),
    ("narrate", "--print", "--ruleset", "classic", "--roles", "werewolf*2,seer,witch,villager*3"),
], ids=["simulate-one", "simulate-many", "narrate-print", "narrate-print-classic"])
def test_simulate_and_narrate_print_speak_the_locale(capsys, monkeypatch, argv):
    locale(monkeypatch, "fr_FR.UTF-8")
    code, out, err = run(capsys, monkeypatch, *argv)
    assert code == 0, err
    _, french, _ = run(capsys, monkeypatch, *argv, "--lang", "fr")
    _, english, _ = run(capsys, monkeypatch, *argv, "--lang", "en")
    assert untimed(out) == untimed(french) != untimed(english)


@pytest.mark.parametrize("argv, msg_id", [
    (("--resume",), "save_missing"),                          # no saved game: the save's own message
    (("--resume", "--players", "A,B,C"), "cli_resume_alone"),
    (("narrate", "--print"), "cli_narrate_print_needs_roles"),
])
def test_one_line_errors_speak_the_locale(capsys, monkeypatch, argv, msg_id):
    locale(monkeypatch, "ko_KR.UTF-8")
    code, _, err = run(capsys, monkeypatch, *argv)
    assert code == 2
    assert len(err.splitlines()) == 1 and HANGUL.search(err), err
    words = cli_text("ko", msg_id, path="\0").split("\0")[0]  # the line's words before any path
    assert words in err


def test_replay_refusals_speak_the_locale(capsys, monkeypatch, tmp_path):
    bad = tmp_path / "case.toml"
    bad.write_text("this is = not toml = at all\n", encoding="utf-8")
    locale(monkeypatch, "zh_CN.UTF-8")
    code, _, err = run(capsys, monkeypatch, "replay", str(bad))
    assert code == 2 and HAN.search(err), err
    _, _, chosen = run(capsys, monkeypatch, "--lang", "zh", "replay", str(bad))
    _, _, english = run(capsys, monkeypatch, "--lang", "en", "replay", str(bad))
    assert err == chosen != english


# -- the apps: --lang, else the remembered language, else (first start) the locale --------------------------

def test_the_narrator_app_opens_in_the_remembered_language_unless_lang_is_given(monkeypatch, tmp_path):
    locale(monkeypatch, "ko_KR.UTF-8")
    first, _ = load_settings(tmp_path / "settings.toml", lang=system_language())
    assert app_language(argparse.Namespace(), first) == "ko"  # a first start: the locale's
    store_settings(Settings(lang="fr"), tmp_path / "settings.toml")
    remembered, _ = load_settings(tmp_path / "settings.toml", lang=system_language())
    assert app_language(argparse.Namespace(lang=None), remembered) == "fr"  # chosen once in the game
    assert app_language(argparse.Namespace(lang="zh"), remembered) == "zh"  # --lang wins


def test_the_narrator_app_is_given_the_remembered_language(monkeypatch):
    """``onenight narrate`` under a Korean locale, the game having remembered French: the app opens
    in French while the command line's own lines would be Korean."""
    from onenight_tui import narrator_app
    from onenight_tui.commands import narrate

    locale(monkeypatch, "ko_KR.UTF-8")
    store_settings(Settings(lang="fr"))
    opened: dict[str, str] = {}

    class Opened(Exception):
        pass

    class FakeApp:
        def __init__(self, roster=None, lang="en", **_options) -> None:
            opened["lang"] = lang
            raise Opened

    monkeypatch.setattr(narrator_app, "NarratorApp", FakeApp)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.__stderr__, "isatty", lambda: True, raising=False)
    with pytest.raises(Opened):
        main(["narrate", "--roles", "base-5", "--no-voice"])
    assert opened["lang"] == "fr"
    with pytest.raises(Opened):
        main(["narrate", "--roles", "base-5", "--no-voice", "--lang", "zh"])
    assert opened["lang"] == "zh"
    assert narrate.args_language(argparse.Namespace()) == "ko"


# -- a real shell: the locale reaches a fresh process ---------------------------------------------------------

@pytest.mark.subprocess
def test_a_korean_shell_gets_korean_and_lc_all_c_gives_english():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
               LANG="ko_KR.UTF-8", COLUMNS="200")
    env.pop("LC_ALL", None)

    def onenight(*argv: str, **extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "onenight_tui", *argv], capture_output=True, text=True,
                              encoding="utf-8", cwd=ROOT, env=dict(env, **extra), timeout=120)

    korean = onenight("roles")
    assert korean.returncode == 0, korean.stderr
    assert HANGUL.search(korean.stdout.splitlines()[0])
    bad = onenight("--frobnicate")
    assert bad.returncode == 2 and HANGUL.search(bad.stderr), bad.stderr
    stable = onenight("roles", LC_ALL="C")
    assert stable.stdout.startswith("Roles (onuw)")
