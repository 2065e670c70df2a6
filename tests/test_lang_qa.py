"""Issue 15, played by hand in ko, zh and fr (task qa-lang): what a Korean, Chinese or French player met,
each pinned by a check that fails when it comes back.

* ``roles --lang zh`` at 80 columns had no text column: Chinese labels have no spaces, so the team and
  night columns were sized by whole phrases ("从不醒来；为狼人竖起大拇指") and Rich dropped the text.
* A Chinese input method types "，" (or "、") for a comma: "张三，李四，王五" was one player.
* Korean role texts said "시민 팀" where every screen names the team "마을 팀".
* Chinese glued a name to its vote count ("Eve2票") and spaced numbers in some messages ("种子 3，5 名玩家")
  but not others ("第1步，共8步"); a space in a Chinese line is where Rich breaks it, mid-sentence.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.rulesets import ruleset_for
from onenight_tui.cli import main
from onenight_tui.cli_text import cli_text
from onenight_tui.plain_text import split_names
from onenight_tui.screens.setup.setup import parse_names

ROOT = Path(__file__).resolve().parents[1]
TEXT = ROOT / "src" / "onenight_tui" / "text"
CJK = r"[\u4e00-\u9fff]"


def _roles_output(capsys, monkeypatch, lang: str, ruleset: str = "onuw") -> str:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["roles", "--lang", lang, "--ruleset", ruleset]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["zh", "ko", "fr", "en"])
def test_roles_at_80_columns_keeps_every_roles_text(capsys, monkeypatch, lang):
    out = _roles_output(capsys, monkeypatch, lang)
    header = next(line for line in out.splitlines()
                  if cli_text(lang, "roles_column_role") in line and cli_text(lang, "roles_column_team") in line)
    assert cli_text(lang, "roles_column_text") in header
    flat = re.sub(r"\s+", "", out)
    for info in ruleset_for("onuw").roles(default_catalog()):
        text = re.sub(r"\s+", "", dict(info.text)[lang])
        assert text[:4] in flat, (info.id, text[:20])


def test_classic_roles_in_chinese_at_80_columns_has_the_text_column(capsys, monkeypatch):
    out = _roles_output(capsys, monkeypatch, "zh", "classic")
    assert cli_text("zh", "roles_column_text") in out


@pytest.mark.parametrize("typed", ["张三，李四，王五", "张三、李四、王五", "张三, 李四,王五"])
def test_chinese_commas_separate_player_names(typed):
    assert parse_names(typed) == ["张三", "李四", "王五"]
    assert split_names(typed) == ["张三", "李四", "王五"]


def test_simulate_reads_chinese_commas(capsys):
    assert main(["simulate", "--lang", "zh", "--players", "张三，李四，王五", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    for name in ("张三", "李四", "王五"):
        assert f"{name}拿到了" in out


def test_an_empty_name_between_chinese_commas_is_still_refused(capsys):
    assert main(["simulate", "--lang", "zh", "--players", "张三，，王五", "--seed", "1"]) != 0
    assert cli_text("zh", "cli_empty_name") in capsys.readouterr().err


def _ko_role_words() -> list[tuple[str, str]]:
    data = tomllib.loads((ROOT / "roles.toml").read_text(encoding="utf-8"))
    found = []
    for role in data["role"]:
        found.append((role["id"], role.get("text", {}).get("ko", "")))
        for part in role.get("narration", {}).values():
            if isinstance(part, dict) and isinstance(part.get("ko"), str):
                found.append((role["id"], part["ko"]))
    return found


def test_korean_role_texts_name_the_village_team_as_the_screens_do():
    rules = tomllib.loads((ROOT / "rules.toml").read_text(encoding="utf-8"))
    village = next(t for t in rules["team"] if t["id"] == "village")["names"]["ko"]
    assert village == "시민 + 영웅 팀"  # the seed's own words (issue 23)
    wrong = [(role, text) for role, text in _ko_role_words() if "시민 팀" in text]
    assert not wrong


def test_chinese_role_texts_say_app_in_chinese():
    data = tomllib.loads((ROOT / "roles.toml").read_text(encoding="utf-8"))
    assert not [r["id"] for r in data["role"] if "App" in r.get("text", {}).get("zh", "")]


def _messages(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}

    def walk(table: dict) -> None:
        for key, value in table.items():
            if isinstance(value, str):
                out[key] = value
            elif isinstance(value, dict) and key != "meta":
                if all(isinstance(v, str) for v in value.values()) and set(value) <= {"zero", "one", "two", "few",
                                                                                      "many", "other"}:
                    out.update({f"{key}.{k}": v for k, v in value.items()})
                else:
                    walk(value)

    walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return out


NUMBERS = r"\{(?:count|games|seed|round|number|total|nights|deaths|players|cards|center|playable|most|index|last)\}"


@pytest.mark.parametrize("path", [TEXT / "zh.toml", TEXT / "app" / "zh.toml"], ids=["zh", "app-zh"])
def test_chinese_numbers_sit_against_chinese_words(path):
    """"第1步，共8步" and "5名玩家": no space between a Chinese word and a number, so a line of Chinese has
    no break point in the middle of "5 名玩家"."""
    spaced = {k: v for k, v in _messages(path).items()
              if re.search(rf"{CJK} {NUMBERS}|{NUMBERS} {CJK}", v)}
    assert not spaced


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_a_name_is_never_glued_to_its_vote_count(lang):
    for key, value in _messages(TEXT / f"{lang}.toml").items():
        assert "{seat}{count}" not in value, key


def test_chinese_vote_tally_reads_name_then_count():
    from onenight_tui.text.words import Wording
    from onenight_core.model.messages import Message

    said = Wording(("Eve", "Ann"), lang="zh").phrase(Message("votes_for", {"seat": 0, "count": 2}))
    assert said == "Eve 2票"


def test_chinese_witch_text_says_what_she_does_not_look_at():
    witch = default_catalog()["witch"]
    text = dict(witch.text)["zh"]
    assert "不看对方的牌，将它" not in text  # the old order read "must not look, then swap"
    assert text.startswith("可以查看一张中间的牌")


# -- French, played at 120x40 (Vampire game, secret vote) ---------------------------------------------------

@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Vous donner la Marque du traître"),
    ("en", "Give yourself the Mark of the Traitor"),
    ("ko", "자신에게 선동의 징표 주기"),
    ("zh", "给自己放置叛变标记"),
])
def test_giving_a_mark_to_yourself_reads_as_a_reflexive(lang, expected):
    """The Instigator's own line was "Donner à vous-même la Marque du traître"."""
    from onenight_core.model.values import Action
    from onenight_tui.text.words import Wording

    words = Wording(("가영", "나래", "다은"), lang=lang, me=1)
    assert words.action(Action("mark", ("p1",), "mark_of_the_traitor"), "instigator") == expected
    other = words.action(Action("mark", ("p0",), "mark_of_the_traitor"), "instigator")
    assert "가영" in other and other != expected


@pytest.mark.parametrize("votes", [0, 1, 2, 5])
def test_french_ballot_count_agrees_whatever_the_number_of_votes_in(votes):
    """"1 votes sur 5 sont arrivés": the plural followed the table's size, not the votes cast."""
    from onenight_tui.text.app_words import AppWords

    said = AppWords("fr")("ballot_hint", name="Anne", votes=votes, count=5)
    assert f"{votes} sur 5" in said
    assert "1 votes" not in said and "0 votes" not in said and "sont arrivés" not in said


# -- classic in French and Chinese at 80x24 -----------------------------------------------------------------

def _translations(path: Path) -> list[tuple[str, dict[str, str]]]:
    """Every {en, ko, zh, fr} table of a data file (names, texts), with where it is."""
    found: list[tuple[str, dict[str, str]]] = []

    def walk(value, where: str) -> None:
        if isinstance(value, dict):
            if "en" in value and all(isinstance(v, str) for v in value.values()) and len(value) >= 3:
                found.append((where, value))
            for key, inner in value.items():
                walk(inner, f"{where}.{key}")
        elif isinstance(value, list):
            for i, inner in enumerate(value):
                walk(inner, f"{where}[{i}]")

    walk(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
    return found


@pytest.mark.parametrize("name", ["classic.toml", "roles.toml", "rules.toml"])
@pytest.mark.parametrize("lang", ["ko", "zh", "fr"])
def test_no_translation_is_copied_onto_another_entry(name, lang):
    """classic.toml's Sheriff read "乐师" / "Joueur de flûte" with the Piper's text: a copy-paste. Two
    entries whose English differs may not share a name or a text (a narrator's "keep your eyes closed"
    said two ways in English is the one allowed pair)."""
    same: dict[str, set[str]] = {}
    for where, table in _translations(ROOT / name):
        if lang in table and ".narration." not in where:
            same.setdefault(table[lang], set()).add(table["en"])
    assert not {text: en for text, en in same.items() if len(en) > 1}


def test_classic_sheriff_has_the_seeds_title():
    from onenight_tui.text.classic_words import ClassicWords

    assert ClassicWords((), "zh").card("sheriff") == "村长"  # seed 004
    assert ClassicWords((), "fr").card("sheriff") == "Capitaine"  # the French game's title


def test_classic_french_card_texts_say_vous_like_every_other_screen():
    from onenight_core.rulesets.classic.catalog import classic_catalog

    for role in classic_catalog().roles:
        text = dict(role.text)["fr"]
        assert not re.search(r"\b(tu|te|toi|ton|ta|tes)\b", text, re.IGNORECASE), (role.id, text)


def test_classic_deck_column_uses_the_short_side_words():
    from onenight_tui.tables.classic.deck_rows import classic_rows
    from onenight_tui.text.app_words import AppWords

    for lang in ("en", "ko", "zh", "fr"):
        say = AppWords(lang)
        sides = {rid: side for rid, _, side, _ in classic_rows(lang)}
        assert sides["werewolf"] == say("setup_side_werewolf")
        assert sides["seer"] == say("setup_side_village_hero")
        assert sides["piper"] == say("setup_side_own")


async def test_help_on_the_classic_set_up_explains_classic_cards():
    """F1 on the classic set-up showed One Night's texts for the shared ids: "un loup-garou seul peut
    regarder une carte du milieu" for a classic werewolf."""
    from onenight_core.rulesets.classic.catalog import classic_catalog
    from onenight_tui.app import OneNightApp
    from onenight_tui.widgets.picker import Picker
    from textual.widgets import Input

    from app_pilot import SIZE, flat, quiet_settings, screen_name, until

    app = OneNightApp(quiet_settings(lang="fr"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: getattr(app.screen, "filled", False), "the set-up")
        screen = app.screen
        screen.query_one("#setup-players", Input).value = "Anne, Bruno, Chloé, Denis, Émile"
        screen.query_one("#setup-ruleset", Picker).value = "classic"
        await until(pilot, lambda: screen.own_cards and screen.problem is None, "a classic deck")
        deck = screen.help_roles()
        await pilot.press("f1")
        await until(pilot, lambda: screen_name(app) == "HelpScreen", "the help")
        text = flat(app)
        catalog = classic_catalog()
        assert "werewolf" in deck
        wolf = " ".join(dict(catalog.role("werewolf").text)["fr"].split())
        assert wolf[:40] in text
        assert "carte du milieu" not in text


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_classic_screens_name_the_piper_as_its_card_does(lang):
    """zh said 吹笛人 and 魅惑 on the classic screens while the card (and seed 004) say 乐师 and 施魔法
    (and 警长, 预言家, 守卫, 长老 where the cards say 村长, 先知, 守护者, 长者)."""
    from onenight_tui.text.classic_words import ClassicWords

    w = ClassicWords((), lang)
    assert w.card("piper").lower() in w.side("piper").lower()


def test_chinese_classic_uses_the_seeds_words():
    messages = {k: v for k, v in _messages(TEXT / "zh.toml").items() if k.startswith(("classic_", "cli_classic_"))}
    assert not {k: v for k, v in messages.items() if re.search("吹笛人|魅惑|恋人|警长|预言家|守卫|长老", v)}


@pytest.mark.parametrize("path", [TEXT / "zh.toml", TEXT / "app" / "zh.toml"], ids=["zh", "app-zh"])
def test_chinese_puts_a_name_against_its_words_as_one_night_does(path):
    """One Night's story says "Ann拿到了吸血鬼"; classic said "张三 是村长" — one way for the whole game."""
    names = r"\{(?:player|target|targets|choice|lovers|seat|other)\}"
    spaced = {k: v for k, v in _messages(path).items()
              if re.search(rf"{CJK} {names}|{names} {CJK}", v)}
    assert not spaced


# -- Korean particles ------------------------------------------------------------------------------------

PAIRS = {"이": "가", "을": "를", "은": "는", "과": "와"}  # after a final consonant : after a vowel


def _has_final_consonant(syllable: str) -> bool:
    return (ord(syllable) - 0xAC00) % 28 != 0


@pytest.mark.parametrize("path", [TEXT / "ko.toml", TEXT / "app" / "ko.toml"], ids=["ko", "app-ko"])
def test_korean_particles_fit_the_word_before_them(path):
    """"{player}(사냥꾼)가": a particle after a parenthesis agrees with the word before the parenthesis;
    after a fixed word it follows its last syllable (연인(…)은), after a player's name (which may end
    either way) it is written both ways, 이(가), 을(를)."""
    names = r"\{(?:player|target|targets|seat|name|choice|lovers|whom|names|players)\}"
    wrong = []
    for key, value in _messages(path).items():
        for word, particle in re.findall(r"([가-힣])\([^()]*\)(이|가|을|를|은|는|과|와)(?![(가-힣])", value):
            want = particle if particle in PAIRS else next(k for k, v in PAIRS.items() if v == particle)
            want = want if _has_final_consonant(word) else PAIRS[want]
            if particle != want:
                wrong.append((key, word, particle))
        if re.search(rf"{names}(?:\([^()]*\))?(을|를|이|가|은|는|과|와)(?![(가-힣])", value):
            wrong.append((key, value))
    assert not wrong


# -- numbers ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "value", "spec", "written"), [
    ("fr", 3317, ",", "3\u202f317"),
    ("fr", 0.36, ".1%", "36,0\u202f%"),
    ("fr", 1.345, ".2f", "1,34"),
    ("fr", 1234567.0, ",.0f", "1\u202f234\u202f567"),
    ("en", 3317, ",", "3,317"),
    ("ko", 0.36, ".1%", "36.0%"),
    ("zh", 1.345, ".2f", "1.34"),
])
def test_numbers_are_written_the_languages_way(lang, value, spec, written):
    from onenight_tui.text.numbers import number

    assert number(value, spec, lang) == written


def test_french_statistics_have_no_english_number(capsys, monkeypatch):
    """"3,317 parties/s" reads as three and a bit in French, and "36.0%" is not how French writes it."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["simulate", "--lang", "fr", "--players", "6", "--games", "1200", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\d,\d %", out.replace("\u202f", " "))
    assert not re.search(r"\d\.\d|\d,\d{3}\b", out), out
    assert main(["simulate", "--lang", "fr", "--ruleset", "classic", "--players", "8", "--games", "50",
                 "--seed", "4"]) == 0
    classic = capsys.readouterr().out
    assert not re.search(r"\d\.\d", classic), classic


# -- the table picture with wide names -------------------------------------------------------------------

KOREAN_NAMES = ("김가영가영", "나래나래나", "다은다은다", "라희라희라",
                "마루마루마", "바다바다바", "사랑사랑사", "아름아름아")


@pytest.mark.parametrize("lang", ["ko", "zh", "fr", "en"])
@pytest.mark.parametrize("players", [4, 6, 8])
@pytest.mark.parametrize(("size", "syllables"), [((38, 17), 5), ((34, 13), 3)], ids=["prompt", "day"])
async def test_wide_names_and_center_cards_do_not_run_together(lang, players, size, syllables):
    """A night prompt's table at 80×24 (38×17) showed "아름아름아중앙1 중앙2 중앙3 라희라희라": a
    five-syllable name fills its box and the center cards began in the next cell. (The day screen's
    34×13 table has room for three-syllable names beside "중앙1 중앙2 중앙3", not for five.)"""
    from textual.app import App

    from app_pilot import until

    from onenight_tui.text.app_words import AppWords
    from onenight_tui.widgets.table_ring import TableRing

    class RingApp(App):
        def __init__(self, ring: TableRing) -> None:
            super().__init__()
            self.ring, self.lang = ring, lang

        def compose(self):
            yield self.ring

    names = tuple(name[:syllables] for name in KOREAN_NAMES[:players])
    ring = TableRing(names, 3, me=4 % players)
    async with RingApp(ring).run_test(size=size) as pilot:
        await until(pilot, lambda: ring.region.area > 0, "the ring laid out")
        words = set(str(ring.render()).split())
        labels = [ring._label(f"p{seat}") for seat in range(len(names))]  # with the seat's number: "1·김가영"
    for name, label in zip(names, labels):
        assert name in label and label in words, (label, words)
    for number in (1, 2, 3):  # "중앙1", or just "1" where the label does not fit: never "중…"
        assert {AppWords(lang)("ring_center", number=number), str(number)} & words, words
    assert not [word for word in words if word.endswith("…")]


# -- the rules' options on the set-up screen -------------------------------------------------------------

def _choices() -> set[str]:
    from onenight_core.rulesets import RULESETS

    return {c for rules in RULESETS.values() for spec in rules.options.specs if spec.kind == "choice"
            for c in spec.choices}


def test_every_option_choice_has_words_and_no_word_names_a_choice_that_is_gone():
    from onenight_tui.text.catalog import LANGUAGES, load_app

    for lang in LANGUAGES:
        named = {m.removeprefix("options_choice_") for m in load_app(lang).messages if m.startswith("options_choice_")}
        assert named == _choices(), lang


@pytest.mark.parametrize("lang", ["fr", "zh", "ko"])
async def test_the_options_form_names_choices_in_the_language(lang):
    """Classic's options showed "day1_after_statements", "simultaneous_point"… on a French screen."""
    from onenight_tui.app import OneNightApp
    from onenight_tui.widgets.picker import Picker
    from textual.widgets import Input

    from app_pilot import flat, quiet_settings, screen_name, until

    app = OneNightApp(quiet_settings(lang=lang))
    async with app.run_test(size=(120, 60)) as pilot:
        await until(pilot, lambda: getattr(app.screen, "filled", False), "the set-up")
        screen = app.screen
        screen.query_one("#setup-players", Input).value = "Anne, Bruno, Chloé, Denis, Émile"
        screen.query_one("#setup-ruleset", Picker).value = "classic"
        await until(pilot, lambda: screen.own_cards, "classic")
        await pilot.press("ctrl+o")
        await until(pilot, lambda: screen_name(app) == "RulesOptionsScreen", "the options")
        text = flat(app)
    shown = [c for c in _choices() if re.search(rf"(?<![\w.]){re.escape(c)}(?![\w.])", text)]
    assert shown == [], shown


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_classic_hand_over_says_what_the_one_night_hand_over_says(lang):
    """Korean classic said "노트북을 건네줄 사람" (who hands the laptop over) where it means who receives it,
    as One Night's hand-over says ("건네받을 사람")."""
    from onenight_tui.text.app_words import AppWords
    from onenight_tui.text.catalog import load

    assert load(lang).template("classic_pass_to", None) == AppWords(lang)("hand_over_title")


#: The same words said by two screens (the classic screens' own copies of One Night's keys and hints, the
#: app's and the command line's story): English says them alike, so must every language.
SAME_WORDS = [("classic_key_pause", "key_night_pause"),
              ("classic_hide_hint", "private_hide_hint"), ("classic_pick_public", "prompt_pick_hint"),
              ("classic_key_vote", "key_classic_day_vote"),
              ("classic_story_deal", "cli_classic_story_deal"),
              ("classic_step_werewolf", "narrate_classic_step_werewolf"),
              ("classic_story_no_elimination", "cli_classic_story_no_elimination"),
              ("classic_pass_to", "hand_over_title")]


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_two_screens_saying_the_same_thing_use_the_same_words(lang):
    from onenight_tui.text.catalog import load

    catalog = load(lang)
    differ = [(a, b) for a, b in SAME_WORDS if catalog.template(a, None) != catalog.template(b, None)]
    assert differ == []


def test_korean_says_alien_as_seed_000_does():
    """The Alien card is "에일리언" (seed 000 never says 외계인); the team, the set-up's column and the
    story said "외계인 팀", and the Synthetic Alien's own team "합성 외계인" beside its card "신데틱 에일리언"."""
    files = [ROOT / "roles.toml", ROOT / "rules.toml", TEXT / "ko.toml", TEXT / "app" / "ko.toml"]
    said = [(path.name, key) for path in files[2:] for key, value in _messages(path).items() if "외계인" in value]
    said += [(path.name, where) for path in files[:2] for where, table in _translations(path)
             if "외계인" in table.get("ko", "")]
    assert said == []


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_simulate_names_its_players_in_the_language(lang, capsys):
    """``simulate --players 5 --lang ko`` told a story of Ann and Bo; English keeps its names (the
    pinned stories are English)."""
    from onenight_tui.commands.simulate import DEFAULT_NAMES, default_names

    names = default_names(lang)
    assert len(set(names)) == len(DEFAULT_NAMES) and all(n and n == n.strip() for n in names)
    if lang == "en":
        assert names == DEFAULT_NAMES
    else:
        assert not set(names) & set(DEFAULT_NAMES)
    assert main(["simulate", "--lang", lang, "--players", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in names[:5])
