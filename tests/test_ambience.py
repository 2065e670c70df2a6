"""The narrator's background sound: generated offline, looped by a player child process, silence
(with one notice) when the machine cannot play it."""

from __future__ import annotations

import io
import wave
from array import array

import pytest

from onenight_tui.ambience import SOUNDS, Ambience, find_player, render
from fake_processes import FakePopen, which_of



@pytest.mark.parametrize("kind", ["wind", "crickets"])
def test_render_is_a_soft_mono_wav_that_fades_in_and_out(kind):
    data = render(kind, seconds=2.0, rate=8000)
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()) == (1, 2, 8000, 16000)
        samples = array("h", w.readframes(w.getnframes()))
    peak = max(abs(s) for s in samples)
    assert 0 < peak < 32767 // 2  # audible, never loud
    assert samples[0] == 0 and samples[-1] == 0  # loops without a click
    assert render(kind, seconds=2.0, rate=8000) == data  # the same sound every time


def test_render_refuses_silence_and_unknown_sounds():
    assert SOUNDS[0] == "none"
    for kind in ("none", "bell"):
        with pytest.raises(ValueError):
            render(kind)


@pytest.mark.parametrize("system, programs, expected", [
    ("Linux", ("aplay", "paplay"), "paplay"),
    ("Linux", ("aplay",), "aplay"),
    ("Linux", ("play",), "play"),
    ("Darwin", ("afplay", "aplay"), "afplay"),
    ("Windows", ("powershell",), "powershell"),
    ("Linux", (), None),
])
def test_player_choice(system, programs, expected):
    player = find_player(which_of(*programs), system)
    assert (player[0] if player else None) == expected


def test_loops_and_stops(tmp_path):
    popen = FakePopen()
    ambience = Ambience("wind", ("aplay", ["/usr/bin/aplay", "-q"]), popen=popen, cache_dir=tmp_path)
    path = ambience.prepare()
    assert path.read_bytes()[:4] == b"RIFF"
    ambience.start()
    assert popen.started[0].argv == ["/usr/bin/aplay", "-q", str(path)]
    ambience.keep_playing()
    assert len(popen.started) == 1  # still playing
    popen.started[0].finish()
    ambience.keep_playing()
    assert len(popen.started) == 2  # next pass of the loop
    ambience.stop()
    assert popen.started[1].terminated and not ambience.playing
    assert ambience.take_notice() is None


def test_a_failing_player_means_silence_and_one_notice(tmp_path):
    popen = FakePopen()
    ambience = Ambience("crickets", ("aplay", ["/usr/bin/aplay"]), popen=popen, cache_dir=tmp_path)
    ambience.prepare()
    ambience.start()
    popen.started[0].returncode = 1  # e.g. no sound card
    ambience.keep_playing()
    assert not ambience.playing and not ambience.available
    assert "could not play (aplay exited with status 1)" in ambience.take_notice()
    assert ambience.take_notice() is None


def test_no_player_means_silence_and_one_notice():
    ambience = Ambience.auto("wind", which=which_of(), system="Linux")
    assert not ambience.available
    assert "No sound player found" in ambience.take_notice()
    assert ambience.take_notice() is None
    assert Ambience.auto("none").take_notice() is None
