"""The speech back-ends, chosen and driven without a sound card.

Selection is driven by a fake ``shutil.which`` and platform name; speaking by a fake ``Popen`` that records
the command line. Where espeak-ng is installed, a line is really spoken into a WAV file and the file is
checked; elsewhere that test is skipped."""

from __future__ import annotations

import base64
import shutil
import subprocess
import wave

import pytest

from onenight_tui.speech import (Espeak, MacSay, Speaker, SpeechError, WindowsVoice, find_backend)
from fake_processes import FakePopen, which_of


def no_run(*args, **kwargs):
    raise OSError("no such program")


def ran(stdout: str, code: int = 0):
    """A fake ``subprocess.run`` that answers every query with ``stdout``."""
    calls = []

    def run(argv, **kwargs):
        calls.append(argv)
        return subprocess.CompletedProcess(argv, code, stdout=stdout, stderr="")

    run.calls = calls
    return run


# -- choosing a back-end ------------------------------------------------------------------------------

@pytest.mark.parametrize("system, programs, expected", [
    ("Linux", ("espeak-ng", "espeak"), "espeak-ng"),
    ("Linux", ("espeak",), "espeak"),
    ("Linux", ("say", "powershell"), None),          # neither is a Linux voice
    ("Darwin", ("say", "espeak-ng"), "say"),
    ("Darwin", ("espeak-ng",), "espeak-ng"),
    ("Windows", ("powershell", "espeak-ng"), "windows"),
    ("Windows", ("espeak",), "espeak"),
    ("FreeBSD", ("espeak-ng",), "espeak-ng"),
    ("Linux", (), None),
])
def test_backend_choice(system, programs, expected):
    backend = find_backend(which_of(*programs), system, run=no_run)
    assert (backend.name if backend else None) == expected


def test_auto_speaker_names_its_backend():
    speaker = Speaker.auto(which=which_of("say"), system="Darwin", run=ran("Alex  en_US  # Hello\n"))
    assert speaker.name == "say" and speaker.available
    assert Speaker.auto(which=which_of(), system="Linux").name == "none"


# -- speaking -----------------------------------------------------------------------------------------

def test_say_starts_a_child_process_and_returns_at_once():
    popen = FakePopen()
    speaker = Speaker.auto(lang="en", which=which_of("espeak-ng"), system="Linux", popen=popen,
                           run=ran("Pty Language\n 2  en  --/M  English  gmw/en\n"))
    assert speaker.say("Seer, wake up.") is True
    assert speaker.speaking
    (process,) = popen.started
    assert process.argv == ["/usr/bin/espeak-ng", "-v", "en-us", "-s", "150", "--", "Seer, wake up."]
    # Its output never reaches the terminal the app draws on.
    assert popen.kwargs[0]["stdout"] is subprocess.DEVNULL and popen.kwargs[0]["stderr"] is subprocess.DEVNULL
    process.finish()
    assert not speaker.speaking


def test_a_new_line_interrupts_the_previous_one_and_stop_silences():
    popen = FakePopen()
    speaker = Speaker(Espeak("/usr/bin/espeak-ng", "espeak-ng", run=no_run), popen=popen)
    speaker.say("one")
    speaker.say("two")
    first, second = popen.started
    assert first.terminated and not second.terminated
    speaker.stop()
    assert second.terminated and not speaker.speaking


def test_korean_uses_the_korean_espeak_voice():
    popen = FakePopen()
    run = ran("Pty Language       Age/Gender VoiceName\n 5  ko   --/M  Korean  ko\n")
    speaker = Speaker(Espeak("/usr/bin/espeak-ng", "espeak-ng", run=run), lang="ko", popen=popen)
    assert speaker.available
    speaker.say("모두 눈을 뜨세요!")
    assert popen.started[0].argv[1:3] == ["-v", "ko"]
    assert run.calls == [["/usr/bin/espeak-ng", "--voices=ko"]]


def test_no_korean_voice_means_text_only_with_one_notice():
    popen = FakePopen()
    def run(argv, **kwargs):  # an English voice, and for Korean only the table's header
        out = "Pty Language  Age/Gender VoiceName  File\n"
        if argv[-1] == "--voices=en":
            out += " 2  en  --/M  English  gmw/en\n"
        return subprocess.CompletedProcess(argv, 0, stdout=out, stderr="")

    speaker = Speaker(Espeak("/usr/bin/espeak", "espeak", run=run), lang="ko", popen=popen)
    assert not speaker.available
    assert speaker.say("모두 눈을 뜨세요!") is False and popen.started == []
    assert speaker.take_notice() == "espeak has no Korean voice; the night is shown as text only."
    assert speaker.take_notice() is None
    speaker.lang = "en"
    assert speaker.available


def test_no_engine_reports_once_and_continues():
    speaker = Speaker.auto(which=which_of(), system="Linux")
    assert not speaker.available
    assert speaker.say("Seer, wake up.") is False
    speaker.stop()  # harmless
    assert "No text-to-speech engine found" in speaker.take_notice()
    assert speaker.take_notice() is None
    with pytest.raises(SpeechError):
        speaker.write_wav("hello", "/nonexistent/x.wav")


def test_switched_off_speaker_is_silent_without_notices():
    popen = FakePopen()
    speaker = Speaker(Espeak("/usr/bin/espeak-ng", "espeak-ng", run=no_run), enabled=False, popen=popen)
    assert not speaker.available and speaker.say("x") is False and popen.started == []
    assert speaker.take_notice() is None
    speaker.enabled = True
    assert speaker.say("x") is True


def test_engine_that_fails_to_start_disables_speech_with_a_notice():
    def broken(argv, **kwargs):
        raise FileNotFoundError(2, "No such file or directory")

    speaker = Speaker(Espeak("/gone/espeak-ng", "espeak-ng", run=no_run), popen=broken)
    assert speaker.say("Seer, wake up.") is False
    assert not speaker.available
    assert speaker.take_notice().startswith("Could not start espeak-ng")


def test_text_is_never_read_as_an_option():
    popen = FakePopen()
    speaker = Speaker(MacSay("/usr/bin/say", run=ran("Alex  en_US  # Hi\n")), popen=popen)
    speaker.say("-v evil")
    assert popen.started[0].argv[-1] == " -v evil"


def test_mac_voice_for_korean_is_found_in_the_voice_list():
    listing = ("Alex                en_US    # Most people recognize me by my voice.\n"
               "Yuna                ko_KR    # 안녕하세요. 제 이름은 유나입니다.\n"
               "Eddy (English (UK)) en_GB    # Hello! My name is Eddy.\n")
    say = MacSay("/usr/bin/say", run=ran(listing))
    assert say.voice("ko") == "Yuna"
    assert say.voice("en") == "Alex"
    assert say.voice("fr") is None
    assert say.speak_command("안녕", "ko") == ["/usr/bin/say", "-v", "Yuna", "안녕"]
    assert say.wav_command("hi", "en", "/tmp/x.wav")[3:6] == ["-o", "/tmp/x.wav", "--file-format=WAVE"]


def test_windows_voice_script():
    voices = ran("en-US|Microsoft Zira Desktop\nko-KR|Microsoft Heami Desktop\n")
    win = WindowsVoice("C:/powershell.exe", run=voices)
    argv = win.speak_command("It's night", "ko")
    assert argv[:4] == ["C:/powershell.exe", "-NoProfile", "-NonInteractive", "-EncodedCommand"]
    script = base64.b64decode(argv[4]).decode("utf-16-le")
    assert "System.Speech" in script
    assert "$s.SelectVoice('Microsoft Heami Desktop')" in script
    assert "$s.Speak('It''s night')" in script  # quotes doubled: the text cannot end the string
    wav = base64.b64decode(win.wav_command("x", "en", "C:/t/x.wav")[4]).decode("utf-16-le")
    assert "SetOutputToWaveFile('C:/t/x.wav')" in wav


def test_write_wav_reports_engine_failure(tmp_path):
    speaker = Speaker(Espeak("/usr/bin/espeak-ng", "espeak-ng", run=no_run), run=ran("", code=1))
    with pytest.raises(SpeechError, match="could not write"):
        speaker.write_wav("hello", tmp_path / "x.wav")


# -- the real engine, where the machine has it ------------------------------------------------------

@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("lang, text", [("en", "Seer, wake up."), ("ko", "모두 눈을 뜨세요!")])
def test_espeak_ng_writes_a_wav_file(tmp_path, lang, text):
    speaker = Speaker.auto(lang=lang)
    assert speaker.name == "espeak-ng" and speaker.available
    path = speaker.write_wav(text, tmp_path / f"{lang}.wav")
    data = path.read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    with wave.open(str(path)) as w:
        assert w.getnframes() > w.getframerate() // 4  # at least a quarter of a second of speech
