"""The text layer (issue 9): the core returns ids and parameters, never sentences; the app words them
from one catalog per language (onenight_tui.text). And the wordings of issue 10, each with the game that
showed the problem.

The prose check plays many seeded games of every onuw preset with both bots and walks everything the
core hands out — the outcome, the event log, every prompt and observation, every line of the story —
so a sentence slipped back into the core fails here, whichever module it comes from."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest
from app_pilot import SIZE, make_app, screen_name, screen_text, until
from app_pilot import play_game as play_in_app
from conftest import PASS, names, play, state_at

from onenight_core import Action, Setup, apply, new_game, pending, view_for
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.model.messages import Message, say
from onenight_core.play.bots import play_game
from onenight_core.play.story import sections
from onenight_core.rulesets.onuw.marks import CLARITY, LOVE
from onenight_core.rulesets.onuw.roles import playable
from onenight_tui.prompt_text import describe
from onenight_tui.text.catalog import LANGUAGES, PLURAL_RULES, entry_parameters, load
from onenight_tui.text.story import night_lines, tell
from onenight_tui.text.words import Wording, clean_name
from test_app_languages import APP_BUILT

CATALOG = default_catalog()
ID = re.compile(r"^[a-z][a-z0-9_]*$")           # a message id, a role, a mark, a verb…
TOKEN = re.compile(r"^\S*$")  # any string the core hands out is one token (an id, a code, a position)
PRESET_IDS = sorted(pid for pid, p in PRESETS.items()
                    if p.ruleset == "onuw" and all(playable(r) for r in p.roles))


def _strings(value, path="", seen=None):
    """Every (path, string) inside ``value``: attrs objects, messages, tuples, dicts."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Message):
        yield path + ".id", value.id
        for key, v in value.params:
            yield from _strings(v, f"{path}.{value.id}[{key}]")
    elif isinstance(value, (tuple, list, frozenset, set)):
        for i, v in enumerate(value):
            yield from _strings(v, f"{path}[{i}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k, f"{path}{{key}}")
            yield from _strings(v, f"{path}{{{k}}}")
    elif attrs.has(type(value)):
        for a in attrs.fields(type(value)):
            if a.name in ("setup", "public_cache"):  # player names are the players' own words
                continue
            yield from _strings(getattr(value, a.name), f"{path}.{a.name}")


def _messages(value):
    if isinstance(value, Message):
        yield value
        for _k, v in value.params:
            yield from _messages(v)
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _messages(v)
    elif attrs.has(type(value)):
        for a in attrs.fields(type(value)):
            if a.name not in ("setup", "public_cache"):
                yield from _messages(getattr(value, a.name))


def _games():
    for preset in PRESET_IDS:
        p = PRESETS[preset]
        for seed in range(6):
            yield preset, seed, play_game(Setup(names(p.players), p.roles), seed, "informed" if seed % 2 else "random")


GAMES = list(_games())


def _prompts(preset: str, seed: int):
    """Every prompt (and the seat's view) of a game answered at random."""
    p = PRESETS[preset]
    g = new_game(Setup(names(p.players), p.roles), seed)
    rng = random.Random(seed)
    while (prompt := pending(g)) is not None:
        yield g, prompt
        g = apply(g, rng.choice(prompt.options))


def test_the_core_returns_ids_and_parameters_never_sentences():
    checked = 0
    for preset, seed, state in GAMES:
        things = [state.outcome, state.events, state.observations, state.script,
                  [s.lines for s in sections(state)], [s.title for s in sections(state)]]
        things += [prompt for _g, prompt in _prompts(preset, seed)]
        for thing in things:
            for path, text in _strings(thing):
                assert TOKEN.match(text), f"{preset} seed {seed}: prose in the core at {path}: {text!r}"
                checked += 1
    assert checked > 10_000


def test_every_message_the_core_says_is_in_every_catalog_with_its_parameters():
    said: dict[str, set[str]] = {}
    for _preset, _seed, state in GAMES:
        for message in _messages([state.outcome, state.events, [s.lines for s in sections(state)]]):
            assert ID.match(message.id)
            said.setdefault(message.id, set()).update(k for k, _ in message.params)
    assert len(said) > 40
    for lang in LANGUAGES:
        catalog = load(lang)
        for msg_id, params in said.items():
            assert msg_id in catalog, f"{lang}.toml has no {msg_id!r}"
            unknown = entry_parameters(catalog.messages[msg_id]) - params
            assert not unknown, f"{lang}.toml {msg_id}: parameters {unknown} are never given"


def test_catalogs_have_the_same_messages_and_parameters():
    en = load("en")
    for lang in LANGUAGES:
        other = load(lang)
        assert other.plural in PLURAL_RULES
        assert set(other.messages) == set(en.messages), lang
        for msg_id, entry in en.messages.items():
            assert entry_parameters(other.messages[msg_id]) <= entry_parameters(entry) | {"count"}, (lang, msg_id)


def test_every_catalog_message_is_used():
    """A catalog entry no code says is dead text (issue 15 keeps the catalogs exact). Ids built from a
    prefix and a value (``team_<key>``, ``effect_<mark>``…) count as used by their prefix."""
    src = Path(__file__).resolve().parents[1] / "src"
    code = "\n".join(p.read_text(encoding="utf-8") for p in src.rglob("*.py"))
    built = ("side_", "wins_", "loses_", "short_", "what_", "label_", "note_", "direction_", "section_", "holds_",
             "says_", "nonsense_",
             "collection_sticker_", "key_",  # a sticker's id; a key's binding id (screens/collection_keys.py)
             # the command line's (tests/test_cli_languages.py checks these against the data exactly)
             "preset_", "rule_option_", "ruleset_", "edition_", "cli_classic_story_", "cli_classic_side_",
             "cli_classic_cause_", "cli_classic_reason_", "narrate_classic_step_", "narrate_classic_wake_",
             "narrate_classic_sleep_", "simulate_bots_",
             # a New Moon card's name and text (tests/test_classic_new_moon.py checks them exactly)
             "classic_event_name_", "classic_event_text_",
             *APP_BUILT)  # the app's built ids are checked one by one in test_app_languages.py
    unused = [m for m in load("en").messages
              if not m.startswith(built) and f'"{m}"' not in code and f"'{m}'" not in code]  # (in an f-string: '…')
    assert unused == []


def test_plural_forms_follow_the_language():
    words = Wording(("Ann", "Bo", "Cy"))
    assert words.say(say("voted_out", count=1)) == "Voted out with 1 vote"
    assert words.say(say("voted_out", count=3)) == "Voted out with 3 votes"
    assert Wording(("Ann",), lang="ko").say(say("voted_out", count=3)) == "3표를 받아 처형됨"
    assert PLURAL_RULES["one_upto_1"](0) == "one" and PLURAL_RULES["one_other"](0) == "other"


# -- issue 10 ---------------------------------------------------------------------------------------------

def test_players_and_center_cards_are_named_never_by_internal_id():
    for _preset, _seed, state in GAMES[::3]:
        for line in tell(state):
            assert not re.search(r"\(p\d+\)|\bp\d+\b|\bc\d\b", line), line


def test_the_priest_gives_himself_the_mark_and_the_story_says_so():
    state = play(["priest", "cupid", "villager", "villager"], ("villager",) * 3,
                 {"cupid": [PASS], "priest": [Action("mark", ("p2",), CLARITY)]}).state
    lines = night_lines(state)
    priest = next(line for line in lines if line.startswith("Priest:"))
    assert priest == "Priest: P0 gave themselves the Mark of Clarity; gave P2 the Mark of Clarity."
    state = play(["instigator", "villager", "villager"], ("villager",) * 3,
                 {"instigator": [Action("mark", ("p0",), "mark_of_the_traitor")]}).state
    assert "Instigator: P0 gave themselves the Mark of the Traitor." in night_lines(state)


def test_the_village_goal_fits_the_deck():
    words = Wording(("Ann",))
    base = ("werewolf", "werewolf", "seer", "villager")
    vampire = ("vampire", "vampire", "renfield", "cupid", "villager")
    battle = ("werewolf", "vampire", "seer", "villager")
    assert words.goal("villager", base) == "You win if one of the werewolves dies."
    assert words.goal("villager", vampire) == "You win if one of the vampires dies."
    assert "werewolf" not in words.goal("seer", vampire)
    assert words.goal("villager", battle) == \
        "You win if players of two different evil teams die (the werewolves and the vampires)."
    assert words.goal("vampire", vampire) == "You win if none of the vampires dies."
    assert words.goal("villager", ("seer", "villager", "robber")) == \
        "No evil card is in this game: you win if nobody dies."


def test_cupid_second_pick_is_announced_without_do_nothing():
    g = state_at(["cupid", "villager", "villager", "villager"], ("villager",) * 3, "cupid")
    first = describe(view_for(g, 0), CATALOG)
    assert first.options[0] == "Do nothing"
    g = apply(g, Action("mark", ("p1",), LOVE))
    second = describe(view_for(g, 0), CATALOG)
    assert second.task.startswith("Choose the second lover")
    assert "Do nothing" not in second.options
    assert second.options == ("Give yourself the Mark of Love", "Give P2 the Mark of Love",
                              "Give P3 the Mark of Love")


def test_a_lone_lover_is_told_his_mark_has_no_partner():
    # The Priest's own Mark of Clarity replaces his Love mark: P2 is the only lover left.
    g = state_at(["cupid", "priest", "villager", "villager"], ("villager",) * 3, "lovers",
                 {"cupid": [Action("mark", ("p1",), LOVE), Action("mark", ("p2",), LOVE)], "priest": [PASS]})
    assert pending(g).seat == 2
    text = describe(view_for(g, 2), CATALOG)
    assert text.info == ("No other player holds a Mark of Love: yours has no partner and does nothing.",)
    state = play(["cupid", "priest", "villager", "villager"], ("villager",) * 3,
                 {"cupid": [Action("mark", ("p1",), LOVE), Action("mark", ("p2",), LOVE)], "priest": [PASS]}).state
    assert "Lovers: P2 learned that no other player holds the Mark of Love." in night_lines(state)
    assert not any("Lovers: nobody woke" in line for line in night_lines(state))


def test_the_village_wins_sentence_names_who_died():
    state = play(["werewolf", "seer", "villager", "villager", "robber"], ("villager",) * 3,
                 {"werewolves": PASS, "seer": PASS, "robber": PASS},
                 votes=(1, 0, 0, 0, 0)).state
    words = Wording(("Ann", "Bo", "Cy", "Di", "Eli"))
    teams = {key: words.say(why) for key, _won, why in state.outcome.teams}
    assert teams["village"] == "Ann of the werewolves died"


@pytest.mark.parametrize("name", ["Bo\nby", "Cy\x1b[31mred", "Di\ttab\r", "[/]", "Eve\u2028x", "\x07"])
def test_a_name_never_breaks_the_story(name):
    players = ("Ann", name, "Zed", "Kim")
    state = play_game(Setup(players, ("werewolf", "seer", "robber", "villager", "villager", "troublemaker",
                                      "werewolf")), 1, "informed")
    lines = tell(state)
    for line in lines:
        assert "\n" not in line and "\x1b" not in line and "\r" not in line and "\x07" not in line
        assert all(ch == " " or ch.isprintable() for ch in line), repr(line)
    assert clean_name(name) in "\n".join(lines)
    assert clean_name("Bo\nby") == "Bo by" and clean_name("Cy\x1b[31mred") == "Cyred"


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_korean_prompts_and_story_have_no_english_words(preset):
    """Under ko the text layer's words (prompts, the story) are Korean: no run of Latin letters is
    left once the players' names are taken out (the app's screens follow in issue 15)."""
    p = PRESETS[preset]
    players = tuple(f"가{i}" for i in range(p.players))
    latin = re.compile(r"[A-Za-z]{3,}")
    for seed in range(3):
        state = play_game(Setup(players, p.roles), seed, "random" if seed % 2 else "informed")
        for line in tell(state, lang="ko"):
            assert not latin.search(line), f"{preset} seed {seed}: {line!r}"
        g = new_game(Setup(players, p.roles), seed)
        rng = random.Random(seed)
        while (prompt := pending(g)) is not None:
            for piece in describe(view_for(g, prompt.seat), CATALOG, "ko").texts:
                assert not latin.search(piece), f"{preset} seed {seed} {prompt.step}: {piece!r}"
            g = apply(g, rng.choice(prompt.options))


async def test_the_korean_reveal_cuts_no_word_at_80_columns():
    """Korean takes two cells a character: the reveal's result column folds long words instead of
    cutting them with "…" (a cut reason lost its last syllables)."""
    app = make_app(PRESETS["vampire-5"].roles, 5, seed=4, lang="ko")
    async with app.run_test(size=SIZE) as pilot:
        await play_in_app(pilot, random.Random(4))
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        await pilot.resize_terminal(80, 200)
        await until(pilot, lambda: "밤에 일어난 일" in screen_text(app), "the whole reveal")
        text = screen_text(app)
        assert "…" not in text
        assert "승리" in text or "패배" in text


def test_every_message_id_in_the_core_source_is_in_every_catalog():
    """Games may never reach a rare rule (the Blob, Nostradamus): the ids written in the core's
    ``say(...)`` calls are checked from the source as well."""
    core = Path(__file__).resolve().parents[1] / "src" / "onenight_core"
    first_arg = re.compile(r"say\(([^()]*?)(?:,|\))")  # say("a" if ok else "b", ...): its first argument
    ids = set()
    for path in core.rglob("*.py"):
        for match in first_arg.finditer(path.read_text(encoding="utf-8")):
            ids.update(re.findall(r'"([a-z_]+)"', re.sub(r"\[[^]]*\]", "", match.group(1))))
    assert {"voted_out", "group_member_died", "nostradamus_fulfilled", "traitor_died_must_survive"} <= ids
    assert len(ids) > 130
    for lang in LANGUAGES:
        missing = sorted(i for i in ids if i not in load(lang))
        assert missing == [], f"{lang}.toml lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_are_shown_exactly_as_typed(lang):
    """Issue 21: a name typed "qAnn" was shown "QAnn" at the start of a sentence."""
    from onenight_tui.text.story import tell
    from onenight_tui.text.words import Wording

    players = ("qAnn", "bo", "de Vries")
    for seed in range(4):
        state = play_game(Setup(players, PRESETS["base-3"].roles), seed=seed)
        text = "\n".join(tell(state, lang=lang))
        for name in players:
            assert name in text
            assert name[:1].upper() + name[1:] not in text, (seed, name)
    words = Wording(players, lang=lang)
    assert words.say(Message("dealt", {"seat": 0, "role": "robber"})).startswith("qAnn")
