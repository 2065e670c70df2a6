"""The short sounds of the night, generated (no sample files): a soft tick for the last seconds of a
night step, a chime, and the gong that ends the day before the spoken "3, 2, 1, vote"."""

from __future__ import annotations

import math
from collections.abc import Iterable

from .clip import RATE, Clip

#: The sounds ``tone`` can make.
CUES = ("tick", "chime", "gong")


def tone(kind: str, rate: int = RATE) -> Clip:
    """The ``kind`` sound (see ``CUES``) as a clip."""
    if kind == "tick":  # a short, soft wooden click
        return _partials(((1800, 0.25), (3600, 0.08)), 0.05, 80.0, rate)
    if kind == "chime":  # a bell-like two-note chime
        return _partials(((880, 0.22), (1320, 0.12), (2640, 0.04)), 0.9, 4.5, rate)
    if kind == "gong":  # a low gong for the end of the day
        return _partials(((196, 0.35), (392, 0.15), (588, 0.08), (1020, 0.03)), 1.6, 2.2, rate)
    raise ValueError(f"unknown cue sound {kind!r} ({', '.join(CUES)})")


def _partials(partials: Iterable[tuple[float, float]], seconds: float, decay: float, rate: int) -> Clip:
    n = int(seconds * rate)
    attack = max(1, int(0.004 * rate))
    out = []
    for i in range(n):
        t = i / rate
        envelope = min(1.0, i / attack) * math.exp(-decay * t)
        out.append(envelope * sum(a * math.sin(2 * math.pi * f * t) for f, a in partials))
    return Clip.from_samples(out, rate)
