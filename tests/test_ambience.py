"""The narrator's background sound: generated offline, looped in-process on the output's background
channel, silence (with one notice) when the machine has no audio device."""

from __future__ import annotations

import io
import wave
from array import array

import pytest

import onenight_tui.sound.output as output_module
from onenight_tui.ambience import SOUNDS, Ambience, render
from onenight_tui.sound.output import NO_DEVICE, NoAudioDevice, Played, RecordingOutput



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


def test_loops_on_its_channel_under_the_voice_and_stops():
    out = RecordingOutput(instant=False)
    ambience = Ambience("wind", out)
    clip = ambience.prepare()
    assert clip is not None and clip.rate == 22050 and 19.9 < clip.seconds < 20.1
    ambience.start()
    assert ambience.playing and out.played == [Played("ambience", "wind", clip.seconds, True)]
    sound = out.advance(45)  # longer than the loop: it starts over
    assert any(sound[-22050 * 2:]) and out.busy("ambience")
    ambience.stop()
    assert not ambience.playing and not out.busy("ambience")
    assert not any(out.advance(1))


def test_no_device_means_silence_and_one_notice(monkeypatch):
    def no_device():
        raise NoAudioDevice(NO_DEVICE)

    monkeypatch.setattr(output_module, "shared_output", no_device)
    ambience = Ambience.auto("crickets")
    assert ambience.prepare() is None
    ambience.start()  # harmless
    assert not ambience.playing and not ambience.available
    assert ambience.take_notice() == NO_DEVICE  # the speaker's words: the narrator shows it once
    assert ambience.take_notice() is None
    assert Ambience.auto("none").take_notice() is None
