"""Sound for the narrated night, in-process: a bundled voice, a mixer, and an audio output.

* ``clip``: a piece of mono 16-bit sound (``Clip``) and the few operations the night needs on it.
* ``espeak``: speech from the espeak-ng library bundled by the ``espeakng-loader`` wheel (no program to
  install); ``platform_voice``: the optional better voices of the player's system (macOS ``say``,
  Windows voices, a Piper model), which are the only child processes left.
* ``cues``: the short generated sounds (tick, chime, gong).
* ``mixer``: plays several clips at once (voice, background, cues) with pause, stop and volume.
* ``output``: the audio device behind an interface (``AudioOutput``): miniaudio for real, a recorder for
  tests, and one clear notice when the machine has no device.
* ``export``: the whole night as one WAV file.

Nothing here is imported on the way to the first screen: the speech engine and the device are loaded on
first use."""
