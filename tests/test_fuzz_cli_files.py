"""Issue 27: every file the program reads, damaged by Hypothesis and fed through the command line in
process (``cli.main``): roles.toml, rules.toml, draws.toml, classic.toml, the presets named on the command
line, a save, settings.toml, a scenario file and the parsed caches — and a collection through the store
the app reads it with (no command reads collections).

The damage starts from the real file (so the parser gets far): a cut, a byte changed, bytes or a TOML
token put in, a stretch removed or repeated, up to three at once. The command must end with status 0, or
with one line on standard error and a non-zero status — never an exception out of ``main``. test_fuzz_files
feeds arbitrary bytes and trees to the readers themselves; this file adds the way a player meets them.
Example counts stay small (each example runs a command), and there is no deadline."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_audit_fuzz_collections import check_collection
from test_fuzz_files import fresh, toml_values

from onenight_core.catalog import loader, rules as rules_module
from onenight_core.play.saves import SavedGame, encode, encode_json
from onenight_core.rulesets import draws as draws_module
from onenight_core.rulesets.classic import catalog as classic_module
from onenight_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("ONENIGHT_FUZZ_EXAMPLES", "60")) // 2
CLI_FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])

TOKENS = [b"[", b"]", b"[[", b"]]", b"{", b"}", b"=", b'"', b"'", b",", b"\n", b"#", b"0", b"-1", b"1e999",
          b"true", b"nan", b"x = 1\n", b"\xef\xbb\xbf", b"\xff", b"\x00", b"a.b.c = 2\n", b"[table]\n"]


@st.composite
def damaged(draw, real: bytes) -> bytes:
    """``real`` with one to three pieces of damage."""
    data = real
    for _ in range(draw(st.integers(1, 3))):
        n = len(data)
        at = draw(st.integers(0, n))
        kind = draw(st.sampled_from(["cut", "byte", "bytes", "token", "remove", "repeat"]))
        if kind == "cut":
            data = data[:at]
        elif kind == "byte" and n:
            at = min(at, n - 1)
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1:]
        elif kind == "bytes":
            data = data[:at] + draw(st.binary(min_size=1, max_size=16)) + data[at:]
        elif kind == "token":
            data = data[:at] + draw(st.sampled_from(TOKENS)) + data[at:]
        elif kind == "remove":
            data = data[:at] + data[min(n, at + draw(st.integers(1, 200))):]
        else:
            end = min(n, at + draw(st.integers(1, 200)))
            data = data[:end] + data[at:end] + data[end:]
    return data


def _paths(tree, here=()):
    """Every place in a parsed TOML tree (tables and lists walked), as key/index paths."""
    yield here
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from _paths(value, here + (key,))
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            yield from _paths(value, here + (index,))


@st.composite
def tree_damaged(draw, real: bytes) -> bytes:
    """The TOML file ``real`` with one value somewhere replaced by any TOML value, or removed, or a
    stray key added: well-formed TOML that reaches the checks of every field."""
    import copy
    import tomllib

    import tomli_w

    tree = copy.deepcopy(tomllib.loads(real.decode("utf-8")))
    places = [p for p in _paths(tree) if p]
    path = draw(st.sampled_from(places))
    parent = tree
    for step in path[:-1]:
        parent = parent[step]
    kind = draw(st.sampled_from(["value", "remove", "stray"]))
    if kind == "remove":
        del parent[path[-1]]
    elif kind == "stray" and isinstance(parent, dict):
        parent["stray_" + draw(st.sampled_from(["x", "id", "role"]))] = draw(toml_values)
    else:
        parent[path[-1]] = draw(toml_values)
    try:
        return tomli_w.dumps(tree).encode("utf-8")
    except (TypeError, ValueError):  # a list of mixed tables and values tomli_w cannot write
        return real


def damage_of(real: bytes, toml: bool = True) -> st.SearchStrategy[bytes]:
    """Byte damage, and for a TOML file also a well-formed tree with one field changed."""
    return st.one_of(damaged(real), tree_damaged(real)) if toml else damaged(real)


def run(capsys, argv: list[str]) -> int:
    """``main(argv)``: no exception escapes it, and standard error holds at most one line, ours (a
    failed ``replay --check`` case is reported on standard output, with status 1)."""
    code = main(argv)
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) <= 1 and all(line.startswith("onenight: ") for line in lines), err
    if code not in (0, 1):
        assert lines, f"status {code} without a line saying why"
    return code


def _clear_caches() -> None:
    from onenight_core.play.scenario import match
    from onenight_core.rulesets.onuw.roles import base

    for cached in (loader.default_catalog, rules_module.default_rules, draws_module.draw_tables,
                   classic_module.classic_catalog, base.group_roles, base.awake_wolf_roles, match.group_roles):
        cached.cache_clear()


@pytest.fixture
def data_file(tmp_path, monkeypatch):
    """Point the program at a copy of one of its data files (and at a cache folder of the test's own);
    every parsed value is forgotten before and after, so no damaged catalog outlives the test."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    _clear_caches()
    yield tmp_path
    monkeypatch.undo()
    _clear_caches()


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


# -- the packaged data files -----------------------------------------------------------------------------

@CLI_FUZZ
@given(data=damage_of((ROOT / "roles.toml").read_bytes()))
def test_damaged_roles_toml_through_roles(data_file, monkeypatch, capsys, data):
    path = _write(data_file, "roles.toml", data)
    monkeypatch.setattr(loader, "default_catalog_path", lambda: path)
    _clear_caches()
    run(capsys, ["roles"])


@CLI_FUZZ
@given(data=damage_of((ROOT / "rules.toml").read_bytes()))
def test_damaged_rules_toml_through_roles(data_file, monkeypatch, capsys, data):
    path = _write(data_file, "rules.toml", data)
    monkeypatch.setattr(rules_module, "default_rules_path", lambda: path)
    monkeypatch.setattr(loader, "default_rules_path", lambda: path)
    _clear_caches()
    run(capsys, ["roles"])


@CLI_FUZZ
@given(data=damage_of((ROOT / "draws.toml").read_bytes()))
def test_damaged_draws_toml_through_simulate(data_file, monkeypatch, capsys, data):
    path = _write(data_file, "draws.toml", data)
    monkeypatch.setattr(draws_module, "default_draws_path", lambda: path)
    _clear_caches()
    run(capsys, ["simulate", "--roles", "alien-5", "--players", "5", "--games", "2", "--seed", "1"])


@CLI_FUZZ
@given(data=damage_of((ROOT / "classic.toml").read_bytes()))
def test_damaged_classic_toml_through_roles_and_simulate(data_file, monkeypatch, capsys, data):
    path = _write(data_file, "classic.toml", data)
    monkeypatch.setattr(classic_module, "_path", lambda: path)
    _clear_caches()
    if run(capsys, ["roles", "--ruleset", "classic"]) == 0:
        run(capsys, ["simulate", "--ruleset", "classic", "--players", "8", "--games", "1", "--seed", "2"])


PRESETS = ["base-5", "alien-5", "daybreak-6", "werewolf*2,seer,robber,troublemaker,villager", "vampire-5"]


@CLI_FUZZ
@given(preset=st.sampled_from(PRESETS).flatmap(lambda p: damaged(p.encode())),
       command=st.sampled_from(["roles", "simulate", "narrate", "play"]))
def test_damaged_presets_on_the_command_line(capsys, preset, command):
    deck = preset.decode("utf-8", "replace").replace("\x00", "")
    argv = {"roles": ["narrate", "--print", "--ruleset", "dalbula", "--roles", deck],
            "simulate": ["simulate", "--roles", deck, "--games", "1"],
            "narrate": ["narrate", "--print", "--roles", deck],
            "play": ["--players", "Ann,Bo,Cy,Di,Ed", "--roles", deck]}[command]
    run(capsys, argv)


# -- the player's files ----------------------------------------------------------------------------------

def _real_save(packed: bool) -> bytes:
    from onenight_core import Setup, apply, new_game, pending

    setup = Setup(("Ann", "Bo", "Cy", "Di", "Ed"), ("werewolf", "werewolf", "seer", "robber", "troublemaker",
                                                   "villager", "drunk", "insomniac"))
    saved, g = SavedGame(setup, 7, (), {"stage": "night", "step": 2, "lang": "en"}), new_game(setup, 7)
    for _ in range(4):
        action = pending(g).options[0]
        g, saved = apply(g, action), saved.with_answer(action)
    return (encode(saved) if packed else encode_json(saved, format=1)).encode("utf-8")


SAVES = [_real_save(True), _real_save(False)]


@CLI_FUZZ
@given(data=st.sampled_from(SAVES).flatmap(damaged))
def test_damaged_saves_through_resume(tmp_path, monkeypatch, capsys, data):
    import onenight_tui.commands.play as play

    path = _write(tmp_path, "game.json", data)
    monkeypatch.setattr(play, "save_path", lambda: path)
    assert run(capsys, ["--resume"]) == 2  # a save that resumes still needs a terminal here
    assert path.read_bytes() == data


REAL_SETTINGS = b"""lang = "fr"
players = ["Ann", "Bo", "Cy"]
deck = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"]
day_seconds = 300
action_seconds = 10
speech = true
sound = "wind"
tick = true
theme = "textual-dark"

[rule_options.onuw]
traitor_must_survive = true
"""


@CLI_FUZZ
@given(data=damage_of(REAL_SETTINGS))
def test_damaged_settings_through_narrate(tmp_path, capsys, data):
    from onenight_tui.settings import settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    run(capsys, ["narrate", "--roles", "base-3", "--no-voice", "--action-time", "0", "--export",
                 str(tmp_path / "night.wav")])
    assert path.read_bytes() == data


@CLI_FUZZ
@given(data=damage_of(b'name = "Ann"\nseed = 4\ntokens = 2\npacks = 1\nwins = 0\n'
                      b'[cards]\nwerewolf = 1\nseer = 2\n[stickers]\nseer = 1\n'))
def test_damaged_collections_through_the_store(tmp_path, data):
    check_collection(fresh(tmp_path), data)


SCENARIOS = [(ROOT / "tests" / "reference" / "examples.toml").read_bytes(),
             (ROOT / "tests" / "reference" / "examples-random.toml").read_bytes()]


@CLI_FUZZ
@given(data=st.sampled_from(SCENARIOS).flatmap(damage_of))
def test_damaged_scenario_files_through_replay(tmp_path, capsys, data):
    path = _write(tmp_path, "cases.toml", data)
    run(capsys, ["replay", "--check", str(path)])
    assert path.read_bytes() == data


# -- the parsed caches -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def clean_roles(tmp_path_factory) -> tuple[Path, str]:
    """A cache folder the real catalog, rules and messages were cached in, and what ``roles`` prints."""
    import io
    from contextlib import redirect_stdout

    folder = tmp_path_factory.mktemp("cache")
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(folder))
    _clear_caches()
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["roles"]) == 0
    mp.undo()
    _clear_caches()
    return folder / "onenight", out.getvalue()


@CLI_FUZZ
@given(name=st.sampled_from(["catalog.pickle", "rules.pickle"]), damage=st.data())
def test_a_damaged_cache_is_no_cache(data_file, monkeypatch, capsys, clean_roles, name, damage):
    import shutil

    folder, printed = clean_roles
    cache = data_file / "cache" / "onenight"
    shutil.rmtree(cache, ignore_errors=True)
    shutil.copytree(folder, cache)
    cache.chmod(0o700)
    path = cache / name
    path.write_bytes(damage.draw(damaged(path.read_bytes())))
    _clear_caches()
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["roles"]) == 0
    assert out.getvalue() == printed  # the same catalog as without a cache
    assert "Traceback" not in capsys.readouterr().err
