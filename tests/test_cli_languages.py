"""Issue 15, the command line: ``--help``, ``roles``, ``simulate`` and ``narrate --print`` (onuw and classic)
speak the ``--lang`` language, with no English word but ids a player types (roles, options, presets, flags).

How "no English word" is told: in Korean and Chinese output any word in Latin letters must be on the
allow-list (ids, flags, file names, player names); in French output no word of the English command-line
catalog (that French does not share) may appear, nor a common English word. The catalogs' own checks
(every id in every catalog, none unused) are test_text_layer.py's; here the ids built from data (a
preset's description, an option's help, a classic story key…) are checked against the data exactly."""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path

import pytest

from onenight_core import CatalogError
from onenight_core.catalog.loader import EDITIONS, default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.catalog.rules import parse_rules
from onenight_core.rulesets import RULESETS
from onenight_core.rulesets.classic.catalog import SIDES, classic_catalog, parse_catalog
from onenight_core.rulesets.classic.narration import night_steps
from onenight_core.rulesets.classic.story import STORY_KEYS
from onenight_tui.cli import main
from onenight_tui.cli_text import ARGPARSE_MESSAGES, cli_text, language_of
from onenight_tui.commands.simulate import DEFAULT_NAMES
from onenight_tui.text.catalog import LANGUAGES, load
from onenight_tui.text.rules_words import option_message

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
FOREIGN = ("ko", "zh", "fr")
ONUW_DECK = "werewolf*2,seer,robber,troublemaker,drunk,insomniac,minion,doppelganger,mason*2,tanner,hunter"
CLASSIC_DECK = "werewolf*2,seer,witch,cupid,thief,little_girl,hunter,defender,piper,elder,villager*2"


# -- what may be in Latin letters: what a player types, and names ------------------------------------------

def _allowed() -> set[str]:
    words = {"onenight", "en", "ko", "zh", "fr", "id", "true", "false", "macOS", "say", "Windows", "Piper",
             "piper", "pip", "install", "piper-tts", "TOML", "JSON", "WAV", "case", "case.expect", "wav", "onnx",
             "resolution.md", "docs", "scenarios.md", "Groob", "Zerb", "base", "informed", "random", "none",
             "wind", "crickets", "classic", "onuw", "dalbula", "Vampire", "Renfield", "Gremlin", "Pickpocket",
             "Prince", "Assassin", "Alien", "Blob", "Nostradamus", "Oracle", "App", "sheriff", "roles",
             "simulate", "replay", "narrate", "A14", "A26", "Dask",
             "balance", "md", "csv", "Markdown", "CSV"}
    words |= set(DEFAULT_NAMES)
    words |= {r.id for r in default_catalog().roles} | set(classic_catalog().ids())
    words |= set(RULESETS)
    for preset in PRESETS:
        words |= set(re.split(r"-", preset))
        words.add(preset)
    for rules in RULESETS.values():
        for spec in rules.options.specs:
            words.add(spec.name)
            words |= set(spec.choices)
    return words


ALLOWED = _allowed()
# a Latin word, never a piece of an accented one ("début" holds no English "but")
TOKEN = re.compile(r"(?<![À-ÿA-Za-z0-9])(?:[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]|[A-Za-z]{2,})(?![À-ÿA-Za-z0-9])")
COMMON_ENGLISH = {"the", "and", "of", "players", "player", "games", "game", "cards", "card", "night", "day",
                  "seed", "bots", "deck", "wins", "win", "team", "role", "roles", "text", "wakes", "never",
                  "every", "nobody", "died", "with", "for", "per", "step", "time", "first", "only",
                  "usage", "show", "help", "exit", "positional", "print", "default", "rules", "not", "playable",
                  "yet", "why", "average", "deaths", "side"}


def _english_vocabulary() -> set[str]:
    """English words of the command line's catalog tables that French does not use too."""
    def words(lang: str) -> set[str]:
        raw = tomllib.loads((SRC / "onenight_tui" / "text" / f"{lang}.toml").read_text(encoding="utf-8"))
        out: set[str] = set()
        for table, entries in raw.items():
            if table.startswith(("cli_", "help_", "narrate_print", "classic_", "preset_", "ruleset_", "rule_")) \
                    and table not in ("classic_app", "classic_story"):  # the app's classic screens, not the CLI
                for entry in entries.values():
                    for text in (entry.values() if isinstance(entry, dict) else [entry]):
                        out |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", text))}
        return out

    return (words("en") - words("fr") - {w.lower() for w in ALLOWED}) | COMMON_ENGLISH


ENGLISH_VOCABULARY = _english_vocabulary()


def english_words(text: str, lang: str) -> list[str]:
    """The words of ``text`` that are English (or, in Korean and Chinese, any Latin word not allowed)."""
    text = re.sub(r"--[a-z][a-z-]*", " ", text)          # flags
    text = re.sub(r"\{[a-z0-9_,-]+\}", " ", text)         # argparse's choice lists {en,ko,zh,fr}
    text = re.sub(r"\b[pc]\d+\b", " ", text)               # positions p3, c0
    text = re.sub(r"@bot\b", " ", text)                    # the bot-seat token, typed as it is (like a flag)
    text = re.sub(r"(?<!\w)'[^'\s]*'", " ", text)           # what the player typed, quoted back
    found = []
    def allowed(token: str) -> bool:
        return token in ALLOWED or all(p in ALLOWED for p in re.split(r"[|*,]", token) if p)

    for token in TOKEN.findall(text):
        if allowed(token):
            continue
        token = token.rstrip("0123456789")  # a count written after a name: "Dee3票"
        if allowed(token):
            continue
        if lang == "fr":
            found += [w for w in re.findall(r"[A-Za-z]+", token) if w.lower() in ENGLISH_VOCABULARY
                      and w not in ALLOWED]
        else:
            found.append(token)
    return found


def run(capsys, monkeypatch, *argv: str) -> str:
    monkeypatch.setenv("COLUMNS", "1000")  # no text folded: a word cut in two is not a word
    code = main(list(argv))
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def test_the_checker_finds_english(capsys, monkeypatch):
    """The check can fail: the English output is full of what it looks for."""
    out = run(capsys, monkeypatch, "simulate", "--players", "5", "--games", "20")
    for lang in FOREIGN:
        assert len(english_words(out, lang)) > 10, lang
    assert english_words("Voyante, réveille-toi. Dee (p3) vote contre Ann.", "fr") == []
    assert english_words("예언자 seer werewolf*2,seer Ann", "ko") == []
    assert english_words("预言家 the Seer", "zh") == ["the", "Seer"]


# -- the outputs, in each language -------------------------------------------------------------------------

COMMANDS = {
    "roles": ("roles",),
    "roles-dalbula": ("roles", "--ruleset", "dalbula"),
    "roles-classic": ("roles", "--ruleset", "classic"),
    "simulate-one": ("simulate", "--players", "6", "--seed", "4"),
    "simulate-many": ("simulate", "--players", "6", "--games", "40"),
    "simulate-vampire": ("simulate", "--players", "5", "--roles", "vampire-5", "--games", "30"),
    "classic-one": ("simulate", "--ruleset", "classic", "--players", "9", "--seed", "2"),
    "classic-many": ("simulate", "--ruleset", "classic", "--players", "8", "--games", "40"),
    "narrate": ("narrate", "--roles", ONUW_DECK, "--print"),
    "narrate-classic": ("narrate", "--ruleset", "classic", "--roles", CLASSIC_DECK, "--print"),
}


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("command", COMMANDS)
def test_output_has_no_english_word(capsys, monkeypatch, command, lang):
    out = run(capsys, monkeypatch, *COMMANDS[command], "--lang", lang)
    assert out.strip()
    assert english_words(out, lang) == [], command
    english = run(capsys, monkeypatch, *COMMANDS[command])
    assert english.splitlines()[0] != out.splitlines()[0]  # the heading itself is translated


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", ("", "roles", "simulate", "replay", "narrate"))
def test_help_in_each_language(capsys, monkeypatch, command, lang):
    argv = ["--lang", lang, *([command] if command else []), "--help"]
    monkeypatch.setenv("COLUMNS", "100")
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(cli_text(lang, "argparse_usage"))
    assert cli_text(lang, "argparse_help") in out
    if lang != "en":
        assert english_words(out, lang) == []
        english = cli_text("en", "help_lang")
        assert english not in out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_ruleset_is_described_in_the_help(capsys, monkeypatch, lang):
    monkeypatch.setenv("COLUMNS", "1000")
    with pytest.raises(SystemExit):
        main(["--help", "--lang", lang])
    out = capsys.readouterr().out
    for rules in RULESETS.values():
        assert cli_text(lang, f"ruleset_{rules.id}") in out
        for spec in rules.options.specs:
            assert cli_text(lang, option_message(spec.name)) in out, spec.name


def test_argparse_is_gettext_again_after_the_command_line(capsys):
    import argparse

    original = argparse._
    main(["--lang", "ko", "roles", "--json"])
    capsys.readouterr()
    assert argparse._ is original and argparse._("usage: ") == "usage: "


# -- errors: one line, in the chosen language ----------------------------------------------------------------

ERRORS = [
    (("simulate", "--players", "4", "--games", "x"), "cli_not_whole"),
    (("simulate", "--players", "2"), "cli_too_few_players"),
    (("simulate",), "cli_players_required"),
    (("narrate", "--print"), "cli_narrate_print_needs_roles"),
    (("narrate", "--ruleset", "classic"), "cli_narrate_classic_needs_roles"),
    (("--players", "Ann,Bo"), "cli_too_few_names"),
    (("--roles", "base-5"), "cli_roles_needs_players"),
    (("simulate", "--players", "4", "--roles", " , "), "cli_empty_deck"),
    # the core's own errors, said as messages (OneNightError.said)
    (("simulate", "--players", "5", "--roles", "werewolf*2,seer,oracle2"), "error_deck_unknown"),
    (("simulate", "--players", "5", "--roles", "werewolf*2,seer"), "error_card_count"),
    (("simulate", "--players", "5", "--option", "traitor_must_survive=maybe"), "error_option_bool"),
    (("simulate", "--players", "5", "--option", "traitor_must_survive"), "error_option_syntax"),
    (("simulate", "--players", "5", "--option", "frob=1"), "error_option_unknown"),
    (("simulate", "--players", "Ann,Bo,ann"), "error_same_player_names"),
    # error_role_not_playable: every onuw role is playable (80/80), every dalbula role too (81/81);
    # tests/test_random_roles.py and tests/test_dalbula_properties.py say it
    (("narrate", "--roles", "werewolf,seer,robber", "--print"), "error_too_few_cards"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("argv", "msg_id"), ERRORS, ids=[e[1] for e in ERRORS])
def test_a_mistake_is_one_line_in_the_language(capsys, argv, msg_id, lang):
    assert main(["--lang", lang, *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("onenight: ")
    template = load(lang).template(msg_id, 2)
    assert template is not None
    fixed = [part for part in re.split(r"\{[^}]*\}", template) if len(part.strip()) > 3]
    assert fixed and all(part.strip() in err for part in fixed), (err, template)
    if lang != "en":
        assert english_words(err, lang) == []


@pytest.mark.parametrize("lang", FOREIGN)
def test_argparse_errors_are_in_the_language(capsys, lang):
    assert main(["--lang", lang, "simulate", "--bot", "clever"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice" not in err and "'clever'" in err
    assert main(["--lang", lang, "--frobnicate"]) == 2
    err = capsys.readouterr().err
    assert "unrecognized" not in err and "--frobnicate" in err


def test_the_language_is_read_before_parsing():
    assert language_of(["simulate", "--lang", "zh", "--help"]) == "zh"
    assert language_of(["--lang=fr", "roles"]) == "fr"
    assert language_of(["--lang", "xx"]) == "en"
    assert language_of(["--", "--lang", "ko"]) == "en"


# -- the catalog ids built from data are exactly the data's ------------------------------------------------

def _ids(prefix: str) -> set[str]:
    return {m for m in load("en").messages if m.startswith(prefix)}


def test_every_preset_has_a_description_in_every_language_and_no_other():
    assert _ids("preset_") == {p.about for p in PRESETS.values()}
    for lang in LANGUAGES:
        for preset in PRESETS.values():
            assert cli_text(lang, preset.about, count=preset.players).strip()


def test_every_option_has_its_help_and_no_other():
    assert _ids("rule_option_") == {option_message(s.name) for r in RULESETS.values() for s in r.options.specs}


def test_every_ruleset_has_a_summary_and_each_unplayable_one_says_why():
    expected = {f"ruleset_{r.id}" for r in RULESETS.values()}
    expected |= {f"ruleset_{r.id}_not_playable" for r in RULESETS.values() if not r.playable}
    assert _ids("ruleset_") == expected


def test_every_edition_has_a_name():
    assert _ids("edition_") == {f"edition_{e}" for e in EDITIONS}


def test_every_classic_story_key_side_and_step_has_words():
    assert _ids("cli_classic_story_") == {f"cli_classic_story_{k}" for k in STORY_KEYS}
    assert _ids("cli_classic_side_") == {f"cli_classic_side_{s}" for s in (*SIDES, "lovers", "none")}
    deck = tuple(classic_catalog().ids()) + ("villager",) * 3
    steps = set(night_steps(deck, 1)) | set(night_steps(deck, 2))
    for kind in ("step", "wake", "sleep"):
        assert _ids(f"narrate_classic_{kind}_") == {f"narrate_classic_{kind}_{s}" for s in steps}


def test_every_classic_cause_and_reason_of_many_games_has_words():
    from onenight_core.model.values import Setup
    from onenight_core.play.simulate import play_bot_game
    from onenight_core.rulesets.classic.ruleset import CLASSIC  # noqa: F401 — registers the ruleset
    from onenight_core.rulesets.classic.story import story

    names = tuple(f"P{i}" for i in range(12))
    deck = tuple(CLASSIC_DECK.replace("*2", "").split(",")) + ("werewolf", "villager")
    causes, reasons = set(), set()
    for seed in range(60):
        setup = Setup(names[: len(deck) - 2], deck, "classic")
        board = play_bot_game(setup, seed, "informed" if seed % 2 else "random").board
        for line in story(board):
            params = dict(line.params)
            if line.key == "death" and params.get("cause"):
                causes.add(params["cause"])
            if line.key == "over" and params.get("reason"):
                reasons.add(params["reason"])
    assert {"werewolves", "vote"} <= causes and reasons
    for lang in LANGUAGES:
        catalog = load(lang)
        assert all(f"cli_classic_cause_{c}" in catalog for c in causes), causes
        assert all(f"cli_classic_reason_{r}" in catalog for r in reasons), reasons


def test_every_id_the_command_line_says_is_in_the_catalogs():
    """``cli_text(lang, "id")`` and ``say("id")`` with a literal id, anywhere in the app's source."""
    said = re.compile(r"""(?:cli_text\([^,()]+,\s*|\bsay\()f?["']([a-z][a-z0-9_]*)["']""")
    ids = set()
    for path in (SRC / "onenight_tui").rglob("*.py"):
        ids |= set(said.findall(path.read_text(encoding="utf-8")))
    ids |= set(ARGPARSE_MESSAGES.values())
    assert len(ids) > 140
    missing = sorted(i for i in ids if i not in load("en") and not i.endswith("_"))
    assert missing == []


# -- roles --lang zh/fr: a name and a text for every role, classic too ---------------------------------------

@pytest.mark.parametrize("lang", ("zh", "fr"))
def test_classic_roles_have_a_name_and_a_text(capsys, monkeypatch, lang):
    monkeypatch.setenv("COLUMNS", "1000")
    assert main(["roles", "--ruleset", "classic", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    catalog = classic_catalog()
    for role in catalog.roles:
        name, text = role.name(lang), dict(role.text)[lang]
        assert name != role.name("en") or lang == "fr" and name in ("Cupidon",)
        assert any(name in line and text in line for line in lines), role.id


# -- the loaders want all four languages ----------------------------------------------------------------------

CLASSIC_TOML = (ROOT / "classic.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("field", ("names", "text"))
def test_classic_catalog_refuses_a_missing_language(field, lang):
    broken = re.sub(rf'^({field} = \{{.*?), {lang} = "[^"]*"', r"\1", CLASSIC_TOML, count=1, flags=re.M)
    if lang == "en":
        broken = re.sub(rf'^{field} = \{{ en = "[^"]*", ', f"{field} = {{ ", CLASSIC_TOML, count=1, flags=re.M)
    assert broken != CLASSIC_TOML
    with pytest.raises(CatalogError) as err:
        parse_catalog(broken)
    message = str(err.value)
    assert "\n" not in message and "'werewolf'" in message and repr(lang) in message and field in message


def test_the_shipped_classic_catalog_has_four_languages():
    catalog = parse_catalog(CLASSIC_TOML)
    for role in catalog.roles:
        assert set(dict(role.names)) == set(dict(role.text)) == set(LANGUAGES), role.id
    assert set(dict(catalog.sheriff_names)) == set(dict(catalog.sheriff_text)) == set(LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_data_refuses_a_missing_language(lang):
    data = tomllib.loads((ROOT / "rules.toml").read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    del broken["mark"][0]["names"][lang]
    with pytest.raises(CatalogError) as err:
        parse_rules(broken)
    message = str(err.value)
    assert "\n" not in message and repr(lang) in message and data["mark"][0]["id"] in message
    parse_rules(data)  # the shipped file has them all


# -- French articles: « sous la protection du Garde du corps » ------------------------------------------------

@pytest.mark.parametrize(("role", "said"), [
    ("bodyguard", "sous la protection du Garde du corps (Bo)"),
    ("seer", "sous la protection de la Voyante (Bo)"),
    ("cupid", "sous la protection de Cupidon (Bo)"),
    ("the_count", "sous la protection du Comte (Bo)"),
    ("apprentice_seer", "sous la protection de l'Apprentie voyante (Bo)"),
])
def test_french_says_the_protector_with_its_article(role, said):
    from onenight_core.model.messages import say
    from onenight_tui.text.words import Wording

    assert Wording(("Ann", "Bo"), lang="fr").phrase(say("protected_by", role=role, by=1)) == said


def test_a_bodyguards_protection_reads_in_french_in_a_played_game():
    from onenight_core import Setup
    from onenight_core.catalog.presets import PRESETS
    from onenight_core.play.bots import play_game
    from onenight_tui.text.story import tell

    preset = PRESETS["cautionary-tale-4"]
    lines = []
    for seed in range(40):
        state = play_game(Setup(("Ann", "Bo", "Cy", "Dee"), preset.roles), seed, "random")
        lines += [line for line in tell(state, lang="fr") if "protection" in line]
    assert lines and all("protection du Garde du corps" in line for line in lines)


def test_an_article_in_an_unknown_language_is_refused(tmp_path):
    import tomli_w

    from onenight_core import load_catalog_file

    role = {"id": "test_role", "number": 1, "edition": "base", "team": "village_hero", "phase": "night",
            "wake": "5-B", "night": "?", "doppelganger": "!", "rulesets": ["onuw"],
            "names": {"en": "T", "ko": "티", "zh": "测", "fr": "Té"}, "text": {l: "x" for l in LANGUAGES},
            "article": {"xx": "la"}}
    path = tmp_path / "roles.toml"
    path.write_text(tomli_w.dumps({"role": [role]}), encoding="utf-8")
    with pytest.raises(CatalogError, match="unknown language 'xx'"):
        load_catalog_file(path)
    role["article"] = {"fr": "la"}
    path.write_text(tomli_w.dumps({"role": [role]}), encoding="utf-8")
    assert load_catalog_file(path)["test_role"].article("fr") == "la"


# -- --help laid out by terminal cells -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", ("roles", "simulate", "replay", "narrate"))
def test_help_fits_80_cells_and_its_help_column_lines_up(capsys, monkeypatch, command, lang):
    from onenight_tui.help_format import cells

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["--lang", lang, command, "--help"])
    lines = capsys.readouterr().out.splitlines()
    assert max(cells(line) for line in lines) <= 80
    starts = set()
    for line in lines:
        match = re.match(r"^  (-\S+(?: \S+)?)( {2,})(\S)", line)
        if match:
            starts.add(cells(match.group(1)) + 2 + len(match.group(2)))
    assert len(starts) == 1, starts  # every help text beside its option starts in the same column


def test_wrap_breaks_a_run_of_chinese_between_letters():
    from onenight_tui.help_format import cells, wrap

    text = "为用自己卡牌游戏的一桌人，逐步朗读夜晚流程并计时。--print 则把流程写成文字。"
    lines = wrap(text, 20)
    assert len(lines) > 2 and all(cells(line) <= 20 for line in lines)
    assert "".join(lines) == text.replace(" ", "")


def test_counts_in_the_simulate_summary_take_the_plural_of_their_language():
    assert cli_text("en", "simulate_quiet_games", count=1, share="5.0%") == "nobody died in 1 game (5.0%)"
    assert cli_text("en", "simulate_games_without_winner", count=3) == "nobody won in 3 games"
    assert cli_text("fr", "simulate_games_without_winner", count=0) == "personne n'a gagné dans 0 partie"
    assert cli_text("fr", "simulate_games_without_winner", count=2) == "personne n'a gagné dans 2 parties"
    assert cli_text("ko", "simulate_games_without_winner", count=2) == "아무도 이기지 못한 게임 2판"
    assert cli_text("fr", "roles_wakes", count=1, ordinal="1st") == "se réveille en 1er"
    assert cli_text("fr", "roles_wakes", count=5, ordinal="5th") == "se réveille en 5e"
    assert cli_text("en", "roles_wakes", count=5, ordinal="5th") == "wakes 5th"


@pytest.mark.parametrize(("copied", "said"), [("seer", "à la place de la Voyante"),
                                               ("werewolf", "à la place du Loup-garou"),
                                               ("apprentice_seer", "à la place de l'Apprentie voyante")])
def test_french_says_whose_place_a_copy_takes_with_the_article(copied, said):
    from onenight_tui.text.words import Wording

    text = Wording(("Ann", "Bo"), lang="fr").text("holds_standing_for", pos="p0", role="doppelganger",
                                                  copied_role=copied)
    assert said in text
