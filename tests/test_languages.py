"""Issue 15: every role and every rules name in four languages (en, ko, zh, fr).

Read from roles.toml / rules.toml directly (not through the loader) so that a missing line is caught even
where the loader falls back to English; the loader's own refusal and the ``roles`` command are checked
through their public entry points."""

from __future__ import annotations

import copy
import random
import re
import tomllib
from pathlib import Path

import pytest
import tomli_w

from onenight_core import CatalogError, Setup, apply, default_catalog, load_catalog_file, new_game, pending, view_for
from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.narration import narrate
from onenight_core.model.messages import say
from onenight_core.play.bots import play_game
from onenight_core.rulesets.onuw.roles import playable
from onenight_tui.cli import main
from onenight_tui.prompt_text import describe
from onenight_tui.text.catalog import LANGUAGES, load as load_messages
from onenight_tui.text.story import tell
from onenight_tui.text.words import Wording

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ko", "zh", "fr")
HAN = re.compile(r"[\u4e00-\u9fff]")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: what zh and fr lines are recognised by: Chinese characters; French words or accented letters
FRENCH = re.compile(r"\b(le|la|les|un|une|des|du|de|et|vous|est|sa|son|cet|aucun)\b|[éèêàçôûî]", re.IGNORECASE)


def load(name: str) -> dict:
    with open(ROOT / name, "rb") as fh:
        return tomllib.load(fh)


def translated_fields() -> list[tuple[str, dict]]:
    """(where, {lang: text}) for every translated field of roles.toml and rules.toml."""
    roles, rules = load("roles.toml"), load("rules.toml")
    out = []
    for step in roles["step"]:
        for kind, lines in step.get("narration", {}).items():
            out.append((f"step {step['id']} narration.{kind}", lines))
    for role in roles["role"]:
        out.append((f"role {role['id']} names", role["names"]))
        out.append((f"role {role['id']} text", role["text"]))
        for kind, lines in role.get("narration", {}).items():
            out.append((f"role {role['id']} narration.{kind}", lines))
    for table in ("team", "group", "engine_step", "mark", "artifact"):
        for entry in rules[table]:
            for key in ("names", "effect", "text"):
                if key in entry:
                    out.append((f"{table} {entry['id']} {key}", entry[key]))
    return out


FIELDS = translated_fields()


def test_the_data_has_every_kind_of_translated_field():
    wheres = " ".join(w for w, _ in FIELDS)
    assert len(load("roles.toml")["role"]) == 82
    for fragment in ("names", "text", "narration.wake", "narration.sleep", "narration.doppelganger",
                     "step ", "team ", "group ", "engine_step ", "mark ", "artifact ", "effect"):
        assert fragment in wheres


@pytest.mark.parametrize("lang", LANGS)
def test_every_field_is_in_every_language(lang):
    missing = [where for where, lines in FIELDS if not str(lines.get(lang, "")).strip()]
    assert missing == [], f"{len(missing)} fields lack {lang}: {missing[:5]}"


def test_sentences_are_written_in_their_language():
    """Names may be the same word in two languages (Vampire, Groob); sentences never are."""
    wrong = []
    for where, lines in FIELDS:
        if where.endswith(("names",)):
            continue
        if not HANGUL.search(lines["ko"]):
            wrong.append((where, "ko"))
        if not HAN.search(lines["zh"]) or HANGUL.search(lines["zh"]):
            wrong.append((where, "zh"))
        if lines["fr"] == lines["en"] or not FRENCH.search(lines["fr"]):
            wrong.append((where, "fr"))
    assert wrong == []


def test_seed_words_are_kept():
    """The seeds' own names (roles.md §6): seed 002 for Chinese, seed 003 for French."""
    cat = default_catalog()
    seed_002 = {"villager": "村民", "mason": "守夜人", "seer": "预言家", "robber": "强盗", "troublemaker": "捣蛋鬼",
                "drunk": "酒鬼", "insomniac": "失眠者", "hunter": "猎人", "doppelganger": "化身幽灵",
                "werewolf": "狼人", "minion": "爪牙", "tanner": "皮匠", "the_master": "吸血鬼领主",
                "renfield": "血奴", "body_snatcher": "异形", "blob": "变形怪", "oracle": "圣女"}
    seed_003 = {"doppelganger": "Voleur d'identité", "werewolf": "Loup-garou", "minion": "Traître",
                "mason": "Franc-maçon", "seer": "Voyante", "robber": "Voleur", "troublemaker": "Merdeux",
                "drunk": "Saoulon", "insomniac": "Insomniaque", "villager": "Villageois", "hunter": "Chasseur",
                "tanner": "Tannelier"}
    assert {rid: cat[rid].name("zh") for rid in seed_002} == seed_002
    assert {rid: cat[rid].name("fr") for rid in seed_003} == seed_003


@pytest.mark.parametrize("lang", ("zh", "fr"))
def test_names_are_distinct_in_each_language(lang):
    """Two roles never share a name: a player names a role by its name (``find``)."""
    cat = default_catalog()
    names = [r.name(lang) for r in cat.roles]
    assert len(set(names)) == len(names)
    assert all(cat.find(r.name(lang)).id == r.id for r in cat.roles)


@pytest.mark.parametrize("lang", ("zh", "fr"))
def test_narrator_reads_the_whole_catalog_in_the_language(lang):
    roster = tuple(r.id for r in default_catalog().in_ruleset("onuw"))
    english = {l.text for l in narrate(roster, "en").lines}
    lines = narrate(roster, lang).lines
    assert lines and not [l.text for l in lines if l.text in english]
    if lang == "zh":
        assert all(HAN.search(l.text) for l in lines)


# -- the loader refuses a role without a name or a text in one of the four languages ------------------------

ROLE = {
    "id": "test_role", "number": 1, "edition": "base", "team": "village_hero", "phase": "night",
    "wake": "5-B", "night": "?", "doppelganger": "!", "rulesets": ["onuw"],
    "names": {"en": "Test Role", "ko": "시험 역할", "zh": "测试角色", "fr": "Rôle d'essai"},
    "text": {"en": "Does nothing.", "ko": "아무것도 하지 않습니다.", "zh": "什么也不做。", "fr": "Ne fait rien."},
}


def test_a_role_in_four_languages_loads(tmp_path):
    path = tmp_path / "roles.toml"
    path.write_text(tomli_w.dumps({"role": [ROLE]}), encoding="utf-8")
    assert load_catalog_file(path)["test_role"].name("fr") == "Rôle d'essai"


@pytest.mark.parametrize("field", ("names", "text"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_translation_is_one_line_naming_role_field_and_language(tmp_path, field, lang):
    role = copy.deepcopy(ROLE)
    del role[field][lang]
    path = tmp_path / "roles.toml"
    path.write_text(tomli_w.dumps({"role": [role]}), encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog_file(path)
    message = str(err.value)
    assert "\n" not in message
    assert "'test_role'" in message and field in message and repr(lang) in message


# -- `onenight roles --lang` ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_roles_command_gives_a_name_and_a_text_for_every_role(capsys, monkeypatch, lang):
    # a terminal wide enough that no text folds: each role's row then holds its whole name and text
    monkeypatch.setenv("COLUMNS", "1000")
    out = ""
    for ruleset in ("onuw", "dalbula"):
        assert main(["roles", "--lang", lang, "--ruleset", ruleset]) == 0
        out += capsys.readouterr().out
    lines = out.splitlines()
    raw = {r["id"]: r for r in load("roles.toml")["role"]}
    missing = [rid for rid, r in raw.items()
               if not any(r["names"][lang] in line and r["text"][lang] in line for line in lines)]
    assert missing == []


@pytest.mark.parametrize("lang", ("zh", "fr"))
def test_lang_is_accepted_on_the_command_line(capsys, lang):
    assert main(["--lang", lang, "roles"]) == 0
    out = capsys.readouterr().out
    assert default_catalog()["seer"].name(lang) in out


# -- the narrator: `narrate --print`, the narrator screen's language cycle, settings -------------------------

ENGLISH_WORD = re.compile(r"\b(the|night|cards?|step|time|day|wake|close|eyes|you)\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", ("ko", "zh", "fr"))
def test_printed_night_script_has_no_english(capsys, lang):
    roster = "werewolf*2,seer,robber,troublemaker,drunk,insomniac,minion,doppelganger,mason*2,tanner,hunter"
    assert main(["narrate", "--roles", roster, "--lang", lang, "--print"]) == 0
    out = capsys.readouterr().out
    assert out.strip() and not ENGLISH_WORD.findall(out)
    if lang == "fr":
        assert "Voleur d'identité" in out and "Merdeux" in out  # seed 003's words
    if lang == "zh":
        assert "化身幽灵" in out and "天黑请闭眼。" in out


def test_the_narrator_offers_the_four_languages():
    from onenight_tui.screens.narrator.narrator import LANG_CYCLE
    from onenight_tui.screens.narrator.setup import LANGS as SETUP_LANGS

    assert set(LANG_CYCLE) == set(SETUP_LANGS) == set(LANGS)


@pytest.mark.parametrize("lang", ("zh", "fr"))
def test_settings_remember_zh_and_fr(lang):
    from onenight_tui.settings import from_mapping

    assert from_mapping({"lang": lang}).lang == lang


# -- the app's message catalogs (onenight_tui.text): zh and fr beside en and ko -----------------------------
# Every message id in every catalog, and no unused entry, is test_text_layer.py's check over LANGUAGES.

PRESET_IDS = sorted(pid for pid, p in PRESETS.items()
                    if p.ruleset == "onuw" and all(playable(r) for r in p.roles))
#: Latin words a Chinese line may hold: seed 002 keeps the aliens' names Groob and Zerb in Latin letters.
ZH_LATIN_OK = {"Groob", "Zerb"}
ENGLISH = re.compile(r"\b(the|and|your?|card|cards|players?|looked|swapped|voted|nobody|wins?|won|lost|"
                     r"died|center|mark|night|dawn|with|of|as|at)\b", re.IGNORECASE)


def foreign_words(line: str, lang: str) -> list[str]:
    if lang == "zh":
        return [w for w in re.findall(r"[A-Za-z]{2,}", line) if w not in ZH_LATIN_OK]
    return ENGLISH.findall(line)


def test_the_four_catalogs_are_loaded():
    assert LANGUAGES == ("en", "ko", "zh", "fr")
    for lang in LANGUAGES:
        assert load_messages(lang).lang == lang


@pytest.mark.parametrize("lang", ("zh", "fr"))
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_prompts_and_story_have_no_english_words(preset, lang):
    p = PRESETS[preset]
    players = tuple(f"P{i}" for i in range(p.players))  # two letters: never taken for a word
    for seed in range(2):
        state = play_game(Setup(players, p.roles), seed, "random" if seed % 2 else "informed")
        for line in tell(state, lang=lang):
            assert not foreign_words(line, lang), f"{preset} seed {seed}: {line!r}"
        g = new_game(Setup(players, p.roles), seed)
        rng = random.Random(seed)
        while (prompt := pending(g)) is not None:
            for piece in describe(view_for(g, prompt.seat), default_catalog(), lang).texts:
                assert not foreign_words(piece, lang), f"{preset} seed {seed} {prompt.step}: {piece!r}"
            g = apply(g, rng.choice(prompt.options))


def test_french_plurals_put_zero_and_one_in_the_singular():
    words = Wording(("Ann",), lang="fr")
    assert words.say(say("waiting_for_votes", count=1)) == "Encore 1 vote attendu."
    assert words.say(say("waiting_for_votes", count=0)) == "Encore 0 vote attendu."
    assert words.say(say("waiting_for_votes", count=2)) == "Encore 2 votes attendus."


def test_chinese_counts_with_a_measure_word():
    words = Wording(("Ann",), lang="zh")
    assert words.say(say("voted_out", count=3)) == "得3票被投出"
    assert words.say(say("night_goes_on", count=2)) == "夜晚继续（还有2个步骤要呼叫）。"


def test_french_elides_de_and_que_before_a_vowel():
    words = Wording(("Ann", "Bo", "Eve"), lang="fr")
    assert words.text("players_card", seat=0) == "la carte d'Ann"
    assert words.text("players_card", seat=1) == "la carte de Bo"
    assert words.text("option_rotate", direction="left") == \
        "Déplacer la carte de chaque autre joueur d'une place vers la gauche"
