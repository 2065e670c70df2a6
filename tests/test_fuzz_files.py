"""Fuzzing every file the program reads (issue 10): a save, settings.toml, a scenario file, roles.toml
and rules.toml.

For each: arbitrary bytes, and arbitrary JSON/TOML trees of the right outer shape (the real keys with
values of any type and nesting), must give a clean load or one clear line naming the file — never a
traceback of another kind — and must never change the file the player had. What a clean load gives
must be usable further on (a save replays or fails with SaveError; a scenario case plays or reports
its own error and its story prints; settings can be stored again).

Example counts are bounded so the whole module runs in seconds (CI stays under 10 minutes)."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from onenight_core.catalog import default_catalog_path, load_catalog_file
from onenight_core.catalog.rules import default_rules_path, load_rules_file
from onenight_core.errors import CatalogError, SaveError, ScenarioError
from onenight_core.file_io import parse_toml, read_text
from onenight_core.play.saves import SavedGame, encode_json, read_save, replay
from onenight_core.play.scenario import load_scenarios, play_case
from onenight_tui.commands.replay import check_lines, story
from onenight_tui.settings import Settings, load_settings, store_settings

# ONENIGHT_FUZZ_EXAMPLES=2000 runs a deeper search locally; CI keeps the bounded default.
EXAMPLES = int(os.environ.get("ONENIGHT_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                       HealthCheck.too_slow])

# -- value strategies ---------------------------------------------------------------------------------

ROLE_IDS = ["werewolf", "seer", "robber", "troublemaker", "villager", "drunk", "insomniac", "mason",
            "minion", "tanner", "hunter", "doppelganger", "the_count", "vampire", "priest", "renfield",
            "mystic_wolf", "alpha_wolf", "sentinel", "witch", "nosuchrole", ""]
POSITIONS = ["p0", "p1", "p2", "p3", "c0", "c1", "c2", "c3", "p9", "x"]
text = st.one_of(st.sampled_from(ROLE_IDS + POSITIONS + ["onuw", "dalbula", "classic", "en", "public"]),
                 st.text(max_size=12))
scalars = st.one_of(st.booleans(), st.integers(-2**63, 2**63 - 1), st.integers(-3, 12),
                    st.floats(allow_nan=True, allow_infinity=True), text)
# TOML has no null; JSON trees add it below.
toml_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(text, inner, max_size=4)), max_leaves=20)
json_values = st.recursive(st.one_of(scalars, st.none()), lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(text, inner, max_size=4)), max_leaves=20)
deep = st.integers(30, 3000).map(lambda n: "a = " + "[" * n + "]" * n + "\n")


def table_of(keys: list[str], values) -> st.SearchStrategy[dict]:
    """A table with some of ``keys`` (and maybe one stray key), each holding any value."""
    return st.fixed_dictionaries({}, optional={k: values for k in keys + ["stray"]})


def toml_bytes(tree: dict) -> bytes:
    try:
        return tomli_w.dumps(tree).encode("utf-8")
    except (TypeError, ValueError):  # NaN keys and the like tomli_w refuses: not a file anyone has
        assume(False)
        raise


def one_line_naming(error: Exception, path: Path) -> None:
    message = str(error)
    assert "\n" not in message and str(path) in message, message


def written(path: Path, data: bytes) -> bytes:
    path.write_bytes(data)
    return data


def fresh(tmp_path: Path) -> Path:
    """A new folder for one example (``tmp_path`` is shared by all examples of a test)."""
    import tempfile

    return Path(tempfile.mkdtemp(dir=tmp_path))


# -- a save ----------------------------------------------------------------------------------------------

SAVE_KEYS = ["format", "setup", "seed", "answers", "meta"]
save_trees = st.one_of(
    table_of(SAVE_KEYS, json_values),
    st.fixed_dictionaries({
        "format": st.just(1),
        "setup": table_of(["players", "deck", "ruleset", "options"], json_values) | st.just(
            {"players": ["A", "B", "C"], "deck": ["werewolf", "werewolf", "seer", "robber", "troublemaker",
                                                   "villager"]}) | st.fixed_dictionaries({
            "players": st.just(["A", "B", "C"]), "deck": st.just(["werewolf", "werewolf", "seer", "robber",
                                                                  "troublemaker", "villager"]),
            "ruleset": st.sampled_from(["onuw", "dalbula", "classic", "x"]) | json_values,
            "options": st.dictionaries(st.sampled_from(["traitor_must_survive"]) | text, json_values, max_size=3)}),
        "seed": st.integers(-5, 2**40) | json_values,
        "answers": st.lists(st.lists(json_values, max_size=3) | st.tuples(
            st.sampled_from(["look", "swap", "pass", "done", "vote", "take"]),
            st.lists(st.sampled_from(POSITIONS), max_size=2), st.none() | text).map(list), max_size=6),
        "meta": st.dictionaries(st.sampled_from(["stage", "step", "deal", "day_left", "lang"]) | text,
                                json_values, max_size=4),
    }),
)


def check_save(path: Path, data: bytes) -> None:
    try:
        saved = read_save(path)
    except SaveError as exc:
        one_line_naming(exc, path)
    else:
        assert isinstance(saved, SavedGame)
        try:
            replay(saved)  # what `onenight --resume` does before the app starts
        except SaveError as exc:
            assert "\n" not in str(exc)
        for key in ("stage", "step", "deal", "day_left", "lang"):  # what the app reads, by type
            for kind in (str, int, float):
                value = saved.get(key, None, kind)
                assert value is None or isinstance(value, kind)
                assert not (isinstance(value, float) and not math.isfinite(value))
    assert path.read_bytes() == data


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_as_a_save(tmp_path, data):
    path = fresh(tmp_path) / "game.json"
    check_save(path, written(path, data))


@FUZZ
@given(tree=save_trees, packed=st.booleans())
def test_any_json_tree_as_a_save(tmp_path, tree, packed):
    import base64
    import zlib

    body = json.dumps(tree)  # NaN and Infinity are written as such, as a hand edit could
    data = (b"onenight-save 2\n" + base64.encodebytes(zlib.compress(body.encode())) if packed
            else body.encode())
    path = fresh(tmp_path) / "game.json"
    check_save(path, written(path, data))


def test_a_deeply_nested_save(tmp_path):
    path = fresh(tmp_path) / "game.json"
    check_save(path, written(path, b'{"format": 1, "meta": ' + b"[" * 100000 + b"]" * 100000 + b"}"))


# -- settings.toml ----------------------------------------------------------------------------------------

SETTINGS_KEYS = ["players", "deck", "day_seconds", "action_seconds", "vote_mode", "speech", "theme", "lang",
                 "voice_rate", "volume", "sound", "night_tick",
                 "ruleset"]


def check_settings(path: Path, data: bytes) -> None:
    loaded, notice = load_settings(path)  # never raises
    assert isinstance(loaded, Settings)
    if notice is not None:
        assert "\n" not in notice and str(path) in notice, notice
    assert path.read_bytes() == data
    bad = path.with_name(path.name + ".bad")
    if bad.exists():
        assert bad.read_bytes() == data  # what the player wrote is kept as it was
    again = path.with_name("again.toml")
    assert store_settings(loaded, again) is None  # what was loaded can be written and read back
    assert load_settings(again) == (loaded, None)


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_as_settings(tmp_path, data):
    path = fresh(tmp_path) / "settings.toml"
    check_settings(path, written(path, data))


@FUZZ
@given(tree=table_of(SETTINGS_KEYS, toml_values))
def test_any_toml_tree_as_settings(tmp_path, tree):
    path = fresh(tmp_path) / "settings.toml"
    check_settings(path, written(path, toml_bytes(tree)))


@FUZZ
@given(head=st.sampled_from([b"", b'lang = "en"\n', b"\xff\xfe"]), nest=deep)
def test_deep_or_broken_settings(tmp_path, head, nest):
    path = fresh(tmp_path) / "settings.toml"
    check_settings(path, written(path, head + nest.encode()))


# -- a scenario file -----------------------------------------------------------------------------------

STEP_KEYS = ["seat", "role", "copier", "illegal", "blocked", "notes"]
CASE_KEYS = ["id", "rule", "ruleset", "seed", "deal", "center", "dawn", "votes", "expect"]
verb = st.dictionaries(st.sampled_from(["look", "swap", "take", "copy", "mark", "shield", "flip", "rotate",
                                        "pass", "vote", "done", "answer"]) | text, toml_values,
                       min_size=1, max_size=1)
roles = st.lists(st.sampled_from(ROLE_IDS), min_size=3, max_size=7)
case_tree = st.fixed_dictionaries(
    {"id": st.sampled_from(["a", "b-1", "Bad Id"]) | text},
    optional={
        "deal": roles | toml_values, "center": roles.map(lambda r: r[:3]) | toml_values,
        "dawn": st.lists(st.sampled_from(ROLE_IDS) | table_of(["card", "mark", "couple", "copied"], toml_values),
                         max_size=6) | toml_values,
        "votes": st.lists(st.integers(-1, 6) | st.just("dealer") | toml_values, max_size=6),
        "step": st.lists(st.fixed_dictionaries({"do": st.lists(verb, max_size=3) | toml_values},
                                               optional={k: toml_values | st.integers(0, 5) for k in STEP_KEYS}),
                         max_size=4),
        "expect": table_of(["final", "final_center", "seen", "marks", "dead", "winners", "mode", "learned",
                            "effective", "shields", "face_up", "dusk_marks"], toml_values),
        **{k: toml_values for k in ("rule", "ruleset", "seed", "stray")},
    })


PLAYABLE = ["werewolf", "seer", "robber", "troublemaker", "villager", "drunk", "insomniac", "mason", "minion",
            "tanner", "hunter", "doppelganger", "mystic_wolf", "sentinel", "witch", "the_count", "vampire",
            "priest", "renfield", "cupid", "apprentice_seer", "village_idiot", "revealer"]


@st.composite
def near_valid_case(draw, number: int) -> dict:
    """A case that is well formed but plays any night: real roles, seats in range, verbs on positions."""
    players = draw(st.integers(3, 5))
    cards = draw(st.lists(st.sampled_from(PLAYABLE), min_size=players + 3, max_size=players + 3))
    pos = st.sampled_from([f"p{i}" for i in range(players)] + ["c0", "c1", "c2"])
    verbs = st.one_of(
        st.builds(lambda a: {"look": a}, st.lists(pos, min_size=1, max_size=2)),
        st.builds(lambda a: {"swap": a}, st.lists(pos, min_size=2, max_size=2)),
        st.builds(lambda a: {"take": a}, pos), st.builds(lambda a: {"copy": a}, pos),
        st.builds(lambda a: {"shield": a}, pos), st.builds(lambda a: {"flip": a}, pos),
        st.builds(lambda a, m: {"mark": [a, m]}, pos, st.sampled_from(
            ["mark_of_clarity", "mark_of_the_vampire", "mark_of_fear", "mark_of_love", "mark_of_the_bat"])),
        st.builds(lambda d: {"rotate": d}, st.sampled_from(["left", "right"])), st.just({"pass": True}))
    steps = draw(st.lists(st.fixed_dictionaries(
        {"seat": st.integers(0, players - 1), "role": st.sampled_from(cards), "do": st.lists(verbs, min_size=1,
                                                                                          max_size=2)},
        optional={"illegal": st.booleans()}), max_size=5))
    case = {"id": f"case-{number}", "seed": draw(st.integers(0, 2**31)), "deal": cards[:players],
            "center": cards[players:], "step": steps}
    if draw(st.booleans()):
        case["votes"] = draw(st.lists(st.integers(0, players - 1), min_size=players, max_size=players))
    return case


def check_scenario(path: Path, data: bytes) -> None:
    try:
        cases = load_scenarios(path)
    except ScenarioError as exc:
        one_line_naming(exc, path)
    else:
        for case in cases:
            result = play_case(case)  # never raises: a case's trouble is its own result
            assert result.status in ("played", "error", "skipped")
            assert "internal error" not in result.reason, result.reason  # an engine crash is a bug
            story(result), check_lines(result), result.to_json(), result.differences()
    assert path.read_bytes() == data


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_as_a_scenario_file(tmp_path, data):
    path = fresh(tmp_path) / "case.toml"
    check_scenario(path, written(path, data))


@settings(FUZZ, max_examples=2 * EXAMPLES)
@given(cases=st.lists(case_tree, min_size=1, max_size=2))
def test_any_toml_tree_as_a_scenario_file(tmp_path, cases):
    path = fresh(tmp_path) / "case.toml"
    check_scenario(path, written(path, toml_bytes({"case": cases})))


@settings(FUZZ, max_examples=2 * EXAMPLES)
@given(cases=st.tuples(near_valid_case(1), near_valid_case(2)))
def test_well_formed_scenario_files_play_any_night(tmp_path, cases):
    """Well-formed cases with any steps: each plays, is refused step by step, or reports its own error."""
    path = fresh(tmp_path) / "case.toml"
    check_scenario(path, written(path, toml_bytes({"case": list(cases)})))


@FUZZ
@given(nest=deep)
def test_a_deeply_nested_scenario_file(tmp_path, nest):
    path = fresh(tmp_path) / "case.toml"
    check_scenario(path, written(path, b'[[case]]\nid = "x"\n' + nest.encode()))


# -- roles.toml -------------------------------------------------------------------------------------------

REAL = parse_toml(read_text(default_catalog_path()))


def check_catalog(path: Path, data: bytes) -> None:
    try:
        load_catalog_file(path)
    except CatalogError as exc:
        one_line_naming(exc, path)
    assert path.read_bytes() == data


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_as_roles_toml(tmp_path, data):
    path = fresh(tmp_path) / "roles.toml"
    check_catalog(path, written(path, data))


@FUZZ
@given(index=st.integers(0, len(REAL["role"]) - 1), key=st.sampled_from(sorted(
    {k for r in REAL["role"] for k in r} | {"stray"})), value=toml_values)
def test_the_real_roles_toml_with_one_field_changed(tmp_path, index, key, value):
    tree = {"role": [dict(r) for r in REAL["role"]], "step": REAL.get("step", [])}
    tree["role"][index][key] = value
    path = fresh(tmp_path) / "roles.toml"
    check_catalog(path, written(path, toml_bytes(tree)))


@FUZZ
@given(tree=st.fixed_dictionaries({}, optional={"role": toml_values, "step": toml_values, "x": toml_values}))
def test_any_toml_tree_as_roles_toml(tmp_path, tree):
    path = fresh(tmp_path) / "roles.toml"
    check_catalog(path, written(path, toml_bytes(tree)))


RULES = parse_toml(read_text(default_rules_path()))
RULE_TABLES = [(table, i, key) for table, rows in RULES.items() if isinstance(rows, list)
               for i, row in enumerate(rows) for key in list(row) + ["stray"]]


def check_rules(path: Path, data: bytes) -> None:
    try:
        load_rules_file(path)
    except CatalogError as exc:
        one_line_naming(exc, path)
    assert path.read_bytes() == data


@FUZZ
@given(where=st.sampled_from(RULE_TABLES), value=toml_values)
def test_the_real_rules_toml_with_one_field_changed(tmp_path, where, value):
    table, index, key = where
    tree = {k: [dict(r) for r in v] if isinstance(v, list) else v for k, v in RULES.items()}
    tree[table][index][key] = value
    path = fresh(tmp_path) / "rules.toml"
    check_rules(path, written(path, toml_bytes(tree)))


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_as_rules_toml(tmp_path, data):
    path = fresh(tmp_path) / "rules.toml"
    check_rules(path, written(path, data))


def test_roles_toml_with_invalid_utf8_or_deep_nesting(tmp_path):
    path = fresh(tmp_path) / "roles.toml"
    check_catalog(path, written(path, default_catalog_path().read_bytes() + b'\n# \xff\xfe broken\n'))
    check_catalog(path, written(path, b"x = " + b"[" * 50000 + b"]" * 50000))


# -- files that are not files -------------------------------------------------------------------------------

@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "folder"])
def test_devices_fifos_and_folders_are_refused_without_hanging(tmp_path, special):
    if special == "/dev/zero":
        if not os.path.exists("/dev/zero"):
            pytest.skip("no /dev/zero here")
        path = Path("/dev/zero")
    elif special == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        path = tmp_path / "fifo"
        os.mkfifo(path)
    else:
        path = tmp_path / "folder"
        path.mkdir()
    for read, error in ((read_save, SaveError), (load_scenarios, ScenarioError), (load_catalog_file, CatalogError)):
        with pytest.raises(error) as err:
            read(path)
        one_line_naming(err.value, path)
    settings_now, notice = load_settings(path)
    assert settings_now == Settings() and str(path) in notice


def test_an_old_plain_save_is_read_the_same_as_a_packed_one(tmp_path):
    from onenight_core.model.values import Setup

    saved = SavedGame(Setup(("A", "B", "C"), ("werewolf", "werewolf", "seer", "robber", "troublemaker",
                                              "villager")), 3).with_meta(stage="deal", deal=1)
    path = fresh(tmp_path) / "game.json"
    path.write_text(encode_json(saved, format=1))
    assert read_save(path) == saved
