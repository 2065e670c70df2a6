"""Saved games: set-up + seed + answers, written atomically, replayed on resume; bad saves fail with
one clear SaveError line."""

from __future__ import annotations

import os
import random

import pytest

from onenight_core import Action, Setup, apply, new_game, pending
from onenight_core.errors import SaveError
from onenight_core.play.saves import (SavedGame, decode, delete_save, encode, read_save, replay,
                                 write_save)

SETUP = Setup(("Ann", "Bo", "Cy", "Di"), ("werewolf", "werewolf", "seer", "robber", "troublemaker",
                                          "drunk", "villager"))


def played(seed: int, answers: int | None = None) -> tuple[SavedGame, object]:
    """A game answered with seeded random legal answers, and its save."""
    rng = random.Random(seed)
    g = new_game(SETUP, seed)
    saved = SavedGame(SETUP, seed)
    while (p := pending(g)) is not None and (answers is None or len(saved.answers) < answers):
        action = rng.choice(p.options)
        g = apply(g, action)
        saved = saved.with_answer(action)
    return saved, g


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_save_replays_to_the_same_game(seed):
    saved, g = played(seed)
    assert g.phase == "over"
    again = replay(decode(encode(saved)))
    assert again == g
    assert again.outcome == g.outcome
    assert again.events == g.events


def test_a_save_of_a_game_under_way_continues_where_it_stopped():
    saved, g = played(3, answers=2)
    resumed = replay(decode(encode(saved)))
    assert resumed == g
    assert pending(resumed) == pending(g)


def test_meta_round_trips_and_rejects_non_scalars():
    saved = SavedGame(SETUP, 5).with_meta(stage="night", step=3, day_left=120.5, paused=False)
    back = decode(encode(saved))
    assert back == saved
    assert back.get("stage") == "night" and back.get("step") == 3 and back.get("day_left") == 120.5
    assert back.get("missing", "x") == "x"
    with pytest.raises(TypeError):
        saved.with_meta(step=[1, 2])


def test_answers_keep_targets_and_values():
    saved = SavedGame(SETUP, 1, (Action("look", ("c0", "c2")), Action("rotate", (), "left"), Action("pass")))
    assert decode(encode(saved)).answers == saved.answers


@pytest.mark.parametrize("text,message", [
    ("", "no 'onenight-save' header"),
    ("onenight-save 2\n!!!", "damaged"),
    ("onenight-save 7\nabc", "format 7"),
    ("{not json", "not valid JSON"),
    ('{"format": 1, "meta": NaN}', "not valid JSON"),
    ('{"format": 1, "meta": {"day_left": Infinity}}', "not valid JSON"),
    ('{"format": 1, "meta": {"day_left": 1e999}}', "not valid JSON"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ('{"format": "1"}', "format '1'"),
    ("[1, 2]", "not a JSON object"),
    ('{"format": 99}', "format 99"),
    ('{"format": 1}', "no set-up"),
    ('{"format": 1, "setup": {"players": ["A", "B", "C"], "deck": "werewolf"}, "seed": 1}', "lists"),
    ('{"format": 1, "setup": {"players": ["A", "A", "C"], "deck": []}, "seed": 1}', "different"),
    ('{"format": 1, "setup": {"players": ["A", "B", "C"], "deck": []}, "seed": "x"}', "seed"),
    ('{"format": 1, "setup": {"players": ["A", "B", "C"], "deck": []}, "seed": 1, "answers": [["look"]]}',
     "answer 1"),
    ('{"format": 1, "setup": {"players": ["A", "B", "C"], "deck": []}, "seed": 1, "meta": {"a": [1]}}',
     "meta"),
])
def test_a_malformed_save_is_one_clear_error(text, message):
    with pytest.raises(SaveError) as err:
        decode(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_a_save_whose_answers_no_longer_fit_fails_to_replay():
    saved, _ = played(2, answers=1)
    bad = SavedGame(saved.setup, saved.seed, (Action("swap", ("p0", "p9")),))
    with pytest.raises(SaveError, match="answer 1"):
        replay(bad)


def test_a_save_whose_deck_is_unplayable_fails_to_replay():
    bad = SavedGame(Setup(("A", "B", "C"), ("werewolf",) * 5), 1)
    with pytest.raises(SaveError, match="cannot be set up"):
        replay(bad)


def test_write_is_atomic_and_read_back(tmp_path):
    path = tmp_path / "sub" / "game.json"
    first, _ = played(4, answers=1)
    write_save(path, first)
    second, _ = played(4, answers=3)
    write_save(path, second)
    assert read_save(path) == second
    assert os.listdir(path.parent) == ["game.json"]  # no temporary file left behind


def test_a_failed_write_keeps_the_previous_save(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    first, _ = played(4, answers=1)
    write_save(path, first)

    def broken(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    second, _ = played(4, answers=3)
    with pytest.raises(OSError):
        write_save(path, second)
    assert read_save(path) == first
    assert os.listdir(tmp_path) == ["game.json"]


def test_reading_a_missing_or_unreadable_save(tmp_path):
    with pytest.raises(SaveError, match="no saved game"):
        read_save(tmp_path / "none.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError):
        read_save(tmp_path / "bin.json")
    delete_save(tmp_path / "none.json")  # deleting nothing is fine


# -- secrecy and bad files (issue 10) ------------------------------------------------------------------

def test_a_save_is_not_readable_at_a_glance(tmp_path):
    """No role name, player name or answer appears in the file; it still round-trips."""
    saved, _ = played(5)
    saved = saved.with_meta(stage="day", lang="en")
    path = tmp_path / "game.json"
    write_save(path, saved)
    text = path.read_text(encoding="ascii")
    assert text.startswith("onenight-save 2\n")
    for word in set(SETUP.deck) | set(SETUP.players) | {a.verb for a in saved.answers} | {"stage", "day"}:
        assert word not in text, word
    assert read_save(path) == saved


def test_a_save_is_private_to_its_owner(tmp_path):
    if os.name != "posix":
        pytest.skip("file modes are POSIX")
    path = tmp_path / "game.json"
    write_save(path, played(1, answers=1)[0])
    assert path.stat().st_mode & 0o777 == 0o600


def test_an_old_plain_save_still_loads(tmp_path):
    from onenight_core.play.saves import encode_json

    saved = played(6, answers=2)[0].with_meta(stage="night", step=2)
    path = tmp_path / "game.json"
    path.write_text(encode_json(saved, format=1), encoding="utf-8")
    assert read_save(path) == saved


@pytest.mark.parametrize("meta", ['{"day_left": NaN}', '{"step": -Infinity}', '{"x": {"y": 1}}'])
def test_meta_with_nan_infinity_or_tables_is_one_line_naming_the_file(tmp_path, meta):
    path = tmp_path / "game.json"
    path.write_text('{"format": 1, "setup": {"players": ["A", "B", "C"], "deck": ["werewolf", "werewolf", '
                    '"seer", "robber", "troublemaker", "villager"]}, "seed": 1, "meta": ' + meta + '}')
    with pytest.raises(SaveError) as err:
        read_save(path)
    assert str(path) in str(err.value) and "\n" not in str(err.value)


def test_meta_of_the_wrong_type_reads_as_the_default():
    saved = SavedGame(SETUP, 1, (), {"step": "three", "deal": True, "day_left": 12, "stage": 4})
    assert saved.get("step", 0, int) == 0
    assert saved.get("deal", 0, int) == 0  # a bool is not a seat number
    assert saved.get("day_left", None, float) == 12.0
    assert saved.get("stage", "deal", str) == "deal"
    with pytest.raises(TypeError):
        saved.with_meta(day_left=float("nan"))


def test_a_save_that_is_not_a_regular_file_or_is_huge_is_refused(tmp_path):
    with pytest.raises(SaveError, match="directory"):
        read_save(tmp_path)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (2 * 1024 * 1024))
    with pytest.raises(SaveError, match="too large"):
        read_save(big)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        with pytest.raises(SaveError, match="not a regular file"):
            read_save(fifo)  # must not hang waiting for a writer
    if os.path.exists("/dev/zero"):
        with pytest.raises(SaveError, match="not a regular file"):
            read_save("/dev/zero")


def test_a_zip_bomb_save_is_refused():
    import base64
    import zlib

    packed = base64.encodebytes(zlib.compress(b"{" + b" " * (3 * 1024 * 1024) + b"}")).decode()
    with pytest.raises(SaveError, match="too large"):
        decode("onenight-save 2\n" + packed)
