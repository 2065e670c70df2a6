"""The in-process sound pieces: clips, the mixer (pause, stop, loops, volume), the cue sounds, and the
real device output on a machine without a sound card (one clear error, nothing on the terminal)."""

from __future__ import annotations

import subprocess
import sys
from array import array

import pytest

from onenight_tui.sound.clip import Clip, ClipError, concat, from_wav, silence
from onenight_tui.sound.cues import CUES, tone
from onenight_tui.sound.mixer import Mixer
from onenight_tui.sound.output import CHANNELS, DeviceOutput, NoAudioDevice, RecordingOutput


def ramp(n: int, rate: int = 100) -> Clip:
    return Clip.from_samples(array("h", range(1, n + 1)), rate)


def values(pcm: bytes) -> list[int]:
    return list(array("h", pcm))


def test_clip_wav_round_trip_and_operations():
    clip = ramp(50)
    assert clip.frames == 50 and clip.seconds == 0.5
    assert from_wav(clip.to_wav(), rate=None) == clip
    assert values(clip.resampled(200).pcm)[:4] == [1, 1, 2, 2]
    assert clip.resampled(200).frames == 100
    assert values(clip.sliced(0.8).pcm)[48:53] == [49, 50, 1, 2, 3]  # loops
    assert values(clip.gained(2).pcm)[:3] == [2, 4, 6]
    assert concat([clip, silence(0.1, 100)], 100).frames == 60
    with pytest.raises(ClipError):
        from_wav(b"not a wav")
    with pytest.raises(ValueError):
        Clip(b"\x00")


def test_mixer_sums_channels_and_holds_on_pause():
    mixer = Mixer(rate=100)
    mixer.play("voice", ramp(4))
    mixer.play("ambience", Clip.from_samples(array("h", [10, 20]), 100), loop=True)
    assert values(mixer.read(3)) == [11, 22, 13]
    mixer.paused = True
    assert values(mixer.read(2)) == [0, 0] and mixer.busy("voice")
    mixer.paused = False
    assert values(mixer.read(3)) == [24, 10, 20]  # the voice ended; the loop goes on
    assert not mixer.busy("voice") and mixer.busy("ambience")
    mixer.volume = 0.5
    assert values(mixer.read(2)) == [5, 10]
    mixer.stop()
    assert values(mixer.read(2)) == [0, 0]


def test_mixer_clips_instead_of_wrapping_around():
    mixer = Mixer(rate=100)
    loud = Clip.from_samples(array("h", [30000, -30000]), 100)
    mixer.play("voice", loud)
    mixer.play("cue", loud)
    assert values(mixer.read(2)) == [32767, -32767]


@pytest.mark.parametrize("kind", CUES)
def test_cue_sounds_are_short_audible_and_end_quietly(kind):
    clip = tone(kind)
    assert 0.01 < clip.seconds < 2 and clip.peak() > 2000
    assert abs(clip.samples()[-1]) < 500  # no click at the end


def test_recording_output_logs_in_order_and_refuses_unknown_channels():
    out = RecordingOutput()
    out.play("voice", ramp(10), label="hello")
    out.play("cue", tone("tick"), label="tick")
    assert out.labels == [("voice", "hello"), ("cue", "tick")]
    assert not out.busy("voice")  # instant by default
    with pytest.raises(ValueError):
        out.play("music", ramp(1))
    assert set(CHANNELS) == {"voice", "ambience", "cue"}


def _has_audio_device() -> bool:
    try:
        DeviceOutput().open()
    except NoAudioDevice:
        return False
    return True


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_without_a_sound_card_the_device_fails_with_one_line_and_prints_nothing():
    """Run in a child process, so what libasound writes straight to file descriptor 2 is seen."""
    code = ("from onenight_tui.sound.output import DeviceOutput, NoAudioDevice\n"
            "try:\n    DeviceOutput().open()\n    print('OPENED')\n"
            "except NoAudioDevice as exc:\n    print('NO DEVICE:', exc)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    if done.stdout.startswith("OPENED"):
        pytest.skip("this machine has an audio device")
    assert done.stdout.strip() == ("NO DEVICE: No audio device found: the night is shown as text only, "
                                   "with its timers.")
    assert done.stderr == ""  # nothing would be drawn over the app's screen


def test_the_real_playback_thread_pulls_the_mixer_and_pause_holds_it():
    """miniaudio's own thread on its silent "null" device: the same code as a sound card, no card."""
    miniaudio = pytest.importorskip("miniaudio")
    import time

    out = DeviceOutput(backends=[miniaudio.Backend.NULL])
    try:
        out.open()
    except NoAudioDevice:
        pytest.skip("miniaudio's null device is not available")
    try:
        out.play("voice", silence(0.3), label="short")
        out.pause()
        time.sleep(0.5)
        assert out.busy("voice")  # held while paused
        out.resume()
        end = time.monotonic() + 5
        while out.busy("voice") and time.monotonic() < end:
            time.sleep(0.02)
        assert not out.busy("voice")  # pulled by the device thread
        out.play("ambience", silence(0.2), loop=True)
        time.sleep(0.3)
        assert out.busy("ambience")  # a loop goes on
        out.stop()
        assert not out.busy("ambience")
    finally:
        out.close()
