"""The voice: the bundled espeak-ng speaks every language in-process, into a recording audio output.

No test needs a sound card or any program: speech goes through the library inside the
``espeakng-loader`` wheel (the tests prove that no child process is started and that the library comes
from the wheel, even where an espeak-ng program is installed), and playback goes to ``RecordingOutput``.
The optional platform voices are driven by a fake ``subprocess.run``."""

from __future__ import annotations

import base64
import subprocess
from pathlib import Path

import pytest

import onenight_tui.sound.output as output_module
from onenight_tui.sound.clip import from_wav
from onenight_tui.sound.espeak import VOICES, bundled
from onenight_tui.sound.output import NO_DEVICE, NoAudioDevice, RecordingOutput
from onenight_tui.sound.platform_voice import (MacSay, PiperVoice, VoiceModelError, WindowsVoice, piper_voice,
                                               system_voice)
from onenight_tui.speech import countdown, Speaker, SpeechError, spoken_lang

LINES = {"en": "Seer, wake up. You may look at another player's card.",
         "ko": "예언자는 눈을 뜨세요. 다른 플레이어의 카드를 볼 수 있습니다.",
         "zh": "预言家请睁眼。你可以查看另一名玩家的牌。",
         "fr": "Voyante, réveille-toi. Tu peux regarder la carte d'un autre joueur."}


@pytest.fixture
def no_programs(monkeypatch):
    """Any attempt to start a program fails the test: the bundled voice must not need one."""
    def refuse(*args, **kwargs):
        raise AssertionError(f"a child process was started: {args[:1]}")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    monkeypatch.setattr(subprocess, "run", refuse)


def speaker(**options) -> Speaker:
    return Speaker(output=RecordingOutput(), **options)


# -- the bundled engine -------------------------------------------------------------------------------

def test_the_library_is_the_one_in_the_wheel(no_programs):
    import espeakng_loader

    engine = bundled()
    engine.load()
    wheel = Path(espeakng_loader.__file__).parent
    assert engine.library is not None and engine.library.parent == wheel
    assert engine.data is not None and engine.data.parent == wheel


@pytest.mark.parametrize("lang", sorted(LINES))
def test_every_language_is_spoken_with_its_own_voice(no_programs, lang):
    clip = bundled().synthesize(LINES[lang], lang)
    assert clip.rate == 22050
    assert 1.0 < clip.seconds < 15.0  # a sentence, not a beep and not a hang
    assert clip.peak() > 3000 and clip.rms() > 300  # speech, not silence
    # The language's voice, not English reading the letters: another voice gives other sound.
    other = "ko" if lang != "ko" else "en"
    assert bundled().synthesize(LINES[lang], other).pcm != clip.pcm


def test_the_rate_changes_the_length(no_programs):
    # (espeak-ng keeps a little state from line to line, so the same line is not byte-identical twice in
    # one process; a fresh process reading the same lines is: see the export tests.)
    slow = bundled().synthesize(LINES["en"], "en", rate=120)
    fast = bundled().synthesize(LINES["en"], "en", rate=260)
    assert fast.seconds < slow.seconds * 0.75


def test_the_bundled_voice_speaks_the_four_languages_only():
    assert set(VOICES) == {"en", "ko", "zh", "fr"}
    assert not bundled().speaks("de")


# -- the speaker --------------------------------------------------------------------------------------

def test_say_plays_the_line_on_the_voice_channel_and_returns_at_once(no_programs):
    out = RecordingOutput(instant=False)
    s = Speaker(output=out, lang="ko")
    assert s.available and s.name == "espeak-ng"
    assert s.say("  모두   눈을 뜨세요!  ") is True
    assert s.speaking
    assert out.labels == [("voice", "모두 눈을 뜨세요!")]
    out.advance(out.played[0].seconds + 0.01)
    assert not s.speaking


def test_an_untranslated_line_is_spoken_in_english(monkeypatch):
    assert spoken_lang("모두 눈을 뜨세요!", "ko") == "ko"
    assert spoken_lang("Seer, wake up.", "ko") == "en"
    assert spoken_lang("预言家请睁眼。", "zh") == "zh"
    assert spoken_lang("Seer, wake up.", "zh") == "en"
    assert spoken_lang("3, 2, 1!", "ko") == "ko"  # nothing to tell by
    assert spoken_lang("Voyante, réveille-toi.", "fr") == "fr"
    engine = bundled()
    langs = []
    real = engine.synthesize

    def spy(text, lang="en", **options):
        langs.append(lang)
        return real(text, lang, **options)

    monkeypatch.setattr(engine, "synthesize", spy)
    s = Speaker(output=RecordingOutput(), lang="ko")
    s.say("Seer, wake up.")
    s.say("모두 눈을 뜨세요!")
    assert langs == ["en", "ko"]


def test_a_new_line_interrupts_the_previous_one_and_stop_silences():
    out = RecordingOutput(instant=False)
    s = Speaker(output=out)
    s.say("one")
    s.say("two")
    assert out.labels == [("voice", "one"), ("voice", "two")]
    sound = out.advance(0.2)
    assert any(sound)  # "two" is heard
    s.stop()
    assert not s.speaking and not any(out.advance(0.2))


def test_pause_holds_the_line_and_resume_continues_where_it_was():
    out = RecordingOutput(instant=False)
    s = Speaker(output=out)
    s.say(LINES["en"])
    first = out.advance(0.5)
    s.pause()
    assert not any(out.advance(1.0))  # silence while paused, and the line is not lost
    assert s.speaking
    s.resume()
    rest = out.advance(30)
    full = out.played[0].clip.pcm
    assert first + rest[:len(full) - len(first)] == full


def test_volume_is_the_output_volume_and_is_clamped():
    out = RecordingOutput()
    s = Speaker(output=out, volume=0.5)
    s.say("x")  # opens nothing new: the output was handed over
    assert s.volume == 0.5 and out.volume == 0.5
    s.volume = 3
    assert out.volume == 1.0


def test_switched_off_speaker_is_silent_without_notices():
    out = RecordingOutput()
    s = Speaker(output=out, enabled=False)
    assert not s.available and s.say("x") is False and s.cue("day_end") is False
    assert out.played == [] and s.take_notice() is None
    s.enabled = True
    assert s.say("x") is True


def test_a_language_without_a_voice_means_text_only_with_one_notice():
    s = speaker(lang="de")
    assert not s.available and s.say("Hallo") is False
    assert s.take_notice() == "No de voice: the night is shown as text only."
    assert s.take_notice() is None
    s.lang = "fr"
    assert s.available and s.say("Bonjour") is True


def test_no_audio_device_means_one_notice_and_no_crash(monkeypatch):
    def no_device():
        raise NoAudioDevice(NO_DEVICE)

    monkeypatch.setattr(output_module, "shared_output", no_device)
    s = Speaker()
    assert s.available  # not known before the device is tried
    assert s.say("Seer, wake up.") is False
    assert not s.available and not s.speaking
    s.stop(), s.pause(), s.resume()  # harmless
    assert s.take_notice() == NO_DEVICE
    assert s.take_notice() is None
    assert s.cue("day_end") is False


def test_day_end_cue_is_a_gong_then_the_countdown_in_the_language():
    out = RecordingOutput()
    s = Speaker(output=out, lang="ko")
    assert s.cue("day_end")
    assert out.labels == [("voice", f"gong + {countdown('ko')}")]
    gong_and_words = out.played[0].seconds
    assert gong_and_words > 1.6 + bundled().synthesize(countdown("ko"), "ko").seconds
    s.cue("tick")
    s.cue("chime")
    assert out.labels[1:] == [("cue", "tick"), ("cue", "chime")]
    with pytest.raises(ValueError):
        s.cue("fanfare")


def test_write_wav_is_a_valid_file_with_speech(tmp_path, no_programs):
    path = speaker(lang="zh").write_wav(LINES["zh"], tmp_path / "zh.wav")
    clip = from_wav(path.read_bytes())
    assert clip.seconds > 1.0 and clip.peak() > 3000
    with pytest.raises(SpeechError, match="could not write"):
        speaker().write_wav("hello", tmp_path / "missing" / "x.wav")


# -- the optional platform voices ---------------------------------------------------------------------

def ran(stdout: str = "", code: int = 0, wav: bytes | None = None):
    """A fake ``subprocess.run``: answers queries with ``stdout``; writes ``wav`` where asked to."""
    calls = []

    def run(argv, **kwargs):
        calls.append((argv, kwargs.get("input")))
        if wav is not None:
            for flag in ("-o", "--output_file"):
                if flag in argv:
                    Path(argv[argv.index(flag) + 1]).write_bytes(wav)
        return subprocess.CompletedProcess(argv, code, stdout=stdout, stderr="")

    run.calls = calls
    return run


def test_system_voice_is_offered_on_macos_and_windows_only():
    which = lambda name: f"/usr/bin/{name}"  # noqa: E731
    assert isinstance(system_voice(which, "Darwin", ran()), MacSay)
    assert isinstance(system_voice(which, "Windows", ran()), WindowsVoice)
    assert system_voice(which, "Linux", ran()) is None


def test_mac_say_renders_to_a_wav_that_is_played_in_process():
    listing = ("Alex                en_US    # Most people recognize me by my voice.\n"
               "Yuna                ko_KR    # 안녕하세요. 제 이름은 유나입니다.\n")
    wav = bundled().synthesize("hello", "en").to_wav()
    run = ran(listing, wav=wav)
    out = RecordingOutput()
    s = Speaker(MacSay("/usr/bin/say", run), output=out, lang="ko", rate=180)
    assert s.name == "macOS say" and s.say("-v 모두")
    s.settle()  # the platform voice renders in a worker thread
    argv, _ = run.calls[-1]
    assert argv[:5] == ["/usr/bin/say", "-v", "Yuna", "-r", "180"]
    assert argv[-2:] == ["--", "-v 모두"]  # the text is never read as an option
    assert out.labels == [("voice", "-v 모두")]


def test_a_failing_platform_voice_falls_back_to_the_bundled_one():
    out = RecordingOutput()
    s = Speaker(MacSay("/usr/bin/say", ran("Alex  en_US  # hi\n", code=1)), output=out)
    assert s.say("Seer, wake up.") is True
    s.settle()
    assert out.played[0].seconds > 0.5 and s.available
    fr = Speaker(MacSay("/usr/bin/say", ran("Alex  en_US  # hi\n")), output=out, lang="fr")
    assert fr.available and fr.say("Bonjour")  # say has no French voice: the bundled one speaks


def test_a_platform_voice_renders_off_the_ui_thread_and_a_newer_line_wins():
    import threading

    release = threading.Event()
    wav = bundled().synthesize("hello", "en").to_wav()
    inner = ran("Alex  en_US  # hi\n", wav=wav)

    def slow(argv, **kwargs):
        if "-o" in argv and kwargs.get("input") is None and argv[-1] == "first":
            release.wait(5)
        return inner(argv, **kwargs)

    out = RecordingOutput(instant=False)
    s = Speaker(MacSay("/usr/bin/say", slow), output=out)
    s.say("first")
    assert s.speaking and out.played == []  # returned at once, still rendering
    first = s._worker
    s.say("second")
    s.settle()
    release.set()
    first.join(5)
    assert out.labels == [("voice", "second")]  # the stale first line is never played
    s.stop()
    assert not s.speaking


def test_auto_uses_the_remembered_speed_and_volume():
    from onenight_tui.settings import Settings, store_settings

    store_settings(Settings(voice_rate=220, volume=40))
    s = Speaker.auto(output=RecordingOutput())
    assert s.rate == 220 and s.volume == 0.4
    assert Speaker.auto(output=RecordingOutput(), rate=150, volume=1.0).rate == 150


def test_windows_voice_script():
    win = WindowsVoice("C:/powershell.exe", ran("en-US|Microsoft Zira Desktop\nko-KR|Microsoft Heami Desktop\n"))
    argv, stdin = win.command("It's night", "ko", 200, Path("C:/t/x.wav"))
    assert argv[:4] == ["C:/powershell.exe", "-NoProfile", "-NonInteractive", "-EncodedCommand"]
    script = base64.b64decode(argv[4]).decode("utf-16-le")
    assert "$s.SelectVoice('Microsoft Heami Desktop')" in script
    assert "$s.Speak('It''s night')" in script  # quotes doubled: the text cannot end the string
    assert "SetOutputToWaveFile('C:/t/x.wav')" in script and "$s.Rate = 2" in script
    assert stdin is None


def test_piper_model(tmp_path):
    model = tmp_path / "ko_KR-voice.onnx"
    with pytest.raises(VoiceModelError, match="no voice model"):
        piper_voice(model, which=lambda n: "/usr/bin/piper")
    model.write_bytes(b"onnx")
    (tmp_path / "ko_KR-voice.onnx.json").write_text('{"language": {"code": "ko_KR"}}')
    with pytest.raises(VoiceModelError, match="piper-tts"):
        piper_voice(model, which=lambda n: None)
    run = ran(wav=bundled().synthesize("안녕", "ko").to_wav())
    voice = piper_voice(model, which=lambda n: "/usr/bin/piper", run=run)
    assert isinstance(voice, PiperVoice) and voice.speaks("ko") and not voice.speaks("en")
    clip = voice.synthesize("모두 눈을 뜨세요!", "ko", rate=160)
    (argv, stdin), = run.calls
    assert argv[:3] == ["/usr/bin/piper", "--model", str(model)] and stdin == "모두 눈을 뜨세요!"
    assert clip.seconds > 0.2
